// Several values of a lookup (spec/3 §2.2 Company, multi-select): a type-ahead list searching the first page,
// `GET /api/<url>?q=&page=0`, 250 ms after the last key (from the first character: the lists it serves are short);
// choosing a value adds it and keeps the list open for the next one, and the chosen values show as removable chips
// under it. The value is the list of ids (business keys); the chips show each id's text as the lookup gave it.
// Fluent's `multiselect` Combobox was not used: inside a Field it did not render its list in the console tests
// (jsdom), and a picker that adds to chips reads the same way and is as quick with the keyboard.
import { Combobox, Option, Spinner, Tag, TagGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { REF_DEBOUNCE_MS, type RefItem } from '../../../components/form/RefSelect';

interface LookupAnswer {
  items?: { id: unknown; text?: unknown }[];
}

export interface MultiRefSelectProps {
  url: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Names the chips' group. */
  label: string;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
  },
  combobox: {
    width: '100%',
    minWidth: 0,
  },
  chips: {
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
  },
  hint: {
    color: tokens.colorNeutralForeground3,
  },
});

const HINT = '\u0000hint';

export function MultiRefSelect(props: MultiRefSelectProps) {
  const { url, value, onChange, label } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [items, setItems] = useState<RefItem[]>([]);
  const [loading, setLoading] = useState(false);
  // Texts of the ids seen so far, for the chips.
  const [texts, setTexts] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef(0);
  const keepOpen = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function search(q: string) {
    const mine = ++request.current;
    setLoading(true);
    try {
      const params = new URLSearchParams({ q, page: '0' });
      const res = await api.get<LookupAnswer>(`${url}?${params.toString()}`);
      if (mine !== request.current) return;
      const found = (res.success ? (res.data?.items ?? []) : [])
        .filter((item) => item.id !== null && item.id !== undefined)
        .map((item) => ({ id: String(item.id), text: String(item.text ?? item.id) }));
      setItems(found);
      setTexts((known) => ({ ...known, ...Object.fromEntries(found.map((i) => [i.id, i.text])) }));
    } catch {
      // spec/3 §8: a failing dropdown only stops loading.
      if (mine === request.current) setItems([]);
    } finally {
      if (mine === request.current) setLoading(false);
    }
  }

  const choices = items.filter((item) => !value.includes(item.id));

  return (
    <div className={styles.root}>
      <Combobox
        className={styles.combobox}
        id={props.id}
        aria-label={props['aria-label']}
        aria-invalid={props['aria-invalid']}
        freeform
        placeholder={t('form.pleaseSelect')}
        open={open}
        value={open ? input : ''}
        selectedOptions={[]}
        onOpenChange={(_, data) => {
          // A choice closes a single-choice list; here the list stays open for the next value.
          if (!data.open && keepOpen.current) {
            keepOpen.current = false;
            return;
          }
          setOpen(data.open);
          setInput('');
          if (data.open) void search('');
          else clearTimeout(timer.current);
        }}
        onChange={(event) => {
          const typed = event.target.value;
          setInput(typed);
          setOpen(true);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void search(typed.trim()), REF_DEBOUNCE_MS);
        }}
        onOptionSelect={(_, data) => {
          const id = data.optionValue;
          if (!id || id === HINT) return;
          keepOpen.current = true;
          setTimeout(() => (keepOpen.current = false), 0);
          if (!value.includes(id)) onChange([...value, id]);
        }}
      >
        {choices.map((item) => (
          <Option key={item.id} value={item.id} text={item.text}>
            {item.text}
          </Option>
        ))}
        {loading ? (
          <Option key="hint-loading" value={HINT} text="" disabled className={styles.hint}>
            <Spinner size="extra-tiny" label={t('common.loading')} />
          </Option>
        ) : choices.length === 0 ? (
          <Option key="hint-none" value={HINT} text="" disabled className={styles.hint}>
            {t('form.noMatches')}
          </Option>
        ) : null}
      </Combobox>
      {value.length ? (
        <TagGroup
          className={styles.chips}
          aria-label={label}
          onDismiss={(_, data) => onChange(value.filter((v) => v !== data.value))}
        >
          {value.map((id) => (
            <Tag
              key={id}
              value={id}
              size="small"
              shape="rounded"
              dismissible
              aria-label={t('sapOrderFilter.removeChip', { value: texts[id] ?? id })}
            >
              {texts[id] ?? id}
            </Tag>
          ))}
        </TagGroup>
      ) : null}
    </div>
  );
}
