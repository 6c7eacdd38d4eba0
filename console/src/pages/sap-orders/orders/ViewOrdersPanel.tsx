// The View Orders panel of the SAP order list (spec/2 §2.7, §7 `GET saporder/orders/{id}`): what became of a SAP
// order. Its header, its lines with how much is still outstanding and how much was really carried, and the
// transport orders made from it with their transporter, status and dispatch status, so staff see at a glance
// who carries what and whether the transporter has answered. The order list is one link away.
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf } from '../../../api/answer';
import { api } from '../../../api/client';
import { RouterLink } from '../../../components/RouterLink';
import { useNotify } from '../../../shell/notify';
import { formatDate } from '../../../util/format';
import { sapOrderLabel } from '../list/columns';
import { StatusBadge } from '../list/StatusBadge';
import type { Row } from '../../../components/grid/expandableRows';
import { formatQty } from '../../../components/grid/format';

export interface SapOrderOrders {
  header?: Record<string, unknown>;
  details?: {
    Item_No?: string | null;
    material_name?: string | null;
    order_qty?: number | null;
    os_qty?: number | null;
    real_qty?: number | null;
    UOM?: string | null;
  }[];
  orders?: {
    Id: number;
    Order_No?: string | null;
    Transporter_Code?: string | null;
    Transporter_Name?: string | null;
    Status?: string | null;
    Dispatch_Status?: string | null;
  }[];
}

export interface ViewOrdersPanelProps {
  row: Row;
  onClose: () => void;
}

const HEADER_FIELDS = [
  'Document_No',
  'order_type_name',
  'Company_Code',
  'Customer_Vendor_Code',
  'Incoterm',
  'shipment_type_name',
  'Warehouse_Code',
  'Status',
  'Valid_From',
  'Valid_To',
] as const;

const useStyles = makeStyles({
  drawer: {
    height: '80vh',
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  headerList: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: 0,
  },
  pair: {
    display: 'flex',
    flexDirection: 'column',
  },
  term: {
    color: tokens.colorNeutralForeground3,
  },
  definition: {
    margin: 0,
    overflowWrap: 'anywhere',
  },
  scroll: {
    overflowX: 'auto',
  },
  number: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
  loading: {
    display: 'flex',
    justifyContent: 'center',
    padding: tokens.spacingVerticalXXL,
  },
});

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value as string));

export function ViewOrdersPanel({ row, onClose }: ViewOrdersPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const id = Number(row.Id);
  const query = useQuery({
    queryKey: ['saporder/orders', id],
    queryFn: () => dataOf(api.get<SapOrderOrders>(`saporder/orders/${id}`)),
  });
  const data = query.data ?? null;
  const failure = query.error;
  // spec/2 §8: a load that fails closes the panel with the server's word (heard once per failure).
  useEffect(() => {
    if (!failure) return;
    notify.failure(failure, t('viewOrders.failed'));
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new failure only
  }, [failure]);

  const header = data?.header ?? row;
  const details = data?.details ?? [];
  const orders = data?.orders ?? [];

  return (
    <OverlayDrawer
      open
      position="bottom"
      className={styles.drawer}
      onOpenChange={(_, state) => !state.open && onClose()}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<Dismiss20Regular />}
              aria-label={t('common.close')}
              onClick={onClose}
            />
          }
        >
          {t('viewOrders.title', { document: text(row.Document_No) })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {data === null ? (
          <div className={styles.loading}>
            <Spinner label={t('common.loading')} />
          </div>
        ) : (
          <div className={styles.body}>
            <section aria-label={t('viewOrders.header')}>
              <dl className={styles.headerList}>
                {HEADER_FIELDS.map((field) => (
                  <div key={field} className={styles.pair}>
                    <dt className={styles.term}>{sapOrderLabel(t, field)}</dt>
                    <dd className={styles.definition}>
                      {field.startsWith('Valid_') ? formatDate(text(header[field])) : text(header[field])}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            <section>
              <Subtitle2 as="h3">{t('viewOrders.lines')}</Subtitle2>
              {details.length === 0 ? (
                <Text className={styles.muted}>{t('viewOrders.noLines')}</Text>
              ) : (
                <div className={styles.scroll}>
                  <Table size="small" aria-label={t('viewOrders.lines')}>
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>{t('viewOrders.columns.item')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.material')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.orderQty')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.osQty')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.realQty')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.uom')}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {details.map((line, i) => (
                        <TableRow key={`${text(line.Item_No)}-${i}`}>
                          <TableCell>{text(line.Item_No)}</TableCell>
                          <TableCell>{text(line.material_name)}</TableCell>
                          <TableCell className={styles.number}>{formatQty(line.order_qty)}</TableCell>
                          <TableCell className={styles.number}>{formatQty(line.os_qty)}</TableCell>
                          <TableCell className={styles.number}>{formatQty(line.real_qty)}</TableCell>
                          <TableCell>{text(line.UOM)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
            </section>
            <section>
              <Subtitle2 as="h3">{t('viewOrders.orders')}</Subtitle2>
              {orders.length === 0 ? (
                <Text className={styles.muted}>{t('viewOrders.noOrders')}</Text>
              ) : (
                <div className={styles.scroll}>
                  <Table size="small" aria-label={t('viewOrders.orders')}>
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell>{t('viewOrders.columns.orderNo')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.transporter')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.status')}</TableHeaderCell>
                        <TableHeaderCell>{t('viewOrders.columns.dispatchStatus')}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {orders.map((order) => (
                        <TableRow key={order.Id}>
                          <TableCell>{text(order.Order_No)}</TableCell>
                          <TableCell>
                            {[text(order.Transporter_Code), text(order.Transporter_Name)]
                              .filter(Boolean)
                              .join(' - ')}
                          </TableCell>
                          <TableCell>
                            <StatusBadge code={text(order.Status)} text={text(order.Status)} />
                          </TableCell>
                          <TableCell>{text(order.Dispatch_Status)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              )}
              <RouterLink to="/Order/Index">{t('viewOrders.openList')}</RouterLink>
            </section>
          </div>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
