// The order list's grid (spec/1 §2 "Order list screen"): one page of 15 rows asked from the server with the list
// protocol (tab, multi-column sort, the filter row), rows that expand onto the transporter notes and the lines
// (with the conversion columns and their total when the order shows them), the console's pager, several rows
// chosen with checkboxes and kept by Id across pages, and the table state kept per user.
//
// The page, the pager and the kept state are the server-paged grid's, shared with the SAP order list
// (components/grid/serverPagedGrid.tsx, which says why the page sits in the client-side row model); this file
// holds what is the order list's own: its columns, its detail row, its selection and what its tab asks.
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import {
  ModuleRegistry,
  RowApiModule,
  type ICellRendererParams,
  type IRowNode,
  type RowSelectionOptions,
} from 'ag-grid-community';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../components/grid/cellFormat';
import type { ListFilter, ListQuery } from '../../components/grid/listQuery';
import type { ListHandle } from '../../components/grid/ListToolbar';
import { detailParent, isDetailEntry, sourceRow, type Entry } from '../../components/grid/expandableRows';
import {
  idOf,
  linesOf,
  ServerPagedGrid,
  useServerPagedGrid,
  useStableList,
} from '../../components/grid/serverPagedGrid';
import { orderColumns } from './columns';
import { LINE_HEADER_HEIGHT, LINE_HEIGHT, lineRowCount, OrderLinesTable } from './OrderLinesTable';
import { OrderStatusBadge } from './OrderStatusBadge';
import type { CodeText, OrderRow, Row } from './types';

// forEachNode: the chosen rows of other pages are ticked again when their page comes back.
ModuleRegistry.registerModules([RowApiModule]);

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
  /** Forgets every chosen row. */
  clearSelection(): void;
  /** Reads the page again after an action: the chosen rows still listed stay chosen, with their new flags. */
  refreshKeepingSelection(): void;
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
  /** A transporter or relation is signed in: Created By / Edited By neither filter nor sort. */
  party?: boolean;
  stateKey?: string;
  ariaLabel: string;
  ref?: Ref<OrderGridHandle>;
  onSelectionChange: (rows: OrderRow[]) => void;
  onOpen: (row: OrderRow) => void;
  onFilterCountChange: (count: number) => void;
  onError: (error: unknown) => void;
}

const useStyles = makeStyles({
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
});

const showsConversion = (row: Row) => row.Show_Conversion_Type === 'Y';

function detailHeight(row: Row): number {
  return (
    DETAIL_PADDING +
    (textOf(row.Transporter_Notes) ? NOTES_HEIGHT : 0) +
    LINE_HEADER_HEIGHT +
    lineRowCount(linesOf(row).length, showsConversion(row)) * LINE_HEIGHT
  );
}

export function OrderGrid(props: OrderGridProps) {
  const { tab, stateKey, ariaLabel, ref, relation, onSelectionChange } = props;
  const party = props.party ?? false;
  const tabFilter = props.tabFilter ?? null;
  // What the chosen tab asks: a new one starts from its first row.
  const tabKey = JSON.stringify([tab, tabFilter]);
  const { t } = useTranslation();
  const styles = useStyles();

  // New, equal choice lists from a Refresh must not rebuild the columns (that drops the typed filters).
  // Only what the columns show: the master list's statuses also carry their tab counts, which change with every
  // action and would otherwise rebuild the columns (and drop the typed filters) each time the counts are read.
  const statuses = useStableList(props.statuses.map(({ code, text }) => ({ code, text })));
  const shipmentTypes = useStableList(props.shipmentTypes);
  const columns = useMemo(
    () => orderColumns(t, { statuses, shipmentTypes, relation, party }),
    [t, statuses, shipmentTypes, relation, party],
  );
  const expanderLabel = useCallback(
    (row: Row, open: boolean) =>
      t(open ? 'orderList.hideLines' : 'orderList.showLines', { order: textOf(row.Order_No) }),
    [t],
  );

  // The rows chosen, by Id, across pages: the grid itself only knows the page on screen. The grid's ticks and
  // this map are one truth: whatever forgets the choice clears both, and the toolbar counts this map.
  const chosen = useRef(new Map<string, OrderRow>());
  const report = useCallback(() => onSelectionChange([...chosen.current.values()]), [onSelectionChange]);
  // After an action the list is read again: the chosen rows it still lists stay chosen, with their new flags;
  // those the action took out of the list (another tab now) are let go rather than counted unseen.
  const pruneAfterRead = useRef(false);
  // While the grid's ticks are set to match the map (a page shown again, the choice forgotten), its selection
  // events are not the user's.
  const restoring = useRef(false);

  // What the list asks for, without the page: an export takes the same rows.
  const ask = useCallback(
    (query: ListQuery | null): ListQuery & { tab_status: string } => ({
      tab_status: tab,
      sorts: query?.sorts ?? [],
      // The tab's filter stands in for the column's own on the same field.
      filters: tabFilter
        ? [...(query?.filters ?? []).filter((f) => f.field !== tabFilter.field), tabFilter]
        : (query?.filters ?? []),
    }),
    [tab, tabFilter],
  );

  const grid = useServerPagedGrid<OrderRow>({
    path: 'order/list',
    tabKey,
    body: (query, page) => ({ ...ask(query), ...page }),
    stateKey,
    columns,
    statusBadge: OrderStatusBadge,
    expanderHeader: t('orderList.lines'),
    expanderLabel,
    detailHeight,
    onPage: (rows) => {
      // A chosen row read again carries its new flags (an action may have changed them).
      const listed = new Set<string>();
      for (const row of rows) {
        listed.add(idOf(row));
        if (chosen.current.has(idOf(row))) chosen.current.set(idOf(row), row);
      }
      if (pruneAfterRead.current) {
        pruneAfterRead.current = false;
        for (const id of [...chosen.current.keys()]) if (!listed.has(id)) chosen.current.delete(id);
      }
      report();
    },
    onOpen: props.onOpen,
    onFilterCountChange: props.onFilterCountChange,
    onError: props.onError,
  });
  const { apiRef, query, refresh, clearFilters } = grid;

  const clearSelection = useCallback(() => {
    chosen.current = new Map();
    restoring.current = true;
    apiRef.current?.deselectAll();
    restoring.current = false;
    report();
  }, [apiRef, report]);

  // Another tab is another list: nothing stays chosen, neither in the map nor ticked on the grid (rows the two
  // tabs share would otherwise stay ticked while the toolbar counts none).
  const shownTab = useRef(tabKey);
  useEffect(() => {
    if (shownTab.current === tabKey) return;
    shownTab.current = tabKey;
    clearSelection();
  }, [tabKey, clearSelection]);

  useImperativeHandle(
    ref,
    () => ({
      refresh,
      query: () => ask(query),
      clearFilters,
      clearSelection,
      refreshKeepingSelection: () => {
        pruneAfterRead.current = true;
        refresh();
      },
    }),
    [refresh, clearFilters, clearSelection, ask, query],
  );

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

  // Rows chosen on another page stay chosen: the page on screen shows them ticked again.
  const onRowDataUpdated = useCallback(() => {
    const gridApi = apiRef.current;
    if (!gridApi) return;
    const nodes: IRowNode<Entry>[] = [];
    gridApi.forEachNode((node) => {
      const data = node.data;
      if (data && !isDetailEntry(data) && chosen.current.has(idOf(data))) nodes.push(node);
    });
    if (!nodes.length) return;
    restoring.current = true;
    gridApi.setNodesSelected({ nodes, newValue: true });
    restoring.current = false;
  }, [apiRef]);

  return (
    <ServerPagedGrid
      grid={grid}
      ariaLabel={ariaLabel}
      pagerTexts={{
        label: t('orderList.pager'),
        range: (counts) => t('orderList.range', counts),
        pageOf: (counts) => t('orderList.pageOf', counts),
      }}
      fullWidthCellRenderer={DetailRow}
      rowSelection={ROW_SELECTION}
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
    />
  );
}
