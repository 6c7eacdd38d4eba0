// Type-ahead select of a row of another resource (spec/3 §7 "Generic remote dropdown", §9):
// `GET /api/list/<path>?q=&page=` answers `{items: [{id, text}], more}`, 10 a page, pages counted from 0. It
// searches once the user has typed `minChars` characters (3 unless the field says otherwise; 0 searches on
// opening), 250 ms after the last key; "Load more" fetches the next page. The stored value is the id (the business
// key); its text is looked up once when a value arrives (the init lookup: the id as q, with `init`), so the field
// shows "C001 - PT Sawit" rather than a bare code. Read-only, it shows that text as every read-only field does.
import { Combobox, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ReadOnlyValue } from './ReadOnlyValue';

export const REF_DEBOUNCE_MS = 250;
export const DEFAULT_MIN_CHARS = 3;
const MORE = '\u0000more';
const HINT = '\u0000hint';

export interface RefItem {
  id: string;
  text: string;
}

interface LookupAnswer {
  items?: { id: unknown; text?: unknown }[];
  more?: boolean;
}

export interface RefSelectProps {
  /** Lookup path under /api, e.g. `list/company`. */
  url: string;
  /** Extra query parameters (e.g. a lookup group). */
  params?: Record<string, string>;
  value: string | null;
  onChange: (value: string | null) => void;
  minChars?: number;
  disabled?: boolean;
  /** Shows the value's text in a read-only input (ReadOnlyValue): nothing to open, nothing searched. */
  readOnly?: boolean;
  clearable?: boolean;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

const useStyles = makeStyles({
  root: {
    width: '100%',
    minWidth: 0,
  },
  hint: {
    color: tokens.colorNeutralForeground3,
  },
});

function toItems(answer: LookupAnswer | undefined): RefItem[] {
  return (answer?.items ?? [])
    .filter((item) => item.id !== null && item.id !== undefined)
    .map((item) => ({ id: String(item.id), text: String(item.text ?? item.id) }));
}

function query(url: string, q: string, page: number, params?: Record<string, string>, init = false): string {
  const search = new URLSearchParams({ ...params, q, page: String(page), ...(init ? { init: 'true' } : {}) });
  return `${url}?${search.toString()}`;
}

export function RefSelect(props: RefSelectProps) {
  const { url, params, value, onChange, disabled, clearable } = props;
  const minChars = props.minChars ?? DEFAULT_MIN_CHARS;
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [items, setItems] = useState<RefItem[]>([]);
  const [more, setMore] = useState(false);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  // The text of an id the user chose; any other value's text is looked up, and until then the bare id shows.
  const [chosen, setChosen] = useState<RefItem | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef(0);
  const keepOpen = useRef(false);
  const paramsKey = JSON.stringify(params ?? {});

  // The text of the current value: looked up once per value (the spec's "init" lookup passes the id as q).
  const init = useQuery({
    queryKey: ['ref-init', url, paramsKey, value],
    queryFn: async () => {
      const res = await api.get<LookupAnswer>(
        query(url, value ?? '', 0, JSON.parse(paramsKey) as Record<string, string>, true),
      );
      return toItems(res.data).find((item) => item.id === value) ?? null;
    },
    enabled: !!value && value !== chosen?.id,
  });
  const known = value && chosen?.id === value ? chosen : (init.data ?? null);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function search(q: string, nextPage: number) {
    const mine = ++request.current;
    setLoading(true);
    try {
      const res = await api.get<LookupAnswer>(query(url, q, nextPage, params));
      if (mine !== request.current) return;
      const found = res.success ? toItems(res.data) : [];
      setItems((previous) => (nextPage === 0 ? found : [...previous, ...found]));
      setMore(res.success && res.data?.more === true);
      setPage(nextPage);
    } catch {
      // spec/3 §8: a failing dropdown only stops loading.
      if (mine === request.current) setMore(false);
    } finally {
      if (mine === request.current) setLoading(false);
    }
  }

  function typed(text: string) {
    setInput(text);
    setOpen(true);
    clearTimeout(timer.current);
    if (text.trim().length < minChars) {
      request.current++;
      setItems([]);
      setMore(false);
      setLoading(false);
      return;
    }
    timer.current = setTimeout(() => void search(text.trim(), 0), REF_DEBOUNCE_MS);
  }

  function openChange(next: boolean) {
    if (!next && keepOpen.current) {
      keepOpen.current = false;
      return;
    }
    setOpen(next);
    if (next) {
      setInput('');
      setItems([]);
      setMore(false);
      if (minChars === 0) void search('', 0);
    } else {
      clearTimeout(timer.current);
      setInput('');
    }
  }

  const short = input.trim().length < minChars;
  const selectedText = value ? (known?.id === value ? known.text : value) : '';
  const display = open ? input : selectedText;

  if (props.readOnly) {
    return (
      <ReadOnlyValue
        id={props.id}
        aria-label={props['aria-label']}
        aria-invalid={props['aria-invalid']}
        value={selectedText}
      />
    );
  }

  return (
    <Combobox
      className={styles.root}
      id={props.id}
      aria-label={props['aria-label']}
      aria-invalid={props['aria-invalid']}
      disabled={disabled}
      freeform
      clearable={clearable && !!value}
      placeholder={t('form.pleaseSelect')}
      open={open && !disabled}
      value={display}
      selectedOptions={value ? [value] : []}
      onOpenChange={(_, data) => openChange(data.open)}
      onChange={(event) => typed(event.target.value)}
      onOptionSelect={(_, data) => {
        if (data.optionValue === MORE) {
          // Choosing "Load more" is not a choice: the list closes after it unless told otherwise.
          keepOpen.current = true;
          setTimeout(() => (keepOpen.current = false), 0);
          void search(input.trim(), page + 1);
          return;
        }
        if (data.optionValue === HINT) return;
        if (!data.optionValue) {
          onChange(null);
          return;
        }
        setChosen({ id: data.optionValue, text: data.optionText ?? data.optionValue });
        onChange(data.optionValue);
        setOpen(false);
        setInput('');
      }}
    >
      {short ? (
        <Option key="hint-short" value={HINT} text="" disabled className={styles.hint}>
          {t('form.typeAtLeast', { count: minChars })}
        </Option>
      ) : null}
      {items.map((item) => (
        <Option key={item.id} value={item.id} text={item.text}>
          {item.text}
        </Option>
      ))}
      {!short && !loading && items.length === 0 ? (
        <Option key="hint-none" value={HINT} text="" disabled className={styles.hint}>
          {t('form.noMatches')}
        </Option>
      ) : null}
      {loading ? (
        <Option key="hint-loading" value={HINT} text="" disabled className={styles.hint}>
          <Spinner size="extra-tiny" label={t('common.loading')} />
        </Option>
      ) : more ? (
        <Option key={MORE} value={MORE} text="">
          {t('form.loadMore')}
        </Option>
      ) : null}
    </Combobox>
  );
}
