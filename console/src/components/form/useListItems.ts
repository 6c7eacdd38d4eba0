// A short list for a select, loaded whole from a lookup (`GET /api/list/<name>?q=&page=`, 10 a page, from page 0):
// create types, the order types of a create type, the values of a lookup group. The pages are read until the server
// says there are no more (capped, so a wrong answer cannot loop). Asked again when the URL, its parameters or
// the interface language change (the texts come localised).
import { useEffect, useState } from 'react';
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
  const [state, setState] = useState<ListState & { key: string }>({ items: [], loaded: false, key: '' });
  const paramsKey = JSON.stringify(params);
  const key = url ? `${url}?${paramsKey}|${i18n.language}` : '';

  useEffect(() => {
    if (!url) return;
    let live = true;
    void (async () => {
      const items: ListItem[] = [];
      try {
        for (let page = 0; page < MAX_PAGES; page++) {
          const search = new URLSearchParams({
            ...(JSON.parse(paramsKey) as Record<string, string>),
            q: '',
            page: String(page),
          });
          const res = await api.get<LookupAnswer>(`${url}?${search.toString()}`);
          if (!res.success) {
            if (live) onError?.(null, res.message);
            break;
          }
          for (const item of res.data?.items ?? []) {
            if (item.id === null || item.id === undefined) continue;
            items.push({ ...item, id: textOf(item.id), text: textOf(item.text ?? item.id) });
          }
          if (res.data?.more !== true) break;
        }
      } catch (error) {
        if (live) onError?.(error, '');
      }
      if (live) setState({ items, loaded: true, key });
    })();
    return () => {
      live = false;
    };
    // onError is read when a load fails; a new function each render must not load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, paramsKey, key]);

  return state.key === key && url ? state : { items: NONE, loaded: false };
}
