// A list cell that opens its row's document (a column with `link`, columns.ts): a link to the document's own page,
// which a modified or middle click may open in another tab, or a button where the document opens in place (a
// panel on the list). The grid moves the focus between cells, so the link itself is out of the tab order and Enter
// on its cell opens it (DataGrid). Rows without a document to open show the value as plain text.
import { Link } from '@fluentui/react-components';
import type { ICellRendererParams, SuppressMouseEventHandlingParams } from 'ag-grid-community';
import type { MouseEvent } from 'react';
import { textOf } from './cellFormat';

/** What a cell's link opens: a page of the console (`href`), or, without one, something opened in place. */
export interface CellLink {
  href?: string;
  open: () => void;
}

/** Marks the link, so a click on it does not also choose or unchoose the row. */
const CELL_LINK = 'data-cell-link';

export interface LinkCellParams {
  link: (row: Record<string, unknown>) => CellLink | null;
}

export function LinkCell(params: ICellRendererParams & LinkCellParams) {
  const text = params.valueFormatted ?? textOf(params.value);
  const target = params.data ? params.link(params.data as Record<string, unknown>) : null;
  if (!target) return <>{text}</>;
  const onClick = (event: MouseEvent<HTMLElement>) => {
    // A new tab or window for the page is the browser's to open.
    if (target.href && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return;
    event.preventDefault();
    target.open();
  };
  return (
    <Link href={target.href} tabIndex={-1} {...{ [CELL_LINK]: '' }} onClick={onClick}>
      {text}
    </Link>
  );
}

/** The grid leaves a click on the link to the link (it does not choose the row). */
export function isLinkClick(params: SuppressMouseEventHandlingParams): boolean {
  const target = params.event.target;
  return target instanceof Element && target.closest(`[${CELL_LINK}]`) !== null;
}
