// Edit order's calls (issue 17; spec/2 §2.2, §5.1, §7): order/edit_merge_simulate, order/sync_do_sap,
// util/refresh_freight_cost_order and PUT order/edit, through the real app on a real database with the master demo
// data and a stand-in for the order workflows (what PUT order/edit sends the workflow, and the order_edits row it
// writes, are checked here; the workflow's own writes are tested on a real Temporal in test/workflows/order-edit*.ts).
// Each §5.1 rule with its message, a further SAP order joining the order, the Update's refusal, ownership.
import { importErpDocuments } from '../../api/erp/import';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { assignBody, FREIGHT_DATE, importAssignable, type AssignableSapOrder } from '../support/order-assign';
import { insertOrder, stubOrderWorkflows, type WorkflowCall } from '../support/orders';
import { putInSandbox, sapDocument } from '../support/sap-orders';

let t: TestApp;
const tokens: Record<string, string> = {};
const refusals = new Map<string, string>();
let workflows: ReturnType<typeof stubOrderWorkflows>;
let documents = 0;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  workflows = stubOrderWorkflows({
    creates: t.deps.db,
    outcome: (call: WorkflowCall) => {
      const code = refusals.get(call.orderNo);
      return code ? ({ ok: false, code } as never) : undefined;
    },
  });
  Object.assign(t.deps, { orderWorkflows: workflows });
  for (const user of ['admin', 'logistic', 'transporter']) tokens[user] = await loginAs(t, user);
});

afterAll(async () => {
  await t?.close();
});

const db = () => t.deps.db;
const send = (method: 'post' | 'put', path: string, user: string, body: unknown, language = 'en') => {
  const agent = t.request();
  const req = method === 'post' ? agent.post(path) : agent.put(path);
  return req
    .set('Authorization', tokens[user]!)
    .set('language', language)
    .send(body as object);
};

const nextDoc = () => `00188${String(++documents).padStart(5, '0')}`;

/** A fresh SO on the demo lane (25 and 26 TON) assigned to TRP003 whole, through the assign save. */
async function assigned(): Promise<{ so: AssignableSapOrder; orderId: number; orderNo: string }> {
  const so = await importAssignable(db(), nextDoc());
  const saved = await send(
    'post',
    '/api/saporder/assign_transporter',
    'logistic',
    await assignBody(db(), [so], { transporters: [{ transporter_code: 'TRP003' }] }),
  );
  expect(saved.status).toBe(200);
  const [order] = saved.body.data.orders as { Id: number; Order_No: string }[];
  return { so, orderId: order!.Id, orderNo: order!.Order_No };
}

const simulate = (orderId: number, sapNo: string[] = [], user = 'logistic', language = 'en') =>
  send(
    'post',
    '/api/order/edit_merge_simulate',
    user,
    {
      order_id: orderId,
      sap_no: sapNo,
      is_first: sapNo.length === 0,
      is_edit: true,
    },
    language,
  );

interface Line {
  Id: number;
  Order_Detail_Id: number | null;
  Qty: number;
  include_merge: boolean;
  conversion_type: string | null;
}

const editBody = (orderId: number, lines: Line[], extra: Record<string, unknown> = {}) => ({
  order_id: orderId,
  transporter_notes: 'Call the gate first',
  details: lines.map((l) => ({
    Id: l.Id,
    Order_Detail_Id: l.Order_Detail_Id,
    Qty: l.Qty,
    include_merge: l.include_merge,
    conversion_type: l.conversion_type,
  })),
  transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'TRP003' }] },
  ...extra,
});

const editsOf = (orderId: number) =>
  db()('order_edits').where('order_id', orderId).orderBy('id').select('status', 'changes', 'approval_levels');

describe('POST /api/order/edit_merge_simulate', () => {
  test('given an assigned order, when a further SAP order of the same kind is added, then its outstanding lines come as new lines (no order line, order quantity 0); an unknown number, a number already in the order and a document of another kind answer their inline error', async () => {
    const { so, orderId } = await assigned();
    const other = await importAssignable(db(), nextDoc());
    const added = await simulate(orderId, [other.documentNo]);
    expect(added.status).toBe(200);
    expect(added.body.data.error_message).toBeNull();
    expect(added.body.data.sap_orders.map((s: { Id: number }) => s.Id)).toEqual([other.id]);
    expect(
      added.body.data.details.map((d: Record<string, unknown>) => [
        d.Id,
        d.Order_Detail_Id,
        d.Order_Qty,
        d.Max_Qty,
      ]),
    ).toEqual(other.lines.map((l) => [l.Id, null, 0, l.os_qty]));

    const unknown = await simulate(orderId, ['9999999999']);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toMatchObject({
      details: [],
      error_message: expect.stringContaining('9999999999'),
    });
    const again = await simulate(orderId, [so.documentNo]);
    expect(again.body.data.error_message).toBe(`${so.documentNo} is already in this order.`);
    const po = nextDoc();
    await importErpDocuments(db(), [sapDocument(po, { orderType: 'PO' })], {
      source: 'sandbox',
      user: 'test',
    });
    const different = await simulate(orderId, [po]);
    expect(different.body.data.details).toEqual([]);
    expect(different.body.data.error_message).toEqual(expect.any(String));
  });

  test('given a TO IN order whose reference TO OUT moves goods inside the factory, when the panel loads it, then auto_assign names the TO OUT and carries the transporters of its active order; outside the factory, and for an SO order, auto_assign is null', async () => {
    const toOut = nextDoc();
    const toIn = nextDoc();
    await importErpDocuments(
      db(),
      [
        sapDocument(toOut, { orderType: 'TO OUT' }),
        sapDocument(toIn, { orderType: 'TO IN', header: { Reference_Doc_No: toOut } }),
      ],
      { source: 'sandbox', user: 'test' },
    );
    await db()('sap_orders').where('document_no', toOut).update({ langsir_type: 'DALAM_PABRIK' });
    await insertOrder(db(), {
      sapDocuments: [toOut],
      qty: 10,
      transporterCode: 'TRP002',
      moreTransporters: ['TRP003'],
    });
    // A later order of the TO OUT that was cancelled gives nothing.
    await insertOrder(db(), {
      sapDocuments: [toOut],
      qty: 1,
      status: 'CANCELLED',
      transporterCode: 'TRP001',
    });
    const order = await insertOrder(db(), { sapDocuments: [toIn] });

    const res = await simulate(order.id, [], 'admin');
    expect(res.status).toBe(200);
    expect(res.body.data.auto_assign).toEqual({
      kind: 'TO_IN_INSIDE_FACTORY',
      reference: toOut,
      transporters: [
        expect.objectContaining({
          transporter_code: 'TRP002',
          freight_master: 'FRT-TEST',
          freight_cost: 150,
        }),
        expect.objectContaining({ transporter_code: 'TRP003', freight_cost: 151 }),
      ],
    });
    // Adding a document answers the order's auto-assignment too.
    const added = await simulate(order.id, ['9999999999'], 'admin');
    expect(added.body.data.auto_assign).toMatchObject({ kind: 'TO_IN_INSIDE_FACTORY', reference: toOut });

    await db()('sap_orders').where('document_no', toOut).update({ langsir_type: null });
    expect((await simulate(order.id, [], 'admin')).body.data.auto_assign).toBeNull();
    const { orderId } = await assigned();
    expect((await simulate(orderId)).body.data.auto_assign).toBeNull();
  });

  test('given an IPB OUT collective order with an LN SO number, when the panel loads it, then auto_assign names the LN SO and carries the transporters of its order; without an order on the LN SO, none', async () => {
    const so = nextDoc();
    const ipb = nextDoc();
    const other = nextDoc();
    await importErpDocuments(
      db(),
      [
        sapDocument(so),
        sapDocument(ipb, { company: '2000', orderType: 'IPB OUT', header: { LN_SO_No: so } }),
        sapDocument(other, { company: '2000', orderType: 'IPB OUT', header: { LN_SO_No: '0000000001' } }),
      ],
      { source: 'sandbox', user: 'test' },
    );
    await insertOrder(db(), { sapDocuments: [so], moreTransporters: ['TRP002'] });
    const order = await insertOrder(db(), { sapDocuments: [ipb], columns: { shipment_type: 'COLLECTIVE' } });

    const res = await simulate(order.id, [], 'admin');
    expect(res.status).toBe(200);
    expect(res.body.data.auto_assign).toEqual({
      kind: 'IPB_EXPORT_COLLECTIVE',
      reference: so,
      transporters: [
        expect.objectContaining({ transporter_code: 'TRP001', truck_type_name: expect.any(String) }),
        expect.objectContaining({ transporter_code: 'TRP002' }),
      ],
    });

    const alone = await insertOrder(db(), {
      sapDocuments: [other],
      columns: { shipment_type: 'COLLECTIVE' },
    });
    expect((await simulate(alone.id, [], 'admin')).body.data.auto_assign).toEqual({
      kind: 'IPB_EXPORT_COLLECTIVE',
      reference: '0000000001',
      transporters: [],
    });
  });

  test("given another transporter's user or a transporter, when they load the panel, then they are refused with nothing answered", async () => {
    const { orderId } = await assigned();
    const res = await simulate(orderId, [], 'transporter');
    expect([403, 404]).toContain(res.status);
    expect(res.body.data).toBeUndefined();
  });
});

describe('PUT /api/order/edit', () => {
  test('given an assigned order, when its first line is lowered to 20 and a line of a further SAP order is added, then the edit row holds the lines as priced (the kept line by its order line, the new one without) and one editOrder Update carries its id, no approval and the same transporter', async () => {
    const { orderId, orderNo } = await assigned();
    const other = await importAssignable(db(), nextDoc());
    const own = (await simulate(orderId)).body.data.details as Line[];
    const extra = (await simulate(orderId, [other.documentNo])).body.data.details as Line[];
    const lines = [{ ...own[0]!, Qty: 20 }, own[1]!, { ...extra[0]!, Qty: 5 }];
    const before = workflows.calls.length;
    const res = await send('put', '/api/order/edit', 'logistic', editBody(orderId, lines));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: `Order ${orderNo} was saved.`,
      data: { orderNo, needs_approval: false },
    });
    const [edit] = await editsOf(orderId);
    expect(edit).toMatchObject({ status: 'REQUESTED', approval_levels: 0 });
    const changes = edit!.changes as {
      lines: { orderDetailId: number | null; sapOrderDetailId: number; qty: number }[];
      header: Record<string, unknown>;
      transporters: { transporter_code: string; freight_kg: string | number }[];
    };
    expect(changes.lines.map((l) => [l.orderDetailId !== null, l.sapOrderDetailId, l.qty])).toEqual([
      [true, own[0]!.Id, 20],
      [true, own[1]!.Id, 26],
      [false, extra[0]!.Id, 5],
    ]);
    expect(changes.header).toMatchObject({ transporter_notes: 'Call the gate first', trip_type: 'ONE_WAY' });
    expect(changes.transporters).toEqual([expect.objectContaining({ transporter_code: 'TRP003' })]);
    expect(Number(changes.transporters[0]!.freight_kg)).toBe(51_000);
    const calls = workflows.calls.slice(before);
    expect(calls).toEqual([
      {
        kind: 'editOrder',
        orderNo,
        input: expect.objectContaining({
          by: 'logistic',
          approvalLevels: 0,
          transporterCode: 'TRP003',
          transporterChanged: false,
        }),
      },
    ]);
    expect((calls[0]!.input as { editId: number }).editId).toBeGreaterThan(0);
  });

  test('given a dearer carrier chosen on the edit, when it is saved without a reason, then "reason" is asked; with one, the Update carries the approval levels and says the transporter changed', async () => {
    const { orderId, orderNo } = await assigned();
    const own = (await simulate(orderId)).body.data.details as Line[];
    const dearer = editBody(orderId, own, {
      transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'TRP001' }] },
    });
    const noReason = await send('put', '/api/order/edit', 'logistic', dearer);
    expect([noReason.status, noReason.body.message_code]).toEqual([422, 'REQUIRE_REASON']);
    expect(await editsOf(orderId)).toEqual([]);
    const reason = (await db()('lookups')
      .where('lookup_group', 'ASSIGN_TRANSPORTER_REASON')
      .where((q) => void q.whereNull('lookup_info1').orWhereNot('lookup_info1', 'Y'))
      .first('lookup_code')) as { lookup_code: string };
    const before = workflows.calls.length;
    const res = await send('put', '/api/order/edit', 'logistic', {
      ...dearer,
      transporter_model: {
        trip_type: 'ONE_WAY',
        transporters: [{ transporter_code: 'TRP001', assign_reason: reason.lookup_code }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.needs_approval).toBe(true);
    expect(res.body.message).toBe(`Order ${orderNo} was saved; the change waits for approval.`);
    const call = workflows.calls.slice(before)[0]!;
    expect(call.input).toMatchObject({ transporterCode: 'TRP001', transporterChanged: true });
    expect((call.input as { approvalLevels: number }).approvalLevels).toBeGreaterThan(0);
  });

  test('given the workflow refuses the edit (the quantity was taken meanwhile), when it is saved, then the answer says so and the edit row is REFUSED', async () => {
    const { orderId, orderNo } = await assigned();
    const own = (await simulate(orderId)).body.data.details as Line[];
    refusals.set(orderNo, 'QUANTITY_NOT_AVAILABLE');
    try {
      const res = await send('put', '/api/order/edit', 'logistic', editBody(orderId, own), 'id');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message_code).toBe('QUANTITY_NOT_AVAILABLE');
    } finally {
      refusals.delete(orderNo);
    }
    expect((await editsOf(orderId)).map((e) => e.status)).toEqual(['REFUSED']);
  });

  test('given a line with an SO factory number and no successful sync, when the SO order is saved, then it is refused "NOT OK" (Error Saving Data) and nothing is sent; after a successful sync it saves', async () => {
    const { so, orderId } = await assigned();
    const own = (await simulate(orderId)).body.data.details as Line[];
    const body = editBody(orderId, own);
    (body.details[0] as Record<string, unknown>).SO_Factory_No = 'SOF-1';
    const before = workflows.calls.length;
    const res = await send('put', '/api/order/edit', 'logistic', body);
    expect([res.status, res.body.message_code, res.body.message]).toEqual([422, 'SYNC_REQUIRED', 'NOT OK']);
    expect(workflows.calls.length).toBe(before);
    expect(await editsOf(orderId)).toEqual([]);
    // Once the panel's Sync succeeded, the same save goes through.
    await putInSandbox(db(), [sapDocument(so.documentNo, { lines: 2 })]);
    const sync = await send('post', '/api/order/sync_do_sap', 'logistic', { order_id: orderId, Details: [] });
    expect(sync.body.success).toBe(true);
    const saved = await send('put', '/api/order/edit', 'logistic', body);
    expect(saved.status).toBe(200);
    expect(workflows.calls.length).toBe(before + 1);
  });

  test('given an IPB OUT collective order whose SAP order has no LN SO number, when it is saved, then "LN SO No. not found"', async () => {
    const doc = nextDoc();
    await importErpDocuments(db(), [sapDocument(doc, { company: '2000', orderType: 'IPB OUT' })], {
      source: 'sandbox',
      user: 'test',
    });
    const order = await insertOrder(db(), { sapDocuments: [doc], columns: { shipment_type: 'COLLECTIVE' } });
    const lines = (await db()('order_details')
      .where('order_id', order.id)
      .orderBy('item_no')
      .select('id', 'sap_order_detail_id', 'qty')) as {
      id: number;
      sap_order_detail_id: number;
      qty: string;
    }[];
    const body = editBody(
      order.id,
      lines.map((l) => ({
        Id: Number(l.sap_order_detail_id),
        Order_Detail_Id: Number(l.id),
        Qty: Number(l.qty),
        include_merge: true,
        conversion_type: null,
      })),
    );
    const res = await send('put', '/api/order/edit', 'admin', body);
    expect([res.status, res.body.message_code, res.body.message]).toEqual([
      422,
      'LN_SO_NOT_FOUND',
      'LN SO No. not found',
    ]);
    const id = await send('put', '/api/order/edit', 'admin', body, 'id');
    expect(id.body.message).toBe('No. SO LN tidak ditemukan');
  });

  test('given a TO IN order, when its reference TO OUT is missing, then "Reference TO Out Doc No. not found"; when the TO OUT exists without an order, then "Referenced TO OUT has not assigned transporter yet"; once the TO OUT has an order, neither', async () => {
    const toOut = nextDoc();
    const toIn = nextDoc();
    await importErpDocuments(
      db(),
      [sapDocument(toIn, { orderType: 'TO IN', header: { Reference_Doc_No: toOut } })],
      { source: 'sandbox', user: 'test' },
    );
    const order = await insertOrder(db(), { sapDocuments: [toIn] });
    const lines = (await db()('order_details')
      .where('order_id', order.id)
      .orderBy('item_no')
      .select('id', 'sap_order_detail_id', 'qty')) as {
      id: number;
      sap_order_detail_id: number;
      qty: string;
    }[];
    const body = editBody(
      order.id,
      lines.map((l) => ({
        Id: Number(l.sap_order_detail_id),
        Order_Detail_Id: Number(l.id),
        Qty: Number(l.qty),
        include_merge: true,
        conversion_type: null,
      })),
    );
    const missing = await send('put', '/api/order/edit', 'admin', body);
    expect([missing.status, missing.body.message]).toEqual([422, 'Reference TO Out Doc No. not found']);
    await importErpDocuments(db(), [sapDocument(toOut, { orderType: 'TO OUT' })], {
      source: 'sandbox',
      user: 'test',
    });
    const unassigned = await send('put', '/api/order/edit', 'admin', body);
    expect([unassigned.status, unassigned.body.message]).toEqual([
      422,
      'Referenced TO OUT has not assigned transporter yet',
    ]);
    await insertOrder(db(), { sapDocuments: [toOut] });
    const assignedOut = await send('put', '/api/order/edit', 'admin', body);
    expect(assignedOut.body.message_code).not.toMatch(/REFERENCE_TO_OUT/);
  });
});

describe('POST /api/util/refresh_freight_cost_order and /api/order/sync_do_sap', () => {
  test('given an assigned order, when its lines are priced at 30 of the 51 t, then its carrier is priced for those (two trucks); with no line, nothing', async () => {
    const { orderId } = await assigned();
    const own = (await simulate(orderId)).body.data.details as Line[];
    const res = await send('post', '/api/util/refresh_freight_cost_order', 'logistic', {
      order_id: orderId,
      details: [
        { ...own[0], Qty: 25 },
        { ...own[1], Qty: 5 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ transporter_code: 'TRP003', total_kg: 30_000, system_not: 2 });
    const none = await send('post', '/api/util/refresh_freight_cost_order', 'logistic', {
      order_id: orderId,
      details: [],
    });
    expect(none.body.data).toBeNull();
  });

  test("given an assigned order from SAP, when the panel syncs it, then SAP's answer comes back as the assign panel's sync does: its lines when SAP has the document, success false with SAP's message when it does not", async () => {
    const { so, orderId } = await assigned();
    const missing = await send('post', '/api/order/sync_do_sap', 'logistic', {
      order_id: orderId,
      Details: [],
    });
    expect([missing.status, missing.body.success]).toEqual([422, false]);
    await putInSandbox(db(), [sapDocument(so.documentNo, { lines: 2 })]);
    const res = await send('post', '/api/order/sync_do_sap', 'logistic', { order_id: orderId, Details: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: `SO ${so.documentNo} is up to date` });
    expect(res.body.data.map((l: { Item_No: string; Qty: number }) => [l.Item_No, l.Qty])).toEqual([
      ['000010', 25],
      ['000020', 26],
    ]);
  });
});

describe('STO/SPO per shipment on the edit (spec/2 §2.2 "when enabled", §3 "Transporter assignment (order edit)")', () => {
  const ENGLISH = 'STO/SPO per shipment is not available for these SAP orders.';
  const INDONESIAN = 'STO/SPO per pengiriman tidak tersedia untuk order SAP ini.';
  const FIELD = 'transporter_model.sto_spo_per_shipment';
  const transportersOf = async (orderId: number) =>
    ((await editsOf(orderId)).at(-1)!.changes as { transporters: { sto_spo_per_shipment: boolean }[] })
      .transporters;

  test("given an order whose SAP order asks for it, when the panel loads it, then edit_merge_simulate offers it and GET order/{id}/edit answers the order's value; a save with it ticked writes it into the edit's transporters, and a save without it keeps the order's", async () => {
    const { so, orderId } = await assigned();
    await db()('sap_orders').where('id', so.id).update({ sto_spo_per_shipment: true });
    const simulated = await simulate(orderId);
    expect(simulated.body.data.show_sto_spo_per_shipment).toBe(true);
    const read = await t.request().get(`/api/order/${orderId}/edit`).set('Authorization', tokens.logistic!);
    expect(read.body.data.assign.transporters).toEqual([
      expect.objectContaining({ transporter_code: 'TRP003', sto_spo_per_shipment: false }),
    ]);

    const own = simulated.body.data.details as Line[];
    const ticked = await send(
      'put',
      '/api/order/edit',
      'logistic',
      editBody(orderId, own, {
        transporter_model: {
          trip_type: 'ONE_WAY',
          sto_spo_per_shipment: true,
          transporters: [{ transporter_code: 'TRP003' }],
        },
      }),
    );
    expect(ticked.status).toBe(200);
    expect(await transportersOf(orderId)).toEqual([
      expect.objectContaining({ transporter_code: 'TRP003', sto_spo_per_shipment: true }),
    ]);

    // The order as the workflow would leave it: a save that does not send the field keeps its value.
    await db()('order_transporters').where('order_id', orderId).update({ sto_spo_per_shipment: true });
    const kept = await send('put', '/api/order/edit', 'logistic', editBody(orderId, own));
    expect(kept.status).toBe(200);
    expect((await transportersOf(orderId))[0]!.sto_spo_per_shipment).toBe(true);
  });

  test('given a relation order on a SAP order that asks for it, when the edit ticks it, then the edit keeps its customer as the transporter, as it was, with it ticked', async () => {
    const so = await importAssignable(db(), nextDoc(), { header: { Shipment_Type: 'RELATION' } });
    await db()('sap_orders').where('id', so.id).update({ is_relation: true, sto_spo_per_shipment: true });
    const truck = (await db()('truck_types').where('truck_type_code', 'TANKER-25').first('id')) as {
      id: number;
    };
    const saved = await send('post', '/api/saporder/assign_customer_vendor', 'logistic', {
      id: [so.id],
      relation_truck_type_id: truck.id,
      freight_date: FREIGHT_DATE,
      stuffing_date: ['2026-11-22'],
      details: so.lines.map((l) => ({ Id: l.Id, Qty: l.os_qty, include_merge: true })),
    });
    expect(saved.status).toBe(200);
    const orderId = (saved.body.data.orders as { Id: number }[])[0]!.Id;
    const own = (await simulate(orderId)).body.data.details as Line[];
    const res = await send(
      'put',
      '/api/order/edit',
      'logistic',
      editBody(orderId, own, { transporter_model: { sto_spo_per_shipment: true, transporters: [] } }),
    );
    expect(res.status).toBe(200);
    expect(await transportersOf(orderId)).toEqual([
      expect.objectContaining({
        transporter_code: 'CUS001',
        truck_type_id: truck.id,
        user_not: 1,
        freight_date: FREIGHT_DATE,
        sto_spo_per_shipment: true,
      }),
    ]);
  });

  test('given an order whose documents do not offer it, when the edit is saved with it ticked, then 400 names the field in English and in Indonesian and no edit is sent', async () => {
    const { orderId } = await assigned();
    expect((await simulate(orderId)).body.data.show_sto_spo_per_shipment).toBe(false);
    const own = (await simulate(orderId)).body.data.details as Line[];
    const body = editBody(orderId, own, {
      transporter_model: {
        trip_type: 'ONE_WAY',
        sto_spo_per_shipment: true,
        transporters: [{ transporter_code: 'TRP003' }],
      },
    });
    const before = workflows.calls.length;
    const en = await send('put', '/api/order/edit', 'logistic', body);
    expect([en.status, en.body.message_code, en.body.message]).toEqual([400, 'VALIDATION', ENGLISH]);
    expect(en.body.errors).toEqual({ [FIELD]: [ENGLISH] });
    const id = await send('put', '/api/order/edit', 'logistic', body, 'id');
    expect([id.status, id.body.message]).toEqual([400, INDONESIAN]);
    expect(id.body.errors).toEqual({ [FIELD]: [INDONESIAN] });
    expect(workflows.calls.length).toBe(before);
    expect(await editsOf(orderId)).toEqual([]);
  });
});

// Issue 27 item 2: an order whose carrier was chosen at the trips the system counts is edited to carry less. Its
// freight is priced again at the system's trips for the edited lines (util/refresh_freight_cost_order with
// user_not null, as the Edit order panel asks for trips that followed the system's), and the edit needs no
// approval; priced at the stored trips instead, it would carry more trucks than the goods need (DIFFERENT_NOT).
describe('An edit that only lowers a quantity (issue 27)', () => {
  test('given an order of 51 t on three trucks (individual per transporter), when its lines are lowered to 30 t, then the refresh at the system trips asks two trucks, and the edit saved with them needs no approval', async () => {
    const so = await importAssignable(db(), nextDoc(), {
      header: { Shipment_Type: 'INDIVIDUAL_TRANSPORTER' },
    });
    const saved = await send(
      'post',
      '/api/saporder/assign_transporter',
      'logistic',
      await assignBody(db(), [so], {
        shipment_type: 'INDIVIDUAL_TRANSPORTER',
        transporters: [{ transporter_code: 'TRP003' }],
      }),
    );
    expect(saved.status).toBe(200);
    const orderId = (saved.body.data.orders as { Id: number }[])[0]!.Id;
    expect(
      await db()('order_transporters').where('order_id', orderId).first('user_not', 'system_not'),
    ).toEqual({
      user_not: 3,
      system_not: 3,
    });

    const own = (await simulate(orderId)).body.data.details as Line[];
    const lowered = [
      { ...own[0]!, Qty: 25 },
      { ...own[1]!, Qty: 5 },
    ];
    const stored = await send('post', '/api/util/refresh_freight_cost_order', 'logistic', {
      order_id: orderId,
      details: lowered,
    });
    expect(stored.body.data).toMatchObject({ system_not: 2, user_not: 3 });
    const bySystem = await send('post', '/api/util/refresh_freight_cost_order', 'logistic', {
      order_id: orderId,
      details: lowered,
      user_not: null,
    });
    expect(bySystem.status).toBe(200);
    expect(bySystem.body.data).toMatchObject({ system_not: 2, user_not: 2, total_kg: 30_000 });

    const edited = await send(
      'put',
      '/api/order/edit',
      'logistic',
      editBody(orderId, lowered, {
        transporter_model: {
          trip_type: 'ONE_WAY',
          transporters: [{ transporter_code: 'TRP003', user_not: 2 }],
        },
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.needs_approval).toBe(false);
  });
});
