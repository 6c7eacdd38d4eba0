// Expandable rows on AG Grid Community, shared by the SAP order list, the order list (both through
// serverPagedGrid.tsx) and the Filter from SAP result.
//
// AG Grid's master/detail is an Enterprise feature. What Community has is full-width rows, so an expanded row is
// followed by a row of its own in the grid's data: a "detail entry" that the grid draws across the whole width
// (isFullWidthRow) with the lines table in it, at a height computed from its number of lines (getRowHeight). Both
// grids hold only what is on screen in the client-side row model (the list one page of 15 asked from the server,
// the result the documents the filter found), so inserting and removing entries is a cheap immutable update keyed
// by getRowId. The infinite row model was not an option: its rows all have one height and cannot be inserted.
//
// Master rows carry an `__expanded` flag in the copy the grid holds, so the chevron cell re-renders by itself when
// its row opens or closes; callers read their own rows back with `sourceRow`.
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import type {
  CellKeyDownEvent,
  ColDef,
  FullWidthCellKeyDownEvent,
  GetRowIdParams,
  ICellRendererParams,
  IsFullWidthRowParams,
  RowHeightParams,
} from 'ag-grid-community';
import type { ReactNode } from 'react';

export const EXPANDER_COLUMN = '__expander';
const EXPANDED = '__expanded';
const DETAIL_OF = '__detailOf';

export type Row = Record<string, unknown>;

/** What the grid holds: a master row (a copy with its expanded flag) or the detail entry after an expanded one. */
export type Entry = Row & { [EXPANDED]?: boolean; [DETAIL_OF]?: Row };

/** Heights of the detail table, in px: its header and each line, plus the padding around it. */
export const DETAIL_HEADER_HEIGHT = 32;
export const DETAIL_LINE_HEIGHT = 30;
const DETAIL_PADDING = 20;

export function isDetailEntry(entry: unknown): boolean {
  return typeof entry === 'object' && entry !== null && DETAIL_OF in entry;
}

/** The row a detail entry belongs to. */
export function detailParent(entry: Entry): Row {
  return entry[DETAIL_OF] ?? entry;
}

export function isExpandedEntry(entry: Entry | undefined): boolean {
  return entry?.[EXPANDED] === true;
}

/** The caller's row without the grid's flag. */
export function sourceRow(entry: Entry): Row {
  const { [EXPANDED]: _expanded, ...row } = entry;
  return row;
}

/** The rows as the grid holds them: each expanded one followed by its detail entry. */
export function withDetails(rows: Row[], idOf: (row: Row) => string, expanded: ReadonlySet<string>): Entry[] {
  const entries: Entry[] = [];
  for (const row of rows) {
    const open = expanded.has(idOf(row));
    entries.push({ ...row, [EXPANDED]: open });
    if (open) entries.push({ [DETAIL_OF]: row });
  }
  return entries;
}

export function detailHeight(lines: number): number {
  return DETAIL_HEADER_HEIGHT + Math.max(1, lines) * DETAIL_LINE_HEIGHT + DETAIL_PADDING;
}

const useStyles = makeStyles({
  expander: {
    minWidth: 0,
    width: '28px',
    height: '28px',
  },
  detail: {
    boxSizing: 'border-box',
    height: '100%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalS} 48px`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflowX: 'auto',
  },
  table: {
    borderCollapse: 'collapse',
    minWidth: '480px',
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
  },
  head: {
    height: `${DETAIL_HEADER_HEIGHT}px`,
    padding: `0 ${tokens.spacingHorizontalM}`,
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cell: {
    height: `${DETAIL_LINE_HEIGHT - 1}px`,
    padding: `0 ${tokens.spacingHorizontalM}`,
    whiteSpace: 'nowrap',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  numeric: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
});

export interface DetailColumn {
  key: string;
  header: string;
  numeric?: boolean;
  format: (line: Row) => ReactNode;
}

/** The lines of one row, as the full-width detail row shows them. */
export function DetailTable(props: {
  caption: string;
  columns: DetailColumn[];
  lines: Row[];
  emptyText: string;
}) {
  const styles = useStyles();
  const { caption, columns, lines, emptyText } = props;
  return (
    <div className={styles.detail}>
      <table className={styles.table} aria-label={caption}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={mergeClasses(styles.head, c.numeric && styles.numeric)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td className={mergeClasses(styles.cell, styles.empty)} colSpan={columns.length}>
                {emptyText}
              </td>
            </tr>
          ) : (
            lines.map((line, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.key} className={mergeClasses(styles.cell, c.numeric && styles.numeric)}>
                    {c.format(line)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export interface ExpanderContext {
  toggle: (row: Row) => void;
  /** Accessible name of the chevron of a row ("Show lines of 0010000001"). */
  label: (row: Row, expanded: boolean) => string;
}

function ExpanderCell(params: ICellRendererParams<Entry, unknown, ExpanderContext>) {
  const styles = useStyles();
  const entry = params.data;
  if (!entry || isDetailEntry(entry)) return null;
  const expanded = isExpandedEntry(entry);
  const row = sourceRow(entry);
  return (
    <Button
      className={styles.expander}
      appearance="subtle"
      size="small"
      // The grid moves the focus between cells; Enter or Space on this cell toggles it (expanderKeyDown).
      tabIndex={-1}
      aria-expanded={expanded}
      aria-label={params.context.label(row, expanded)}
      icon={expanded ? <ChevronDown20Regular /> : <ChevronRight20Regular />}
      onClick={(event) => {
        event.stopPropagation();
        params.context.toggle(row);
      }}
    />
  );
}

/** The chevron column, first in both grids. */
export function expanderColumn(headerName: string): ColDef<Entry> {
  return {
    colId: EXPANDER_COLUMN,
    headerName: '',
    headerTooltip: headerName,
    width: 48,
    minWidth: 48,
    maxWidth: 48,
    pinned: 'left',
    lockPinned: true,
    lockPosition: 'left',
    sortable: false,
    resizable: false,
    suppressMovable: true,
    cellRenderer: ExpanderCell,
    cellStyle: { display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 0 },
  };
}

/** Enter or Space on the chevron cell toggles its row; returns whether the key was taken. */
export function expanderKeyDown(
  event: CellKeyDownEvent<Entry> | FullWidthCellKeyDownEvent<Entry>,
  toggle: (row: Row) => void,
): boolean {
  const key = (event.event as KeyboardEvent | undefined)?.key;
  if (!('column' in event) || event.column.getColId() !== EXPANDER_COLUMN) return false;
  if (!event.data || isDetailEntry(event.data)) return false;
  if (key !== 'Enter' && key !== ' ') return false;
  (event.event as KeyboardEvent).preventDefault();
  toggle(sourceRow(event.data));
  return true;
}

/** The grid options every expandable grid shares. */
export function expandableGridOptions(options: {
  idOf: (row: Row) => string;
  lineCount: (row: Row) => number;
}) {
  const { idOf, lineCount } = options;
  return {
    getRowId: (params: GetRowIdParams<Entry>) => {
      const entry = params.data;
      return isDetailEntry(entry) ? `${idOf(detailParent(entry))}::lines` : idOf(entry);
    },
    isFullWidthRow: (params: IsFullWidthRowParams<Entry>) => isDetailEntry(params.rowNode.data),
    getRowHeight: (params: RowHeightParams<Entry>) =>
      params.data && isDetailEntry(params.data)
        ? detailHeight(lineCount(detailParent(params.data)))
        : undefined,
  };
}
