// SAP orders ready to assign and assign-panel bodies for the assignment tests, on the master demo's priced lane
// PKS-SEI-ROKAN -> CUS-MNS-DUMAI (CPO of company 1000 to CUS001, per-KG rates of TRP001/2/3/5 on TANKER-25), and a
// stand-in for the order workflows that records what it was asked to create and writes the order as the workflow
// does: the workflow's first change decided by its rules (decide.ts) and written, with the order's rows, by its
// activity (activities.ts writeOrderChange, writers.ts writeCreation).
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { importErpDocuments } from '../../api/erp/import';
import type { OrderUpdateOutcome, OrderWorkflows } from '../../api/orders/workflows';
import { createOrderActivities, type OrderChangeInput } from '../../workflows/orders/activities';
import { assignMessage, decide, initialState } from '../../workflows/orders/decide';
import { orderWorkflowId, type OrderWorkflowInput } from '../../workflows/orders/messages';
import { sapDocument } from './sap-orders';

export const LANE = { from: 'PKS-SEI-ROKAN', to: 'CUS-MNS-DUMAI', company: '1000', category: 'CPO' };
/** Inside the demo rates' contract (2026-01-01 .. 2027-12-31). */
export const FREIGHT_DATE = '2026-11-20';

export interface AssignableLine {
  Id: number;
  Item_No: string;
  Qty: number;
  os_qty: number;
}

export interface AssignableSapOrder {
  id: number;
  documentNo: string;
  lines: AssignableLine[];
}

/**
 * An approved SO from SAP on the lane: lines of 25, 26, ... TON of FG-CPO (one per `lines`), warehouse
 * WH-1101-CPO, shipment type INDIVIDUAL_TRUCK unless `header` says otherwise.
 */
export async function importAssignable(
  db: Db,
  documentNo: string,
  options: { lines?: number; company?: string; header?: Record<string, unknown> } = {},
): Promise<AssignableSapOrder> {
  const doc = sapDocument(documentNo, {
    company: options.company,
    lines: options.lines ?? 2,
    header: {
      Product_Category: 'CPO',
      Warehouse_Code: 'WH-1101-CPO',
      Shipment_Type: 'INDIVIDUAL_TRUCK',
      Loading: LANE.from,
      Destination: LANE.to,
      Valid_From: '2026-10-01',
      Valid_To: '2026-12-31',
      ...options.header,
    },
  });
  await importErpDocuments(db, [doc], { source: 'sandbox', user: 'test' });
  return readAssignable(db, documentNo);
}

export async function readAssignable(db: Db, documentNo: string): Promise<AssignableSapOrder> {
  const order = (await db('sap_orders').where('document_no', documentNo).first('id')) as { id: number };
  const lines = (await db('sap_order_details')
    .where('sap_order_id', order.id)
    .orderBy('item_no')
    .select('id', 'item_no', 'qty', 'os_qty')) as {
    id: string;
    item_no: string;
    qty: string;
    os_qty: string;
  }[];
  return {
    id: order.id,
    documentNo,
    lines: lines.map((l) => ({
      Id: Number(l.id),
      Item_No: l.item_no,
      Qty: Number(l.qty),
      os_qty: Number(l.os_qty),
    })),
  };
}

export async function locationId(db: Db, code: string): Promise<number> {
  const row = (await db('locations').where('location_code', code).first('id')) as { id: number };
  return row.id;
}

/** A complete assign model for the SAP orders (every outstanding line whole), one TRP001 entry unless told. */
export async function assignBody(
  db: Db,
  sapOrders: AssignableSapOrder[],
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return {
    id: sapOrders.map((s) => s.id),
    charge_oa_company: LANE.company,
    warehouse_code: 'WH-1101-CPO',
    document_type: 'OR',
    loading_destination_from_id: await locationId(db, LANE.from),
    loading_destination_to_id: await locationId(db, LANE.to),
    shipment_type: 'INDIVIDUAL_TRUCK',
    freight_date: FREIGHT_DATE,
    stuffing_date: ['2026-11-21', null],
    trip_type: 'ONE_WAY',
    transporters: [{ transporter_code: 'TRP001' }],
    details: sapOrders.flatMap((s) =>
      s.lines.map((l) => ({ Id: l.Id, Item_No: l.Item_No, Qty: l.os_qty, include_merge: true })),
    ),
    show_conversion_type: 'N',
    ...overrides,
  };
}

/**
 * The order's creation as its workflow makes it and the createOrder Update answers it, without Temporal: its first change decided as the run
 * decides it and written, with the creation, by the workflow's own activity (one transaction: the orders row, the
 * lines reserved by the ledger, the transporters, has_order, the status and history). A refused reservation answers
 * QUANTITY_NOT_AVAILABLE naming the SAP line, as the workflow's handler does.
 */
export async function createAsWorkflow(db: Knex, input: OrderWorkflowInput): Promise<OrderUpdateOutcome> {
  const decision = decide(initialState(input), assignMessage(input), Date.now());
  if ('refusal' in decision) return { ok: false, code: decision.refusal.type };
  const change = {
    ...decision.change!,
    kind: 'assign',
    creation: input.creation,
    orderId: input.orderId,
    orderNo: input.orderNo,
    workflowId: orderWorkflowId(input.orderNo),
    sequence: 1,
    from: null,
  } as OrderChangeInput;
  const outcome = await createOrderActivities({ db: db as Db }).writeOrderChange(change);
  if (!outcome.written) {
    return {
      ok: false,
      code: 'QUANTITY_NOT_AVAILABLE',
      ...(outcome.sapLineId ? { details: [{ sapLineId: outcome.sapLineId }] } : {}),
    };
  }
  return {
    ok: true,
    result: {
      status: decision.state.status!,
      dispatchStatus: decision.state.dispatchStatus,
      autoRejectDate: outcome.autoRejectDate ?? null,
      sequence: 1,
    },
  };
}

/**
 * Order workflows that record the creations and make them as the workflow does (createAsWorkflow, on the database
 * `db` gives), answering WORKFLOW_UNAVAILABLE with nothing written while `refuse` is set. `started` holds each
 * creation's workflow input.
 */
export function recordingOrderWorkflows(db: () => Knex): OrderWorkflows & {
  started: OrderWorkflowInput[];
  refuse: boolean;
} {
  const unavailable = () => Promise.resolve({ ok: false as const, code: 'WORKFLOW_UNAVAILABLE' as const });
  const stub = {
    started: [] as OrderWorkflowInput[],
    refuse: false,
    create(input: OrderWorkflowInput): Promise<OrderUpdateOutcome> {
      if (stub.refuse) return unavailable();
      stub.started.push(input);
      return createAsWorkflow(db(), input);
    },
    // A creation made here is over once it answered (written or refused); one never sent is not there.
    closed: (orderNo: string) => Promise.resolve(stub.started.some((i) => i.orderNo === orderNo)),
    // Nothing runs here to fall behind its rows.
    catchUp: () => Promise.resolve(false),
    start: () => Promise.reject(new Error('the assignment creates orders with create')),
    decideApproval: unavailable,
    accept: unavailable,
    reject: unavailable,
    editAssignTransporter: unavailable,
    cancel: unavailable,
    markComplete: unavailable,
    unmarkComplete: unavailable,
    changeStuffingDate: unavailable,
    reassignDo: unavailable,
    editOrder: unavailable,
    state: () => Promise.resolve(null),
  };
  return stub;
}
