// Reassign delivery order (spec/1 §2 "Panels and dialogs", §5, §7): part of an order given back to its SAP order so
// another order can take it. The order summary on the left; on the right its lines (item no, ERP no, ERP item no,
// material, outstanding quantity, unit, read only) each with the quantity it gives back: 0 by default, at most what
// the line still has outstanding (a higher quantity is refused with a message at the field, and cannot be saved).
// Save sends `PUT order/reassign_do` with {order_id, details: [{Id, Qty}]}, only the lines that give something, and
// waits until at least one does.
import {
  Field,
  Input,
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
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../components/grid/cellFormat';
import { useNotify } from '../../shell/notify';
import { orderLabel } from './columns';
import { formatQty } from './format';
import { ChangeActions, OrderChangePanel, type OrderChange } from './OrderChangePanel';
import type { OrderLineRow } from './types';

/** The read-only columns, before the quantity given back (spec/1 §2). */
const READ_FIELDS = ['Item_No', 'sap_no', 'SAP_Item_No', 'Material_Name', 'os_qty', 'UOM'] as const;

/** A quantity as it may be typed: digits and at most three decimals (the server keeps three). */
const TYPED_QTY = /^\d*(\.\d{0,3})?$/;

const useStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
    minWidth: 0,
  },
  table: {
    tableLayout: 'auto',
    minWidth: '720px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cell: {
    verticalAlign: 'top',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
  // A quantity's heading sits over its right-aligned figures (the header cell's button slot is a flex row).
  numericHead: {
    justifyContent: 'flex-end',
  },
  numeric: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  // Wide enough for the field's message, so the columns do not move as it shows and goes.
  qtyColumn: {
    width: '240px',
  },
  qty: {
    width: '140px',
    '& input': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
});

function numberOf(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** In thousandths, as the server compares quantities. */
const milli = (n: number) => Math.round(n * 1000);

export interface ReassignDoPanelProps {
  orderId: number | null;
  onClose: (changed: boolean) => void;
}

export function ReassignDoPanel({ orderId, onClose }: ReassignDoPanelProps) {
  return (
    <OrderChangePanel orderId={orderId} titleKey="orderReassign.title" onClose={onClose}>
      {(change) => <ReassignForm change={change} />}
    </OrderChangePanel>
  );
}

interface LineState {
  line: OrderLineRow;
  max: number;
  qty: number;
  error: string | null;
}

function ReassignForm({ change }: { change: OrderChange }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify(change.group);
  const { orderId, view, busy, send, done } = change;
  const lines = view.header.Details ?? [];
  // What is typed per line, by position; '0' until the user gives a quantity.
  const [typed, setTyped] = useState<string[]>(() => lines.map(() => '0'));

  const states: LineState[] = lines.map((line, i) => {
    const max = Math.max(0, numberOf(line.os_qty));
    const text = typed[i] ?? '0';
    const qty = text === '' || text === '.' ? 0 : Number(text);
    const error = milli(qty) > milli(max) ? t('orderReassign.tooHigh', { max: formatQty(max) }) : null;
    return { line, max, qty, error };
  });
  const giving = states.filter((s) => milli(s.qty) > 0 && typeof s.line.Id === 'number');
  const invalid = states.some((s) => s.error !== null);
  const canSave = !busy && !invalid && giving.length > 0;

  async function save() {
    if (!canSave) return;
    const res = await send('order/reassign_do', {
      order_id: orderId,
      details: giving.map((s) => ({ Id: s.line.Id, Qty: milli(s.qty) / 1000 })),
    });
    if (!res?.success) return;
    notify.success(res.message || t('orderReassign.saved'), t('common.dataSaved'));
    done();
  }

  return (
    <>
      <Text>{t('orderReassign.intro')}</Text>
      <div className={styles.scroll}>
        <Table
          className={styles.table}
          size="small"
          aria-label={t('orderList.linesOf', { order: textOf(view.header.Order_No) })}
        >
          <TableHeader>
            <TableRow>
              {READ_FIELDS.map((field) => (
                <TableHeaderCell
                  key={field}
                  button={field === 'os_qty' ? { className: styles.numericHead } : undefined}
                >
                  {orderLabel(t, field)}
                </TableHeaderCell>
              ))}
              <TableHeaderCell className={styles.qtyColumn}>{t('orderReassign.qty')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {states.length === 0 ? (
              <TableRow>
                <TableCell
                  className={mergeClasses(styles.cell, styles.empty)}
                  colSpan={READ_FIELDS.length + 1}
                >
                  {t('orderList.noLines')}
                </TableCell>
              </TableRow>
            ) : (
              states.map((state, i) => {
                const item = textOf(state.line.Item_No);
                return (
                  <TableRow key={state.line.Id ?? i}>
                    {READ_FIELDS.map((field) => (
                      <TableCell
                        key={field}
                        className={mergeClasses(styles.cell, field === 'os_qty' && styles.numeric)}
                      >
                        {field === 'os_qty' ? formatQty(state.line.os_qty) : textOf(state.line[field])}
                      </TableCell>
                    ))}
                    <TableCell className={styles.cell}>
                      <Field
                        validationState={state.error ? 'error' : 'none'}
                        validationMessage={state.error ?? undefined}
                      >
                        <Input
                          className={styles.qty}
                          inputMode="decimal"
                          aria-label={t('orderReassign.qtyOf', { item, max: formatQty(state.max) })}
                          value={typed[i] ?? '0'}
                          disabled={busy || state.max <= 0 || typeof state.line.Id !== 'number'}
                          onFocus={(event) => event.currentTarget.select()}
                          onChange={(_, data) => {
                            // A decimal comma reads as a point; anything else that is not a quantity is not taken.
                            const next = data.value.replace(',', '.');
                            if (!TYPED_QTY.test(next)) return;
                            setTyped((previous) => previous.map((v, j) => (j === i ? next : v)));
                          }}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') void save();
                          }}
                        />
                      </Field>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <ChangeActions
        change={change}
        label={t('common.save')}
        disabled={!canSave}
        onConfirm={() => void save()}
      />
    </>
  );
}
