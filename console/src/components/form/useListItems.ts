// A short list for a select, loaded whole from a lookup (`GET /api/list/<name>?q=&page=`, 10 a page, from page 0):
// create types, the order types of a create type, the values of a lookup group. The pages are read until the server
// says there are no more (capped, so a wrong answer cannot loop). Asked again when the URL, its parameters or
// the interface language change (the texts come localised).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { textOf } from '../grid/cellFormat';

/** A dropdown item of `GET /api/list/...`: id and text, plus whatever wire fields the lookup adds. */
export interface ListItem {
  id: string;
  text: string;
  [field: string]: unknown;
}

const MAX_PAGES = 20;
// One empty list while loading, so a select's memo holds across renders.
const NONE: ListItem[] = [];

interface LookupAnswer {
  items?: Record<string, unknown>[];
  more?: boolean;
}

export interface ListState {
  items: ListItem[];
  loaded: boolean;
}

/**
 * `url` null loads nothing (the list is not needed). `onError` hears a refusal or a transport failure once per
 * load; without it a failing list is simply empty (spec/3 §8: a failing dropdown only stops loading).
 */
export function useListItems(
  url: string | null,
  params: Record<string, string> = {},
  onError?: (error: unknown, message: string) => void,
): ListState {
  const { i18n } = useTranslation();
  const paramsKey = JSON.stringify(params);
  const query = useQuery({
    queryKey: ['list-items', url, paramsKey, i18n.language],
    queryFn: () => loadAll(url ?? '', JSON.parse(paramsKey) as Record<string, string>),
    enabled: !!url,
  });
  const answer = url ? query.data : undefined;
  const failure = answer?.failure;

  // Heard once per failed load, while the list is still wanted.
  useEffect(() => {
    if (failure) onError?.(failure.error, failure.message);
    // onError is read when a load fails; a new function each render must not be heard again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  return useMemo(
    () => (answer ? { items: answer.items, loaded: true } : { items: NONE, loaded: false }),
    [answer],
  );
}

interface LoadedList {
  items: ListItem[];
  /** What went wrong, when the list stopped early: the items read until then are kept. */
  failure?: { error: unknown; message: string };
}

async function loadAll(url: string, params: Record<string, string>): Promise<LoadedList> {
  const items: ListItem[] = [];
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const search = new URLSearchParams({ ...params, q: '', page: String(page) });
      const res = await api.get<LookupAnswer>(`${url}?${search.toString()}`);
      if (!res.success) return { items, failure: { error: null, message: res.message } };
      for (const item of res.data?.items ?? []) {
        if (item.id === null || item.id === undefined) continue;
        items.push({ ...item, id: textOf(item.id), text: textOf(item.text ?? item.id) });
      }
      if (res.data?.more !== true) break;
    }
  } catch (error) {
    return { items, failure: { error, message: '' } };
  }
  return { items };
}
