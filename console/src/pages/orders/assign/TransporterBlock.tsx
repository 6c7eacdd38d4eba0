// The transporter block of the Assign Transporter panel (spec/2 §2.2, §2.5, §4, §5.3): one entry for individual
// and relation shipments, shown as a card of labelled fields; for collective ones a table with one row per
// transporter and add and remove (spec/2 §2.2 "a transporter table with add and remove rows"), its columns the
// block's fields in the spec's order, scrolling sideways inside the panel where it is narrow. Each input of a row is
// named by its column and row number. An entry is filled by the Select Transporter dialog
// (name, truck type, cost, trips, freight master); the cost may then be raised or lowered by hand, the user's
// trips changed where the rate is per trip, and a reason chosen where one is needed (a criterion of the freight
// rules, or a cost above the suggested one), with "other reason" text where the reason's Info1 is Y. The quota
// answer for the transporter shows under its name. Under the reason the block says which criteria apply and why
// (the trips against the system's, the total against the suggested option's, the quota, the company charged), or
// that none does and nothing needs approving, as soon as the entry is chosen or changed (issue 27). The Edit order panel also shows whether the truck is weighed
// twice (multiple weighing, spec/2 §2.2), and N/A for a truck type it does not know (spec/2 §2.2); for an
// auto-assigned order (spec/2 §4) its entries are fixed: no row is added, removed or chosen again, and the cost and
// trips cannot be typed. While the panel prices the chosen transporters again it says so.
import {
  Button,
  Checkbox,
  Field,
  Input,
  Select,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
  useId,
  type InputProps,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, Search20Regular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const money = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
import type { ListItem } from '../../../components/form/useListItems';
import type { CriterionFinding } from '../../../../../db/resources/freight-criteria';
import { num, requiresReason, str, totalByUserTrips, type TransporterEntry } from './model';
import { refuseNonDigitKey } from './SelectTransporterDialog';

export type EntryChange = 'cost' | 'trips' | 'reason' | 'weighing';

export interface TransporterBlockProps {
  entries: TransporterEntry[];
  collective: boolean;
  reasons: ListItem[];
  disabled?: boolean;
  /** The chosen transporters are being priced again (the figures are about to change). */
  refreshing?: boolean;
  /** Shows each entry's multiple-weighing box (the Edit order panel). */
  showMultipleWeighing?: boolean;
  /** What the truck type reads when an entry has none (the Edit order panel: N/A); empty otherwise. */
  emptyTruckType?: string;
  /**
   * The entries are given, not chosen (an auto-assigned order, spec/2 §4): no add or remove, no Select
   * Transporter, and the freight cost and trips are locked.
   */
  fixed?: boolean;
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
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  title: {
    display: 'flex',
    alignItems: 'center',
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
  check: {
    display: 'flex',
    alignItems: 'flex-end',
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
  // The collective table: as wide as its columns need, scrolled sideways inside the panel where that is narrower.
  scroll: {
    overflowX: 'auto',
    maxWidth: '100%',
  },
  table: {
    tableLayout: 'auto',
    minWidth: '1180px',
  },
  cell: {
    verticalAlign: 'top',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
  narrow: {
    width: '48px',
  },
  figure: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  transporterCell: {
    minWidth: '260px',
  },
  costCell: {
    width: '130px',
  },
  tripsCell: {
    width: '90px',
  },
  reasonCell: {
    minWidth: '180px',
  },
  note: {
    display: 'block',
    color: tokens.colorNeutralForeground3,
  },
});

/** What an entry shows beside its own fields: whether a reason is needed and "other" open, and its total. */
function entryView(entry: TransporterEntry, reasons: ListItem[]) {
  const needsReason = requiresReason(entry);
  const reason = reasons.find((item) => item.id === str(entry.assign_reason));
  return {
    chosen: Boolean(entry.transporter_code),
    needsReason,
    othersOpen: needsReason && str(reason?.Lookup_Info1 ?? reason?.info1).toUpperCase() === 'Y',
    total: totalByUserTrips(entry),
  };
}

/** A cost as typed (digits and a point), null when emptied. */
function typedCost(value: string): number | null {
  const typed = value.replace(/[^\d.]/g, '');
  return typed === '' ? null : num(typed);
}

/**
 * Whole trips as typed, at least 1, null when emptied; undefined (the change is refused) for anything but digits,
 * so "2.5" pasted is not run together into 25.
 */
function typedTrips(value: string): number | null | undefined {
  if (!/^\d{0,5}$/.test(value)) return undefined;
  return value === '' ? null : Math.max(1, Number(value));
}

/** The figures of a finding as the user reads them. */
function whyParams(finding: CriterionFinding): Record<string, string> {
  return Object.fromEntries(
    Object.entries(finding.params).map(([key, value]) => [
      key,
      typeof value === 'number' ? money.format(value) : value,
    ]),
  );
}

/** Why the entry's criteria apply, one line each; that none applies once the entry is chosen and judged. */
export function whyLines(entry: TransporterEntry, t: TFunction): string[] {
  const findings = entry.criteria_detail;
  if (!findings || !str(entry.transporter_code)) return [];
  if (!findings.length) return [t('assign.why.none')];
  return findings.map((finding) => t(`assign.why.${finding.cause}`, whyParams(finding)));
}

const costText = (entry: TransporterEntry) =>
  entry.freight_cost === null || entry.freight_cost === undefined ? '' : String(entry.freight_cost);

const transporterText = (entry: TransporterEntry) =>
  entry.transporter_code ? `${str(entry.transporter_code)} - ${str(entry.transporter_name)}` : '';

const truckTypeText = (entry: TransporterEntry, empty: string | undefined) =>
  str(entry.truck_type_name ?? entry.truck_type_id) || (empty ?? '');

/** Under the reason: the criteria and why each applies (or that none does); undefined before a choice. */
function criteriaHint(entry: TransporterEntry, t: TFunction): string | undefined {
  const lines = whyLines(entry, t);
  if (lines.length) return lines.join(' ');
  return entry.freight_criteria ? t('assign.criteria', { criteria: entry.freight_criteria }) : undefined;
}

/** The reasons as the select's options. */
function reasonOptions(reasons: ListItem[], t: TFunction) {
  return (
    <>
      <option value="">{t('form.pleaseSelect')}</option>
      {reasons.map((item) => (
        <option key={item.id} value={item.id}>
          {item.text}
        </option>
      ))}
    </>
  );
}

export function TransporterBlock(props: TransporterBlockProps) {
  const {
    entries,
    collective,
    reasons,
    disabled,
    refreshing,
    showMultipleWeighing,
    emptyTruckType,
    fixed,
    onSelect,
    onChange,
    onAdd,
  } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  // The entry whose trips last refused a key, and the key: said under the trips until the next digit.
  const [refused, setRefused] = useState<{ index: number; key: string } | null>(null);

  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <div className={styles.title}>
          <Subtitle2 as="h3">{t('assign.transporters')}</Subtitle2>
          {refreshing ? <Spinner size="extra-tiny" label={t('assign.refreshing')} /> : null}
        </div>
        {collective && !fixed ? (
          <Button icon={<Add20Regular />} disabled={disabled} onClick={onAdd}>
            {t('assign.addTransporter')}
          </Button>
        ) : null}
      </div>
      {collective ? (
        <TransporterTable {...props} />
      ) : entries.length === 0 ? (
        <Text className={styles.empty}>{t('assign.noTransporters')}</Text>
      ) : null}
      {(collective ? [] : entries).map((entry, index) => {
        const n = index + 1;
        const { chosen, needsReason, othersOpen, total } = entryView(entry, reasons);
        return (
          <div key={index} className={styles.entry} role="group" aria-label={t('assign.entry', { n })}>
            <Field
              label={t('assign.transporter')}
              validationState={entry.quota_message ? 'error' : 'none'}
              validationMessage={entry.quota_message || undefined}
            >
              <TransporterPicker
                entry={entry}
                n={n}
                disabled={disabled || fixed}
                onSelect={() => onSelect(index)}
                classes={styles}
              />
            </Field>
            <Field label={t('assign.truckType')}>
              <Input readOnly appearance="filled-darker" value={truckTypeText(entry, emptyTruckType)} />
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
                disabled={disabled || fixed || !chosen}
                value={costText(entry)}
                onChange={(_, data) => onChange(index, { freight_cost: typedCost(data.value) }, 'cost')}
              />
            </Field>
            <Field
              label={t('assign.userTrips')}
              validationState={refused?.index === index ? 'warning' : 'none'}
              validationMessage={
                refused?.index === index ? t('selectTransporter.wholeTrips', { key: refused.key }) : undefined
              }
            >
              <Input
                className={styles.number}
                inputMode="numeric"
                // §5.3: the user's trips change only where a per-trip rate exists.
                disabled={disabled || fixed || entry.freight_value !== true}
                value={str(entry.user_not)}
                onKeyDown={(event) => {
                  if (refuseNonDigitKey(event)) setRefused({ index, key: event.key });
                }}
                onChange={(_, data) => {
                  const trips = typedTrips(data.value);
                  if (trips === undefined) return;
                  setRefused(null);
                  onChange(index, { user_not: trips }, 'trips');
                }}
              />
            </Field>
            <Field label={t('assign.totalByUserTrips')}>
              <Input readOnly appearance="filled-darker" value={total === null ? '' : money.format(total)} />
            </Field>
            <Field label={t('assign.freightMaster')}>
              <Input readOnly appearance="filled-darker" value={str(entry.freight_master)} />
            </Field>
            <Field label={t('assign.reason')} required={needsReason} hint={criteriaHint(entry, t)}>
              <Select
                className={styles.fill}
                select={{ className: styles.fill }}
                disabled={disabled || !needsReason}
                value={str(entry.assign_reason)}
                onChange={(_, data) =>
                  onChange(index, { assign_reason: data.value || null, assign_reason_others: null }, 'reason')
                }
              >
                {reasonOptions(reasons, t)}
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
          </div>
        );
      })}
    </div>
  );
}

/** Collective shipments: one row per transporter, the card's fields as columns (spec/2 §2.2). */
function TransporterTable(props: TransporterBlockProps) {
  const {
    entries,
    reasons,
    disabled,
    showMultipleWeighing,
    emptyTruckType,
    fixed,
    onSelect,
    onChange,
    onRemove,
  } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const ids = useId('transporter-row');
  const cell = (column: string, n: number) => t('assign.cellOf', { column: t(column), n });
  const columns = [
    'assign.no',
    'assign.transporter',
    'assign.truckType',
    ...(showMultipleWeighing ? ['assign.multipleWeighing'] : []),
    'assign.freightCost',
    'assign.totalByUserTrips',
    'assign.userTrips',
    'assign.freightMaster',
    'assign.reason',
    'assign.otherReason',
    ...(fixed ? [] : ['assign.actions']),
  ];
  const cellClass = styles.cell;
  return (
    <div className={styles.scroll}>
      <Table size="small" className={styles.table} aria-label={t('assign.transporterTable')}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column} className={column === 'assign.no' ? styles.narrow : undefined}>
                {t(column)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} className={mergeClasses(cellClass, styles.empty)}>
                {t('assign.noTransporters')}
              </TableCell>
            </TableRow>
          ) : null}
          {entries.map((entry, index) => {
            const n = index + 1;
            const { chosen, needsReason, othersOpen, total } = entryView(entry, reasons);
            const quotaId = `${ids}-${index}-quota`;
            const criteriaId = `${ids}-${index}-criteria`;
            return (
              <TableRow key={index}>
                <TableCell className={cellClass}>{n}</TableCell>
                <TableCell className={mergeClasses(cellClass, styles.transporterCell)}>
                  <TransporterPicker
                    entry={entry}
                    n={n}
                    disabled={disabled || fixed}
                    onSelect={() => onSelect(index)}
                    classes={styles}
                    input={{
                      'aria-label': cell('assign.transporter', n),
                      'aria-invalid': entry.quota_message ? true : undefined,
                      'aria-describedby': entry.quota_message ? quotaId : undefined,
                    }}
                  />
                  {entry.quota_message ? (
                    <Text id={quotaId} size={200} className={styles.quota}>
                      {entry.quota_message}
                    </Text>
                  ) : null}
                </TableCell>
                <TableCell className={cellClass}>{truckTypeText(entry, emptyTruckType)}</TableCell>
                {showMultipleWeighing ? (
                  <TableCell className={cellClass}>
                    <Checkbox
                      aria-label={cell('assign.multipleWeighing', n)}
                      disabled={disabled || !chosen}
                      checked={entry.multiple_weighing === true}
                      onChange={(_, data) =>
                        onChange(index, { multiple_weighing: data.checked === true }, 'weighing')
                      }
                    />
                  </TableCell>
                ) : null}
                <TableCell className={mergeClasses(cellClass, styles.costCell)}>
                  <Input
                    className={mergeClasses(styles.number, styles.fill)}
                    inputMode="decimal"
                    aria-label={cell('assign.freightCost', n)}
                    disabled={disabled || fixed || !chosen}
                    value={costText(entry)}
                    onChange={(_, data) => onChange(index, { freight_cost: typedCost(data.value) }, 'cost')}
                  />
                </TableCell>
                <TableCell className={mergeClasses(cellClass, styles.figure)}>
                  {total === null ? '' : money.format(total)}
                </TableCell>
                <TableCell className={mergeClasses(cellClass, styles.tripsCell)}>
                  <Input
                    className={mergeClasses(styles.number, styles.fill)}
                    inputMode="numeric"
                    aria-label={cell('assign.userTrips', n)}
                    // §5.3: the user's trips change only where a per-trip rate exists.
                    disabled={disabled || fixed || entry.freight_value !== true}
                    value={str(entry.user_not)}
                    onKeyDown={refuseNonDigitKey}
                    onChange={(_, data) => {
                      const trips = typedTrips(data.value);
                      if (trips !== undefined) onChange(index, { user_not: trips }, 'trips');
                    }}
                  />
                </TableCell>
                <TableCell className={cellClass}>{str(entry.freight_master)}</TableCell>
                <TableCell className={mergeClasses(cellClass, styles.reasonCell)}>
                  <Select
                    className={styles.fill}
                    select={{ className: styles.fill }}
                    aria-label={cell('assign.reason', n)}
                    aria-required={needsReason || undefined}
                    aria-describedby={criteriaHint(entry, t) ? criteriaId : undefined}
                    disabled={disabled || !needsReason}
                    value={str(entry.assign_reason)}
                    onChange={(_, data) =>
                      onChange(
                        index,
                        { assign_reason: data.value || null, assign_reason_others: null },
                        'reason',
                      )
                    }
                  >
                    {reasonOptions(reasons, t)}
                  </Select>
                  {criteriaHint(entry, t) ? (
                    <Text id={criteriaId} size={200} className={styles.note}>
                      {criteriaHint(entry, t)}
                    </Text>
                  ) : null}
                </TableCell>
                <TableCell className={mergeClasses(cellClass, styles.reasonCell)}>
                  <Input
                    className={styles.fill}
                    aria-label={cell('assign.otherReason', n)}
                    aria-required={othersOpen || undefined}
                    disabled={disabled || !othersOpen}
                    maxLength={500}
                    value={str(entry.assign_reason_others)}
                    onChange={(_, data) =>
                      onChange(index, { assign_reason_others: data.value || null }, 'reason')
                    }
                  />
                </TableCell>
                {fixed ? null : (
                  <TableCell className={cellClass}>
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label={t('assign.removeTransporter', { n })}
                      disabled={disabled}
                      onClick={() => onRemove(index)}
                    />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** The chosen transporter, read-only, and the button that opens Select Transporter for entry `n`. */
function TransporterPicker(props: {
  entry: TransporterEntry;
  n: number;
  disabled?: boolean;
  onSelect: () => void;
  classes: { transporter: string; grow: string };
  /** Labels of the input where no Field labels it (a table cell). */
  input?: Pick<InputProps, 'aria-label' | 'aria-invalid' | 'aria-describedby'>;
}) {
  const { t } = useTranslation();
  const { entry, n, disabled, onSelect, classes, input } = props;
  return (
    <div className={classes.transporter}>
      <Input
        {...input}
        className={classes.grow}
        readOnly
        appearance="filled-darker"
        value={transporterText(entry)}
        placeholder={t('assign.notChosen')}
      />
      <Button
        icon={<Search20Regular />}
        aria-label={t('assign.selectFor', { n })}
        title={t('assign.selectTransporter')}
        disabled={disabled}
        onClick={onSelect}
      />
    </div>
  );
}
