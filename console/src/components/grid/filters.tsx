// The filter row of every list (spec/1: a per-column row filter; spec/1 §5: dates as dd/mm/yyyy). Each column has
// one kind of filter: text `contains`, `equals` (a choice list for flags and fixed codes, else typed exactly) or a
// date (one day, or a range "dd/mm/yyyy - dd/mm/yyyy"). The floating filter is the whole UI: the header filter
// button and its popup are switched off; the grid holds each column's model (its filter handlers).
import { Input, Select, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import type { CustomFloatingFilterDisplayProps } from 'ag-grid-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDateToIso } from '../../../../db/resources/engine';
import type { ListFilterModel } from './listQuery';

/** Typing settles for this long before the list is asked again. */
export const FILTER_DEBOUNCE_MS = 400;

export type FilterKindOption = 'contains' | 'equals' | 'date';

export interface FloatingFilterParams {
  kind: FilterKindOption;
  /** Column title, for the input's accessible name. */
  label: string;
  /** Choices of an `equals` filter; without them the value is typed. */
  options?: { value: string; text: string }[];
}

type Props = CustomFloatingFilterDisplayProps<unknown, unknown, ListFilterModel> & FloatingFilterParams;

const useStyles = makeStyles({
  control: {
    width: '100%',
    minWidth: 0,
  },
  invalid: {
    ...shorthands.borderColor(tokens.colorPaletteRedBorder2),
  },
});

/**
 * The column filter's own display, never opened (the header filter button is off). The grid keeps the model
 * (filter handlers), so the floating filter sets it directly; the server filters, so every row passes here.
 */
export function ListColumnFilter() {
  return null;
}

/** "01/02/2024" → one day; "01/02/2024 - 29/02/2024" → a range; anything else is not a date filter. */
export function parseDateFilter(text: string): ListFilterModel | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const parts = trimmed.split(/\s*(?:-|–|s\/d|to)\s*/i).filter(Boolean);
  if (parts.length === 1 && displayDateToIso(parts[0]!)) return { matchMode: 'date', value: parts[0]! };
  if (parts.length === 2 && displayDateToIso(parts[0]!) && displayDateToIso(parts[1]!)) {
    return { matchMode: 'dateRange', value: [parts[0]!, parts[1]!] };
  }
  return undefined;
}

function modelText(model: ListFilterModel | null): string {
  if (!model) return '';
  return Array.isArray(model.value) ? model.value.join(' - ') : model.value;
}

export function ListFloatingFilter(props: Props) {
  const { kind, label, options, model, onModelChange } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(() => modelText(model));
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(modelText(model));

  // A model set from outside (Clear filters, a restored table state) replaces what the input shows.
  const outside = modelText(model);
  useEffect(() => {
    if (outside !== sent.current) {
      sent.current = outside;
      setText(outside);
      setInvalid(false);
    }
  }, [outside]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(next: ListFilterModel | null) {
    sent.current = modelText(next);
    onModelChange(next);
  }

  if (kind === 'equals' && options) {
    return (
      <Select
        className={styles.control}
        size="small"
        aria-label={t('grid.filterOf', { column: label })}
        value={text}
        onChange={(_, data) => {
          setText(data.value);
          apply(data.value ? { matchMode: 'equals', value: data.value } : null);
        }}
      >
        <option value="">{t('grid.filterAll')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </Select>
    );
  }

  function typed(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (kind === 'date') {
        const parsed = parseDateFilter(value);
        setInvalid(parsed === undefined);
        if (parsed !== undefined) apply(parsed);
        return;
      }
      const trimmed = value.trim();
      apply(trimmed ? { matchMode: kind, value: trimmed } : null);
    }, FILTER_DEBOUNCE_MS);
  }

  return (
    <Input
      className={mergeClasses(styles.control, invalid && styles.invalid)}
      size="small"
      aria-label={t('grid.filterOf', { column: label })}
      aria-invalid={invalid || undefined}
      placeholder={kind === 'date' ? t('grid.datePlaceholder') : undefined}
      title={kind === 'date' ? t('grid.dateFilterHint') : undefined}
      value={text}
      onChange={(_, data) => typed(data.value)}
    />
  );
}
