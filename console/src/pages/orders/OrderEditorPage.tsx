// The order's own page (/Order/Editor?mode=view&id=N, spec/1 §2 "editor route /Order/Editor with query mode and
// id"): the order's View (OrderViewBody: summary, where it stands and with whom, lines, where it is in its process)
// at an address of its own, so an order can be shared by its link. Needs View on Order, as the list does; another
// party's order, or one that does not exist, is refused by the server as the list's View is. Changes to the order
// are made from the order list's panels (edit, cancel, ...), which check each against the row's flags; any mode
// shows the view.
import { Button, MessageBar, MessageBarBody, Spinner, Title2 } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePermission } from '../../api/permission';
import { textOf } from '../../components/grid/cellFormat';
import { useScreenStyles } from '../../components/screenStyles';
import { useOrderStatusText } from './OrderAssignmentFacts';
import { OrderViewBody } from './OrderViewPanel';
import { useOrderView } from './useOrderView';

export default function OrderEditorPage() {
  const { t } = useTranslation();
  const page = useScreenStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const permission = usePermission('Order', 'Index');
  const statusText = useOrderStatusText();
  const id = Number(params.get('id'));
  const orderId = Number.isInteger(id) && id > 0 ? id : null;
  const [failed, setFailed] = useState(false);
  const view = useOrderView(permission && orderId !== null ? orderId : null, () => setFailed(true));
  return (
    <section className={page.page} aria-labelledby="order-page-title">
      <div className={page.header}>
        <Title2 as="h1" id="order-page-title">
          {t('orderView.pageTitle', { order: textOf(view?.header.Order_No) || (orderId ?? '') })}
        </Title2>
        <Button icon={<ArrowLeft20Regular />} onClick={() => void navigate('/Order/Index')}>
          {t('orderView.back')}
        </Button>
      </div>
      {orderId === null || failed ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('orderView.notFound')}</MessageBarBody>
        </MessageBar>
      ) : !permission || !view ? (
        <div className={page.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <OrderViewBody orderId={orderId} view={view} statusText={statusText} />
      )}
    </section>
  );
}
