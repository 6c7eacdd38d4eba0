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
    log: (e) => {
      logs.push(e);
    },
    masterMap: () => Promise.resolve(MASTER),
    ...overrides,
  });
}

const day = (iso: string) => `/Date(${Date.parse(`${iso}T00:00:00Z`)})/`;

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
      ],
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
      ],
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

  test("given a delivery's decimal quantity in KG and a creation time, when read, then Qty is the number and Changed_At the creation moment", async () => {
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
      Changed_At: '2026-10-12T08:15:20.000Z',
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
