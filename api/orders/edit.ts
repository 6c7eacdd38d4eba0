// Edit order (spec/2 §2.2, §4 "Edit order panel", §5.1, §7; issue 17): staff change an order the transporter has
// been given — its lines' quantities (within the order quantity, the SAP order's outstanding quantity and the
// tolerance), lines of further SAP orders of the same kind, loading, trip type, vessel, notes, the transporter and
// its freight, and STO/SPO per shipment (only where the documents offer it, as the assign save holds it). The edit
// is checked and priced here (the Approval Matrix as at the assignment, approval-check.ts), written as one
// order_edits row (migration 019), and handed to the order's workflow as the editOrder Update, which writes it at
// once or, when the changed freight needs approval again, keeps the order WAITING FOR ORDER APPROVAL until the
// approvers decide (workflows/orders/order.workflow.ts). A refused Update marks the row REFUSED: nothing
// of the edit is written.
//
// Also here: the panel's simulation of its documents (order/edit_merge_simulate, which also says whether the order
// is auto-assigned, spec/2 §4, and whether its documents offer STO/SPO per shipment), its Sync with SAP
// (order/sync_do_sap) and the freight of its current transporter for the edited lines
// (util/refresh_freight_cost_order).
import type { Knex } from 'knex';
import { z } from 'zod';
import { editLimit, exceedsEditLimit, readHolds, thousandths } from '../../db/ledger';
import { integer, text } from '../../db/resources/input';
import { RELEASED_ORDER_STATUSES } from '../../db/resources/order';
import type { AssignModel, EditLine } from '../../db/resources/order-assign';
import {
  assignModelSchema,
  assignTransporterSchema,
  qtyInput,
  sapNumbersSchema,
} from '../../db/resources/order-assign';
import type { EditedLine, OrderEditChanges } from '../../workflows/orders/activities';
import type { AppDeps } from '../deps';
import { AppError, RuleError, ValidationError } from '../errors';
import { mayStillBeTaken } from '../temporal/entity-workflows';
import { translate, type Language } from '../i18n';
import { isAuthorized, syncBodySchema, syncWithSap } from '../sap-orders';
import type { AuthUser } from '../services/session';
import { workflowsOf } from './actions';
import { evaluateAssignment, type AssignmentEvaluation } from './approval-check';
import {
  loadSapOrders,
  orderTypeOf,
  shipmentTypeCategory,
  stoSpoPerShipmentShown,
  type AssignSapOrder,
} from './assign-context';
import {
  autoRejectHours,
  checkReasons,
  checkStoSpoPerShipment,
  checkSync,
  orderTransporterRow,
} from './assign';
import { assignModelCodes, checkCodes, checkTransporters, type NamedCode } from './assign-codes';
import { allowedOrder } from './changes';
import { defaultConversionType, freightOptions, weighLines } from './freight';
import { DALAM_PABRIK, mergeSimulate, sapOrderHeaders } from './merge-simulate';
import { readTransporters } from './read';
import { updateFailure } from './workflows';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** What the edit reads of the order beside its flags. */
interface EditedOrder {
  id: number;
  order_no: string;
  status: string;
  order_type_id: number | null;
  order_type_name: string | null;
  company_code: string | null;
  warehouse_code: string | null;
  document_type: string | null;
  shipment_type: string | null;
  incoterm: string | null;
  is_relation: boolean;
  transporter_code: string | null;
  charge_oa_company: string | null;
  loading_destination_from_id: number | null;
  loading_destination_to_id: number | null;
  trip_type: string | null;
  vessel: string | null;
  freight_day: string | null;
  show_conversion_type: string | null;
  transporter_notes: string | null;
}

async function readEditedOrder(deps: AppDeps, id: number): Promise<EditedOrder> {
  const { db } = deps;
  return (await db('orders')
    .where('id', id)
    .first(
      'id',
      'order_no',
      'status',
      'order_type_id',
      'order_type_name',
      'company_code',
      'warehouse_code',
      'document_type',
      'shipment_type',
      'incoterm',
      'is_relation',
      'transporter_code',
      'charge_oa_company',
      'loading_destination_from_id',
      'loading_destination_to_id',
      'trip_type',
      'vessel',
      'show_conversion_type',
      'transporter_notes',
      db.raw(`to_char(freight_date, 'YYYY-MM-DD') as freight_day`),
    )) as EditedOrder;
}

/** An order line as the edit reads it. */
interface OwnLine {
  id: number;
  sap_order_detail_id: number;
  sap_order_id: number;
  item_no: string;
  sap_no: string;
  sap_item_no: string;
  material_code: string;
  material_name: string | null;
  qty: string;
  os_qty: string;
  real_qty: string;
  tolerance_qty: string;
  uom: string;
  conversion_type: string | null;
  charge_oa_company: string | null;
  ln_type: string | null;
  incoterm_rule: string | null;
  so_factory_no: string | null;
  so_factory_item_no: string | null;
  so_factory_result: string | null;
  so_factory_result_reason: string | null;
  po_so_factory: string | null;
  sap_os_qty: string;
}

async function ownLines(deps: AppDeps, orderId: number): Promise<OwnLine[]> {
  return (await deps
    .db('order_details as d')
    .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
    .leftJoin('materials as m', 'm.material_code', 'd.material_code')
    .where('d.order_id', orderId)
    .orderBy('d.item_no')
    .select(
      'd.id',
      'd.sap_order_detail_id',
      's.sap_order_id',
      'd.item_no',
      'd.sap_no',
      'd.sap_item_no',
      'd.material_code',
      'm.material_name',
      'd.qty',
      'd.os_qty',
      'd.real_qty',
      'd.tolerance_qty',
      'd.uom',
      'd.conversion_type',
      'd.charge_oa_company',
      'd.ln_type',
      'd.incoterm_rule',
      'd.so_factory_no',
      'd.so_factory_item_no',
      'd.so_factory_result',
      'd.so_factory_result_reason',
      'd.po_so_factory',
      's.os_qty as sap_os_qty',
    )) as OwnLine[];
}

/** Quantity is not editable for collective shipments or where the LN system is used (spec/2 §5.3). */
function quantityEditable(category: string, useLn: boolean): boolean {
  return category !== 'COLLECTIVE' && !useLn;
}

function ownEditLine(line: OwnLine, useLn: boolean, editable: boolean): EditLine {
  const qty = Number(line.qty);
  const os = Number(line.sap_os_qty);
  const tolerance = Number(line.tolerance_qty);
  return {
    Id: Number(line.sap_order_detail_id),
    Order_Detail_Id: Number(line.id),
    Sap_Order_Id: Number(line.sap_order_id),
    Sap_No: line.sap_no,
    Item_No: line.sap_item_no,
    Company_To_Charge: line.charge_oa_company,
    LN_Type: line.ln_type,
    Incoterm_Rule: line.incoterm_rule,
    Require_Ln_Inco_Rule: useLn,
    Material_Code: line.material_code,
    Material_Name: line.material_name,
    Qty: qty,
    Order_Qty: qty,
    Sap_Os_Qty: os,
    Real_Qty: Number(line.real_qty),
    Tolerance_Qty: tolerance,
    Max_Qty: (thousandths(qty) + thousandths(os) + thousandths(tolerance)) / 1000,
    UOM: line.uom,
    conversion_type: line.conversion_type,
    include_merge: true,
    editable,
    SO_Factory_No: line.so_factory_no,
    SO_Factory_Item_No: line.so_factory_item_no,
    SO_Factory_Result: line.so_factory_result,
    SO_Factory_Result_Reason: line.so_factory_result_reason,
    PO_SO_Factory: line.po_so_factory,
  };
}

/** A SAP line the order does not take yet, as the panel offers it (Order_Detail_Id null, nothing held). */
function offeredLine(
  line: Pick<
    EditLine,
    | 'Id'
    | 'Sap_Order_Id'
    | 'Sap_No'
    | 'Item_No'
    | 'Company_To_Charge'
    | 'LN_Type'
    | 'Incoterm_Rule'
    | 'Require_Ln_Inco_Rule'
    | 'Material_Code'
    | 'Material_Name'
    | 'UOM'
    | 'conversion_type'
    | 'include_merge'
    | 'editable'
  >,
  os: number,
): EditLine {
  return {
    ...line,
    Order_Detail_Id: null,
    Qty: os,
    Order_Qty: 0,
    Sap_Os_Qty: os,
    Real_Qty: 0,
    Tolerance_Qty: 0,
    Max_Qty: os,
    SO_Factory_No: null,
    SO_Factory_Item_No: null,
    SO_Factory_Result: null,
    SO_Factory_Result_Reason: null,
    PO_SO_Factory: null,
  };
}

// ---------------------------------------------------------------------------------- order/edit_merge_simulate

/** spec/2 §7 POST order/edit_merge_simulate. */
export const editMergeSimulateSchema = z.object({
  order_id: integer({ min: 1 }),
  // spec/2 §7 "sap_no list": a list, or one number (text or a number).
  sap_no: sapNumbersSchema.default([]),
  is_first: z.boolean().default(false),
  is_edit: z.boolean().default(true),
  warehouse_code: text(20).nullish(),
  company_code: text(10).nullish(),
  incoterm: text(10).nullish(),
  order_type: text(50).nullish(),
  shipment_type: text(30).nullish(),
  document_type: text(50).nullish(),
  transporter_code: text(20).nullish(),
});
export type EditMergeSimulateBody = z.infer<typeof editMergeSimulateSchema>;

export interface EditMergeSimulation {
  sap_orders: Record<string, unknown>[];
  details: EditLine[];
  use_ln: boolean;
  order_type: {
    Code: string | null;
    Name: string;
    Info1: string | null;
    Use_DO: boolean;
    Use_SO: boolean;
  } | null;
  error_message: string | null;
  /** Whether the order is auto-assigned (spec/2 §4), and with which transporters; null when it is not. */
  auto_assign: AutoAssign | null;
  /**
   * Whether the panel offers STO/SPO per shipment (spec/2 §2.2 "when enabled"): the order's own documents, with
   * the ones added in this call, offer it as merge_simulate's show_sto_spo_per_shipment says.
   */
  show_sto_spo_per_shipment: boolean;
}

/**
 * spec/2 §4 "Auto-assign": an IPB export collective order (order type IPB, Info1 OUT, a collective shipment type)
 * carries the transporters of its LN SO number's order, a TO IN order inside the factory (its reference TO OUT, or
 * itself, is langsir DALAM_PABRIK) those of its reference TO OUT's order. The panel loads them itself, adds and
 * removes no row and locks their freight; the save's own checks (checkOrderTypeRules) still apply.
 */
export interface AutoAssign {
  kind: 'IPB_EXPORT_COLLECTIVE' | 'TO_IN_INSIDE_FACTORY';
  /** The document whose order the transporters come from (the LN SO number, or the TO OUT's); null when none. */
  reference: string | null;
  /**
   * The transporters of the latest active order (neither cancelled nor rejected) made of that document, as GET
   * order/{id}/edit answers an order's (assign.transporters); empty when it has none yet.
   */
  transporters: Record<string, unknown>[];
}

const firstText = (values: (string | null)[]) => values.map((v) => v?.trim()).find((v) => !!v) ?? null;

/** The order's auto-assignment (see AutoAssign), read from its own SAP orders; null for any other order. */
async function autoAssignOf(
  deps: AppDeps,
  orderId: number,
  orderType: { code: string | null; info1: string | null },
  category: string,
  sapOrderIds: readonly number[],
): Promise<AutoAssign | null> {
  const { db } = deps;
  const code = (orderType.code ?? '').toUpperCase();
  const info1 = (orderType.info1 ?? '').toUpperCase();
  const ipbExport = code === 'IPB' && info1 === 'OUT' && category === 'COLLECTIVE';
  if (!ipbExport && !(code === 'TO' && info1 === 'IN')) return null;
  const own = (await db('sap_orders')
    .whereIn('id', sapOrderIds)
    .orderBy('id')
    .select('ln_so_no', 'reference_doc_no', 'langsir_type')) as {
    ln_so_no: string | null;
    reference_doc_no: string | null;
    langsir_type: string | null;
  }[];
  const reference = firstText(own.map((s) => (ipbExport ? s.ln_so_no : s.reference_doc_no)));
  const byReference = (q: Knex.QueryBuilder) =>
    void q
      .whereRaw('lower(so.document_no) = lower(?)', [reference])
      .orWhereRaw('lower(so.delivery_order_no) = lower(?)', [reference]);
  if (!ipbExport) {
    const inside =
      own.some((s) => same(s.langsir_type, DALAM_PABRIK)) ||
      (!!reference &&
        !!(await db('sap_orders as so')
          .where(byReference)
          .whereRaw('upper(trim(so.langsir_type)) = ?', [DALAM_PABRIK])
          .first('so.id')));
    if (!inside) return null;
  }
  const source = reference
    ? ((await db('orders as o')
        .whereExists(
          db('order_details as d')
            .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
            .join('sap_orders as so', 'so.id', 's.sap_order_id')
            .whereRaw('d.order_id = o.id')
            .where(byReference)
            .select(db.raw('1')),
        )
        .whereNot('o.id', orderId)
        .whereNotIn('o.status', [...RELEASED_ORDER_STATUSES])
        .whereNotNull('o.transporter_code')
        .orderBy('o.id', 'desc')
        .first('o.id')) as { id: number } | undefined)
    : undefined;
  const sourceId = source ? Number(source.id) : null;
  const transporters = sourceId ? ((await readTransporters(db, [sourceId])).get(sourceId) ?? []) : [];
  return { kind: ipbExport ? 'IPB_EXPORT_COLLECTIVE' : 'TO_IN_INSIDE_FACTORY', reference, transporters };
}

/**
 * The panel's documents: first (is_first, or no sap_no) the order's own SAP orders with the order's lines and the
 * outstanding lines it does not take yet; then each further SAP number, held to the rules of the assign panel's
 * merge (the same order type, shipment type, warehouse, document type, company and incoterm as the order, no other
 * order on it, not inside the factory). A document that cannot join answers error_message and no lines.
 */
export async function editMergeSimulate(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  body: EditMergeSimulateBody,
): Promise<EditMergeSimulation> {
  const { db } = deps;
  const row = await allowedOrder(deps, user, body.order_id, 'can_edit_order');
  const order = await readEditedOrder(deps, row.Id);
  const lines = await ownLines(deps, order.id);
  const sapOrderIds = [...new Set(lines.map((l) => Number(l.sap_order_id)))];
  const sapOrders = await loadSapOrders(db, sapOrderIds);
  const orderType = sapOrders[0] ? await orderTypeOf(db, sapOrders[0]) : null;
  const useLn = orderType?.use_ln ?? false;
  const category = await shipmentTypeCategory(db, order.shipment_type, order.is_relation);
  const editable = quantityEditable(category, useLn);
  const orderTypeData = orderType
    ? {
        Code: orderType.code,
        Name: orderType.name,
        Info1: orderType.info1,
        Use_DO: orderType.use_do,
        Use_SO: orderType.use_so,
      }
    : null;
  const autoAssign = orderType ? await autoAssignOf(deps, order.id, orderType, category, sapOrderIds) : null;
  const ownStoSpo = stoSpoPerShipmentShown(orderType, sapOrders);
  const answer = (partial: Partial<EditMergeSimulation>): EditMergeSimulation => ({
    sap_orders: [],
    details: [],
    use_ln: useLn,
    order_type: orderTypeData,
    error_message: null,
    auto_assign: autoAssign,
    show_sto_spo_per_shipment: ownStoSpo,
    ...partial,
  });

  if (body.is_first || !body.sap_no.length) {
    const details = lines.map((l) => ownEditLine(l, useLn, editable));
    const taken = new Set(details.map((d) => d.Id));
    // The outstanding lines of the same documents the order does not take yet.
    const conversionType = await defaultConversionType(db, order.warehouse_code, order.company_code);
    const others = (await db('sap_order_details as s')
      .join('sap_orders as h', 'h.id', 's.sap_order_id')
      .leftJoin('materials as m', 'm.material_code', 's.material_code')
      .whereIn('s.sap_order_id', sapOrderIds)
      .where('s.mark_deleted', false)
      .where('s.os_qty', '>', 0)
      .orderBy([{ column: 's.sap_order_id' }, { column: 's.item_no' }])
      .select(
        's.id',
        's.sap_order_id',
        'h.document_no',
        'h.company_code',
        's.item_no',
        's.material_code',
        'm.material_name',
        's.os_qty',
        's.uom',
        's.ln_type',
        's.incoterm_rule',
      )) as {
      id: number;
      sap_order_id: number;
      document_no: string;
      company_code: string | null;
      item_no: string;
      material_code: string;
      material_name: string | null;
      os_qty: string;
      uom: string;
      ln_type: string | null;
      incoterm_rule: string | null;
    }[];
    for (const s of others) {
      if (taken.has(Number(s.id))) continue;
      details.push(
        offeredLine(
          {
            Id: Number(s.id),
            Sap_Order_Id: Number(s.sap_order_id),
            Sap_No: s.document_no,
            Item_No: s.item_no,
            Company_To_Charge: order.charge_oa_company ?? s.company_code,
            LN_Type: s.ln_type,
            Incoterm_Rule: s.incoterm_rule,
            Require_Ln_Inco_Rule: useLn,
            Material_Code: s.material_code,
            Material_Name: s.material_name,
            UOM: s.uom,
            conversion_type: conversionType,
            include_merge: false,
            editable,
          },
          Number(s.os_qty),
        ),
      );
    }
    return answer({ sap_orders: await sapOrderHeaders(db, lang, sapOrderIds, category), details });
  }

  const sapOrderRows: Record<string, unknown>[] = [];
  const details: EditLine[] = [];
  let stoSpo = ownStoSpo;
  for (const sapNo of body.sap_no) {
    let simulated: Record<string, unknown>;
    try {
      simulated = await mergeSimulate(deps, user, lang, {
        sap_no: [sapNo],
        is_first: false,
        is_edit: true,
        order_type: order.order_type_name,
        shipment_type: order.shipment_type,
        warehouse_code: order.warehouse_code,
        document_type: order.document_type,
        company_code: order.company_code,
        incoterm: order.incoterm,
        transporter_code: order.transporter_code,
      });
    } catch (err) {
      // An unknown number is the panel's inline error, as a document that cannot join is.
      if (err instanceof AppError && err.status === 404) {
        return answer({ error_message: translate(lang, err.messageKey, err.params) });
      }
      throw err;
    }
    const headers = simulated.sap_orders as Record<string, unknown>[];
    if (headers.some((h) => sapOrderIds.includes(Number(h.Id)))) {
      return answer({ error_message: translate(lang, 'order.edit.alreadyInOrder', { document: sapNo }) });
    }
    if (simulated.error_message) return answer({ error_message: simulated.error_message as string });
    sapOrderRows.push(...headers);
    if (simulated.show_sto_spo_per_shipment === true) stoSpo = true;
    const sapNoOf = new Map(
      headers.map((h) => [Number(h.Id), typeof h.Document_No === 'string' ? h.Document_No : sapNo]),
    );
    for (const d of simulated.sap_order_details as AssignModel['details']) {
      const os = Number(d.os_qty ?? d.Qty);
      const header = headers.find((h) => d.Document_No != null && same(String(h.Document_No), d.Document_No));
      const sapOrderId = Number(header?.Id ?? headers[0]?.Id);
      details.push(
        offeredLine(
          {
            Id: d.Id,
            Sap_Order_Id: sapOrderId,
            Sap_No: d.Document_No ?? sapNoOf.get(sapOrderId) ?? sapNo,
            Item_No: d.Item_No ?? '',
            Company_To_Charge: order.charge_oa_company ?? d.charge_oa_company ?? null,
            LN_Type: d.ln_type ?? null,
            Incoterm_Rule: d.incoterm_rule ?? null,
            Require_Ln_Inco_Rule: useLn,
            Material_Code: d.Material_Code ?? '',
            Material_Name: d.material_name ?? null,
            UOM: d.UOM ?? '',
            conversion_type: d.conversion_type ?? null,
            include_merge: true,
            editable,
          },
          os,
        ),
      );
    }
  }
  return answer({ sap_orders: sapOrderRows, details, show_sto_spo_per_shipment: stoSpo });
}

// ------------------------------------------------------------------------------------------ order/sync_do_sap

/** spec/2 §7 POST order/sync_do_sap: the order (order_id, or its Id) with the panel's lines. */
export const orderSyncSchema = z.looseObject({
  order_id: integer({ min: 1 }).nullish(),
  Id: integer({ min: 1 }).nullish(),
  Details: z.array(z.looseObject({})).max(500).default([]),
});

/**
 * Sync with SAP of the order's first SAP order, as the assign panel's (saporder/sync_do_sap): the answer and the
 * record that the "sync before save" rule reads are the same.
 */
export async function syncOrderWithSap(deps: AppDeps, user: AuthUser, body: z.infer<typeof orderSyncSchema>) {
  const id = body.order_id ?? body.Id;
  if (!id)
    throw new ValidationError({ order_id: [{ key: 'validation.required', params: { field: 'order_id' } }] });
  const row = await allowedOrder(deps, user, id, 'can_edit_order');
  const first = (await deps
    .db('order_details as d')
    .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
    .join('sap_orders as h', 'h.id', 's.sap_order_id')
    .where('d.order_id', row.Id)
    .orderBy('h.id')
    .first('h.id', 'h.order_type')) as { id: number; order_type: string };
  return syncWithSap(
    deps,
    user,
    syncBodySchema.parse({ Id: first.id, Order_Type: first.order_type, Details: [] }),
  );
}

// ------------------------------------------------------------------------------- util/refresh_freight_cost_order

const editLineSchema = z.object({
  /** sap_order_details.id */
  Id: integer({ min: 1 }),
  /** order_details.id of a line the order has; absent or null for a line the edit adds. */
  Order_Detail_Id: integer({ min: 1 }).nullish(),
  // Rounded to the 0.001 unit as it comes in (issue 27): 0.0001 is 0, refused below where a line must carry some.
  Qty: qtyInput(),
  include_merge: z.boolean().default(true),
  conversion_type: text(50).nullish(),
  Company_To_Charge: text(10).nullish(),
  LN_Type: text(30).nullish(),
  Incoterm_Rule: text(20).nullish(),
  SO_Factory_No: text(50).nullish(),
  SO_Factory_Item_No: text(10).nullish(),
  PO_SO_Factory: text(50).nullish(),
});

/** spec/2 §7 POST util/refresh_freight_cost_order. */
export const refreshFreightOrderSchema = z.object({
  order_id: integer({ min: 1 }),
  details: z.array(editLineSchema).max(500).default([]),
  /** The transporter to price; the order's when absent. */
  transporter_code: text(20).nullish(),
  user_not: integer({ min: 1, max: 10_000 }).nullish(),
  loading_destination_from_id: integer({ min: 1 }).nullish(),
  loading_destination_to_id: integer({ min: 1 }).nullish(),
  trip_type: text(30).nullish(),
});

/**
 * The freight of the order's transporter (or the one named) for the edited lines: its cheapest option on the lane
 * for the trips asked. Null when it has no valid rate for them.
 */
export async function refreshFreightCostOrder(
  deps: AppDeps,
  user: AuthUser,
  body: z.infer<typeof refreshFreightOrderSchema>,
) {
  const row = await allowedOrder(deps, user, body.order_id, 'can_edit_order');
  const order = await readEditedOrder(deps, row.Id);
  const included = body.details.filter((d) => d.include_merge && d.Qty > 0);
  const transporter = body.transporter_code ?? order.transporter_code;
  const loading = body.loading_destination_from_id ?? order.loading_destination_from_id;
  const destination = body.loading_destination_to_id ?? order.loading_destination_to_id;
  if (!included.length || !transporter || !loading || !destination || !order.freight_day) return null;
  const stored = (await deps
    .db('order_transporters')
    .where('order_id', order.id)
    .orderBy('id')
    .first('user_not')) as { user_not: number | null } | undefined;
  const options = await freightOptions(deps.db, {
    loading,
    destination,
    charge_oa_company: order.charge_oa_company ?? order.company_code ?? '',
    freight_date: order.freight_day,
    trip_type: body.trip_type ?? order.trip_type,
    shipment_type: order.shipment_type,
    warehouse_code: order.warehouse_code,
    materials: included.map((d) => ({ Id: d.Id, Qty: d.Qty, conversion_type: d.conversion_type ?? null })),
    // user_not null: the system's trips for the edited lines (the panel follows them where the order did).
    container: body.user_not !== undefined ? body.user_not : (stored?.user_not ?? null),
    only_transporters: [transporter],
  });
  const option = options[0];
  if (!option) return null;
  return {
    transporter_code: option.transporter_code,
    transporter_name: option.transporter_name,
    cost: option.cost,
    master_cost: option.master_cost,
    total_cost: option.total_cost,
    total_cost_user_not: option.total_cost_user_not,
    system_not: option.system_not,
    user_not: option.user_not,
    total_kg: option.total_kg,
    recommended_kg: option.recommended_kg,
    freight_master: option.freight_master,
    truck_type_id: option.truck_type_id,
    materials: option.materials,
  };
}

// ------------------------------------------------------------------------------------------------- order/edit

/** spec/2 §7 PUT order/edit. */
export const editOrderSchema = z.object({
  order_id: integer({ min: 1 }),
  transporter_notes: text(1000).nullish(),
  ln_inco_rule: text(20).nullish(),
  ln_type: text(30).nullish(),
  details: z.array(editLineSchema).min(1).max(500),
  transporter_model: z.looseObject({
    loading_destination_from_id: integer({ min: 1 }).nullish(),
    loading_destination_to_id: integer({ min: 1 }).nullish(),
    trip_type: text(30).nullish(),
    vessel: text(50).nullish(),
    vessel_code: text(50).nullish(),
    /** STO/SPO per shipment (spec/2 §3 "Transporter assignment (order edit)"); absent: as the order has it. */
    sto_spo_per_shipment: z.boolean().nullish(),
    transporters: z.array(assignTransporterSchema).max(50).default([]),
  }),
});
export type EditOrderBody = z.infer<typeof editOrderSchema>;

interface SapLineRow {
  id: number;
  sap_order_id: number;
  item_no: string;
  material_code: string;
  uom: string;
  os_qty: string;
  tolerance: string | null;
  ln_type: string | null;
  incoterm_rule: string | null;
  mark_deleted: boolean;
}

/** The SAP orders an edited order may take lines from: its own, and others of the same kind the user may see. */
async function checkSapOrders(
  deps: AppDeps,
  user: AuthUser,
  order: EditedOrder,
  own: ReadonlySet<number>,
  ids: readonly number[],
): Promise<AssignSapOrder[]> {
  const sapOrders = await loadSapOrders(deps.db, ids);
  const plants = await deps.permissions.plants(user);
  for (const s of sapOrders) {
    if (own.has(s.id)) continue;
    if (!isAuthorized(plants, s.company_code, s.plant)) {
      throw new RuleError('LINE_NOT_ALLOWED', 'sapOrder.notAuthorized', {
        company: s.company_code ?? '',
        plant: s.plant ?? '',
      });
    }
    const alike =
      s.status === 'APPROVED' &&
      same(s.company_code, order.company_code) &&
      same(s.order_type, order.order_type_name) &&
      same(s.warehouse_code, order.warehouse_code) &&
      same(s.document_type, order.document_type) &&
      same(s.shipment_type, order.shipment_type) &&
      same(s.incoterm, order.incoterm);
    if (!alike)
      throw new RuleError('LINE_NOT_ALLOWED', 'order.edit.documentNotAlike', { document: s.document_no });
  }
  return sapOrders;
}

/** spec/2 §5.1: IPB export collective orders need an LN SO number; TO IN orders a TO OUT with a transporter. */
async function checkOrderTypeRules(
  deps: AppDeps,
  orderType: { code: string | null; info1: string | null },
  category: string,
  sapOrders: readonly AssignSapOrder[],
): Promise<void> {
  const { db } = deps;
  const code = (orderType.code ?? '').toUpperCase();
  const info1 = (orderType.info1 ?? '').toUpperCase();
  const ids = sapOrders.map((s) => s.id);
  if (code === 'IPB' && info1 === 'OUT' && category === 'COLLECTIVE') {
    const missing = (await db('sap_orders')
      .whereIn('id', ids)
      .where((q) => void q.whereNull('ln_so_no').orWhereRaw(`trim(ln_so_no) = ''`))
      .first('document_no')) as { document_no: string } | undefined;
    if (missing) throw new RuleError('LN_SO_NOT_FOUND', 'order.edit.lnSoNotFound');
  }
  if (code === 'TO' && info1 === 'IN') {
    const references = (await db('sap_orders')
      .whereIn('id', ids)
      .select('document_no', 'reference_doc_no')) as {
      document_no: string;
      reference_doc_no: string | null;
    }[];
    for (const r of references) {
      const reference = r.reference_doc_no?.trim();
      const out = reference
        ? ((await db('sap_orders as s')
            .join('order_types as t', (j) => void j.on(db.raw('lower(t.name) = lower(s.order_type)')))
            .whereRaw('lower(s.document_no) = lower(?)', [reference])
            .whereRaw(`upper(t.code) = 'TO' and upper(t.info1) = 'OUT'`)
            .first('s.id')) as { id: number } | undefined)
        : undefined;
      if (!out) throw new RuleError('REFERENCE_TO_OUT_NOT_FOUND', 'order.edit.referenceToOutNotFound');
      const assigned = (await db('orders as o')
        .whereExists(
          db('order_details as d')
            .join('sap_order_details as s', 's.id', 'd.sap_order_detail_id')
            .whereRaw('d.order_id = o.id')
            .where('s.sap_order_id', out.id)
            .select(db.raw('1')),
        )
        .whereNotIn('o.status', ['CANCELLED', 'REJECTED'])
        .whereNotNull('o.transporter_code')
        .first('o.id')) as { id: number } | undefined;
      if (!assigned)
        throw new RuleError('REFERENCE_TO_OUT_NOT_ASSIGNED', 'order.edit.referenceToOutNotAssigned');
    }
  }
}

/** An order_transporters row's transporter code. */
const codeOf = (row: Record<string, unknown>): string =>
  typeof row.transporter_code === 'string' ? row.transporter_code : '';

/** Whether the priced transporters differ from the order's in what approval judges (who, cost, trips, weight). */
function freightChanged(stored: Record<string, unknown>[], evaluation: AssignmentEvaluation): boolean {
  if (stored.length !== evaluation.transporters.length) return true;
  const money = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  return evaluation.transporters.some(({ entry, option }, i) => {
    const before = stored[i]!;
    return (
      !same(codeOf(before), entry.transporter_code) ||
      money(before.freight_cost) !== money(entry.freight_cost) ||
      Number(before.user_not ?? 0) !== Number(entry.user_not ?? 0) ||
      money(before.freight_total_cost_user_not) !== money(entry.freight_total_cost_user_not) ||
      thousandths(Number(before.freight_kg ?? 0)) !==
        thousandths(option?.total_kg ?? Number(before.freight_kg ?? 0))
    );
  });
}

/** "000010 25 → 20 TON; TRP001 → TRP002; cost 450 → 520": what the history says the edit changes. */
function summaryOf(
  own: readonly OwnLine[],
  lines: readonly EditedLine[],
  before: Record<string, unknown>[],
  after: Record<string, unknown>[],
): string | null {
  const parts: string[] = [];
  const kept = new Map(lines.filter((l) => l.orderDetailId !== null).map((l) => [l.orderDetailId, l]));
  for (const line of own) {
    const edited = kept.get(Number(line.id));
    if (!edited) parts.push(`${line.sap_no}/${line.sap_item_no} ${Number(line.qty)} → 0 ${line.uom}`);
    else if (thousandths(edited.qty) !== thousandths(line.qty)) {
      parts.push(`${line.sap_no}/${line.sap_item_no} ${Number(line.qty)} → ${edited.qty} ${line.uom}`);
    }
  }
  for (const line of lines.filter((l) => l.orderDetailId === null)) {
    parts.push(`+ ${line.sapNo}/${line.sapItemNo} ${line.qty} ${line.uom}`);
  }
  const lead = (rows: Record<string, unknown>[]) => rows[0] ?? {};
  const [b, a] = [lead(before), lead(after)];
  if (after.length && !same(codeOf(b), codeOf(a))) {
    parts.push(`${codeOf(b) || '-'} → ${codeOf(a) || '-'}`);
  }
  if (
    after.length &&
    Math.round(Number(b.freight_total_cost_user_not ?? 0) * 100) !==
      Math.round(Number(a.freight_total_cost_user_not ?? 0) * 100)
  ) {
    parts.push(
      `${Number(b.freight_total_cost_user_not ?? 0)} → ${Number(a.freight_total_cost_user_not ?? 0)}`,
    );
  }
  return parts.length ? parts.join('; ').slice(0, 1000) : null;
}

export interface EditOrderResult {
  orderNo: string;
  status: string;
  needs_approval: boolean;
}

/**
 * The over-delivery an edited line allows (order_details.tolerance_qty): a line the order has keeps its own; a new
 * one gets its SAP line's tolerance percentage of its quantity.
 */
function toleranceOf(
  d: { Qty: number; Order_Detail_Id?: number | null },
  sapLine: SapLineRow,
  ownById: ReadonlyMap<number, { tolerance_qty: string | number }>,
): number {
  const mine = d.Order_Detail_Id != null ? ownById.get(d.Order_Detail_Id) : undefined;
  if (mine) return Number(mine.tolerance_qty);
  return sapLine.tolerance ? Math.round(d.Qty * Number(sapLine.tolerance) * 10) / 1000 : 0;
}

/**
 * PUT order/edit: checks the edit (spec/2 §5.1), prices it (approval-check.ts), writes it as an order_edits row and
 * sends it to the order's workflow (editOrder Update); see the file's header.
 */
export async function editOrder(
  deps: AppDeps,
  user: AuthUser,
  body: EditOrderBody,
): Promise<EditOrderResult> {
  const { db } = deps;
  const row = await allowedOrder(deps, user, body.order_id, 'can_edit_order');
  const order = await readEditedOrder(deps, row.Id);
  const own = await ownLines(deps, order.id);
  const ownById = new Map(own.map((l) => [Number(l.id), l]));
  const ownSapOrders = new Set(own.map((l) => Number(l.sap_order_id)));

  // spec/2 §5.3: at least one line stays included.
  const included = body.details.filter((d) => d.include_merge);
  if (!included.length) throw new ValidationError({ details: [{ key: 'order.edit.lineRequired' }] });
  const sapLineIds = [...new Set(included.map((d) => d.Id))];
  const sapLines = new Map(
    (
      (await db('sap_order_details')
        .whereIn('id', sapLineIds)
        .select(
          'id',
          'sap_order_id',
          'item_no',
          'material_code',
          'uom',
          'os_qty',
          'tolerance',
          'ln_type',
          'incoterm_rule',
          'mark_deleted',
        )) as SapLineRow[]
    ).map((s) => [Number(s.id), s]),
  );
  for (const d of included) {
    const sapLine = sapLines.get(d.Id);
    if (!sapLine || sapLine.mark_deleted) {
      throw new RuleError('LINE_NOT_IN_ORDERS', 'assign.lineNotInOrders', { id: d.Id });
    }
    if (d.Order_Detail_Id != null) {
      const mine = ownById.get(d.Order_Detail_Id);
      if (!mine || Number(mine.sap_order_detail_id) !== d.Id) {
        throw new ValidationError({ details: [{ key: 'order.reassign.notThisOrder' }] });
      }
    }
    if (thousandths(d.Qty) <= 0) {
      throw new RuleError('QTY_REQUIRED', 'assign.qtyRequired', { item: sapLine.item_no });
    }
  }
  const sapOrderIds = [...new Set([...sapLines.values()].map((s) => Number(s.sap_order_id)))];
  const sapOrders = await checkSapOrders(deps, user, order, ownSapOrders, sapOrderIds);
  const allSapOrders = await loadSapOrders(db, [...new Set([...ownSapOrders, ...sapOrderIds])]);
  const first = allSapOrders[0] ?? sapOrders[0]!;
  const orderType = await orderTypeOf(db, first);
  const category = await shipmentTypeCategory(db, order.shipment_type, order.is_relation);
  const editable = quantityEditable(category, orderType.use_ln);

  // spec/2 §5.1: what the order would hold of each SAP line (its split lines together) is at most the line's
  // quantity less what other orders hold, plus the tolerance its lines allow: the ledger's rule (editLimit), which
  // its activity holds again under the SAP lines' locks. Where quantity is not editable the lines keep theirs.
  const asked = new Map<number, number>();
  const allowed = new Map<number, number>();
  for (const d of included) {
    asked.set(d.Id, (asked.get(d.Id) ?? 0) + thousandths(d.Qty));
    allowed.set(d.Id, (allowed.get(d.Id) ?? 0) + thousandths(toleranceOf(d, sapLines.get(d.Id)!, ownById)));
  }
  for (const hold of await readHolds(db, [...asked.keys()], order.id)) {
    const id = Number(hold.id);
    if (exceedsEditLimit(hold, asked.get(id)!, allowed.get(id)!)) {
      throw new RuleError('QUANTITY_TOO_HIGH', 'order.edit.qtyTooHigh', {
        item: sapLines.get(id)!.item_no,
        max: editLimit(hold, allowed.get(id)!) / 1000,
      });
    }
  }
  if (!editable) {
    for (const d of included) {
      const mine = d.Order_Detail_Id != null ? ownById.get(d.Order_Detail_Id) : undefined;
      if (mine && thousandths(mine.qty) !== thousandths(d.Qty)) {
        throw new RuleError('QTY_NOT_EDITABLE', 'order.edit.qtyNotEditable', { item: mine.sap_item_no });
      }
    }
  }
  await checkOrderTypeRules(deps, orderType, category, allSapOrders);

  // The model the Approval Matrix and the freight are judged on: the order's lane as the panel changed it.
  const tm = body.transporter_model;
  // Every code of the edit in its master data, as the assign save holds them (issue 27).
  await checkCodes(
    db,
    [
      ...assignModelCodes(
        {
          trip_type: tm.trip_type,
          vessel: tm.vessel,
          vessel_code: tm.vessel_code,
          transporters: category === 'RELATION' ? [] : tm.transporters,
        },
        'transporter_model.',
      ),
      { field: 'ln_type', kind: 'ln_type', value: body.ln_type },
      { field: 'ln_inco_rule', kind: 'incoterm_rule', value: body.ln_inco_rule, lnType: body.ln_type },
      // A line's LN type and incoterm rule as the order or SAP already has them are taken as they are (SAP's
      // values came with the document); a value the edit changes must be in the master data.
      ...body.details.flatMap((d, i): NamedCode[] => {
        const mine = d.Order_Detail_Id != null ? ownById.get(d.Order_Detail_Id) : undefined;
        const sapLine = sapLines.get(d.Id);
        const kept = (value: string | null | undefined, stored: (string | null | undefined)[]) =>
          stored.some((s) => same(s, value));
        return [
          { field: `details.${i}.Company_To_Charge`, kind: 'charge_oa_company', value: d.Company_To_Charge },
          {
            field: `details.${i}.LN_Type`,
            kind: 'ln_type',
            value: kept(d.LN_Type, [mine?.ln_type, sapLine?.ln_type]) ? null : d.LN_Type,
          },
          {
            field: `details.${i}.Incoterm_Rule`,
            kind: 'incoterm_rule',
            value: kept(d.Incoterm_Rule, [mine?.incoterm_rule, sapLine?.incoterm_rule])
              ? null
              : d.Incoterm_Rule,
            lnType: d.LN_Type ?? body.ln_type,
          },
        ];
      }),
    ],
    order.company_code,
  );
  if (category !== 'RELATION') await checkTransporters(db, tm.transporters);
  // Relation and transporter orders never cross (issue 27): a relation order stays with its own customer or
  // vendor, so an entry naming anyone else is refused rather than left unused.
  else if (
    tm.transporters.some(
      (t) => t.transporter_code?.trim() && !same(t.transporter_code, order.transporter_code),
    )
  ) {
    throw new RuleError('RELATION_ORDER_PARTY', 'assign.relationOrderParty', {
      party: order.transporter_code || '-',
    });
  }
  checkStoSpoPerShipment(
    tm.sto_spo_per_shipment,
    orderType,
    allSapOrders,
    'transporter_model.sto_spo_per_shipment',
  );
  const model: AssignModel = assignModelSchema.parse({
    id: [...new Set([...ownSapOrders, ...sapOrderIds])],
    charge_oa_company: order.charge_oa_company ?? order.company_code,
    warehouse_code: order.warehouse_code,
    document_type: order.document_type,
    loading_destination_from_id: tm.loading_destination_from_id ?? order.loading_destination_from_id,
    loading_destination_to_id: tm.loading_destination_to_id ?? order.loading_destination_to_id,
    shipment_type: order.shipment_type,
    freight_date: order.freight_day,
    trip_type: tm.trip_type !== undefined ? tm.trip_type : order.trip_type,
    vessel_code: tm.vessel_code ?? tm.vessel ?? order.vessel,
    transporters: tm.transporters,
    details: included.map((d) => ({
      Id: d.Id,
      Qty: d.Qty,
      include_merge: true,
      conversion_type: d.conversion_type ?? null,
      SO_Factory_No: d.SO_Factory_No ?? null,
    })),
    show_conversion_type: order.show_conversion_type === 'Y' ? 'Y' : 'N',
  });
  await checkSync(db, model, orderType, model.id);
  const relation = category === 'RELATION';
  if (!relation && !model.transporters.length) {
    throw new RuleError('REQUIRE_TRANSPORTER', 'assign.require_transporter');
  }
  const evaluation = await evaluateAssignment(
    { db, user, now: deps.now(), sapOrders: allSapOrders, category },
    model,
  );
  const stored = (await db('order_transporters').where('order_id', order.id).orderBy('id')) as Record<
    string,
    unknown
  >[];
  const repriced = !relation && freightChanged(stored, evaluation);
  const stoSpoPerShipment = tm.sto_spo_per_shipment ?? stored[0]?.sto_spo_per_shipment === true;
  if (repriced) await checkReasons(db, evaluation);
  const lead = relation
    ? (order.transporter_code ?? '')
    : evaluation.transporters[0]!.entry.transporter_code!;
  const transporterChanged = !relation && !same(lead, order.transporter_code);

  const weighed = await weighLines(
    db,
    included.map((d) => ({ Id: d.Id, Qty: d.Qty, conversion_type: d.conversion_type ?? null })),
    { warehouse: order.warehouse_code },
  );
  const sapNos = new Map(allSapOrders.map((s) => [s.id, s.document_no]));
  const lines: EditedLine[] = included.map((d, i) => {
    const sapLine = sapLines.get(d.Id)!;
    const mine = d.Order_Detail_Id != null ? ownById.get(d.Order_Detail_Id) : undefined;
    const w = weighed[i]!;
    return {
      orderDetailId: mine ? Number(mine.id) : null,
      sapOrderDetailId: d.Id,
      qty: Math.round(d.Qty * 1000) / 1000,
      toleranceQty: toleranceOf(d, sapLine, ownById),
      sapNo: sapNos.get(Number(sapLine.sap_order_id)) ?? mine?.sap_no ?? '',
      sapItemNo: sapLine.item_no,
      materialCode: w.Material_Code,
      uom: w.UOM,
      conversionType: w.conversion_type?.slice(0, 20) ?? null,
      conversion: w.factor,
      chargeOaCompany: d.Company_To_Charge ?? mine?.charge_oa_company ?? order.charge_oa_company,
      lnType: d.LN_Type ?? mine?.ln_type ?? sapLine.ln_type,
      incotermRule: d.Incoterm_Rule ?? mine?.incoterm_rule ?? sapLine.incoterm_rule,
      soFactoryNo: d.SO_Factory_No ?? mine?.so_factory_no ?? null,
      soFactoryItemNo: d.SO_Factory_Item_No ?? mine?.so_factory_item_no ?? null,
      poSoFactory: d.PO_SO_Factory ?? mine?.po_so_factory ?? null,
    };
  });
  const totalKg = Math.round(weighed.reduce((s, w) => s + w.kg, 0) * 1000) / 1000;
  // A relation's transporter (its customer or vendor) stays as it is, but for a changed STO/SPO per shipment.
  const relationRows = async () => {
    if (!stored.some((row) => row.sto_spo_per_shipment !== stoSpoPerShipment)) return [];
    const rows = (await db('order_transporters')
      .where('order_id', order.id)
      .orderBy('id')
      .select('*', db.raw(`to_char(freight_date, 'YYYY-MM-DD') as freight_date`))) as Record<
      string,
      unknown
    >[];
    return rows.map(({ id: _id, order_id: _orderId, ...row }) => ({
      ...row,
      sto_spo_per_shipment: stoSpoPerShipment,
    }));
  };
  const transporters = relation
    ? await relationRows()
    : evaluation.transporters.map((t) => {
        const { order_id: _orderId, ...values } = orderTransporterRow(
          order.id,
          t,
          model.trip_type ?? null,
          model.freight_date ?? null,
          totalKg,
          stoSpoPerShipment,
        );
        return values;
      });
  const leadEntry = relation ? undefined : evaluation.transporters[0]!.entry;
  const changes: OrderEditChanges = {
    header: {
      loading_destination_from_id: model.loading_destination_from_id ?? null,
      loading_destination_to_id: model.loading_destination_to_id ?? null,
      trip_type: model.trip_type ?? null,
      vessel: model.vessel_code ?? null,
      ln_type: body.ln_type !== undefined ? body.ln_type : undefined,
      ln_inco_rule: body.ln_inco_rule !== undefined ? body.ln_inco_rule : undefined,
      transporter_notes:
        body.transporter_notes !== undefined ? body.transporter_notes : order.transporter_notes,
      ...(leadEntry
        ? {
            truck_type_id: leadEntry.truck_type_id ?? null,
            multiple_weighing: leadEntry.multiple_weighing ? 'Y' : 'N',
          }
        : {}),
    },
    lines,
    transporters,
  };
  for (const key of Object.keys(changes.header) as (keyof OrderEditChanges['header'])[]) {
    if (changes.header[key] === undefined) delete changes.header[key];
  }

  const approvalLevels = repriced ? evaluation.approvalLevels : 0;
  const autoRejectMs =
    (await autoRejectHours(db, order.company_code, order.order_type_name ?? '', lead)) *
    deps.config.AUTO_REJECT_HOUR_MS;
  const workflows = workflowsOf(deps);
  const summary = summaryOf(own, lines, stored, transporters);
  const [edit] = (await db('order_edits')
    .insert({
      order_id: order.id,
      status: 'REQUESTED',
      transporter_changed: transporterChanged,
      transporter_code: lead.slice(0, 20),
      auto_reject_ms: autoRejectMs,
      approval_levels: approvalLevels,
      changes: JSON.stringify(changes),
      remark: summary,
      created_date: deps.now(),
      created_by: user.username,
    })
    .returning('id')) as { id: string | number }[];
  const editId = Number(edit!.id);
  const outcome = await workflows.editOrder(order.order_no, {
    by: user.username,
    editId,
    approvalLevels,
    approvers: evaluation.approvers,
    autoRejectMs,
    transporterCode: lead,
    transporterChanged,
    summary,
  });
  if (!outcome.ok) {
    // Refused by the workflow: the request will never be written, and says so. Unanswered (Temporal or the
    // worker away, or late): the Update may still be taken and write it, so the row is left as it is.
    if (!mayStillBeTaken(outcome.code)) {
      await db('order_edits').where('id', editId).update({ status: 'REFUSED', decided_date: deps.now() });
    }
    if (outcome.code === 'NOT_ALLOWED') {
      throw new RuleError('NOT_ALLOWED', 'order.change.changedMeanwhile', { order: order.order_no });
    }
    throw updateFailure(outcome.code);
  }
  return { orderNo: order.order_no, status: outcome.result.status, needs_approval: approvalLevels > 0 };
}
