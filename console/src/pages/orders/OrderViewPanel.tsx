// The order's view (spec/1 "View", spec/2 §2.1): a bottom panel with the order header summary block and its lines,
// and below them where the order is in its process ("where is my order", OrderProcess.tsx). Opened from the order
// list and from the Approval screen's order rows.
import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../components/grid/cellFormat';
import { BottomPanel } from './BottomPanel';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderProcessBlock } from './OrderProcess';
import { OrderSummary } from './OrderSummary';
import { useOrderView } from './useOrderView';

const useStyles = makeStyles({
  top: {
    display: 'grid',
    gridTemplateColumns: 'minmax(280px, 1fr) minmax(0, 2fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 991px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export interface OrderViewPanelProps {
  /** The order shown; null when the panel is closed. */
  orderId: number | null;
  statusText?: (code: string) => string;
  onClose: () => void;
}

export function OrderViewPanel({ orderId, statusText, onClose }: OrderViewPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const view = useOrderView(orderId, onClose);
  const header = view?.header;
  return (
    <BottomPanel
      open={orderId !== null}
      title={t('orderView.title', { order: textOf(header?.Order_No) })}
      onClose={onClose}
    >
      {!header || orderId === null ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <div className={styles.top}>
            <OrderSummary header={header} label={t('orderView.summary')} />
            <OrderLinesTable
              caption={t('orderList.linesOf', { order: textOf(header.Order_No) })}
              lines={header.Details ?? []}
              showConversion={header.Show_Conversion_Type === 'Y'}
            />
          </div>
          <OrderProcessBlock orderId={orderId} statusText={statusText} />
        </>
      )}
    </BottomPanel>
  );
}
