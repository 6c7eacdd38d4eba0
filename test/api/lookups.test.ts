// The lookup protocol (api/lookup.ts; spec/3 §7 "Generic remote dropdown", §9) through the real app on the
// master demo: every GET list/<name> of the route table answers the same way (0-based pages of 10, init, offered
// parameters only), and who may ask follows the resource.
import { apiRoutes } from '../../api/app';
import { createTestApp, loginAs, type TestApp } from '../support/api';

let t: TestApp;
let admin: string;
let logistic: string;
let transporter: string;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  admin = await loginAs(t, 'admin');
  logistic = await loginAs(t, 'logistic');
  transporter = await loginAs(t, 'transporter');
});
afterAll(async () => {
  await t.close();
});

interface Item {
  id: string;
  text: string;
  name: string;
  [wire: string]: unknown;
}

const get = (path: string, token: string, lang = 'en') =>
  t.request().get(path).set('Authorization', token).set('language', lang);
const ids = (res: { body: { data: { items: Item[] } } }) => res.body.data.items.map((i) => i.id);

const LOOKUP_PATHS = apiRoutes
  .filter((r) => r.method === 'get' && r.path.startsWith('/list/'))
  .map((r) => r.path);

describe('one protocol for every lookup', () => {
  test('given the route table, then the spec names of the lookups are all there, list/vessel_code among them', () => {
    expect(LOOKUP_PATHS).toEqual(
      expect.arrayContaining(
        [
          'location',
          'company_code',
          'truck_type',
          'vessel_code',
          'incoterm_rule',
          'lookup',
          'driver',
          'vehicle',
        ].map((p) => `/list/${p}`),
      ),
    );
    expect(new Set(LOOKUP_PATHS).size).toBe(LOOKUP_PATHS.length);
  });

  test.each(LOOKUP_PATHS.map((p) => [p]))(
    'given %s, when asked for page 0, then up to 10 items with id and text and whether more follow; a page below 0, an unknown parameter or an unknown init flag is a 400',
    async (path) => {
      const first = await get(`/api${path}?page=0`, admin);
      expect([path, first.status]).toEqual([path, 200]);
      expect(first.body.data.items.length).toBeLessThanOrEqual(10);
      expect(typeof first.body.data.more).toBe('boolean');
      expect(first.body.items).toEqual(first.body.data.items);
      for (const item of first.body.data.items as Item[]) {
        expect([path, typeof item.id, typeof item.text, typeof item.name]).toEqual([
          path,
          'string',
          'string',
          'string',
        ]);
      }
      for (const bad of ['page=-1', 'colour=red', 'init=perhaps']) {
        const res = await get(`/api${path}?${bad}`, admin);
        expect([path, bad, res.status]).toEqual([path, bad, 400]);
      }
    },
  );
});

describe('paging and init', () => {
  test('given the active plants, when paged from 0, then 10 a page in key order, more said while another page follows; no page is the first', async () => {
    const page = (n: number) => get(`/api/list/plant_all?page=${n}`, logistic);
    const all = (await t.deps
      .db('plants')
      .where('is_active', true)
      .orderBy('plant_code')
      .pluck('plant_code')) as string[];
    const first = await page(0);
    expect([ids(first), first.body.data.more]).toEqual([all.slice(0, 10), all.length > 10]);
    const second = await page(1);
    expect(ids(second)).toEqual(all.slice(10, 20));
    // Without a page: the first.
    expect(ids(await get('/api/list/plant_all', logistic))).toEqual(all.slice(0, 10));
  });

  test('given a value already chosen, when the select asks with init and the id as q, then that item alone comes, even when deactivated since; a search never shows a deactivated one', async () => {
    const init = await get('/api/list/company_code?init=true&q=1000', logistic);
    expect(init.body.data.items).toEqual([
      expect.objectContaining({ id: '1000', text: '1000 - PT Sawit Nusantara Agro', Company_Code: '1000' }),
    ]);
    // q as an id, not a search: '100' is no company, though it is part of 1000.
    expect(ids(await get('/api/list/company_code?init=1&q=100', logistic))).toEqual([]);

    await t.deps.db('plants').where({ plant_code: '1101' }).update({ is_active: false });
    try {
      expect(ids(await get('/api/list/plant?init=Y&q=1101', logistic))).toEqual(['1101']);
      expect(ids(await get('/api/list/plant?q=1101', logistic))).toEqual([]);
    } finally {
      await t.deps.db('plants').where({ plant_code: '1101' }).update({ is_active: true });
    }
    // The create types are a fixed list; init finds one the same way.
    expect(ids(await get('/api/list/sap_order_type?init=true&q=MANUAL', logistic))).toEqual(['MANUAL']);
  });

  test('given list/vessel_code, the name the order screens use, then it answers the Vessel lookup, without a login as the vessel list does', async () => {
    await t.deps.db('vessels').insert([
      { vessel_code: 'VT001', vessel_name: 'MV Ujicoba Satu', created_by: 'test' },
      { vessel_code: 'VT002', vessel_name: 'MT Percobaan', created_by: 'test' },
    ]);
    const spec = await t.request().get('/api/list/vessel_code?q=ujicoba');
    expect(spec.status).toBe(200);
    expect(spec.body.data.items).toEqual([
      expect.objectContaining({ id: 'VT001', text: 'VT001 - MV Ujicoba Satu', name: 'MV Ujicoba Satu' }),
    ]);
    expect((await t.request().get('/api/list/vessel?q=ujicoba')).body.data).toEqual(spec.body.data);
  });
});

describe('parameters', () => {
  test("given a lookup, when narrowed by a field its definition offers (any case), or by the screens' own parameter, then only matching items; by any other field, 400", async () => {
    expect(ids(await get('/api/list/plant?Company_Code=3000', logistic))).toEqual([
      '3101',
      '3102',
      '3103',
      '3104',
    ]);
    expect(ids(await get('/api/list/plant?company_code=3000', logistic))).toEqual([
      '3101',
      '3102',
      '3103',
      '3104',
    ]);
    expect(ids(await get('/api/list/plant?company=3000;2000&q=210', logistic))).toEqual([
      '2101',
      '2102',
      '2103',
      '2104',
    ]);
    const byName = await get('/api/list/plant?Plant_Name=x', logistic);
    expect([byName.status, Object.keys(byName.body.errors)]).toEqual([400, ['Plant_Name']]);
  });

  test('given the incoterm rules of the master demo, when the assign panel asks list/incoterm_rule with a line LN type (ln_type), then only the rules of that LN type come, each with its LN_Type', async () => {
    const exportRules = await get('/api/list/incoterm_rule?ln_type=EXPORT', logistic);
    expect(exportRules.status).toBe(200);
    expect(ids(exportRules)).toEqual(['CIF-BUYER-PORT', 'FOB-BELAWAN', 'FOB-DUMAI', 'FOB-TELUK-BAYUR']);
    expect((exportRules.body.data.items as Item[]).every((i) => i.LN_Type === 'EXPORT')).toBe(true);
    expect(ids(await get('/api/list/incoterm_rule?ln_type=LOCAL&q=mill', logistic))).toEqual(['LCO-MILL']);
    // An empty LN type narrows nothing, as for every parameter.
    expect(ids(await get('/api/list/incoterm_rule?ln_type=', logistic))).toHaveLength(6);
  });

  test('given lookup values, when asked by group in Indonesian, then the text is the Indonesian one and q finds it', async () => {
    const res = await get('/api/list/lookup?group=LANGSIR_TYPE&q=dalam', transporter, 'id');
    expect(res.body.data.items).toEqual([
      expect.objectContaining({ id: 'DALAM_PABRIK', text: 'DALAM_PABRIK - Langsir dalam plant' }),
    ]);
  });
});

describe('who may ask', () => {
  test('given a transporter, whose screens are drivers and trucks, when it asks the lookups its truck editor picks from, then they answer; the transporters lookup holds only its own; a lookup no screen of its picks from is 403', async () => {
    expect((await get('/api/list/truck_type', transporter)).status).toBe(200);
    expect((await get('/api/list/location', transporter)).status).toBe(200);
    expect(ids(await get('/api/list/transporter', transporter))).toEqual(['TRP001']);
    expect(ids(await get('/api/list/transporter', logistic)).length).toBeGreaterThan(1);
    for (const path of ['company', 'company_code', 'customer_code', 'freight', 'user', 'group']) {
      const res = await get(`/api/list/${path}`, transporter);
      expect([path, res.status]).toEqual([path, 403]);
    }
  });

  test('given staff who may open the SAP order screens, when they ask their lookups, then they answer', async () => {
    for (const path of [
      'company_code',
      'plant',
      'warehouse?plant=1101',
      'material_code_v2',
      'order_type',
      'factory',
    ]) {
      const res = await get(`/api/list/${path}`, logistic);
      expect([path, res.status]).toEqual([path, 200]);
    }
  });
});
