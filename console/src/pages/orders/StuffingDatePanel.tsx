// Change stuffing date (spec/1 §2 "Panels and dialogs", §5, §7, §8): the order summary on the left; on the right the
// current stuffing range and the order's valid range, read only, and the new range typed as dd/mm/yy (as the SAP
// order's assign panel takes it, spec/2 §9). The new range must be real dates, the second not before the first,
// and both within the valid range when the order has one; an empty second date is the first: the server's one rule
// (stuffingDateProblems, as order/change_stuffing_date and the assign saves judge it). What the rule refuses shows
// at its field at once and Save is not offered meanwhile; a date that does not read as one shows once the field was
// touched, an empty first date on save. Save sends `PUT order/change_stuffing_date`
// with {order_id, stuffing_date_from, stuffing_date_to} as YYYY-MM-DD; its toast stays 50 s (spec/1 §8).
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact, FactList } from './FactList';
import { useNotify } from '../../shell/notify';
import { formatDate } from '../../util/format';
import type { ValidRange } from '../../../../db/resources/order-assign';
import { dayOf, fromIsoDate, stuffingProblems, toIsoDate, type StuffingFieldProblem } from './assign/model';
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

/** "070326" → "07/03/26": a date is often typed without its slashes. */
function withSlashes(text: string): string {
  return /^\d{6}$/.test(text) ? `${text.slice(0, 2)}/${text.slice(2, 4)}/${text.slice(4)}` : text;
}

type Problem = 'required' | StuffingFieldProblem;

interface Checked {
  from: string | null;
  to: string | null;
  fromProblem: Problem | null;
  toProblem: Problem | null;
}

/** spec/1 §5: the typed range read as dates and judged by the server's rule (stuffingProblems). */
function check(typedFrom: string, typedTo: string, range: ValidRange): Checked {
  const problems = stuffingProblems(typedFrom, typedTo, range);
  const from = typedFrom.trim() ? toIsoDate(typedFrom) : null;
  // The second date defaults to the first.
  const to = typedTo.trim() ? toIsoDate(typedTo) : from;
  return { from, to, fromProblem: typedFrom.trim() ? problems.from : 'required', toProblem: problems.to };
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

  const validRange: ValidRange = { from: validFrom, to: validTo };
  // Six digits typed without their slashes read as the date they will be on blur.
  const checked = check(withSlashes(typedFrom), withSlashes(typedTo), validRange);
  const hasValidRange = validFrom !== null || validTo !== null;
  const rangeParams = {
    from: validFrom ? fromIsoDate(validFrom, true) : '…',
    to: validTo ? fromIsoDate(validTo, true) : '…',
  };
  const message = (problem: Problem | null) =>
    problem ? t(`orderStuffing.problems.${problem}`, rangeParams) : undefined;
  // What the server's rule refuses shows at once, even for the range the order has now (its valid range may have
  // changed since); an empty or half-typed date only once the field was touched.
  const shown = (problem: Problem | null, wasTouched: boolean) =>
    problem === 'outOfRange' || problem === 'reversed' || wasTouched ? message(problem) : undefined;
  const fromMessage = shown(checked.fromProblem, touched.from);
  const toMessage = shown(checked.toProblem, touched.to);
  // Save is not offered while the typed range breaks the rule or does not read as dates.
  const blocked = [checked.fromProblem, checked.toProblem].some(
    (problem) => problem !== null && problem !== 'required',
  );

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
    const range = check(from, to, validRange);
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
      <ChangeActions
        change={change}
        label={t('common.save')}
        disabled={blocked}
        onConfirm={() => void save()}
      />
    </>
  );
}
