// Change stuffing date (spec/1 §2 "Panels and dialogs", §5, §7, §8): the order summary on the left; on the right the
// current stuffing range and the order's valid range, read only, and the new range typed as dd/mm/yy (as the SAP
// order's assign panel takes it, spec/2 §9). The new range must be real dates, the second not before the first,
// and both within the valid range when the order has one; an empty second date is the first. Each problem shows at
// its field on save and, once the field was touched, as the user types. Save sends `PUT order/change_stuffing_date`
// with {order_id, stuffing_date_from, stuffing_date_to} as YYYY-MM-DD; its toast stays 50 s (spec/1 §8).
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact, FactList } from './FactList';
import { useNotify } from '../../shell/notify';
import { formatDate } from '../../util/format';
import { fromIsoDate, toIsoDate } from '../sap-orders/assign/model';
import { ChangeActions, OrderChangePanel, type OrderChange } from './OrderChangePanel';

/** spec/1 §8, §9: the stuffing date's success toast stays this long. */
export const STUFFING_TOAST_LIFE_MS = 50_000;

const useStyles = makeStyles({
  fields: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
  },
  // A fixed width, so a field's message wraps under its input instead of widening it (and pushing the other
  // field aside as it shows).
  field: {
    width: '260px',
    maxWidth: '100%',
  },
  date: {
    width: '160px',
  },
});

/** The date part of a date or timestamp (YYYY-MM-DD), or null. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : null;
}

/** "070326" → "07/03/26": a date is often typed without its slashes. */
function withSlashes(text: string): string {
  return /^\d{6}$/.test(text) ? `${text.slice(0, 2)}/${text.slice(2, 4)}/${text.slice(4)}` : text;
}

type Problem = 'required' | 'invalid' | 'reversed' | 'outOfRange';

interface Checked {
  from: string | null;
  to: string | null;
  fromProblem: Problem | null;
  toProblem: Problem | null;
}

/** spec/1 §5: the typed range read as dates and checked against the valid range. */
function check(
  typedFrom: string,
  typedTo: string,
  validFrom: string | null,
  validTo: string | null,
): Checked {
  const outside = (day: string) =>
    (validFrom !== null && day < validFrom) || (validTo !== null && day > validTo);
  const from = typedFrom.trim() ? toIsoDate(typedFrom) : null;
  const fromProblem: Problem | null = !typedFrom.trim()
    ? 'required'
    : !from
      ? 'invalid'
      : outside(from)
        ? 'outOfRange'
        : null;
  // The second date defaults to the first.
  const to = typedTo.trim() ? toIsoDate(typedTo) : from;
  const toProblem: Problem | null = !typedTo.trim()
    ? null
    : !to
      ? 'invalid'
      : from && to < from
        ? 'reversed'
        : outside(to)
          ? 'outOfRange'
          : null;
  return { from, to, fromProblem, toProblem };
}

export interface StuffingDatePanelProps {
  orderId: number | null;
  onClose: (changed: boolean) => void;
}

export function StuffingDatePanel({ orderId, onClose }: StuffingDatePanelProps) {
  return (
    <OrderChangePanel orderId={orderId} titleKey="orderStuffing.title" onClose={onClose}>
      {(change) => <StuffingForm change={change} />}
    </OrderChangePanel>
  );
}

function StuffingForm({ change }: { change: OrderChange }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify(change.group);
  const { orderId, view, busy, send, done } = change;
  const header = view.header;
  const currentFrom = dayOf(header.Stuffing_Date_From);
  const currentTo = dayOf(header.Stuffing_Date_To) ?? currentFrom;
  const validFrom = dayOf(header.Valid_From);
  const validTo = dayOf(header.Valid_To);
  // The new range starts as the current one.
  const [typedFrom, setTypedFrom] = useState(() => fromIsoDate(currentFrom, true));
  const [typedTo, setTypedTo] = useState(() => fromIsoDate(currentTo, true));
  const [touched, setTouched] = useState({ from: false, to: false });

  const checked = check(typedFrom, typedTo, validFrom, validTo);
  const hasValidRange = validFrom !== null || validTo !== null;
  const rangeParams = {
    from: validFrom ? fromIsoDate(validFrom, true) : '…',
    to: validTo ? fromIsoDate(validTo, true) : '…',
  };
  const message = (problem: Problem | null) =>
    problem ? t(`orderStuffing.problems.${problem}`, rangeParams) : undefined;
  const fromMessage = touched.from ? message(checked.fromProblem) : undefined;
  const toMessage = touched.to ? message(checked.toProblem) : undefined;

  const rangeText = (from: string | null, to: string | null, short: boolean) => {
    const show = (day: string | null) => (day ? (short ? fromIsoDate(day, true) : formatDate(day)) : '…');
    return from || to ? t('orderStuffing.range', { from: show(from), to: show(to) }) : '-';
  };

  async function save() {
    // Enter may come before the field's blur has put the slashes in.
    const from = withSlashes(typedFrom);
    const to = withSlashes(typedTo).trim() || from;
    setTypedFrom(from);
    setTypedTo(to);
    setTouched({ from: true, to: true });
    const range = check(from, to, validFrom, validTo);
    if (range.fromProblem || range.toProblem || !range.from || !range.to) return;
    const res = await send('order/change_stuffing_date', {
      order_id: orderId,
      stuffing_date_from: range.from,
      stuffing_date_to: range.to,
    });
    if (!res?.success) return;
    notify.success(res.message || t('orderStuffing.saved'), t('common.dataSaved'), STUFFING_TOAST_LIFE_MS);
    done();
  }

  const onEnter = (event: { key: string }) => {
    if (event.key === 'Enter') void save();
  };

  return (
    <>
      <FactList label={t('orderStuffing.facts')}>
        <Fact term={t('orderStuffing.current')}>{rangeText(currentFrom, currentTo, true)}</Fact>
        <Fact term={t('orderStuffing.valid')}>
          {hasValidRange ? rangeText(validFrom, validTo, false) : t('orderStuffing.noValidRange')}
        </Fact>
      </FactList>
      <div className={styles.fields}>
        <Field
          className={styles.field}
          label={t('orderStuffing.newFrom')}
          required
          hint={hasValidRange ? t('orderStuffing.within', rangeParams) : undefined}
          validationState={fromMessage ? 'error' : 'none'}
          validationMessage={fromMessage}
        >
          <Input
            className={styles.date}
            placeholder={t('orderStuffing.placeholder')}
            maxLength={8}
            value={typedFrom}
            disabled={busy}
            onChange={(_, data) => {
              setTypedFrom(data.value.replace(/[^\d/]/g, ''));
              setTouched((previous) => ({ ...previous, from: true }));
            }}
            onBlur={() => {
              const from = withSlashes(typedFrom);
              setTypedFrom(from);
              // The second date defaults to the first.
              if (!typedTo.trim()) setTypedTo(from);
              setTouched((previous) => ({ ...previous, from: true }));
            }}
            onKeyDown={onEnter}
          />
        </Field>
        <Field
          className={styles.field}
          label={t('orderStuffing.newTo')}
          hint={t('orderStuffing.toHint')}
          validationState={toMessage ? 'error' : 'none'}
          validationMessage={toMessage}
        >
          <Input
            className={styles.date}
            placeholder={t('orderStuffing.placeholder')}
            maxLength={8}
            value={typedTo}
            disabled={busy}
            onChange={(_, data) => {
              setTypedTo(data.value.replace(/[^\d/]/g, ''));
              setTouched((previous) => ({ ...previous, to: true }));
            }}
            onBlur={() => {
              setTypedTo(withSlashes);
              setTouched((previous) => ({ ...previous, to: true }));
            }}
            onKeyDown={onEnter}
          />
        </Field>
      </div>
      <ChangeActions change={change} label={t('common.save')} onConfirm={() => void save()} />
    </>
  );
}
