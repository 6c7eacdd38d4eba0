// The header of the SAP order editor: the fields of spec/3 §2.1 in order, each shown, locked and explained as
// the rules decide (model.ts), with the shared FieldControl as its input. Short lists (create types, order types,
// lookup groups, Y/N) are selects; master data are type-ahead lookups narrowed by their parent field. Each field
// is a memoised item given plain values, so a keystroke renders that one input again, not the thirty others.
import { Field, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../../../db/resources/engine';
import type { FieldErrors } from '../../../components/editor/useEditor';
import { FieldControl, type LookupSource } from '../../../components/form/FieldControl';
import type { FormValue } from '../../../components/form/values';
import { DEFAULT_MIN_CHARS } from '../../../components/form/RefSelect';
import { useMessageText, type Message } from '../../../util/message';
import {
  HEADER_FIELDS,
  type FieldState,
  type HeaderField,
  type HeaderValues,
  type ListItem,
  type ListName,
  type Rules,
} from './model';

const useStyles = makeStyles({
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    // A message under one input must not stretch the inputs beside it.
    alignItems: 'start',
  },
  wide: {
    gridColumn: '1 / -1',
  },
});

export interface HeaderFieldsProps {
  values: HeaderValues;
  rules: Rules;
  lists: Record<ListName, ListItem[]>;
  errors: FieldErrors;
  label: (field: string) => string;
  onChange: (field: string, value: FormValue) => void;
}

interface ItemProps {
  field: HeaderField;
  value: FormValue;
  locked: boolean;
  hint: FieldState['hint'];
  label: string;
  messages: Message[] | undefined;
  /** Select choices (the list's items), and a code to leave out of them. */
  items?: ListItem[];
  leaveOut?: string;
  yesNo?: boolean;
  /** Type-ahead source: URL and its query as JSON (plain values keep the memo effective). */
  lookupUrl?: string;
  lookupParams?: string;
  wideClass?: string;
  onChange: (field: string, value: FormValue) => void;
}

const HeaderFieldItem = memo(function HeaderFieldItem(props: ItemProps) {
  const { field, value, locked, hint, messages, items, leaveOut, yesNo, lookupUrl, lookupParams } = props;
  const { def } = field;
  const { t } = useTranslation();
  const say = useMessageText();

  const select = useMemo(() => {
    if (yesNo) {
      return {
        def: { ...def, options: ['Y', 'N'] } as FieldDef,
        label: (code: string) => (code === 'Y' ? t('confirm.yes') : t('confirm.no')),
      };
    }
    if (!items) return null;
    const ids = items.filter((item) => item.id !== leaveOut).map((item) => item.id);
    // The current value stays choosable even when the list does not hold it (a stored SYNC SAP type...).
    const current = typeof value === 'string' ? value : '';
    if (current && !ids.includes(current)) ids.push(current);
    const texts = new Map(items.map((item) => [item.id, item.text]));
    return { def: { ...def, options: ids } as FieldDef, label: (id: string) => texts.get(id) ?? id };
  }, [def, items, leaveOut, value, yesNo, t]);

  const lookup = useMemo<LookupSource | undefined>(
    () =>
      lookupUrl
        ? {
            url: lookupUrl,
            params: lookupParams ? (JSON.parse(lookupParams) as Record<string, string>) : undefined,
            minChars: field.minChars ?? DEFAULT_MIN_CHARS,
          }
        : undefined,
    [lookupUrl, lookupParams, field.minChars],
  );

  return (
    <Field
      className={props.wideClass}
      label={props.label}
      required={def.required === true && !locked}
      validationState={messages?.length ? 'error' : 'none'}
      validationMessage={say.join(messages)}
      hint={hint ? t(`sapOrderEditor.hints.${hint}`) : undefined}
    >
      <FieldControl
        field={select?.def ?? def}
        value={value}
        readOnly={locked}
        lookup={lookup}
        optionLabel={select?.label}
        onChange={(next) => props.onChange(def.name, next)}
      />
    </Field>
  );
});

export function HeaderFields({ values, rules, lists, errors, label, onChange }: HeaderFieldsProps) {
  const styles = useStyles();
  return (
    <div className={styles.fields}>
      {HEADER_FIELDS.map((field) => {
        const { def, choices } = field;
        const state = rules.header[def.name];
        if (!state?.shown) return null;
        const params = choices?.kind === 'ref' ? choices.params?.(values) : undefined;
        return (
          <HeaderFieldItem
            key={def.name}
            field={field}
            value={values[def.name] ?? null}
            locked={state.locked}
            hint={state.hint}
            label={label(def.name)}
            messages={errors[def.name]}
            items={choices?.kind === 'list' ? lists[choices.list] : undefined}
            // Relation orders alone may use the relation shipment type (the server refuses it for the others).
            leaveOut={
              def.name === 'Shipment_Type' && rules.forcedShipmentType !== rules.relationShipmentType
                ? rules.relationShipmentType
                : undefined
            }
            yesNo={choices?.kind === 'yesNo'}
            lookupUrl={choices?.kind === 'ref' ? choices.url(values, rules) : undefined}
            lookupParams={params ? JSON.stringify(params) : undefined}
            wideClass={mergeClasses(field.wide && styles.wide)}
            onChange={onChange}
          />
        );
      })}
    </div>
  );
}
