// The master demo seed (db/seeds/master-demo.ts): it makes the promised amount of data (a dozen carriers with
// sixty-odd drivers and trucks, a dock schedule for every warehouse, two or more priced carriers on every lane,
// two-level approvals, the demo accounts' companies), a second run writes nothing at all, a user's edit survives
// a rerun, and every row it wrote passes the very validation the API applies to a save (validateRecord) with
// lookup codes that exist in their group, and can be read and saved unchanged through the API.
import { readRecord, validateRecord } from '../../api/resources/records';
import { ValidationError } from '../../api/errors';
import { allFields, columnOf, type FieldDef, type ResourceDef } from '../../db/resources/engine';
import { AppointmentMatrix } from '../../db/resources/master/appointment-matrix';
import { Driver } from '../../db/resources/master/driver';
import { Freight } from '../../db/resources/master/freight';
import { DEMO_LANES, MASTER_DEMO_TABLES, seedMasterDemo } from '../../db/seeds/master-demo';
import type { SeedRecord } from '../../db/seeds/master-demo/types';
import { createTestApp, loginAs, type TestApp } from '../support/api';

const TODAY = '2026-11-21';

let t: TestApp;
let admin: string;
let afterFirst: Snapshot;
let afterSecond: Snapshot;

type Snapshot = Record<string, unknown[]>;

/** Every table the seed writes, parents and children, plus the id and code sequences. */
const TABLES = [
  ...new Set(
    MASTER_DEMO_TABLES.flatMap((s) => [s.resource.table, ...(s.resource.children ?? []).map((c) => c.table)]),
  ),
];

async function snapshot(): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const table of TABLES) out[table] = (await t.deps.db(table).orderBy('id').select('*')) as unknown[];
  // A skipped insert still draws ids from a sequence; "changes nothing" includes not doing that.
  out.sequences = (await t.deps
    .db('pg_sequences')
    .orderBy(['schemaname', 'sequencename'])
    .select('sequencename', 'last_value')) as unknown[];
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  await seedMasterDemo(t.deps.db);
  afterFirst = await snapshot();
  await seedMasterDemo(t.deps.db);
  afterSecond = await snapshot();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const keyOf = (def: ResourceDef, row: SeedRecord) => row[def.key!] as string;

async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const rows = (await db()(table).where(where).count({ n: '*' })) as { n: string | number }[];
  return Number(rows[0]!.n);
}

async function idOf(def: ResourceDef, key: string): Promise<number> {
  const keyField = def.fields.find((f) => f.name === def.key)!;
  const row = (await db()(def.table).where(columnOf(keyField), key).first('id')) as
    { id: number } | undefined;
  if (!row) throw new Error(`${def.name} ${key} was not seeded`);
  return row.id;
}

describe('what the seed makes', () => {
  test('given the demo accounts, when seeded, then at least 12 transporters, 60 drivers and 60 vehicles, and TRP001 (the demo transporter) has drivers and trucks', async () => {
    expect(await count('transporters')).toBeGreaterThanOrEqual(12);
    expect(await count('drivers')).toBeGreaterThanOrEqual(60);
    expect(await count('vehicles')).toBeGreaterThanOrEqual(60);
    expect(
      await db()('transporters').where({ transporter_code: 'TRP001' }).first('transporter_name', 'is_active'),
    ).toEqual({ transporter_name: 'PT Sinar Angkut Nusantara', is_active: true });
    expect(await count('drivers', { transporter_code: 'TRP001' })).toBeGreaterThanOrEqual(5);
    expect(await count('vehicles', { transporter_code: 'TRP001' })).toBeGreaterThanOrEqual(5);
    // The demo driver account (DEMO_USERS 'driver', Agus Pratama of TRP001) is one of TRP001's drivers.
    expect(await count('drivers', { transporter_code: 'TRP001', driver_name: 'Agus Pratama' })).toBe(1);
    // The demo customer account's company.
    expect(await db()('customers').where({ customer_code: 'CUS001' }).first('customer_name')).toEqual({
      customer_name: 'PT Minyak Nabati Sejahtera',
    });
  });

  test("given the seed, when the licences, registrations and roadworthiness tests are read, then none has run out by the demo's today", async () => {
    const expiredDrivers = await db()('drivers')
      .where('license_expiry_date', '<=', TODAY)
      .pluck('driver_code');
    const expiredTrucks = await db()('vehicles')
      .where((w) => {
        void w.where('stnk_expiry_date', '<=', TODAY).orWhere('kir_expiry_date', '<=', TODAY);
      })
      .pluck('plate_no');
    expect([expiredDrivers, expiredTrucks]).toEqual([[], []]);
    expect(await count('vehicle_helper_locations')).toBeGreaterThan(0);
  });

  test('given the seed, when the warehouses are read, then every one has a dock schedule for Monday to Saturday with slots', async () => {
    const rows = (await db()('warehouses as w')
      .leftJoin('appointment_matrices as m', 'm.warehouse_code', 'w.warehouse_code')
      .leftJoin('appointment_matrix_slots as s', 's.appointment_matrix_id', 'm.id')
      .groupBy('w.warehouse_code')
      .select(
        'w.warehouse_code',
        db().raw('count(distinct m.day_of_week)::int as days'),
        db().raw('count(s.id)::int as slots'),
      )) as { warehouse_code: string; days: number; slots: number }[];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => r.days < 6 || r.slots < 6 * 4)).toEqual([]);
    const docks = (await db()('warehouse_docks').countDistinct({ n: 'warehouse_id' })) as { n: number }[];
    expect(Number(docks[0]!.n)).toBe(rows.length);
  });

  test('given the seed, when the rates valid today are grouped by lane, then every demo lane has two or more usable transporters at different costs', async () => {
    const rates = (await db()('freight_rates as f')
      .join('transporters as t', 't.transporter_code', 'f.transporter_code')
      .where('f.valid_from', '<=', TODAY)
      .where('f.valid_to', '>=', TODAY)
      .where({ 'f.is_active': true, 't.is_active': true, 't.excluded': false })
      .select(
        'f.loading_location_code as from',
        'f.destination_location_code as to',
        db().raw('coalesce(f.material_code, f.category_code) as what'),
        'f.transporter_code as transporter',
        'f.truck_type_code as truck',
        db().raw('f.cost::float8 as cost'),
      )) as { from: string; to: string; what: string; transporter: string; truck: string; cost: number }[];
    const lanes = new Map<string, typeof rates>();
    for (const r of rates) {
      const k = `${r.from} > ${r.to} (${r.what})`;
      lanes.set(k, [...(lanes.get(k) ?? []), r]);
    }
    expect(lanes.size).toBe(DEMO_LANES.length);
    for (const lane of DEMO_LANES) {
      const k = `${lane.from} > ${lane.to} (${lane.material ?? lane.category})`;
      const onLane = lanes.get(k) ?? [];
      const carriers = new Set(onLane.map((r) => r.transporter));
      const cheapest = Math.min(...onLane.map((r) => r.cost));
      expect({
        lane: k,
        carriers: carriers.size >= 2,
        oneCheapest: onLane.filter((r) => r.cost === cheapest).length,
      }).toEqual({ lane: k, carriers: true, oneCheapest: 1 });
    }
    // Per KG, per MT and per trip are all there.
    const bases = await db()('freight_rates').distinct('uom', 'is_value').orderBy(['uom', 'is_value']);
    expect(bases).toEqual([
      { uom: 'KG', is_value: false },
      { uom: 'KG', is_value: true },
      { uom: 'MT', is_value: false },
    ]);
  });

  test('given the seed, when the approval matrices are read, then each freight matrix has approvers on level 1 and level 2, and each SAP order matrix two levels except company 2000 (one), named by demo accounts', async () => {
    const levels = (await db()('approval_matrices as m')
      .leftJoin('approval_matrix_approvers as a', 'a.approval_matrix_id', 'm.id')
      .groupBy('m.approval_matrix_code', 'm.info1', 'm.company_code')
      .select(
        'm.approval_matrix_code',
        'm.info1',
        'm.company_code',
        db().raw('array_agg(distinct a.level order by a.level) as levels'),
      )) as {
      approval_matrix_code: string;
      info1: string;
      company_code: string;
      levels: number[];
    }[];
    const freight = levels.filter((m) => m.info1 !== 'SAP_ORDER');
    expect(freight.length).toBeGreaterThanOrEqual(10);
    expect(freight.filter((m) => m.levels.join() !== '1,2')).toEqual([]);
    // Every order type of every company has its SAP order matrix.
    const sapOrder = levels.filter((m) => m.info1 === 'SAP_ORDER');
    expect(sapOrder).toHaveLength(3 * (await count('order_types')));
    expect(sapOrder.filter((m) => m.levels.join() !== (m.company_code === '2000' ? '1' : '1,2'))).toEqual([]);
    const approvers = await db()('approval_matrix_approvers')
      .distinct('username')
      .orderBy('username')
      .pluck('username');
    expect(approvers).toEqual(expect.arrayContaining(['admin', 'logistic']));
  });

  test('given the seed, when the settings are read, then auto-reject has 24 h by default and 12 h for one company, and quotas, order types, running numbers and VAT 11% from 2025 exist', async () => {
    const hours = (await db()('auto_reject_settings')
      .whereNull('order_type')
      .whereNull('transporter_code')
      .orderBy('company_code')
      .select('company_code', 'auto_reject_hours')) as { company_code: string; auto_reject_hours: number }[];
    expect(hours.map((h) => h.auto_reject_hours)).toEqual(expect.arrayContaining([24, 12]));
    expect(await count('transporter_quotas')).toBeGreaterThan(0);
    const names = await db()('order_types').orderBy('name').pluck('name');
    expect(names).toEqual(
      expect.arrayContaining([
        'IPB IN',
        'IPB OUT',
        'STO IN',
        'STO OUT',
        'TO IN',
        'TO OUT',
        'SO',
        'PO',
        'SPO',
      ]),
    );
    expect(
      await db()('running_numbers').whereIn('running_number_code', ['ORDER', 'SHIPMENT']).pluck('prefix'),
    ).toHaveLength(2);
    const vat = (await db()('vat_regulations')
      .where('valid_from', '<=', '2025-01-01')
      .where((w) => {
        void w.whereNull('valid_to').orWhere('valid_to', '>=', '2025-01-01');
      })
      .select(db().raw('vat_rate::float8 as vat_rate'))) as { vat_rate: number }[];
    expect(vat).toEqual([{ vat_rate: 11 }]);
  });
});

describe('running it again', () => {
  test('given a seeded database, when seeded a second time, then no table and no sequence changed', () => {
    expect(afterSecond).toEqual(afterFirst);
  });
});

async function lookupProblems(
  def: ResourceDef,
  key: string,
  fields: FieldDef[],
  record: Record<string, unknown>,
  where = '',
): Promise<string[]> {
  const problems: string[] = [];
  for (const f of fields) {
    if (f.type !== 'lookup' || record[f.name] === null || record[f.name] === undefined) continue;
    const found = await db()('lookups')
      .where({ lookup_group: f.lookupGroup, lookup_code: record[f.name], is_active: true })
      .first('id');
    if (!found)
      problems.push(
        `${def.name} ${key}${where}: ${f.name} ${String(record[f.name])} is not in ${f.lookupGroup}`,
      );
  }
  return problems;
}

describe('every seeded row is valid', () => {
  test.each(MASTER_DEMO_TABLES.map((s) => [s.resource.name, s] as const))(
    'given the seeded %s rows, when each is read back and validated as the API validates a save, then none fails, lookup codes exist and every value was stored as given',
    async (_name, { resource: def, rows }) => {
      const problems: string[] = [];
      for (const row of rows) {
        const key = keyOf(def, row);
        const id = await idOf(def, key);
        const record = (await readRecord(db(), def, id))!;
        try {
          await db().transaction(async (trx) => {
            await validateRecord(trx, def, record, id);
          });
        } catch (e) {
          if (!(e instanceof ValidationError)) throw e;
          problems.push(`${def.name} ${key}: ${JSON.stringify(e.fieldErrors)}`);
        }
        problems.push(...(await lookupProblems(def, key, allFields(def), record)));
        for (const child of def.children ?? []) {
          for (const [i, c] of ((record[child.name] ?? []) as Record<string, unknown>[]).entries()) {
            problems.push(...(await lookupProblems(def, key, child.fields, c, ` ${child.name}[${i}]`)));
          }
        }
        // What was stored is what the data says (no truncation, no lost field, children complete).
        for (const [name, value] of Object.entries(row)) {
          const stored = record[name];
          if (Array.isArray(value)) {
            const strip = (rs: unknown[]) =>
              (rs as Record<string, unknown>[]).map(({ Id: _id, ...rest }) => rest);
            if (JSON.stringify(strip(stored as unknown[])) !== JSON.stringify(value))
              problems.push(`${def.name} ${key}: ${name} stored as ${JSON.stringify(stored)}`);
          } else if (stored !== value) {
            problems.push(
              `${def.name} ${key}: ${name} is ${JSON.stringify(stored)}, seeded ${JSON.stringify(value)}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  test.each(MASTER_DEMO_TABLES.filter((s) => !s.resource.readOnly).map((s) => [s.resource.name, s] as const))(
    'given a seeded %s, when an admin reads it through the API and saves it unchanged, then the save is accepted and nothing but the edit stamp changes',
    async (_name, { resource: def, rows }) => {
      const id = await idOf(def, keyOf(def, rows[rows.length - 1]!));
      const view = await t.request().get(`/api/${def.path}/${id}/view`).set('Authorization', admin);
      expect(view.status).toBe(200);
      const saved = await t
        .request()
        .put(`/api/${def.path}`)
        .set('Authorization', admin)
        .send(view.body.data);
      expect([saved.status, saved.body.errors]).toEqual([200, undefined]);
      const strip = (r: Record<string, unknown>) => {
        const { Edited_By: _b, Edited_Date: _d, ...rest } = r;
        for (const child of def.children ?? [])
          rest[child.name] = (rest[child.name] as Record<string, unknown>[]).map(({ Id: _id, ...c }) => c);
        return rest;
      };
      expect(strip(saved.body.data)).toEqual(strip(view.body.data));
    },
  );
});

describe("a user's changes", () => {
  test("given a user edited a rate and deactivated a driver, when seeded again, then the user's changes stay", async () => {
    const rateId = await idOf(Freight, 'OA26-0001');
    const rate = await t.request().get(`/api/freight/${rateId}/edit`).set('Authorization', admin);
    const edited = await t
      .request()
      .put('/api/freight')
      .set('Authorization', admin)
      .send({ ...rate.body.data, Cost: 999, Remark: 'Negosiasi ulang' });
    expect(edited.status).toBe(200);
    const driverId = await idOf(Driver, 'TRP002-D01');
    const deactivated = await t.request().delete(`/api/driver/${driverId}`).set('Authorization', admin);
    expect(deactivated.status).toBe(200);

    await seedMasterDemo(db());

    expect(
      await db()('freight_rates').where({ id: rateId }).first(db().raw('cost::float8 as cost'), 'remark'),
    ).toEqual({ cost: 999, remark: 'Negosiasi ulang' });
    expect(await db()('drivers').where({ id: driverId }).first('is_active')).toEqual({ is_active: false });
    expect(await count('drivers', { driver_code: 'TRP002-D01' })).toBe(1);
  });

  test('given a seeded row is missing (a newer seed or a deleted dock schedule), when seeded again, then that row and its slots are added and nothing else is written', async () => {
    const before = await snapshot();
    const id = await idOf(AppointmentMatrix, 'WH-1101-CPO-MON');
    const slots = await count('appointment_matrix_slots', { appointment_matrix_id: id });
    expect(
      (await t.request().delete(`/api/appointment_matrix/${id}`).set('Authorization', admin)).status,
    ).toBe(200);

    await seedMasterDemo(db());

    const again = await idOf(AppointmentMatrix, 'WH-1101-CPO-MON');
    expect(await count('appointment_matrix_slots', { appointment_matrix_id: again })).toBe(slots);
    const after = await snapshot();
    const others = (snap: Snapshot) =>
      Object.fromEntries(
        Object.entries(snap).filter(
          ([table]) => !['appointment_matrices', 'appointment_matrix_slots', 'sequences'].includes(table),
        ),
      );
    expect(others(after)).toEqual(others(before));
    expect(after.appointment_matrices!.length).toBe(before.appointment_matrices!.length);
  });
});
