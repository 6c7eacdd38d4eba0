// The freight side of the assign panel through the real app on a real database with the master demo: the freight
// options of the demo lane PKS-SEI-ROKAN -> CUS-MNS-DUMAI priced from the demo rates (the expected figures are
// worked out here from the seed's own rate rows, not from the API), the expired contract and excluded carriers
// left out, the trips and KG, refresh of chosen transporters, the default conversion type, the transporter quota
// (order count and quantity share), and who may ask (403 for a transporter and a relation).
import { FREIGHT_RATES } from '../../db/seeds/master-demo/freight';
import type { TransporterOption } from '../../db/resources/order-assign';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { insertOrder } from '../support/orders';
import {
  FREIGHT_DATE,
  importAssignable,
  LANE,
  locationId,
  type AssignableSapOrder,
} from '../support/order-assign';

let t: TestApp;
let logistic: string;
let so: AssignableSapOrder;
let loading: number;
let destination: number;

const db = () => t.deps.db;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  logistic = await loginAs(t, 'logistic');
  so = await importAssignable(db(), '0010900001');
  loading = await locationId(db(), LANE.from);
  destination = await locationId(db(), LANE.to);
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

const freightBody = (overrides: Record<string, unknown> = {}) => ({
  loading,
  destination,
  materials: so.lines.map((l) => ({ Id: l.Id, Qty: l.os_qty })),
  container: 1,
  charge_oa_company: LANE.company,
  warehouse_code: 'WH-1101-CPO',
  freight_date: FREIGHT_DATE,
  trip_type: 'ONE_WAY',
  shipment_type: 'COLLECTIVE',
  ...overrides,
});

/** The demo's rates of the lane in force on the freight date, by transporter. */
function laneRates(): { transporter: string; cost: number; capacity: number; code: string }[] {
  return FREIGHT_RATES.filter(
    (r) =>
      r.Loading_Location_Code === LANE.from &&
      r.Destination_Location_Code === LANE.to &&
      r.Category_Code === LANE.category &&
      r.Charge_OA_Company_Code === LANE.company &&
      (r.Valid_From as string) <= FREIGHT_DATE &&
      (r.Valid_To as string) >= FREIGHT_DATE,
  ).map((r) => ({
    transporter: r.Transporter_Code as string,
    cost: r.Cost as number,
    capacity: r.Truck_Capacity_Kg as number,
    code: r.Freight_Code as string,
  }));
}

describe('POST /api/list/transporter_freight', () => {
  test('given the demo lane and 51 TON of CPO, when the options are asked with one trip, then every carrier of the lane is priced per KG from its current rate, cheapest first, the cheapest suggested', async () => {
    const res = await post('/api/list/transporter_freight', logistic, freightBody());
    expect(res.status).toBe(200);
    const options = res.body.data as TransporterOption[];
    const rates = laneRates();
    expect(rates.length).toBeGreaterThanOrEqual(3);
    const totalKg = (25 + 26) * 1000;
    const expected = rates
      .map((r) => ({
        transporter_code: r.transporter,
        freight_master: r.code,
        cost: r.cost,
        total_kg: totalKg,
        system_not: Math.ceil(totalKg / r.capacity),
        user_not: 1,
        recommended_kg: Math.min(totalKg, r.capacity),
        total_kg_user: r.capacity,
        total_cost: r.cost * totalKg,
        total_cost_user_not: r.cost * totalKg,
        per: 'KG',
        is_value: false,
      }))
      .sort((a, b) => a.total_cost - b.total_cost || a.transporter_code.localeCompare(b.transporter_code));
    expect(options.map((o) => ({ ...pick(o, Object.keys(expected[0]!)) }))).toEqual(expected);
    expect(options.map((o) => o.suggested)).toEqual(options.map((_, i) => i === 0));
    // Last year's (cheaper) contract of the same lane is not in force any more.
    expect(options.some((o) => o.freight_master.startsWith('OA25'))).toBe(false);
  });

  test('given a carrier the panel excludes and one the master data excludes, when the options are asked, then neither is offered', async () => {
    const [first, second] = laneRates().map((r) => r.transporter);
    await db()('transporters').where('transporter_code', second).update({ excluded: true });
    try {
      const res = await post(
        '/api/list/transporter_freight',
        logistic,
        freightBody({ exclude_transporters: [first] }),
      );
      expect(res.status).toBe(200);
      const codes = (res.body.data as TransporterOption[]).map((o) => o.transporter_code);
      expect(codes).not.toContain(first);
      expect(codes).not.toContain(second);
      expect(codes.length).toBe(laneRates().length - 2);
    } finally {
      await db()('transporters').where('transporter_code', second).update({ excluded: false });
    }
  });

  test("given an individual-truck shipment type, when the options are asked with one trip, then the trips are the system's and the user's trips carry all the KG", async () => {
    const res = await post(
      '/api/list/transporter_freight',
      logistic,
      freightBody({ shipment_type: 'INDIVIDUAL_TRUCK', container: 1 }),
    );
    const option = (res.body.data as TransporterOption[])[0]!;
    expect(option.user_not).toBe(option.system_not);
    expect(option.recommended_kg).toBe(option.total_kg);
  });

  test('given a freight date outside every contract or another charge-OA company, when the options are asked, then there are none', async () => {
    for (const body of [
      freightBody({ freight_date: '2028-02-01' }),
      freightBody({ charge_oa_company: '3000' }),
    ]) {
      const res = await post('/api/list/transporter_freight', logistic, body);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
  });

  test('given a line that does not exist or a location that does not, when the options are asked, then 404 and 422 say which', async () => {
    const noLine = await post(
      '/api/list/transporter_freight',
      logistic,
      freightBody({ materials: [{ Id: 999999, Qty: 1 }] }),
    );
    expect(noLine.status).toBe(404);
    expect(noLine.body.message).toBe('SAP order line 999999 does not exist.');
    const noPlace = await post('/api/list/transporter_freight', logistic, freightBody({ loading: 999999 }));
    expect(noPlace.status).toBe(422);
    expect(noPlace.body.message_code).toBe('LOCATION_NOT_FOUND');
  });

  test('given a transporter and a relation user, when they ask for freight options, then 403 (assigning is staff work)', async () => {
    for (const user of ['transporter', 'customer']) {
      const token = await loginAs(t, user);
      const res = await post('/api/list/transporter_freight', token, freightBody());
      expect(res.status).toBe(403);
    }
  });
});

// Issue 27 items 2 and 20: the dialog asks with no trips by default, and every option comes at its own system trips
// (so the suggested one needs no approval); the materials of an option carry their names.
describe('POST /api/list/transporter_freight: the system trips by default (issue 27)', () => {
  test('given 51 t and no trips asked, when the options are asked, then each option takes its own system trips, carries all the KG, and the cheapest is suggested', async () => {
    const { container: _none, ...body } = freightBody();
    const res = await post('/api/list/transporter_freight', logistic, body);
    expect(res.status).toBe(200);
    const options = res.body.data as TransporterOption[];
    expect(options.length).toBeGreaterThanOrEqual(3);
    for (const option of options) {
      expect(option.system_not).toBe(Math.ceil(51_000 / option.freight_capacity));
      expect(option.user_not).toBe(option.system_not);
      expect(option.recommended_kg).toBe(option.total_kg);
    }
    expect(options.map((o) => o.suggested)).toEqual(options.map((_, i) => i === 0));
  });

  test('given two trips typed, when the options are asked, then the suggested option is still the cheapest at its system trips', async () => {
    const withTrips = await post('/api/list/transporter_freight', logistic, freightBody({ container: 2 }));
    const { container: _none, ...body } = freightBody();
    const bySystem = await post('/api/list/transporter_freight', logistic, body);
    const suggested = (list: TransporterOption[]) => list.find((o) => o.suggested)!.key;
    expect(suggested(withTrips.body.data as TransporterOption[])).toBe(
      suggested(bySystem.body.data as TransporterOption[]),
    );
  });

  test("given CPO lines, when the options are asked, then each option's materials name the material as well as its code", async () => {
    const res = await post('/api/list/transporter_freight', logistic, freightBody());
    const material = (res.body.data as TransporterOption[])[0]!.materials[0]!;
    const named = (await db()('materials')
      .where('material_code', material.Material_Code)
      .first('material_name')) as { material_name: string };
    expect(material.material_name).toBe(named.material_name);
    expect(material.material_name).not.toBe(material.Material_Code);
  });
});

describe('POST /api/util/refresh_freight_cost', () => {
  test('given two chosen transporters and three trips, when they are priced again, then each answers its rate and totals, in the order chosen', async () => {
    const rates = laneRates();
    const chosen = [rates[1]!.transporter, rates[0]!.transporter];
    const res = await post(
      '/api/util/refresh_freight_cost',
      logistic,
      freightBody({ selected_transporters: chosen, container: 3 }),
    );
    expect(res.status).toBe(200);
    const data = res.body.data as { transporter_code: string; cost: number; total_cost_user_not: number }[];
    expect(data.map((d) => d.transporter_code)).toEqual(chosen);
    for (const d of data) {
      const rate = rates.find((r) => r.transporter === d.transporter_code)!;
      expect(d.cost).toBe(rate.cost);
      expect(d.total_cost_user_not).toBe(rate.cost * 51000);
    }
  });
});

describe('GET /api/util/default_conversion_type/:warehouse/:company', () => {
  test('given the CPO tank farm of Sei Rokan, when its conversion type is asked, then it is its own (NET)', async () => {
    const res = await get('/api/util/default_conversion_type/WH-1101-CPO/1000', logistic);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe('NET');
  });
});

describe('GET /api/util/transporter_exceed_quota', () => {
  test('given a daily order-count quota of 1 for TRP003, when asked before and after an order of the day, then it is exceeded only after', async () => {
    await db()('transporter_quotas').insert({
      quota_code: 'TQ-TEST-1',
      transporter_code: 'TRP003',
      company_code: '1000',
      category_code: 'CPO',
      period_type: 'DAILY',
      quota_by: 'ORDER_COUNT',
      quota_value: 1,
      valid_from: '2026-01-01',
      valid_to: '2099-12-31',
    });
    const before = await get(
      `/api/util/transporter_exceed_quota?transporter_code=TRP003&order_ids=${so.id}`,
      logistic,
    );
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ exceed: false, message: '' });

    const other = await importAssignable(db(), '0010900002');
    await insertOrder(db(), {
      sapDocuments: [other.documentNo],
      transporterCode: 'TRP003',
      columns: { company_code: '1000', business_segment_code: 'CPO' },
    });
    const after = await get(
      `/api/util/transporter_exceed_quota?transporter_code=TRP003&order_ids=${so.id}`,
      logistic,
      'id',
    );
    expect(after.body.data.exceed).toBe(true);
    expect(after.body.data.message).toBe('Transporter TRP003 sudah memiliki 1 order hari ini; kuotanya 1.');
  });

  test("given another carrier's CPO this month, when TRP001 (share quota 40%) would carry as much again, then its share of 50% exceeds the quota", async () => {
    const other = await importAssignable(db(), '0010900003');
    await insertOrder(db(), {
      sapDocuments: [other.documentNo],
      transporterCode: 'TRP002',
      columns: { company_code: '1000', business_segment_code: 'CPO' },
    });
    await db()('order_transporters')
      .whereIn('order_id', db()('orders').select('id').where('transporter_code', 'TRP002'))
      .update({ freight_kg: 51000 });
    const res = await get(
      `/api/util/transporter_exceed_quota?transporter_code=TRP001&order_ids=${so.id}`,
      logistic,
    );
    expect(res.body.data).toEqual({
      exceed: true,
      message: 'Transporter TRP001 would carry 50% of the quantity this month; its quota is 40%.',
    });
  });

  test('given order ids that are not numbers, when the quota is asked, then 400', async () => {
    const res = await get(
      '/api/util/transporter_exceed_quota?transporter_code=TRP001&order_ids=a;b',
      logistic,
    );
    expect(res.status).toBe(400);
  });
});

function pick(o: object, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]]));
}
