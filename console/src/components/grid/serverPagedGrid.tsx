// A list grid that holds one server page and lets its rows expand, shared by the SAP order list
// (sap-orders/list/SapOrderGrid.tsx) and the order list (orders/OrderGrid.tsx): a page of 15 rows asked from the
// server with the list protocol (tab, multi-column sort, the filter row), rows that expand onto a full-width detail
// row, the console's pager, a row opened by a double-click or Enter, and the table state kept per user with the
// page in it. Each list keeps its own columns, detail row, selection and what its tab adds to the request.
//
// Why not the console's DataGrid (infinite row model): its rows all have one height and none can be inserted, so
// a row cannot open onto its lines. Here the grid uses the client-side row model for the page on screen only; the
// server still sorts, filters and pages (every column sorts with a neutral comparator and every filter passes, so
// the grid keeps the server's order), and an expanded row is followed by a full-width row (expandableRows.tsx).
// The pager is ours because the grid's own would page the detail rows too.
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
  type RowHeightParams,
  type StateUpdatedEvent,
} from 'ag-grid-community';
import { useQuery } from '@tanstack/react-query';
import { AgGridReact, type AgGridReactProps } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { textOf } from './cellFormat';
import { toColDef, type GridColumn } from './columns';
import { gridTheme } from './gridTheme';
import { loadTableState, saveTableState } from './gridState';
import { toListQuery, type ListQuery } from './listQuery';
import { formatCount } from '../../util/format';
import {
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
} from './expandableRows';
import { useGridLocaleText } from './format';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CustomFilterModule,
  RowSelectionModule,
  GridStateModule,
  LocaleModule,
  CellStyleModule,
  RowStyleModule,
  // The expander column's header names itself in a tooltip (expandableRows.tsx).
  TooltipModule,
]);

export const PAGE_SIZE = 15;

// Grid options that never change, made once: a new object on each render makes the grid apply it again.
// Cells are formatted by their kind (columns.ts); the grid must not infer its own (a flag as a checkbox).
const DEFAULT_COLUMN: ColDef<Entry> = { resizable: true, cellDataType: false };

/** Both lists' rows: the server's Id, and the lines under Details. */
export const idOf = (row: Row) => textOf(row.Id);
export const linesOf = (row: Row) => (Array.isArray(row.Details) ? (row.Details as Row[]) : []);

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

/**
 * A list given as props that a parent may hand over again, equal, on each refresh: the last one while the new one
 * has the same content. New columns from an equal list would make the grid drop every filter the user typed.
 */
export function useStableList<T>(value: T[]): T[] {
  const [kept, setKept] = useState(value);
  if (kept !== value && JSON.stringify(kept) !== JSON.stringify(value)) setKept(value);
  return kept;
}

export interface ServerPagedGridOptions<R extends Row> {
  /** The list's route, posted for each page ("order/list"). */
  path: string;
  /**
   * What a new tab changes in the request, as a key: a new one starts from the first page. `body` must give the
   * same request for the same tab key, query and page.
   */
  tabKey: string;
  /** The request for one page: the tab with the query the grid's sort and filter row make, and the page's rows. */
  body: (query: ListQuery, page: { start: number; rows: number }) => object;
  /** localStorage key of the table state; without one nothing is kept. */
  stateKey?: string | undefined;
  /** The list's columns, made again only when what they show changes (see useStableList). */
  columns: GridColumn[];
  /** How the Status column reads. */
  statusBadge: ComponentType<{ code: string; text: string }>;
  /** The expander column's name (its header's tooltip). */
  expanderHeader: string;
  /** The expander's accessible name for a row, open or closed; keep it the same function between renders. */
  expanderLabel: ExpanderContext['label'];
  /** The detail row's height in px when it shows more than the lines table (a module-level function). */
  detailHeight?: (row: Row) => number;
  /** A page has come: the rows on screen now. */
  onPage?: (rows: R[]) => void;
  onOpen: (row: R) => void;
  onFilterCountChange: (count: number) => void;
  onError: (error: unknown) => void;
}

export interface ServerPagedGridModel {
  /** The grid instance on screen (null until it is ready). */
  apiRef: RefObject<GridApi<Entry> | null>;
  /** The sort and filters the list is asked with (null until the grid is ready). */
  query: ListQuery | null;
  /** Asks for the page on screen again, keeping tab, sort, filters and page. */
  refresh: () => void;
  clearFilters: () => void;
  /** For ServerPagedGrid: what the grid is given, and the pager's state. */
  gridProps: AgGridReactProps<Entry>;
  pager: { page: number; pages: number; first: number; last: number; total: number; loading: boolean };
  goTo: (page: number) => void;
}

function readQuery(gridApi: GridApi): ListQuery {
  // The grid state lists sorted columns in the order the user sorted them.
  return toListQuery(gridApi.getState().sort?.sortModel ?? [], gridApi.getFilterModel());
}

function withPage(state: GridState, page: number): GridState {
  return { ...state, pagination: { page, pageSize: PAGE_SIZE } };
}

/** The state of a server-paged grid: the page asked and answered, the kept table state, the expanded rows. */
export function useServerPagedGrid<R extends Row>(options: ServerPagedGridOptions<R>): ServerPagedGridModel {
  const {
    path,
    tabKey,
    stateKey,
    columns,
    statusBadge: StatusBadge,
    expanderHeader,
    expanderLabel,
  } = options;
  const { detailHeight } = options;
  const { i18n } = useTranslation();
  const styles = useStyles();
  const apiRef = useRef<GridApi<Entry> | null>(null);
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  // Read when a grid instance starts (first render and each language: the grid is keyed by it). The page is
  // ours: the grid's own pagination is off.
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

  const [page, setPage] = useState(() => kept?.pagination?.page ?? 0);
  const [pageTab, setPageTab] = useState(tabKey);
  // A new tab starts from its first row.
  if (pageTab !== tabKey) {
    setPageTab(tabKey);
    setPage(0);
  }
  const [query, setQuery] = useState<ListQuery | null>(null);
  const [reload, setReload] = useState(0);
  // One page as the server answers it. The key holds everything the request reads: `body` gives the same request
  // for the same tab key, query and page; `reload` asks the page on screen again. Each answer is a new object, so
  // an equal page asked again is heard again.
  const list = useQuery({
    queryKey: ['server-paged-grid', path, tabKey, page, query, reload],
    queryFn: () =>
      api.post<R[]>(
        path,
        callbacks.current.body(query as ListQuery, { start: page * PAGE_SIZE, rows: PAGE_SIZE }),
      ),
    enabled: query !== null,
    structuralSharing: false,
  });
  // The page on screen: the last one answered, kept while the next is asked and when a request fails.
  const [answer, setAnswer] = useState<{ rows: R[]; total: number; from?: object }>({ rows: [], total: 0 });
  const res = list.data;
  if (res?.success && res !== answer.from) {
    const rows = Array.isArray(res.data) ? res.data : [];
    const total = res.totalRecords ?? page * PAGE_SIZE + rows.length;
    // A kept page past the end (rows deleted, a narrower filter): go to the last page there is.
    if (!rows.length && page > 0 && total > 0) {
      const last = Math.ceil(total / PAGE_SIZE) - 1;
      if (last !== page) setPage(last);
    } else setAnswer({ rows, total, from: res });
  }
  // Loading while the request on screen has not been answered yet.
  const loading = list.isPending || list.isFetching;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const clearFilters = useCallback(() => apiRef.current?.setFilterModel(null), []);

  // Heard once per page that came.
  useEffect(() => {
    if (answer.from) callbacks.current.onPage?.(answer.rows);
  }, [answer]);

  // Heard once per failure: a refusal, or a request that got no answer.
  const failure = list.error;
  useEffect(() => {
    if (failure) callbacks.current.onError(failure);
    else if (res && !res.success) callbacks.current.onError(new Error(res.message));
  }, [failure, res]);

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

  const context = useMemo<ExpanderContext>(() => ({ toggle, label: expanderLabel }), [toggle, expanderLabel]);

  const columnDefs = useMemo<ColDef<Entry>[]>(() => {
    const defs = columns.map((column) => {
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
    return [expanderColumn(expanderHeader), ...defs];
  }, [columns, StatusBadge, expanderHeader, styles.numeric]);

  const rowData = useMemo(() => withDetails(answer.rows, idOf, expanded), [answer.rows, expanded]);
  const expandable = useMemo(() => {
    const shared = expandableGridOptions({ idOf, lineCount: (row) => linesOf(row).length });
    if (!detailHeight) return shared;
    return {
      ...shared,
      getRowHeight: (params: RowHeightParams<Entry>) =>
        params.data && isDetailEntry(params.data) ? detailHeight(detailParent(params.data)) : undefined,
    };
  }, [detailHeight]);

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

  const open = useCallback((entry: Entry | undefined) => {
    if (entry && !isDetailEntry(entry)) callbacks.current.onOpen(sourceRow(entry) as R);
  }, []);

  const total = answer.total;
  return {
    apiRef,
    query,
    refresh,
    clearFilters,
    gridProps: {
      columnDefs,
      rowData,
      context,
      ...expandable,
      initialState,
      activeOverlay: loading ? 'agLoadingOverlay' : answer.rows.length === 0 ? 'agNoRowsOverlay' : undefined,
      onGridReady,
      onSortChanged: onQueryChanged,
      onFilterChanged: onQueryChanged,
      onStateUpdated,
      onRowDoubleClicked: (event) => open(event.data),
      onCellKeyDown: (event) => {
        if (expanderKeyDown(event, toggle)) return;
        if ((event.event as KeyboardEvent | undefined)?.key === 'Enter') open(event.data);
      },
    },
    pager: {
      page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      first: total === 0 ? 0 : page * PAGE_SIZE + 1,
      last: Math.min(total, (page + 1) * PAGE_SIZE),
      total,
      loading,
    },
    goTo: setPage,
  };
}

/** The pager's words, in the list's own keys. */
export interface PagerTexts {
  /** The pager's accessible name. */
  label: string;
  range: (counts: { first: string; last: string; total: string }) => string;
  pageOf: (counts: { page: string; pages: string }) => string;
}

export type ServerPagedGridProps = Pick<
  AgGridReactProps<Entry>,
  'fullWidthCellRenderer' | 'rowSelection' | 'onSelectionChanged' | 'onRowSelected' | 'onRowDataUpdated'
> & {
  grid: ServerPagedGridModel;
  ariaLabel: string;
  pagerTexts: PagerTexts;
};

/** The grid of useServerPagedGrid with the pager under it; the list adds its detail row and selection. */
export function ServerPagedGrid(props: ServerPagedGridProps) {
  const { grid, ariaLabel, pagerTexts, ...listProps } = props;
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const localeText = useGridLocaleText();
  const { page, pages, first, last, total, loading } = grid.pager;
  return (
    <div className={styles.root}>
      <div className={styles.grid} role="region" aria-label={ariaLabel}>
        <AgGridReact<Entry>
          key={i18n.language}
          theme={gridTheme}
          localeText={localeText}
          defaultColDef={DEFAULT_COLUMN}
          enableFilterHandlers
          domLayout="autoHeight"
          multiSortKey="ctrl"
          suppressColumnVirtualisation
          {...grid.gridProps}
          {...listProps}
        />
      </div>
      <nav className={styles.pager} aria-label={pagerTexts.label}>
        <Text className={styles.summary} aria-live="polite">
          {pagerTexts.range({
            first: formatCount(first),
            last: formatCount(last),
            total: formatCount(total),
          })}
        </Text>
        <Button
          appearance="subtle"
          icon={<ArrowPrevious20Regular />}
          aria-label={t('grid.ag.firstPage')}
          disabled={page === 0 || loading}
          onClick={() => grid.goTo(0)}
        />
        <Button
          appearance="subtle"
          icon={<ChevronLeft20Regular />}
          aria-label={t('grid.ag.previousPage')}
          disabled={page === 0 || loading}
          onClick={() => grid.goTo(page - 1)}
        />
        <Text className={styles.summary}>
          {pagerTexts.pageOf({ page: formatCount(page + 1), pages: formatCount(pages) })}
        </Text>
        <Button
          appearance="subtle"
          icon={<ChevronRight20Regular />}
          aria-label={t('grid.ag.nextPage')}
          disabled={page + 1 >= pages || loading}
          onClick={() => grid.goTo(page + 1)}
        />
        <Button
          appearance="subtle"
          icon={<ArrowNext20Regular />}
          aria-label={t('grid.ag.lastPage')}
          disabled={page + 1 >= pages || loading}
          onClick={() => grid.goTo(pages - 1)}
        />
      </nav>
    </div>
  );
}
