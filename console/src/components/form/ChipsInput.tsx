// Space-separated values as chips (spec/3 §5 SAP No and Created By): typing a space or Enter turns what was typed
// into chips, a paste is split, blanks and duplicates are dropped (chips.ts splitChips), leaving the field keeps what
// was typed, Backspace in an empty input takes the last chip back, and each chip has its own remove button. Enter
// in an empty input is left to the form (it submits the filter), or to `onSubmit` where one is given.
//
// The Edit order panel also refuses values already loaded (`taken`) and says so (`onDuplicate`) rather than
// dropping them silently, and enables its Add button by what is still being typed (`onTextChange`).
import { Input, Tag, TagGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { splitChips } from './chips';

export interface ChipsInputProps {
  value: string[];
  onChange: (value: string[]) => void;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  placeholder?: string;
  /** Names the chips' group ("SAP No. values"). */
  label: string;
  disabled?: boolean;
  /** Values that may not become chips (already used elsewhere); refused as duplicates. */
  taken?: readonly string[];
  /** Hears the values refused as duplicates; without it they are dropped silently. */
  onDuplicate?: (values: string[]) => void;
  /** Hears what is typed but not yet a chip. */
  onTextChange?: (text: string) => void;
  /** Enter in an empty input; without it the key is left to the form. */
  onSubmit?: () => void;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
  },
  input: {
    width: '100%',
    minWidth: 0,
  },
  chips: {
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
  },
});

export function ChipsInput(props: ChipsInputProps) {
  const { value, onChange, label, onTextChange } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setTextState] = useState('');

  function setText(next: string) {
    setTextState(next);
    onTextChange?.(next);
  }

  function commit(typed: string) {
    const { next, refused } = splitChips(value, typed, props.taken);
    if (next.length !== value.length) onChange(next);
    if (refused.length) props.onDuplicate?.(refused);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === ' ' || (event.key === 'Enter' && text.trim())) {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Enter' && props.onSubmit) {
      event.preventDefault();
      props.onSubmit();
    } else if (event.key === 'Backspace' && !text && value.length) {
      event.preventDefault();
      setText(value[value.length - 1]!);
      onChange(value.slice(0, -1));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!/[\s;,]/.test(pasted)) return;
    event.preventDefault();
    commit(`${text} ${pasted}`);
  }

  return (
    <div className={styles.root}>
      <Input
        id={props.id}
        className={styles.input}
        aria-label={props['aria-label']}
        aria-invalid={props['aria-invalid']}
        placeholder={props.placeholder}
        disabled={props.disabled}
        value={text}
        onChange={(_, data) => {
          // A space typed on a phone keyboard may arrive as a change rather than a key press.
          if (/[\s;,]/.test(data.value)) commit(data.value);
          else setText(data.value);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (text.trim()) commit(text);
        }}
      />
      {value.length ? (
        <TagGroup
          className={styles.chips}
          aria-label={label}
          onDismiss={(_, data) => onChange(value.filter((v) => v !== data.value))}
        >
          {value.map((chip) => (
            <Tag
              key={chip}
              value={chip}
              size="small"
              shape="rounded"
              dismissible={!props.disabled}
              aria-label={t('sapOrderFilter.removeChip', { value: chip })}
            >
              {chip}
            </Tag>
          ))}
        </TagGroup>
      ) : null}
    </div>
  );
}
