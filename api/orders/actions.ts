// What users do to an order from the order list (spec/1 §2, §5, §7; spec/2 §2.3): the transporter's accept and
// reject, and edit assign transporter of a rejected order. Each goes to the order's workflow as a Workflow Update
// (DESIGN §2), which writes the change before it answers; this module checks first, with the same row flags the
// list shows (flags.ts), that the user may take the action on that order now, so a stale screen is refused here and
// nothing is sent. The workflow's validators then judge the state at the moment of the change (a deadline that
// passed a moment ago, an answer given in another tab).
import { z } from 'zod';
import { integer } from '../../db/resources/input';
import {
  assignModelSchema,
  type TransporterActionItem,
  type TransporterActionResult,
} from '../../db/resources/order-assign';
import type { AppDeps } from '../deps';
import { AppError, NotFoundError, RuleError, ValidationError } from '../errors';
import { translate, type Language } from '../i18n';
import type { AuthUser } from '../services/session';
import { evaluateAssignment } from './approval-check';
import { autoRejectHours, checkReasons, orderTransporterRow } from './assign';
import { assignModelCodes, checkCodes, checkTransporters, type NamedCode } from './assign-codes';
import { loadSapOrders, shipmentTypeCategory } from './assign-context';
import { FLAG_COLUMNS, orderFlags, type FlagRow } from './flags';
import { orderParty, ownOrders } from './ownership';
import { flagActor } from './read';
import {
  updateFailure,
  type OrderUpdateFailure,
  type OrderUpdateOutcome,
  type OrderWorkflows,
} from './workflows';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** Orders asked at once: a multi-select stays quick without flooding the worker. */
const CONCURRENCY = 4;

/** What the flags and the actions read of an order. */
interface ActionRow extends FlagRow {
  Id: number;
  Order_No: string;
  Company_Code: string | null;
  Order_Type_Name: string | null;
  Order_Type_Id: number | null;
}

const ACTION_COLUMNS = [
  ...FLAG_COLUMNS,
  'o.company_code as Company_Code',
  'o.order_type_name as Order_Type_Name',
  'o.order_type_id as Order_Type_Id',
];

/** The order workflows, or 503 when the API runs without Temporal. */
export function workflowsOf(deps: AppDeps): OrderWorkflows {
  if (!deps.orderWorkflows) throw new AppError(503, 'WORKFLOW_UNAVAILABLE', 'errors.unavailable');
  return deps.orderWorkflows;
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping their order in the answer. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Why the flags refuse an answer, in the workflow's own words (its refusal codes). */
function refusalOf(row: ActionRow, now: Date, internal: boolean): OrderUpdateFailure | 'NOT_FOUND' {
  if (row.Status !== 'ASSIGNED TO TRANSPORTER' || row.Dispatch_Status !== 'WAITING') {
    return row.Dispatch_Status && row.Dispatch_Status !== 'WAITING' ? 'ALREADY_DECIDED' : 'NOT_ALLOWED';
  }
  if (row.Auto_Reject_Date && new Date(row.Auto_Reject_Date).getTime() <= now.getTime())
    return 'DEADLINE_PASSED';
  return internal ? 'NOT_ALLOWED' : 'NOT_THIS_TRANSPORTER';
}

export interface TransporterActionSummary {
  results: TransporterActionResult[];
  succeeded: number;
  failed: number;
}

/**
 * POST order/transporter_action: one Update per item (accept or reject), every item answered even when others
 * fail. Staff answer for the order's transporter; a transporter or relation answers as itself, and another
 * party's order is "not found" with nothing sent.
 */
export async function transporterAction(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  items: TransporterActionItem[],
): Promise<TransporterActionSummary> {
  const ids = [...new Set(items.map((i) => i.id))];
  const rows = (await ownOrders(deps.db('orders as o').whereIn('o.id', ids), user).select(
    ...ACTION_COLUMNS,
  )) as ActionRow[];
  const byId = new Map(rows.map((r) => [r.Id, r]));
  const actor = await flagActor(deps, user);
  const party = orderParty(user);
  const ownCode = party.kind === 'transporter' || party.kind === 'relation' ? party.code : null;

  const answer = (item: TransporterActionItem, success: boolean, key: string): TransporterActionResult => ({
    ref_no: item.ref_no ?? null,
    reason: item.reason ?? null,
    success,
    message: translate(lang, `order.action.${key}`),
  });

  const results = await mapLimited(items, CONCURRENCY, async (item) => {
    const row = byId.get(item.id);
    if (!row) return answer(item, false, 'NOT_FOUND');
    const remark = item.reason?.trim() ?? '';
    // spec/1 §5: a rejection says why; refused here per order, before anything is sent.
    if (item.status === 'REJECTED' && !remark) return answer(item, false, 'require_reason');
    if (!orderFlags(row, actor).need_transporter_action) {
      return answer(item, false, refusalOf(row, actor.now, party.kind === 'internal'));
    }
    const workflows = workflowsOf(deps);
    const transporterCode = ownCode ?? row.Transporter_Code!;
    const outcome: OrderUpdateOutcome =
      item.status === 'ACCEPTED'
        ? await workflows.accept(row.Order_No, { by: user.username, transporterCode })
        : await workflows.reject(row.Order_No, { by: user.username, transporterCode, remark });
    return outcome.ok ? answer(item, true, item.status) : answer(item, false, outcome.code);
  });
  const succeeded = results.filter((r) => r.success).length;
  return { results, succeeded, failed: results.length - succeeded };
}

// ------------------------------------------------------------------------------------ edit assign transporter

/** spec/2 §7 PUT order/edit_assign_transporter: the order and its new assignment (the assign model). */
export const editAssignBodySchema = z.object({
  id: integer({ min: 1 }),
  // The assign model as the panel sends it; the SAP order ids are the order's own and not changed here.
  edited_order: assignModelSchema.extend({
    id: z
      .array(integer({ min: 1 }))
      .max(50)
      .nullish(),
  }),
});
export type EditAssignBody = z.infer<typeof editAssignBodySchema>;

/** The order type whose Change column is locked (spec/2 §2.3: order type code TO with Info1 IN). */
async function changeLocked(deps: AppDeps, orderTypeId: number | null): Promise<boolean> {
  if (orderTypeId === null) return false;
  const type = (await deps.db('order_types').where('id', orderTypeId).first('code', 'info1')) as
    { code: string | null; info1: string | null } | undefined;
  return type?.code?.toUpperCase() === 'TO' && type.info1?.toUpperCase() === 'IN';
}

const HEADER_CHANGES = [
  'shipment_type',
  'vessel',
  'loading_destination_from_id',
  'loading_destination_to_id',
  'trip_type',
  'freight_date',
  'truck_type_id',
  'edited_date',
  'edited_by',
] as const;

/** The rows an edit assign sends with its Update (workflows/orders/messages.ts EditAssignRows). */
type EditAssignRows = NonNullable<Parameters<OrderWorkflows['editAssignTransporter']>[1]['rows']>;

/**
 * PUT order/edit_assign_transporter: a rejected order given to a transporter again (spec/2 §2.3). The new
 * assignment is checked as the assign save's is (its codes, its transporters active and priced on the lane, the
 * approval evaluated again; a relation order only back to its own customer or vendor), and its rows (header
 * values and the order's transporters) are made here but not written: they go with the workflow's
 * editAssignTransporter Update, whose activity writes them in the transaction that takes the order back into its
 * flow (approval, or the transporter asked with a new deadline) and re-reserves its quantities (DESIGN §2 "One way
 * to change state"). When the workflow refuses (the quantity was taken meanwhile, the order moved on), nothing was
 * written and the refusal is answered; a crash anywhere leaves the rows and the workflow in agreement.
 */
export async function editAssignTransporter(
  deps: AppDeps,
  user: AuthUser,
  body: EditAssignBody,
): Promise<{ orderNo: string; transporter: string }> {
  const { db } = deps;
  const row = (await ownOrders(db('orders as o').where('o.id', body.id), user).first(...ACTION_COLUMNS)) as
    ActionRow | undefined;
  if (!row) throw new NotFoundError();
  if (!orderFlags(row, await flagActor(deps, user)).can_assign_transporter) {
    throw new RuleError('NOT_ALLOWED', 'order.editAssign.notRejected');
  }
  if (await changeLocked(deps, row.Order_Type_Id)) {
    throw new RuleError('CHANGE_LOCKED', 'order.editAssign.changeLocked');
  }
  const edited = body.edited_order;
  if (!edited.transporters.length || edited.transporters.some((t) => !t.transporter_code?.trim())) {
    throw new ValidationError({ transporters: [{ key: 'order.editAssign.transporterRequired' }] });
  }
  const workflows = workflowsOf(deps);

  // The assignment is judged as the assign panel's is (approval-check.ts): on the order's own lines and SAP
  // orders, with what the panel changed and the rest as the order has it.
  const current = (await db('orders')
    .where('id', row.Id)
    .first(
      ...HEADER_CHANGES,
      'charge_oa_company',
      'warehouse_code',
      'document_type',
      'is_relation',
      'customer_vendor_code',
      'customer_vendor_name',
      db.raw(`to_char(freight_date, 'YYYY-MM-DD') as freight_day`),
    )) as Record<string, unknown>;
  // Relation and transporter orders never cross (issue 27): a relation order goes back only to its own customer
  // or vendor (no freight, no approval), a transporter order only to transporters that exist, are active and have
  // a valid rate on the lane (the evaluation below), never to a customer or vendor or a relation shipment type.
  const relationParty = row.is_relation ? ((current.customer_vendor_code as string | null) ?? '') : null;
  if (relationParty !== null) {
    if (edited.transporters.length !== 1 || !same(edited.transporters[0]!.transporter_code, relationParty)) {
      throw new RuleError('RELATION_ORDER_PARTY', 'assign.relationOrderParty', {
        party: relationParty || '-',
      });
    }
  }
  // The codes the order already has (from its SAP documents) are taken as they are; what the panel changes must
  // be in the master data.
  const unchanged = (code: NamedCode) => {
    const column = code.field.slice('edited_order.'.length);
    const stored = column === 'vessel_code' ? current.vessel : current[column];
    return typeof stored === 'string' && same(stored, String(code.value ?? ''));
  };
  await checkCodes(
    db,
    assignModelCodes(edited, 'edited_order.').filter((code) => !unchanged(code)),
    row.Company_Code,
  );
  if (relationParty === null) await checkTransporters(db, edited.transporters);
  const lines = (await db('order_details as d')
    .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
    .where('d.order_id', row.Id)
    .orderBy('d.item_no')
    .select('d.sap_order_detail_id as Id', 's.sap_order_id', 'd.qty', 'd.conversion_type')) as {
    Id: number;
    sap_order_id: number;
    qty: number;
    conversion_type: string | null;
  }[];
  const sapOrderIds = [...new Set(lines.map((l) => l.sap_order_id))];
  const model = {
    ...edited,
    id: sapOrderIds,
    // A relation order keeps its (relation) shipment type.
    shipment_type:
      relationParty !== null
        ? (current.shipment_type as string | null)
        : (edited.shipment_type ?? (current.shipment_type as string | null)),
    loading_destination_from_id:
      edited.loading_destination_from_id ?? (current.loading_destination_from_id as number | null),
    loading_destination_to_id:
      edited.loading_destination_to_id ?? (current.loading_destination_to_id as number | null),
    charge_oa_company: edited.charge_oa_company ?? (current.charge_oa_company as string | null),
    warehouse_code: edited.warehouse_code ?? (current.warehouse_code as string | null),
    freight_date: edited.freight_date ?? (current.freight_day as string | null),
    trip_type: edited.trip_type ?? (current.trip_type as string | null),
    details: lines.map((l) => ({
      Id: l.Id,
      Qty: Number(l.qty),
      conversion_type: l.conversion_type,
      include_merge: true,
    })),
  };
  const category = await shipmentTypeCategory(db, model.shipment_type, row.is_relation);
  if (relationParty === null && category === 'RELATION') {
    throw new RuleError('RELATION_ORDER', 'assign.useCustomerVendor');
  }
  if (category !== 'COLLECTIVE' && model.transporters.length > 1) {
    throw new RuleError('ONE_TRANSPORTER', 'assign.oneTransporter');
  }
  const evaluation = await evaluateAssignment(
    { db, user, now: deps.now(), sapOrders: await loadSapOrders(db, sapOrderIds), category },
    model,
  );
  await checkReasons(db, evaluation);
  const first = evaluation.transporters[0]!.entry;
  const transporterCode = relationParty ?? first.transporter_code!;
  const deadlineMs =
    (await autoRejectHours(db, row.Company_Code, row.Order_Type_Name ?? '', transporterCode)) *
    deps.config.AUTO_REJECT_HOUR_MS;

  // The new assignment's rows go with the Update, and the workflow's activity writes them with the change that
  // takes the order back into its flow (DESIGN §2 "One way to change state"): a refusal leaves the order as it was.
  const transporters = (await db('order_transporters').where('order_id', row.Id).orderBy('id')) as Record<
    string,
    unknown
  >[];
  // STO/SPO per shipment is not part of this panel (spec/2 §2.3): the order keeps what it has.
  const stoSpoPerShipment = transporters[0]?.sto_spo_per_shipment === true;
  const rows: EditAssignRows = {
    header: {
      shipment_type: model.shipment_type,
      vessel: edited.vessel ?? edited.vessel_code ?? current.vessel,
      loading_destination_from_id: model.loading_destination_from_id,
      loading_destination_to_id: model.loading_destination_to_id,
      trip_type: model.trip_type,
      freight_date: model.freight_date,
      truck_type_id: first.truck_type_id ?? current.truck_type_id,
    },
    transporters: (relationParty !== null
      ? [
          // The customer or vendor collects: its truck type, one trip, no freight (as assign_customer_vendor).
          {
            order_id: row.Id,
            transporter_code: relationParty,
            transporter_name: (current.customer_vendor_name as string | null) ?? null,
            truck_type_id: first.truck_type_id ?? transporters[0]?.truck_type_id ?? null,
            user_not: 1,
            freight_container: 1,
            freight_kg: transporters[0]?.freight_kg ?? null,
            freight_date: model.freight_date ?? null,
            trip_type: model.trip_type ?? null,
            sto_spo_per_shipment: stoSpoPerShipment,
          },
        ]
      : evaluation.transporters.map((t) =>
          orderTransporterRow(
            row.Id,
            t,
            model.trip_type ?? null,
            model.freight_date ?? null,
            null,
            stoSpoPerShipment,
          ),
        )
    ).map(({ order_id: _orderId, ...t }) => t),
  };

  const outcome = await workflows.editAssignTransporter(row.Order_No, {
    by: user.username,
    transporterCode,
    approvalLevels: evaluation.approvalLevels,
    approvers: evaluation.approvers,
    autoRejectMs: deadlineMs,
    rows,
  });
  if (!outcome.ok) throw updateFailure(outcome.code);
  // orders.workflow_input (what the sweep restarts from) is brought up to date by the workflow's own activity,
  // in the transaction that writes the edit-assign change.
  const name =
    relationParty !== null ? (current.customer_vendor_name as string | null) : first.transporter_name;
  return { orderNo: row.Order_No, transporter: name ?? transporterCode };
}
