// Orders for the API tests, inserted straight into their tables as the assign save leaves them (db/resources/
// order.ts, migration 016): the orders row with its header copied from its first SAP order, one order line per
// SAP line taken (pointing at the real sap_order_details row), one order_transporters row per transporter, and the
// SAP lines' os_qty recomputed for what active orders hold (DESIGN §4 "Quantities"). The SAP orders themselves
// come from test/support/sap-orders.ts (importErpDocuments of sapDocument), so everything an order points to is
// real master and SAP data. A history row per status can be added to look like the workflow wrote it.
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import type { DispatchStatus, OrderStatus } from '../../db/resources/order';
import type { EditAssignRows } from '../../workflows/orders/messages';
import { writeEditAssignRows } from '../../workflows/orders/writers';
import { createAsWorkflow } from './order-assign';

export interface OrderSeed {
  /** Document numbers of the SAP orders it takes lines of (every line, all of its outstanding quantity). */
  sapDocuments: string[];
  orderNo?: string;
  status?: OrderStatus;
  dispatchStatus?: DispatchStatus | null;
  /** The order's (first) transporter; TRP001 unless given. */
  transporterCode?: string;
  /** A collective order's other transporters (order_transporters rows after the first). */
  moreTransporters?: string[];
  /** A relation order: given to its own customer or vendor (transporter_code = that code). */
  relation?: boolean;
  /** Per SAP line, what the order takes; default all the line's os_qty. */
  qty?: number;
  autoRejectDate?: Date | null;
  showConversionType?: 'Y' | 'N';
  /** Any other orders columns. */
  columns?: Record<string, unknown>;
  /** History rows: the statuses the order went through, oldest first (default: its status alone). */
  history?: OrderStatus[];
  createdBy?: string;
}

export interface SeededOrder {
  id: number;
  orderNo: string;
  /** sap_order_details ids of its lines. */
  sapLineIds: number[];
}

let seq = 0;
const RELEASED = ['CANCELLED', 'REJECTED'];

/** Sets every given SAP line's os_qty to Qty minus what active orders hold of it. */
export async function recomputeOsQty(db: Db, sapLineIds: number[]): Promise<void> {
  if (!sapLineIds.length) return;
  await db.raw(
    `update sap_order_details s
        set os_qty = greatest(0, s.qty - coalesce((
              select sum(d.qty - d.revert_qty) from order_details d join orders o on o.id = d.order_id
               where d.sap_order_detail_id = s.id and o.status not in ('CANCELLED', 'REJECTED')), 0))
      where s.id = any(?::bigint[])`,
    [sapLineIds],
  );
}

export async function insertOrder(db: Db, seed: OrderSeed): Promise<SeededOrder> {
  const status = seed.status ?? 'ASSIGNED TO TRANSPORTER';
  const sapOrders = (await db('sap_orders as s')
    .leftJoin('order_types as ot', 'ot.name', 's.order_type')
    .leftJoin('customers as cu', 'cu.customer_code', 's.customer_vendor_code')
    .leftJoin('vendors as ve', 've.vendor_code', 's.customer_vendor_code')
    .whereIn('s.document_no', seed.sapDocuments)
    .select(
      's.*',
      'ot.id as order_type_id',
      db.raw('coalesce(cu.customer_name, ve.vendor_name) as partner_name'),
      db.raw('coalesce(cu.address, ve.address) as partner_address'),
    )) as Record<string, unknown>[];
  if (sapOrders.length !== seed.sapDocuments.length) {
    throw new Error(`insertOrder: SAP documents not found among ${seed.sapDocuments.join(', ')}`);
  }
  const first = sapOrders.find((s) => s.document_no === seed.sapDocuments[0])!;
  const lines = (await db('sap_order_details')
    .whereIn(
      'sap_order_id',
      sapOrders.map((s) => s.id as number),
    )
    .where('mark_deleted', false)
    .orderBy(['sap_order_id', 'item_no'])) as Record<string, unknown>[];
  const docOf = new Map(sapOrders.map((s) => [s.id as number, s.document_no as string]));
  const customerVendor = first.customer_vendor_code as string | null;
  const transporterCode = seed.relation ? customerVendor! : (seed.transporterCode ?? 'TRP001');
  const transporterName = seed.relation
    ? (first.partner_name as string | null)
    : ((
        (await db('transporters').where('transporter_code', transporterCode).first('transporter_name')) as
          { transporter_name: string } | undefined
      )?.transporter_name ?? null);
  const [location1, location2] = (await db('locations').orderBy('id').limit(2).pluck('id')) as number[];
  const truckType = (await db('truck_types').orderBy('id').first('id')) as { id: number } | undefined;
  // What the assign panel would have filled where the SAP document has none: the product category of its first
  // material, the plant's first warehouse, and each line's default conversion to KG.
  const category = (await db('materials')
    .where('material_code', lines[0]?.material_code ?? '')
    .first('category_code')) as { category_code: string | null } | undefined;
  const warehouse = (await db('warehouses')
    .where('plant_code', first.plant ?? '')
    .orderBy('warehouse_code')
    .first('warehouse_code')) as { warehouse_code: string } | undefined;
  const conversionOf = async (line: Record<string, unknown>) =>
    (await db('material_conversions')
      .where({ material_code: line.material_code, from_uom: line.uom, is_default: true, is_active: true })
      .where((w) => void w.whereNull('company_code').orWhere('company_code', first.company_code ?? ''))
      .orderByRaw('company_code is null')
      .first('conversion_type', 'factor_kg')) as { conversion_type: string; factor_kg: number } | undefined;
  const orderNo = seed.orderNo ?? `ORD-T${String(++seq).padStart(5, '0')}-${Date.now() % 100000}`;
  const waiting = status === 'ASSIGNED TO TRANSPORTER';

  return db.transaction(async (trx) => {
    const [order] = (await trx('orders')
      .insert({
        order_no: orderNo,
        status,
        dispatch_status: seed.dispatchStatus !== undefined ? seed.dispatchStatus : waiting ? 'WAITING' : null,
        auto_reject_date:
          seed.autoRejectDate !== undefined
            ? seed.autoRejectDate
            : waiting
              ? new Date(Date.now() + 24 * 3600_000)
              : null,
        sap_no: seed.sapDocuments.join(', '),
        document_no: first.document_no,
        order_type_id: first.order_type_id,
        order_type_name: first.order_type,
        company_code: first.company_code,
        business_segment_code: first.product_category ?? category?.category_code ?? null,
        warehouse_code: first.warehouse_code ?? warehouse?.warehouse_code ?? null,
        document_type: first.document_type,
        distribution: first.distribution,
        incoterm: first.incoterm,
        incoterm2: first.incoterm2,
        customer_vendor_code: customerVendor,
        customer_vendor_name: first.partner_name,
        customer_vendor_address: first.partner_address,
        delivery_address: first.delivery_address,
        valid_from: first.valid_from,
        valid_to: first.valid_to,
        shipment_type: seed.relation ? 'RELATION' : (first.shipment_type ?? 'INDIVIDUAL_TRUCK'),
        shipment_type_category: seed.relation
          ? 'RELATION'
          : seed.moreTransporters
            ? 'COLLECTIVE'
            : 'INDIVIDUAL',
        transporter_code: transporterCode,
        transporter_name: transporterName,
        truck_type_id: truckType?.id ?? null,
        loading_destination_from_id: location1 ?? null,
        loading_destination_to_id: location2 ?? null,
        charge_oa_company: first.company_code,
        freight_date: '2026-10-20',
        stuffing_date_from: '2026-10-21',
        stuffing_date_to: '2026-10-22',
        is_relation: seed.relation ?? false,
        show_conversion_type: seed.showConversionType ?? 'N',
        transporter_notes: 'Bring tarpaulins',
        created_by: seed.createdBy ?? 'logistic',
        workflow_id: `order:${orderNo}`,
        workflow_input: {
          orderNo,
          approvalLevels: 0,
          autoRejectMs: 86_400_000,
          transporterCode,
        },
        ...seed.columns,
      })
      .returning('id')) as { id: number }[];
    const id = order!.id;
    let item = 0;
    for (const line of lines) {
      const qty = seed.qty ?? Number(line.os_qty);
      if (!(qty > 0)) continue;
      item += 10;
      const conversion = await conversionOf(line);
      await trx('order_details').insert({
        order_id: id,
        sap_order_detail_id: line.id,
        item_no: String(item).padStart(6, '0'),
        sap_no: docOf.get(line.sap_order_id as number),
        sap_item_no: line.item_no,
        material_code: line.material_code,
        qty,
        os_qty: qty,
        uom: line.uom,
        conversion_type: conversion?.conversion_type ?? null,
        conversion: conversion?.factor_kg ?? null,
        charge_oa_company: first.company_code,
      });
    }
    const transporters = [transporterCode, ...(seed.moreTransporters ?? [])];
    for (const [i, code] of transporters.entries()) {
      await trx('order_transporters').insert({
        order_id: id,
        transporter_code: code,
        transporter_name: i === 0 ? transporterName : code,
        truck_type_id: truckType?.id ?? null,
        freight_master: 'FRT-TEST',
        freight_cost: 150 + i,
        freight_suggested: 150,
        freight_value: false,
        freight_per: 'KG',
        freight_uom: 'KG',
        freight_total_cost: 7_500_000,
        freight_total_cost_user_not: 7_500_000,
        freight_container: 1,
        system_not: 2,
        user_not: 2,
        freight_date: '2026-10-20',
      });
    }
    const history = seed.history ?? [status];
    let from: string | null = null;
    for (const [i, to] of history.entries()) {
      await trx('order_histories').insert({
        order_id: id,
        status_from: from,
        status_to: to,
        remark: to === 'REJECTED' ? 'No truck available' : null,
        created_by: i === 0 ? (seed.createdBy ?? 'logistic') : 'system',
        created_date: new Date(Date.now() - (history.length - i) * 60_000),
        idempotency_key: `order:${orderNo}/test/${i + 1}`,
      });
      from = to;
    }
    await trx('sap_orders')
      .whereIn(
        'id',
        sapOrders.map((s) => s.id as number),
      )
      .update({ has_order: true });
    const sapLineIds = lines.map((l) => Number(l.id));
    if (!RELEASED.includes(status)) await recomputeOsQty(trx as unknown as Db, sapLineIds);
    return { id, orderNo, sapLineIds };
  });
}

type Workflows = import('../../api/orders/workflows').OrderWorkflows;
type Outcome = import('../../api/orders/workflows').OrderUpdateOutcome;
type State = import('../../workflows/orders/messages').OrderState;

/** A call the stub received: the Update's name, the order number and its input. */
export interface WorkflowCall {
  kind:
    | 'create'
    | 'start'
    | 'decideApproval'
    | 'accept'
    | 'reject'
    | 'editAssignTransporter'
    | 'editOrder'
    | 'cancel'
    | 'markComplete'
    | 'unmarkComplete'
    | 'changeStuffingDate'
    | 'reassignDo'
    | 'state';
  orderNo: string;
  input?: unknown;
}

/**
 * OrderWorkflows for API tests (deps.orderWorkflows): records every call, answers each Update with `outcome` (per
 * order number when given, else accepted), and `state` with `states` (null: no such workflow). `unreachable` makes
 * `state` throw, as a Temporal that is away does.
 */
export function stubOrderWorkflows(
  options: {
    outcome?: (call: WorkflowCall) => Outcome | undefined;
    states?: Record<string, State | null>;
    unreachable?: boolean;
    /**
     * Given: an accepted editAssignTransporter writes the rows its input carries, as the workflow's activity does
     * (workflows/orders/writers.ts writeEditAssignRows), so a test reads the order as the user would next.
     */
    db?: Knex;
    /**
     * Given: create makes the order as the workflow does (order-assign.ts createAsWorkflow: its activity writes the
     * rows), on this database; absent, create answers WORKFLOW_UNAVAILABLE.
     */
    creates?: Knex;
  } = {},
): Workflows & { calls: WorkflowCall[] } {
  const calls: WorkflowCall[] = [];
  const update = (kind: WorkflowCall['kind']) => (orderNo: string, input: unknown) => {
    const call = { kind, orderNo, input };
    calls.push(call);
    const answer: Outcome = options.outcome?.(call) ?? {
      ok: true,
      result: {
        status: kind === 'reject' ? 'REJECTED' : kind === 'accept' ? 'ACCEPTED' : 'ASSIGNED TO TRANSPORTER',
        dispatchStatus: kind === 'reject' ? 'REJECTED' : kind === 'accept' ? 'ACCEPTED' : 'WAITING',
        autoRejectDate: null,
        sequence: calls.length,
      },
    };
    if (answer.ok && kind === 'editAssignTransporter' && options.db) {
      const rows = (input as { rows?: EditAssignRows }).rows;
      const db = options.db;
      if (rows) {
        return db
          .transaction(async (trx) => {
            const order = (await trx('orders').where('order_no', orderNo).first('id')) as { id: number };
            const header = await writeEditAssignRows(trx, order.id, rows);
            await trx('orders').where('id', order.id).update(header);
          })
          .then(() => answer);
      }
    }
    return Promise.resolve(answer);
  };
  return {
    calls,
    create: (input) => {
      calls.push({ kind: 'create', orderNo: input.orderNo, input });
      if (!options.creates) return Promise.resolve({ ok: false, code: 'WORKFLOW_UNAVAILABLE' });
      return createAsWorkflow(options.creates, input);
    },
    // A creation made here is over once it answered; one never made is not there (as Temporal says of either).
    closed: (orderNo) =>
      Promise.resolve(!!options.creates && calls.some((c) => c.kind === 'create' && c.orderNo === orderNo)),
    // Nothing runs here to fall behind its rows.
    catchUp: () => Promise.resolve(false),
    start: (input) => {
      calls.push({ kind: 'start', orderNo: input.orderNo, input });
      return Promise.resolve();
    },
    decideApproval: update('decideApproval'),
    accept: update('accept'),
    reject: update('reject'),
    editAssignTransporter: update('editAssignTransporter'),
    cancel: update('cancel'),
    markComplete: update('markComplete'),
    unmarkComplete: update('unmarkComplete'),
    changeStuffingDate: update('changeStuffingDate'),
    reassignDo: update('reassignDo'),
    editOrder: update('editOrder'),
    state: (orderNo) => {
      calls.push({ kind: 'state', orderNo });
      if (options.unreachable) return Promise.reject(new Error('Temporal is away'));
      return Promise.resolve(options.states?.[orderNo] ?? null);
    },
  };
}
