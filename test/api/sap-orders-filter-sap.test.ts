// Filter from SAP and its save against a fake SAP Gateway (msw) through the real app on a real database, with the
// `sap-odata` adapter as configured in production: the order type the user filtered for stays the document's type
// through the save (a stock transport order filtered as STO IN is stored as STO IN at its receiving plant, not
// as STO OUT at its supplying plant), and a SAP that refuses the TMS's own login or cannot be reached is a 502
// that says what to check, never a 401 (which the console takes for an expired session and logs the user out)
// nor a bare 500.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createSapODataAdapter } from '../../api/erp/odata/adapter';
import { loadErpMasterMap } from '../../api/erp/odata/master-map';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import type { ResultJson } from '../support/sap-orders';

const ROOT = 'https://s4.example.test/sap/opu/odata/sap';
const day = (iso: string) => `/Date(${Date.parse(`${iso}T00:00:00Z`)})/`;

const server = setupServer();
// The app under test is driven over real HTTP: only SAP's host is faked.
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let t: TestApp;
let logistic: string;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  logistic = await loginAs(t, 'logistic');
  t.deps.erp = createSapODataAdapter({
    baseUrl: ROOT,
    sapClient: '100',
    user: 'TMS_RFC',
    password: 'wrong-or-right',
    timeoutMs: 2000,
    timeZone: 'Asia/Jakarta',
    log: () => undefined,
    masterMap: () => loadErpMasterMap(t.deps.db),
  });
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: unknown, language = 'en') =>
  t
    .request()
    .post(path)
    .set('Authorization', logistic)
    .set('language', language)
    .send(body as object);

/** A stock transport order (UB) from mill 1101 to mill 1102, as API_PURCHASEORDER_PROCESS_SRV answers it. */
const STO = {
  __metadata: { type: 'API_PURCHASEORDER_PROCESS_SRV.A_PurchaseOrderType' },
  PurchaseOrder: '4900080001',
  CompanyCode: '1000',
  PurchaseOrderType: 'UB',
  PurchasingDocumentDeletionCode: '',
  CreatedByUser: 'PURCH01',
  CreationDate: day('2026-10-12'),
  PurchaseOrderDate: day('2026-10-12'),
  LastChangeDateTime: `/Date(${Date.parse('2026-10-12T04:00:00Z')}+0000)/`,
  Supplier: '',
  PurchasingOrganization: 'P100',
  SupplyingPlant: '1101',
  IncotermsClassification: 'FCA',
  IncotermsLocation1: 'Kandis',
  to_PurchaseOrderItem: {
    results: [
      {
        PurchaseOrder: '4900080001',
        PurchaseOrderItem: '10',
        Plant: '1102',
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

const stoInFilter = {
  filter_order_type: 'STO',
  filter_transfer_type: 'IN',
  filter_company: '1000',
  filter_document_date_from: '01/10/2026',
  filter_document_date_to: '31/10/2026',
};

describe('the filtered order type through the save', () => {
  test('given a stock transport order in SAP, when logistic filters STO IN and saves the row, then it is stored as STO IN at the receiving plant 1102', async () => {
    server.use(
      http.get(`${ROOT}/*`, ({ request }) => {
        const path = decodeURIComponent(new URL(request.url).pathname);
        if (path.endsWith('/A_PurchaseOrder')) return HttpResponse.json({ d: { results: [STO] } });
        if (path.endsWith("A_PurchaseOrder('4900080001')")) return HttpResponse.json({ d: STO });
        return HttpResponse.json(
          { error: { code: 'X', message: { value: 'Resource not found' } } },
          { status: 404 },
        );
      }),
    );

    const filtered = await post('/api/saporder/filter', stoInFilter);
    expect(filtered.status).toBe(200);
    const rows = filtered.body.data as ResultJson[];
    expect(rows.map((r) => [r.document_no, r.order_type, r.plant])).toEqual([
      ['4900080001', 'STO IN', '1102'],
    ]);

    const saved = await post('/api/saporder/save_filter', rows);

    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ inserted: 1 });
    const stored = await t.deps
      .db('sap_orders')
      .where('document_no', '4900080001')
      .first('order_type', 'order_type_code', 'plant', 'transfer_type');
    expect(stored).toEqual({
      order_type: 'STO IN',
      order_type_code: 'STO',
      plant: '1102',
      transfer_type: 'IN',
    });
  });
});

describe('SAP failures behind the TMS', () => {
  const soFilter = {
    filter_order_type: 'SO',
    filter_company: '1000',
    filter_document_date_from: '01/10/2026',
    filter_document_date_to: '31/10/2026',
  };

  test("given SAP refuses the TMS's own user (401 with its logon error page), when filtering and saving, then 502 names the settings to check in the user's language, and the user stays logged in", async () => {
    server.use(
      http.get(
        `${ROOT}/*`,
        () =>
          new HttpResponse(
            '<html><head><title>Logon Error Message</title></head><body><h1>Anmeldung fehlgeschlagen</h1><p>Logon failed</p></body></html>',
            {
              status: 401,
              headers: {
                'Content-Type': 'text/html',
                'WWW-Authenticate': 'Basic realm="SAP NetWeaver Application Server [S4H/100]"',
              },
            },
          ),
      ),
    );

    const en = await post('/api/saporder/filter', soFilter);
    const id = await post('/api/saporder/filter', soFilter, 'id');
    const save = await post('/api/saporder/save_filter', [{ document_no: '0010080001', order_type: 'SO' }]);

    for (const res of [en, id, save]) {
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ success: false, message_code: 'ERP_LOGIN_REFUSED' });
    }
    expect(en.body.message).toMatch(/SAP_ODATA_USER.*SAP_ODATA_PASSWORD.*SAP_ODATA_CLIENT/);
    expect(id.body.message).toMatch(/SAP_ODATA_PASSWORD/);
    expect(id.body.message).not.toBe(en.body.message);
    const still = await t.request().get('/api/dashboard/status_count').set('Authorization', logistic);
    expect(still.status).toBe(200);
  });

  test('given SAP cannot be reached, when filtering, then 502 says SAP could not be reached and what to check, not "Something went wrong"', async () => {
    server.use(http.get(`${ROOT}/*`, () => HttpResponse.error()));

    const res = await post('/api/saporder/filter', soFilter);

    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, message_code: 'ERP_UNREACHABLE' });
    expect(res.body.message).toMatch(/SAP_ODATA_URL/);
  });
});
