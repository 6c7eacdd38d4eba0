// Table state (columns, sort, filters) kept per user and table in localStorage under TABLE_STATE_PREFIX, so a
// list opens as the user left it; clearTableState removes it at logout (spec/1 Logout route).
import type { GridState } from 'ag-grid-community';
import { TABLE_STATE_PREFIX } from '../../session/store';

/**
 * The parts of the grid's state worth keeping: columns, sort, filters and the page (so the list opens where the
 * user left it, e.g. after editing a row on page 3, as the original console's table state did); not the scroll
 * position or the selection.
 */
const KEPT = [
  'columnOrder',
  'columnSizing',
  'columnVisibility',
  'columnPinning',
  'sort',
  'filter',
  'pagination',
] as const;

export function tableStateKey(username: string, table: string): string {
  return `${TABLE_STATE_PREFIX}${username}.${table}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadTableState(key: string): GridState | undefined {
  const raw = storage()?.getItem(key);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as GridState) : undefined;
  } catch {
    return undefined;
  }
}

export function saveTableState(key: string, state: GridState): void {
  const kept: GridState = {};
  for (const part of KEPT) {
    if (state[part] !== undefined) (kept as Record<string, unknown>)[part] = state[part];
  }
  try {
    storage()?.setItem(key, JSON.stringify(kept));
  } catch {
    // A full or blocked storage only loses the remembered layout.
  }
}
