// The transporter block of the Assign Transporter panel (spec/2 §2.2, §2.5, §4, §5.3): one entry for individual
// shipments, a list with add and remove for collective ones. An entry is filled by the Select Transporter dialog
// (name, truck type, cost, trips, freight master); the cost may then be raised or lowered by hand, the user's
// trips changed where the rate is per trip, and a reason chosen where one is needed (a criterion of the freight
// rules, or a cost above the suggested one), with "other reason" text where the reason's Info1 is Y. The quota
// answer for the transporter shows under its name. The Edit order panel also shows whether the truck is weighed
// twice (multiple weighing, spec/2 §2.2).
import {
  Button,
  Checkbox,
  Field,
  Input,
  Select,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, Search20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ListItem } from '../editor/model';
import { num, requiresReason, str, totalByUserTrips, type TransporterEntry } from './model';

export type EntryChange = 'cost' | 'trips' | 'reason' | 'weighing';

export interface TransporterBlockProps {
  entries: TransporterEntry[];
  collective: boolean;
  reasons: ListItem[];
  disabled?: boolean;
  /** Shows each entry's multiple-weighing box (the Edit order panel). */
  showMultipleWeighing?: boolean;
  onSelect: (index: number) => void;
  onChange: (index: number, patch: Partial<TransporterEntry>, kind: EntryChange) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  // A native select is as wide as its longest option unless told otherwise: kept to its cell.
  fill: {
    width: '100%',
    minWidth: 0,
  },
  entry: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    // A grid item is as wide as its content by default: a reason's long text would push its select over the
    // next field.
    '& > *': { minWidth: 0 },
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  transporter: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
  },
  grow: {
    flexGrow: 1,
    minWidth: 0,
  },
  quota: {
    color: tokens.colorPaletteRedForeground1,
  },
  number: {
    '& input': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  },
  actions: {
    display: 'flex',
    alignItems: 'flex-end',
  },
  check: {
    display: 'flex',
    alignItems: 'flex-end',
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
});

const money = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function TransporterBlock(props: TransporterBlockProps) {
  const {
    entries,
    collective,
    reasons,
    disabled,
    showMultipleWeighing,
    onSelect,
    onChange,
    onAdd,
    onRemove,
  } = props;
  const { t } = useTranslation();
  const styles = useStyles();

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <Subtitle2 as="h3">{t('assign.transporters')}</Subtitle2>
        {collective ? (
          <Button icon={<Add20Regular />} disabled={disabled} onClick={onAdd}>
            {t('assign.addTransporter')}
          </Button>
        ) : null}
      </div>
      {entries.length === 0 ? <Text className={styles.empty}>{t('assign.noTransporters')}</Text> : null}
      {entries.map((entry, index) => {
        const n = index + 1;
        const needsReason = requiresReason(entry);
        const reason = reasons.find((item) => item.id === str(entry.assign_reason));
        const othersOpen = needsReason && str(reason?.Lookup_Info1 ?? reason?.info1).toUpperCase() === 'Y';
        const total = totalByUserTrips(entry);
        const chosen = Boolean(entry.transporter_code);
        return (
          <div key={index} className={styles.entry} role="group" aria-label={t('assign.entry', { n })}>
            <Field
              label={t('assign.transporter')}
              validationState={entry.quota_message ? 'error' : 'none'}
              validationMessage={entry.quota_message || undefined}
            >
              <div className={styles.transporter}>
                <Input
                  className={styles.grow}
                  readOnly
                  appearance="filled-darker"
                  value={chosen ? `${str(entry.transporter_code)} - ${str(entry.transporter_name)}` : ''}
                  placeholder={t('assign.notChosen')}
                />
                <Button
                  icon={<Search20Regular />}
                  aria-label={t('assign.selectFor', { n })}
                  title={t('assign.selectTransporter')}
                  disabled={disabled}
                  onClick={() => onSelect(index)}
                />
              </div>
            </Field>
            <Field label={t('assign.truckType')}>
              <Input
                readOnly
                appearance="filled-darker"
                value={str(entry.truck_type_name ?? entry.truck_type_id)}
              />
            </Field>
            {showMultipleWeighing ? (
              <div className={styles.check}>
                <Checkbox
                  label={t('assign.multipleWeighing')}
                  disabled={disabled || !chosen}
                  checked={entry.multiple_weighing === true}
                  onChange={(_, data) =>
                    onChange(index, { multiple_weighing: data.checked === true }, 'weighing')
                  }
                />
              </div>
            ) : null}
            <Field label={t('assign.freightCost')}>
              <Input
                className={styles.number}
                inputMode="decimal"
                disabled={disabled || !chosen}
                value={
                  entry.freight_cost === null || entry.freight_cost === undefined
                    ? ''
                    : String(entry.freight_cost)
                }
                onChange={(_, data) => {
                  const typed = data.value.replace(/[^\d.]/g, '');
                  onChange(index, { freight_cost: typed === '' ? null : num(typed) }, 'cost');
                }}
              />
            </Field>
            <Field label={t('assign.userTrips')}>
              <Input
                className={styles.number}
                inputMode="numeric"
                // §5.3: the user's trips change only where a per-trip rate exists.
                disabled={disabled || entry.freight_value !== true}
                value={str(entry.user_not)}
                onChange={(_, data) => {
                  const typed = data.value.replace(/\D/g, '').slice(0, 5);
                  onChange(index, { user_not: typed === '' ? null : Math.max(1, Number(typed)) }, 'trips');
                }}
              />
            </Field>
            <Field label={t('assign.totalByUserTrips')}>
              <Input readOnly appearance="filled-darker" value={total === null ? '' : money.format(total)} />
            </Field>
            <Field label={t('assign.freightMaster')}>
              <Input readOnly appearance="filled-darker" value={str(entry.freight_master)} />
            </Field>
            <Field
              label={t('assign.reason')}
              required={needsReason}
              hint={
                entry.freight_criteria
                  ? t('assign.criteria', { criteria: entry.freight_criteria })
                  : undefined
              }
            >
              <Select
                className={styles.fill}
                select={{ className: styles.fill }}
                disabled={disabled || !needsReason}
                value={str(entry.assign_reason)}
                onChange={(_, data) =>
                  onChange(index, { assign_reason: data.value || null, assign_reason_others: null }, 'reason')
                }
              >
                <option value="">{t('form.pleaseSelect')}</option>
                {reasons.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.text}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('assign.otherReason')} required={othersOpen}>
              <Input
                disabled={disabled || !othersOpen}
                maxLength={500}
                value={str(entry.assign_reason_others)}
                onChange={(_, data) =>
                  onChange(index, { assign_reason_others: data.value || null }, 'reason')
                }
              />
            </Field>
            {collective ? (
              <div className={styles.actions}>
                <Button
                  appearance="subtle"
                  icon={<Delete20Regular />}
                  aria-label={t('assign.removeTransporter', { n })}
                  disabled={disabled}
                  onClick={() => onRemove(index)}
                />
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
