// The sandbox ERP (ERP_ADAPTER=sandbox) on a real database with the master demo seeded: the generator makes the
// same >= 10,000 documents every time, every code in them exists in the master data and every document moves on
// a priced demo lane, seeding twice writes nothing the second time, every criterion of the Filter screen finds
// what the shared filter rules (api/erp/filter.ts) say it should, the pull pages through every document exactly
// once, and the delivery-order sync succeeds, or fails the documented way (numbers ending in 13).
import { loadConfig } from '../../api/config';
import { matchesErpFilter, newestFirst } from '../../api/erp/filter';
import { createErpAdapter } from '../../api/erp';
import { createSandboxAdapter, SANDBOX_LOCKING_USER, SANDBOX_STREAM } from '../../api/erp/sandbox/adapter';
import {
  generateErpDocuments,
  SANDBOX_ORDER_TYPES,
  SANDBOX_SAP_USERS,
  seedErpSandbox,
  type SeedErpSandboxResult,
} from '../../api/erp/sandbox/generator';
import {
  erpDocumentSchema,
  ErpError,
  type ErpAdapter,
  type ErpDocument,
  type ErpFilter,
} from '../../api/erp/types';
import { DEMO_LANES } from '../../db/seeds/master-demo';
import { addDays, BASE_DATE } from '../../db/seeds/master-demo/types';
import { createTestApp, type TestApp } from '../support/api';

let t: TestApp;
let docs: ErpDocument[];
let first: SeedErpSandboxResult;
let second: SeedErpSandboxResult;
let afterFirst: unknown;
let afterSecond: unknown;
let erp: ErpAdapter;

const db = () => t.deps.db;

/** What "writes nothing" must leave equal: the rows, and the id sequence a skipped insert would still draw. */
async function tableState(): Promise<unknown> {
  const [agg] = (
    await db().raw<{ rows: unknown[] }>(
      `select count(*)::int as n, max(id)::int as max_id, md5(string_agg(document_no || changed_at::text, ',' order by id)) as digest
         from erp_sandbox_documents`,
    )
  ).rows;
  const seq = (await db()
    .from('pg_sequences')
    .where('sequencename', 'erp_sandbox_documents_id_seq')
    .first('last_value')) as unknown;
  return { agg, seq };
}

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  docs = generateErpDocuments();
  first = await seedErpSandbox(db());
  afterFirst = await tableState();
  second = await seedErpSandbox(db());
  afterSecond = await tableState();
  erp = createErpAdapter(loadConfig({ LOG_LEVEL: 'silent' }), { db: db() });
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function codes(
  table: string,
  column: string,
  where: Record<string, unknown> = {},
): Promise<Set<string>> {
  const rows = (await db()(table).where(where).select(`${column} as v`)) as { v: string }[];
  return new Set(rows.map((r) => r.v));
}

describe('generator', () => {
  test('given the same options, when generating twice, then the documents are identical; another seed gives others', () => {
    expect(JSON.stringify(generateErpDocuments())).toBe(JSON.stringify(docs));
    const small = generateErpDocuments({ count: 300, seed: 7 });
    expect(generateErpDocuments({ count: 300, seed: 7 })).toEqual(small);
    expect(generateErpDocuments({ count: 300, seed: 8 })).not.toEqual(small);
  });

  test('given the defaults, then there are at least 10,000 valid documents of every order type, 1-5 lines each, SAP-style numbers', () => {
    expect(docs.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(docs.map((d) => d.Document_No)).size).toBe(docs.length);
    const byType = new Map<string, number>();
    for (const d of docs) byType.set(d.Order_Type, (byType.get(d.Order_Type) ?? 0) + 1);
    expect([...byType.keys()].sort()).toEqual([...SANDBOX_ORDER_TYPES].sort());
    // Deliveries and sales orders are the bulk; every type has enough to fill a Filter screen.
    for (const type of SANDBOX_ORDER_TYPES) expect(byType.get(type)!).toBeGreaterThan(docs.length * 0.02);
    expect(byType.get('DO')! + byType.get('SO')!).toBeGreaterThan(docs.length * 0.35);

    const numberFormat: Record<string, RegExp> = {
      SO: /^0010\d{6}$/,
      DO: /^0080\d{6}$/,
      'IPB OUT': /^0040\d{6}$/,
      PO: /^4500\d{6}$/,
      'IPB IN': /^4600\d{6}$/,
      'STO OUT': /^4900\d{6}$/,
      'STO IN': /^4900\d{6}$/,
      'TO OUT': /^4910\d{6}$/,
      'TO IN': /^4910\d{6}$/,
    };
    const from = addDays(BASE_DATE, -366);
    const to = addDays(BASE_DATE, 29);
    // Collected rather than asserted one by one: twelve thousand documents times a dozen expectations is slow.
    const problems: string[] = [];
    for (const d of docs) {
      const lag = Date.parse(d.Changed_At) - Date.parse(`${d.Document_Date}T00:00:00+07:00`);
      const wrong = [
        !erpDocumentSchema.safeParse(d).success && 'not a valid ErpDocument',
        !numberFormat[d.Order_Type]!.test(d.Document_No) && 'number format',
        (d.Details.length < 1 || d.Details.length > 5) && `${d.Details.length} lines`,
        !(d.Document_Date > from && d.Document_Date < to) && `date ${d.Document_Date}`,
        // Changed a little after the document was made: the same day up to a month later.
        !(lag > 0 && lag < 32 * 86_400_000) && `changed ${d.Changed_At}`,
        !SANDBOX_SAP_USERS.includes(d.Created_By!) && `created by ${d.Created_By}`,
      ].filter(Boolean);
      if (wrong.length) problems.push(`${d.Document_No}: ${wrong.join(', ')}`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  test('given the defaults, then quantities are those of palm-oil logistics in KG, TON, BAG, L or KL', () => {
    const ranges: Record<string, [number, number]> = {
      KG: [10, 3_000_000],
      TON: [0.5, 3000],
      BAG: [40, 4000],
      L: [8000, 32_000],
      KL: [8, 32],
    };
    const lines = docs.flatMap((d) => d.Details);
    expect(lines.length).toBeGreaterThan(docs.length * 1.5);
    const outside = lines.filter((l) => {
      const [min, max] = ranges[l.UOM] ?? [Infinity, -Infinity];
      // At most three decimals, as SAP's quantity fields hold.
      return l.Qty < min || l.Qty > max || Math.abs(Math.round(l.Qty * 1000) - l.Qty * 1000) > 1e-6;
    });
    expect(outside.slice(0, 10)).toEqual([]);
    // A delivery is a few tanker loads, not a year's production.
    const doKg = docs
      .filter((d) => d.Order_Type === 'DO')
      .flatMap((d) => d.Details)
      .filter((l) => l.UOM === 'KG');
    expect(Math.max(...doKg.map((l) => l.Qty))).toBeLessThanOrEqual(250_000);
  });

  test('given the master demo, then every code of every document exists there and every document moves on a priced lane', async () => {
    const companies = await codes('companies', 'company_code');
    const plants = new Map(
      (
        (await db()('plants').select('plant_code', 'company_code')) as {
          plant_code: string;
          company_code: string;
        }[]
      ).map((r) => [r.plant_code, r.company_code]),
    );
    const categories = await codes('product_categories', 'category_code');
    const materials = new Map(
      (
        (await db()('materials').select('material_code', 'category_code', 'base_uom')) as {
          material_code: string;
          category_code: string;
          base_uom: string;
        }[]
      ).map((r) => [r.material_code, r]),
    );
    const conversions = (await db()('material_conversions').select('material_code', 'from_uom')) as {
      material_code: string;
      from_uom: string;
    }[];
    const units = (m: string) =>
      new Set([
        materials.get(m)!.base_uom,
        ...conversions.filter((c) => c.material_code === m).map((c) => c.from_uom),
      ]);
    const customers = await codes('customers', 'customer_code');
    const vendors = await codes('vendors', 'vendor_code');
    const salesOrgs = new Map(
      (
        (await db()('sales_organizations').select('sales_organization_code', 'company_code')) as {
          sales_organization_code: string;
          company_code: string;
        }[]
      ).map((r) => [r.sales_organization_code, r.company_code]),
    );
    const purchaseOrgs = new Map(
      (
        (await db()('purchase_organizations').select('purchase_organization_code', 'company_code')) as {
          purchase_organization_code: string;
          company_code: string | null;
        }[]
      ).map((r) => [r.purchase_organization_code, r.company_code]),
    );
    const incoterms = await codes('incoterms', 'incoterm_code');
    const locations = await codes('locations', 'location_code');
    const warehouses = new Map(
      (
        (await db()('warehouses').select('warehouse_code', 'location_code')) as {
          warehouse_code: string;
          location_code: string;
        }[]
      ).map((r) => [r.warehouse_code, r.location_code]),
    );
    const distributions = await codes('lookups', 'lookup_code', { lookup_group: 'DISTRIBUTION' });
    const documentTypes = await codes('lookups', 'lookup_code', { lookup_group: 'DOCUMENT_TYPE' });
    const orderTypes = new Map(
      (
        (await db()('order_types').select(
          'name',
          'info1',
          'use_customer',
          'use_vendor',
          'use_distribution',
        )) as {
          name: string;
          info1: string | null;
          use_customer: boolean;
          use_vendor: boolean;
          use_distribution: boolean;
        }[]
      ).map((r) => [r.name, r]),
    );
    const lanes = new Set(DEMO_LANES.map((l) => `${l.from}>${l.to}>${l.category}`));

    const problems: string[] = [];
    const check = (ok: boolean, d: ErpDocument, what: string) => {
      if (!ok && problems.length < 20) problems.push(`${d.Document_No} ${d.Order_Type}: ${what}`);
    };
    for (const d of docs) {
      const type = orderTypes.get(d.Order_Type);
      check(!!type, d, 'order type');
      check(d.Transfer_Type === (type?.info1 ?? null), d, `transfer type ${d.Transfer_Type}`);
      check(companies.has(d.Company_Code), d, `company ${d.Company_Code}`);
      check(plants.get(d.Plant!) === d.Company_Code, d, `plant ${d.Plant} of company ${d.Company_Code}`);
      check(
        !d.Plant_Destination || plants.has(d.Plant_Destination),
        d,
        `destination plant ${d.Plant_Destination}`,
      );
      check(categories.has(d.Product_Category!), d, `category ${d.Product_Category}`);
      for (const l of d.Details) {
        const m = materials.get(l.Material_Code);
        check(!!m && m.category_code === d.Product_Category, d, `material ${l.Material_Code}`);
        check(!!m && units(l.Material_Code).has(l.UOM), d, `unit ${l.UOM} of ${l.Material_Code}`);
      }
      const partner = d.Customer_Vendor_Code;
      if (type?.use_customer) check(customers.has(partner!), d, `customer ${partner}`);
      else if (type?.use_vendor) check(vendors.has(partner!), d, `vendor ${partner}`);
      else check(partner === null, d, `partner ${partner} on a transfer`);
      check(
        !d.Sales_Organization || salesOrgs.get(d.Sales_Organization) === d.Company_Code,
        d,
        `sales organisation ${d.Sales_Organization}`,
      );
      check(
        !d.Purchase_Organization ||
          (purchaseOrgs.has(d.Purchase_Organization) &&
            [null, d.Company_Code].includes(purchaseOrgs.get(d.Purchase_Organization)!)),
        d,
        `purchase organisation ${d.Purchase_Organization}`,
      );
      check(incoterms.has(d.Incoterm!), d, `incoterm ${d.Incoterm}`);
      for (const loc of [d.Location, d.Loading, d.Destination, d.Discharge_Port]) {
        check(!loc || locations.has(loc), d, `location ${loc}`);
      }
      check(
        !d.Warehouse_Code || [d.Loading, d.Destination].includes(warehouses.get(d.Warehouse_Code)!),
        d,
        `warehouse ${d.Warehouse_Code}`,
      );
      check(
        type?.use_distribution ? distributions.has(d.Distribution!) : d.Distribution === null,
        d,
        `distribution ${d.Distribution}`,
      );
      check(documentTypes.has(d.Document_Type!), d, `document type ${d.Document_Type}`);
      check(lanes.has(`${d.Loading}>${d.Destination}>${d.Product_Category}`), d, 'no priced lane');
    }
    expect(problems).toEqual([]);
  });
});

describe('seedErpSandbox', () => {
  test('given an empty table, when seeding, then every generated document is stored as generated', async () => {
    expect(first).toMatchObject({ inserted: docs.length, documents: docs.length });
    expect(first.lines).toBe(docs.reduce((n, d) => n + d.Details.length, 0));
    const stored = (await db()('erp_sandbox_documents').orderBy('id').select('document')) as {
      document: ErpDocument;
    }[];
    expect(stored.map((r) => r.document)).toEqual(docs);
  });

  test('given a seeded table, when seeding again, then nothing is written (rows and id sequence unchanged)', () => {
    expect(second).toMatchObject({ inserted: 0, documents: docs.length, lines: null });
    expect(afterSecond).toEqual(afterFirst);
  });

  test('given some documents gone, when seeding, then exactly those come back and the others stay untouched', async () => {
    const gone = (await db()('erp_sandbox_documents')
      .whereRaw('id % 997 = 0')
      .del()
      .returning('document_no')) as { document_no: string }[];
    expect(gone.length).toBeGreaterThan(5);
    const keptIds = (await db()('erp_sandbox_documents').orderBy('id').pluck('id')) as number[];

    const again = await seedErpSandbox(db());

    expect(again).toMatchObject({ inserted: gone.length, documents: docs.length });
    const numbers = gone.map((g) => g.document_no);
    const back = (await db()('erp_sandbox_documents')
      .whereIn('document_no', numbers)
      .orderBy('document_no')
      .pluck('document')) as ErpDocument[];
    expect(back).toEqual(
      docs
        .filter((d) => numbers.includes(d.Document_No))
        .sort((a, b) => (a.Document_No < b.Document_No ? -1 : 1)),
    );
    expect(await db()('erp_sandbox_documents').whereIn('id', keptIds).count({ n: '*' })).toEqual([
      { n: keptIds.length },
    ]);
    expect(await db()('erp_sandbox_documents').count({ n: '*' })).toEqual([{ n: docs.length }]);
  });
});

describe('filterDocuments', () => {
  const LIMIT = 50;

  /** The documents the shared rules select, newest first, as many as the adapter may answer. */
  const expected = (f: ErpFilter, limit = LIMIT) =>
    docs
      .filter((d) => matchesErpFilter(d, f))
      .sort(newestFirst)
      .slice(0, limit)
      .map((d) => d.Document_No);

  async function found(f: ErpFilter, limit = LIMIT): Promise<string[]> {
    return (await erp.filterDocuments(f, limit)).map((d) => d.Document_No);
  }

  /** One criterion at a time, with a value taken from a document of the type, and one from another type. */
  function criteria(
    d: ErpDocument,
    other: ErpDocument,
  ): [string, Partial<ErpFilter>, Partial<ErpFilter> | null][] {
    const month = d.Document_Date.slice(0, 7);
    const referred = [d.Reference_Doc_No, d.PO_No, d.Details[0]!.SO_DO_No, d.Details[0]!.PO_SO_No].find(
      (n) => n && n !== d.Document_No,
    );
    const list: [string, Partial<ErpFilter>, Partial<ErpFilter> | null][] = [
      ['sapNos (own number)', { sapNos: [d.Document_No] }, { sapNos: [other.Document_No] }],
      [
        'documentDate range',
        { documentDateFrom: `${month}-01`, documentDateTo: `${month}-28` },
        {
          documentDateFrom: '2020-01-01',
          documentDateTo: '2020-12-31',
        },
      ],
      ['companies', { companies: [d.Company_Code] }, { companies: ['9999'] }],
      ['documentType', { documentType: d.Document_Type }, { documentType: 'ZZ' }],
      ['businessSegment', { businessSegment: d.Product_Category }, { businessSegment: 'NONE' }],
      ['plant', { plant: d.Plant }, { plant: '0000' }],
      ['material', { material: d.Details[0]!.Material_Code }, { material: 'BP-SHELL' }],
      // People type SAP user names in any case.
      ['createdBy', { createdBy: [d.Created_By!.toLowerCase(), 'NOBODY'] }, { createdBy: ['NOBODY'] }],
      ['location', { location: d.Location }, { location: 'PORT-KUALA-TANJUNG' }],
    ];
    if (referred) list.push(['sapNos (a number it refers to)', { sapNos: [referred] }, null]);
    if (d.Transfer_Type)
      list.push(['transferType', { transferType: d.Transfer_Type }, { transferType: 'SIDEWAYS' }]);
    if (d.Distribution) {
      list.push([
        'distribution',
        { distribution: d.Distribution },
        { distribution: d.Distribution === 'LOCAL' ? 'EXPORT' : 'LOCAL' },
      ]);
    }
    if (d.Discharge_Port) {
      list.push(['dischargePort', { dischargePort: d.Discharge_Port }, { dischargePort: 'VEN-KUD-ROKAN' }]);
    }
    return list;
  }

  test.each([...SANDBOX_ORDER_TYPES])(
    'given order type %s, when filtering by each criterion alone, then the answer is what the filter rules select, newest first',
    async (orderType) => {
      const ofType = docs.filter((d) => d.Order_Type === orderType).sort(newestFirst);
      const all = await found({ orderType }, 100_000);
      expect(all).toEqual(ofType.map((d) => d.Document_No));
      // A document from the middle of the year, and one of another type for values that must find nothing.
      const sample = ofType[Math.floor(ofType.length / 2)]!;
      const other = docs.find((d) => d.Order_Type !== orderType)!;
      const kinds = criteria(sample, other);
      expect(kinds.length).toBeGreaterThanOrEqual(9);
      for (const [kind, hit, miss] of kinds) {
        const f = { orderType, ...hit };
        const got = await found(f);
        expect({ kind, got }).toEqual({ kind, got: expected(f) });
        expect({ kind, empty: got.length === 0 }).toEqual({ kind, empty: false });
        if (kind.startsWith('sapNos (own')) expect(got).toEqual([sample.Document_No]);
        if (miss) expect({ kind, miss: await found({ orderType, ...miss }) }).toEqual({ kind, miss: [] });
      }
    },
    60_000,
  );

  test('given several criteria and a small limit, when filtering as the screen does, then the newest matching documents come back', async () => {
    const f: ErpFilter = {
      orderType: 'DO',
      companies: ['1000', '3000'],
      documentDateFrom: addDays(BASE_DATE, -90),
      documentDateTo: BASE_DATE,
      material: 'FG-CPO',
      createdBy: ['SAPBATCH'],
      distribution: 'LOCAL',
    };
    const got = await found(f, 7);
    expect(got).toHaveLength(7);
    expect(got).toEqual(expected(f, 7));
    expect(await erp.filterDocuments(f, 0)).toEqual([]);
  });
});

describe('changedSince', () => {
  async function pull(adapter: ErpAdapter, since: Date): Promise<{ numbers: string[]; pages: number }> {
    const numbers: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await adapter.changedSince(SANDBOX_STREAM, since, cursor);
      numbers.push(...page.documents.map((d) => d.Document_No));
      cursor = page.next;
      pages++;
    } while (cursor && pages < 1000);
    return { numbers, pages };
  }

  test('given all documents, when pulling page by page, then every document comes exactly once, in change order', async () => {
    const adapter = createSandboxAdapter({ db: db(), pageSize: 1000 });
    const { numbers, pages } = await pull(adapter, new Date(0));
    expect(pages).toBe(Math.ceil(docs.length / 1000));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...numbers].sort()).toEqual(docs.map((d) => d.Document_No).sort());
    const changed = new Map(docs.map((d) => [d.Document_No, Date.parse(d.Changed_At)]));
    const times = numbers.map((n) => changed.get(n)!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test('given a moment near the end and tiny pages, when pulling, then exactly the documents changed since come, ties included', async () => {
    const since = new Date(Date.parse(`${addDays(BASE_DATE, 20)}T12:00:00+07:00`));
    const want = docs.filter((d) => Date.parse(d.Changed_At) >= since.getTime()).map((d) => d.Document_No);
    expect(want.length).toBeGreaterThan(50);
    const { numbers } = await pull(createSandboxAdapter({ db: db(), pageSize: 7 }), since);
    expect(numbers.length).toBe(want.length);
    expect([...numbers].sort()).toEqual([...want].sort());
  });

  test('given a cursor that is not one, or a stream the sandbox does not have, when pulling, then an ErpError says so', async () => {
    expect(erp.pullStreams).toEqual([SANDBOX_STREAM]);
    await expect(erp.changedSince(SANDBOX_STREAM, new Date(0), 'not-a-cursor')).rejects.toThrow(ErpError);
    await expect(erp.changedSince('delivery', new Date(0), null)).rejects.toThrow(ErpError);
  });
});

describe('readDocument and syncDeliveryOrder', () => {
  const byEnding = (type: string, test: (n: string) => boolean) =>
    docs.find((d) => d.Order_Type === type && test(d.Document_No))!;

  test('given a stored number, when reading, then the document comes back, also when asked as its type, and not as another; an unknown number answers null', async () => {
    const d = docs[1234]!;
    expect(await erp.readDocument(d.Document_No)).toEqual(d);
    expect(await erp.readDocument(d.Document_No, d.Order_Type)).toEqual(d);
    expect(await erp.readDocument(d.Document_No, d.Order_Type === 'SO' ? 'PO' : 'SO')).toBeNull();
    expect(await erp.readDocument('0080999999')).toBeNull();
  });

  test('given a delivery order, when syncing, then it succeeds with its lines', async () => {
    const d = byEnding('DO', (n) => !n.endsWith('13') && !n.endsWith('27'));
    const r = await erp.syncDeliveryOrder(d);
    expect(r).toEqual({
      success: true,
      message: `DO ${d.Document_No} is up to date`,
      messageCode: null,
      details: d.Details,
    });
  });

  test('given a delivery order whose number ends in 13, when syncing, then SAP-like refusal: locked by a user, with its code', async () => {
    const d = byEnding('DO', (n) => n.endsWith('13'));
    const r = await erp.syncDeliveryOrder(d);
    expect(r).toEqual({
      success: false,
      message: `Delivery ${d.Document_No} is locked by user ${SANDBOX_LOCKING_USER}`,
      messageCode: 'VL/046',
      details: [],
    });
    const so = byEnding('SO', (n) => n.endsWith('13'));
    expect(await erp.syncDeliveryOrder(so)).toMatchObject({ success: false, messageCode: 'V1/042' });
  });

  test('given a number ending in 27, when syncing, then it succeeds with an information code; an unknown number fails', async () => {
    const d = byEnding('DO', (n) => n.endsWith('27'));
    expect(await erp.syncDeliveryOrder(d)).toMatchObject({
      success: true,
      messageCode: 'VL/311',
      details: d.Details,
    });
    expect(await erp.syncDeliveryOrder({ Document_No: '0080999999', Order_Type: 'DO' })).toMatchObject({
      success: false,
      messageCode: 'V1/302',
    });
  });

  test('given the adapter from the configuration, then its calls are in api_response_logs, the refused sync as a failure', async () => {
    expect(erp.name).toBe('sandbox');
    const d = byEnding('DO', (n) => n.endsWith('13'));
    await erp.syncDeliveryOrder(d);
    const row = (await db()('api_response_logs')
      .where({ reference: d.Document_No, operation: 'sync_do' })
      .orderBy('id', 'desc')
      .first()) as Record<string, unknown>;
    expect(row).toMatchObject({
      system: 'sandbox',
      method: 'POST',
      success: false,
      status_code: 400,
      message: `Delivery ${d.Document_No} is locked by user ${SANDBOX_LOCKING_USER} (VL/046)`,
      created_by: 'sandbox',
    });
  });
});

describe('configuration', () => {
  test('given ERP_ADAPTER=sap-odata without URL, user and password, when loading the configuration, then start-up fails naming them', () => {
    expect(() => loadConfig({ ERP_ADAPTER: 'sap-odata' })).toThrow(
      /SAP_ODATA_URL: required when ERP_ADAPTER is sap-odata[\s\S]*SAP_ODATA_USER[\s\S]*SAP_ODATA_PASSWORD/,
    );
    expect(() => loadConfig({ ERP_ADAPTER: 'bapi' })).toThrow(/ERP_ADAPTER/);
  });

  test('given ERP_ADAPTER=sap-odata with its settings, when creating the adapter, then it is the OData one', () => {
    const config = loadConfig({
      ERP_ADAPTER: 'sap-odata',
      SAP_ODATA_URL: 'https://s4.example.test/sap/opu/odata/sap',
      SAP_ODATA_USER: 'TMS_RFC',
      SAP_ODATA_PASSWORD: 'secret',
      SAP_ODATA_CLIENT: '100',
    });
    expect(config.SAP_ODATA_TIMEOUT_MS).toBe(30_000);
    expect(config.SAP_TIME_ZONE).toBe('Asia/Jakarta');
    expect(createErpAdapter(config, { db: db() }).name).toBe('sap-odata');
  });

  test('given SAP_TIME_ZONE, when loading the configuration, then a zone name is taken and anything else fails start-up naming it', () => {
    expect(loadConfig({ SAP_TIME_ZONE: 'Asia/Makassar' }).SAP_TIME_ZONE).toBe('Asia/Makassar');
    expect(() => loadConfig({ SAP_TIME_ZONE: 'WIB' })).toThrow(/SAP_TIME_ZONE: expected a time zone name/);
  });
});
