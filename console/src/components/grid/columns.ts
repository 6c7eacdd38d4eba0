// A list column described once (what it shows, how it sorts and filters) and turned into an AG Grid column:
// the cell format follows the kind, numbers are right-aligned, and the filter row gets the matching filter.
import type { ColDef } from 'ag-grid-community';
import type { FieldDef } from '../../../../db/resources/engine';
import { formatCell, textOf, type CellKind } from './cellFormat';
import {
  ListColumnFilter,
  ListFloatingFilter,
  type FilterKindOption,
  type FloatingFilterParams,
} from './filters';
import { isLinkClick, LinkCell, type CellLink, type LinkCellParams } from './LinkCell';

export type { CellLink } from './LinkCell';

export interface GridColumn {
  /** Wire name: the row's property, and the name sent in sorts and filters. */
  field: string;
  header: string;
  kind: CellKind;
  scale?: number;
  sortable?: boolean;
  filter?: FilterKindOption | false;
  /** Choices of an `equals` filter (flags get Y/N); a cell holding one of the values shows its text. */
  options?: { value: string; text: string }[];
  width?: number;
  /** The cell opens its row's document (LinkCell); null for a row with nothing to open. */
  link?: (row: Record<string, unknown>) => CellLink | null;
}

/** How a field's value reads in a cell: numbers, dates and flags as such, everything else as text. */
export function cellKindOf(field: FieldDef): CellKind {
  switch (field.type) {
    case 'integer':
    case 'decimal':
    case 'date':
    case 'datetime':
    case 'bool':
      return field.type;
    default:
      return 'text';
  }
}

const NUMERIC: CellKind[] = ['integer', 'decimal'];

export function toColDef(column: GridColumn, numericClass?: string): ColDef {
  const numeric = NUMERIC.includes(column.kind);
  const filter = column.filter ?? false;
  const options =
    column.options ??
    (column.kind === 'bool'
      ? [
          { value: 'true', text: 'Y' },
          { value: 'false', text: 'N' },
        ]
      : undefined);
  // Codes of a fixed list read as their labels; the row keeps the code, so sorting and filtering stay on it.
  const optionText = column.options ? new Map(column.options.map((o) => [o.value, o.text])) : undefined;
  const def: ColDef = {
    colId: column.field,
    field: column.field,
    headerName: column.header,
    sortable: column.sortable !== false,
    valueFormatter: (params) =>
      optionText?.get(textOf(params.value)) ?? formatCell(column.kind, params.value, column.scale),
    // Text columns share the room left over; flags, dates and numbers keep a fixed width.
    ...(column.width
      ? { width: column.width }
      : column.kind === 'text'
        ? { flex: 1, minWidth: 150 }
        : { width: column.kind === 'bool' ? 110 : column.kind === 'datetime' ? 170 : 140, minWidth: 90 }),
    // The rightAligned type sets the header and cell classes; a cell class of our own must repeat AG's.
    ...(numeric
      ? {
          type: 'rightAligned',
          cellClass: ['ag-right-aligned-cell', ...(numericClass ? [numericClass] : [])],
        }
      : {}),
  };
  if (column.link) {
    const params: LinkCellParams = { link: column.link };
    def.cellRenderer = LinkCell;
    def.cellRendererParams = { ...params, suppressMouseEventHandling: isLinkClick };
  }
  if (filter) {
    const params: FloatingFilterParams = { kind: filter, label: column.header, options };
    Object.assign(def, {
      filter: { component: ListColumnFilter, doesFilterPass: () => true },
      floatingFilter: true,
      floatingFilterComponent: ListFloatingFilter,
      floatingFilterComponentParams: params,
      suppressHeaderFilterButton: true,
      suppressFloatingFilterButton: true,
    } satisfies ColDef);
  }
  return def;
}
