// The order list's grid (spec/1 §2 "Order list screen"): one page of 15 rows asked from the server with the list
// protocol (tab, multi-column sort, the filter row), rows that expand onto the transporter notes and the lines
// (with the conversion columns and their total when the order shows them), the console's pager, several rows
// chosen with checkboxes and kept by Id across pages, and the table state kept per user.
//
// As for the SAP order list (sap-orders/list/SapOrderGrid.tsx, which says why), the grid holds the page on screen in
// the client-side row model so an expanded row can be followed by a full-width row; the server sorts, filters and
// pages.
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
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  TooltipModule,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type GridState,
  type ICellRendererParams,
  type RowHeightParams,
  type RowSelectionOptions,
  type StateUpdatedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { textOf } from '../../components/grid/cellFormat';
import { toColDef } from '../../components/grid/columns';
import { gridTheme } from '../../components/grid/gridTheme';
import { loadTableState, saveTableState } from '../../components/grid/gridState';
import { toListQuery, type ListFilter, type ListQuery } from '../../components/grid/listQuery';
import type { ListHandle } from '../../components/grid/ListToolbar';
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
} from '../sap-orders/shared/expandableRows';
import { useGridLocaleText } from '../sap-orders/shared/format';
import { orderColumns } from './columns';
import { LINE_HEADER_HEIGHT, LINE_HEIGHT, lineRowCount, OrderLinesTable } from './OrderLinesTable';
import { OrderStatusBadge } from './OrderStatusBadge';
import type { CodeText, OrderRow, Row } from './types';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CustomFilterModule,
  RowSelectionModule,
  GridStateModule,
  LocaleModule,
  CellStyleModule,
  RowStyleModule,
  TooltipModule,
  // forEachNode: the chosen rows of other pages are ticked again when their page comes back.
  RowApiModule,
]);

export const PAGE_SIZE = 15;

const DEFAULT_COLUMN: ColDef<Entry> = { resizable: true, cellDataType: false };
const ROW_SELECTION: RowSelectionOptions<Entry> = {
  mode: 'multiRow',
  checkboxes: (params) => !isDetailEntry(params.data),
  headerCheckbox: false,
  enableClickSelection: true,
  enableSelectionWithoutKeys: true,
  isRowSelectable: (node) => !isDetailEntry(node.data),
};

/** Padding around an expanded row's content, and the height of its transporter notes line, in px. */
const DETAIL_PADDING = 20;
const NOTES_HEIGHT = 28;

export interface OrderGridHandle extends ListHandle {
  /** Forgets every chosen row (after an action changed them). */
  clearSelection(): void;
}

export interface OrderGridProps {
  /** The status tab sent as tab_status. */
  tab: string;
  /** A tab that is a filter rather than a status (a transporter's answer tabs filter Dispatch_Status). */
  tabFilter?: ListFilter | null;
  statuses: CodeText[];
  shipmentTypes: CodeText[];
  /** A customer or vendor is signed in: the transporter column reads Customer/Vendor. */
  relation: boolean;
  stateKey?: string;
  ariaLabel: string;
  ref?: Ref<OrderGridHandle>;
  onSelectionChange: (rows: OrderRow[]) => void;
  onOpen: (row: OrderRow) => void;
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
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar)': { pointerEvents: 'none' },
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar) .ag-body-horizontal-scroll-viewport': {
      backgroundColor: 'transparent',
    },
  },
  numeric: {
    fontVariantNumeric: 'tabular-nums',
  },
  detail: {
    boxSizing: 'border-box',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalS} 48px`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  notes: {
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
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
  rows: OrderRow[];
  total: number;
}

const idOf = (row: Row) => textOf(row.Id);
const linesOf = (row: Row) => (Array.isArray(row.Details) ? (row.Details as Row[]) : []);
const showsConversion = (row: Row) => row.Show_Conversion_Type === 'Y';

function detailHeight(row: Row): number {
  return (
    DETAIL_PADDING +
    (textOf(row.Transporter_Notes) ? NOTES_HEIGHT : 0) +
    LINE_HEADER_HEIGHT +
    lineRowCount(linesOf(row).length, showsConversion(row)) * LINE_HEIGHT
  );
}

function readQuery(gridApi: GridApi): ListQuery {
  return toListQuery(gridApi.getState().sort?.sortModel ?? [], gridApi.getFilterModel());
}

export function OrderGrid(props: OrderGridProps) {
  const { tab, stateKey, ariaLabel, ref, relation } = props;
  const tabFilter = props.tabFilter ?? null;
  // What the chosen tab asks: a new one starts from its first row.
  const tabKey = JSON.stringify([tab, tabFilter]);
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const localeText = useGridLocaleText();
  const apiRef = useRef<GridApi | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

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

  // New, equal choice lists from a Refresh must not rebuild the columns (that drops the typed filters).
  const [choices, setChoices] = useState({ statuses: props.statuses, shipmentTypes: props.shipmentTypes });
  if (
    (choices.statuses !== props.statuses || choices.shipmentTypes !== props.shipmentTypes) &&
    JSON.stringify(choices) !==
      JSON.stringify({ statuses: props.statuses, shipmentTypes: props.shipmentTypes })
  ) {
    setChoices({ statuses: props.statuses, shipmentTypes: props.shipmentTypes });
  }

  const [page, setPage] = useState(() => kept?.pagination?.page ?? 0);
  const [pageTab, setPageTab] = useState(tabKey);
  // The rows chosen, by Id, across pages: the grid itself only knows the page on screen.
  const chosen = useRef(new Map<string, OrderRow>());
  if (pageTab !== tabKey) {
    setPageTab(tabKey);
    setPage(0);
  }
  // Another tab is another list: nothing stays chosen.
  useEffect(() => {
    chosen.current = new Map();
  }, [tabKey]);
  const [query, setQuery] = useState<ListQuery | null>(null);
  const [reload, setReload] = useState(0);
  const [answer, setAnswer] = useState<ListAnswer>({ rows: [], total: 0 });
  const requestKey = query ? JSON.stringify([tabKey, page, query, reload]) : null;
  const [answeredKey, setAnsweredKey] = useState<string | null>(null);
  const loading = requestKey === null || requestKey !== answeredKey;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const report = useCallback(() => callbacks.current.onSelectionChange([...chosen.current.values()]), []);

  // What the list asks for now, without the page: an export takes the same rows.
  const asked = useMemo<ListQuery & { tab_status: string }>(
    () => ({
      tab_status: tab,
      sorts: query?.sorts ?? [],
      // The tab's filter stands in for the column's own on the same field.
      filters: tabFilter
        ? [...(query?.filters ?? []).filter((f) => f.field !== tabFilter.field), tabFilter]
        : (query?.filters ?? []),
    }),
    [tab, tabFilter, query],
  );

  useImperativeHandle(
    ref,
    () => ({
      refresh: () => setReload((n) => n + 1),
      query: () => asked,
      clearFilters: () => apiRef.current?.setFilterModel(null),
      clearSelection: () => {
        chosen.current = new Map();
        apiRef.current?.deselectAll();
        report();
      },
    }),
    [report, asked],
  );

  useEffect(() => {
    if (!query || requestKey === null) return;
    let live = true;
    api
      .post<OrderRow[]>('order/list', { ...asked, start: page * PAGE_SIZE, rows: PAGE_SIZE })
      .then((res) => {
        if (!live) return;
        if (!res.success) {
          callbacks.current.onError(new Error(res.message));
          return;
        }
        const rows = Array.isArray(res.data) ? res.data : [];
        const total = res.totalRecords ?? page * PAGE_SIZE + rows.length;
        if (!rows.length && page > 0 && total > 0) {
          setPage(Math.ceil(total / PAGE_SIZE) - 1);
          return;
        }
        // A chosen row read again carries its new flags (an action may have changed them).
        for (const row of rows) {
          if (chosen.current.has(idOf(row))) chosen.current.set(idOf(row), row);
        }
        setAnswer({ rows, total });
        callbacks.current.onSelectionChange([...chosen.current.values()]);
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
    // asked follows tab, tabFilter and query, all three in requestKey: a new object alone asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, requestKey]);

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
        t(open ? 'orderList.hideLines' : 'orderList.showLines', { order: textOf(row.Order_No) }),
    }),
    [t, toggle],
  );

  const columnDefs = useMemo<ColDef<Entry>[]>(() => {
    const columns = orderColumns(t, { ...choices, relation }).map((column) => {
      const def = toColDef(column, styles.numeric) as ColDef<Entry>;
      def.comparator = () => 0;
      if (column.field === 'Status') {
        def.cellRenderer = (params: ICellRendererParams<Entry>) => (
          <OrderStatusBadge
            code={textOf(params.value)}
            text={params.valueFormatted ?? textOf(params.value)}
          />
        );
      }
      return def;
    });
    return [expanderColumn(t('orderList.lines')), ...columns];
  }, [t, choices, relation, styles.numeric]);

  const rowData = useMemo(() => withDetails(answer.rows, idOf, expanded), [answer.rows, expanded]);
  const shared = useMemo(() => {
    const options = expandableGridOptions({ idOf, lineCount: (row) => linesOf(row).length });
    return {
      ...options,
      getRowHeight: (params: RowHeightParams<Entry>) =>
        params.data && isDetailEntry(params.data) ? detailHeight(detailParent(params.data)) : undefined,
    };
  }, []);

  const DetailRow = useCallback(
    (params: ICellRendererParams<Entry>) => {
      const row = params.data ? detailParent(params.data) : {};
      const notes = textOf(row.Transporter_Notes);
      return (
        <div className={styles.detail}>
          {notes ? (
            <Text className={styles.notes} title={notes}>
              {t('orderList.transporterNotes', { notes })}
            </Text>
          ) : null}
          <OrderLinesTable
            caption={t('orderList.linesOf', { order: textOf(row.Order_No) })}
            lines={linesOf(row)}
            showConversion={showsConversion(row)}
          />
        </div>
      );
    },
    [styles.detail, styles.notes, t],
  );

  const queryKey = useRef<string | null>(null);

  const onGridReady = useCallback((event: GridReadyEvent<Entry>) => {
    apiRef.current = event.api;
    const gridApi = event.api;
    callbacks.current.onFilterCountChange(Object.keys(gridApi.getFilterModel() ?? {}).length);
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

  // Rows chosen on another page stay chosen: the page on screen shows them ticked again.
  const restoring = useRef(false);
  const onRowDataUpdated = useCallback(() => {
    const gridApi = apiRef.current;
    if (!gridApi) return;
    const nodes = [] as Parameters<GridApi['setNodesSelected']>[0]['nodes'];
    gridApi.forEachNode((node) => {
      const data = node.data as Entry | undefined;
      if (data && !isDetailEntry(data) && chosen.current.has(idOf(data))) nodes.push(node);
    });
    if (!nodes.length) return;
    restoring.current = true;
    gridApi.setNodesSelected({ nodes, newValue: true });
    restoring.current = false;
  }, []);

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
          onRowDataUpdated={onRowDataUpdated}
          onRowSelected={(event) => {
            if (restoring.current || !event.data || isDetailEntry(event.data)) return;
            const row = sourceRow(event.data) as OrderRow;
            if (event.node.isSelected()) chosen.current.set(idOf(row), row);
            else chosen.current.delete(idOf(row));
          }}
          onSelectionChanged={() => {
            if (!restoring.current) report();
          }}
          onRowDoubleClicked={(event) => {
            const entry = event.data as Entry | undefined;
            if (entry && !isDetailEntry(entry)) callbacks.current.onOpen(sourceRow(entry) as OrderRow);
          }}
          onCellKeyDown={(event) => {
            if (expanderKeyDown(event, toggle)) return;
            const key = (event.event as KeyboardEvent | undefined)?.key;
            if (key === 'Enter' && event.data && !isDetailEntry(event.data)) {
              callbacks.current.onOpen(sourceRow(event.data) as OrderRow);
            }
          }}
        />
      </div>
      <nav className={styles.pager} aria-label={t('orderList.pager')}>
        <Text className={styles.summary} aria-live="polite">
          {t('orderList.range', {
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
          {t('orderList.pageOf', { page: formatCount(page + 1), pages: formatCount(pages) })}
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
