// The order's read, history and process, the transporter's accept and reject, edit assign transporter, and the SAP
// order's views of its orders (spec/1 §7, spec/2 §2.3, §2.7, §7), through the real app on a real database with a
// stand-in for the order workflows (deps.orderWorkflows; the workflow itself is tested on a real Temporal in
// test/workflows/). For every order endpoint, the transporter TRP001 asking for another transporter's order and
// the relation CUS001 asking for another relation's order are answered "not found", and nothing changes.
import { importErpDocuments } from '../../api/erp/import';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { insertOrder, stubOrderWorkflows, type SeededOrder, type WorkflowCall } from '../support/orders';
import { sapDocument } from '../support/sap-orders';

let t: TestApp;
const tokens: Record<string, string> = {};
const o: Record<string, SeededOrder> = {};
/** Per order number, what the stand-in workflow answers an Update (default: accepted). */
const refusals = new Map<string, string>();
let workflows: ReturnType<typeof stubOrderWorkflows>;

const doc = (n: number) => `00300000${String(n).padStart(2, '0')}`;
const sapIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  for (const user of ['admin', 'logistic', 'warehouse', 'transporter', 'customer']) {
    tokens[user] = await loginAs(t, user);
  }
  const customerOf = (n: number) => ([1, 4, 6].includes(n) ? 'CUS001' : 'CUS002');
  await importErpDocuments(
    t.deps.db,
    Array.from({ length: 9 }, (_, i) =>
      sapDocument(doc(i + 1), { header: { Customer_Vendor_Code: customerOf(i + 1) } }),
    ),
    { source: 'sandbox', user: 'test' },
  );
  for (const row of (await t.deps.db('sap_orders').select('id', 'document_no')) as {
    id: number;
    document_no: string;
  }[])
    sapIds[row.document_no] = row.id;
  const db = t.deps.db;
  o.A = await insertOrder(db, { sapDocuments: [doc(1)], orderNo: 'ORD-A', transporterCode: 'TRP001' });
  o.B = await insertOrder(db, { sapDocuments: [doc(2)], orderNo: 'ORD-B', transporterCode: 'TRP002' });
  o.C = await insertOrder(db, {
    sapDocuments: [doc(3)],
    orderNo: 'ORD-C',
    transporterCode: 'TRP001',
    status: 'REJECTED',
    dispatchStatus: 'REJECTED',
    columns: { dispatch_status_remarks: 'No truck available' },
    history: ['ASSIGNED TO TRANSPORTER', 'REJECTED'],
  });
  o.E = await insertOrder(db, { sapDocuments: [doc(4)], orderNo: 'ORD-E', relation: true });
  o.P = await insertOrder(db, {
    sapDocuments: [doc(5)],
    orderNo: 'ORD-P',
    transporterCode: 'TRP002',
    status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
    // Level 1 approved (a history row of the same status): level 2 is asked.
    history: ['WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL'],
    columns: {
      workflow_input: {
        orderNo: 'ORD-P',
        approvalLevels: 2,
        autoRejectMs: 86_400_000,
        transporterCode: 'TRP002',
        approvers: [
          { username: 'admin', level: 1 },
          { username: 'logistic', level: 2 },
          { username: 'newstaff', level: 2 },
        ],
      },
    },
  });
  // Another relation's order (CUS002 collects it) and another transporter's rejected order.
  o.R = await insertOrder(db, { sapDocuments: [doc(7)], orderNo: 'ORD-R', relation: true });
  o.D = await insertOrder(db, {
    sapDocuments: [doc(8)],
    orderNo: 'ORD-D',
    transporterCode: 'TRP002',
    status: 'REJECTED',
    dispatchStatus: 'REJECTED',
  });
  // A rejected transfer-in order: its assignment may not be changed (spec/2 §2.3).
  const toIn = (await db('order_types').where({ code: 'TO', info1: 'IN' }).first('id', 'name')) as {
    id: number;
    name: string;
  };
  o.T = await insertOrder(db, {
    sapDocuments: [doc(9)],
    orderNo: 'ORD-T',
    status: 'REJECTED',
    dispatchStatus: 'REJECTED',
    columns: { order_type_id: toIn.id, order_type_name: toIn.name },
  });
  workflows = stubOrderWorkflows({
    db: t.deps.db,
    outcome: (call: WorkflowCall) => {
      const code = refusals.get(call.orderNo);
      return code ? ({ ok: false, code } as never) : undefined;
    },
  });
  Object.assign(t.deps, { orderWorkflows: workflows });
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, user: string, language = 'en') =>
  t.request().get(path).set('Authorization', tokens[user]!).set('language', language);
const post = (path: string, user: string, body: unknown, language = 'en') =>
  t
    .request()
    .post(path)
    .set('Authorization', tokens[user]!)
    .set('language', language)
    .send(body as object);
const put = (path: string, user: string, body: unknown, language = 'en') =>
  t
    .request()
    .put(path)
    .set('Authorization', tokens[user]!)
    .set('language', language)
    .send(body as object);

/** What an action could change: the orders row, its transporters and its history. */
async function snapshot(id: number): Promise<unknown> {
  const db = t.deps.db;
  return {
    order: await db('orders').where('id', id).first(),
    transporters: await db('order_transporters').where('order_id', id).orderBy('id'),
    history: await db('order_histories').where('order_id', id).orderBy('id'),
  };
}

describe('GET /api/order/{id}/{mode}', () => {
  test('given an order, when staff view it, then data.header carries the spec/2 header with Details and flags, and data.assign its transporters', async () => {
    const res = await get(`/api/order/${o.A!.id}/view`, 'logistic');
    expect(res.status).toBe(200);
    const { header, assign } = res.body.data as {
      header: Record<string, unknown> & { Details: Record<string, unknown>[] };
      assign: { transporters: Record<string, unknown>[] };
    };
    expect(header).toMatchObject({
      Id: o.A!.id,
      Order_No: 'ORD-A',
      SAP_No: doc(1),
      Status: 'ASSIGNED TO TRANSPORTER',
      Transporter_Code: 'TRP001',
      Order_Type: expect.objectContaining({ Code: 'SO' }),
      business_segment_name: expect.any(String),
      warehouse_name: expect.any(String),
      Freight_Cost: 150,
      User_NoT: 2,
      System_NoT: 2,
      freight_master: 'FRT-TEST',
      need_transporter_action: true,
      can_assign_transporter: false,
    });
    expect(header.Details).toHaveLength(2);
    expect(header.Details[0]).toMatchObject({ Item_No: '000010', Qty: 25, order_qty: 25, sap_os_qty: 0 });
    expect(assign.transporters).toEqual([
      expect.objectContaining({ transporter_code: 'TRP001', freight_cost: 150, user_not: 2 }),
    ]);
  });

  test('given staff with View only, when they open an order in edit mode, then it is refused; staff with Edit may', async () => {
    expect((await get(`/api/order/${o.A!.id}/edit`, 'warehouse')).status).toBe(403);
    expect((await get(`/api/order/${o.A!.id}/edit`, 'logistic')).status).toBe(200);
  });

  test("given another transporter's and another relation's order, when TRP001 and CUS001 ask for them, then they are not found; their own are", async () => {
    expect((await get(`/api/order/${o.B!.id}/view`, 'transporter')).status).toBe(404);
    expect((await get(`/api/order/${o.R!.id}/view`, 'customer')).status).toBe(404);
    expect((await get(`/api/order/${o.B!.id}/view`, 'customer')).status).toBe(404);
    expect((await get(`/api/order/${o.A!.id}/view`, 'transporter')).status).toBe(200);
    expect((await get(`/api/order/${o.E!.id}/view`, 'customer')).status).toBe(200);
    expect((await get('/api/order/999999/view', 'admin')).status).toBe(404);
  });
});

describe('GET /api/order/view_history/{id}', () => {
  test('given a rejected order, when staff and its transporter read its history, then its transitions come oldest first with who and the remark; the transporter reads the company for the staff member who assigned it', async () => {
    const company = (await t.deps
      .db('orders as o')
      .join('companies as c', 'c.company_code', 'o.company_code')
      .where('o.id', o.C!.id)
      .first('c.company_name')) as { company_name: string };
    for (const [user, assignedBy] of [
      ['logistic', 'logistic'],
      ['transporter', company.company_name],
    ] as const) {
      const res = await get(`/api/order/view_history/${o.C!.id}`, user);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({
          Status_From: null,
          Status_To: 'ASSIGNED TO TRANSPORTER',
          Created_By: assignedBy,
        }),
        expect.objectContaining({
          Status_From: 'ASSIGNED TO TRANSPORTER',
          Status_To: 'REJECTED',
          Remark: 'No truck available',
          Created_Date: expect.any(String),
        }),
      ]);
    }
  });

  test("given another party's order, when TRP001 and CUS001 ask for its history, then it is not found", async () => {
    expect((await get(`/api/order/view_history/${o.B!.id}`, 'transporter')).status).toBe(404);
    expect((await get(`/api/order/view_history/${o.R!.id}`, 'customer')).status).toBe(404);
  });

  test("given the workflow's own remarks (assignment, level approved with and without a note, level rejected) and a user's reason, when the history is read in Indonesian, then the workflow's remarks are in Indonesian and the user's reason as typed", async () => {
    const db = t.deps.db;
    const order = (await db('orders').where('id', o.A!.id).first('order_no')) as { order_no: string };
    const key = (change: string, n: number) => `order:${order.order_no}/${change}/${100 + n}`;
    const rows = [
      ['edit-assign', 'Assigned to TRP002'],
      ['approve', 'Level 1 approved'],
      ['approve', 'Level 2 approved: Harga sesuai kontrak'],
      ['approval-reject', 'Level 1 rejected: Level 2 approved is not a reason'],
      ['cancel', 'Level 1 approved'],
    ];
    await db('order_histories').insert(
      rows.map(([change, remark], n) => ({
        order_id: o.A!.id,
        status_from: 'ASSIGNED TO TRANSPORTER',
        status_to: 'ASSIGNED TO TRANSPORTER',
        remark,
        created_by: 'supervisor',
        created_date: new Date(),
        idempotency_key: key(change!, n),
      })),
    );
    try {
      const res = await get(`/api/order/view_history/${o.A!.id}`, 'logistic', 'id');
      expect(res.status).toBe(200);
      const shown = (res.body.data as { Change: string | null; Remark: string | null }[]).slice(-rows.length);
      expect(shown.map((r) => [r.Change, r.Remark])).toEqual([
        ['edit-assign', 'Ditugaskan ke TRP002'],
        ['approve', 'Level 1 disetujui'],
        ['approve', 'Level 2 disetujui: Harga sesuai kontrak'],
        ['approval-reject', 'Level 1 ditolak: Level 2 approved is not a reason'],
        // A user's text that looks like the workflow's is not the workflow's: shown as typed.
        ['cancel', 'Level 1 approved'],
      ]);
      const english = await get(`/api/order/view_history/${o.A!.id}`, 'logistic');
      expect(english.body.data.at(-3).Remark).toBe('Level 2 approved: Harga sesuai kontrak');
    } finally {
      await db('order_histories')
        .whereIn(
          'idempotency_key',
          rows.map((_, n) => key(rows[n]![0]!, n)),
        )
        .delete();
    }
  });
});

describe('GET /api/order/process/{id}', () => {
  test('given no reachable workflow, when the process of a waiting order is read, then the row tells whom it waits for and until when, not live', async () => {
    const res = await get(`/api/order/process/${o.A!.id}`, 'logistic');
    expect(res.status).toBe(200);
    const row = (await t.deps.db('orders').where('id', o.A!.id).first('auto_reject_date')) as {
      auto_reject_date: Date;
    };
    expect(res.body.data).toEqual({
      Order_No: 'ORD-A',
      Status: 'ASSIGNED TO TRANSPORTER',
      Dispatch_Status: 'WAITING',
      Auto_Reject_Date: row.auto_reject_date.toISOString(),
      awaiting: {
        kind: 'transporter',
        code: 'TRP001',
        name: expect.any(String),
        deadline: row.auto_reject_date.toISOString(),
      },
      workflow_id: 'order:ORD-A',
      workflow_url: 'http://127.0.0.1:8233/namespaces/default/workflows/order%3AORD-A',
      live: false,
    });
  });

  test('given an order whose level 1 was approved, when its process is read from the row, then level 2 and its approvers are awaited', async () => {
    const res = await get(`/api/order/process/${o.P!.id}`, 'logistic');
    expect(res.body.data.awaiting).toEqual({
      kind: 'approval',
      level: 2,
      approvers: ['logistic', 'newstaff'],
    });
  });

  test('given a running workflow, when the process is read, then the workflow answers (live) and the UI link follows TEMPORAL_UI_URL', async () => {
    const deadline = new Date(Date.now() + 3_600_000).toISOString();
    const live = stubOrderWorkflows({
      states: {
        'ORD-P': {
          status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
          dispatchStatus: null,
          awaiting: { kind: 'approval', level: 1, levels: 2, approvers: [] },
        },
        'ORD-A': {
          status: 'ASSIGNED TO TRANSPORTER',
          dispatchStatus: 'WAITING',
          awaiting: { kind: 'transporter', code: 'TRP001', deadline },
        },
      },
    });
    const config = t.deps.config as unknown as Record<string, unknown>;
    Object.assign(t.deps, { orderWorkflows: live });
    config.TEMPORAL_UI_URL = 'https://temporal.example.com/';
    try {
      const p = await get(`/api/order/process/${o.P!.id}`, 'admin');
      expect(p.body.data).toMatchObject({
        live: true,
        awaiting: { kind: 'approval', level: 1, approvers: ['admin'] },
        workflow_url: 'https://temporal.example.com/namespaces/default/workflows/order%3AORD-P',
      });
      const a = await get(`/api/order/process/${o.A!.id}`, 'transporter');
      expect(a.body.data).toMatchObject({
        live: true,
        awaiting: { kind: 'transporter', code: 'TRP001', name: expect.any(String), deadline },
      });
      expect(live.calls.map((c) => c.orderNo)).toEqual(['ORD-P', 'ORD-A']);
    } finally {
      delete config.TEMPORAL_UI_URL;
      Object.assign(t.deps, { orderWorkflows: workflows });
    }
  });

  test("given a workflow that has not learned of its order's rejection (Temporal lost the Update after the change was written), when the process is read, then the row answers: REJECTED, nothing awaited, no countdown", async () => {
    const stale = stubOrderWorkflows({
      states: {
        'ORD-C': {
          status: 'ASSIGNED TO TRANSPORTER',
          dispatchStatus: 'WAITING',
          awaiting: {
            kind: 'transporter',
            code: 'TRP001',
            deadline: new Date(Date.now() + 3_600_000).toISOString(),
          },
        },
      },
    });
    Object.assign(t.deps, { orderWorkflows: stale });
    try {
      const res = await get(`/api/order/process/${o.C!.id}`, 'logistic');
      expect(res.body.data).toMatchObject({
        live: true,
        Status: 'REJECTED',
        Dispatch_Status: 'REJECTED',
        awaiting: null,
      });
      expect(stale.calls.map((c) => c.orderNo)).toEqual(['ORD-C']);
    } finally {
      Object.assign(t.deps, { orderWorkflows: workflows });
    }
  });

  test('given Temporal unreachable, when the process is read, then the row answers instead of an error', async () => {
    Object.assign(t.deps, { orderWorkflows: stubOrderWorkflows({ unreachable: true }) });
    try {
      const res = await get(`/api/order/process/${o.A!.id}`, 'logistic');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ live: false, Status: 'ASSIGNED TO TRANSPORTER' });
    } finally {
      Object.assign(t.deps, { orderWorkflows: workflows });
    }
  });

  test("given another party's order, when TRP001 and CUS001 ask for its process, then it is not found and no workflow is asked", async () => {
    const before = workflows.calls.length;
    expect((await get(`/api/order/process/${o.B!.id}`, 'transporter')).status).toBe(404);
    expect((await get(`/api/order/process/${o.R!.id}`, 'customer')).status).toBe(404);
    expect(workflows.calls.length).toBe(before);
  });
});

describe('POST /api/order/transporter_action', () => {
  test("given its own waiting order, another transporter's order and a rejection without a reason, when TRP001 answers them, then each is answered on its own and only its own accept is sent", async () => {
    const before = { B: await snapshot(o.B!.id), C: await snapshot(o.C!.id) };
    const sent = workflows.calls.length;
    const res = await post('/api/order/transporter_action', 'transporter', [
      { id: o.A!.id, status: 'ACCEPTED', ref_no: `${doc(1)} / ORD-A` },
      { id: o.B!.id, status: 'ACCEPTED', ref_no: `${doc(2)} / ORD-B` },
      { id: o.C!.id, status: 'REJECTED', reason: '  ', ref_no: `${doc(3)} / ORD-C` },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message_code: 'PARTIAL' });
    expect(res.body.data.data).toEqual([
      { ref_no: `${doc(1)} / ORD-A`, reason: null, success: true, message: 'Accepted' },
      { ref_no: `${doc(2)} / ORD-B`, reason: null, success: false, message: 'Order not found.' },
      // The reason as it was read: text is trimmed at the edge.
      { ref_no: `${doc(3)} / ORD-C`, reason: '', success: false, message: 'Reason is required' },
    ]);
    expect(workflows.calls.slice(sent)).toEqual([
      { kind: 'accept', orderNo: 'ORD-A', input: { by: 'transporter', transporterCode: 'TRP001' } },
    ]);
    expect({ B: await snapshot(o.B!.id), C: await snapshot(o.C!.id) }).toEqual(before);
  });

  test('given a waiting order, when staff reject it for its transporter with a remark, then the reject is sent as that transporter by the staff member and all succeed', async () => {
    const sent = workflows.calls.length;
    const res = await post('/api/order/transporter_action', 'logistic', [
      { id: o.B!.id, status: 'REJECTED', reason: 'Truck broke down', ref_no: 'ORD-B' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.data).toEqual([
      { ref_no: 'ORD-B', reason: 'Truck broke down', success: true, message: 'Rejected' },
    ]);
    expect(workflows.calls.slice(sent)).toEqual([
      {
        kind: 'reject',
        orderNo: 'ORD-B',
        input: { by: 'logistic', transporterCode: 'TRP002', remark: 'Truck broke down' },
      },
    ]);
  });

  test('given the workflow refuses (deadline passed), when the transporter answers in Indonesian, then that order fails with the translated reason and the request is refused as a whole', async () => {
    refusals.set('ORD-A', 'DEADLINE_PASSED');
    try {
      const res = await post(
        '/api/order/transporter_action',
        'transporter',
        [
          { id: o.A!.id, status: 'ACCEPTED', ref_no: 'ORD-A' },
          { id: o.A!.id, status: 'REJECTED', ref_no: 'ORD-A' },
        ],
        'id',
      );
      expect(res.status).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.data.data).toEqual([
        {
          ref_no: 'ORD-A',
          reason: null,
          success: false,
          message: 'Batas waktu menjawab sudah lewat; order ditolak otomatis.',
        },
        { ref_no: 'ORD-A', reason: null, success: false, message: 'Alasan wajib diisi' },
      ]);
    } finally {
      refusals.delete('ORD-A');
    }
  });

  test("given the relation CUS001, when it accepts the order it collects, another relation's and one given to a transporter, then only the first is sent, as CUS001", async () => {
    const sent = workflows.calls.length;
    const res = await post('/api/order/transporter_action', 'customer', [
      { id: o.E!.id, status: 'ACCEPTED', ref_no: 'E' },
      { id: o.R!.id, status: 'ACCEPTED', ref_no: 'R' },
      { id: o.A!.id, status: 'ACCEPTED', ref_no: 'A' },
    ]);
    expect(res.body.data.data).toEqual([
      { ref_no: 'E', reason: null, success: true, message: 'Accepted' },
      { ref_no: 'R', reason: null, success: false, message: 'Order not found.' },
      // Its own document, given to a transporter: not a relation order, so not the customer's to see.
      { ref_no: 'A', reason: null, success: false, message: 'Order not found.' },
    ]);
    expect(workflows.calls.slice(sent)).toEqual([
      { kind: 'accept', orderNo: 'ORD-E', input: { by: 'customer', transporterCode: 'CUS001' } },
    ]);
  });

  test('given an order no longer waiting, when staff accept it from a stale screen, then it is refused before anything is sent', async () => {
    const sent = workflows.calls.length;
    const res = await post('/api/order/transporter_action', 'logistic', [
      { id: o.C!.id, status: 'ACCEPTED', ref_no: 'C' },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.data.data[0]).toMatchObject({
      success: false,
      message: 'The order was already answered.',
    });
    expect(workflows.calls.length).toBe(sent);
  });

  test('given staff with View only, when they answer for a transporter, then they are refused', async () => {
    const res = await post('/api/order/transporter_action', 'warehouse', [
      { id: o.A!.id, status: 'ACCEPTED' },
    ]);
    expect(res.status).toBe(403);
  });

  test('given no order workflows (no Temporal), when an answer would be sent, then the service is unavailable', async () => {
    Object.assign(t.deps, { orderWorkflows: undefined });
    try {
      const res = await post('/api/order/transporter_action', 'transporter', [
        { id: o.A!.id, status: 'ACCEPTED' },
      ]);
      expect(res.status).toBe(503);
    } finally {
      Object.assign(t.deps, { orderWorkflows: workflows });
    }
  });
});

describe('PUT /api/order/edit_assign_transporter', () => {
  // A priced lane of the demo data (db/seeds/master-demo/freight.ts): PKS-SEI-ROKAN (1) to CUS-MNS-DUMAI (19),
  // CPO of company 1000 in 25-ton tankers, TRP003 the cheapest and TRP002 dearer.
  const model = (transporters: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
    shipment_type: 'INDIVIDUAL_TRUCK',
    vessel: null,
    loading_destination_from_id: 1,
    loading_destination_to_id: 19,
    trip_type: null,
    transporters,
    details: [],
    ...extra,
  });
  const trp002 = {
    transporter_code: 'TRP002',
    truck_type_id: 6,
    freight_master: 'OA26-0002',
    user_not: 3,
    assign_reason: 'URGENT_DELIVERY',
  };

  test('given a rejected order, when staff assign it to a dearer transporter without a reason, then it is refused and nothing changes', async () => {
    const before = await snapshot(o.C!.id);
    const sent = workflows.calls.length;
    const res = await put('/api/order/edit_assign_transporter', 'logistic', {
      id: o.C!.id,
      edited_order: model([{ ...trp002, assign_reason: null }]),
    });
    expect(res.status).toBe(422);
    expect(res.body.message_code).toBe('REQUIRE_REASON');
    expect(workflows.calls.length).toBe(sent);
    expect(await snapshot(o.C!.id)).toEqual(before);
  });

  test('given a rejected order, when staff assign it to a dearer transporter with a reason, then the priced assignment is written and the workflow takes the order back with approval re-checked and a new deadline', async () => {
    const sent = workflows.calls.length;
    const res = await put('/api/order/edit_assign_transporter', 'logistic', {
      id: o.C!.id,
      // The totals are not taken from the client: the server prices the option again.
      edited_order: model([{ ...trp002, freight_suggested: 1, freight_total_cost_user_not: 1 }]),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/ORD-C/);
    const [entry] = res.body.data.assign.transporters as Record<string, unknown>[];
    expect(entry).toMatchObject({
      transporter_code: 'TRP002',
      transporter_name: expect.any(String),
      freight_master: 'OA26-0002',
      freight_cost: 332,
      freight_suggested: 310,
      assign_reason: 'URGENT_DELIVERY',
    });
    expect(entry!.freight_total_cost_user_not).toBeGreaterThan(1);
    const row = (await t.deps.db('orders').where('id', o.C!.id).first()) as Record<string, unknown>;
    expect(row).toMatchObject({
      loading_destination_from_id: 1,
      loading_destination_to_id: 19,
      truck_type_id: 6,
    });
    const calls = workflows.calls.slice(sent);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.input as {
      by: string;
      transporterCode: string;
      approvalLevels: number;
      approvers: { username: string; level: number }[];
      autoRejectMs: number;
    };
    // Company 1000's AutoRejectSetting: 24 hours. A cost above the cheapest option's asks the HIGHER matrix,
    // and the requester (logistic) does not approve its own request.
    expect(calls[0]).toMatchObject({ kind: 'editAssignTransporter', orderNo: 'ORD-C' });
    expect(input).toMatchObject({ by: 'logistic', transporterCode: 'TRP002', autoRejectMs: 86_400_000 });
    expect(input.approvalLevels).toBeGreaterThan(0);
    expect(input.approvers.map((a) => a.username)).not.toContain('logistic');
    // orders.workflow_input follows in the workflow's own activity (test/workflows/orders.test.ts), not here.
    expect(row.workflow_input).toMatchObject({ transporterCode: 'TRP001' });
  });

  test('given the workflow refuses (the quantity was taken meanwhile), when staff assign again, then the refusal is answered and the assignment is as it was', async () => {
    const before = await snapshot(o.D!.id);
    refusals.set('ORD-D', 'QUANTITY_NOT_AVAILABLE');
    try {
      const res = await put('/api/order/edit_assign_transporter', 'logistic', {
        id: o.D!.id,
        edited_order: model([trp002]),
      });
      expect(res.status).toBe(422);
      expect(res.body.message_code).toBe('QUANTITY_NOT_AVAILABLE');
      expect(await snapshot(o.D!.id)).toEqual(before);
    } finally {
      refusals.delete('ORD-D');
    }
  });

  test('given orders that may not be assigned again, when staff try, then each is refused and nothing changes', async () => {
    const sent = workflows.calls.length;
    const before = { A: await snapshot(o.A!.id), T: await snapshot(o.T!.id), D: await snapshot(o.D!.id) };
    // Not rejected.
    const waiting = await put('/api/order/edit_assign_transporter', 'logistic', {
      id: o.A!.id,
      edited_order: model([trp002]),
    });
    expect(waiting.status).toBe(422);
    expect(waiting.body.message).toBe('Only a rejected order can be assigned to a transporter again.');
    // Transfer in (TO with Info1 IN): the Change column is locked.
    const locked = await put('/api/order/edit_assign_transporter', 'logistic', {
      id: o.T!.id,
      edited_order: model([trp002]),
    });
    expect(locked.status).toBe(422);
    expect(locked.body.message_code).toBe('CHANGE_LOCKED');
    // No transporter, and one without a freight option on the lane.
    const none = await put('/api/order/edit_assign_transporter', 'logistic', {
      id: o.D!.id,
      edited_order: model([{ transporter_code: '' }]),
    });
    expect(none.status).toBe(400);
    const unpriced = await put('/api/order/edit_assign_transporter', 'logistic', {
      id: o.D!.id,
      edited_order: model([{ transporter_code: 'TRP009' }]),
    });
    expect(unpriced.status).toBe(422);
    expect(unpriced.body.message_code).toBe('NO_FREIGHT_OPTION');
    expect(workflows.calls.length).toBe(sent);
    expect({ A: await snapshot(o.A!.id), T: await snapshot(o.T!.id), D: await snapshot(o.D!.id) }).toEqual(
      before,
    );
  });

  test("given another party's rejected order, when TRP001 and CUS001 try to assign it, then it is not found; TRP001's own is not theirs to assign", async () => {
    const before = await snapshot(o.D!.id);
    const sent = workflows.calls.length;
    const body = { id: o.D!.id, edited_order: model([trp002]) };
    expect((await put('/api/order/edit_assign_transporter', 'transporter', body)).status).toBe(404);
    expect((await put('/api/order/edit_assign_transporter', 'customer', body)).status).toBe(404);
    expect(
      (await put('/api/order/edit_assign_transporter', 'transporter', { ...body, id: o.T!.id })).status,
    ).toBe(422);
    expect(workflows.calls.length).toBe(sent);
    expect(await snapshot(o.D!.id)).toEqual(before);
  });
});

describe("the SAP order's orders", () => {
  test('given a SAP order with an order, when its View orders panel is read, then its lines say what orders hold and its orders come with transporter and status', async () => {
    const res = await get(`/api/saporder/orders/${sapIds[doc(1)]}`, 'logistic');
    expect(res.status).toBe(200);
    expect(res.body.data.header).toMatchObject({ Document_No: doc(1) });
    expect(res.body.data.details).toEqual([
      expect.objectContaining({ Item_No: '000010', Qty: 25, order_qty: 25, os_qty: 0 }),
      expect.objectContaining({ Item_No: '000020', Qty: 26, order_qty: 26, os_qty: 0 }),
    ]);
    expect(res.body.data.orders).toEqual([
      expect.objectContaining({
        key: 'ORD-A',
        Order_No: 'ORD-A',
        Transporter_Code: 'TRP001',
        Transporter_Name: expect.any(String),
        Status: 'ASSIGNED TO TRANSPORTER',
        Dispatch_Status: 'WAITING',
        items: [expect.objectContaining({ Qty: 25 }), expect.objectContaining({ Qty: 26 })],
      }),
    ]);
    // A rejected order holds nothing.
    const rejected = await get(`/api/saporder/orders/${sapIds[doc(8)]}`, 'logistic');
    expect(rejected.body.data.details[0]).toMatchObject({ order_qty: 0, os_qty: 25 });
    // Transporters and relations have no SAP order screen.
    expect((await get(`/api/saporder/orders/${sapIds[doc(1)]}`, 'transporter')).status).toBe(403);
    expect((await get(`/api/saporder/orders/${sapIds[doc(1)]}`, 'customer')).status).toBe(403);
    expect((await get('/api/saporder/orders/999999', 'logistic')).status).toBe(404);
  });

  test('given a document number, when its transporters are asked for, then its orders and their transporters are answered', async () => {
    const res = await get(`/api/saporder/do_transporters/${doc(2)}`, 'logistic');
    expect(res.status).toBe(200);
    expect(res.body.data.header).toEqual([
      expect.objectContaining({ Order_No: 'ORD-B', Transporter_Code: 'TRP002' }),
    ]);
    expect(res.body.data.detail).toEqual([
      expect.objectContaining({ Order_No: 'ORD-B', transporter_code: 'TRP002' }),
    ]);
    const none = await get('/api/saporder/do_transporters/0000000000', 'logistic');
    expect(none.body.data).toEqual({ header: [], detail: [] });
    expect((await get(`/api/saporder/do_transporters/${doc(2)}`, 'transporter')).status).toBe(403);
    expect((await get(`/api/saporder/do_transporters/${doc(2)}`, 'customer')).status).toBe(403);
    expect((await get('/api/saporder/do_transporters/a%25b', 'logistic')).status).toBe(400);
  });

  test("given an outstanding SAP order and a fully assigned one, when they are opened, then data.assign holds the first one's assign model and is null for the other", async () => {
    const open = await get(`/api/saporder/${sapIds[doc(6)]}/view`, 'logistic');
    expect(open.status).toBe(200);
    expect(open.body.data.assign).toMatchObject({
      id: [sapIds[doc(6)]],
      charge_oa_company: '1000',
      show_conversion_type: 'N',
      transporters: [{ transporter_code: null, user_not: 1 }],
      details: [
        expect.objectContaining({ Item_No: '000010', Qty: 25, os_qty: 25, include_merge: true }),
        expect.objectContaining({ Item_No: '000020', Qty: 26 }),
      ],
    });
    const assigned = await get(`/api/saporder/${sapIds[doc(1)]}/view`, 'logistic');
    expect(assigned.body.data.assign).toBeNull();
  });
});
