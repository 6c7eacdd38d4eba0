// What each audience reads of an order (issue 27 items 3, 9 and 10), through the real app on a real database: a
// table of fields × audience (staff, the lead carrier and the second carrier of a collective order, the relation
// that collects its own goods, a driver) asserted on the real answers of the view, the edit read, the list, the
// export, the history and the process; the orders an outside party sees (once put to it, not while the company's
// approvers decide); and the transporter's and customer's answer tabs and counts without cancelled orders.
import { importErpDocuments } from '../../api/erp/import';
import { parseCsv } from '../../api/resources/transfer';
import { createTestApp, downloadFile, loginAs, type TestApp } from '../support/api';
import { insertOrder, stubOrderWorkflows, type SeededOrder } from '../support/orders';
import { sapDocument } from '../support/sap-orders';

let t: TestApp;
const tokens: Record<string, string> = {};
const o: Record<string, SeededOrder> = {};
let companyName: string;

const doc = (n: number) => `00600000${String(n).padStart(2, '0')}`;
const db = () => t.deps.db;

/** The order's transporter rows, each with its own rate, cost and the company's pricing around it. */
const FREIGHT = {
  TRP002: {
    freight_cost: 900,
    freight_total_cost: 9_000_000,
    freight_total_cost_user_not: 9_000_000,
    freight_suggested: 700,
    freight_master: 'FRT-LEAD-002',
    zfrcost_no: 'ZF-002',
    freight_criteria: 'HIGHER',
    assign_reason: 'OTHERS',
    assign_reason_others: 'cheapest carrier had no truck',
    exclude_approval: false,
    sto_spo_per_shipment: true,
  },
  TRP001: {
    freight_cost: 810,
    freight_total_cost: 8_100_000,
    freight_total_cost_user_not: 8_100_000,
    freight_suggested: 700,
    freight_master: 'FRT-CO-001',
    zfrcost_no: 'ZF-001',
    freight_criteria: 'EXCEED',
    assign_reason: 'QUOTA',
    assign_reason_others: 'quota of TRP001 exceeded',
    exclude_approval: false,
    sto_spo_per_shipment: true,
  },
  CUS001: {
    freight_cost: 55,
    freight_total_cost: 550_000,
    freight_total_cost_user_not: 550_000,
    freight_suggested: 40,
    freight_master: 'FRT-REL-001',
    zfrcost_no: 'ZF-REL',
    freight_criteria: 'HIGHER',
    assign_reason: 'OTHERS',
    assign_reason_others: 'customer collects',
    exclude_approval: true,
    sto_spo_per_shipment: true,
  },
} as const;

async function setFreight(orderId: number) {
  for (const [code, values] of Object.entries(FREIGHT)) {
    await db()('order_transporters').where({ order_id: orderId, transporter_code: code }).update(values);
  }
}

/** Another account of a transporter, with the demo transporter's groups. */
async function addTransporterAccount(username: string, code: string) {
  const { id, ...model } = (await db()('users').where('username', 'transporter').first()) as {
    id: number;
  } & Record<string, unknown>;
  const [user] = (await db()('users')
    .insert({ ...model, username, full_name: `Carrier ${code}`, transporter_code: code, email: null })
    .returning('id')) as { id: number }[];
  const groups = (await db()('user_group_members').where('user_id', id).pluck('group_id')) as number[];
  for (const group of groups) await db()('user_group_members').insert({ user_id: user!.id, group_id: group });
}

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  await addTransporterAccount('trp2', 'TRP002');
  // A colleague of the demo transporter (TRP001) whose answer the history shows by name to its own company.
  await addTransporterAccount('trp1b', 'TRP001');
  for (const user of ['admin', 'logistic', 'transporter', 'trp2', 'customer', 'driver']) {
    tokens[user] = await loginAs(t, user);
  }
  const customerOf = (n: number) => ([2, 8].includes(n) ? 'CUS001' : 'CUS002');
  await importErpDocuments(
    db(),
    Array.from({ length: 9 }, (_, i) =>
      sapDocument(doc(i + 1), { header: { Customer_Vendor_Code: customerOf(i + 1) } }),
    ),
    { source: 'sandbox', user: 'test' },
  );
  // A collective order: TRP002 leads, TRP001 carries beside it; both accepted.
  o.COL = await insertOrder(db(), {
    sapDocuments: [doc(1)],
    orderNo: 'ORD-AU-COL',
    transporterCode: 'TRP002',
    moreTransporters: ['TRP001'],
    status: 'ACCEPTED',
    dispatchStatus: 'ACCEPTED',
    columns: { edited_by: 'supervisor', edited_date: new Date() },
  });
  await setFreight(o.COL.id);
  // Its history as the workflow writes it: the assignment, its approval, the lead's answer, an edit's request, a
  // colleague of TRP001 changing nothing but writing a stuffing range.
  const key = (change: string, n: number) => `order:ORD-AU-COL/${change}/${n}`;
  const at = (n: number) => new Date(Date.now() - (10 - n) * 60_000);
  await db()('order_histories').insert(
    [
      ['assign', 'Assigned to TRP002', 'logistic'],
      ['approve', 'Level 1 approved: 900 is fine against 700', 'supervisor'],
      ['accept', null, 'trp2'],
      ['edit-request', 'TRP002 → TRP003; 9000000 → 9500000', 'logistic'],
      ['stuffing-date', '21/10/2026 – 22/10/2026', 'trp1b'],
      ['cancel', 'Customer postponed', 'logistic'],
    ].map(([change, remark, by], n) => ({
      order_id: o.COL!.id,
      status_from: 'ACCEPTED',
      status_to: 'ACCEPTED',
      remark,
      created_by: by,
      created_date: at(n),
      idempotency_key: key(change!, n + 10),
    })),
  );
  // A relation order: CUS001 collects it, waiting for its answer.
  o.REL = await insertOrder(db(), { sapDocuments: [doc(2)], orderNo: 'ORD-AU-REL', relation: true });
  await setFreight(o.REL.id);
  // TRP001's orders: one the approvers still decide on, one they refused, an edit waiting for approval, a waiting
  // one, and two cancelled after TRP001 was asked (one waiting, one accepted).
  o.APR = await insertOrder(db(), {
    sapDocuments: [doc(3)],
    orderNo: 'ORD-AU-APR',
    status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
    columns: {
      workflow_input: {
        orderNo: 'ORD-AU-APR',
        approvalLevels: 1,
        autoRejectMs: 86_400_000,
        transporterCode: 'TRP001',
        approvers: [{ username: 'supervisor', level: 1 }],
      },
    },
  });
  o.EDA = await insertOrder(db(), {
    sapDocuments: [doc(4)],
    orderNo: 'ORD-AU-EDA',
    status: 'WAITING FOR ORDER APPROVAL',
    dispatchStatus: 'ACCEPTED',
    history: ['ACCEPTED', 'WAITING FOR ORDER APPROVAL'],
    columns: {
      workflow_input: {
        orderNo: 'ORD-AU-EDA',
        approvalLevels: 1,
        autoRejectMs: 86_400_000,
        transporterCode: 'TRP001',
        approvers: [{ username: 'supervisor', level: 1 }],
      },
    },
  });
  o.CXW = await insertOrder(db(), {
    sapDocuments: [doc(5)],
    orderNo: 'ORD-AU-CXW',
    status: 'CANCELLED',
    dispatchStatus: 'WAITING',
  });
  o.CXA = await insertOrder(db(), {
    sapDocuments: [doc(6)],
    orderNo: 'ORD-AU-CXA',
    status: 'CANCELLED',
    dispatchStatus: 'ACCEPTED',
  });
  o.WAI = await insertOrder(db(), { sapDocuments: [doc(7)], orderNo: 'ORD-AU-WAI' });
  o.RCX = await insertOrder(db(), {
    sapDocuments: [doc(8)],
    orderNo: 'ORD-AU-RCX',
    relation: true,
    status: 'CANCELLED',
    dispatchStatus: 'WAITING',
  });
  o.ARJ = await insertOrder(db(), {
    sapDocuments: [doc(9)],
    orderNo: 'ORD-AU-ARJ',
    status: 'REJECTED',
    dispatchStatus: null,
  });
  companyName = (
    (await db()('companies as c')
      .join('orders as o', 'o.company_code', 'c.company_code')
      .where('o.id', o.COL.id)
      .first('c.company_name')) as { company_name: string }
  ).company_name;
  Object.assign(t.deps, { orderWorkflows: stubOrderWorkflows() });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const get = (path: string, user: string, language = 'en') =>
  t.request().get(path).set('Authorization', tokens[user]!).set('language', language);
const post = (path: string, user: string, body: object, language = 'en') =>
  t.request().post(path).set('Authorization', tokens[user]!).set('language', language).send(body);

type Json = Record<string, unknown>;
const has = (row: Json, field: string) => Object.prototype.hasOwnProperty.call(row, field);

/** Who reads, and the order they read of the collective one: the lead carrier, the second, staff. */
const READERS = {
  staff: { user: 'logistic', order: 'COL', own: 'TRP002' },
  lead: { user: 'trp2', order: 'COL', own: 'TRP002' },
  second: { user: 'transporter', order: 'COL', own: 'TRP001' },
  relation: { user: 'customer', order: 'REL', own: 'CUS001' },
} as const;
type Reader = keyof typeof READERS;
const OUTSIDE: Reader[] = ['lead', 'second', 'relation'];

/** [field, whether staff read it, whether an outside party reads it] of data.header. */
const HEADER_FIELDS: [string, boolean, boolean][] = [
  ['Freight_Suggested', true, false],
  ['Assign_Reason', true, false],
  ['Assign_Reason_Others', true, false],
  ['freight_master', true, false],
  ['Freight_Cost', true, true],
  ['Freight_Cost_Value', true, true],
  ['Freight_Cost_UOM', true, true],
  ['Freight_Per', true, true],
  ['Freight_Total_Cost_User_NoT', true, true],
  ['User_NoT', true, true],
  ['System_NoT', true, true],
  ['Truck_Rental', true, true],
  ['Order_No', true, true],
  ['Status', true, true],
  ['Transporter_Code', true, true],
  ['Company_Name', true, true],
  ['Details', true, true],
  ['Created_By', true, true],
  ['Edited_By', true, true],
];

/** [field, whether staff read it, whether an outside party reads it] of each data.assign.transporters row. */
const TRANSPORTER_FIELDS: [string, boolean, boolean][] = [
  ['transporter_code', true, true],
  ['freight_cost', true, true],
  ['freight_total_cost', true, true],
  ['freight_total_cost_user_not', true, true],
  ['freight_per', true, true],
  ['freight_uom', true, true],
  ['user_not', true, true],
  ['system_not', true, true],
  ['truck_capacity', true, true],
  ['freight_suggested', true, false],
  ['freight_criteria', true, false],
  ['assign_reason', true, false],
  ['assign_reason_others', true, false],
  ['freight_master', true, false],
  ['zfrcost_no', true, false],
  ['exclude_approval', true, false],
  ['sto_spo_per_shipment', true, false],
];

/** [field, whether staff read it, whether an outside party reads it] of each line (Details). */
const LINE_FIELDS: [string, boolean, boolean][] = [
  ['Item_No', true, true],
  ['Material_Code', true, true],
  ['Qty', true, true],
  ['os_qty', true, true],
  ['UOM', true, true],
  ['sap_os_qty', true, false],
  ['sap_order_detail_id', true, false],
  ['so_factory_result', true, false],
];

const cases = <F>(table: [string, boolean, boolean][], readers: Reader[], extra: (r: Reader) => F) =>
  table.flatMap(([field, staff, outside]) =>
    readers.map((reader) => [field, reader, reader === 'staff' ? staff : outside, extra(reader)] as const),
  );
const ALL_READERS: Reader[] = ['staff', ...OUTSIDE];

describe('item 3: an outside party reads its own rate and cost, nothing of the pricing or the other carriers', () => {
  const views = new Map<string, Json>();
  const read = async (reader: Reader, mode: 'view' | 'edit') => {
    const key = `${reader}/${mode}`;
    if (!views.has(key)) {
      const { user, order } = READERS[reader];
      const res = await get(`/api/order/${o[order]!.id}/${mode}`, user);
      expect([key, res.status]).toEqual([key, 200]);
      views.set(key, res.body.data as Json);
    }
    return views.get(key)!;
  };

  test.each(cases(HEADER_FIELDS, ALL_READERS, () => null))(
    'given the order/{id}/view answer, when its header is read, then %s is there for %s: %s',
    async (field, reader, present) => {
      for (const mode of ['view', 'edit'] as const) {
        const header = (await read(reader, mode)).header as Json;
        expect([mode, field, has(header, field)]).toEqual([mode, field, present]);
      }
    },
  );

  test.each(cases(TRANSPORTER_FIELDS, ALL_READERS, () => null))(
    'given the order/{id}/view answer, when data.assign.transporters is read, then %s is in each row for %s: %s',
    async (field, reader, present) => {
      for (const mode of ['view', 'edit'] as const) {
        const rows = ((await read(reader, mode)).assign as { transporters: Json[] }).transporters;
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect([mode, field, has(row, field)]).toEqual([mode, field, present]);
      }
    },
  );

  test.each(cases(LINE_FIELDS, ALL_READERS, () => null))(
    'given the order/{id}/view answer, when its lines are read, then %s is in each line for %s: %s',
    async (field, reader, present) => {
      const lines = ((await read(reader, 'view')).header as { Details: Json[] }).Details;
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect([field, has(line, field)]).toEqual([field, present]);
    },
  );

  test("given a collective order of TRP002 (900) and TRP001 (810), when each carrier and staff read it, then each carrier reads only its own row and rate, and staff read both with the lead's in the header", async () => {
    const staff = await read('staff', 'view');
    expect(
      (staff.assign as { transporters: Json[] }).transporters.map((r) => [
        r.transporter_code,
        r.freight_cost,
      ]),
    ).toEqual([
      ['TRP002', 900],
      ['TRP001', 810],
    ]);
    expect((staff.header as Json).Freight_Cost).toBe(900);
    expect((staff.header as Json).Freight_Suggested).toBe(700);
    for (const reader of OUTSIDE) {
      const { own } = READERS[reader];
      const data = await read(reader, 'view');
      const rows = (data.assign as { transporters: Json[] }).transporters;
      expect([reader, rows.map((r) => r.transporter_code)]).toEqual([reader, [own]]);
      expect([reader, (data.header as Json).Freight_Cost]).toEqual([reader, FREIGHT[own].freight_cost]);
      expect([reader, (data.header as Json).Freight_Total_Cost_User_NoT]).toEqual([
        reader,
        FREIGHT[own].freight_total_cost_user_not,
      ]);
      // Nothing of another carrier or of the company's pricing anywhere in the answer.
      const text = JSON.stringify(data);
      for (const [code, values] of Object.entries(FREIGHT)) {
        if (code === own) continue;
        expect([reader, text.includes(String(values.freight_total_cost))]).toEqual([reader, false]);
        expect([reader, text.includes(values.freight_master)]).toEqual([reader, false]);
      }
      for (const secret of [
        FREIGHT[own].freight_master,
        FREIGHT[own].zfrcost_no,
        FREIGHT[own].assign_reason_others,
        FREIGHT[own].freight_criteria,
      ]) {
        expect([reader, secret, text.includes(secret)]).toEqual([reader, secret, false]);
      }
    }
  });

  test.each(
    cases(
      HEADER_FIELDS.filter(([f]) => !/^(Freight_|freight_|User_NoT|System_NoT|Truck_Rental|Assign_)/.test(f)),
      ALL_READERS,
      () => null,
    ),
  )(
    'given the order list, when a row is read, then %s is there for %s: %s',
    async (field, reader, present) => {
      const { user, order } = READERS[reader];
      const res = await post('/api/order/list', user, {
        filters: [{ field: 'Order_No', value: o[order]!.orderNo, matchMode: 'contains' }],
      });
      expect(res.status).toBe(200);
      const row = (res.body.data as Json[])[0]!;
      expect([field, has(row, field)]).toEqual([field, present]);
      for (const [name, staff, outside] of LINE_FIELDS) {
        for (const line of row.Details as Json[])
          expect([name, has(line, name)]).toEqual([name, reader === 'staff' ? staff : outside]);
      }
    },
  );

  test("given the collective order in the list, when its second carrier reads it, then its transporters' codes are its own only; staff read both", async () => {
    const codes = async (user: string) => {
      const res = await post('/api/order/list', user, {
        filters: [{ field: 'Order_No', value: 'ORD-AU-COL', matchMode: 'contains' }],
      });
      return (res.body.data as Json[])[0]!.transporter_codes;
    };
    expect(await codes('logistic')).toEqual(['TRP002', 'TRP001']);
    expect(await codes('transporter')).toEqual(['TRP001']);
    expect(await codes('trp2')).toEqual(['TRP002']);
  });
});

describe('item 9: an outside party reads no staff username, approver or Temporal link', () => {
  test.each([
    ['staff', 'logistic', 'supervisor'],
    ['lead', 'company', 'company'],
    ['second', 'company', 'company'],
  ] as const)(
    "given the collective order created by 'logistic' and edited by 'supervisor', when %s read it (view, list, export), then Created_By and Edited_By are the staff's names for staff and the company's name for a carrier",
    async (reader, createdBy, editedBy) => {
      const { user } = READERS[reader];
      const name = (v: string) => (v === 'company' ? companyName : v);
      const view = (await get(`/api/order/${o.COL!.id}/view`, user)).body.data.header as Json;
      expect([view.Created_By, view.Edited_By]).toEqual([name(createdBy), name(editedBy)]);
      const list = await post('/api/order/list', user, {
        filters: [{ field: 'Order_No', value: 'ORD-AU-COL', matchMode: 'contains' }],
      });
      const row = (list.body.data as Json[])[0]!;
      expect([row.Created_By, row.Edited_By]).toEqual([name(createdBy), name(editedBy)]);
      const file = await downloadFile(
        t,
        '/api/order/export',
        { Authorization: tokens[user]!, language: 'en' },
        { format: 'csv', filters: [{ field: 'Order_No', value: 'ORD-AU-COL', matchMode: 'contains' }] },
      );
      expect(file.status).toBe(200);
      const [header, line] = parseCsv(file.body.toString('utf8').replace(/^\uFEFF/, ''));
      const cell = (label: string) => line![header!.indexOf(label)];
      expect([cell('Created By'), cell('Edited By')]).toEqual([name(createdBy), name(editedBy)]);
      if (reader !== 'staff') expect(file.body.toString('utf8')).not.toMatch(/logistic|supervisor/);
    },
  );

  test('given a transporter, when it filters the list or the export by a user column, then 400 names the filter and nothing is answered; staff may', async () => {
    for (const field of ['Created_By', 'Edited_By']) {
      const body = { filters: [{ field, value: 'log', matchMode: 'contains' }] };
      for (const path of ['/api/order/list', '/api/order/export']) {
        const res = await post(path, 'transporter', { ...body, format: 'csv' });
        expect([path, field, res.status, res.body.message_code]).toEqual([path, field, 400, 'VALIDATION']);
        expect(res.body.data).toBeUndefined();
      }
      expect((await post('/api/order/list', 'logistic', body)).status).toBe(200);
    }
  });

  test("given the collective order's history, when staff and each carrier read it, then staff read every name and remark; a carrier reads its own company's names, the company's name for staff, and no approval or edit remark", async () => {
    const history = async (user: string) => {
      const res = await get(`/api/order/view_history/${o.COL!.id}`, user);
      expect(res.status).toBe(200);
      return (res.body.data as Json[])
        .filter((r) => r.Change !== 'test')
        .map((r) => [r.Change, r.Created_By, r.Remark]);
    };
    expect(await history('logistic')).toEqual([
      ['assign', 'logistic', 'Assigned to TRP002'],
      ['approve', 'supervisor', 'Level 1 approved: 900 is fine against 700'],
      ['accept', 'trp2', null],
      // The edit's summary as the screens show it (remarks.ts): its parts named, its numbers grouped.
      [
        'edit-request',
        'logistic',
        'Transporter TRP002 → TRP003; Total freight cost 9,000,000.00 → 9,500,000.00',
      ],
      ['stuffing-date', 'trp1b', '21/10/2026 – 22/10/2026'],
      ['cancel', 'logistic', 'Customer postponed'],
    ]);
    expect(await history('trp2')).toEqual([
      ['assign', companyName, 'Assigned to TRP002'],
      ['approve', companyName, null],
      ['accept', 'trp2', null],
      ['edit-request', companyName, null],
      ['stuffing-date', companyName, '21/10/2026 – 22/10/2026'],
      ['cancel', companyName, 'Customer postponed'],
    ]);
    // TRP001 reads its colleague's name, not TRP002's account, and not the assignment to TRP002.
    expect(await history('transporter')).toEqual([
      ['assign', companyName, null],
      ['approve', companyName, null],
      ['accept', companyName, null],
      ['edit-request', companyName, null],
      ['stuffing-date', 'trp1b', '21/10/2026 – 22/10/2026'],
      ['cancel', companyName, 'Customer postponed'],
    ]);
    const first = (
      (await get(`/api/order/view_history/${o.COL!.id}`, 'transporter')).body.data as Json[]
    )[0]!;
    expect(Object.keys(first).sort()).toEqual(
      ['Change', 'Created_By', 'Created_Date', 'Remark', 'Status_From', 'Status_To'].sort(),
    );
  });

  test.each([
    ['en', 'internal approvers'],
    ['id', 'penyetuju internal'],
  ])(
    'given an edit of its order waiting for approval, when the transporter reads the process (%s), then it waits for internal approval, named by a neutral label, with no Temporal id or link; staff read the approvers and the link',
    async (language, label) => {
      const outside = await get(`/api/order/process/${o.EDA!.id}`, 'transporter', language);
      expect(outside.status).toBe(200);
      expect(outside.body.data).toMatchObject({
        Status: 'WAITING FOR ORDER APPROVAL',
        awaiting: { kind: 'approval', level: 1, approvers: [label] },
        workflow_id: null,
        workflow_url: null,
      });
      expect(JSON.stringify(outside.body)).not.toMatch(/supervisor|namespaces|order:ORD/);
      const staff = await get(`/api/order/process/${o.EDA!.id}`, 'logistic', language);
      expect(staff.body.data).toMatchObject({
        awaiting: { kind: 'approval', level: 1, approvers: ['supervisor'] },
        workflow_id: 'order:ORD-AU-EDA',
        workflow_url: expect.stringContaining('/workflows/order%3AORD-AU-EDA'),
      });
    },
  );

  test('given orders the approvers still decide on or refused, when their transporter looks for them (list, tabs, view, edit, history, process, answer), then it does not find them; staff do', async () => {
    for (const order of [o.APR!, o.ARJ!]) {
      const listed = await post('/api/order/list', 'transporter', {
        filters: [{ field: 'Order_No', value: order.orderNo, matchMode: 'contains' }],
      });
      expect([order.orderNo, listed.body.totalRecords]).toEqual([order.orderNo, 0]);
      for (const path of [
        `/api/order/${order.id}/view`,
        `/api/order/${order.id}/edit`,
        `/api/order/view_history/${order.id}`,
        `/api/order/process/${order.id}`,
      ]) {
        expect([path, (await get(path, 'transporter')).status]).toEqual([path, 404]);
        expect([path, (await get(path, 'logistic')).status]).toEqual([path, 200]);
      }
      const answer = await post('/api/order/transporter_action', 'transporter', [
        { id: order.id, status: 'ACCEPTED' },
      ]);
      expect((answer.body.data.data as Json[])[0]).toMatchObject({ success: false });
    }
    const all = await post('/api/order/list', 'transporter', { rows: 50 });
    const numbers = (all.body.data as Json[]).map((r) => r.Order_No);
    expect(numbers).not.toContain('ORD-AU-APR');
    expect(numbers).not.toContain('ORD-AU-ARJ');
  });

  test('given an order in approval, when the approvers let it go to its transporter (it gets its answer WAITING), then the transporter lists and counts it', async () => {
    const before = await answerCounts('transporter');
    await db()('orders')
      .where('id', o.APR!.id)
      .update({
        status: 'ASSIGNED TO TRANSPORTER',
        dispatch_status: 'WAITING',
        auto_reject_date: new Date(Date.now() + 86_400_000),
      });
    try {
      expect(await answerCounts('transporter')).toMatchObject({
        ALL: before.ALL! + 1,
        WAITING: before.WAITING! + 1,
      });
      expect(await tabNumbers('transporter', 'WAITING')).toContain('ORD-AU-APR');
    } finally {
      await db()('orders').where('id', o.APR!.id).update({
        status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
        dispatch_status: null,
        auto_reject_date: null,
      });
    }
  });

  test('given a driver, when it asks any order read, then it is refused and reads nothing', async () => {
    for (const [method, path] of [
      ['post', '/api/order/list'],
      ['post', '/api/order/export'],
      ['get', '/api/order/master_list'],
      ['get', `/api/order/${o.WAI!.id}/view`],
      ['get', `/api/order/view_history/${o.WAI!.id}`],
      ['get', `/api/order/process/${o.WAI!.id}`],
    ] as const) {
      const res =
        method === 'get' ? await get(path, 'driver') : await post(path, 'driver', { format: 'csv' });
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.data).toBeUndefined();
    }
  });
});

/** The answer tabs' counts of the master list. */
async function answerCounts(user: string): Promise<Record<string, number>> {
  const res = await get('/api/order/master_list', user);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data.transporter_status as { code: string; count: number }[]).map((s) => [s.code, s.count]),
  );
}

/** The order numbers of an answer tab, asked as the console asks it (ALL with a Dispatch_Status filter). */
async function tabNumbers(user: string, answer: string): Promise<string[]> {
  const res = await post('/api/order/list', user, {
    rows: 50,
    tab_status: 'ALL',
    filters: [{ field: 'Dispatch_Status', value: answer, matchMode: 'equals' }],
  });
  expect(res.status).toBe(200);
  expect(res.body.totalRecords).toBe((res.body.data as Json[]).length);
  return (res.body.data as Json[]).map((r) => r.Order_No as string).sort();
}

describe('item 10: the answer tabs and their counts leave cancelled orders out', () => {
  test("given TRP001's orders, two of them cancelled after it was asked, when the transporter reads its tabs (as a tab or as the console's filter) and their counts, then WAITING and ACCEPTED hold no cancelled order, agree with their counts, and ALL holds every order put to it", async () => {
    const counts = await answerCounts('transporter');
    expect(counts).toEqual({ ALL: 5, WAITING: 1, ACCEPTED: 2, REJECTED: 0, 'AUTO REJECTED': 0 });
    expect(await tabNumbers('transporter', 'WAITING')).toEqual(['ORD-AU-WAI']);
    expect(await tabNumbers('transporter', 'ACCEPTED')).toEqual(['ORD-AU-COL', 'ORD-AU-EDA']);
    for (const tab of ['WAITING', 'ACCEPTED']) {
      const res = await post('/api/order/list', 'transporter', { rows: 50, tab_status: tab });
      expect([tab, res.body.totalRecords]).toEqual([tab, counts[tab]]);
      expect((res.body.data as Json[]).some((r) => r.Status === 'CANCELLED')).toBe(false);
    }
    const all = await post('/api/order/list', 'transporter', { rows: 50 });
    expect(all.body.totalRecords).toBe(5);
    expect((all.body.data as Json[]).map((r) => r.Order_No).sort()).toEqual(
      ['ORD-AU-COL', 'ORD-AU-CXA', 'ORD-AU-CXW', 'ORD-AU-EDA', 'ORD-AU-WAI'].sort(),
    );
    // A filter beside the tab counts by the page query: the same rows.
    const filtered = await post('/api/order/list', 'transporter', {
      rows: 50,
      tab_status: 'WAITING',
      filters: [{ field: 'Order_No', value: 'ORD-AU', matchMode: 'contains' }],
    });
    expect(filtered.body.totalRecords).toBe(1);
  });

  test('given the customer CUS001 with a waiting relation order and a cancelled one, when it reads its tabs and counts, then WAITING holds the live one only and agrees with its count', async () => {
    expect(await answerCounts('customer')).toEqual({
      ALL: 2,
      WAITING: 1,
      ACCEPTED: 0,
      REJECTED: 0,
      'AUTO REJECTED': 0,
    });
    expect(await tabNumbers('customer', 'WAITING')).toEqual(['ORD-AU-REL']);
    const res = await post('/api/order/list', 'customer', { tab_status: 'WAITING' });
    expect(res.body.totalRecords).toBe(1);
  });

  test('given the same orders, when the transporter exports its WAITING tab as the console asks it, then the file holds the live waiting order only', async () => {
    const file = await downloadFile(
      t,
      '/api/order/export',
      { Authorization: tokens.transporter!, language: 'en' },
      { format: 'csv', filters: [{ field: 'Dispatch_Status', value: 'WAITING', matchMode: 'equals' }] },
    );
    const [header, ...rows] = parseCsv(file.body.toString('utf8').replace(/^\uFEFF/, ''));
    const orderNo = header!.indexOf('Order No.');
    expect(rows.filter((r) => r.length > 1).map((r) => r[orderNo])).toEqual(['ORD-AU-WAI']);
  });
});
