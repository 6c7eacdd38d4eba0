// Accept order and Reject order (spec/1 "Panels and dialogs", §4 "Action dialog flow", §5): the transporter's
// answer to one or more orders assigned to it. The dialog lists each chosen order as "ERP no / order no" with a
// remark; No and Yes; a reject needs a remark for every order, else an error toast names the order and nothing is
// sent. Yes sends one `order/transporter_action` with an item per order; the server answers per item, and each
// line shows its result (Accepted / Rejected, or why not). The dialog cannot be closed while the answer is awaited;
// afterwards Close. A refused request as a whole shows the error and gives the inputs back.
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransporterActionResult } from '../../../../db/resources/order-assign';
import { api } from '../../api/client';
import { textOf } from '../../components/grid/cellFormat';
import { useNotify } from '../../shell/notify';
import type { OrderRow } from './types';

export type TransporterAction = 'ACCEPTED' | 'REJECTED';

/** The reason a transporter gives holds at most this many characters (transporterActionItemSchema). */
const REASON_MAX_LENGTH = 1000;

type Phase = 'confirm' | 'processing' | 'processed';

const useStyles = makeStyles({
  surface: {
    width: '50vw',
    minWidth: 'min(480px, calc(100vw - 32px))',
    maxWidth: 'calc(100vw - 32px)',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  orders: {
    margin: 0,
    padding: 0,
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxHeight: '50vh',
    overflowY: 'auto',
  },
  order: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  label: {
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  error: {
    color: tokens.colorPaletteRedForeground1,
  },
});

/** What the dialog shows for an order, and sends as its ref_no: ERP no / order no (spec/1). */
export function orderRef(row: OrderRow): string {
  return `${textOf(row.SAP_No)} / ${textOf(row.Order_No)}`;
}

export interface TransporterActionDialogProps {
  /** The orders answered; empty when the dialog is closed. */
  orders: OrderRow[];
  action: TransporterAction;
  /** `processed` tells whether anything was sent (the list is read again then). */
  onClose: (processed: boolean) => void;
}

export function TransporterActionDialog({ orders, action, onClose }: TransporterActionDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const open = orders.length > 0;
  const [phase, setPhase] = useState<Phase>('confirm');
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [results, setResults] = useState<Map<string, TransporterActionResult>>(new Map());

  // Each opening starts afresh.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPhase('confirm');
      setRemarks({});
      setResults(new Map());
    }
  }

  const reject = action === 'REJECTED';

  async function confirm() {
    if (reject) {
      const missing = orders.find((row) => !remarks[row.Id]?.trim());
      if (missing) {
        notify.error(t('orderAction.reasonRequired', { order: orderRef(missing) }));
        return;
      }
    }
    setPhase('processing');
    try {
      const res = await api.post<{ data?: TransporterActionResult[] }>(
        'order/transporter_action',
        orders.map((row) => ({
          id: row.Id,
          status: action,
          reason: remarks[row.Id]?.trim() || null,
          ref_no: orderRef(row),
        })),
      );
      const answered = res.data?.data;
      if (!Array.isArray(answered)) {
        notify.error(res.message || t('common.requestFailed'));
        setPhase('confirm');
        return;
      }
      const byRef = new Map<string, TransporterActionResult>();
      answered.forEach((item, i) => {
        const ref = item.ref_no ?? (orders[i] ? orderRef(orders[i]) : '');
        byRef.set(ref, item);
      });
      setResults(byRef);
      setPhase('processed');
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
      setPhase('confirm');
    }
  }

  const title = reject ? t('orderAction.rejectTitle') : t('orderAction.acceptTitle');
  const busy = phase === 'processing';

  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onClose(phase === 'processed');
      }}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{reject ? t('orderAction.rejectQuestion') : t('orderAction.acceptQuestion')}</Text>
            <ul className={styles.orders} aria-label={t('orderAction.orders')}>
              {orders.map((row) => {
                const ref = orderRef(row);
                const result = results.get(ref);
                return (
                  <li key={row.Id} className={styles.order}>
                    <span className={styles.label}>{ref}</span>
                    <Field
                      label={reject ? t('orderAction.remark') : t('orderAction.remarkOptional')}
                      required={reject}
                    >
                      <Input
                        value={remarks[row.Id] ?? ''}
                        maxLength={REASON_MAX_LENGTH}
                        disabled={phase !== 'confirm'}
                        aria-label={t('orderAction.remarkOf', { order: ref })}
                        onChange={(_, data) =>
                          setRemarks((previous) => ({ ...previous, [row.Id]: data.value }))
                        }
                      />
                    </Field>
                    {phase === 'processed' ? (
                      result?.success ? (
                        <Badge appearance="tint" color={reject ? 'danger' : 'success'}>
                          {reject ? t('orderAction.rejected') : t('orderAction.accepted')}
                        </Badge>
                      ) : (
                        <Text role="alert" className={styles.error}>
                          {result?.message || t('common.requestFailed')}
                        </Text>
                      )
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </DialogContent>
          <DialogActions>
            {phase === 'processed' ? (
              <Button appearance="primary" onClick={() => onClose(true)}>
                {t('common.close')}
              </Button>
            ) : (
              <>
                <Button appearance="secondary" disabled={busy} onClick={() => onClose(false)}>
                  {t('confirm.no')}
                </Button>
                <Button
                  appearance="primary"
                  disabled={busy}
                  icon={busy ? <Spinner size="tiny" /> : undefined}
                  onClick={() => void confirm()}
                >
                  {t('confirm.yes')}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
