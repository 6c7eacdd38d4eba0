// The SAP OData v2 adapter against a fake SAP Gateway (msw): realistic v2 "verbose JSON" payloads, SAP's own
// paging, its CSRF handshake, its error bodies (JSON, XML, a web dispatcher's HTML page), its date and decimal
// formats, and the promise that the SAP password never reaches a log.
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { callLogRow } from '../../api/erp/call-log';
import { createSapODataAdapter, type SapODataAdapterOptions } from '../../api/erp/odata/adapter';
import { EMPTY_MASTER_MAP, type ErpMasterMap } from '../../api/erp/odata/master-map';
import { odataCalendarDate, odataInstant, parseDecimal, parseODataDate } from '../../api/erp/odata/values';
import { ErpError, type ErpCallLog, type ErpFilter } from '../../api/erp/types';

const HOST = 'https://s4.example.test';
const ROOT = `${HOST}/sap/opu/odata/sap`;
const USER = 'TMS_RFC';
const PASSWORD = 'Kebun#Sawit-2026!';
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Every request the fake SAP saw: method, decoded path and query, and the headers that matter. */
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  csrf: string | null;
  cookie: string | null;
  ifMatch: string | null;
}
let seen: Seen[] = [];
let logs: ErpCallLog[] = [];
beforeEach(() => {
  seen = [];
  logs = [];
});

/** One handler for all of SAP: tests route on the decoded path themselves (keys contain quotes and ';v=0002'). */
function fakeSap(route: (req: Seen, request: Request) => Response | Promise<Response>) {
  server.use(
    http.all(`${HOST}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const s: Seen = {
        method: request.method,
        path: decodeURIComponent(url.pathname).replace('/sap/opu/odata/sap/', ''),
        query: url.searchParams,
        authorization: request.headers.get('authorization'),
        csrf: request.headers.get('x-csrf-token'),
        cookie: request.headers.get('cookie'),
        ifMatch: request.headers.get('if-match'),
      };
      seen.push(s);
      return route(s, request);
    }),
  );
}

const MASTER: ErpMasterMap = {
  ...EMPTY_MASTER_MAP,
  companyBySalesOrganization: new Map([['S100', '1000']]),
  salesOrganizationsByCompany: new Map([['1000', ['S100']]]),
  companyByPlant: new Map([['1101', '1000']]),
  locationByPlant: new Map([['1101', 'PKS-SEI-ROKAN']]),
  locationByPartner: new Map([['CUS001', 'CUS-MNS-DUMAI']]),
  categoryByMaterial: new Map([['FG-CPO', 'CPO']]),
  warehouseByStorageLocation: new Map([['1101/T001', 'WH-1101-CPO']]),
};

function adapter(overrides: Partial<SapODataAdapterOptions> = {}) {
  return createSapODataAdapter({
    baseUrl: ROOT,
    sapClient: '100',
    user: USER,
    password: PASSWORD,
    timeoutMs: 2000,
    timeZone: 'Asia/Jakarta',
    log: (e) => {
      logs.push(e);
    },
    masterMap: () => Promise.resolve(MASTER),
    ...overrides,
  });
}

const day = (iso: string) => `/Date(${Date.parse(`${iso}T00:00:00Z`)})/`;

/** An item of an OData answer: the fields a test sets vary from item to item. */
type SapItem = Record<string, unknown>;

/** A sales order as API_SALES_ORDER_SRV answers it with $expand=to_Item. */
function salesOrder(n: number, date: string, quantity = '250.500') {
  const no = String(10010000 + n);
  return {
    __metadata: {
      id: `${ROOT}/API_SALES_ORDER_SRV/A_SalesOrder('${no}')`,
      uri: `${ROOT}/API_SALES_ORDER_SRV/A_SalesOrder('${no}')`,
      type: 'API_SALES_ORDER_SRV.A_SalesOrderType',
      etag: `W/"datetimeoffset'2026-10-12T03%3A15%3A20.1234560Z'"`,
    },
    SalesOrder: no,
    SalesOrderType: 'OR',
    SalesOrganization: 'S100',
    DistributionChannel: '10',
    OrganizationDivision: '00',
    SoldToParty: 'CUS001',
    CreationDate: day(date),
    CreatedByUser: 'RSIREGAR',
    LastChangeDateTime: `/Date(${Date.parse(`${date}T03:15:20.123Z`)}+0000)/`,
    PurchaseOrderByCustomer: `CUS001/PO/26/${String(n).padStart(5, '0')}`,
    SalesOrderDate: day(date),
    TotalNetAmount: '3131250000.00',
    TransactionCurrency: 'IDR',
    IncotermsClassification: 'FRC',
    IncotermsLocation1: 'Dumai',
    to_Item: {
      results: [
        {
          __metadata: { type: 'API_SALES_ORDER_SRV.A_SalesOrderItemType' },
          SalesOrder: no,
          SalesOrderItem: '10',
          SalesOrderItemCategory: 'TAN',
          Material: 'FG-CPO',
          RequestedQuantity: quantity,
          RequestedQuantityUnit: 'TO',
          ProductionPlant: '1101',
          StorageLocation: 'T001',
          NetAmount: '3131250000.00',
          SalesDocumentRjcnReason: '',
        },
        {
          // A text item: no material, no quantity; SAP sends it, the TMS leaves it out.
          SalesOrder: no,
          SalesOrderItem: '20',
          Material: '',
          RequestedQuantity: '0',
          RequestedQuantityUnit: '',
          ProductionPlant: '1101',
        },
      ] as SapItem[],
    },
  };
}

/** An outbound delivery as API_OUTBOUND_DELIVERY_SRV;v=0002 answers it. */
function delivery(no: string) {
  return {
    __metadata: {
      uri: `${ROOT}/API_OUTBOUND_DELIVERY_SRV;v=0002/A_OutbDeliveryHeader('${no}')`,
      type: 'API_OUTBOUND_DELIVERY_SRV.A_OutbDeliveryHeaderType',
      etag: `W/"'20261012081520'"`,
    },
    DeliveryDocument: no,
    DeliveryDocumentType: 'LF',
    SalesOrganization: 'S100',
    ShippingPoint: '1101',
    SoldToParty: 'CUS001',
    ShipToParty: 'CUS001',
    CreatedByUser: 'SAPBATCH',
    CreationDate: day('2026-10-12'),
    CreationTime: 'PT08H15M20S',
    DocumentDate: day('2026-10-12'),
    LastChangeDate: null,
    IncotermsClassification: 'FRC',
    IncotermsTransferLocation: 'Dumai',
    to_DeliveryDocumentItem: {
      results: [
        {
          DeliveryDocument: no,
          DeliveryDocumentItem: '000010',
          Material: 'FG-CPO',
          ActualDeliveryQuantity: '24870.000',
          DeliveryQuantityUnit: 'KG',
          Plant: '1101',
          StorageLocation: 'T001',
          ReferenceSDDocument: '10010001',
          ReferenceSDDocumentItem: '10',
        },
      ] as SapItem[],
    },
  };
}

const soFilter: ErpFilter = {
  orderType: 'SO',
  documentDateFrom: '2026-10-01',
  documentDateTo: '2026-10-31',
  companies: ['1000'],
};

describe('paging', () => {
  test('given 5 matching sales orders and a page size of 2, when filtering, then $top/$skip walks 3 pages and all 5 come back newest first', async () => {
    const dates = ['2026-10-20', '2026-10-18', '2026-10-15', '2026-10-12', '2026-10-02'];
    const all = dates.map((d, i) => salesOrder(i + 1, d));
    fakeSap((req) => {
      const top = Number(req.query.get('$top'));
      const skip = Number(req.query.get('$skip') ?? 0);
      return HttpResponse.json({ d: { results: all.slice(skip, skip + top) } });
    });

    const docs = await adapter({ pageSize: 2 }).filterDocuments(soFilter, 50);

    expect(docs.map((d) => d.Document_Date)).toEqual(dates);
    expect(seen.map((s) => [s.query.get('$top'), s.query.get('$skip')])).toEqual([
      ['2', null],
      ['2', '2'],
      ['2', '4'],
    ]);
    const first = seen[0]!;
    expect(first.path).toBe('API_SALES_ORDER_SRV/A_SalesOrder');
    expect(first.query.get('$format')).toBe('json');
    expect(first.query.get('sap-client')).toBe('100');
    expect(first.query.get('$expand')).toBe('to_Item');
    expect(first.query.get('$orderby')).toBe('SalesOrderDate desc,SalesOrder desc');
    expect(first.query.get('$filter')).toBe(
      "SalesOrderDate ge datetime'2026-10-01T00:00:00' and SalesOrderDate le datetime'2026-10-31T00:00:00'" +
        " and (SalesOrganization eq 'S100')",
    );
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.success && l.operation === 'filter' && l.statusCode === 200)).toBe(true);
  });

  test("given SAP pages itself with __next links, when filtering, then the links are followed to SAP's last page", async () => {
    const all = [1, 2, 3, 4, 5, 6, 7].map((n) => salesOrder(n, `2026-10-${String(20 - n).padStart(2, '0')}`));
    fakeSap((req) => {
      const token = Number(req.query.get('$skiptoken') ?? 0);
      const page = all.slice(token, token + 3);
      const next =
        token + 3 < all.length
          ? `${ROOT}/API_SALES_ORDER_SRV/A_SalesOrder?$skiptoken=${token + 3}&$format=json&sap-client=100`
          : undefined;
      return HttpResponse.json({ d: { results: page, ...(next ? { __next: next } : {}) } });
    });

    const docs = await adapter({ pageSize: 100 }).filterDocuments({ orderType: 'SO' }, 50);

    expect(docs).toHaveLength(7);
    expect(seen.map((s) => s.query.get('$skiptoken'))).toEqual([null, '3', '6']);
  });

  test('given a __next link to another host, when filtering, then it is not followed (the credentials stay with SAP)', async () => {
    fakeSap(() =>
      HttpResponse.json({
        d: {
          results: [salesOrder(1, '2026-10-20')],
          __next: 'https://attacker.example.test/steal?$skiptoken=1',
        },
      }),
    );

    await expect(adapter().filterDocuments({ orderType: 'SO' }, 50)).rejects.toThrow(/another host/);
    expect(seen).toHaveLength(1);
  });

  test('given criteria SAP cannot filter on (the material), when filtering, then they are applied to the answer and paging stops at the limit', async () => {
    const all = [1, 2, 3, 4, 5, 6].map((n) => {
      const so = salesOrder(n, `2026-10-${String(20 - n).padStart(2, '0')}`);
      if (n % 2 === 0) so.to_Item.results[0]!.Material = 'FG-PK';
      return so;
    });
    fakeSap((req) => {
      const top = Number(req.query.get('$top'));
      const skip = Number(req.query.get('$skip') ?? 0);
      return HttpResponse.json({ d: { results: all.slice(skip, skip + top) } });
    });

    const docs = await adapter({ pageSize: 2 }).filterDocuments({ orderType: 'SO', material: 'FG-PK' }, 2);

    expect(docs.map((d) => d.Document_No)).toEqual(['10010002', '10010004']);
    expect(seen).toHaveLength(2);
  });
});

describe('values', () => {
  test('given /Date()/ without an offset, then it is that UTC moment and that calendar day', () => {
    expect(parseODataDate('/Date(1700000000000)/')).toEqual({
      instant: new Date(1700000000000),
      offsetMinutes: 0,
    });
    expect(odataCalendarDate(day('2026-10-12'))).toBe('2026-10-12');
    expect(odataInstant('/Date(1700000000000)/')).toBe('2023-11-14T22:13:20.000Z');
  });

  test("given /Date()/ with an offset, then the moment is unchanged and the calendar day is SAP's local day", () => {
    // 2026-10-11 20:00 UTC recorded in a zone 7 hours (420 minutes) ahead: 03:00 on the 12th there.
    const value = `/Date(${Date.parse('2026-10-11T20:00:00Z')}+0420)/`;
    expect(parseODataDate(value)!.offsetMinutes).toBe(420);
    expect(odataInstant(value)).toBe('2026-10-11T20:00:00.000Z');
    expect(odataCalendarDate(value)).toBe('2026-10-12');
    expect(odataInstant('/Date(1700000000000+0700)/')).toBe('2023-11-14T22:13:20.000Z');
    expect(odataCalendarDate('/Date(1700000000000-0060)/')).toBe('2023-11-14');
  });

  test('given decimal strings, then they become numbers, and text that is no number is refused', () => {
    expect(parseDecimal('12.500')).toBe(12.5);
    expect(parseDecimal('24870.000')).toBe(24870);
    expect(parseDecimal('-3')).toBe(-3);
    expect(parseDecimal('')).toBeNull();
    expect(() => parseDecimal('12,5')).toThrow(TypeError);
  });

  test('given a sales order with /Date()/ values and a decimal quantity, when read, then the document has the day, the moment and the number', async () => {
    const so = salesOrder(1, '2026-10-12', '250.500');
    so.LastChangeDateTime = `/Date(${Date.parse('2026-10-12T03:15:20.123Z')}+0420)/`;
    fakeSap((req) =>
      req.path === "API_SALES_ORDER_SRV/A_SalesOrder('10010001')"
        ? HttpResponse.json({ d: so })
        : HttpResponse.json(
            { error: { code: '/IWBEP/CM_MGW_RT/020', message: { value: 'Resource not found' } } },
            { status: 404 },
          ),
    );

    const doc = await adapter().readDocument('10010001');

    expect(doc).toMatchObject({
      Document_No: '10010001',
      Order_Type: 'SO',
      Document_Date: '2026-10-12',
      Changed_At: '2026-10-12T03:15:20.123Z',
      Company_Code: '1000',
      Plant: '1101',
      Product_Category: 'CPO',
      Sales_Organization: 'S100',
      Document_Type: 'OR',
      Customer_Vendor_Code: 'CUS001',
      Distribution: 'LOCAL',
      Incoterm: 'FRC',
      Incoterm2: 'Dumai',
      PO_No: 'CUS001/PO/26/00001',
      Loading: 'PKS-SEI-ROKAN',
      Destination: 'CUS-MNS-DUMAI',
      Warehouse_Code: 'WH-1101-CPO',
      Created_By: 'RSIREGAR',
    });
    // The text item is left out; the quantity "250.500" TO is 250.5 TON.
    expect(doc!.Details).toEqual([
      expect.objectContaining({
        Item_No: '10',
        Material_Code: 'FG-CPO',
        Qty: 250.5,
        UOM: 'TON',
        Deleted: false,
      }),
    ]);
    expect(seen[0]!.query.get('$expand')).toBe('to_Item');
  });

  test("given a delivery's decimal quantity in KG and a creation time on SAP's clock (WIB), when read, then Qty is the number and Changed_At the creation moment in UTC", async () => {
    fakeSap((req) =>
      req.path.startsWith('API_OUTBOUND_DELIVERY_SRV;v=0002/A_OutbDeliveryHeader(')
        ? HttpResponse.json({ d: delivery('80010001') })
        : new HttpResponse(null, { status: 404 }),
    );

    const doc = await adapter().readDocument('80010001');

    expect(seen[0]!.path).toBe("API_OUTBOUND_DELIVERY_SRV;v=0002/A_OutbDeliveryHeader('80010001')");
    expect(doc).toMatchObject({
      Order_Type: 'DO',
      Delivery_Order_No: '80010001',
      Reference_Doc_No: '10010001',
      // CreationDate + CreationTime are SAP's local time: 08:15:20 in Jakarta is 01:15:20 UTC.
      Changed_At: '2026-10-12T01:15:20.000Z',
    });
    expect(doc!.Details[0]).toMatchObject({
      Qty: 24870,
      UOM: 'KG',
      SO_DO_No: '10010001',
      SO_DO_Item_No: '10',
    });
  });

  test('given a number with a quote, when filtering by SAP No, then the quote is doubled inside the literal', async () => {
    fakeSap(() => HttpResponse.json({ d: { results: [] } }));

    await adapter().filterDocuments({ orderType: 'PO', sapNos: ["45' or 1 eq 1 or '"] }, 10);

    expect(seen[0]!.query.get('$filter')).toBe(
      "(PurchaseOrder eq '45'' or 1 eq 1 or ''') and PurchaseOrderType eq 'NB'",
    );
  });
});

describe('writes and the CSRF token', () => {
  test('given SAP refuses the first token with 403 "Required", when syncing a delivery, then the token is fetched again and the write retried once, successfully', async () => {
    const tokens = ['token-expired', 'token-fresh'];
    let issued = 0;
    fakeSap((req) => {
      if (req.method === 'GET' && req.csrf === 'Fetch') {
        const token = tokens[issued++]!;
        return new HttpResponse(null, {
          status: 200,
          headers: {
            'x-csrf-token': token,
            'Set-Cookie': `SAP_SESSIONID_S4H_100=session-${issued}; path=/; secure; HttpOnly`,
          },
        });
      }
      if (req.method === 'GET')
        return HttpResponse.json({ d: delivery('80010001') }, { headers: { ETag: `W/"'20261012081520'"` } });
      if (req.method === 'PATCH') {
        if (req.csrf !== 'token-fresh') {
          return new HttpResponse('CSRF token validation failed', {
            status: 403,
            headers: { 'x-csrf-token': 'Required' },
          });
        }
        return new HttpResponse(null, {
          status: 204,
          headers: {
            'sap-message': JSON.stringify({
              code: 'VL/311',
              message: 'Delivery 80010001 has been saved',
              severity: 'info',
            }),
          },
        });
      }
      return new HttpResponse(null, { status: 405 });
    });

    const result = await adapter().syncDeliveryOrder({ Document_No: '80010001', Order_Type: 'DO' });

    expect(result).toEqual({
      success: true,
      message: 'Delivery 80010001 has been saved',
      messageCode: 'VL/311',
      details: [expect.objectContaining({ Item_No: '000010', Material_Code: 'FG-CPO', Qty: 24870 })],
    });
    const sequence = seen.map((s) => `${s.method} ${s.csrf ?? '-'}`);
    expect(sequence).toEqual([
      'GET -', // the delivery and its ETag
      'GET Fetch',
      'PATCH token-expired',
      'GET Fetch',
      'PATCH token-fresh',
      'GET -', // its lines after the sync
    ]);
    const patches = seen.filter((s) => s.method === 'PATCH');
    // The write carries the session cookie the token belongs to, and the ETag read before.
    expect(patches[1]!.cookie).toContain('SAP_SESSIONID_S4H_100=session-2');
    expect(patches[1]!.ifMatch).toBe(`W/"'20261012081520'"`);
    expect(seen[1]!.path).toBe('API_OUTBOUND_DELIVERY_SRV;v=0002/');
  });

  test('given a token already fetched, when syncing again, then it is reused without another fetch', async () => {
    fakeSap((req) => {
      if (req.csrf === 'Fetch') return new HttpResponse(null, { headers: { 'x-csrf-token': 'token-1' } });
      if (req.method === 'GET') return HttpResponse.json({ d: delivery('80010001') });
      return new HttpResponse(null, { status: 204 });
    });
    const a = adapter();

    await a.syncDeliveryOrder({ Document_No: '80010001', Order_Type: 'DO' });
    await a.syncDeliveryOrder({ Document_No: '80010001', Order_Type: 'DO' });

    expect(seen.filter((s) => s.csrf === 'Fetch')).toHaveLength(1);
    expect(seen.filter((s) => s.method === 'PATCH').map((s) => s.csrf)).toEqual(['token-1', 'token-1']);
  });
});

describe('SAP errors', () => {
  test("given SAP's JSON error body on the write, when syncing, then the answer is unsuccessful with SAP's message and code", async () => {
    fakeSap((req) => {
      if (req.csrf === 'Fetch') return new HttpResponse(null, { headers: { 'x-csrf-token': 't' } });
      if (req.method === 'GET') return HttpResponse.json({ d: delivery('80010013') });
      return HttpResponse.json(
        {
          error: {
            code: 'VL/046',
            message: { lang: 'en', value: 'Delivery 80010013 is locked by user SAPBATCH' },
            innererror: {
              application: {
                component_id: 'LE-SHP-API',
                service_namespace: '/SAP/',
                service_id: 'API_OUTBOUND_DELIVERY_SRV',
                service_version: '0002',
              },
              transactionid: '8F3B1C0A2D5E4F60A1B2C3D4E5F60718',
              errordetails: [
                {
                  code: 'VL/046',
                  message: 'Delivery 80010013 is locked by user SAPBATCH',
                  severity: 'error',
                },
              ],
            },
          },
        },
        { status: 400 },
      );
    });

    const result = await adapter().syncDeliveryOrder({ Document_No: '80010013', Order_Type: 'DO' });

    expect(result).toEqual({
      success: false,
      message: 'Delivery 80010013 is locked by user SAPBATCH',
      messageCode: 'VL/046',
      details: [],
    });
    const failed = logs.find((l) => l.method === 'PATCH')!;
    expect(failed).toMatchObject({
      success: false,
      statusCode: 400,
      message: 'Delivery 80010013 is locked by user SAPBATCH',
    });
  });

  test("given SAP's JSON error body on a read, when filtering, then an ErpError carries SAP's message, code and status", async () => {
    fakeSap(() =>
      HttpResponse.json(
        {
          error: {
            code: 'SY/530',
            message: { lang: 'en', value: 'Property SalesOrderDate is not filterable' },
          },
        },
        { status: 400 },
      ),
    );

    const error = await adapter()
      .filterDocuments(soFilter, 10)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ErpError);
    expect(error).toMatchObject({
      message: 'Property SalesOrderDate is not filterable',
      code: 'SY/530',
      status: 400,
    });
  });

  test('given an XML error body, when reading, then the ErpError has the text and code from the XML', async () => {
    fakeSap(
      () =>
        new HttpResponse(
          `<?xml version="1.0" encoding="utf-8"?><error xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"><code>/IWBEP/CM_MGW_RT/004</code><message xml:lang="en">Backend &quot;S4H&quot; not reachable &amp; retried</message><innererror><transactionid>A1B2</transactionid></innererror></error>`,
          { status: 500, headers: { 'Content-Type': 'application/xml' } },
        ),
    );

    const error = await adapter()
      .readDocument('10010001')
      .catch((e: unknown) => e);

    expect(error).toMatchObject({
      message: 'Backend "S4H" not reachable & retried',
      code: '/IWBEP/CM_MGW_RT/004',
      status: 500,
    });
  });

  test("given the web dispatcher's HTML error page, when filtering, then the ErpError says what happened without the HTML", async () => {
    fakeSap(
      () =>
        new HttpResponse(
          '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{font:12px Arial}</style></head><body><h1>502 Bad Gateway</h1><p>SAP Web Dispatcher: partner 10.0.4.21:44300 not reached</p><script>var x=1;</script></body></html>',
          { status: 502, headers: { 'Content-Type': 'text/html' } },
        ),
    );

    const error = (await adapter()
      .filterDocuments({ orderType: 'DO' }, 10)
      .catch((e: unknown) => e)) as ErpError;

    expect(error).toBeInstanceOf(ErpError);
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      'SAP or its gateway failed (HTTP 502); try again later. The gateway said: 502 Bad Gateway',
    );
    expect(error.message).not.toMatch(/[<>]/);
  });

  test('given SAP does not answer in time, when reading, then the call is aborted with a timeout ErpError and logged', async () => {
    fakeSap(async () => {
      await delay(1000);
      return HttpResponse.json({ d: {} });
    });

    const error = await adapter({ timeoutMs: 50 })
      .readDocument('10010001')
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'TIMEOUT', message: 'SAP did not answer within 50 ms.' });
    expect(logs).toEqual([expect.objectContaining({ success: false, statusCode: null, operation: 'read' })]);
  });
});

describe('credentials', () => {
  test('given basic authentication, when calling SAP, then every request carries it and no log entry (nor its database row) contains it', async () => {
    fakeSap((req) => {
      if (req.csrf === 'Fetch') {
        return new HttpResponse(null, {
          headers: {
            'x-csrf-token': 'secret-csrf-token',
            'Set-Cookie': 'SAP_SESSIONID_S4H_100=secret-session; path=/',
          },
        });
      }
      if (req.method === 'GET' && req.path.includes('A_OutbDeliveryHeader('))
        return HttpResponse.json({ d: delivery('80010001') });
      if (req.method === 'GET') return HttpResponse.json({ d: { results: [salesOrder(1, '2026-10-12')] } });
      return HttpResponse.json({ error: { code: 'VL/046', message: { value: 'locked' } } }, { status: 400 });
    });
    const a = adapter();

    await a.filterDocuments({ orderType: 'SO' }, 10);
    await a.syncDeliveryOrder({ Document_No: '80010001', Order_Type: 'DO' });

    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.every((s) => s.authorization === BASIC)).toBe(true);
    expect(logs.length).toBe(seen.length);
    const written = JSON.stringify([logs, logs.map(callLogRow)]);
    for (const secret of [PASSWORD, BASIC, BASIC.slice(6), 'secret-csrf-token', 'secret-session']) {
      expect(written).not.toContain(secret);
    }
    expect(written.toLowerCase()).not.toContain('authorization');
  });
});

/** A purchase order as API_PURCHASEORDER_PROCESS_SRV answers it with $expand=to_PurchaseOrderItem. */
function purchaseOrder(
  no: string,
  options: { type?: string; supplyingPlant?: string; receivingPlant?: string; items?: SapItem[] } = {},
) {
  const type = options.type ?? 'NB';
  return {
    __metadata: {
      uri: `${ROOT}/API_PURCHASEORDER_PROCESS_SRV/A_PurchaseOrder('${no}')`,
      type: 'API_PURCHASEORDER_PROCESS_SRV.A_PurchaseOrderType',
    },
    PurchaseOrder: no,
    CompanyCode: '1000',
    PurchaseOrderType: type,
    PurchasingDocumentDeletionCode: '',
    CreatedByUser: 'PURCH01',
    CreationDate: day('2026-10-12'),
    PurchaseOrderDate: day('2026-10-12'),
    LastChangeDateTime: `/Date(${Date.parse('2026-10-12T04:00:00Z')}+0000)/`,
    Supplier: type === 'UB' ? '' : 'VEN001',
    PurchasingOrganization: 'P100',
    SupplyingPlant: options.supplyingPlant ?? (type === 'UB' ? '1101' : ''),
    IncotermsClassification: 'FCA',
    IncotermsLocation1: 'Dumai',
    ValidityStartDate: null,
    ValidityEndDate: null,
    to_PurchaseOrderItem: {
      results: options.items ?? [
        {
          PurchaseOrder: no,
          PurchaseOrderItem: '10',
          PurchaseOrderItemText: 'Crude palm oil',
          Plant: options.receivingPlant ?? '2101',
          StorageLocation: 'T001',
          Material: 'FG-CPO',
          OrderQuantity: '30.000',
          PurchaseOrderQuantityUnit: 'TO',
          OverdelivTolrtdLmtRatioInPct: '5.0',
          PurchasingDocumentDeletionCode: '',
        },
      ],
    },
  };
}

describe("what SAP's documents mean", () => {
  test("given a delivery changed again on the day it was created (LastChangeDate is only that day), when read, then Changed_At stays its creation moment; changed on a later day, then the start of that day on SAP's clock", async () => {
    const sameDay = { ...delivery('80010002'), LastChangeDate: day('2026-10-12') };
    const laterDay = { ...delivery('80010003'), LastChangeDate: day('2026-10-14') };
    fakeSap((req) => HttpResponse.json({ d: req.path.includes("'80010002'") ? sameDay : laterDay }));

    const a = await adapter().readDocument('80010002');
    const b = await adapter().readDocument('80010003');

    // A date alone cannot order two changes of one day: the stamp stays equal and the import compares content.
    expect(a!.Changed_At).toBe('2026-10-12T01:15:20.000Z');
    // Midnight of 14 October in Jakarta.
    expect(b!.Changed_At).toBe('2026-10-13T17:00:00.000Z');
  });

  test("given the pull's streams, when each is read from a moment, then sales and purchases filter on that moment and deliveries on its day on SAP's clock", async () => {
    fakeSap(() => HttpResponse.json({ d: { results: [] } }));
    const a = adapter();
    // 18:30 UTC on the 12th is 01:30 on the 13th in Jakarta.
    const since = new Date('2026-10-12T18:30:00Z');

    expect(a.pullStreams).toEqual(['sales', 'purchase', 'delivery']);
    for (const stream of a.pullStreams) await a.changedSince(stream, since, null);

    expect(seen.map((s) => [s.path, s.query.get('$filter')])).toEqual([
      ['API_SALES_ORDER_SRV/A_SalesOrder', "LastChangeDateTime ge datetimeoffset'2026-10-12T18:30:00Z'"],
      [
        'API_PURCHASEORDER_PROCESS_SRV/A_PurchaseOrder',
        "LastChangeDateTime ge datetimeoffset'2026-10-12T18:30:00Z'",
      ],
      [
        'API_OUTBOUND_DELIVERY_SRV;v=0002/A_OutbDeliveryHeader',
        "(LastChangeDate ge datetime'2026-10-13T00:00:00' or CreationDate ge datetime'2026-10-13T00:00:00')",
      ],
    ]);
    await expect(a.changedSince('invoices', since, null)).rejects.toThrow(ErpError);
  });

  test('given a delivery whose main item SAP split into two batches (HigherLvlItmOfBatSpltItm), when read, then the main item counts once: 30 t, not 60', async () => {
    const d = delivery('80010004');
    d.to_DeliveryDocumentItem.results = [
      {
        ...d.to_DeliveryDocumentItem.results[0]!,
        DeliveryDocumentItem: '000010',
        ActualDeliveryQuantity: '30.000',
        DeliveryQuantityUnit: 'TO',
        HigherLvlItmOfBatSpltItm: '000000',
      },
      ...['900001', '900002'].map((item, i) => ({
        ...d.to_DeliveryDocumentItem.results[0]!,
        DeliveryDocumentItem: item,
        ActualDeliveryQuantity: '15.000',
        DeliveryQuantityUnit: 'TO',
        HigherLvlItmOfBatSpltItm: '000010',
        Batch: `B2610${i + 1}`,
      })),
    ];
    fakeSap(() => HttpResponse.json({ d }));

    const doc = await adapter().readDocument('80010004');

    expect(doc!.Details.map((l) => [l.Item_No, l.Qty, l.UOM])).toEqual([['000010', 30, 'TON']]);
  });

  test('given a sales order whose item has sub-items (HigherLevelItem, a batch split in the order), when read, then the main item counts once', async () => {
    const so = salesOrder(5, '2026-10-12', '100.000');
    const main = so.to_Item.results[0]!;
    so.to_Item.results = [
      { ...main, HigherLevelItem: '0' },
      { ...main, SalesOrderItem: '900001', RequestedQuantity: '60.000', HigherLevelItem: '10' },
      { ...main, SalesOrderItem: '900002', RequestedQuantity: '40.000', HigherLevelItem: '10' },
    ];
    fakeSap(() => HttpResponse.json({ d: so }));

    const doc = await adapter().readDocument('10010005');

    expect(doc!.Details.map((l) => [l.Item_No, l.Qty])).toEqual([['10', 100]]);
  });

  test('given a stock transport order, when it is read as STO IN (the type the Filter screen was asked for), then it is STO IN at the receiving plant; a standard purchase order is no STO IN', async () => {
    const sto = purchaseOrder('4900000001', { type: 'UB', supplyingPlant: '1101', receivingPlant: '2101' });
    const po = purchaseOrder('4500000001');
    fakeSap((req) => HttpResponse.json({ d: req.path.includes("'4900000001'") ? sto : po }));

    const asIn = await adapter().readDocument('4900000001', 'STO IN');
    const asOut = await adapter().readDocument('4900000001', 'STO OUT');

    expect(asIn).toMatchObject({ Order_Type: 'STO IN', Transfer_Type: 'IN', Plant: '2101' });
    expect(asOut).toMatchObject({ Order_Type: 'STO OUT', Transfer_Type: 'OUT', Plant: '1101' });
    expect(seen.every((s) => s.path.startsWith('API_PURCHASEORDER_PROCESS_SRV/'))).toBe(true);
    expect(await adapter().readDocument('4500000001', 'STO IN')).toBeNull();
  });

  test('given stock transport orders in the pull, when the TMS has only the receiving plant, then it is an STO IN; with both plants (or only the supplying one), an STO OUT', async () => {
    const master: ErpMasterMap = {
      ...MASTER,
      companyByPlant: new Map([
        ['1101', '1000'],
        ['2101', '1000'],
      ]),
    };
    const documents = [
      purchaseOrder('4900000011', { type: 'UB', supplyingPlant: '9901', receivingPlant: '2101' }),
      purchaseOrder('4900000012', { type: 'UB', supplyingPlant: '1101', receivingPlant: '2101' }),
      purchaseOrder('4900000013', { type: 'UB', supplyingPlant: '1101', receivingPlant: '9902' }),
      purchaseOrder('4500000014'),
    ];
    fakeSap(() => HttpResponse.json({ d: { results: documents } }));

    const page = await adapter({ masterMap: () => Promise.resolve(master) }).changedSince(
      'purchase',
      new Date('2026-10-01T00:00:00Z'),
      null,
    );

    expect(page.documents.map((d) => [d.Document_No, d.Order_Type, d.Plant])).toEqual([
      ['4900000011', 'STO IN', '2101'],
      ['4900000012', 'STO OUT', '1101'],
      ['4900000013', 'STO OUT', '1101'],
      ['4500000014', 'PO', '2101'],
    ]);
  });

  test('given a sales order with IncotermsLocation1 empty, then Incoterm2 is IncotermsTransferLocation', async () => {
    const so = { ...salesOrder(6, '2026-10-12'), IncotermsLocation1: '', IncotermsTransferLocation: 'Dumai' };
    fakeSap(() => HttpResponse.json({ d: so }));

    expect((await adapter().readDocument('10010006'))!.Incoterm2).toBe('Dumai');
  });

  test('given a sales order whose first item is a text item and whose second is rejected, when read, then the header fields come from the first real item', async () => {
    const so = salesOrder(7, '2026-10-12');
    const main = so.to_Item.results[0]!;
    so.to_Item.results = [
      { ...so.to_Item.results[1]!, ProductionPlant: '1103' }, // a text item first
      {
        ...main,
        SalesOrderItem: '20',
        ProductionPlant: '1102',
        Material: 'FG-PK',
        SalesDocumentRjcnReason: '02',
      },
      { ...main, SalesOrderItem: '30' },
    ];
    fakeSap(() => HttpResponse.json({ d: so }));

    const doc = await adapter().readDocument('10010007');

    expect(doc).toMatchObject({
      Plant: '1101',
      Product_Category: 'CPO',
      Warehouse_Code: 'WH-1101-CPO',
      Loading: 'PKS-SEI-ROKAN',
    });
    expect(doc!.Details.map((l) => [l.Item_No, l.Deleted])).toEqual([
      ['20', true],
      ['30', false],
    ]);
  });

  test('given purchase order items with deletion code L and S, when read, then L is deleted and S (blocked) is not', async () => {
    const item = purchaseOrder('x').to_PurchaseOrderItem.results[0]!;
    const po = purchaseOrder('4500000021', {
      items: [
        { ...item, PurchaseOrderItem: '10', PurchasingDocumentDeletionCode: 'L' },
        { ...item, PurchaseOrderItem: '20', PurchasingDocumentDeletionCode: 'S' },
        { ...item, PurchaseOrderItem: '30', PurchasingDocumentDeletionCode: '' },
      ],
    });
    fakeSap(() => HttpResponse.json({ d: po }));

    const doc = await adapter().readDocument('4500000021', 'PO');

    expect(doc!.Details.map((l) => [l.Item_No, l.Deleted])).toEqual([
      ['10', true],
      ['20', false],
      ['30', false],
    ]);
  });

  test('given an HTML page answered with 200 (a logon page), when reading, then the call fails and the call log says it failed', async () => {
    fakeSap(
      () =>
        new HttpResponse(
          '<!DOCTYPE html><html><head><title>Logon</title></head><body><form action="/sap/bc/ui5_ui5/ui2/ushell/shells/abap/FioriLaunchpad.html"><input name="sap-user"></form></body></html>',
          { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        ),
    );

    const error = (await adapter()
      .filterDocuments({ orderType: 'SO' }, 10)
      .catch((e: unknown) => e)) as ErpError;

    expect(error).toBeInstanceOf(ErpError);
    expect(error.message).toMatch(/web page/);
    expect(error.message).not.toMatch(/[<>]/);
    expect(logs).toEqual([expect.objectContaining({ success: false, statusCode: 200, operation: 'filter' })]);
    expect(logs[0]!.message).toBe(error.message);
  });

  test('given units in the logon language, when reading, then the ISO or SAP unit is used and every call asks for English', async () => {
    const so = salesOrder(8, '2026-10-12', '12.000');
    Object.assign(so.to_Item.results[0]!, {
      RequestedQuantityUnit: 'TN',
      RequestedQuantitySAPUnit: 'TO',
      RequestedQuantityISOUnit: 'TNE',
    });
    fakeSap(() => HttpResponse.json({ d: so }));

    const doc = await adapter().readDocument('10010008');

    expect(doc!.Details[0]).toMatchObject({ Qty: 12, UOM: 'TON' });
    expect(seen.every((s) => s.query.get('sap-language') === 'EN')).toBe(true);
  });
});
