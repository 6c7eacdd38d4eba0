// Mark complete and Unmark complete (spec/1 §2 "Panels and dialogs", §6, §7): one panel for both. The order summary
// on the left; on the right what the order's lines hold, read only: quantity, outstanding, real quantity and what
// mark complete gave back to the SAP order (Revert Qty), with 1 to 3 decimals (spec/1 §9). The button sends
// `PUT order/mark_complete/{id}` or `order/unmark_complete/{id}`. Unmarking reserves again what was given back as far
// as the SAP order still has it; when it cannot for some lines the server says so with message_code
// PARTLY_RESERVED: the change is made, but the user must know which lines lost their quantity, so the message is a
// warning rather than a success, and the panel stays open listing those lines (and the order's lines as they are
// now) until it is closed.
import {
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../components/grid/cellFormat';
import { showToast, TOAST_LIFE_MS, useNotify } from '../../shell/notify';
import { formatQty } from './format';
import { ChangeActions, OrderChangePanel, type OrderChange } from './OrderChangePanel';
import { OrderLinesTable } from './OrderLinesTable';
import type { OrderView, UnreservedLine } from './types';

export type CompleteMode = 'mark' | 'unmark';

const LINE_FIELDS = ['Item_No', 'Material_Name', 'Qty', 'os_qty', 'real_qty', 'Revert_Qty', 'UOM'];

/** The server's code for an unmark that could not reserve every line again. */
const PARTLY_RESERVED = 'PARTLY_RESERVED';

const useStyles = makeStyles({
  total: {
    color: tokens.colorNeutralForeground2,
  },
  numeric: {
    fontVariantNumeric: 'tabular-nums',
  },
  lines: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
  },
});

export interface CompleteOrderPanelProps {
  orderId: number | null;
  mode: CompleteMode;
  onClose: (changed: boolean) => void;
}

export function CompleteOrderPanel({ orderId, mode, onClose }: CompleteOrderPanelProps) {
  return (
    <OrderChangePanel orderId={orderId} titleKey={`orderComplete.${mode}.title`} onClose={onClose}>
      {(change) => <CompleteForm mode={mode} change={change} />}
    </OrderChangePanel>
  );
}

/**
 * What the order gave back, unit by unit ("550,000.0 KG + 750.0 TON"): its lines' Revert_Qty summed per UOM, never
 * quantities of different units added up; the header's Revert_Qty when the lines do not say.
 */
function revertedByUom(header: OrderView['header']): string {
  const lines = header.Details ?? [];
  const byUom = new Map<string, number>();
  for (const line of lines) {
    const qty = Number(line.Revert_Qty ?? 0);
    if (!Number.isFinite(qty) || qty <= 0) continue;
    const uom = textOf(line.UOM).toUpperCase();
    byUom.set(uom, (byUom.get(uom) ?? 0) + qty);
  }
  if (!byUom.size) return formatQty(header.Revert_Qty);
  return [...byUom.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([uom, qty]) => `${formatQty(qty)} ${uom}`.trim())
    .join(' + ');
}

function CompleteForm({ mode, change }: { mode: CompleteMode; change: OrderChange }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify(change.group);
  const { orderId, view, send, done } = change;
  // Lines an unmark could not reserve again, and the order as it is then; null until such an answer.
  const [unreserved, setUnreserved] = useState<UnreservedLine[] | null>(null);
  const [after, setAfter] = useState<OrderView['header'] | null>(null);
  const header = after ?? view.header;

  async function confirm() {
    const res = await send<Partial<OrderView> & { unreserved?: UnreservedLine[] }>(
      mode === 'mark' ? `order/mark_complete/${orderId}` : `order/unmark_complete/${orderId}`,
    );
    if (!res?.success) return;
    if (res.message_code === PARTLY_RESERVED) {
      showToast({
        intent: 'warning',
        title: t('orderComplete.unmark.partlyTitle'),
        message: res.message || t('orderComplete.unmark.partly'),
        life: TOAST_LIFE_MS,
      });
      setUnreserved(Array.isArray(res.data?.unreserved) ? res.data.unreserved : []);
      if (res.data?.header) setAfter(res.data.header);
      return;
    }
    notify.success(res.message || t(`orderComplete.${mode}.saved`), t('common.dataSaved'));
    done();
  }

  return (
    <>
      <Text>{t(`orderComplete.${mode}.question`)}</Text>
      <OrderLinesTable
        caption={t('orderList.linesOf', { order: textOf(header.Order_No) })}
        lines={header.Details ?? []}
        showConversion={false}
        fields={LINE_FIELDS}
      />
      <Text className={mergeClasses(styles.total, styles.numeric)}>
        {t('orderComplete.revertQty', { qty: revertedByUom(header) || '-' })}
      </Text>
      {unreserved ? (
        <>
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{t('orderComplete.unmark.partlyTitle')}</MessageBarTitle>
              {t('orderComplete.unmark.partly')}
              <ul className={styles.lines} aria-label={t('orderComplete.unmark.unreservedLines')}>
                {unreserved.map((line) => (
                  <li key={line.Item_No} className={styles.numeric}>
                    {t('orderComplete.unmark.unreservedLine', {
                      item: textOf(line.Item_No),
                      qty: formatQty(line.Qty),
                    })}
                  </li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
          <div>
            <Button appearance="primary" onClick={done}>
              {t('common.close')}
            </Button>
          </div>
        </>
      ) : (
        <ChangeActions
          change={change}
          label={t(`orderComplete.${mode}.confirm`)}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}
