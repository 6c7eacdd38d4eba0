// The Filter from SAP result (spec/3 §2.2 Result tab): one row per document the filter found, a checkbox per row
// and a check-all box in the header, rows the user is not authorised for coloured, marked and not checkable (the
// check-all box skips them: they are not selectable), documents already in the TMS marked, and rows that expand
// onto their lines (components/grid/expandableRows.tsx). Clicking a row opens its lines and closes the others; the chevron
// does the same, and the page's expand-all toggle opens every row.
import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  LocaleModule,
  ModuleRegistry,
  RowSelectionModule,
  RowStyleModule,
  TooltipModule,
  type ColDef,
  type ICellRendererParams,
  type RowClassRules,
  type RowSelectionOptions,
  type SelectionColumnDef,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFlag, textOf } from '../../../components/grid/cellFormat';
import { toColDef, type GridColumn } from '../../../components/grid/columns';
import { gridTheme } from '../../../components/grid/gridTheme';
import {
  DetailTable,
  EXPANDER_COLUMN,
  detailParent,
  expandableGridOptions,
  expanderColumn,
  expanderKeyDown,
  isDetailEntry,
  sourceRow,
  withDetails,
  type Entry,
  type ExpanderContext,
  type Row,
} from '../../../components/grid/expandableRows';
import { formatQty, useGridLocaleText } from '../../../components/grid/format';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  RowSelectionModule,
  LocaleModule,
  CellStyleModule,
  RowStyleModule,
  // The expander column's header names itself in a tooltip (components/grid/expandableRows.tsx).
  TooltipModule,
]);

/** Rows up to this many lay out at their own height; more scroll inside the grid (up to 500 come back). */
const AUTO_HEIGHT_ROWS = 10;

/** The result row's fields (spec/3 §3 "Filter result row"), the identifying ones first. */
const RESULT_FIELDS: [field: string, kind: GridColumn['kind']][] = [
  ['document_no', 'text'],
  ['document_date', 'date'],
  ['company', 'text'],
  ['plant', 'text'],
  ['customer_vendor', 'text'],
  ['delivery_order_no', 'text'],
  ['po_no', 'text'],
  ['ln_so_no', 'text'],
  ['ln_sto_no', 'text'],
  ['incoterm', 'text'],
  ['incoterm2', 'text'],
  ['estate', 'text'],
  ['distribution', 'text'],
  ['document_type', 'text'],
  ['product_category', 'text'],
  ['purchase_organization', 'text'],
  ['sales_organization', 'text'],
  ['collective_ln', 'text'],
  ['transporter', 'text'],
  ['loading', 'text'],
  ['destination', 'text'],
  ['freight_cost', 'decimal'],
  ['freight_cost_base', 'decimal'],
  ['freight_cost_per', 'text'],
  ['freight_cost_uom', 'text'],
  ['truck_type', 'text'],
  ['ln_do_third_party', 'text'],
  ['valid_from', 'date'],
  ['valid_to', 'date'],
  ['mark_deleted', 'bool'],
];

/** The lines of a document (spec/3 §3 "Filter result detail row"). */
const LINE_FIELDS: [field: string, kind: 'text' | 'qty' | 'flag'][] = [
  ['document_item_no', 'text'],
  ['commodity', 'text'],
  ['commodity_name', 'text'],
  ['qty', 'qty'],
  ['uom', 'text'],
  ['so_do_no', 'text'],
  ['so_do_item_no', 'text'],
  ['po_so_no', 'text'],
  ['ln_so_item_no', 'text'],
  ['ln_sto_item_no', 'text'],
  ['sto_qty', 'qty'],
  ['sto_uom', 'text'],
  ['sales_district', 'text'],
  ['mark_delete', 'flag'],
];

// Grid options that never change, made once: a new object on each render makes the grid apply it again.
// Cells are formatted by their kind (columns.ts); the grid must not infer its own (a flag as a checkbox).
const DEFAULT_COLUMN: ColDef<Entry> = { resizable: true, sortable: false, cellDataType: false };
const ROW_SELECTION: RowSelectionOptions<Entry> = {
  mode: 'multiRow',
  checkboxes: (params) => !isDetailEntry(params.data),
  headerCheckbox: true,
  selectAll: 'all',
  enableClickSelection: false,
  // Unauthorised rows cannot be checked, one by one or by the check-all box.
  isRowSelectable: (node) => !isDetailEntry(node.data) && node.data?.disabled !== true,
};
const SELECTION_COLUMN: SelectionColumnDef = { width: 52, minWidth: 52, maxWidth: 52, resizable: false };

/** The grid fills its scrolling frame. */
const FILL = { height: '100%' };

export const resultRowId = (row: Row) => textOf(row.document_no);
const linesOf = (row: Row) => (Array.isArray(row.details) ? (row.details as Row[]) : []);

const useStyles = makeStyles({
  grid: {
    width: '100%',
    // As in the console's DataGrid: where scrollbars overlay the content, AG Grid lays its invisible horizontal
    // scroller over the last row with the data background; here it stays see-through and lets clicks through.
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar)': { pointerEvents: 'none' },
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar) .ag-body-horizontal-scroll-viewport': {
      backgroundColor: 'transparent',
    },
  },
  scrolling: {
    height: '60vh',
    minHeight: '320px',
  },
  numeric: {
    fontVariantNumeric: 'tabular-nums',
  },
  // Coloured rows are those the user may not save (spec/3 §5); the badge in the row says so in words too.
  unauthorized: {
    '&.ag-row': {
      backgroundColor: tokens.colorPaletteRedBackground1,
      color: tokens.colorNeutralForeground2,
    },
  },
  marks: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'center',
    height: '100%',
  },
});

export interface ResultGridProps {
  rows: Row[];
  expanded: ReadonlySet<string>;
  onExpandedChange: (expanded: ReadonlySet<string>) => void;
  onCheckedChange: (rows: Row[]) => void;
  ariaLabel: string;
}

function Marks(params: ICellRendererParams<Entry>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const row = params.data;
  if (!row || isDetailEntry(row)) return null;
  return (
    <span className={styles.marks}>
      {row.disabled === true ? (
        <Badge appearance="tint" color="danger" size="small">
          {t('sapOrderFilter.unauthorized')}
        </Badge>
      ) : null}
      {row.is_saved === true ? (
        <Badge appearance="tint" color="success" size="small">
          {t('sapOrderFilter.saved')}
        </Badge>
      ) : null}
    </span>
  );
}

export function ResultGrid(props: ResultGridProps) {
  const { rows, expanded, onExpandedChange, onCheckedChange, ariaLabel } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const localeText = useGridLocaleText();
  const expandedRef = useRef(expanded);
  useEffect(() => {
    expandedRef.current = expanded;
  }, [expanded]);

  // One row open at a time when opened by its chevron or a click; closing leaves the others as they are.
  const toggle = useCallback(
    (row: Row) => {
      const id = resultRowId(row);
      const current = expandedRef.current;
      if (current.has(id)) {
        const next = new Set(current);
        next.delete(id);
        onExpandedChange(next);
      } else {
        onExpandedChange(new Set([id]));
      }
    },
    [onExpandedChange],
  );

  const context = useMemo<ExpanderContext>(
    () => ({
      toggle,
      label: (row, open) =>
        t(open ? 'sapOrderList.hideLines' : 'sapOrderList.showLines', { document: textOf(row.document_no) }),
    }),
    [t, toggle],
  );

  const columnDefs = useMemo<ColDef<Entry>[]>(() => {
    const fields = RESULT_FIELDS.map(([field, kind]) => {
      const def = toColDef(
        {
          field,
          header: t(`sapOrderFilter.columns.${field}`),
          kind,
          scale: kind === 'decimal' ? 2 : undefined,
          sortable: false,
          filter: false,
          width: field === 'document_no' ? 150 : undefined,
        },
        styles.numeric,
      ) as ColDef<Entry>;
      return def;
    });
    return [
      expanderColumn(t('sapOrderList.lines')),
      {
        colId: 'marks',
        headerName: t('sapOrderFilter.columns.state'),
        width: 150,
        sortable: false,
        cellRenderer: Marks,
      },
      ...fields,
    ];
  }, [t, styles.numeric]);

  const rowData = useMemo(() => withDetails(rows, resultRowId, expanded), [rows, expanded]);
  const shared = useMemo(
    () => expandableGridOptions({ idOf: resultRowId, lineCount: (row) => linesOf(row).length }),
    [],
  );

  const detailColumns = useMemo(
    () =>
      LINE_FIELDS.map(([field, kind]) => ({
        key: field,
        header: t(`sapOrderFilter.lines.${field}`),
        numeric: kind === 'qty',
        format: (line: Row) =>
          kind === 'qty'
            ? formatQty(line[field])
            : kind === 'flag'
              ? formatFlag(line[field])
              : textOf(line[field]),
      })),
    [t],
  );

  const DetailRow = useCallback(
    (params: ICellRendererParams<Entry>) => {
      const row = params.data ? detailParent(params.data) : {};
      return (
        <DetailTable
          caption={t('sapOrderList.linesOf', { document: textOf(row.document_no) })}
          columns={detailColumns}
          lines={linesOf(row)}
          emptyText={t('sapOrderList.noLines')}
        />
      );
    },
    [detailColumns, t],
  );

  const rowClassRules = useMemo<RowClassRules<Entry>>(
    () => ({ [styles.unauthorized]: (params) => params.data?.disabled === true }),
    [styles.unauthorized],
  );

  const scrolls = rows.length > AUTO_HEIGHT_ROWS;

  return (
    <div
      className={mergeClasses(styles.grid, scrolls && styles.scrolling)}
      role="region"
      aria-label={ariaLabel}
    >
      <AgGridReact<Entry>
        key={i18n.language}
        theme={gridTheme}
        localeText={localeText}
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COLUMN}
        rowData={rowData}
        context={context}
        {...shared}
        fullWidthCellRenderer={DetailRow}
        domLayout={scrolls ? 'normal' : 'autoHeight'}
        containerStyle={scrolls ? FILL : undefined}
        rowSelection={ROW_SELECTION}
        selectionColumnDef={SELECTION_COLUMN}
        rowClassRules={rowClassRules}
        suppressColumnVirtualisation
        onSelectionChanged={(event) => onCheckedChange(event.api.getSelectedRows().map(sourceRow))}
        onCellClicked={(event) => {
          const colId = event.column.getColId();
          if (!event.data || isDetailEntry(event.data) || colId === EXPANDER_COLUMN) return;
          if (colId === 'ag-Grid-SelectionColumn') return;
          const id = resultRowId(event.data);
          const current = expandedRef.current;
          onExpandedChange(current.size === 1 && current.has(id) ? new Set() : new Set([id]));
        }}
        onCellKeyDown={(event) => void expanderKeyDown(event, toggle)}
      />
    </div>
  );
}
