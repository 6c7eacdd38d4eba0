// The console's list grid: AG Grid Community with the infinite row model against the list protocol, pages of
// 15 rows (spec/1 §9), multi-column sort (Ctrl-click adds a column), the filter row, one selected row (or, for a
// screen that acts on several at once, checkboxes), and the table state kept per user. Screens give it their
// columns and API path; everything else is the same for every list. AG Grid is loaded only with the screens
// that show a list (DESIGN.md §6 first-screen budget).
import { makeStyles } from '@fluentui/react-components';
import {
  CellStyleModule,
  CustomFilterModule,
  GridStateModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  PaginationModule,
  RowSelectionModule,
  type CellKeyDownEvent,
  type FullWidthCellKeyDownEvent,
  type GridApi,
  type GridOptions,
  type GridReadyEvent,
  type GridState,
  type RowDoubleClickedEvent,
  type StateUpdatedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from './cellFormat';
import { toColDef, type GridColumn } from './columns';
import { gridTheme } from './gridTheme';
import { loadTableState, saveTableState } from './gridState';
import { createListDatasource, toListQuery, type ListQuery } from './listQuery';
import type { ListHandle } from './ListToolbar';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  CustomFilterModule,
  RowSelectionModule,
  GridStateModule,
  LocaleModule,
  CellStyleModule,
]);

export const PAGE_SIZE = 15;
const DEFAULT_COL_DEF = { resizable: true };

export type Row = Record<string, unknown>;

export interface DataGridHandle extends ListHandle {
  query(): ListQuery;
}

export interface DataGridProps {
  /** List API path without `/list`. */
  path: string;
  columns: GridColumn[];
  /** localStorage key of the table state; without one nothing is kept. */
  stateKey?: string;
  ariaLabel: string;
  ref?: Ref<DataGridHandle>;
  onSelectionChange?: (row: Row | null) => void;
  /**
   * 'multiple': a checkbox per row and a click toggles it, for actions on several rows (the Approval screen).
   * Rows stay chosen across pages; there is no select-all, which the infinite row model cannot offer.
   */
  selection?: 'single' | 'multiple';
  /** Every chosen row, whenever the choice changes. */
  onSelectedRowsChange?: (rows: Row[]) => void;
  /** Extra body fields of every list request (a status tab), read at each request. */
  extra?: () => Record<string, unknown>;
  onRowDoubleClick?: (row: Row) => void;
  /** Number of columns with an active filter, whenever it changes. */
  onFilterCountChange?: (count: number) => void;
  onError: (error: unknown) => void;
}

const useStyles = makeStyles({
  grid: {
    width: '100%',
    // Where scrollbars overlay the content (mobile, some desktops) AG Grid lays its invisible horizontal
    // scroller over the last row with the data background, hiding part of it; Apple's variant fades out
    // instead. Here it stays see-through and lets clicks reach the row: the rows scroll sideways by touch or
    // wheel anyway.
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar)': { pointerEvents: 'none' },
    '& .ag-scrollbar-invisible:not(.ag-apple-scrollbar) .ag-body-horizontal-scroll-viewport': {
      backgroundColor: 'transparent',
    },
  },
  numeric: {
    fontVariantNumeric: 'tabular-nums',
  },
});

/** AG Grid's own words (pager, overlays) in the interface language. */
function useLocaleText(): Record<string, string> {
  const { t, i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language only
  return useMemo(() => t('grid.ag', { returnObjects: true }) as Record<string, string>, [t, i18n.language]);
}

export function DataGrid(props: DataGridProps) {
  const {
    path,
    columns,
    stateKey,
    ariaLabel,
    ref,
    onSelectionChange,
    onSelectedRowsChange,
    onRowDoubleClick,
    onFilterCountChange,
    selection = 'single',
  } = props;
  const styles = useStyles();
  const { i18n } = useTranslation();
  const localeText = useLocaleText();
  const apiRef = useRef<GridApi | null>(null);
  const [loading, setLoading] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const onError = useRef(props.onError);
  useEffect(() => {
    onError.current = props.onError;
  }, [props.onError]);
  const extra = useRef(props.extra);
  useEffect(() => {
    extra.current = props.extra;
  }, [props.extra]);

  // Read when a grid instance starts (first render, and each language, see the key below): the grid applies it
  // once, and later changes reach storage through onStateUpdated.
  const initialState = useMemo<GridState | undefined>(
    () => (stateKey ? loadTableState(stateKey) : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-read for the new grid of a new language
    [stateKey, i18n.language],
  );

  const columnDefs = useMemo(
    () => columns.map((c) => toColDef(c, styles.numeric)),
    [columns, styles.numeric],
  );
  // Grid options given as new objects on every render make the grid rebuild its columns each time the screen
  // re-renders (a chosen row, a toolbar state): they are made once.
  const rowSelection = useMemo<GridOptions['rowSelection']>(
    () =>
      selection === 'multiple'
        ? {
            mode: 'multiRow',
            checkboxes: true,
            headerCheckbox: false,
            enableClickSelection: true,
            enableSelectionWithoutKeys: true,
          }
        : { mode: 'singleRow', checkboxes: false, enableClickSelection: true },
    [selection],
  );

  useImperativeHandle(
    ref,
    () => ({
      refresh: () => {
        apiRef.current?.deselectAll();
        apiRef.current?.refreshInfiniteCache();
      },
      clearFilters: () => apiRef.current?.setFilterModel(null),
      query: () => {
        const gridApi = apiRef.current;
        if (!gridApi) return { sorts: [], filters: [] };
        // The grid state lists sorted columns in their sort order.
        const sortModel = gridApi.getState().sort?.sortModel ?? [];
        return toListQuery(sortModel, gridApi.getFilterModel());
      },
    }),
    [],
  );

  const countFilters = useCallback(() => {
    const model = apiRef.current?.getFilterModel() ?? {};
    onFilterCountChange?.(Object.keys(model).length);
  }, [onFilterCountChange]);

  // The datasource starts with the grid (its first page waits for the restored sort and filters). The kept
  // page is not restored by the grid itself with this row model (it cannot know the page count before the
  // first answer), so the list goes there once the first answer has told how many rows there are.
  const onGridReady = useCallback(
    (event: GridReadyEvent) => {
      apiRef.current = event.api;
      countFilters();
      let keptPage = initialState?.pagination?.page ?? 0;
      event.api.setGridOption(
        'datasource',
        createListDatasource({
          path,
          extra: () => extra.current?.() ?? {},
          onLoadingChange: setLoading,
          onTotal: (count) => {
            setTotal(count);
            if (keptPage > 0 && keptPage * PAGE_SIZE < count) event.api.paginationGoToPage(keptPage);
            keptPage = 0;
          },
          onError: (error) => onError.current(error),
        }),
      );
    },
    [countFilters, path, initialState],
  );

  // Enter on a cell with a link opens it, as a click does (the link itself is out of the tab order: LinkCell).
  const onCellKeyDown = useCallback(
    (event: CellKeyDownEvent | FullWidthCellKeyDownEvent) => {
      const key = (event.event as KeyboardEvent | null | undefined)?.key;
      if (key !== 'Enter' || !('column' in event) || !event.data) return;
      const link = columns.find((c) => c.field === event.column.getColId())?.link;
      const target = link?.(event.data as Row);
      if (!target) return;
      (event.event as KeyboardEvent).preventDefault();
      target.open();
    },
    [columns],
  );

  const onStateUpdated = useCallback(
    (event: StateUpdatedEvent) => {
      if (stateKey) saveTableState(stateKey, event.state);
    },
    [stateKey],
  );

  const activeOverlay = loading ? 'agLoadingOverlay' : total === 0 ? 'agNoRowsOverlay' : undefined;

  return (
    <div className={styles.grid} role="region" aria-label={ariaLabel}>
      <AgGridReact
        // localeText is read once: a new language needs a new grid (its state is kept in storage).
        key={i18n.language}
        theme={gridTheme}
        localeText={localeText}
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COL_DEF}
        rowModelType="infinite"
        enableFilterHandlers
        cacheBlockSize={PAGE_SIZE}
        pagination
        paginationPageSize={PAGE_SIZE}
        paginationPageSizeSelector={false}
        // No pager over an empty list ("Page 0 of 0"): the no-rows overlay says what there is.
        suppressPaginationPanel={!total}
        domLayout="autoHeight"
        multiSortKey="ctrl"
        initialState={initialState}
        getRowId={(params) => textOf((params.data as Row).Id ?? params.data)}
        rowSelection={rowSelection}
        activeOverlay={activeOverlay}
        suppressColumnVirtualisation
        onGridReady={onGridReady}
        onStateUpdated={onStateUpdated}
        onFilterChanged={countFilters}
        onSelectionChanged={(event) => {
          const rows = event.api.getSelectedRows() as Row[];
          onSelectionChange?.(rows[0] ?? null);
          onSelectedRowsChange?.(rows);
        }}
        onRowDoubleClicked={(event: RowDoubleClickedEvent) => {
          if (event.data) onRowDoubleClick?.(event.data as Row);
        }}
        onCellKeyDown={onCellKeyDown}
      />
    </div>
  );
}
