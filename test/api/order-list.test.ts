// The order list (spec/1 §2, §3, §6, §7 order/master_list and order/list) through the real app on a real database:
// tabs with exact counts, every column of the definition with the names of its codes, Details with the conversion
// columns only where the order shows them, the whitelisted sorts and filters, the row flags per user, and each
// party's own orders only (transporter TRP001, relation CUS001; a driver has no order screen).
import ExcelJS from 'exceljs';
import { importErpDocuments } from '../../api/erp/import';
import { parseCsv } from '../../api/resources/transfer';
import { listRequestSchema } from '../../api/list';
import { GRAM_COLUMNS, orderListQueries } from '../../api/orders/list';
import { AUTH_USER_COLUMNS } from '../../api/services/session';
import { computedSql } from '../../api/orders/read';
import { ORDER_GRAM_COLUMNS } from '../../db/migrations/016_orders';
import { Order, ORDER_STATUSES } from '../../db/resources/order';
import { ORDER_ROW_FLAGS } from '../../db/resources/order-assign';
import { createTestApp, downloadFile, loginAs, type TestApp } from '../support/api';
import { insertOrder, type SeededOrder } from '../support/orders';
import { sapDocument } from '../support/sap-orders';

let t: TestApp;
const tokens: Record<string, string> = {};
const o: Record<string, SeededOrder> = {};

const doc = (n: number) => `00200000${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  for (const user of ['admin', 'logistic', 'warehouse', 'transporter', 'customer', 'driver']) {
    tokens[user] = await loginAs(t, user);
  }
  const customerOf = (n: number) => ([1, 2, 5, 8].includes(n) ? 'CUS001' : 'CUS002');
  await importErpDocuments(
    t.deps.db,
    Array.from({ length: 8 }, (_, i) =>
      sapDocument(doc(i + 1), { header: { Customer_Vendor_Code: customerOf(i + 1) } }),
    ),
    { source: 'sandbox', user: 'test' },
  );
  const db = t.deps.db;
  o.A = await insertOrder(db, { sapDocuments: [doc(1)], orderNo: 'ORD-L-A', transporterCode: 'TRP001' });
  o.B = await insertOrder(db, {
    sapDocuments: [doc(2)],
    orderNo: 'ORD-L-B',
    transporterCode: 'TRP002',
    status: 'ACCEPTED',
    dispatchStatus: 'ACCEPTED',
  });
  o.C = await insertOrder(db, {
    sapDocuments: [doc(3)],
    orderNo: 'ORD-L-C',
    transporterCode: 'TRP001',
    status: 'REJECTED',
    dispatchStatus: 'REJECTED',
    history: ['ASSIGNED TO TRANSPORTER', 'REJECTED'],
  });
  o.D = await insertOrder(db, {
    sapDocuments: [doc(4)],
    orderNo: 'ORD-L-D',
    transporterCode: 'TRP003',
    status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
    showConversionType: 'Y',
  });
  o.E = await insertOrder(db, { sapDocuments: [doc(5)], orderNo: 'ORD-L-E', relation: true });
  o.F = await insertOrder(db, {
    sapDocuments: [doc(6)],
    orderNo: 'ORD-L-F',
    transporterCode: 'TRP002',
    moreTransporters: ['TRP001'],
    status: 'ACCEPTED',
    dispatchStatus: 'ACCEPTED',
  });
  o.G = await insertOrder(db, {
    sapDocuments: [doc(7)],
    orderNo: 'ORD-L-G',
    transporterCode: 'TRP004',
    status: 'COMPLETED',
    dispatchStatus: 'ACCEPTED',
    columns: { revert_qty: 5, completed_date: new Date() },
  });
  // TRP001's, waiting, but its deadline has passed (the workflow is about to reject it).
  o.H = await insertOrder(db, {
    sapDocuments: [doc(8)],
    orderNo: 'ORD-L-H',
    transporterCode: 'TRP001',
    autoRejectDate: new Date(Date.now() - 60_000),
  });
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, user: string, language = 'en') =>
  t.request().get(path).set('Authorization', tokens[user]!).set('language', language);
const list = (user: string, body: Record<string, unknown> = {}, language = 'en') =>
  t
    .request()
    .post('/api/order/list')
    .set('Authorization', tokens[user]!)
    .set('language', language)
    .send(body);

type ListRow = Record<string, unknown> & { Order_No: string; Details: Record<string, unknown>[] };
const numbers = (rows: ListRow[]) => rows.map((r) => r.Order_No).sort();
const rowOf = async (user: string, orderNo: string) => {
  const res = await list(user, { filters: [{ field: 'Order_No', value: orderNo, matchMode: 'contains' }] });
  expect(res.status).toBe(200);
  return (res.body.data as ListRow[]).find((r) => r.Order_No === orderNo);
};

describe('GET /api/order/master_list', () => {
  test('given orders in several statuses, when staff read the master list in Indonesian, then the status tabs come ALL first with exact counts and localised texts', async () => {
    const res = await get('/api/order/master_list', 'logistic', 'id');
    expect(res.status).toBe(200);
    const tabs = res.body.data.status as { code: string; text: string; count: number }[];
    expect(tabs.map((s) => s.code)).toEqual(['ALL', ...ORDER_STATUSES]);
    const actual = (await t.deps
      .db('orders')
      .groupBy('status')
      .select('status', t.deps.db.raw('count(*)::int as n'))) as { status: string; n: number }[];
    const expected = Object.fromEntries(actual.map((a) => [a.status, a.n]));
    for (const tab of tabs.slice(1))
      expect([tab.code, tab.count]).toEqual([tab.code, expected[tab.code] ?? 0]);
    expect(tabs[0]).toEqual({ code: 'ALL', text: 'Semua', count: 8 });
    expect(tabs).toContainEqual({ code: 'REJECTED', text: 'Ditolak', count: 1 });
    expect(res.body.data.shipment_type).toContainEqual(
      expect.objectContaining({ code: 'RELATION', category: 'RELATION' }),
    );
    // The answer tabs are the transporter's: staff get their names, not counts.
    expect(res.body.data.transporter_status).toContainEqual({
      code: 'WAITING',
      text: 'Menunggu',
      count: null,
    });
  });

  test("given TRP001's orders among others, when the transporter reads the master list, then every count is of its own orders only", async () => {
    const res = await get('/api/order/master_list', 'transporter');
    expect(res.status).toBe(200);
    const counts = Object.fromEntries(
      (res.body.data.status as { code: string; count: number }[]).map((s) => [s.code, s.count]),
    );
    // A, H (waiting), C (rejected), F (collective, TRP001 its second transporter).
    expect(counts).toMatchObject({
      ALL: 4,
      'ASSIGNED TO TRANSPORTER': 2,
      REJECTED: 1,
      ACCEPTED: 1,
      COMPLETED: 0,
    });
    const answers = Object.fromEntries(
      (res.body.data.transporter_status as { code: string; count: number }[]).map((s) => [s.code, s.count]),
    );
    expect(answers).toEqual({ ALL: 4, WAITING: 2, ACCEPTED: 1, REJECTED: 1, 'AUTO REJECTED': 0 });
  });

  test('given a driver, who has no order screen, when it asks for the master list, then it is refused', async () => {
    expect((await get('/api/order/master_list', 'driver')).status).toBe(403);
  });
});

describe('POST /api/order/list', () => {
  test('given eight orders, when staff read the first page, then every order comes newest first with every spec/1 column, its flags and its Details, and the total is exact', async () => {
    const res = await list('logistic');
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe(8);
    const rows = res.body.data as ListRow[];
    expect(rows.map((r) => r.Order_No)).toEqual([
      'ORD-L-H',
      'ORD-L-G',
      'ORD-L-F',
      'ORD-L-E',
      'ORD-L-D',
      'ORD-L-C',
      'ORD-L-B',
      'ORD-L-A',
    ]);
    for (const row of rows) {
      for (const column of Order.list) expect(row).toHaveProperty(column);
      for (const flag of ORDER_ROW_FLAGS) expect(typeof row[flag]).toBe('boolean');
      expect(row).not.toHaveProperty('workflow_input');
    }
    const a = rows.find((r) => r.Order_No === 'ORD-L-A')!;
    expect(a).toMatchObject({
      Status: 'ASSIGNED TO TRANSPORTER',
      Dispatch_Status: 'WAITING',
      Transporter_Code: 'TRP001',
      Company_Name: expect.any(String),
      Incoterm_Name: expect.any(String),
      Loading_Destination_From_Name: expect.any(String),
      Loading_Destination_To_Name: expect.any(String),
      Truck_Type_Name: expect.any(String),
      shipment_type_name: expect.any(String),
      Transporter_Notes: 'Bring tarpaulins',
      has_shipment: false,
      Order_Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(a.Details).toHaveLength(2);
    expect(a.Details[0]).toMatchObject({ Item_No: '000010', sap_no: doc(1), Qty: 25, UOM: 'TON' });
    expect(a.Details[0]!.Material_Name).toEqual(expect.any(String));
    // Show_Conversion_Type N: no conversion columns; D shows them.
    expect(a.Details[0]).not.toHaveProperty('Conversion');
    const d = rows.find((r) => r.Order_No === 'ORD-L-D')!;
    expect(d.Details[0]).toMatchObject({ Conversion_Type: 'NET', Conversion: 1000 });
  });

  test('given the names that label an order (locations, segment, truck type, shipment type, incoterm, company, warehouse), when the list is read in either language, then each is what the order view computes, and a renamed one shows on the next page', async () => {
    const db = t.deps.db;
    const names = Object.keys(computedSql('en'));
    const expectSameAsView = async (language: 'en' | 'id') => {
      const res = await list('logistic', {}, language);
      expect(res.status).toBe(200);
      const rows = res.body.data as ListRow[];
      expect(rows.length).toBe(8);
      const select = Object.entries(computedSql(language))
        .map(([name, sql]) => `${sql} as "${name}"`)
        .join(', ');
      for (const row of rows) {
        const view = (await db.raw(`select ${select} from orders o where o.order_no = ?`, [row.Order_No]))
          .rows[0] as Record<string, unknown>;
        for (const name of names) expect({ [name]: row[name] }).toEqual({ [name]: view[name] ?? null });
      }
      return rows;
    };
    const en = await expectSameAsView('en');
    const id = await expectSameAsView('id');
    const a = (rows: ListRow[]) => rows.find((r) => r.Order_No === 'ORD-L-A')!;
    expect(a(en).Warehouse_Name).toEqual(expect.any(String));
    expect(a(en).warehouse_location_name).toEqual(expect.any(String));
    expect(a(id).shipment_type_name).toEqual(expect.any(String));

    const company = a(en).Company_Code as string;
    const before = a(en).Company_Name;
    await db('companies').where({ company_code: company }).update({ company_name: 'Renamed Company' });
    try {
      expect(a(await expectSameAsView('en')).Company_Name).toBe('Renamed Company');
    } finally {
      await db('companies').where({ company_code: company }).update({ company_name: before });
    }
  });

  test('given a status tab, when staff read it, then only that status is listed and counted', async () => {
    const res = await list('logistic', { tab_status: 'ASSIGNED TO TRANSPORTER' });
    expect(res.status).toBe(200);
    expect(numbers(res.body.data as ListRow[])).toEqual(['ORD-L-A', 'ORD-L-E', 'ORD-L-H']);
    expect(res.body.totalRecords).toBe(3);
    expect((await list('logistic', { tab_status: 'NOT A STATUS' })).status).toBe(400);
  });

  test('given the dropdown filters, when staff filter by Dispatch_Status and shipment type, then the matching orders alone are listed', async () => {
    const waiting = await list('logistic', {
      filters: [{ field: 'Dispatch_Status', value: 'WAITING', matchMode: 'equals' }],
    });
    expect(numbers(waiting.body.data as ListRow[])).toEqual(['ORD-L-A', 'ORD-L-E', 'ORD-L-H']);
    expect(waiting.body.totalRecords).toBe(3);
    const relation = await list('logistic', {
      filters: [{ field: 'shipment_type_name', value: 'RELATION', matchMode: 'equals' }],
    });
    expect(numbers(relation.body.data as ListRow[])).toEqual(['ORD-L-E']);
    const contains = await list('logistic', {
      filters: [{ field: 'Transporter_Name', value: (await rowOf('logistic', 'ORD-L-B'))!.Transporter_Name }],
    });
    expect(numbers(contains.body.data as ListRow[])).toEqual(['ORD-L-B', 'ORD-L-F']);
  });

  test('given a filter that matches every order, when staff page through it two at a time sorted by Order_No, then every page holds the next orders in that order and each carries the exact total, a page past the last one too', async () => {
    const filters = [{ field: 'Order_No', value: 'ORD-L', matchMode: 'contains' }];
    const everyOne = await list('logistic', { filters, sorts: [{ field: 'Order_No', order: 'DESC' }] });
    const all = (everyOne.body.data as ListRow[]).map((r) => r.Order_No);
    expect(everyOne.body.totalRecords).toBe(all.length);
    expect(all.length).toBe(8);
    const pages: string[] = [];
    for (let start = 0; start < all.length + 2; start += 2) {
      const page = await list('logistic', {
        filters,
        sorts: [{ field: 'Order_No', order: 'DESC' }],
        start,
        rows: 2,
      });
      expect(page.status).toBe(200);
      expect(page.body.totalRecords).toBe(all.length);
      for (const row of page.body.data as ListRow[]) expect(Object.keys(row)).not.toContain('__total');
      pages.push(...(page.body.data as ListRow[]).map((r) => r.Order_No));
    }
    expect(pages).toEqual(all);
    expect(all).toEqual([...all].sort().reverse());
    const none = await list('logistic', { filters: [{ field: 'Order_No', value: 'NO-SUCH' }] });
    expect(none.body).toMatchObject({ data: [], totalRecords: 0 });
  });

  test('given the sortable columns, when staff sort by one and then by a column that does not sort or filter by Status, then the first sorts and the others are refused', async () => {
    const sorted = await list('logistic', { sorts: [{ field: 'Order_No', order: 'ASC' }], rows: 3 });
    expect(sorted.status).toBe(200);
    expect((sorted.body.data as ListRow[]).map((r) => r.Order_No)).toEqual(['ORD-L-A', 'ORD-L-B', 'ORD-L-C']);
    expect(sorted.body.totalRecords).toBe(8);
    const bad = await list('logistic', { sorts: [{ field: 'Company_Name', order: 'ASC' }] });
    expect(bad.status).toBe(400);
    const status = await list('logistic', { filters: [{ field: 'Status', value: 'ACCEPTED' }] });
    expect(status.status).toBe(400);
  });

  test("given the transporter TRP001, when it reads the list or looks for another transporter's order, then it sees its own orders only, a collective one included", async () => {
    const res = await list('transporter');
    expect(res.status).toBe(200);
    expect(numbers(res.body.data as ListRow[])).toEqual(['ORD-L-A', 'ORD-L-C', 'ORD-L-F', 'ORD-L-H']);
    expect(res.body.totalRecords).toBe(4);
    const other = await list('transporter', { filters: [{ field: 'Order_No', value: 'ORD-L-B' }] });
    expect(other.body.data).toEqual([]);
    expect(other.body.totalRecords).toBe(0);
  });

  test("given the transporter's answer tabs, when TRP001 opens WAITING and REJECTED, then they list its orders by its answer, and a status tab is not its own", async () => {
    const waiting = await list('transporter', { tab_status: 'WAITING' });
    expect(numbers(waiting.body.data as ListRow[])).toEqual(['ORD-L-A', 'ORD-L-H']);
    expect(waiting.body.totalRecords).toBe(2);
    const rejected = await list('transporter', { tab_status: 'REJECTED' });
    expect(numbers(rejected.body.data as ListRow[])).toEqual(['ORD-L-C']);
    expect((await list('transporter', { tab_status: 'ASSIGNED TO TRANSPORTER' })).status).toBe(400);
    const relation = await list('customer', { tab_status: 'WAITING' });
    expect(numbers(relation.body.data as ListRow[])).toEqual(['ORD-L-E']);
  });

  test('given the relation CUS001, when it reads the list, then it sees the relation order it collects, and not the orders of its documents given to transporters', async () => {
    const res = await list('customer');
    expect(res.status).toBe(200);
    // Documents 1, 2, 5 and 8 are CUS001's; only E is a relation order (the others carry TRP001's freight).
    expect(numbers(res.body.data as ListRow[])).toEqual(['ORD-L-E']);
    expect(res.body.totalRecords).toBe(1);
  });

  test('given a driver, when it asks for the list, then it is refused', async () => {
    expect((await list('driver')).status).toBe(403);
  });
});

describe('row flags (spec/1 §6)', () => {
  test('given an order waiting for TRP001, when its transporter, staff with Edit, staff with View only and the customer read it, then only the first two may answer', async () => {
    expect(await rowOf('transporter', 'ORD-L-A')).toMatchObject({
      need_transporter_action: true,
      can_assign_transporter: false,
      can_cancel_order: false,
    });
    expect(await rowOf('logistic', 'ORD-L-A')).toMatchObject({
      need_transporter_action: true,
      can_assign_transporter: false,
      can_cancel_order: true,
      can_edit_order: true,
      can_assign_driver: false,
    });
    expect(await rowOf('warehouse', 'ORD-L-A')).toMatchObject({
      need_transporter_action: false,
      can_cancel_order: false,
    });
    // The customer does not even see it: an order given to a transporter is not a relation's.
    expect(await rowOf('customer', 'ORD-L-A')).toBeUndefined();
  });

  test('given a waiting order whose deadline passed, when its transporter reads it, then it may no longer answer', async () => {
    expect(await rowOf('transporter', 'ORD-L-H')).toMatchObject({ need_transporter_action: false });
  });

  test('given a relation order, when the customer who collects it reads it, then it may answer it', async () => {
    expect(await rowOf('customer', 'ORD-L-E')).toMatchObject({ need_transporter_action: true });
  });

  test('given a rejected order, when staff with Edit, staff with View only and its transporter read it, then only staff with Edit may assign it again', async () => {
    expect(await rowOf('logistic', 'ORD-L-C')).toMatchObject({
      can_assign_transporter: true,
      need_transporter_action: false,
    });
    expect(await rowOf('warehouse', 'ORD-L-C')).toMatchObject({ can_assign_transporter: false });
    expect(await rowOf('transporter', 'ORD-L-C')).toMatchObject({ can_assign_transporter: false });
  });

  test('given accepted and completed orders, when staff read them, then the later actions show by DESIGN §4 states', async () => {
    expect(await rowOf('logistic', 'ORD-L-B')).toMatchObject({
      can_assign_driver: true,
      can_mark_complete: true,
      can_unmark_complete: false,
      can_view_shipments: false,
      need_transporter_action: false,
    });
    // A collective order's second transporter sends its own trucks, but was not the one asked to accept.
    expect(await rowOf('transporter', 'ORD-L-F')).toMatchObject({
      can_assign_driver: true,
      need_transporter_action: false,
    });
    expect(await rowOf('logistic', 'ORD-L-G')).toMatchObject({
      can_unmark_complete: true,
      can_mark_complete: false,
      can_cancel_order: false,
      can_edit_order: false,
    });
  });
});

test('the list searches through the gram indexes migration 016 builds', () => {
  expect([...GRAM_COLUMNS]).toEqual([...ORDER_GRAM_COLUMNS]);
});

test('given an order number and a SAP number filtered together, when the SAP number is shorter than a gram, then only the order number goes through its index, and either way the same orders match', async () => {
  const admin = await t.deps.db('users').where('username', 'admin').first(AUTH_USER_COLUMNS);
  const request = (orderNo: string, sapNo: string) =>
    listRequestSchema.parse({
      filters: [
        { field: 'Order_No', value: orderNo, matchMode: 'contains' },
        { field: 'SAP_No', value: sapNo, matchMode: 'contains' },
      ],
    });
  const sqlOf = (orderNo: string, sapNo: string) =>
    orderListQueries(t.deps.db, admin, 'en', request(orderNo, sapNo)).page.toSQL().sql;
  expect(sqlOf('ORD', '0002')).toContain('tms_grams(o.order_no)');
  expect(sqlOf('ORD', '0002')).not.toContain('tms_grams(o.sap_no)');
  expect(sqlOf('ORD', '00200000')).toContain('tms_grams(o.sap_no)');
  expect(sqlOf('OR', '0002')).toContain('tms_grams(o.sap_no)');
  const found = async (orderNo: string, sapNo: string) => {
    const res = await list('logistic', request(orderNo, sapNo));
    expect(res.status).toBe(200);
    expect(res.body.totalRecords).toBe((res.body.data as ListRow[]).length);
    return numbers(res.body.data as ListRow[]);
  };
  expect(await found('ORD', '0002')).toEqual(['ORD-L-B']);
  expect(await found('L-C', '00200000')).toEqual(['ORD-L-C']);
  expect(await found('OR', '0002')).toEqual(['ORD-L-B']);
  expect(await found('ORD-L', '000')).toHaveLength(8);
});

describe('POST /api/order/export', () => {
  const download = (user: string, body: object, language = 'en') =>
    downloadFile(t, '/api/order/export', { Authorization: tokens[user]!, language }, body);

  test('given the list filtered and sorted, when staff export it as CSV in Indonesian, then the file holds the same orders in the same order, every list column headed as the screen heads it, statuses and dates as the screen shows them', async () => {
    const request = {
      format: 'csv',
      filters: [{ field: 'Order_No', value: 'ORD-L-', matchMode: 'contains' }],
      sorts: [{ field: 'Order_No', order: 'ASC' }],
    };
    const file = await download('logistic', request, 'id');
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/csv');
    const [header, ...rows] = parseCsv(file.body.toString('utf8').replace(/^\uFEFF/, ''));
    const labels = (await import('../../locales/id/console-orders.json')).order.fields as Record<
      string,
      string
    >;
    expect(header).toEqual(Order.list.map((name) => labels[name] ?? name));
    const listed = await list('logistic', { ...request, rows: 50 });
    const noColumn = header!.indexOf(labels.Order_No!);
    expect(rows.map((r) => r[noColumn])).toEqual((listed.body.data as ListRow[]).map((r) => r.Order_No));
    const accepted = rows.find((r) => r[noColumn] === 'ORD-L-B')!;
    expect(accepted[header!.indexOf(labels.Status!)]).toBe('Diterima');
    expect(accepted[header!.indexOf(labels.Order_Date!)]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  test("given an order without a delivery address and a collective order of two carriers, when staff read the list and export it as CSV, then the address column shows the customer's address and the collective order names both carriers, in the list and in the file alike", async () => {
    const db = t.deps.db;
    await db('orders')
      .where('id', o.A!.id)
      .update({ delivery_address: null, customer_vendor_address: 'Jl. Industri 7, Medan' });
    const names = (await db('order_transporters')
      .where('order_id', o.F!.id)
      .orderBy('id')
      .pluck('transporter_name')) as string[];
    expect(names).toHaveLength(2);
    const a = await rowOf('logistic', 'ORD-L-A');
    expect(a?.Delivery_Address).toBe('Jl. Industri 7, Medan');
    const f = await rowOf('logistic', 'ORD-L-F');
    expect(f?.Transporter_Name).toBe(names.join(', '));

    const file = await download('logistic', {
      format: 'csv',
      filters: [{ field: 'Order_No', value: 'ORD-L-', matchMode: 'contains' }],
    });
    expect(file.status).toBe(200);
    const [header, ...rows] = parseCsv(file.body.toString('utf8').replace(/^\uFEFF/, ''));
    const cell = (orderNo: string, label: string) =>
      rows.find((r) => r[header!.indexOf('Order No.')] === orderNo)![header!.indexOf(label)];
    expect(cell('ORD-L-A', 'Delivery Address')).toBe('Jl. Industri 7, Medan');
    expect(cell('ORD-L-F', 'Transporter')).toBe(names.join(', '));
    // The address filters as it reads.
    const found = await list('logistic', {
      filters: [{ field: 'Delivery_Address', value: 'Industri 7', matchMode: 'contains' }],
    });
    expect(numbers(found.body.data as ListRow[])).toContain('ORD-L-A');
  });

  test('given the transporter TRP001, when it exports the list as Excel, then the workbook holds its own orders only, headed in English', async () => {
    const file = await download('transporter', { format: 'xlsx' });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const column = header.indexOf('Order No.');
    expect(column).toBeGreaterThan(0);
    const exported: string[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) exported.push(sheet.getRow(r).getCell(column).text);
    const own = await list('transporter', { rows: 50 });
    expect(exported.sort()).toEqual(numbers(own.body.data as ListRow[]));
    expect(exported).not.toContain('ORD-L-B');
  });

  test('given a driver, when it asks for the export, then it is refused', async () => {
    const file = await download('driver', { format: 'csv' });
    expect(file.status).toBe(403);
  });
});
