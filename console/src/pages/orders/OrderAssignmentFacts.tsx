// Where an order stands and with whom (issue 27: the View and History panels showed neither): its status and the
// transporter's answer (with the reject remark), every transporter it is given to (a collective order has
// several; a relation collects itself), the truck type, the freight cost per unit and the total by the user's
// trips, loading and destination, and the stuffing dates. Shown under the order summary in the View, the History
// log and the order's own page (/Order/Editor?mode=view&id=N). The values are what `order/{id}/view` answers the
// user: a figure the server does not give this audience is simply not there.
import { useTranslation } from 'react-i18next';
import { formatNumber, textOf } from '../../components/grid/cellFormat';
import { formatDate } from '../../util/format';
import { Fact, FactList } from './FactList';
import { pick } from './format';
import type { OrderView, Row } from './types';

const numberOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Status code → its text in the interface language. */
export function useOrderStatusText(): (code: string) => string {
  const { t } = useTranslation();
  return (code: string) => t(`order.statuses.${code}`, { defaultValue: code });
}

export function OrderAssignmentFacts({
  view,
  statusText,
}: {
  view: OrderView;
  statusText?: (code: string) => string;
}) {
  const { t } = useTranslation();
  const ownStatusText = useOrderStatusText();
  const header = view.header;
  const transporters: Row[] = view.assign?.transporters?.length
    ? view.assign.transporters
    : textOf(header.Transporter_Code)
      ? [{ transporter_code: header.Transporter_Code, transporter_name: header.Transporter_Name }]
      : [];
  const status = textOf(header.Status);
  const dispatch = textOf(header.Dispatch_Status);
  const remark = textOf(header.Dispatch_Status_Remarks);
  const cost = numberOf(pick(header, 'Freight_Cost') || transporters[0]?.freight_cost);
  // The rate's basis (per KG, MT or trip: freight_per); its unit where no basis is given.
  const unit =
    pick(header, 'Freight_Per') ||
    textOf(transporters[0]?.freight_per) ||
    pick(header, 'Freight_Cost_UOM') ||
    textOf(transporters[0]?.freight_uom);
  const totals = transporters
    .map((entry) => numberOf(entry.freight_total_cost_user_not ?? entry.freight_total_cost))
    .filter((n): n is number => n !== null);
  const total = totals.length ? totals.reduce((sum, n) => sum + n, 0) : null;
  const from = textOf(header.Stuffing_Date_From);
  const to = textOf(header.Stuffing_Date_To);
  const stuffing = from
    ? to && to !== from
      ? `${formatDate(from.slice(0, 10))} – ${formatDate(to.slice(0, 10))}`
      : formatDate(from.slice(0, 10))
    : '';
  const relation = header.is_relation === true;
  return (
    <FactList label={t('orderView.assignment')}>
      <Fact term={t('order.fields.Status')}>{status ? (statusText ?? ownStatusText)(status) : '-'}</Fact>
      <Fact term={t('order.fields.Dispatch_Status')}>
        {dispatch
          ? remark
            ? t('orderView.dispatchWithRemark', {
                status: t(`order.dispatchStatuses.${dispatch}`, { defaultValue: dispatch }),
                remark,
              })
            : t(`order.dispatchStatuses.${dispatch}`, { defaultValue: dispatch })
          : '-'}
      </Fact>
      <Fact term={relation ? t('order.customerVendor') : t('order.fields.Transporter_Name')}>
        {transporters.length
          ? transporters
              .map((entry) => {
                const code = textOf(entry.transporter_code);
                const name = textOf(entry.transporter_name);
                return name && code && name !== code ? `${name} (${code})` : name || code;
              })
              .join(', ')
          : '-'}
      </Fact>
      <Fact term={t('order.fields.Truck_Type_Name')}>{pick(header, 'Truck_Type_Name') || '-'}</Fact>
      <Fact term={t('orderView.route')}>
        {pick(header, 'Loading_Destination_From_Name') || pick(header, 'Loading_Destination_To_Name')
          ? `${pick(header, 'Loading_Destination_From_Name') || '-'} → ${pick(header, 'Loading_Destination_To_Name') || '-'}`
          : '-'}
      </Fact>
      <Fact term={t('orderView.freightCost')}>
        {cost === null
          ? '-'
          : unit
            ? t('orderView.perUnit', { cost: formatNumber(cost, 2), unit })
            : formatNumber(cost, 2)}
      </Fact>
      <Fact term={t('orderView.totalCost')}>{total === null ? '-' : formatNumber(total, 2)}</Fact>
      <Fact term={t('orderView.stuffingDate')}>{stuffing || '-'}</Fact>
    </FactList>
  );
}
