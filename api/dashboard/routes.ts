// Dashboard figures (spec/1 Home). They are read from status_counter_totals / daily_completion_totals: the
// folded counters plus the deltas that triggers append in the same transaction as every change (migration
// 002), so a request reads a handful of rows instead of counting a million-row table, and is exact. The rows
// come through deps.counters, which keeps them in memory until a counter changes (api/services/counters.ts).
import { defineRoute } from '../http';
import { ForbiddenError } from '../errors';
import { isInternal } from '../services/session';
import { sumOf } from '../services/counters';
import { BUSINESS_TIME_ZONE } from '../../db/business-time';

const ORDER_WAITING = [
  'WAITING FOR APPROVAL',
  'WAITING FOR ORDER APPROVAL',
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
];

export const dashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/dashboard/status_count',
    summary: 'Totals of SAP orders, orders and shipments by status.',
    access: { controller: 'Dashboard', action: 'View' },
    handler: async ({ deps, user }) => {
      if (!isInternal(user)) throw new ForbiddenError('auth.dashboardInternalOnly');
      const rows = await deps.counters.totals();
      const n = (entity: string, statuses?: string[]) => sumOf(rows, entity, statuses);
      return {
        data: {
          sap_order_total: n('SAP_ORDER'),
          sap_order_waiting_approval: n('SAP_ORDER', ['WAITING FOR APPROVAL']),
          sap_order_approved: n('SAP_ORDER', ['APPROVED']),
          order_total: n('ORDER'),
          order_waiting_approval: n('ORDER', ORDER_WAITING),
          order_assigned: n('ORDER', ['ASSIGNED TO TRANSPORTER']),
          order_cancelled: n('ORDER', ['CANCELLED']),
          order_rejected: n('ORDER', ['REJECTED']),
          order_completed: n('ORDER', ['COMPLETED']),
          shipment_total: n('SHIPMENT') - n('SHIPMENT', ['CANCELLED']),
          shipment_new: n('SHIPMENT', ['NEW']),
          shipment_appointment: n('SHIPMENT', ['APPOINTMENT CREATED']),
          shipment_regis_in: n('SHIPMENT', ['REGISTRATION IN', 'IN WAREHOUSE']),
          shipment_regis_out: n('SHIPMENT', ['REGISTRATION OUT']),
          shipment_completed: n('SHIPMENT', ['COMPLETED']),
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/completed',
    summary: 'Orders completed per day over the last 7 days (company time zone), oldest first.',
    access: { controller: 'Dashboard', action: 'View' },
    handler: async ({ deps, user }) => {
      if (!isInternal(user)) throw new ForbiddenError('auth.dashboardInternalOnly');
      const now = deps.now();
      const result: unknown = await deps.db.raw(
        `select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.total, 0)::int as total
           from generate_series(
                  ((?::timestamptz at time zone '${BUSINESS_TIME_ZONE}')::date - 6),
                  (?::timestamptz at time zone '${BUSINESS_TIME_ZONE}')::date,
                  interval '1 day') as d(day)
           left join daily_completion_totals c on c.entity = 'ORDER' and c.day = d.day::date
          order by d.day`,
        [now.toISOString(), now.toISOString()],
      );
      return { data: (result as { rows: { date: string; total: number }[] }).rows };
    },
  }),
];
