// The SAP order list's grid (spec/2 §2.4): one page of 15 rows asked from the server with the list protocol (tab,
// multi-column sort, the filter row), rows that expand to show their lines, the console's pager, the chosen rows
// (one by a click, more with Ctrl or Shift), and the table state kept per user.
//
// Why not the console's DataGrid (infinite row model): its rows all have one height and none can be inserted, so
// a row cannot open onto its lines. Here the grid uses the client-side row model for the page on screen only; the
// server still sorts, filters and pages (every column sorts with a neutral comparator and every filter passes, so
// the grid keeps the server's order), and an expanded row is followed by a full-width row with its lines
// (shared/expandableRows.tsx). The pager is ours because the grid's own would page the detail rows too.
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowNext20Regular,
  ArrowPrevious20Regular,
  ChevronLeft20Regular,
  ChevronRight20Regular,
} from '@fluentui/react-icons';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  CustomFilterModule,
  GridStateModule,
  LocaleModule,
  ModuleRegistry,
  RowSelectionModule,
  RowStyleModule,
  TooltipModule,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type GridState,
  type ICellRendererParams,
  type RowSelectionOptions,
  type StateUpdatedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { formatCount } from '../../../util/format';
import { textOf } from '../../../components/grid/cellFormat';
import { toColDef } from '../../../components/grid/columns';
import { gridTheme } from '../../../components/grid/gridTheme';
import { loadTableState, saveTableState } from '../../../components/grid/gridState';
import { toListQuery, type ListQuery } from '../../../components/grid/listQuery';
import type { ListHandle } from '../../../components/grid/ListToolbar';
import {
  DetailTable,
  expandableGridOptions,
  expanderColumn,
  expanderKeyDown,
  isDetailEntry,
  detailParent,
  sourceRow,
  withDetails,
  type Entry,
  type ExpanderContext,
  type Row,
} from '../shared/expandableRows';
import { formatQty, useGridLocaleText } from '../shared/format';
import { LINE_FIELDS, sapOrderColumns, sapOrderLabel } from './columns';
import { StatusBadge } from './StatusBadge';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CustomFilterModule,
  RowSelectionModule,
  GridStateModule,
  LocaleModule,
  CellStyleModule,
  RowStyleModule,
  // The expander column's header names itself in a tooltip (shared/expandableRows.tsx).
  TooltipModule,
]);

export const PAGE_SIZE = 15;

// Grid options that never change, made once: a new object on each render makes the grid apply it again.
// Cells are formatted by their kind (columns.ts); the grid must not infer its own (a flag as a checkbox).
const DEFAULT_COLUMN: ColDef<Entry> = { resizable: true, cellDataType: false };
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

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
  },
  grid: {
    width: '100%',
    // As in the console's DataGrid: where scrollbars overlay the content, AG Grid lays its invisible horizontal
    // scroller over the last row with the data background; here it stays see-through and lets clicks through.
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar)': { pointerEvents: 'none' },
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar) .ag-body-horizontal-scroll-viewport': {
      backgroundColor: 'transparent',
    },
  },
  numeric: {
    fontVariantNumeric: 'tabular-nums',
  },
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalXS,
  },
  summary: {
    marginRight: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground2,
    fontVariantNumeric: 'tabular-nums',
  },
});

interface ListAnswer {
  rows: Row[];
  total: number;
}

const idOf = (row: Row) => textOf(row.Id);
const linesOf = (row: Row) => (Array.isArray(row.Details) ? (row.Details as Row[]) : []);

function readQuery(gridApi: GridApi): ListQuery {
  // The grid state lists sorted columns in the order the user sorted them.
  return toListQuery(gridApi.getState().sort?.sortModel ?? [], gridApi.getFilterModel());
}

export function SapOrderGrid(props: SapOrderGridProps) {
  const { tab, stateKey, ariaLabel, ref } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const localeText = useGridLocaleText();
  const apiRef = useRef<GridApi | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  // Read when a grid instance starts (first render and each language, see the key below). The page is ours:
  // the grid's own pagination is off.
  const kept = useMemo<GridState | undefined>(
    () => (stateKey ? loadTableState(stateKey) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-read for the new grid of a new language
    [stateKey, i18n.language],
  );
  const initialState = useMemo(() => {
    if (!kept) return undefined;
    const { pagination: _page, ...rest } = kept;
    return rest;
  }, [kept]);

  // Refresh reads the master list again and hands over new, usually equal, statuses; new columns from them would
  // make the grid drop every filter the user typed. The columns change only when the statuses do.
  const [statuses, setStatuses] = useState(props.statuses);
  if (statuses !== props.statuses && JSON.stringify(statuses) !== JSON.stringify(props.statuses)) {
    setStatuses(props.statuses);
  }

  const [page, setPage] = useState(() => kept?.pagination?.page ?? 0);
  const [pageTab, setPageTab] = useState(tab);
  // A new tab starts from its first row.
  if (pageTab !== tab) {
    setPageTab(tab);
    setPage(0);
  }
  const [query, setQuery] = useState<ListQuery | null>(null);
  const [reload, setReload] = useState(0);
  const [answer, setAnswer] = useState<ListAnswer>({ rows: [], total: 0 });
  // Loading while the request on screen has not been answered yet.
  const requestKey = query ? JSON.stringify([tab, page, query, reload]) : null;
  const [answeredKey, setAnsweredKey] = useState<string | null>(null);
  const loading = requestKey === null || requestKey !== answeredKey;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  useImperativeHandle(
    ref,
    () => ({
      refresh: () => setReload((n) => n + 1),
      clearFilters: () => apiRef.current?.setFilterModel(null),
    }),
    [],
  );

  useEffect(() => {
    if (!query || requestKey === null) return;
    let live = true;
    api
      .post<Row[]>('saporder/list', {
        tab_status: tab,
        start: page * PAGE_SIZE,
        rows: PAGE_SIZE,
        sorts: query.sorts,
        filters: query.filters,
      })
      .then((res) => {
        if (!live) return;
        if (!res.success) {
          callbacks.current.onError(new Error(res.message));
          return;
        }
        const rows = Array.isArray(res.data) ? res.data : [];
        const total = res.totalRecords ?? page * PAGE_SIZE + rows.length;
        // A kept page past the end (rows deleted, a narrower filter): go to the last page there is.
        if (!rows.length && page > 0 && total > 0) {
          setPage(Math.ceil(total / PAGE_SIZE) - 1);
          return;
        }
        setAnswer({ rows, total });
      })
      .catch((error: unknown) => {
        if (live) callbacks.current.onError(error);
      })
      .finally(() => {
        if (live) setAnsweredKey(requestKey);
      });
    return () => {
      live = false;
    };
  }, [tab, page, query, requestKey]);

  // The page is part of the kept table state, so the list opens where the user left it.
  const pageRef = useRef(page);
  useEffect(() => {
    pageRef.current = page;
    const gridApi = apiRef.current;
    if (stateKey && gridApi) saveTableState(stateKey, withPage(gridApi.getState(), page));
  }, [page, stateKey]);

  const toggle = useCallback((row: Row) => {
    const id = idOf(row);
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const context = useMemo<ExpanderContext>(
    () => ({
      toggle,
      label: (row, open) =>
        t(open ? 'sapOrderList.hideLines' : 'sapOrderList.showLines', {
          document: textOf(row.Document_No),
        }),
    }),
    [t, toggle],
  );

  const columnDefs = useMemo<ColDef<Entry>[]>(() => {
    const columns = sapOrderColumns(t, statuses).map((column) => {
      const def = toColDef(column, styles.numeric) as ColDef<Entry>;
      // The server sorted the page; a neutral comparator keeps its order (the grid's sort is stable).
      def.comparator = () => 0;
      if (column.field === 'Status') {
        def.cellRenderer = (params: ICellRendererParams<Entry>) => (
          <StatusBadge code={textOf(params.value)} text={params.valueFormatted ?? textOf(params.value)} />
        );
      }
      return def;
    });
    return [expanderColumn(t('sapOrderList.lines')), ...columns];
  }, [t, statuses, styles.numeric]);

  const rowData = useMemo(() => withDetails(answer.rows, idOf, expanded), [answer.rows, expanded]);
  const shared = useMemo(() => expandableGridOptions({ idOf, lineCount: (row) => linesOf(row).length }), []);

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

  // The query the list was last asked with: the grid also reports sort and filter "changes" while it applies the
  // kept state, which must not send the user back to the first page.
  const queryKey = useRef<string | null>(null);

  const onGridReady = useCallback((event: GridReadyEvent<Entry>) => {
    apiRef.current = event.api;
    const gridApi = event.api;
    callbacks.current.onFilterCountChange(Object.keys(gridApi.getFilterModel() ?? {}).length);
    // The restored sort and filters are in place now: the first request carries them.
    const first = readQuery(gridApi);
    queryKey.current = JSON.stringify(first);
    setQuery(first);
  }, []);

  const onQueryChanged = useCallback(() => {
    const gridApi = apiRef.current;
    if (!gridApi) return;
    callbacks.current.onFilterCountChange(Object.keys(gridApi.getFilterModel() ?? {}).length);
    const next = readQuery(gridApi);
    const key = JSON.stringify(next);
    if (key === queryKey.current) return;
    queryKey.current = key;
    setQuery(next);
    setPage(0);
  }, []);

  const onStateUpdated = useCallback(
    (event: StateUpdatedEvent<Entry>) => {
      if (stateKey) saveTableState(stateKey, withPage(event.state, pageRef.current));
    },
    [stateKey],
  );

  const pages = Math.max(1, Math.ceil(answer.total / PAGE_SIZE));
  const first = answer.total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = Math.min(answer.total, (page + 1) * PAGE_SIZE);
  const activeOverlay = loading
    ? 'agLoadingOverlay'
    : answer.rows.length === 0
      ? 'agNoRowsOverlay'
      : undefined;

  return (
    <div className={styles.root}>
      <div className={styles.grid} role="region" aria-label={ariaLabel}>
        <AgGridReact<Entry>
          key={i18n.language}
          theme={gridTheme}
          localeText={localeText}
          columnDefs={columnDefs}
          defaultColDef={DEFAULT_COLUMN}
          enableFilterHandlers
          rowData={rowData}
          context={context}
          {...shared}
          fullWidthCellRenderer={DetailRow}
          domLayout="autoHeight"
          multiSortKey="ctrl"
          initialState={initialState}
          rowSelection={ROW_SELECTION}
          activeOverlay={activeOverlay}
          suppressColumnVirtualisation
          onGridReady={onGridReady}
          onSortChanged={onQueryChanged}
          onFilterChanged={onQueryChanged}
          onStateUpdated={onStateUpdated}
          onSelectionChanged={(event) => {
            const entries = event.api.getSelectedRows();
            const [entry] = entries;
            callbacks.current.onSelectionChange(entry ? sourceRow(entry) : null);
            callbacks.current.onSelectedRowsChange?.(entries.map(sourceRow));
          }}
          onRowDoubleClicked={(event) => {
            if (event.data && !isDetailEntry(event.data)) callbacks.current.onOpen(sourceRow(event.data));
          }}
          onCellKeyDown={(event) => {
            if (expanderKeyDown(event, toggle)) return;
            const key = (event.event as KeyboardEvent | undefined)?.key;
            if (key === 'Enter' && event.data && !isDetailEntry(event.data)) {
              callbacks.current.onOpen(sourceRow(event.data));
            }
          }}
        />
      </div>
      <nav className={styles.pager} aria-label={t('sapOrderList.pager')}>
        <Text className={styles.summary} aria-live="polite">
          {t('sapOrderList.range', {
            first: formatCount(first),
            last: formatCount(last),
            total: formatCount(answer.total),
          })}
        </Text>
        <Button
          appearance="subtle"
          icon={<ArrowPrevious20Regular />}
          aria-label={t('grid.ag.firstPage')}
          disabled={page === 0 || loading}
          onClick={() => setPage(0)}
        />
        <Button
          appearance="subtle"
          icon={<ChevronLeft20Regular />}
          aria-label={t('grid.ag.previousPage')}
          disabled={page === 0 || loading}
          onClick={() => setPage(page - 1)}
        />
        <Text className={styles.summary}>
          {t('sapOrderList.pageOf', { page: formatCount(page + 1), pages: formatCount(pages) })}
        </Text>
        <Button
          appearance="subtle"
          icon={<ChevronRight20Regular />}
          aria-label={t('grid.ag.nextPage')}
          disabled={page + 1 >= pages || loading}
          onClick={() => setPage(page + 1)}
        />
        <Button
          appearance="subtle"
          icon={<ArrowNext20Regular />}
          aria-label={t('grid.ag.lastPage')}
          disabled={page + 1 >= pages || loading}
          onClick={() => setPage(pages - 1)}
        />
      </nav>
    </div>
  );
}

function withPage(state: GridState, page: number): GridState {
  return { ...state, pagination: { page, pageSize: PAGE_SIZE } };
}
