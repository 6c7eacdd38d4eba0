// The order's history log (spec/1 "View history"): a bottom panel with the order header summary and where the
// order stands (status, transporters, freight cost, stuffing dates: OrderFacts) on the left and,
// on the right, every transition of the order — what the change was (assign, accept, cancel, stuffing date, ...,
// as the order's workflow names it), status from, status to, when and by whom, and the remark that came with it (a
// transporter's reject reason, an approver's remark, a cancel reason) — as `order/view_history/{id}` lists them.
import { Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { formatDateTime, textOf } from '../../components/grid/cellFormat';
import { useNotify } from '../../shell/notify';
import { BottomPanel } from './BottomPanel';
import { useOrderStatusText } from './OrderAssignmentFacts';
import { OrderFacts } from './OrderViewPanel';
import type { OrderHistoryRow } from './types';
import { useOrderView } from './useOrderView';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(280px, 1fr) minmax(0, 2fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 991px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wrap: {
    overflowX: 'auto',
    minWidth: 0,
  },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    fontSize: tokens.fontSizeBase200,
  },
  head: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    textAlign: 'left',
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cell: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // The change and its time read as one piece each (the table scrolls sideways on a narrow screen instead).
  nowrap: {
    whiteSpace: 'nowrap',
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
});

const COLUMNS = ['Change', 'Status_From', 'Status_To', 'Created_Date', 'Created_By', 'Remark'] as const;

export interface OrderHistoryPanelProps {
  orderId: number | null;
  statusText?: (code: string) => string;
  onClose: () => void;
}

export function OrderHistoryPanel({ orderId, statusText, onClose }: OrderHistoryPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const view = useOrderView(orderId, onClose);
  const history = useQuery({
    queryKey: ['order-history', orderId],
    queryFn: () => api.get<OrderHistoryRow[]>(`order/view_history/${orderId}`),
    enabled: orderId !== null,
  });
  const answer = orderId === null ? undefined : history.data;
  const failure = orderId === null ? null : history.error;

  // Heard once per answer: a refusal or a failure toasts and closes the panel.
  useEffect(() => {
    if (failure) {
      notify.failure(failure, t('common.requestFailed'));
      onClose();
    } else if (answer && !answer.success) {
      notify.error(answer.message || t('common.requestFailed'));
      onClose();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new answer only
  }, [answer, failure]);

  const rows = answer?.success ? (Array.isArray(answer.data) ? answer.data : []) : null;
  const ownStatusText = useOrderStatusText();
  const statusOf = (code: string | null) => (code ? (statusText ?? ownStatusText)(code) : '-');
  // A change the console has no label for yet reads as its name.
  const changeOf = (change: string | null | undefined) =>
    change ? t(`orderHistory.changes.${change}`, { defaultValue: change }) : '-';
  const header = view?.header;

  return (
    <BottomPanel
      open={orderId !== null}
      title={t('orderHistory.title', { order: textOf(header?.Order_No) })}
      onClose={onClose}
    >
      {!view || !rows ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <div className={styles.layout}>
          <OrderFacts view={view} statusText={statusText ?? ownStatusText} />
          <div className={styles.wrap}>
            <table className={styles.table} aria-label={t('orderHistory.table')}>
              <thead>
                <tr>
                  {COLUMNS.map((f) => (
                    <th key={f} scope="col" className={styles.head}>
                      {t(`orderHistory.columns.${f}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className={mergeClasses(styles.cell, styles.empty)}>
                      {t('orderList.empty')}
                    </td>
                  </tr>
                ) : (
                  rows.map((row, i) => (
                    <tr key={i}>
                      <td className={mergeClasses(styles.cell, styles.nowrap)}>{changeOf(row.Change)}</td>
                      <td className={styles.cell}>{statusOf(row.Status_From)}</td>
                      <td className={styles.cell}>{statusOf(row.Status_To)}</td>
                      <td className={mergeClasses(styles.cell, styles.nowrap)}>
                        {formatDateTime(row.Created_Date)}
                      </td>
                      <td className={styles.cell}>{textOf(row.Created_By)}</td>
                      <td className={styles.cell}>{textOf(row.Remark)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </BottomPanel>
  );
}
