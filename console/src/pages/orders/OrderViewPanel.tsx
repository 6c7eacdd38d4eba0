// The order's view (spec/1 "View", spec/2 §2.1): the order header summary block with where the order stands and
// with whom (status, transporters, freight cost, stuffing dates), its lines, and below them where the order is in
// its process ("where is my order", OrderProcess.tsx). Shown in a bottom panel opened from the order list and from
// the Approval screen's order rows, and as a page of its own at /Order/Editor?mode=view&id=N (OrderEditorPage), so
// an order can be shared by its link.
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../components/grid/cellFormat';
import { RouterLink } from '../../components/RouterLink';
import { BottomPanel } from './BottomPanel';
import { OrderAssignmentFacts, useOrderStatusText } from './OrderAssignmentFacts';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderProcessBlock } from './OrderProcess';
import { OrderSummary } from './OrderSummary';
import type { OrderView } from './types';
import { useOrderView } from './useOrderView';

const useStyles = makeStyles({
  top: {
    display: 'grid',
    gridTemplateColumns: 'minmax(280px, 1fr) minmax(0, 2fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 991px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  facts: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
});

/** The order summary with its assignment under it: the left column of the View and the History log. */
export function OrderFacts({ view, statusText }: { view: OrderView; statusText?: (code: string) => string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.facts}>
      <OrderSummary header={view.header} label={t('orderView.summary')} />
      <OrderAssignmentFacts view={view} statusText={statusText} />
    </div>
  );
}

/** What the View shows of one order, in a panel or on its page. */
export function OrderViewBody({
  orderId,
  view,
  statusText,
}: {
  orderId: number;
  view: OrderView;
  statusText?: (code: string) => string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const header = view.header;
  return (
    <>
      <div className={styles.top}>
        <OrderFacts view={view} statusText={statusText} />
        <OrderLinesTable
          caption={t('orderList.linesOf', { order: textOf(header.Order_No) })}
          lines={header.Details ?? []}
          showConversion={header.Show_Conversion_Type === 'Y'}
        />
      </div>
      <OrderProcessBlock orderId={orderId} statusText={statusText} />
    </>
  );
}

/** The order's own page, an address to share. */
export const orderLink = (orderId: number) => `/Order/Editor?mode=view&id=${orderId}`;

export interface OrderViewPanelProps {
  /** The order shown; null when the panel is closed. */
  orderId: number | null;
  /** Status code → text; the console's own labels when not given (the Approval screen has no master list). */
  statusText?: (code: string) => string;
  onClose: () => void;
}

export function OrderViewPanel({ orderId, statusText, onClose }: OrderViewPanelProps) {
  const { t } = useTranslation();
  const view = useOrderView(orderId, onClose);
  const ownStatusText = useOrderStatusText();
  return (
    <BottomPanel
      open={orderId !== null}
      title={t('orderView.title', { order: textOf(view?.header.Order_No) })}
      onClose={onClose}
    >
      {!view || orderId === null ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <RouterLink to={orderLink(orderId)}>{t('orderView.link')}</RouterLink>
          <OrderViewBody orderId={orderId} view={view} statusText={statusText ?? ownStatusText} />
        </>
      )}
    </BottomPanel>
  );
}
