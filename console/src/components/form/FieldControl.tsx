// The input of one field, chosen by its type (STYLE.md: the field's type picks its input): text, textarea,
// numbers (clamped to min/max, rounded to the scale when leaving the input), dates typed dd/mm/yyyy, date-times,
// Y/N checkboxes, fixed choices, codes of a Lookup group, references to another resource (type-ahead), and JSON
// documents (read-only, pretty-printed).
// `readOnly` shows the value without letting it change (view mode, fields the server fills): every kind of field
// then looks alike, a read-only input (ReadOnlyValue), a choice showing the text of its value.
import {
  Checkbox,
  Input,
  Select,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../db/resources/engine';
import { formatDateTime } from '../grid/cellFormat';
import { READ_ONLY_APPEARANCE, ReadOnlyValue } from './ReadOnlyValue';
import { RefSelect } from './RefSelect';
import { cleanNumber, isoToLocalInput, localInputToIso, settleNumber, type FormValue } from './values';

/** Where a `ref` or `lookup` field finds its choices; undefined falls back to typing the code. */
export interface LookupSource {
  url: string;
  params?: Record<string, string>;
  minChars: number;
}

export interface FieldControlProps {
  field: FieldDef;
  value: FormValue;
  onChange: (value: FormValue) => void;
  readOnly?: boolean;
  lookup?: LookupSource;
  /** The text shown for a code of an `enum` field; without it the code itself shows. */
  optionLabel?: (option: string) => string;
  /** Set by Fluent's Field (label, error) when the control sits in one. */
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
}

const useStyles = makeStyles({
  control: {
    width: '100%',
    minWidth: 0,
  },
  number: {
    width: '100%',
    minWidth: 0,
    '& input': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  },
  json: {
    '& textarea': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: tokens.fontSizeBase200,
      whiteSpace: 'pre',
    },
  },
});

/** A JSON document (or JSON text) indented for reading; text that is not JSON shows as it is. */
function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function FieldControl(props: FieldControlProps) {
  const { field, value, onChange, readOnly, lookup, optionLabel } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const a11y = { id: props.id, 'aria-label': props['aria-label'], 'aria-invalid': props['aria-invalid'] };
  const text = typeof value === 'string' ? value : '';
  // A read-only field is filled grey, so it does not look like one to type in.
  const look = readOnly ? READ_ONLY_APPEARANCE : 'outline';

  switch (field.type) {
    case 'bool':
      return (
        <Checkbox
          {...a11y}
          checked={value === true}
          disabled={readOnly}
          onChange={(_, d) => onChange(d.checked === true)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...a11y}
          className={styles.control}
          resize="vertical"
          rows={3}
          maxLength={field.maxLength}
          readOnly={readOnly}
          appearance={look}
          value={text}
          onChange={(_, d) => onChange(d.value)}
        />
      );
    case 'json':
      return (
        <Textarea
          {...a11y}
          className={mergeClasses(styles.control, styles.json)}
          resize="vertical"
          rows={16}
          appearance={READ_ONLY_APPEARANCE}
          readOnly
          value={prettyJson(text)}
        />
      );
    case 'integer':
    case 'decimal':
      return (
        <Input
          {...a11y}
          className={styles.number}
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          readOnly={readOnly}
          appearance={look}
          value={text}
          onChange={(_, d) => onChange(cleanNumber(field, d.value))}
          onBlur={() => {
            const settled = settleNumber(field, text);
            if (settled !== text) onChange(settled);
          }}
        />
      );
    case 'date':
      return (
        <Input
          {...a11y}
          className={styles.control}
          placeholder={t('form.datePlaceholder')}
          maxLength={10}
          readOnly={readOnly}
          appearance={look}
          value={text}
          onChange={(_, d) => onChange(d.value.replace(/[^\d/]/g, ''))}
          onBlur={() => {
            // "07032024" → "07/03/2024": people often type a date without its slashes.
            if (/^\d{8}$/.test(text)) onChange(`${text.slice(0, 2)}/${text.slice(2, 4)}/${text.slice(4)}`);
          }}
        />
      );
    case 'datetime':
      if (readOnly) return <ReadOnlyValue {...a11y} value={formatDateTime(text)} />;
      return (
        <Input
          {...a11y}
          className={styles.control}
          type="datetime-local"
          readOnly={readOnly}
          appearance={look}
          value={isoToLocalInput(text)}
          onChange={(_, d) => onChange(localInputToIso(d.value))}
        />
      );
    case 'enum':
      if (readOnly) return <ReadOnlyValue {...a11y} value={text && optionLabel ? optionLabel(text) : text} />;
      return (
        <Select {...a11y} className={styles.control} value={text} onChange={(_, d) => onChange(d.value)}>
          <option value="">{t('form.pleaseSelect')}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {optionLabel ? optionLabel(option) : option}
            </option>
          ))}
        </Select>
      );
    case 'lookup':
    case 'ref':
      if (lookup) {
        return (
          <RefSelect
            {...a11y}
            url={lookup.url}
            params={lookup.params}
            minChars={lookup.minChars}
            readOnly={readOnly}
            clearable={!field.required}
            value={text || null}
            onChange={(next) => onChange(next ?? '')}
          />
        );
      }
      break;
    default:
      break;
  }
  return (
    <Input
      {...a11y}
      className={styles.control}
      type={field.secret ? 'password' : 'text'}
      autoComplete={field.secret ? 'new-password' : undefined}
      maxLength={field.maxLength}
      readOnly={readOnly}
      appearance={look}
      value={text}
      onChange={(_, d) => onChange(d.value)}
    />
  );
}
