// Whether giving SAP orders to a transporter takes it over its quota (DESIGN §4 "Transporter quota"; spec/2 §7
// util/transporter_exceed_quota, and the EXCEED freight criterion of approval-check.ts). A quota
// (TransporterQuota) applies when it is active and valid today, and its company, plant and product category are
// empty or those of the SAP order. It counts the active orders (not CANCELLED or REJECTED) of the current period
// (day, ISO week, month or year of the business day) in its scope that the transporter carries (relation orders,
// which the customer or vendor collects, are nobody's freight and are left out):
//   ORDER_COUNT     exceeded when one more order makes more than Quota_Value orders;
//   QUANTITY_SHARE  exceeded when the transporter's KG, with this assignment's, are more than Quota_Value percent
//                   of all KG of the period in scope. A share is judged only once other transporters carry some
//                   of the period's quantity: at the start of a period the first orders would otherwise be 100%
//                   of it, and every transporter would be over its share.
import type { Knex } from 'knex';
import { BUSINESS_TIME_ZONE } from '../../db/business-time';
import { RELEASED_ORDER_STATUSES } from '../../db/resources/order';
import { masterRead } from '../services/master-data';
import type { AssignSapOrder } from './assign-context';

export interface QuotaAnswer {
  exceed: boolean;
  /** Message key and parameters of the first quota exceeded; null when none is. */
  message: { key: string; params: Record<string, string | number> } | null;
}

interface QuotaRow {
  quota_code: string;
  company_code: string | null;
  plant_code: string | null;
  category_code: string | null;
  period_type: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  quota_by: 'ORDER_COUNT' | 'QUANTITY_SHARE';
  quota_value: string;
}

const TRUNC: Record<QuotaRow['period_type'], string> = {
  DAILY: 'day',
  WEEKLY: 'week',
  MONTHLY: 'month',
  YEARLY: 'year',
};

/** The business day (yyyy-mm-dd, the company's clock) of an instant. */
function businessDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The quota check for one transporter and the SAP orders of an assignment (the first one's scope). `kg` is what
 * the assignment carries (for a share quota).
 */
export async function checkQuota(
  db: Knex,
  input: { transporterCode: string; sapOrder: AssignSapOrder; kg: number; now: Date },
): Promise<QuotaAnswer> {
  const { sapOrder } = input;
  const scoped = (column: string, value: string | null) => (q: Knex.QueryBuilder) =>
    void q.whereNull(column).orWhereRaw('lower(??) = lower(?)', [column, value ?? '']);
  const day = businessDay(input.now);
  const quotas = await masterRead(
    db,
    `quotas:${[input.transporterCode.toLowerCase(), day, sapOrder.company_code, sapOrder.plant, sapOrder.product_category].join('|')}`,
    async (db) =>
      (await db('transporter_quotas')
        .where('is_active', true)
        .whereRaw('lower(transporter_code) = lower(?)', [input.transporterCode])
        .where('valid_from', '<=', day)
        .where('valid_to', '>=', day)
        .where(scoped('company_code', sapOrder.company_code))
        .where(scoped('plant_code', sapOrder.plant))
        .where(scoped('category_code', sapOrder.product_category))
        .orderBy('quota_code')
        .select(
          'quota_code',
          'company_code',
          'plant_code',
          'category_code',
          'period_type',
          'quota_by',
          'quota_value',
        )) as QuotaRow[],
  );

  for (const quota of quotas) {
    const value = Number(quota.quota_value);
    const usage = await periodUsage(db, quota, input.transporterCode, input.now);
    const params = {
      transporter: input.transporterCode,
      quota: value,
      period: quota.period_type,
    };
    if (quota.quota_by === 'ORDER_COUNT') {
      if (usage.orders + 1 > value) {
        return {
          exceed: true,
          message: { key: 'assign.quotaOrderCount', params: { ...params, count: usage.orders } },
        };
      }
    } else if (usage.allKg > usage.mineKg) {
      const share = ((usage.mineKg + input.kg) / (usage.allKg + input.kg)) * 100;
      if (share > value) {
        return {
          exceed: true,
          message: { key: 'assign.quotaShare', params: { ...params, share: Math.round(share * 100) / 100 } },
        };
      }
    }
  }
  return { exceed: false, message: null };
}

/** The period's active orders in the quota's scope: the transporter's count and KG, and everyone's KG. */
async function periodUsage(
  db: Knex,
  quota: QuotaRow,
  transporterCode: string,
  now: Date,
): Promise<{ orders: number; mineKg: number; allKg: number }> {
  const released = RELEASED_ORDER_STATUSES.map(() => '?').join(', ');
  const conditions = [
    // A relation's goods are collected by the customer or vendor: no transporter's share of the freight.
    'not o.is_relation',
    `o.status not in (${released})`,
    `o.order_date >= date_trunc(?, (?::timestamptz at time zone ?))::date`,
  ];
  const bindings: string[] = [
    ...RELEASED_ORDER_STATUSES,
    TRUNC[quota.period_type],
    now.toISOString(),
    BUSINESS_TIME_ZONE,
  ];
  if (quota.company_code) {
    conditions.push('lower(o.company_code) = lower(?)');
    bindings.push(quota.company_code);
  }
  if (quota.category_code) {
    conditions.push('lower(o.business_segment_code) = lower(?)');
    bindings.push(quota.category_code);
  }
  if (quota.plant_code) {
    conditions.push(`exists (select 1 from order_details d
                               join sap_order_details l on l.id = d.sap_order_detail_id
                               join sap_orders s on s.id = l.sap_order_id
                              where d.order_id = o.id and lower(s.plant) = lower(?))`);
    bindings.push(quota.plant_code);
  }
  const result = await db.raw<{ rows: { orders: string; mine_kg: string; all_kg: string }[] }>(
    `select count(distinct o.id) filter (where lower(t.transporter_code) = lower(?))::text as orders,
            coalesce(sum(t.freight_kg) filter (where lower(t.transporter_code) = lower(?)), 0)::text as mine_kg,
            coalesce(sum(t.freight_kg), 0)::text as all_kg
       from orders o
       join order_transporters t on t.order_id = o.id
      where ${conditions.join(' and ')}`,
    [transporterCode, transporterCode, ...bindings],
  );
  const row = result.rows[0]!;
  return { orders: Number(row.orders), mineKg: Number(row.mine_kg), allKg: Number(row.all_kg) };
}
