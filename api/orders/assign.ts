// The two saves of the assign panels (spec/2 §2.5, §2.6, §5.2, §5.3; DESIGN §4 "Quantities", "Order states"):
// saporder/assign_transporter gives SAP orders to a transporter (collective: to several on one order), and
// saporder/assign_customer_vendor to the customer or vendor who collects the goods itself (a relation).
//
// Before anything is written, in this order: the seven checks of §5.2 (loading, destination, charge-OA company,
// freight date, stuffing date, a transporter, each entry's code), the SAP orders (existing, approved, the user's
// companies and plants, one company and order type; the stuffing range within their valid range; STO/SPO per
// shipment only where they offer it; a relation document only to its customer or vendor), every code the model
// names in its master data and each transporter an active one (assign-codes.ts), the lines
// (each included line at most its os_qty, summed over split lines of one SAP line; at least one; collective and LN
// orders take a line whole), the evaluation of approval-check.ts and its reasons (require_reason → assign_reason;
// a reason whose Info1 is Y → other reason), and the sync rule (a delivery or sales order type with SO Factory
// numbers needs a successful sync: "NOT OK").
//
// Then the order is made by its workflow (DESIGN §2 "One way to change state"): the Order_No is drawn (RunningNumber
// ORDER, in a statement of its own so assignments do not queue on the counter) and the orders id, the quantities
// are read and checked once more (a line taken since: 409 QTY_TAKEN), and the order's rows (the orders row, the
// lines to reserve, its transporters, the SAP orders that now have an order) start `order:<Order_No>` as its input,
// with its createOrder Update in the same call (update-with-start) to hear how it went. The workflow's activity writes them with
// its first change in one transaction, the lines reserved by the quantity ledger (db/ledger.ts, under the SAP lines'
// locks); a reservation refused there (another save took the quantity in between) writes nothing and is 409
// QTY_TAKEN naming the item. The API writes none of the order's rows: without a Temporal client the save is refused
// (503 WORKFLOW_UNAVAILABLE) as every other action of an order is, and Temporal away or not answering in time is
// 503 / 504 (a run that started still creates the order when its Update is late or lost: the user is told to look
// again).
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { thousandths } from '../../db/ledger';
import { commonValidRange, type AssignModel } from '../../db/resources/order-assign';
import type { OrderStatus } from '../../db/resources/order';
import {
  orderWorkflowId,
  type CreationRefusalDetails,
  type OrderCreation,
  type OrderWorkflowInput,
} from '../../workflows/orders/messages';
import type { AppDeps } from '../deps';
import { AppError, ConflictError, ForbiddenError, RuleError, ValidationError } from '../errors';
import { workflowsUnavailable } from '../temporal/entity-workflows';
import { masterRead } from '../services/master-data';
import type { AuthUser } from '../services/session';
import { isAuthorized, nextRunningNumber } from '../sap-orders';
import { lookupValue, type OrderTypeRow } from '../services/order-types';
import { assignModelCodes, checkCodes, checkTransporters, type NamedCode } from './assign-codes';
import {
  checkStuffingDates,
  loadSapOrders,
  orderTypeOf,
  shipmentTypeCategory,
  stoSpoPerShipmentShown,
  type AssignSapOrder,
  type ShipmentTypeCategory,
} from './assign-context';
import {
  evaluateAssignment,
  includedLines,
  requireLane,
  type AssignmentEvaluation,
  type EvaluatedTransporter,
} from './approval-check';
import { weighLines, type WeighedLine } from './freight';
import { updateFailure, type OrderWorkflows } from './workflows';

/** The RunningNumber orders are numbered from (master demo: ORD + 7 digits). */
export const ORDER_RUNNING_NUMBER = 'ORDER';
/** Hours a transporter has to answer when no AutoRejectSetting matches (the setting's own default). */
export const DEFAULT_AUTO_REJECT_HOURS = 24;

export interface SavedOrder {
  Id: number;
  Order_No: string;
  Status: OrderStatus;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** Checks 5 to 7 of spec/2 §5.2 after requireLane's four; answers the stuffing range with to = from when empty. */
function requireStuffingAndTransporters(model: AssignModel): { from: string; to: string } {
  const [from, to] = model.stuffing_date ?? [];
  if (!from) throw new RuleError('REQUIRE_STUFFING_DATE', 'assign.require_stuffing_date');
  if (!model.transporters.length) throw new RuleError('REQUIRE_TRANSPORTER', 'assign.require_transporter');
  model.transporters.forEach((entry, i) => {
    if (!entry.transporter_code) {
      throw new RuleError('REQUIRE_TRANSPORTER', 'assign.item_require_transporter', { n: i + 1 });
    }
  });
  return { from, to: to ?? from };
}

/**
 * The codes to hold to the master data: the warehouse, document type and shipment type the SAP order itself
 * carries came with the document (the ERP import's to judge) and are taken as they are; any other value is checked.
 */
function changedCodes(codes: NamedCode[], sapOrder: AssignSapOrder): NamedCode[] {
  const own: Partial<Record<string, string | null>> = {
    warehouse_code: sapOrder.warehouse_code,
    document_type: sapOrder.document_type,
    shipment_type: sapOrder.shipment_type,
  };
  return codes.filter((c) => !(c.field in own && own[c.field] && same(own[c.field], String(c.value ?? ''))));
}

/**
 * The shipment type a transporter assignment is made with (issue 27 item 2): the SAP order's own, which the body
 * may repeat but not change (it decides one transporter or several and whether the trips are the system's);
 * where the document has none, the one the panel offers: an individual one (per truck or per transporter), the
 * category a document without one is taken for. A code that is no shipment type at all is left to checkCodes,
 * which names it as for every other code.
 */
async function assignShipmentType(
  db: Knex,
  model: AssignModel,
  first: AssignSapOrder,
): Promise<string | null> {
  const asked = model.shipment_type?.trim() || null;
  if (first.shipment_type) {
    if (asked && !same(asked, first.shipment_type)) {
      throw new ValidationError({
        shipment_type: [{ key: 'assign.shipmentTypeFixed', params: { value: first.shipment_type } }],
      });
    }
    return first.shipment_type;
  }
  if (asked && (await shipmentTypeCategory(db, asked, false)) !== 'INDIVIDUAL') {
    throw new ValidationError({
      shipment_type: [{ key: 'assign.shipmentTypeIndividual', params: { value: asked } }],
    });
  }
  return asked;
}

/** The assign model's stuffing dates as the body names them (stuffing_date: [from, to]). */
const STUFFING_FIELDS = { from: 'stuffing_date.0', to: 'stuffing_date.1' };

/**
 * STO/SPO per shipment is asked for only where the documents offer it (merge_simulate show_sto_spo_per_shipment):
 * a true value for others is refused as a field error (`field` names it as the body does); false is always taken.
 */
export function checkStoSpoPerShipment(
  asked: boolean | null | undefined,
  orderType: OrderTypeRow,
  sapOrders: readonly AssignSapOrder[],
  field = 'sto_spo_per_shipment',
): void {
  if (asked === true && !stoSpoPerShipmentShown(orderType, sapOrders)) {
    throw new ValidationError({ [field]: [{ key: 'assign.stoSpoPerShipmentNotShown' }] });
  }
}

/** The SAP orders, read and held to the rules every assignment shares. */
async function assignableSapOrders(
  deps: AppDeps,
  user: AuthUser,
  ids: readonly number[],
): Promise<{ sapOrders: AssignSapOrder[]; orderType: OrderTypeRow }> {
  const sapOrders = await loadSapOrders(deps.db, ids);
  const first = sapOrders[0]!;
  const plants = await deps.permissions.plants(user);
  for (const s of sapOrders) {
    if (!isAuthorized(plants, s.company_code, s.plant)) {
      throw new ForbiddenError('sapOrder.notAuthorized', {
        company: s.company_code ?? '',
        plant: s.plant ?? '',
      });
    }
    if (s.status !== 'APPROVED') {
      throw new RuleError('NOT_OUTSTANDING', 'assign.notOutstanding', { document: s.document_no });
    }
    if (!same(s.company_code, first.company_code) || !same(s.order_type, first.order_type)) {
      throw new RuleError('MIXED_DOCUMENTS', 'assign.mixedDocuments', { document: s.document_no });
    }
  }
  return { sapOrders, orderType: await orderTypeOf(deps.db, first) };
}

interface LineHold {
  id: string;
  sap_order_id: number;
  item_no: string;
  os_qty: string;
  tolerance: string | null;
  ln_type: string | null;
  incoterm_rule: string | null;
}

/**
 * The quantity rules of spec/2 §5.3 against os_qty as read (at the checks, and again just before the order is
 * sent to its workflow, whose activity reserves under the SAP lines' locks): every line one of the SAP orders', each SAP line's quantities together at most its os_qty, and a
 * line taken whole where the quantity cannot be edited.
 */
function checkQuantities(
  model: AssignModel,
  holds: ReadonlyMap<number, LineHold>,
  sapOrderIds: ReadonlySet<number>,
  whole: boolean,
  taken: (item: string) => AppError,
): void {
  const wanted = new Map<number, number>();
  for (const line of includedLines(model)) {
    const hold = holds.get(line.Id);
    if (!hold || !sapOrderIds.has(hold.sap_order_id)) {
      throw new RuleError('LINE_NOT_IN_ORDERS', 'assign.lineNotInOrders', { id: line.Id });
    }
    // Rounded to the 0.001 unit first (what the column keeps), then more than zero (issue 27).
    if (thousandths(line.Qty) <= 0) {
      throw new RuleError('QTY_REQUIRED', 'assign.qtyRequired', { item: hold.item_no });
    }
    wanted.set(line.Id, (wanted.get(line.Id) ?? 0) + thousandths(line.Qty));
  }
  for (const [id, qty] of wanted) {
    const hold = holds.get(id)!;
    if (qty > thousandths(hold.os_qty)) throw taken(hold.item_no);
    if (whole && qty !== thousandths(hold.os_qty)) {
      throw new RuleError('WHOLE_QTY_REQUIRED', 'assign.wholeQtyRequired', {
        item: hold.item_no,
        os_qty: Number(hold.os_qty),
      });
    }
  }
}

const LINE_COLUMNS = ['id', 'sap_order_id', 'item_no', 'os_qty', 'tolerance', 'ln_type', 'incoterm_rule'];

/**
 * The SAP lines the model names (not deleted), by id, as they are: read only (the reservation, under the ledger's
 * locks, is the workflow activity's).
 */
async function readLines(db: Knex, ids: readonly number[]): Promise<Map<number, LineHold>> {
  const rows = (await db('sap_order_details')
    .whereIn('id', [...new Set(ids)])
    .where('mark_deleted', false)
    .orderBy('id')
    .select(...LINE_COLUMNS)) as LineHold[];
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The reason rules of spec/2 §5.3 for each entry the evaluation asks a reason of. */
export async function checkReasons(db: Knex, evaluation: AssignmentEvaluation): Promise<void> {
  for (const [i, t] of evaluation.transporters.entries()) {
    if (!t.entry.require_reason) continue;
    const reason = t.entry.assign_reason;
    if (!reason) throw new RuleError('REQUIRE_REASON', 'assign.require_reason', { n: i + 1 });
    const value = await masterRead(db, `lookup:ASSIGN_TRANSPORTER_REASON|${reason.toLowerCase()}`, (db) =>
      lookupValue(db, 'ASSIGN_TRANSPORTER_REASON', reason),
    );
    if (!value) throw new RuleError('UNKNOWN_REASON', 'assign.unknownReason', { n: i + 1, value: reason });
    if ((value.info1 ?? '').toUpperCase() === 'Y' && !t.entry.assign_reason_others) {
      throw new RuleError('REQUIRE_REASON_OTHERS', 'assign.require_reason_others', { n: i + 1 });
    }
  }
}

/**
 * The panel's sync rule (spec/2 §4): an order type that uses DO or SO, with SO Factory numbers on its lines, needs
 * the latest Sync to SAP of its SAP orders to have succeeded (a failed one makes it required again).
 */
export async function checkSync(
  db: Knex,
  model: AssignModel,
  orderType: OrderTypeRow,
  ids: readonly number[],
) {
  if (!orderType.use_do && !orderType.use_so) return;
  if (!includedLines(model).some((d) => d.SO_Factory_No)) return;
  const latest = (await db('sap_order_syncs')
    .whereIn('sap_order_id', ids)
    .orderBy('id', 'desc')
    .first('success')) as { success: boolean } | undefined;
  if (!latest?.success) throw new RuleError('SYNC_REQUIRED', 'assign.syncRequired');
}

/** The most specific AutoRejectSetting hours (company, then order type and transporter narrowing it). */
export async function autoRejectHours(
  db: Knex,
  company: string | null,
  orderType: string,
  transporter: string,
): Promise<number> {
  if (!company) return DEFAULT_AUTO_REJECT_HOURS;
  const key = [company, orderType, transporter].map((v) => v.toLowerCase()).join('|');
  const row = await masterRead(
    db,
    `auto-reject:${key}`,
    async (db) =>
      (await db('auto_reject_settings')
        .where('is_active', true)
        .whereRaw('lower(company_code) = lower(?)', [company])
        .where((q) => void q.whereNull('order_type').orWhereRaw('lower(order_type) = lower(?)', [orderType]))
        .where(
          (q) =>
            void q
              .whereNull('transporter_code')
              .orWhereRaw('lower(transporter_code) = lower(?)', [transporter]),
        )
        .orderByRaw('((order_type is not null)::int + (transporter_code is not null)::int) desc')
        .orderByRaw('(transporter_code is not null) desc')
        .first('auto_reject_hours')) as { auto_reject_hours: number } | undefined,
  );
  return row?.auto_reject_hours ?? DEFAULT_AUTO_REJECT_HOURS;
}

interface PartyRow {
  name: string | null;
  address: string | null;
}

async function partyOf(db: Knex, code: string | null): Promise<PartyRow> {
  if (!code) return { name: null, address: null };
  const row = await masterRead(
    db,
    `party:${code.toLowerCase()}`,
    async (db) =>
      (await db.raw<{ rows: PartyRow[] }>(
        `select customer_name as name, address from customers where lower(customer_code) = lower(?)
         union all
         select vendor_name, address from vendors where lower(vendor_code) = lower(?)
         limit 1`,
        [code, code],
      )) as { rows: PartyRow[] },
  );
  return row.rows[0] ?? { name: null, address: null };
}

interface Assignment {
  model: AssignModel;
  sapOrders: AssignSapOrder[];
  orderType: OrderTypeRow;
  category: ShipmentTypeCategory;
  relation: boolean;
  evaluation: AssignmentEvaluation;
  stuffing: { from: string | null; to: string | null };
  /** The order's party: the transporter entries, or for a relation the customer or vendor. */
  transporters: { code: string; name: string | null }[];
}

/** saporder/assign_transporter: see the header. */
export async function assignTransporter(
  deps: AppDeps,
  user: AuthUser,
  model: AssignModel,
): Promise<SavedOrder[]> {
  requireLane(model);
  const stuffing = requireStuffingAndTransporters(model);
  const { sapOrders, orderType } = await assignableSapOrders(deps, user, model.id);
  checkStuffingDates(stuffing.from, stuffing.to, commonValidRange(sapOrders), STUFFING_FIELDS);
  checkStoSpoPerShipment(model.sto_spo_per_shipment, orderType, sapOrders);
  const first = sapOrders[0]!;
  // A relation document (the customer or vendor collects) is never given to a transporter, whatever shipment type
  // the body names (issue 27): it goes with Assign customer/vendor.
  const relation = sapOrders.some((s) => s.is_relation);
  const shipmentType = relation ? first.shipment_type : await assignShipmentType(deps.db, model, first);
  const category = await shipmentTypeCategory(deps.db, shipmentType ?? model.shipment_type, relation);
  if (category === 'RELATION') throw new RuleError('RELATION_ORDER', 'assign.useCustomerVendor');
  if (category !== 'COLLECTIVE' && model.transporters.length > 1) {
    throw new RuleError('ONE_TRANSPORTER', 'assign.oneTransporter');
  }
  await checkCodes(deps.db, changedCodes(assignModelCodes(model), first), first.company_code);
  await checkTransporters(deps.db, model.transporters);
  const whole = category === 'COLLECTIVE' || orderType.use_ln;
  const ids = new Set(sapOrders.map((s) => s.id));
  const holds = await readLines(
    deps.db,
    model.details.map((d) => d.Id),
  );
  checkQuantities(model, holds, ids, whole, (item) => {
    const hold = [...holds.values()].find((h) => h.item_no === item)!;
    return new RuleError('QTY_EXCEEDS', 'assign.qtyExceeds', { item, os_qty: Number(hold.os_qty) });
  });
  const evaluation = await evaluateAssignment(
    { db: deps.db, user, now: deps.now(), sapOrders, category },
    model,
  );
  await checkReasons(deps.db, evaluation);
  await checkSync(deps.db, model, orderType, [...ids]);
  return saveAssignment(deps, user, {
    model: { ...model, shipment_type: shipmentType },
    sapOrders,
    orderType,
    category,
    relation: false,
    evaluation,
    stuffing,
    transporters: evaluation.transporters.map((t) => ({
      code: t.entry.transporter_code!,
      name: t.entry.transporter_name ?? null,
    })),
  });
}

/** saporder/assign_customer_vendor: one SAP order to its own customer or vendor, no freight, no approval. */
export async function assignCustomerVendor(
  deps: AppDeps,
  user: AuthUser,
  model: AssignModel,
): Promise<SavedOrder[]> {
  if (new Set(model.id).size !== 1) throw new RuleError('ONE_SAP_ORDER', 'assign.oneSapOrder');
  const { sapOrders, orderType } = await assignableSapOrders(deps, user, model.id);
  checkStoSpoPerShipment(model.sto_spo_per_shipment, orderType, sapOrders);
  const sapOrder = sapOrders[0]!;
  const category = await shipmentTypeCategory(deps.db, sapOrder.shipment_type, sapOrder.is_relation);
  if (category !== 'RELATION') throw new RuleError('NOT_RELATION', 'assign.notRelation');
  if (!sapOrder.customer_vendor_code) throw new RuleError('NO_CUSTOMER_VENDOR', 'assign.noCustomerVendor');
  // Relation and transporter orders never cross (issue 27): the order goes to the document's own customer or vendor,
  // so a body's entry naming anyone else is refused rather than left unused.
  if (
    model.transporters.some(
      (t) => t.transporter_code?.trim() && !same(t.transporter_code, sapOrder.customer_vendor_code),
    )
  ) {
    throw new RuleError('RELATION_ORDER_PARTY', 'assign.relationOrderParty', {
      party: sapOrder.customer_vendor_code,
    });
  }
  if (!model.relation_truck_type_id) throw new RuleError('REQUIRE_TRUCK_TYPE', 'assign.require_truck_type');
  const truck = (await deps
    .db('truck_types')
    .where({ id: model.relation_truck_type_id, is_active: true })
    .first('id')) as { id: number } | undefined;
  if (!truck) throw new RuleError('REQUIRE_TRUCK_TYPE', 'assign.require_truck_type');
  // The body's transporter entries are not used: the relation is the document's own customer or vendor.
  await checkCodes(
    deps.db,
    changedCodes(assignModelCodes({ ...model, transporters: [] }), sapOrder),
    sapOrder.company_code,
  );
  const [from, to] = model.stuffing_date ?? [];
  checkStuffingDates(from ?? to, to ?? from, commonValidRange(sapOrders), STUFFING_FIELDS);
  const holds = await readLines(
    deps.db,
    model.details.map((d) => d.Id),
  );
  checkQuantities(model, holds, new Set([sapOrder.id]), false, (item) => {
    const hold = [...holds.values()].find((h) => h.item_no === item)!;
    return new RuleError('QTY_EXCEEDS', 'assign.qtyExceeds', { item, os_qty: Number(hold.os_qty) });
  });
  const party = await partyOf(deps.db, sapOrder.customer_vendor_code);
  const relationModel: AssignModel = {
    ...model,
    transporters: [
      {
        transporter_code: sapOrder.customer_vendor_code,
        transporter_name: party.name,
        truck_type_id: model.relation_truck_type_id,
        user_not: 1,
        freight_container: 1,
      },
    ],
  };
  return saveAssignment(deps, user, {
    model: relationModel,
    sapOrders,
    orderType,
    category,
    relation: true,
    evaluation: { transporters: [], approvers: [], approvalList: [], approvalLevels: 0 },
    stuffing: { from: from ?? to ?? null, to: to ?? from ?? null },
    transporters: [{ code: sapOrder.customer_vendor_code, name: party.name }],
  });
}

/**
 * The Order_No and orders id a save creates its order under (migration 023). The same save sent again (the same
 * user and checked model: its request_key) while the order it started is not written yet and its run has not
 * ended (a refused creation ends it) takes the numbers of the first, so its update-with-start finds that run
 * (USE_EXISTING) and the user who saved again after "not in time, look again" gets one order, not two. Any other
 * save draws new ones, each on its own statement: held through a transaction, the one ORDER counter row would make
 * every assignment wait for the one before (bench:orders saw 1 to 4.6 sessions queued on it). A number or id of a
 * save that then fails, that was sent again, or that lost the race below, is a gap, as running-number.ts allows.
 */
async function creationNumbers(
  deps: AppDeps,
  workflows: OrderWorkflows,
  user: AuthUser,
  model: AssignModel,
  now: Date,
): Promise<{ orderNo: string; orderId: number }> {
  const key = createHash('sha256')
    .update(JSON.stringify([user.username, model]))
    .digest('hex');
  // Drawn first, so the usual save (a key not seen before) is one insert; a save sent again leaves them a gap.
  const orderNo = await nextRunningNumber(deps.db, ORDER_RUNNING_NUMBER, now);
  const drawn = (await deps.db.raw(`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as {
    rows: { id: number }[];
  };
  const orderId = drawn.rows[0]!.id;
  const row = {
    request_key: key,
    order_id: orderId,
    order_no: orderNo,
    created_date: now,
    created_by: user.username,
  };
  type Numbers = { order_id: number; order_no: string };
  const inserted = (await deps
    .db('order_creations')
    .insert(row)
    .onConflict('request_key')
    .ignore()
    .returning(['order_id', 'order_no'])) as Numbers[];
  if (inserted.length) return { orderNo, orderId };
  const earlier = (await deps
    .db('order_creations')
    .where('request_key', key)
    .first('order_id', 'order_no')) as Numbers | undefined;
  if (
    earlier &&
    !(await deps.db('orders').where('id', earlier.order_id).first('id')) &&
    !(await workflows.closed(earlier.order_no))
  ) {
    return { orderNo: earlier.order_no, orderId: Number(earlier.order_id) };
  }
  // Written only over the row as it was read: a save of the same key that wrote in between wins, and this one
  // takes its numbers (both then send the same run the same creation).
  const written = (await deps
    .db('order_creations')
    .insert(row)
    .onConflict('request_key')
    .merge(['order_id', 'order_no', 'created_date', 'created_by'])
    .where('order_creations.order_id', earlier?.order_id ?? -1)
    .returning(['order_id', 'order_no'])) as Numbers[];
  if (written.length) return { orderNo, orderId };
  const winner = (await deps
    .db('order_creations')
    .where('request_key', key)
    .first('order_id', 'order_no')) as Numbers;
  return { orderNo: winner.order_no, orderId: Number(winner.order_id) };
}

/** The save: the order's rows made and sent to its workflow, which writes them (see the header). */
async function saveAssignment(deps: AppDeps, user: AuthUser, a: Assignment): Promise<SavedOrder[]> {
  const workflows = deps.orderWorkflows;
  if (!workflows) throw workflowsUnavailable();
  const { model, sapOrders, orderType, evaluation } = a;
  const first = sapOrders[0]!;
  const now = deps.now();
  const included = includedLines(model);
  const weighed = await weighLines(
    deps.db,
    included.map((d) => ({ Id: d.Id, Qty: d.Qty, conversion_type: d.conversion_type })),
    { warehouse: model.warehouse_code },
  );
  const party = await partyOf(deps.db, first.customer_vendor_code);
  const lead = a.transporters[0]!;
  const leadEntry = a.relation ? model.transporters[0] : evaluation.transporters[0]?.entry;
  const status: OrderStatus =
    evaluation.approvalLevels > 0 ? 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' : 'ASSIGNED TO TRANSPORTER';
  const hours = await autoRejectHours(deps.db, first.company_code, orderType.name, lead.code);
  const autoRejectMs = hours * deps.config.AUTO_REJECT_HOUR_MS;

  // Read again just before the order is sent: a line taken since the checks is told as taken. The activity decides
  // under the SAP lines' locks (a save that takes them in between is refused there, QUANTITY_NOT_AVAILABLE).
  const holds = await readLines(
    deps.db,
    included.map((d) => d.Id),
  );
  const taken = (item: string) => new ConflictError('assign.qtyTaken', { item }, 'QTY_TAKEN');
  checkQuantities(
    model,
    holds,
    new Set(sapOrders.map((s) => s.id)),
    a.category === 'COLLECTIVE' || orderType.use_ln,
    taken,
  );
  const { orderNo, orderId } = await creationNumbers(deps, workflows, user, model, now);
  const input: OrderWorkflowInput = {
    orderNo,
    orderId,
    approvalLevels: evaluation.approvalLevels,
    approvers: evaluation.approvers,
    autoRejectMs,
    transporterCode: lead.code,
    assignedBy: user.username,
  };
  const creation: OrderCreation = {
    order: {
      id: orderId,
      // What the sweep would start the run with again: the input without the creation it no longer awaits.
      workflow_input: JSON.stringify(input),
      workflow_id: orderWorkflowId(orderNo),
      order_no: orderNo,
      // The first change, written with the row, sets the status, dispatch status and deadline as the workflow
      // decided them.
      status,
      sap_no: sapOrders
        .map((s) => s.document_no)
        .join(', ')
        .slice(0, 500),
      document_no: first.document_no,
      order_type_id: orderType.id,
      order_type_name: orderType.name,
      company_code: first.company_code,
      business_segment_code: first.product_category,
      warehouse_code: model.warehouse_code ?? first.warehouse_code,
      document_type: model.document_type ?? first.document_type,
      distribution: first.distribution,
      incoterm: first.incoterm,
      incoterm2: first.incoterm2,
      customer_vendor_code: first.customer_vendor_code,
      customer_vendor_name: party.name,
      customer_vendor_address: first.address ?? party.address,
      delivery_address: first.delivery_address,
      valid_from: first.valid_from,
      valid_to: first.valid_to,
      shipment_type: first.shipment_type ?? model.shipment_type,
      shipment_type_category: a.category,
      transporter_code: lead.code,
      transporter_name: lead.name,
      truck_type_id: leadEntry?.truck_type_id ?? null,
      loading_destination_from_id: model.loading_destination_from_id ?? null,
      loading_destination_to_id: model.loading_destination_to_id ?? null,
      charge_oa_company: model.charge_oa_company ?? first.company_code,
      freight_date: model.freight_date ?? null,
      stuffing_date_from: a.stuffing.from,
      stuffing_date_to: a.stuffing.to,
      trip_type: model.trip_type ?? null,
      vessel: model.vessel_code ?? model.vessel ?? null,
      ln_type: model.ln_type ?? null,
      ln_inco_rule: model.ln_inco_rule ?? null,
      transporter_notes: model.transporter_notes ?? null,
      multiple_weighing: leadEntry?.multiple_weighing ? 'Y' : 'N',
      show_conversion_type: model.show_conversion_type,
      is_relation: a.relation,
      created_date: now.toISOString(),
      created_by: user.username,
    },
    // What the order reserves comes off the SAP lines (their header totals and tab follow by trigger).
    lines: included.map((d, i) => {
      const hold = holds.get(d.Id)!;
      const sapOrder = sapOrders.find((s) => s.id === hold.sap_order_id)!;
      const w = weighed[i]!;
      return {
        sap_order_detail_id: d.Id,
        item_no: String((i + 1) * 10).padStart(6, '0'),
        sap_no: sapOrder.document_no,
        sap_item_no: hold.item_no,
        material_code: w.Material_Code,
        qty: d.Qty,
        tolerance_qty: hold.tolerance ? Math.round(d.Qty * Number(hold.tolerance) * 10) / 1000 : 0,
        uom: w.UOM,
        conversion_type: w.conversion_type?.slice(0, 20) ?? null,
        conversion: w.factor,
        charge_oa_company: d.charge_oa_company ?? model.charge_oa_company ?? first.company_code,
        ln_type: d.ln_type ?? hold.ln_type,
        incoterm_rule: d.incoterm_rule ?? hold.incoterm_rule,
        so_factory_no: d.SO_Factory_No ?? null,
        so_factory_item_no: d.SO_Factory_Item_No ?? null,
        po_so_factory: d.PO_SO_Factory ?? null,
      };
    }),
    transporters: transporterRows(a, orderId, weighed).map(({ order_id: _order, ...row }) => row),
    sapOrderIds: sapOrders.map((s) => s.id),
  };

  const outcome = await workflows.create({ ...input, creation });
  if (outcome.ok) return [{ Id: orderId, Order_No: orderNo, Status: outcome.result.status }];
  if (outcome.code === 'QUANTITY_NOT_AVAILABLE') {
    const sapLineId = (outcome.details?.[0] as CreationRefusalDetails | undefined)?.sapLineId;
    throw taken(holds.get(Number(sapLineId))?.item_no ?? '');
  }
  const failed = updateFailure(outcome.code);
  if (outcome.detail) (failed as Error & { cause?: unknown }).cause = outcome.detail;
  throw failed;
}

function transporterRows(a: Assignment, orderId: number, weighed: readonly WeighedLine[]) {
  const totalKg = Math.round(weighed.reduce((s, w) => s + w.kg, 0) * 1000) / 1000;
  if (a.relation) {
    const entry = a.model.transporters[0]!;
    return [
      {
        order_id: orderId,
        transporter_code: a.transporters[0]!.code,
        transporter_name: a.transporters[0]!.name,
        truck_type_id: entry.truck_type_id ?? null,
        user_not: 1,
        freight_container: 1,
        freight_kg: totalKg,
        freight_date: a.model.freight_date ?? null,
        trip_type: a.model.trip_type ?? null,
        sto_spo_per_shipment: a.model.sto_spo_per_shipment,
      },
    ];
  }
  return a.evaluation.transporters.map((t) =>
    orderTransporterRow(
      orderId,
      t,
      a.model.trip_type ?? null,
      a.model.freight_date ?? null,
      totalKg,
      a.model.sto_spo_per_shipment,
    ),
  );
}

/**
 * An order_transporters row from a transporter entry as the approval check priced it (never the client's
 * figures): the assign save's and edit assign's. `totalKg` stands in where the entry has no freight option; the
 * trip type, freight date and STO/SPO per shipment are the assignment's, the same on every transporter.
 */
export function orderTransporterRow(
  orderId: number,
  { entry, option, criteria }: EvaluatedTransporter,
  tripType: string | null,
  freightDate: string | null,
  totalKg: number | null = null,
  stoSpoPerShipment = false,
) {
  return {
    order_id: orderId,
    transporter_code: entry.transporter_code,
    transporter_name: entry.transporter_name ?? null,
    truck_type_id: entry.truck_type_id ?? null,
    freight_master: entry.freight_master ?? null,
    freight_cost: entry.freight_cost ?? null,
    freight_suggested: entry.freight_suggested ?? null,
    freight_value: entry.freight_value ?? null,
    freight_per: option?.per ?? null,
    freight_uom: entry.freight_uom ?? null,
    freight_total_cost: entry.freight_total_cost ?? null,
    freight_total_cost_user_not: entry.freight_total_cost_user_not ?? null,
    freight_container: entry.freight_container ?? null,
    freight_kg: option?.total_kg ?? totalKg,
    freight_material: option?.materials[0]?.Material_Code ?? null,
    truck_capacity: option?.freight_capacity ?? null,
    system_not: entry.system_not ?? null,
    user_not: entry.user_not ?? null,
    truck_rental: entry.truck_rental ?? false,
    multiple_weighing: entry.multiple_weighing ?? false,
    exclude_approval: criteria.length === 0,
    freight_criteria: entry.freight_criteria ?? null,
    assign_reason: entry.assign_reason ?? null,
    assign_reason_others: entry.assign_reason_others ?? null,
    trip_type: tripType,
    sto_spo_per_shipment: stoSpoPerShipment,
    freight_date: freightDate,
  };
}
