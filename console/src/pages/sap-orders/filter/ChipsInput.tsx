// Space-separated values as chips (spec/3 §5 SAP No and Created By): typing a space or Enter turns what was typed
// into chips, a paste is split, blanks and duplicates are dropped (rules.ts addChips), leaving the field keeps what
// was typed, Backspace in an empty input takes the last chip back, and each chip has its own remove button. Enter
// in an empty input is left to the form (it submits the filter).
import { Input, Tag, TagGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addChips } from './rules';

export interface ChipsInputProps {
  value: string[];
  onChange: (value: string[]) => void;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  placeholder?: string;
  /** Names the chips' group ("SAP No. values"). */
  label: string;
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
  const { value, onChange, label } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState('');

  function commit(typed: string) {
    const next = addChips(value, typed);
    if (next.length !== value.length) onChange(next);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === ' ' || (event.key === 'Enter' && text.trim())) {
      event.preventDefault();
      commit(text);
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
              dismissible
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
