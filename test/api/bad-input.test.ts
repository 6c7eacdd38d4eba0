// The bad inputs that were seen to end in a 500 (or to be saved as something else), each through the real app
// on a real database: a NUL byte in a form field, a list filter, a lookup's q, an import cell, a SAP order field
// and an ERP document; ISO dates that look right but are no calendar date; a Freight_Cost beyond its column;
// quantities sent as "0x10", true or [5]; a file with bytes that are not UTF-8. Each answers 400 with the field
// named, writes nothing, and every ERP call (refused ones included) is in API Log.
import type { SapApprovalWorkflowStart } from '../../api/sap-orders/approval';
import { writeCallLog } from '../../api/erp/call-log';
import { DEMO_ERP_API_KEY } from '../../db/seeds/demo';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { rawErpDocument } from '../support/erp';
import { manualPoBody } from '../support/sap-orders';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  Object.assign(t.deps, {
    startSapApprovalWorkflow: (_start: SapApprovalWorkflowStart) => Promise.resolve(),
  });
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const IMPOSSIBLE_DATES = ['2026-02-30', '0000-01-01', '9999-99-99'];
const FAKE_NUMBERS: [string, unknown][] = [
  ['the hex string "0x10"', '0x10'],
  ['the boolean true', true],
  ['the array [5]', [5]],
];

const post = (path: string, body: unknown) =>
  t
    .request()
    .post(path)
    .set('Authorization', admin)
    .send(body as object);
const put = (path: string, body: unknown) =>
  t
    .request()
    .put(path)
    .set('Authorization', admin)
    .send(body as object);

/** A SAP document as the fixture makes it, for company 1000 of the master demo. */
function sapDocument(documentNo: string, header: Record<string, unknown> = {}) {
  const doc = rawErpDocument(documentNo, {
    header: {
      Company_Code: '1000',
      Plant: '1101',
      Sales_Organization: 'S100',
      Customer_Vendor_Code: 'CUS001',
    },
  });
  (doc.Details as Record<string, unknown>[]).forEach((line) => (line.Material_Code = 'FG-CPO'));
  return { ...doc, ...header };
}

function push(body: unknown, key: string | null = DEMO_ERP_API_KEY) {
  const req = t.request().post('/api/erp/sap_orders').set('Content-Type', 'application/json');
  if (key !== null) void req.set('X-API-Key', key);
  return req.send(typeof body === 'string' ? body : JSON.stringify(body));
}

async function count(table: string): Promise<number> {
  const [row] = await t.deps.db(table).count<{ n: string }[]>('* as n');
  return Number(row!.n);
}

async function lastLogId(): Promise<number> {
  const [row] = await t.deps.db('api_logs').max<{ max: string | null }[]>('id as max');
  return Number(row?.max ?? 0);
}

/** The refusal every case expects: 400, the envelope, and `field` named among the errors. */
function expectRefused(res: { status: number; body: Record<string, unknown> }, field: string) {
  expect([res.status, res.body.success, res.body.message_code]).toEqual([400, false, 'VALIDATION']);
  expect(typeof res.body.message).toBe('string');
  expect(Object.keys(res.body.errors as object)).toContain(field);
}

describe('a NUL byte in any text', () => {
  test('given a form field holding a NUL, when the record is created, then 400 names the field and nothing is saved', async () => {
    const before = await count('truck_types');
    const res = await post('/api/truck_type', {
      Truck_Type_Code: 'NUL1',
      Truck_Type_Name: `Wing${NUL}box`,
      Capacity_Kg: 8000,
    });
    expectRefused(res, 'Truck_Type_Name');
    expect(res.body.errors.Truck_Type_Name[0]).toMatch(/Truck Type Name .*not allowed/);
    expect(await count('truck_types')).toBe(before);
  });

  test('given a list filter holding a NUL, when the list is asked, then 400 names the filter value', async () => {
    const res = await post('/api/truck_type/list', {
      filters: [{ field: 'Truck_Type_Name', value: `Wing${NUL}`, matchMode: 'contains' }],
    });
    expectRefused(res, 'filters.0.value');
  });

  test('given a lookup q holding a NUL, when the lookup is asked, then 400 names q', async () => {
    const res = await t.request().get('/api/list/truck_type?q=Wi%00ng').set('Authorization', admin);
    expectRefused(res, 'q');
  });

  test('given an import cell holding a NUL, when the file is imported, then the report names its row and column and nothing is saved', async () => {
    const before = await count('truck_types');
    const csv = `Truck_Type_Code,Truck_Type_Name,Capacity_Kg\r\nNUL2,Good,8000\r\nNUL3,Bad${NUL}name,8000\r\n`;
    const res = await post('/api/truck_type/import', {
      file_name: 'trucks.csv',
      content_base64: Buffer.from(csv).toString('base64'),
    });
    expect([res.status, res.body.message_code]).toEqual([400, 'IMPORT_INVALID']);
    expect(res.body.data.rows).toEqual([
      { row: 3, errors: { Truck_Type_Name: [expect.stringMatching(/not allowed/)] } },
    ]);
    expect(await count('truck_types')).toBe(before);
  });

  test('given an import whose key cell holds a NUL, when imported, then the report names the cell before any lookup by that key', async () => {
    const csv = `Truck_Type_Code,Truck_Type_Name,Capacity_Kg\r\nNUL${NUL}4,Key,8000\r\n`;
    const res = await post('/api/truck_type/import', {
      file_name: 'trucks.csv',
      content_base64: Buffer.from(csv).toString('base64'),
    });
    expect([res.status, res.body.message_code]).toEqual([400, 'IMPORT_INVALID']);
    expect(res.body.data.rows).toEqual([
      { row: 2, errors: { Truck_Type_Code: [expect.stringMatching(/not allowed/)] } },
    ]);
  });

  test('given a SAP order field holding a NUL, when the order is saved, then 400 names the field and no order is made', async () => {
    const before = await count('sap_orders');
    const res = await post('/api/saporder', manualPoBody({ Delivery_Address: `Jl.${NUL} Lintas` }));
    expectRefused(res, 'Delivery_Address');
    const line = await post(
      '/api/saporder',
      manualPoBody({ Details: [{ Material_Code: `SP${NUL}`, Qty: 1, UOM: 'TON' }] }),
    );
    expectRefused(line, 'Details.0.Material_Code');
    expect(await count('sap_orders')).toBe(before);
  });

  test('given an ERP document holding a NUL, when it is pushed, then 400 names documents.<i>.<field>, nothing is imported, and API Log records the call with the NUL escaped', async () => {
    const before = await count('sap_orders');
    const logBefore = await lastLogId();
    const res = await push({
      documents: [sapDocument('8100000001'), sapDocument('8100000002', { Incoterm2: `Du${NUL}mai` })],
    });
    expectRefused(res, 'documents.1.Incoterm2');
    expect(await count('sap_orders')).toBe(before);
    const logs = await t.deps.db('api_logs').where('id', '>', logBefore);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status_code: 400, success: false, client: 'sap-demo', documents: 2 });
    expect(JSON.stringify(logs[0].request)).toContain('Du\\\\u0000mai');
  });
});

describe('an unpaired surrogate (no character at all) in a text', () => {
  test('given a form field holding a lone surrogate, when the record is created, then 400 names the field', async () => {
    const res = await post('/api/truck_type', {
      Truck_Type_Code: 'SUR1',
      Truck_Type_Name: 'Wing\ud800box',
      Capacity_Kg: 8000,
    });
    expectRefused(res, 'Truck_Type_Name');
  });
});

describe('dates that match yyyy-mm-dd but are no calendar date', () => {
  test.each(IMPOSSIBLE_DATES)(
    'given the date %s in a form field, when the record is created, then 400 names the field',
    async (date) => {
      const before = await count('changelogs');
      const res = await post('/api/changelog', {
        Version: `V-${date}`,
        Version_Date: date,
        Details: [{ Description: 'x', Sort_Order: 1 }],
      });
      expectRefused(res, 'Version_Date');
      expect(await count('changelogs')).toBe(before);
    },
  );

  test.each(IMPOSSIBLE_DATES)(
    'given the date %s on a SAP order, when it is saved, then 400 names the field',
    async (date) => {
      const res = await post('/api/saporder', manualPoBody({ Document_Date: date, Valid_To: date }));
      expectRefused(res, 'Document_Date');
      expectRefused(res, 'Valid_To');
    },
  );

  test.each(IMPOSSIBLE_DATES)(
    'given the date %s in an ERP document, when it is pushed, then 400 names documents.0.Document_Date',
    async (date) => {
      const res = await push({ documents: [sapDocument('8100000003', { Document_Date: date })] });
      expectRefused(res, 'documents.0.Document_Date');
    },
  );

  test.each(['30/02/2026', '01/01/0000'])(
    'given the date %s in a list filter, when the list is asked, then 400 names the filter',
    async (date) => {
      const res = await post('/api/changelog/list', {
        filters: [{ field: 'Version_Date', value: date, matchMode: 'date' }],
      });
      expect([res.status, res.body.success]).toEqual([400, false]);
      expect(Object.keys(res.body.errors as object)).toEqual(['Version_Date']);
    },
  );

  test('given a Changed_At in year 0, when it is pushed, then 400 names documents.0.Changed_At', async () => {
    const res = await push({
      documents: [sapDocument('8100000004', { Changed_At: '0000-01-01T08:00:00+07:00' })],
    });
    expectRefused(res, 'documents.0.Changed_At');
  });
});

describe('numbers beyond what their column holds', () => {
  test('given Freight_Cost 1e30 in an ERP document, when it is pushed, then 400 names it and nothing is imported', async () => {
    const before = await count('sap_orders');
    const res = await push({ documents: [sapDocument('8100000005', { Freight_Cost: 1e30 })] });
    expectRefused(res, 'documents.0.Freight_Cost');
    expect(await count('sap_orders')).toBe(before);
  });

  test('given Freight_Cost 1e30 on the SAP order save, when it is saved, then the editor does not take it (the field is SAP-owned) and nothing fails', async () => {
    const res = await post('/api/saporder', manualPoBody({ Freight_Cost: 1e30 }));
    expect(res.status).toBe(200);
    const row = await t.deps.db('sap_orders').where({ id: res.body.data.header.Id }).first('freight_cost');
    expect(row.freight_cost).toBeNull();
  });
});

describe('quantities that are not numbers', () => {
  test.each(FAKE_NUMBERS)(
    'given a SAP order line quantity as %s, when it is saved, then 400 names it and no order is made',
    async (_name, qty) => {
      const before = await count('sap_orders');
      const res = await post(
        '/api/saporder',
        manualPoBody({ Details: [{ Material_Code: 'SP-NPK15', Qty: qty, UOM: 'TON' }] }),
      );
      expectRefused(res, 'Details.0.Qty');
      expect(await count('sap_orders')).toBe(before);
    },
  );

  test.each(FAKE_NUMBERS)(
    'given an ERP line quantity as %s, when it is pushed, then 400 names documents.0.Details.0.Qty',
    async (_name, qty) => {
      const doc = sapDocument('8100000006');
      (doc.Details as Record<string, unknown>[])[0]!.Qty = qty;
      const res = await push({ documents: [doc] });
      expectRefused(res, 'documents.0.Details.0.Qty');
    },
  );

  test.each(FAKE_NUMBERS)(
    'given a record decimal as %s, when it is saved, then 400 names it',
    async (_name, value) => {
      const res = await post('/api/truck_type', {
        Truck_Type_Code: 'HEX1',
        Truck_Type_Name: 'Hex',
        Capacity_Kg: value,
      });
      expectRefused(res, 'Capacity_Kg');
    },
  );

  test('given an empty quantity in an import cell, when imported, then it is required, not 0', async () => {
    const csv = 'Truck_Type_Code,Truck_Type_Name,Capacity_Kg\r\nEMP1,Empty,\r\nHEX2,Hex,0x10\r\n';
    const res = await post('/api/truck_type/import', {
      file_name: 'trucks.csv',
      content_base64: Buffer.from(csv).toString('base64'),
    });
    expect(res.status).toBe(400);
    expect(res.body.data.rows).toEqual([
      { row: 2, errors: { Capacity_Kg: [expect.stringMatching(/required/)] } },
      { row: 3, errors: { Capacity_Kg: [expect.stringMatching(/number/)] } },
    ]);
  });

  test('given a plain decimal string and a JSON number, when saved, then both are taken as the number they spell', async () => {
    const res = await post('/api/truck_type', {
      Truck_Type_Code: 'DEC1',
      Truck_Type_Name: 'Decimal',
      Capacity_Kg: ' 8000.50 ',
      Axles: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ Capacity_Kg: 8000.5, Axles: 3 });
    const update = await put('/api/truck_type', { ...res.body.data, Capacity_Kg: 7000 });
    expect(update.status).toBe(200);
  });
});

describe('files with bytes that are not UTF-8', () => {
  test('given a CSV with invalid UTF-8 bytes in a cell, when imported, then the report names the row and column and nothing is saved', async () => {
    const before = await count('truck_types');
    const csv = Buffer.concat([
      Buffer.from('Truck_Type_Code,Truck_Type_Name,Capacity_Kg\r\nUTF1,Good,8000\r\nUTF2,Bad'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(',8000\r\n'),
    ]);
    const res = await post('/api/truck_type/import', {
      file_name: 'trucks.csv',
      content_base64: csv.toString('base64'),
    });
    expect([res.status, res.body.message_code]).toEqual([400, 'IMPORT_INVALID']);
    expect(res.body.data.rows).toEqual([
      { row: 3, errors: { Truck_Type_Name: [expect.stringMatching(/UTF-8/)] } },
    ]);
    expect(await count('truck_types')).toBe(before);
    // The server still answers.
    expect((await t.request().get('/api/util/version')).status).toBe(200);
  });
});

describe('every ERP call is in API Log', () => {
  test.each([
    ['a body that is not JSON and holds a NUL byte', `{"documents": [${NUL}`],
    [
      'a JSON body with a NUL escape and a lone surrogate',
      '{"documents":[{"Document_No":"\\u0000\\ud800"}]}',
    ],
    ['a body nested 3,000 levels deep', `{"documents":${'['.repeat(3000)}${']'.repeat(3000)}}`],
  ])('given %s, when it is pushed, then 400 answers and the call is recorded', async (_name, body) => {
    const logBefore = await lastLogId();
    const res = await push(body);
    expect([res.status, res.body.success]).toEqual([400, false]);
    const logs = await t.deps.db('api_logs').where('id', '>', logBefore);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status_code: 400, success: false, client: 'sap-demo' });
    expect(logs[0].request).not.toBeNull();
  });

  test('given a wrong key, when a document with a NUL is pushed, then 401 answers and the call is recorded', async () => {
    const logBefore = await lastLogId();
    const res = await push({ documents: [sapDocument('8100000007', { Incoterm2: NUL })] }, 'wrong-key');
    expect(res.status).toBe(401);
    const logs = await t.deps.db('api_logs').where('id', '>', logBefore);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status_code: 401, success: false, client: null });
  });
});

describe('ERP calls the TMS makes are logged whatever SAP answers', () => {
  test('given an answer and a request holding a NUL and a broken character, when the call is logged, then API Response Log keeps them escaped', async () => {
    await writeCallLog(t.deps.db, {
      system: 'sap-odata',
      operation: 'read',
      method: 'GET',
      url: 'https://sap.example/sap/opu/odata/sap/API_SALES_ORDER_SRV/A_SalesOrder',
      statusCode: 200,
      success: true,
      message: `Sales order 81${NUL}00`,
      durationMs: 12,
      reference: `81${NUL}00`,
      request: { filter: `SalesOrder eq '81${NUL}00\ud800'` },
      response: `{"d":{"SalesOrder":"81${NUL}00"}}`,
    });
    const row = await t.deps.db('api_response_logs').orderBy('id', 'desc').first();
    expect(row).toMatchObject({
      message: 'Sales order 81\\u000000',
      reference: '81\\u000000',
      response: '{"d":{"SalesOrder":"81\\u000000"}}',
      request: { filter: "SalesOrder eq '81\\u000000\\ud800'" },
    });
  });
});
