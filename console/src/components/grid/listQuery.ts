// The list protocol (DESIGN.md §3) on the console side: one datasource factory for every AG Grid list. The grid's
// sort model becomes `sorts` (multi-column, in the order the user chose), the column filters become `filters`;
// the server whitelists both per list, so a column offers only what the list declares.
import type { IDatasource, IGetRowsParams, SortModelItem } from 'ag-grid-community';
import { api } from '../../api/client';

export type MatchMode = 'contains' | 'equals' | 'date' | 'dateRange';

/** What a column filter holds: already in the protocol's terms. */
export interface ListFilterModel {
  matchMode: MatchMode;
  value: string | [string, string];
}

export interface ListSort {
  field: string;
  order: 1 | -1;
}

export interface ListFilter {
  field: string;
  value: string | [string, string];
  matchMode: MatchMode;
}

export interface ListQuery {
  sorts: ListSort[];
  filters: ListFilter[];
}

function isFilterModel(value: unknown): value is ListFilterModel {
  return typeof value === 'object' && value !== null && 'matchMode' in value && 'value' in value;
}

/** The grid's sort and filter models as the protocol's `sorts` and `filters`. */
export function toListQuery(sortModel: readonly SortModelItem[], filterModel: unknown): ListQuery {
  const sorts = sortModel.map((s) => ({ field: s.colId, order: s.sort === 'desc' ? -1 : 1 }) as ListSort);
  const filters: ListFilter[] = [];
  if (typeof filterModel === 'object' && filterModel !== null) {
    for (const [field, model] of Object.entries(filterModel as Record<string, unknown>)) {
      if (isFilterModel(model) && model.value !== '') {
        filters.push({ field, value: model.value, matchMode: model.matchMode });
      }
    }
  }
  return { sorts, filters };
}

export interface ListDatasourceOptions {
  /** API path of the list without `/list`, e.g. `company` → POST /api/company/list. */
  path: string;
  /** Extra body fields (a status tab). */
  extra?: () => Record<string, unknown>;
  onLoadingChange?: (loading: boolean) => void;
  /** Every answered page reports the total, so the page can show "no records" and the pager its count. */
  onTotal?: (totalRecords: number) => void;
  /** A refused or failed page: the message to show (the server's, or the transport error). */
  onError: (error: unknown) => void;
}

/** One datasource for every list screen: each block of the infinite row model is one list request. */
export function createListDatasource(options: ListDatasourceOptions): IDatasource {
  let inFlight = 0;
  const loading = (delta: number) => {
    inFlight += delta;
    options.onLoadingChange?.(inFlight > 0);
  };
  return {
    getRows(params: IGetRowsParams) {
      const { sorts, filters } = toListQuery(params.sortModel, params.filterModel);
      const body = {
        ...options.extra?.(),
        start: params.startRow,
        rows: params.endRow - params.startRow,
        sorts,
        filters,
      };
      loading(1);
      api
        .post<Record<string, unknown>[]>(`${options.path}/list`, body)
        .then((res) => {
          if (!res.success) {
            params.failCallback();
            options.onError(new Error(res.message));
            return;
          }
          const rows = Array.isArray(res.data) ? res.data : [];
          const total = res.totalRecords ?? params.startRow + rows.length;
          params.successCallback(rows, total);
          options.onTotal?.(total);
        })
        .catch((error: unknown) => {
          params.failCallback();
          options.onError(error);
        })
        .finally(() => loading(-1));
    },
  };
}
