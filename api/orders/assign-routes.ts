// Assigning SAP orders (spec/2 §2.5, §2.6, §4 "Assign panel", §5.2, §5.3, §7 "Freight and transporter"): the merge
// simulation, the freight options, the quota and approval checks and the two saves that create orders. The work
// is in api/orders/; these are the declarations. Mounted before the SAP order routes, so `saporder/merge_simulate`
// and the like are never taken for `saporder/{id}/{mode}`.
//
// Rights: the SAP order panel's calls need SAPOrder Edit; the freight and approval calls that the order's Edit
// assign transporter panel shares need SAPOrder Edit or Order Edit. Every one of them is internal staff's work:
// transporters and relations (who hold Order Edit to answer their own orders) are refused (assign-context.ts).
import { z } from 'zod';
import {
  assignModelSchema,
  mergeSimulateSchema,
  transporterFreightSchema,
  type TransporterFreightBody,
} from '../../db/resources/order-assign';
import { ForbiddenError, RuleError, ValidationError } from '../errors';
import { defineRoute, type RouteDef } from '../http';
import { translate } from '../i18n';
import type { AppDeps } from '../deps';
import type { AuthUser } from '../services/session';
import { text } from '../../db/resources/input';
import { evaluateAssignment } from './approval-check';
import { assertStaff, loadSapOrders, shipmentTypeCategory } from './assign-context';
import { checkQuota } from './assign-quota';
import { assignCustomerVendor, assignTransporter } from './assign';
import { defaultConversionType, freightOptions, weighLines, type FreightQuery } from './freight';
import { mergeSimulate } from './merge-simulate';
import { refreshFreightCostOrder, refreshFreightOrderSchema } from './edit';

const sapOrderEdit = { controller: 'SAPOrder', action: 'Edit' as const };

/** SAPOrder Edit or Order Edit, and internal staff. */
async function assertAssigner(deps: AppDeps, user: AuthUser): Promise<void> {
  assertStaff(user);
  if (await deps.permissions.can(user, 'SAPOrder', 'Edit')) return;
  if (await deps.permissions.can(user, 'Order', 'Edit')) return;
  throw new ForbiddenError();
}

function freightQuery(body: TransporterFreightBody): FreightQuery {
  return {
    loading: body.loading,
    destination: body.destination,
    charge_oa_company: body.charge_oa_company,
    freight_date: body.freight_date,
    trip_type: body.trip_type,
    shipment_type: body.shipment_type,
    warehouse_code: body.warehouse_code,
    materials: body.materials,
    container: body.container,
    exclude_transporters: body.exclude_transporters,
    truck_types: body.truck_types,
  };
}

/** A master-data code as a path segment. */
const masterCode = (max: number) =>
  text(max)
    .min(1)
    .regex(/^[\w.\- ]+$/, 'validation.invalid');

/** `1;2;3` or `1,2,3` → ids; a 400 naming order_ids otherwise. */
function parseIds(value: string): number[] {
  const parts = value
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ids = parts.map((p) => (/^\d{1,9}$/.test(p) ? Number(p) : NaN));
  if (!ids.length || ids.length > 50 || ids.some((id) => !Number.isInteger(id) || id < 1)) {
    throw new ValidationError({ order_ids: [{ key: 'validation.invalid', params: { field: 'order_ids' } }] });
  }
  return ids;
}

export const orderAssignRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/saporder/merge_simulate',
    summary:
      "One SAP document of the assign panel (sap_no): its SAP orders, outstanding lines as the panel edits them, the panel's flags, the assign model's defaults and error_message when it cannot join the first document.",
    access: sapOrderEdit,
    body: mergeSimulateSchema,
    handler: async ({ deps, user, lang, body }) => {
      assertStaff(user);
      return { data: await mergeSimulate(deps, user, lang, body) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/list/transporter_freight',
    summary:
      'The freight options of the lane for the lines (Select Transporter dialog): every active, not excluded transporter with a valid rate, priced, cheapest first, the cheapest suggested.',
    access: 'authenticated',
    body: transporterFreightSchema,
    handler: async ({ deps, user, body }) => {
      await assertAssigner(deps, user);
      return { data: await freightOptions(deps.db, freightQuery(body)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/util/refresh_freight_cost',
    summary:
      'The chosen transporters (selected_transporters) priced again for the lines and trips: per transporter its cheapest option on the lane.',
    access: 'authenticated',
    body: transporterFreightSchema,
    handler: async ({ deps, user, body }) => {
      await assertAssigner(deps, user);
      if (!body.selected_transporters.length) return { data: [] };
      const options = await freightOptions(deps.db, {
        ...freightQuery(body),
        only_transporters: body.selected_transporters,
      });
      const data = body.selected_transporters.flatMap((code) => {
        const option = options.find((o) => o.transporter_code.toLowerCase() === code.toLowerCase());
        if (!option) return [];
        return [
          {
            transporter_code: option.transporter_code,
            transporter_name: option.transporter_name,
            truck_type_id: option.truck_type_id,
            freight_master: option.freight_master,
            cost: option.cost,
            master_cost: option.master_cost,
            is_value: option.is_value,
            numtrip: option.numtrip,
            uom: option.uom,
            per: option.per,
            system_not: option.system_not,
            user_not: option.user_not,
            total_cost: option.total_cost,
            total_cost_user_not: option.total_cost_user_not,
            total_kg: option.total_kg,
            recommended_kg: option.recommended_kg,
          },
        ];
      });
      return { data };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/util/refresh_freight_cost_order',
    summary:
      "The freight of an order's transporter (or transporter_code) for the Edit order panel's lines: cost, " +
      'master_cost, total_cost, total_cost_user_not, trips, weights and materials; data null without a valid rate.',
    access: { controller: 'Order', action: 'Edit' },
    body: refreshFreightOrderSchema,
    handler: async ({ deps, user, body }) => {
      assertStaff(user);
      return { data: await refreshFreightCostOrder(deps, user, body) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/util/transporter_exceed_quota',
    summary:
      'Whether the transporter goes over its quota with the SAP orders (order_ids joined by ; or ,): {exceed, message}.',
    access: 'authenticated',
    query: z.object({ transporter_code: text(20).min(1), order_ids: text(600).min(1) }),
    handler: async ({ deps, user, lang, query }) => {
      await assertAssigner(deps, user);
      const sapOrders = await loadSapOrders(deps.db, parseIds(query.order_ids));
      const lines = (await deps
        .db('sap_order_details')
        .whereIn(
          'sap_order_id',
          sapOrders.map((s) => s.id),
        )
        .where('mark_deleted', false)
        .where('os_qty', '>', 0)
        .select('id', 'os_qty')) as { id: string; os_qty: string }[];
      let kg = 0;
      try {
        const weighed = await weighLines(
          deps.db,
          lines.map((l) => ({ Id: Number(l.id), Qty: Number(l.os_qty) })),
        );
        kg = weighed.reduce((sum, l) => sum + l.kg, 0);
      } catch (err) {
        // A line without a conversion to KG weighs nothing here; the freight options say why.
        if (!(err instanceof RuleError)) throw err;
      }
      const answer = await checkQuota(deps.db, {
        transporterCode: query.transporter_code,
        sapOrder: sapOrders[0]!,
        kg,
        now: deps.now(),
      });
      return {
        data: {
          exceed: answer.exceed,
          message: answer.message
            ? translate(lang, answer.message.key, {
                ...answer.message.params,
                period: translate(lang, `assign.periods.${answer.message.params.period}`),
              })
            : '',
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/util/default_conversion_type/:warehouse/:company',
    summary: "The conversion type of a warehouse, else the company's default one (null when there is none).",
    access: 'authenticated',
    // Codes only: a path segment whose %-escapes are not UTF-8 reaches the route undecoded (koa-router), and no
    // warehouse or company code holds a '%'.
    params: z.object({ warehouse: masterCode(20), company: masterCode(10) }),
    handler: async ({ deps, user, params }) => {
      assertStaff(user);
      return { data: await defaultConversionType(deps.db, params.warehouse, params.company) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/util/check_approval',
    summary:
      'The Approval Matrix levels the assignment needs (approval_list: Username, fullname, Level, Info1; the requester taken out) and each transporter entry priced and judged (transporter_data: freight_criteria, require_reason, and criteria_detail: why each criterion applies).',
    access: 'authenticated',
    body: assignModelSchema,
    handler: async ({ deps, user, body }) => {
      await assertAssigner(deps, user);
      const sapOrders = await loadSapOrders(deps.db, body.id);
      const first = sapOrders[0]!;
      const category = await shipmentTypeCategory(
        deps.db,
        body.shipment_type ?? first.shipment_type,
        first.is_relation,
      );
      const evaluation = await evaluateAssignment(
        { db: deps.db, user, now: deps.now(), sapOrders, category },
        body,
      );
      return {
        data: {
          approval_list: evaluation.approvalList,
          transporter_data: evaluation.transporters.map((t) => ({ ...t.entry, criteria_detail: t.findings })),
        },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/saporder/assign_transporter',
    summary:
      "Creates the order of the assign panel (one; a collective one with several transporters), reserving the lines' quantities, and starts its workflow: WAITING FOR ASSIGN TO TRANSPORTER APPROVAL when the Approval Matrix asks, else ASSIGNED TO TRANSPORTER.",
    access: sapOrderEdit,
    body: assignModelSchema,
    handler: async ({ deps, user, body }) => {
      assertStaff(user);
      const orders = await assignTransporter(deps, user, body);
      return {
        message: 'assign.saved',
        messageParams: { orders: orders.map((o) => o.Order_No).join(', ') },
        data: { orders },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/saporder/assign_customer_vendor',
    summary:
      'Gives one relation SAP order to its customer or vendor (relation_truck_type_id, one trip, Qty at most os_qty): an order ASSIGNED TO TRANSPORTER without approval, and starts its workflow.',
    access: sapOrderEdit,
    body: assignModelSchema,
    handler: async ({ deps, user, body }) => {
      assertStaff(user);
      const orders = await assignCustomerVendor(deps, user, body);
      return {
        message: 'assign.saved',
        messageParams: { orders: orders.map((o) => o.Order_No).join(', ') },
        data: { orders },
      };
    },
  }),
];
