// Cancel order (spec/1 §2 "Panels and dialogs", §5, §7): the order summary on the left; on the right the cancel
// reason, which is required ('Reason is required.', shown on submit and, once the field was touched, as the user
// types), and the order's lines, read only. Cancelling cannot be undone, so it asks first; then `PUT order/cancel/`
// with {id, reason}. The server cancels through the order's workflow (its quantities go back to the SAP order).
import { Field, Input } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { textOf } from '../../components/grid/cellFormat';
import { useNotify } from '../../shell/notify';
import { serverFieldErrors, useMessageText, type Message } from '../../util/message';
import { ChangeActions, OrderChangePanel, type OrderChange } from './OrderChangePanel';
import { OrderLinesTable } from './OrderLinesTable';

/** spec/1 §2: item no, ERP no, ERP item no, material, quantity, unit. */
const LINE_FIELDS = ['Item_No', 'sap_no', 'SAP_Item_No', 'Material_Name', 'Qty', 'UOM'];

/** The reason holds at most this many characters (cancelBodySchema). */
const REASON_MAX_LENGTH = 1000;

export interface CancelOrderPanelProps {
  orderId: number | null;
  onClose: (changed: boolean) => void;
}

export function CancelOrderPanel({ orderId, onClose }: CancelOrderPanelProps) {
  return (
    <OrderChangePanel orderId={orderId} titleKey="orderCancel.title" onClose={onClose}>
      {(change) => <CancelForm change={change} />}
    </OrderChangePanel>
  );
}

function CancelForm({ change }: { change: OrderChange }) {
  const { t } = useTranslation();
  const notify = useNotify(change.group);
  const { orderId, view, busy, send, done } = change;
  const header = view.header;
  const input = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  // The server's word on the reason, until it is edited again.
  const [serverError, setServerError] = useState<Message | null>(null);
  const say = useMessageText();
  const [confirming, setConfirming] = useState(false);

  const missing = !reason.trim();
  const error = say(serverError) ?? (touched && missing ? t('orderCancel.reasonRequired') : null);

  function ask() {
    setTouched(true);
    if (missing) {
      input.current?.focus();
      return;
    }
    setConfirming(true);
  }

  async function cancel() {
    const res = await send<unknown>('order/cancel/', { id: orderId, reason: reason.trim() });
    setConfirming(false);
    if (res?.success) {
      notify.success(res.message || t('orderCancel.saved'), t('common.dataSaved'));
      done();
      return;
    }
    const reasonError = res ? serverFieldErrors(res).reason?.[0] : undefined;
    if (reasonError) {
      setServerError(reasonError);
      input.current?.focus();
    }
  }

  const order = textOf(header.Order_No);
  return (
    <>
      <Field
        label={t('orderCancel.reason')}
        required
        validationState={error ? 'error' : 'none'}
        validationMessage={error ?? undefined}
      >
        <Input
          ref={input}
          value={reason}
          maxLength={REASON_MAX_LENGTH}
          disabled={busy}
          onChange={(_, data) => {
            setReason(data.value);
            setTouched(true);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              ask();
            }
          }}
        />
      </Field>
      <OrderLinesTable
        caption={t('orderList.linesOf', { order })}
        lines={header.Details ?? []}
        showConversion={false}
        fields={LINE_FIELDS}
      />
      <ChangeActions change={change} label={t('orderCancel.confirm')} onConfirm={ask} />
      <ConfirmDialog
        open={confirming}
        title={t('orderCancel.confirmTitle')}
        detail={order}
        message={t('orderCancel.confirmQuestion')}
        confirmLabel={t('orderCancel.confirmYes')}
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
