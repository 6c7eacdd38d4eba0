// The toolbar of every list screen: the page's own buttons first (create, view, approve...: what the user's rights
// and the chosen row allow), then what every list has: Refresh, Clear filters with a badge counting the columns
// filtered, and, where the list can be exported, Export CSV and Export Excel of the rows as the user filtered and
// sorted them (`POST <path>/export`, the server's file). Every button is a plain button in the Tab order. A page
// may give its actions as a list (`actions`, ToolbarActions.tsx): on a phone only the pinned ones stay buttons and
// the others, with Clear filters and the exports, go into one More menu, so the toolbar stays one row.
import { Button, CounterBadge, Spinner, Tooltip } from '@fluentui/react-components';
import {
  ArrowClockwise20Regular,
  DocumentTable20Regular,
  FilterDismiss20Regular,
} from '@fluentui/react-icons';
import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../shell/notify';
import { useScreenStyles } from '../screenStyles';
import { ToolbarActions, usePhoneToolbar, type ToolbarAction } from './ToolbarActions';
import { downloadFile } from './download';
import type { ListQuery } from './listQuery';

/** What the toolbar needs of a list grid. */
export interface ListHandle {
  /** Asks for the rows on screen again, keeping sort, filters and page. */
  refresh(): void;
  clearFilters(): void;
  /** The current sorts and filters in the list protocol's terms (for exports), with the tab where the list has one. */
  query?(): ListQuery & { tab_status?: string };
}

export type ExportFormat = 'csv' | 'xlsx';

export interface ListExport {
  /** API path of the list without `/export`. */
  path: string;
  /** The file's name without extension, when the server does not name it. */
  fileName: string;
}

export interface ListToolbarProps {
  list: RefObject<ListHandle | null>;
  /** Columns with an active filter, as the grid reports them. */
  filterCount: number;
  /** What Refresh reads again, when it is more than the list (the tab counts). */
  onRefresh?: () => void;
  /** Where the list can be exported; without it there are no export buttons. */
  exportTo?: ListExport;
  /** The page's own actions, before the list's; on a phone the unpinned ones go into the More menu. */
  actions?: readonly ToolbarAction[];
  /** The page's own buttons (or text), before the list's. */
  children?: ReactNode;
  /** The page's buttons after the list's (Import beside the exports). */
  after?: ReactNode;
}

export function ListToolbar(props: ListToolbarProps) {
  const { list, filterCount, onRefresh, exportTo, actions, children, after } = props;
  const { t } = useTranslation();
  const screen = useScreenStyles();
  const notify = useNotify();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const phone = usePhoneToolbar();
  // Only a page that gives its actions as a list folds the toolbar on a phone.
  const folded = phone && actions !== undefined;

  async function exportList(target: ListExport, format: ExportFormat) {
    setExporting(format);
    try {
      const query = list.current?.query?.() ?? { sorts: [], filters: [] };
      const refused = await downloadFile(
        'POST',
        `${target.path}/export`,
        { format, ...query },
        `${target.fileName}.${format}`,
      );
      if (refused) notify.error(refused.message || t('common.requestFailed'));
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setExporting(null);
    }
  }

  const clearFilters = () => list.current?.clearFilters();
  // The list's own actions as the More menu lists them on a phone.
  const listActions: ToolbarAction[] = folded
    ? [
        {
          key: 'clear-filters',
          label: t('grid.clearFiltersCount', { count: filterCount }),
          icon: <FilterDismiss20Regular />,
          disabled: filterCount === 0,
          onClick: clearFilters,
        },
        ...(exportTo
          ? (['csv', 'xlsx'] as const).map((format) => ({
              key: `export-${format}`,
              label: t(format === 'csv' ? 'resources.exportCsv' : 'resources.exportExcel'),
              icon: <DocumentTable20Regular />,
              disabled: exporting !== null,
              onClick: () => void exportList(exportTo, format),
            }))
          : []),
      ]
    : [];

  return (
    <div className={screen.toolbar} role="toolbar" aria-label={t('resources.actions')}>
      {actions ? <ToolbarActions actions={actions} more={listActions} phone={folded} /> : null}
      {children}
      {children || actions ? <span className={screen.separator} aria-hidden="true" /> : null}
      <Tooltip content={t('resources.refresh')} relationship="label">
        <Button icon={<ArrowClockwise20Regular />} onClick={onRefresh ?? (() => list.current?.refresh())} />
      </Tooltip>
      {folded ? null : listButtons()}
      {after}
    </div>
  );

  // Clear filters and the exports as buttons (folded into the More menu on a phone).
  function listButtons() {
    return (
      <>
        <Button
          icon={<FilterDismiss20Regular />}
          disabled={filterCount === 0}
          aria-label={t('grid.clearFiltersCount', { count: filterCount })}
          onClick={clearFilters}
        >
          {t('grid.clearFilters')}
          {filterCount > 0 ? (
            <CounterBadge
              count={filterCount}
              size="small"
              appearance="filled"
              color="brand"
              aria-hidden="true"
              className={screen.badge}
            />
          ) : null}
        </Button>
        {exportTo ? (
          <>
            <Button
              icon={exporting === 'csv' ? <Spinner size="tiny" /> : <DocumentTable20Regular />}
              disabled={exporting !== null}
              onClick={() => void exportList(exportTo, 'csv')}
            >
              {t('resources.exportCsv')}
            </Button>
            <Button
              icon={exporting === 'xlsx' ? <Spinner size="tiny" /> : <DocumentTable20Regular />}
              disabled={exporting !== null}
              onClick={() => void exportList(exportTo, 'xlsx')}
            >
              {t('resources.exportExcel')}
            </Button>
          </>
        ) : null}
      </>
    );
  }
}
