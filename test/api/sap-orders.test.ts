// The SAP order list, its master list and the editor through the real app on a real database with the master
// demo: tabs with exact counts, sorts, contains and date filters, the whitelist (400), row Details and flags;
// view / edit / create reads, 404 and 422; creating a manual order (document number, WAITING FOR APPROVAL, the
// approvals row and the approval seam), the editor's server-side rules, editing, the "sync before save" rule
// with the sandbox ERP (refused "NOT OK", accepted after a sync, a failed sync answered with SAP's message and
// code and logged), company/plant authorisation, and 403 for a user without SAPOrder rights.
import { importErpDocuments } from '../../api/erp/import';
import type { SapApprovalWorkflowStart } from '../../api/sap-orders/approval';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { manualPoBody, putInSandbox, sapDocument, type OrderJson } from '../support/sap-orders';

let t: TestApp;
let admin: string;
let logistic: string;
let warehouse: string;
const started: SapApprovalWorkflowStart[] = [];

const db = () => t.deps.db;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  Object.assign(t.deps, {
    startSapApprovalWorkflow: (start: SapApprovalWorkflowStart) => {
      started.push(start);
      return Promise.resolve();
    },
  });
  admin = await loginAs(t, 'admin');
  logistic = await loginAs(t, 'logistic');
  warehouse = await loginAs(t, 'warehouse');
  // Ten documents from SAP: SO of companies 1000 and 2000 over ten days, and two POs.
  const docs = [
    ...Array.from({ length: 8 }, (_, i) =>
      sapDocument(`00100${String(i + 1).padStart(5, '0')}`, {
        company: i % 2 ? '2000' : '1000',
        date: `2026-10-${String(i + 1).padStart(2, '0')}`,
        header: { Customer_Vendor_Code: i < 4 ? 'CUS001' : 'CUS002' },
      }),
    ),
    sapDocument('4500010001', { orderType: 'PO', date: '2026-10-09' }),
    sapDocument('4500010002', { orderType: 'PO', date: '2026-10-10', company: '3000' }),
  ];
  await importErpDocuments(db(), docs, { source: 'sandbox', user: 'test' });
  // One fully assigned (no outstanding quantity), one rejected, one with orders.
  const id = async (no: string) =>
    ((await db()('sap_orders').where({ document_no: no }).first('id')) as { id: number }).id;
  await db()('sap_order_details')
    .where('sap_order_id', await id('0010000001'))
    .update({ os_qty: 0 });
  await db()('sap_orders').where({ document_no: '0010000002' }).update({ status: 'REJECTED' });
  await db()('sap_orders').where({ document_no: '0010000003' }).update({ has_order: true });
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, token: string, body: unknown, language = 'en') =>
  t
    .request()
    .post(path)
    .set('Authorization', token)
    .set('language', language)
    .send(body as object);
const get = (path: string, token: string, language = 'en') =>
  t.request().get(path).set('Authorization', token).set('language', language);

async function tabCounts(): Promise<Record<string, number>> {
  const res = await get('/api/saporder/master_list', admin);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data.tab_status as { code: string; count: number }[]).map((tab) => [tab.code, tab.count]),
  );
}

describe('GET /api/saporder/master_list', () => {
  test('given SAP orders in every state, when the master list is read, then the tabs come ALL first with exact counts, and statuses and shipment types are localised', async () => {
    const res = await get('/api/saporder/master_list', admin, 'id');
    expect(res.status).toBe(200);
    const tabs = res.body.data.tab_status as { code: string; text: string; count: number }[];
    expect(tabs.map((tab) => tab.code)).toEqual([
      'ALL',
      'WAITING FOR APPROVAL',
      'OUTSTANDING',
      'ASSIGNED',
      'REJECTED',
    ]);
    const actual = (await db()('sap_orders')
      .groupBy('tab_status')
      .select('tab_status', db().raw('count(*)::int as n'))) as {
      tab_status: string;
      n: number;
    }[];
    const expected = Object.fromEntries(actual.map((a) => [a.tab_status, a.n]));
    for (const tab of tabs.slice(1))
      expect([tab.code, tab.count]).toEqual([tab.code, expected[tab.code] ?? 0]);
    expect(tabs[0]!.count).toBe(actual.reduce((s, a) => s + a.n, 0));
    expect(tabs[0]!.text).toBe('Semua');
    expect(res.body.data.status).toContainEqual({ code: 'REJECTED', text: 'Ditolak' });
    expect(res.body.data.shipment_type).toContainEqual(
      expect.objectContaining({ code: 'RELATION', category: 'RELATION' }),
    );
  });
});

describe('POST /api/saporder/list', () => {
  test('given contains filters on the company, plant and customer/vendor codes (answered through their values), when the list is read, then it finds exactly the rows an ilike finds, a code changed later included', async () => {
    // A code no order had before, set by an update: the update trigger must make it findable.
    const po = db()('sap_orders').where({ document_no: '4500010001' });
    const { customer_vendor_code: vendor } = (await po.clone().first('customer_vendor_code')) as {
      customer_vendor_code: string;
    };
    await po.clone().update({ customer_vendor_code: 'VENX42' });
    const cases: [string, string, string][] = [
      ['Customer_Vendor_Code', 'customer_vendor_code', 'cus00'],
      ['Customer_Vendor_Code', 'customer_vendor_code', 'us001'],
      ['Customer_Vendor_Code', 'customer_vendor_code', 'x4'],
      ['Customer_Vendor_Code', 'customer_vendor_code', '%'],
      ['Company_Code', 'company_code', '00'],
      ['Company_Code', 'company_code', '3'],
      ['Plant', 'plant', '1'],
      ['Plant', 'plant', 'nothing'],
    ];
    for (const [field, column, value] of cases) {
      const res = await post('/api/saporder/list', admin, {
        rows: 1000,
        filters: [{ field, value, matchMode: 'contains' }],
      });
      expect(res.status).toBe(200);
      const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
      const expected = (await db()('sap_orders')
        .whereRaw(`${column} ilike ?`, [`%${escaped}%`])
        .orderBy('id', 'desc')
        .pluck('id')) as number[];
      expect({ field, value, ids: (res.body.data as { Id: number }[]).map((r) => r.Id) }).toEqual({
        field,
        value,
        ids: expected,
      });
      expect(res.body.totalRecords).toBe(expected.length);
    }
    const found = await post('/api/saporder/list', admin, {
      filters: [{ field: 'Customer_Vendor_Code', value: 'venx', matchMode: 'contains' }],
    });
    expect((found.body.data as OrderJson[]).map((r) => r.Document_No)).toEqual(['4500010001']);
    await po.clone().update({ customer_vendor_code: vendor });
  });

  test('given contains and startsWith filters on the document number (answered through its gram index: fragments of up to six characters as a prefix of a gram, longer ones as the grams that cover them) and on other text columns, when the list is read, then it finds exactly the rows an ilike finds, odd characters and later updates included', async () => {
    // A document number with letters of both cases, a quote, a backslash, a space and the LIKE wildcards, set by
    // an update.
    const { id } = (await db()('sap_orders').where({ document_no: '4500010001' }).first('id')) as {
      id: number;
    };
    const order = db()('sap_orders').where({ id });
    await order.clone().update({ document_no: "Po-Ab'C\\x %_9" });
    const cases: [string, string, string, 'contains' | 'startsWith'][] = [
      ['Document_No', 'document_no', '0001', 'contains'],
      ['Document_No', 'document_no', '00000', 'contains'],
      ['Document_No', 'document_no', '45', 'startsWith'],
      ['Document_No', 'document_no', '01', 'startsWith'],
      ['Document_No', 'document_no', '99999999999', 'contains'],
      ['Document_No', 'document_no', 'ab', 'contains'],
      ['Document_No', 'document_no', "B'c\\X %", 'contains'],
      ['Document_No', 'document_no', '%_9', 'contains'],
      ['Document_No', 'document_no', 'po-', 'startsWith'],
      ['Document_No', 'document_no', ' %_', 'contains'],
      ['Document_No', 'document_no', "Po-Ab'C\\x %_9", 'contains'],
      ['Document_No', 'document_no', "-aB'c\\x", 'contains'],
      ['Document_No', 'document_no', '4500010', 'contains'],
      ['Document_No', 'document_no', '0000001', 'contains'],
      ['Document_No', 'document_no', '450001000', 'startsWith'],
      ['Document_No', 'document_no', '0010000002', 'contains'],
      ['Document_No', 'document_no', '0100000', 'contains'],
      ['Delivery_Order_No', 'delivery_order_no', '8', 'contains'],
      ['PO_No', 'po_no', '0', 'contains'],
      ['Incoterm', 'incoterm', 'fR', 'contains'],
    ];
    for (const [field, column, value, matchMode] of cases) {
      const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
      const pattern = matchMode === 'startsWith' ? `${escaped}%` : `%${escaped}%`;
      const expected = (await db()('sap_orders')
        .whereRaw(`${column} ilike ?`, [pattern])
        .orderBy('id', 'desc')
        .pluck('id')) as number[];
      const res = await post('/api/saporder/list', admin, {
        rows: 1000,
        filters: [{ field, value, matchMode }],
      });
      expect(res.status).toBe(200);
      expect({ field, value, ids: (res.body.data as { Id: number }[]).map((r) => r.Id) }).toEqual({
        field,
        value,
        ids: expected,
      });
      expect(res.body.totalRecords).toBe(expected.length);
      // A later page, sorted on another column, and a page past the end carry the same total.
      const paged = await post('/api/saporder/list', admin, {
        start: 2,
        rows: 3,
        sorts: [{ field: 'Document_Date', order: 'asc' }],
        filters: [{ field, value, matchMode }],
      });
      expect(paged.body.totalRecords).toBe(expected.length);
      expect(paged.body.data).toHaveLength(Math.min(3, Math.max(0, expected.length - 2)));
      const past = await post('/api/saporder/list', admin, {
        start: expected.length + 30,
        rows: 15,
        filters: [{ field, value, matchMode }],
      });
      expect([past.body.totalRecords, past.body.data]).toEqual([expected.length, []]);
    }
    await order.clone().update({ document_no: '4500010001' });
  });

  test('given the company, plant and customer/vendor pinned with an incoterm and a document-number fragment (a short one checked on the filter index, a long one through the gram index), when the list is read in a tab, sorted and paged, then it finds exactly the rows an ilike of every filter finds', async () => {
    const first = (await db()('sap_orders').where({ document_no: '0010000001' }).first()) as Record<
      string,
      string
    >;
    const codes = {
      Company_Code: first.company_code!,
      Plant: first.plant!.slice(1),
      Customer_Vendor_Code: 'cus00',
      Incoterm: first.incoterm!.slice(0, 2).toLowerCase(),
    };
    const columnOf = (field: string) => (field === 'Plant' ? 'plant' : field.toLowerCase());
    for (const documentNo of ['1', '0001', '00000', '001000', '0010000005', '99999999']) {
      for (const tab of ['ALL', 'OUTSTANDING', 'REJECTED']) {
        const filters = [
          ...Object.entries(codes).map(([field, value]) => ({ field, value, matchMode: 'contains' })),
          { field: 'Document_No', value: documentNo, matchMode: 'contains' },
        ];
        const truth = db()('sap_orders');
        for (const f of filters) truth.whereRaw(`${columnOf(f.field)} ilike ?`, [`%${f.value}%`]);
        if (tab !== 'ALL') truth.where('tab_status', tab);
        const expected = (await truth
          .clone()
          .orderBy('document_date', 'asc')
          .orderBy('id', 'desc')
          .pluck('id')) as number[];
        const res = await post('/api/saporder/list', admin, {
          rows: 1000,
          tab_status: tab,
          sorts: [{ field: 'Document_Date', order: 'asc' }],
          filters,
        });
        expect(res.status).toBe(200);
        expect({ documentNo, tab, ids: (res.body.data as { Id: number }[]).map((r) => r.Id) }).toEqual({
          documentNo,
          tab,
          ids: expected,
        });
        expect(res.body.totalRecords).toBe(expected.length);
        const paged = await post('/api/saporder/list', admin, {
          start: 1,
          rows: 2,
          tab_status: tab,
          filters,
        });
        expect({ documentNo, tab, ids: (paged.body.data as { Id: number }[]).map((r) => r.Id) }).toEqual({
          documentNo,
          tab,
          ids: [...expected].sort((a, b) => b - a).slice(1, 3),
        });
        expect(paged.body.totalRecords).toBe(expected.length);
      }
    }
    // The cases above are not all empty: the short fragment finds the company's SOs.
    const some = await post('/api/saporder/list', admin, {
      filters: [
        ...Object.entries(codes).map(([field, value]) => ({ field, value, matchMode: 'contains' })),
        { field: 'Document_No', value: '1', matchMode: 'contains' },
      ],
    });
    expect(some.body.totalRecords).toBeGreaterThan(1);
  });

  test('given a page of the list (written by PostgreSQL as JSON), when its rows are compared with the editor, then every field, timestamp and line reads the same', async () => {
    await db()('sap_orders')
      .where({ document_no: '0010000005' })
      .update({
        edited_date: new Date('2026-10-05T03:04:05.678Z'),
        edited_by: 'logistic',
        freight_cost: 12.5,
      });
    for (const language of ['en', 'id']) {
      const res = await post('/api/saporder/list', admin, { rows: 100 }, language);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const rows = res.body.data as OrderJson[];
      expect(rows.length).toBeGreaterThanOrEqual(10);
      for (const row of rows) {
        const view = await get(`/api/saporder/${row.Id as number}/view`, admin, language);
        const { Details, ...header } = view.body.data.header as OrderJson;
        const { can_edit, can_assign_transporter, can_view_orders, Details: lines, ...listed } = row;
        expect([typeof can_edit, typeof can_assign_transporter, typeof can_view_orders]).toEqual([
          'boolean',
          'boolean',
          'boolean',
        ]);
        for (const [field, value] of Object.entries(listed)) {
          if (field === 'qty_total' || field === 'os_qty_total') continue;
          expect({ field, value }).toEqual({ field, value: header[field] });
        }
        expect(lines).toEqual(Details);
      }
      const edited = rows.find((r) => r.Document_No === '0010000005')!;
      expect(edited).toMatchObject({
        Edited_Date: '2026-10-05T03:04:05.678Z',
        Edited_By: 'logistic',
        Freight_Cost: 12.5,
      });
      expect(typeof edited.Created_Date).toBe('string');
      expect(new Date(edited.Created_Date as string).toISOString()).toBe(edited.Created_Date);
    }
  });

  test('given the default request, when the list is read, then it is the newest first with totalRecords, each row with its Details (material name) and flags', async () => {
    const res = await post('/api/saporder/list', logistic, {});
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(
      await db()('sap_orders')
        .count({ n: '*' })
        .then((r) => Number(r[0]!.n)),
    );
    const ids = (res.body.data as { Id: number }[]).map((r) => r.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const row = (res.body.data as OrderJson[]).find((r) => r.Document_No === '0010000004')!;
    expect(row).toMatchObject({
      Type: 'SYNC SAP',
      Company_Code: '2000',
      order_type_name: 'SO',
      Document_Date: '2026-10-04',
      Status: 'APPROVED',
      tab_status: 'OUTSTANDING',
      has_order: false,
      // An approved order from SAP: its warehouse, shipment type and delivery address may be edited.
      can_edit: true,
      can_assign_transporter: true,
      can_view_orders: false,
    });
    expect(row.Details).toEqual([
      expect.objectContaining({
        Item_No: '000010',
        material_name: 'Crude Palm Oil',
        Qty: 25,
        os_qty: 25,
        real_qty: 0,
        UOM: 'TON',
      }),
      expect.objectContaining({ Item_No: '000020', Qty: 26 }),
    ]);
  });

  test('given each tab, when the list is asked for it, then only its rows come and totalRecords equals the master list count', async () => {
    const counts = await tabCounts();
    for (const tab of ['OUTSTANDING', 'ASSIGNED', 'REJECTED', 'ALL']) {
      const res = await post('/api/saporder/list', admin, { tab_status: tab, rows: 100 });
      expect([tab, res.status, res.body.totalRecords]).toEqual([tab, 200, counts[tab]]);
      if (tab !== 'ALL') {
        for (const r of res.body.data as { tab_status: string }[]) expect(r.tab_status).toBe(tab);
      }
    }
    const assigned = await post('/api/saporder/list', admin, { tab_status: 'ASSIGNED' });
    expect((assigned.body.data as { Document_No: string }[]).map((r) => r.Document_No)).toEqual([
      '0010000001',
    ]);
  });

  test('given a sort, contains filters, a date range and a has_order filter, when the list is read, then it is sorted and narrowed accordingly', async () => {
    const sorted = await post('/api/saporder/list', admin, {
      sorts: [{ field: 'Document_Date', order: 'ASC' }],
      filters: [{ field: 'order_type_name', value: 'so', matchMode: 'contains' }],
      rows: 50,
    });
    expect(sorted.status).toBe(200);
    expect((sorted.body.data as { Document_Date: string }[]).map((r) => r.Document_Date)).toEqual(
      Array.from({ length: 8 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`),
    );

    const narrowed = await post('/api/saporder/list', admin, {
      filters: [
        { field: 'Customer_Vendor_Code', value: 'cus002', matchMode: 'contains' },
        { field: 'Document_Date', value: ['05/10/2026', '07/10/2026'], matchMode: 'dateRange' },
        { field: 'Company_Code', value: '00', matchMode: 'contains' },
      ],
      sorts: [{ field: 'Document_No', order: 'DESC' }],
    });
    expect((narrowed.body.data as { Document_No: string }[]).map((r) => r.Document_No)).toEqual([
      '0010000007',
      '0010000006',
      '0010000005',
    ]);
    expect(narrowed.body.totalRecords).toBe(3);

    const oneDay = await post('/api/saporder/list', admin, {
      filters: [{ field: 'Document_Date', value: '09/10/2026' }],
    });
    expect((oneDay.body.data as { Document_No: string }[]).map((r) => r.Document_No)).toEqual(['4500010001']);

    const withOrders = await post('/api/saporder/list', admin, {
      filters: [{ field: 'has_order', value: 'Y' }],
    });
    expect(
      (withOrders.body.data as Record<string, unknown>[]).map((r) => [r.Document_No, r.can_view_orders]),
    ).toEqual([['0010000003', true]]);
    const withoutOrders = await post('/api/saporder/list', admin, {
      filters: [{ field: 'has_order', value: false }],
    });
    expect(withoutOrders.body.totalRecords).toBe(
      Number((await db()('sap_orders').where('has_order', false).count({ n: '*' }))[0]!.n),
    );
  });

  test('given a sort or a filter on a field the list does not expose, or an unknown tab, when the list is read, then it answers 400 and names it', async () => {
    const sort = await post('/api/saporder/list', admin, {
      sorts: [{ field: 'approval_status', order: 'ASC' }],
    });
    expect(sort.status).toBe(400);
    expect(sort.body).toMatchObject({ success: false, message_code: 'VALIDATION' });
    expect(sort.body.message).toBe('Sorting by approval_status is not allowed.');
    const filter = await post('/api/saporder/list', admin, {
      filters: [{ field: 'erp_changed_at', value: 'x' }],
    });
    expect(filter.status).toBe(400);
    const tab = await post('/api/saporder/list', admin, { tab_status: 'LOST' });
    expect(tab.status).toBe(400);
    const bad = await post('/api/saporder/list', admin, {
      filters: [{ field: 'Document_Date', value: '31/02/2026' }],
    });
    expect(bad.status).toBe(400);
  });

  test('given a user whose groups lack SAPOrder rights, when they call the SAP order routes, then each answers 403', async () => {
    expect((await post('/api/saporder/list', warehouse, {})).status).toBe(403);
    expect((await get('/api/saporder/master_list', warehouse)).status).toBe(403);
    expect((await get('/api/saporder/1/view', warehouse)).status).toBe(403);
    expect((await post('/api/saporder', warehouse, manualPoBody())).status).toBe(403);
    expect((await post('/api/saporder/filter', warehouse, { filter_order_type: 'SO' })).status).toBe(403);
    expect((await post('/api/saporder/save_filter', warehouse, [{ document_no: '0010000001' }])).status).toBe(
      403,
    );
    expect(
      (await post('/api/saporder/sync_do_sap', warehouse, { Order_Type: 'SO', Details: [] })).status,
    ).toBe(403);
  });
});

describe('GET /api/saporder/{id}/{mode}', () => {
  test('given an order from SAP, when it is read for view, then header (with Details and material names) and detail come; for edit it comes too while approved and is refused 422 once rejected; an unknown id is 404', async () => {
    const { id } = (await db()('sap_orders').where({ document_no: '0010000004' }).first('id')) as {
      id: number;
    };
    const view = await get(`/api/saporder/${id}/view`, logistic);
    expect(view.status).toBe(200);
    expect(view.body.data.header).toMatchObject({
      Id: id,
      Type: 'SYNC SAP',
      Order_Type: 'SO',
      Document_No: '0010000004',
      Company_Code: '2000',
      Customer_Vendor_Code: 'CUS001',
      customer_vendor_name: expect.any(String),
      Status: 'APPROVED',
      has_order: false,
    });
    expect(view.body.data.header.Details).toHaveLength(2);
    expect(view.body.data.detail[0]).toMatchObject({
      Item_No: '000010',
      material_name: 'Crude Palm Oil',
    });

    const edit = await get(`/api/saporder/${id}/edit`, logistic);
    expect(edit.status).toBe(200);
    expect(edit.body.data.header).toMatchObject({ Id: id, Type: 'SYNC SAP', Status: 'APPROVED' });
    const rejected = (await db()('sap_orders').where({ document_no: '0010000002' }).first('id')) as {
      id: number;
    };
    const refused = await get(`/api/saporder/${rejected.id}/edit`, logistic);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, message_code: 'NOT_EDITABLE' });

    expect((await get('/api/saporder/987654/view', logistic)).status).toBe(404);
    const create = await get('/api/saporder/0/create', logistic);
    expect(create.status).toBe(200);
    expect(create.body.data.header).toMatchObject({
      Id: 0,
      Type: 'MANUAL',
      Status: 'WAITING FOR APPROVAL',
      Details: [],
    });
  });
});

describe('POST /api/saporder (create and edit)', () => {
  test('given a valid manual PO, when it is saved, then it gets an MSO number, waits for approval with an approvals row, the approval seam is called with sap-approval:<Id>, and its lines are numbered', async () => {
    const before = started.length;
    const res = await post('/api/saporder/', logistic, manualPoBody());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message_code: '' });
    const header = res.body.data.header as OrderJson;
    expect(header.Document_No).toMatch(/^MSO\d{7}$/);
    expect(res.body.message).toBe(`SAP order ${header.Document_No} has been saved.`);
    expect(header).toMatchObject({
      Type: 'MANUAL',
      Order_Type: 'PO',
      Status: 'WAITING FOR APPROVAL',
      tab_status: 'WAITING FOR APPROVAL',
      Document_Date: '2026-10-20',
      Transfer_Type: null,
      Sales_Organization: null,
      Purchase_Organization: 'P100',
      is_relation: false,
      Created_By: 'logistic',
    });
    expect(header.Address).toEqual(expect.any(String));
    expect(header.Details.map((l) => [l.Item_No, l.Material_Code, l.Qty, l.os_qty])).toEqual([
      ['000010', 'SP-NPK15', 12.5, 12.5],
      ['000020', 'SP-UREA', 8, 8],
    ]);
    const approval = await db()('approvals')
      .where({ transaction_type: 'SAP_ORDER', document_id: String(header.Id) })
      .first();
    expect(approval).toMatchObject({
      status: 'WAITING FOR APPROVAL',
      document_no: header.Document_No,
      company_code: '1000',
      workflow_id: `sap-approval:${header.Id}`,
      created_by: 'logistic',
    });
    expect(started.slice(before)).toEqual([
      {
        workflowId: `sap-approval:${header.Id}`,
        approvalId: approval.id,
        sapOrderId: header.Id,
        documentNo: header.Document_No,
        companyCode: '1000',
        orderType: 'PO',
        requestedBy: 'logistic',
      },
    ]);
    // The next order draws the next number.
    const next = await post('/api/saporder', logistic, manualPoBody());
    expect(Number(next.body.data.header.Document_No.slice(3))).toBe(Number(header.Document_No.slice(3)) + 1);

    // The list shows it editable for its creator.
    const list = await post('/api/saporder/list', logistic, { tab_status: 'WAITING FOR APPROVAL', rows: 50 });
    expect((list.body.data as OrderJson[]).find((r) => r.Id === header.Id)).toMatchObject({
      can_edit: true,
      can_assign_transporter: false,
    });
  });

  test('given the approval workflow cannot be started, when an order is created, then nothing is saved and the error is answered', async () => {
    const count = await db()('sap_orders').count({ n: '*' });
    Object.assign(t.deps, { startSapApprovalWorkflow: () => Promise.reject(new Error('temporal down')) });
    try {
      const res = await post('/api/saporder', logistic, manualPoBody());
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, message_code: 'WORKFLOW_UNAVAILABLE' });
      expect(res.body.message).not.toContain('temporal');
    } finally {
      Object.assign(t.deps, {
        startSapApprovalWorkflow: (start: SapApprovalWorkflowStart) => {
          started.push(start);
          return Promise.resolve();
        },
      });
    }
    expect(await db()('sap_orders').count({ n: '*' })).toEqual(count);
  });

  test('given a manual order waiting for approval, when it is edited, then header and lines change (kept lines keep their item numbers, removed ones go, new ones are numbered after), and it stays waiting', async () => {
    const created = (await post('/api/saporder', logistic, manualPoBody())).body.data.header;
    const edit = await get(`/api/saporder/${created.Id}/edit`, logistic);
    expect(edit.status).toBe(200);
    const [first] = edit.body.data.header.Details;
    const res = await post('/api/saporder', logistic, {
      ...edit.body.data.header,
      Delivery_Address: 'Gudang baru',
      Details: [
        { ...first, Qty: 20 },
        { Material_Code: 'SP-MOP', Qty: 3, UOM: 'TON' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.header).toMatchObject({
      Id: created.Id,
      Document_No: created.Document_No,
      Delivery_Address: 'Gudang baru',
      Status: 'WAITING FOR APPROVAL',
      Edited_By: 'logistic',
    });
    expect(
      (res.body.data.header as OrderJson).Details.map((l) => [l.Item_No, l.Material_Code, l.Qty]),
    ).toEqual([
      ['000010', 'SP-NPK15', 20],
      ['000030', 'SP-MOP', 3],
    ]);
    // Still one open approval.
    expect(
      await db()('approvals').where({ transaction_type: 'SAP_ORDER', document_id: String(created.Id) }),
    ).toHaveLength(1);

    // Once approved it is no longer editable.
    await db()('sap_orders').where('id', created.Id).update({ status: 'APPROVED' });
    const refused = await post('/api/saporder', logistic, { ...res.body.data.header });
    expect(refused.status).toBe(422);
    expect(refused.body.message_code).toBe('NOT_EDITABLE');
    const sapOrder = (await db()('sap_orders').where({ document_no: '0010000004' }).first('id')) as {
      id: number;
    };
    // An order from SAP is not saved as a manual one: its Type is locked.
    const sync = await post('/api/saporder', logistic, { ...manualPoBody(), Id: sapOrder.id });
    expect(sync.status).toBe(400);
    expect(sync.body.errors).toEqual({ Type: ['Type cannot be changed for this order.'] });
  });

  test('given missing and unknown values, when an order is saved, then it answers 400 with each field named in the chosen language and saves nothing', async () => {
    const count = await db()('sap_orders').count({ n: '*' });
    const res = await post(
      '/api/saporder',
      logistic,
      manualPoBody({
        Company_Code: '',
        Document_Date: '',
        Document_Type: '',
        Details: [{ Material_Code: 'NOPE', Qty: 0, UOM: 'TON' }],
      }),
      'id',
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      Company_Code: ['Perusahaan wajib diisi.'],
      Document_Date: ['Tanggal Dokumen wajib diisi.'],
      // The smallest quantity the column holds above none.
      'Details.0.Qty': ['Qty minimal 0.001.'],
    });
    const refs = await post(
      '/api/saporder',
      logistic,
      manualPoBody({
        Plant: '2101',
        Customer_Vendor_Code: 'VEN999',
        Document_Type: 'ZZ',
        Details: [{ Material_Code: 'NOPE', Qty: 1, UOM: 'TON' }],
      }),
    );
    expect(refs.status).toBe(400);
    expect(refs.body.errors).toEqual({ Plant: ['Plant 2101 does not belong to company 1000.'] });
    const refs2 = await post(
      '/api/saporder',
      logistic,
      manualPoBody({
        Customer_Vendor_Code: 'VEN999',
        Purchase_Organization: 'P300',
        Document_Type: 'ZZ',
        Details: [{ Material_Code: 'NOPE', Qty: 1, UOM: 'TON' }],
      }),
    );
    expect(refs2.body.errors).toEqual({
      Customer_Vendor_Code: ['Customer/Vendor "VEN999" does not exist or is inactive.'],
      Purchase_Organization: ['Purchase Organization P300 does not belong to company 1000.'],
      Document_Type: ['Document Type "ZZ" is not a value of the list DOCUMENT_TYPE.'],
      'Details.0.Material_Code': ['Material "NOPE" does not exist or is inactive.'],
    });
    const wrongType = await post('/api/saporder', logistic, manualPoBody({ Type: 'TRANSFER ORDER' }));
    expect(wrongType.body.errors).toEqual({
      Order_Type: ['Order type PO cannot be used for TRANSFER ORDER orders.'],
    });
    const syncSap = await post('/api/saporder', logistic, manualPoBody({ Type: 'SYNC SAP' }));
    expect(syncSap.status).toBe(400);
    expect(Object.keys(syncSap.body.errors)).toEqual(['Type']);
    expect(await db()('sap_orders').count({ n: '*' })).toEqual(count);
  });

  test('given the field rules, when orders are saved, then relation, transfer-order, langsir and delivery-using-truck rules decide what is stored', async () => {
    // PO with incoterm FRC is a relation order (RELATION_SETTING): its shipment type is the relation one.
    const relation = await post(
      '/api/saporder',
      logistic,
      manualPoBody({ Incoterm: 'FRC', Shipment_Type: 'COLLECTIVE' }),
    );
    expect(relation.status).toBe(200);
    expect(relation.body.data.header).toMatchObject({ is_relation: true, Shipment_Type: 'RELATION' });
    // Only relation orders may choose it.
    const notRelation = await post('/api/saporder', logistic, manualPoBody({ Shipment_Type: 'RELATION' }));
    expect(notRelation.status).toBe(400);
    expect(notRelation.body.errors.Shipment_Type).toEqual([
      'Shipment type RELATION is only for relation orders.',
    ]);
    // Delivery using truck fixes the shipment type.
    const truck = await post(
      '/api/saporder',
      logistic,
      manualPoBody({ Delivery_Using_Truck: 'Y', Shipment_Type: 'COLLECTIVE' }),
    );
    expect(truck.body.data.header).toMatchObject({
      Delivery_Using_Truck: 'Y',
      Shipment_Type: 'INDIVIDUAL_TRUCK',
    });

    // Transfer orders: customer/vendor and incoterm from TRANSFER_ORDER_DEFAULT whatever is sent, the LN numbers
    // cleared; langsir only for TO OUT, where it sets the shipment type and keeps the destination plant.
    const transfer = {
      ...manualPoBody(),
      Type: 'TRANSFER ORDER',
      Order_Type: 'TO OUT',
      Purchase_Organization: null,
      Customer_Vendor_Code: 'VEN001',
      Incoterm: 'CPT',
      Document_Type: '',
      LN_SO_No: 'LN-1',
      Langsir_Type: 'ANTAR_PABRIK',
      Plant_Destination: '1102',
      Shipment_Type: 'COLLECTIVE',
      STO_SPO_Per_Shipment: true,
      Details: [{ Material_Code: 'RM-FFB', Qty: 30, UOM: 'TON', Tolerance: 2 }],
    };
    const to = await post('/api/saporder', logistic, transfer);
    expect(to.status).toBe(200);
    expect(to.body.data.header).toMatchObject({
      Type: 'TRANSFER ORDER',
      Customer_Vendor_Code: null,
      Incoterm: 'FRC',
      Document_Type: 'UB',
      LN_SO_No: null,
      Transfer_Type: 'OUT',
      Langsir_Type: 'ANTAR_PABRIK',
      Shipment_Type: 'INDIVIDUAL_TRUCK',
      Plant_Destination: '1102',
      STO_SPO_Per_Shipment: true,
    });
    expect(to.body.data.header.Details[0]).toMatchObject({ Tolerance: 2 });
    const toIn = await post('/api/saporder', logistic, { ...transfer, Order_Type: 'TO IN' });
    expect(toIn.status).toBe(400);
    expect(toIn.body.errors.Langsir_Type).toEqual(['Langsir type is only for transfer-out orders.']);
    const noLangsir = await post('/api/saporder', logistic, { ...transfer, Langsir_Type: null });
    expect(noLangsir.body.data.header).toMatchObject({
      Plant_Destination: null,
      Shipment_Type: 'COLLECTIVE',
    });
    // A manual order carries no tolerance and no langsir.
    const manual = await post(
      '/api/saporder',
      logistic,
      manualPoBody({
        Langsir_Type: 'ANTAR_PABRIK',
        Details: [{ Material_Code: 'SP-UREA', Qty: 1, UOM: 'TON', Tolerance: 5 }],
      }),
    );
    expect(manual.body.data.header).toMatchObject({ Langsir_Type: null });
    expect(manual.body.data.header.Details[0].Tolerance).toBeNull();
  });

  test('given a user not authorised for company 3000, when they create or edit an order of it, then it answers 403; the admin may', async () => {
    const body = manualPoBody({
      Company_Code: '3000',
      Plant: '3101',
      Purchase_Organization: 'P300',
      Warehouse_Code: 'WH-3101-CPO',
    });
    const refused = await post('/api/saporder', logistic, body);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You are not authorised for company 3000, plant 3101.');
    const made = await post('/api/saporder', admin, body);
    expect(made.status).toBe(200);
    const list = await post('/api/saporder/list', logistic, {
      filters: [{ field: 'Document_No', value: made.body.data.header.Document_No }],
    });
    expect(list.body.data[0]).toMatchObject({ can_edit: false });
    expect((await get(`/api/saporder/${made.body.data.header.Id}/edit`, logistic)).status).toBe(403);
    expect((await get(`/api/saporder/${made.body.data.header.Id}/edit`, admin)).status).toBe(200);
    const edit = await post('/api/saporder', logistic, {
      ...made.body.data.header,
      Company_Code: '1000',
      Plant: '1101',
    });
    expect(edit.status).toBe(403);
  });
});

describe('POST /api/saporder (an order that came from SAP)', () => {
  const orderRow = async (no: string) =>
    (await db()('sap_orders').where({ document_no: no }).first()) as { id: number } & Record<string, unknown>;
  const linesOf = async (id: number) =>
    (await db()('sap_order_details').where('sap_order_id', id).orderBy('item_no')) as Record<
      string,
      unknown
    >[];
  /** The row without the columns a delivery edit may change and its audit stamp. */
  const locked = (row: Record<string, unknown>) => {
    const {
      warehouse_code: _w,
      shipment_type: _s,
      delivery_address: _d,
      edited_by: _b,
      edited_date: _e,
      ...rest
    } = row;
    return rest;
  };

  test('given an approved SO from SAP, when it is saved from the editor with a new warehouse, shipment type and delivery address and changes to everything else, then only those three change, its lines stay, and neither a sync nor an approval is asked', async () => {
    const before = await orderRow('0010000005');
    expect(before).toMatchObject({ company_code: '1000', plant: '1101', customer_vendor_code: 'CUS002' });
    const linesBefore = await linesOf(before.id);
    const approvals = await db()('approvals').count({ n: '*' });
    const startedBefore = started.length;
    const edit = await get(`/api/saporder/${before.id}/edit`, logistic);
    expect(edit.status).toBe(200);
    const header = edit.body.data.header as OrderJson;

    const res = await post('/api/saporder', logistic, {
      ...header,
      Warehouse_Code: 'WH-2101-OLN',
      Shipment_Type: 'COLLECTIVE',
      Delivery_Address: 'Tangki timbun 7, Dumai',
      // Locked: SAP's document.
      Company_Code: '2000',
      Plant: '2101',
      Customer_Vendor_Code: 'CUS001',
      Document_Date: '01/01/2026',
      Incoterm2: 'Elsewhere',
      Plant_Destination: '1102',
      Details: [
        { ...header.Details[0], Qty: 999 },
        { Material_Code: 'SP-UREA', Qty: 1, UOM: 'TON' },
      ],
    });

    expect(res.status).toBe(200);
    expect(res.body.data.header).toMatchObject({
      Id: before.id,
      Type: 'SYNC SAP',
      Status: 'APPROVED',
      Document_No: '0010000005',
      Warehouse_Code: 'WH-2101-OLN',
      Shipment_Type: 'COLLECTIVE',
      Delivery_Address: 'Tangki timbun 7, Dumai',
      Company_Code: '1000',
      Plant: '1101',
      Edited_By: 'logistic',
    });
    const after = await orderRow('0010000005');
    expect(locked(after)).toEqual(locked(before));
    expect(await linesOf(before.id)).toEqual(linesBefore);
    expect(await db()('approvals').count({ n: '*' })).toEqual(approvals);
    expect(started.length).toBe(startedBefore);
  });

  test('given an approved order from SAP, when its editable fields are saved wrong, then each is named (400) and nothing changes; the shipment type follows the relation and delivery-using-truck rules', async () => {
    const before = await orderRow('0010000006');
    const body = { Id: before.id, Type: 'SYNC SAP' };
    const wrong = await post('/api/saporder', logistic, {
      ...body,
      Warehouse_Code: 'WH-NOPE',
      Shipment_Type: 'RELATION',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      Warehouse_Code: ['Warehouse "WH-NOPE" does not exist or is inactive.'],
      Shipment_Type: ['Shipment type RELATION is only for relation orders.'],
    });
    const missing = await post('/api/saporder', logistic, { ...body, Shipment_Type: 'COLLECTIVE' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['Warehouse_Code']);
    expect(await orderRow('0010000006')).toEqual(before);

    // SAP's incoterm FCA makes an SO a relation order (RELATION_SETTING): the relation shipment type it is.
    await db()('sap_orders').where('id', before.id).update({ incoterm: 'FCA' });
    const relation = await post('/api/saporder', logistic, {
      ...body,
      Warehouse_Code: 'WH-2101-CPO',
      Shipment_Type: 'COLLECTIVE',
    });
    expect(relation.status).toBe(200);
    expect(relation.body.data.header).toMatchObject({
      Shipment_Type: 'RELATION',
      Incoterm: 'FCA',
      is_relation: true,
      is_relation_setting: true,
    });
    // Delivery using truck (SAP's, locked) fixes it to individual per truck.
    await db()('sap_orders').where('id', before.id).update({ incoterm: 'CPT', delivery_using_truck: 'Y' });
    const truck = await post('/api/saporder', logistic, {
      ...body,
      Warehouse_Code: 'WH-2101-CPO',
      Shipment_Type: 'COLLECTIVE',
    });
    expect(truck.body.data.header).toMatchObject({
      Shipment_Type: 'INDIVIDUAL_TRUCK',
      Delivery_Using_Truck: 'Y',
      is_relation: false,
    });
  });

  test('given orders from SAP and a manual one, when an order is saved under another Type or a rejected order from SAP is saved, then it is refused and nothing changes', async () => {
    const rejected = await orderRow('0010000002');
    const refused = await post('/api/saporder', logistic, {
      Id: rejected.id,
      Type: 'SYNC SAP',
      Warehouse_Code: 'WH-2101-CPO',
      Shipment_Type: 'COLLECTIVE',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message_code).toBe('NOT_EDITABLE');
    expect(await orderRow('0010000002')).toEqual(rejected);

    const manual = (await post('/api/saporder', logistic, manualPoBody())).body.data.header as OrderJson;
    const asSap = await post('/api/saporder', logistic, {
      Id: manual.Id,
      Type: 'SYNC SAP',
      Warehouse_Code: 'WH-1101-PK',
      Shipment_Type: 'COLLECTIVE',
    });
    expect(asSap.status).toBe(400);
    expect(asSap.body.errors).toEqual({ Type: ['Type cannot be changed for this order.'] });
    expect(
      (
        (await db()('sap_orders').where('id', manual.Id).first('warehouse_code')) as {
          warehouse_code: string;
        }
      ).warehouse_code,
    ).toBe('WH-1101-CPO');
  });
});

describe('sync with SAP before saving (SAP_SYNC_SETTING)', () => {
  const soBody = (lines: Record<string, unknown>[]) => ({
    ...manualPoBody(),
    Order_Type: 'SO',
    Purchase_Organization: null,
    Sales_Organization: 'S100',
    Customer_Vendor_Code: 'CUS001',
    Document_Type: 'OR',
    Distribution: 'LOCAL',
    Details: lines,
  });

  test('given a manual SO, when it is saved without a sync it is refused "NOT OK"; after a successful sync of its SAP document its answered lines save; a changed line needs a sync again', async () => {
    await putInSandbox(db(), [sapDocument('0010090001', { lines: 2 })]);
    const typed = [{ Material_Code: 'FG-CPO', Qty: 25, UOM: 'TON', PO_SO_No: '0010090001' }];
    const refused = await post('/api/saporder', logistic, soBody(typed));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, message: 'NOT OK', message_code: 'SYNC_REQUIRED' });

    const logsBefore = Number((await db()('api_response_logs').max({ m: 'id' }))[0]!.m ?? 0);
    const sync = await post('/api/saporder/sync_do_sap', logistic, soBody(typed));
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({
      success: true,
      message: 'SO 0010090001 is up to date',
      message_code: '',
    });
    expect(sync.body.data).toEqual([
      expect.objectContaining({
        Item_No: '000010',
        Material_Code: 'FG-CPO',
        material_name: 'Crude Palm Oil',
        Qty: 25,
        UOM: 'TON',
      }),
      expect.objectContaining({ Item_No: '000020', Qty: 26 }),
    ]);
    expect(await db()('api_response_logs').where('id', '>', logsBefore)).toEqual([
      expect.objectContaining({
        system: 'sandbox',
        operation: 'sync_do',
        reference: '0010090001',
        success: true,
      }),
    ]);

    // Saving other lines than SAP answered is still refused.
    expect((await post('/api/saporder', logistic, soBody(typed))).body.message_code).toBe('SYNC_REQUIRED');
    const saved = await post('/api/saporder', logistic, soBody(sync.body.data));
    expect(saved.status).toBe(200);
    expect(saved.body.data.header).toMatchObject({ Order_Type: 'SO', Status: 'WAITING FOR APPROVAL' });

    // Editing it: the sync of the order itself counts, made after its last change.
    const order = saved.body.data.header;
    const edited = { ...order, Delivery_Address: 'Tangki 3' };
    expect((await post('/api/saporder', logistic, edited)).body.message_code).toBe('SYNC_REQUIRED');
    const again = await post('/api/saporder/sync_do_sap', logistic, edited);
    expect(again.body.success).toBe(true);
    expect((await post('/api/saporder', logistic, edited)).status).toBe(200);
    expect((await db()('sap_order_syncs').where('sap_order_id', order.Id)).length).toBe(1);
  });

  test('given a manual SO that needs a sync, when its save is refused, then "NOT OK" comes with the reason under it: which line names the SAP document not yet synced, whose last sync failed, or that changed since; in Indonesian too', async () => {
    await putInSandbox(db(), [sapDocument('0010090031', { lines: 1 })]);
    const typed = [
      { Material_Code: 'FG-CPO', Qty: 5, UOM: 'TON' },
      { Material_Code: 'FG-CPO', Qty: 25, UOM: 'TON', PO_SO_No: '0010090031' },
    ];
    const refused = await post('/api/saporder', logistic, soBody(typed));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      success: false,
      message: 'NOT OK',
      message_code: 'SYNC_REQUIRED',
      data: {
        reason: 'NOT_SYNCED',
        line: '2',
        field: 'PO_SO_No',
        document: '0010090031',
        detail: 'Sync with SAP is needed: line 2 has PO/SO No. 0010090031 not yet synced.',
      },
    });
    const inIndonesian = await post('/api/saporder', logistic, soBody(typed), 'id');
    expect([inIndonesian.body.message, inIndonesian.body.data.detail]).toEqual([
      'NOT OK',
      'Sinkronisasi dengan SAP diperlukan: baris 2 memiliki No. PO/SO 0010090031 yang belum disinkronkan.',
    ]);

    // SAP does not know the document: the sync fails, and the refusal says so.
    const unknown = [{ ...typed[1], PO_SO_No: '0099999931' }];
    expect((await post('/api/saporder/sync_do_sap', logistic, soBody(unknown))).body.success).toBe(false);
    expect((await post('/api/saporder', logistic, soBody(unknown))).body.data).toMatchObject({
      reason: 'SYNC_FAILED',
      detail: 'Sync with SAP is needed: the last sync of PO/SO No. 0099999931 (line 1) failed.',
    });

    // A successful sync answers one line; the two typed lines are not the ones SAP answered.
    const sync = await post('/api/saporder/sync_do_sap', logistic, soBody(typed));
    expect(sync.body.success).toBe(true);
    expect((await post('/api/saporder', logistic, soBody(typed))).body.data).toMatchObject({
      reason: 'LINES_CHANGED',
      detail:
        'Sync with SAP is needed: the lines changed after the last sync of PO/SO No. 0010090031 (line 2).',
    });

    // Saved as SAP answered it, then edited: the stored line is named by its item number.
    const saved = await post('/api/saporder', logistic, soBody(sync.body.data));
    expect(saved.status).toBe(200);
    const edited = { ...saved.body.data.header, Delivery_Address: 'Tangki 9' };
    const unsynced = await post('/api/saporder', logistic, edited, 'id');
    expect([unsynced.body.message, unsynced.body.message_code, unsynced.body.data.detail]).toEqual([
      'NOT OK',
      'SYNC_REQUIRED',
      'Sinkronisasi dengan SAP diperlukan: baris 000010 memiliki No. PO/SO 0010090031 yang belum disinkronkan.',
    ]);
    // Synced and saved; the next change needs a sync made after that save.
    expect((await post('/api/saporder/sync_do_sap', logistic, edited)).body.success).toBe(true);
    expect((await post('/api/saporder', logistic, edited)).status).toBe(200);
    const stale = await post('/api/saporder', logistic, { ...edited, Delivery_Address: 'Tangki 10' }, 'id');
    expect([stale.body.message, stale.body.data.reason, stale.body.data.detail]).toEqual([
      'NOT OK',
      'ORDER_CHANGED',
      'Sinkronisasi dengan SAP diperlukan: order berubah setelah sinkronisasi terakhir No. PO/SO 0010090031 (baris 000010).',
    ]);

    // No line names a SAP document at all.
    const none = await post('/api/saporder', logistic, soBody([typed[0]!]));
    expect(none.body.data).toEqual({
      reason: 'NO_DOCUMENT',
      line: null,
      field: null,
      document: null,
      detail: 'Sync with SAP is needed: no line has a PO/SO No. or SO/DO No. of SAP to sync.',
    });
  });

  test("given SAP refuses the sync, when it is asked, then success false with SAP's message and code, the call logged, and the next save refused", async () => {
    await putInSandbox(db(), [sapDocument('0010090013', { lines: 1 })]);
    const lines = [{ Material_Code: 'FG-CPO', Qty: 25, UOM: 'TON', PO_SO_No: '0010090013' }];
    const res = await post('/api/saporder/sync_do_sap', logistic, soBody(lines));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Sales document 0010090013 is currently being processed (by user SAPBATCH)',
      message_code: 'V1/042',
      data: [],
    });
    expect(await db()('api_response_logs').where({ reference: '0010090013' })).toEqual([
      expect.objectContaining({ operation: 'sync_do', success: false, status_code: 400 }),
    ]);
    expect((await post('/api/saporder', logistic, soBody(lines))).body.message).toBe('NOT OK');
    const unknown = await post(
      '/api/saporder/sync_do_sap',
      logistic,
      soBody([{ ...lines[0], PO_SO_No: '0099999999' }]),
    );
    expect(unknown.body).toMatchObject({ success: false, message_code: 'V1/302' });
  });
});
