// The SAP order list's grid (spec/2 §2.4): one page of 15 rows asked from the server with the list protocol (tab,
// multi-column sort, the filter row), rows that expand to show their lines, the console's pager, the chosen rows
// (one by a click, more with Ctrl or Shift), and the table state kept per user. The page, the pager and the kept
// state are the server-paged grid's (components/grid/serverPagedGrid.tsx, which says why it is not the console's DataGrid);
// this file holds what is the SAP order list's own: its columns, its lines, its selection and its request.
import type { ICellRendererParams, RowSelectionOptions } from 'ag-grid-community';
import { useCallback, useImperativeHandle, useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../../components/grid/cellFormat';
import type { ListHandle } from '../../../components/grid/ListToolbar';
import {
  DetailTable,
  detailParent,
  isDetailEntry,
  sourceRow,
  type Entry,
  type Row,
} from '../../../components/grid/expandableRows';
import { formatQty } from '../../../components/grid/format';
import {
  linesOf,
  ServerPagedGrid,
  useServerPagedGrid,
  useStableList,
} from '../../../components/grid/serverPagedGrid';
import { LINE_FIELDS, sapOrderColumns, sapOrderLabel } from './columns';
import { StatusBadge } from './StatusBadge';

// A click chooses one row; Ctrl or Shift with the click adds rows, to assign several SAP orders in one order.
const ROW_SELECTION: RowSelectionOptions<Entry> = {
  mode: 'multiRow',
  checkboxes: false,
  headerCheckbox: false,
  enableClickSelection: true,
  isRowSelectable: (node) => !isDetailEntry(node.data),
};

/** Refresh asks for the page on screen again, keeping tab, sort, filters and page. */
export type SapOrderGridHandle = ListHandle;

export interface SapOrderGridProps {
  tab: string;
  statuses: { code: string; text: string }[];
  /** localStorage key of the table state; without one nothing is kept. */
  stateKey?: string;
  ariaLabel: string;
  ref?: Ref<SapOrderGridHandle>;
  /** The first chosen row (null when none). */
  onSelectionChange: (row: Row | null) => void;
  /** Every chosen row, in the order the grid lists them. */
  onSelectedRowsChange?: (rows: Row[]) => void;
  onOpen: (row: Row) => void;
  onFilterCountChange: (count: number) => void;
  onError: (error: unknown) => void;
}

export function SapOrderGrid(props: SapOrderGridProps) {
  const { tab, stateKey, ariaLabel, ref } = props;
  const { t } = useTranslation();

  // Refresh reads the master list again and hands over new, usually equal, statuses.
  const statuses = useStableList(props.statuses);
  const columns = useMemo(() => sapOrderColumns(t, statuses), [t, statuses]);
  const expanderLabel = useCallback(
    (row: Row, open: boolean) =>
      t(open ? 'sapOrderList.hideLines' : 'sapOrderList.showLines', { document: textOf(row.Document_No) }),
    [t],
  );

  const grid = useServerPagedGrid<Row>({
    path: 'saporder/list',
    tabKey: tab,
    body: (query, page) => ({ tab_status: tab, ...page, sorts: query.sorts, filters: query.filters }),
    stateKey,
    columns,
    statusBadge: StatusBadge,
    expanderHeader: t('sapOrderList.lines'),
    expanderLabel,
    onOpen: props.onOpen,
    onFilterCountChange: props.onFilterCountChange,
    onError: props.onError,
  });
  const { refresh, clearFilters } = grid;

  useImperativeHandle(ref, () => ({ refresh, clearFilters }), [refresh, clearFilters]);

  const detailColumns = useMemo(
    () =>
      LINE_FIELDS.map(([field, kind]) => ({
        key: field,
        header: sapOrderLabel(t, field),
        numeric: kind === 'decimal',
        format: (line: Row) =>
          kind === 'decimal'
            ? formatQty(line[field])
            : field === 'material_name'
              ? textOf(line.material_name ?? line.Material_Code)
              : textOf(line[field]),
      })),
    [t],
  );

  const DetailRow = useCallback(
    (params: ICellRendererParams<Entry>) => {
      const row = params.data ? detailParent(params.data) : {};
      return (
        <DetailTable
          caption={t('sapOrderList.linesOf', { document: textOf(row.Document_No) })}
          columns={detailColumns}
          lines={linesOf(row)}
          emptyText={t('sapOrderList.noLines')}
        />
      );
    },
    [detailColumns, t],
  );

  return (
    <ServerPagedGrid
      grid={grid}
      ariaLabel={ariaLabel}
      pagerTexts={{
        label: t('sapOrderList.pager'),
        range: (counts) => t('sapOrderList.range', counts),
        pageOf: (counts) => t('sapOrderList.pageOf', counts),
      }}
      fullWidthCellRenderer={DetailRow}
      rowSelection={ROW_SELECTION}
      onSelectionChanged={(event) => {
        const entries = event.api.getSelectedRows();
        const [entry] = entries;
        props.onSelectionChange(entry ? sourceRow(entry) : null);
        props.onSelectedRowsChange?.(entries.map(sourceRow));
      }}
    />
  );
}
