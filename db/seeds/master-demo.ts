// Master demo data: a palm-oil group in Sumatra, so every screen of the demo has real-looking work to show.
//
// What exists after the seed (data in db/seeds/master-demo/):
// - Companies: 1000 PT Sawit Nusantara Agro (plantations and mills, Riau and North Sumatra), 2000 PT Nusantara
//   Oleo Refinery (refineries and bulking stations in Dumai, Belawan, Kuala Tanjung), 3000 PT Bukit Barisan
//   Agro Lestari (plantation, mills and bulking, West Sumatra).
// - 15 plants (mills/PKS, estates/kebun, refineries, bulking stations, a fertiliser store, the head office);
//   10 factories (mills, kernel crushing, refineries, fractionation, biodiesel); 28 locations (plant gates,
//   the ports of Dumai, Belawan, Teluk Bayur and Kuala Tanjung, customer and supplier sites, with coordinates);
//   14 warehouses (tank farms, FFB ramps, kernel and fertiliser stores, bulking tanks) with 41 docks.
// - 9 product categories and 14 materials (FFB, CPO, PK, PKO, RBD olein and stearin, PFAD, packed cooking
//   oil, kernel expeller, shell, NPK, urea, MOP, diesel B40) with 25 conversions to KG (TON 1000, litres by
//   density, bags and cartons net and gross, one company-specific density).
// - 7 truck types (CDD 8 t, FFB dump truck 10 t, Fuso 16 t, tronton 24 t, fuel tanker 16 KL, CPO tanker 25 t,
//   trailer 30 t).
// - 14 transporters TRP001..TRP014 (TRP001 PT Sinar Angkut Nusantara is the demo transporter account's;
//   TRP013 is excluded) with 71 drivers (TRP001-D01 Agus Pratama is the demo driver account's person) and 71
//   trucks with regional plates (BM, BK, BA), KIR and STNK dates after 2026-11-21; 24 helper locations.
// - 7 customers (CUS001 PT Minyak Nabati Sejahtera is the demo customer account's; one export buyer, one
//   intercompany) and 7 vendors (FFB cooperatives and dealer, fertiliser, diesel, chemicals, intercompany).
// - 30 priced lanes (DEMO_LANES, exported for whoever builds demo SAP documents) on 28 routes, each lane with
//   2-4 transporters at different costs: 90 rates valid 2026-01-01..2027-12-31 (per KG, per MT, and lump sums
//   per trip one way or round trip) plus 7 expired 2025 rates; the FFB lanes into PKS Sei Rokan also carry the
//   excluded TRP013, cheapest of all. 14 transporter quotas (order count or quantity share, day to year).
// - 10 order types (IPB IN/OUT, STO IN/OUT, TO IN/OUT, SO, DO, PO, SPO), 4 sales and 4 purchase
//   organisations, 4 purchase groups, 10 incoterms with 6 rules, 6 condition types, 5 freight services,
//   3 FRC terms, 4 quantity terms, 5 contract PICs, VAT (10%, 11% from April 2022, 12% x 11/12 = 11% from
//   2025), 8 running numbers (ORD, SHP, MSO, APT, STO, SPO, ADJ, IPB).
// - 92 appointment matrices: every warehouse Monday-Saturday (mills and bulking also Sunday), hourly slots
//   with truck capacities by dock count, a Friday-prayer pause, evening unloading at refineries and bulking.
// - 19 approval matrices over the three companies (SO, STO IN/OUT, PO, IPB IN/OUT, TO OUT; criteria HIGHER,
//   DIFFERENT_NOT, EXCEED, NOT_INCLUDE, DIFFERENT_OA, LOWER; some narrowed by segment, purchase organisation,
//   document type or distribution), approvers 'logistic' level 1 (with 'newstaff' for company 2000) and
//   'admin' level 2; 30 SAP order approval matrices (Info1 SAP_ORDER, one per company and order type: 'logistic'
//   then 'admin' for 1000 and 3000, 'logistic' or 'newstaff' on one level for 2000); 5 auto-reject settings
//   (24 h for 1000 and 2000, 12 h for 3000, 48 h for 1000's STO OUT, 6 h for TRP008 at 2000); 6 POD and 6
//   appointment requirements; 5 vessels.
//
// How it writes: each table's rows are matched by business key (ignoring case, like the unique indexes); only
// missing rows are inserted, with their sub-rows (docks, slots, approvers, helper locations), so a second run
// reads and writes nothing and a row a user edited or deactivated stays as the user left it (a demo row a user
// deleted outright, or renamed, comes back on the next start). All in one transaction. It needs the demo
// accounts (approvers) and the lookup values (seedDemo / seedReference) to exist first.
import type { Knex } from 'knex';
import { allFields, columnOf, type FieldDef } from '../resources/engine';
import { MASTER_DEMO_TABLES } from './master-demo/data';
import type { SeedChildRow, SeedRecord, SeedTable } from './master-demo/types';

export { MASTER_DEMO_TABLES } from './master-demo/data';
export { DEMO_LANES, type DemoLane } from './master-demo/freight';
export { BASE_DATE as MASTER_DEMO_BASE_DATE } from './master-demo/types';

const SEED_USER = 'seed';

/** Inserts the master demo rows that are not there yet. */
export async function seedMasterDemo(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    const approvers = await activeApprovers(trx);
    for (const table of MASTER_DEMO_TABLES) {
      await insertMissing(
        trx,
        table.resource.name === 'ApprovalMatrix' ? withApprovers(table, approvers) : table,
      );
    }
  });
}

/** The approvers the matrices name that exist as active accounts. */
async function activeApprovers(trx: Knex.Transaction): Promise<Set<string>> {
  const named = new Set<string>();
  for (const t of MASTER_DEMO_TABLES) {
    for (const row of t.rows) {
      for (const a of (row.Approvers ?? []) as SeedChildRow[]) named.add(String(a.Username));
    }
  }
  const rows = (await trx('users')
    .whereIn('username', [...named])
    .where('is_active', true)
    .select('username')) as { username: string }[];
  return new Set(rows.map((r) => r.username));
}

/** Approval matrices name only existing accounts; a matrix left without approvers is not seeded (minRows 1). */
function withApprovers(table: SeedTable, users: Set<string>): SeedTable {
  return {
    resource: table.resource,
    rows: table.rows
      .map((row) => ({
        ...row,
        Approvers: ((row.Approvers ?? []) as SeedChildRow[]).filter((a) => users.has(String(a.Username))),
      }))
      .filter((row) => row.Approvers.length > 0),
  };
}

function fieldMap(fields: FieldDef[]): Map<string, FieldDef> {
  return new Map(fields.map((f) => [f.name, f]));
}

/** A record in wire names as table columns; a name the definition does not know is a mistake in the data. */
function toColumns(
  owner: string,
  fields: Map<string, FieldDef>,
  record: SeedRecord | SeedChildRow,
  skip: Set<string>,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (skip.has(name)) continue;
    const field = fields.get(name);
    if (!field || field.readOnly) throw new Error(`master demo: ${owner} has no writable field ${name}`);
    row[columnOf(field)] = value;
  }
  return row;
}

async function insertMissing(trx: Knex.Transaction, { resource: def, rows }: SeedTable): Promise<void> {
  if (!rows.length) return;
  const fields = fieldMap(allFields(def));
  const key = def.key!;
  const keyColumn = columnOf(fields.get(key)!);
  const keyOf = (r: SeedRecord): string => {
    const value = r[key];
    if (typeof value !== 'string' || !value) throw new Error(`master demo: a ${def.name} row has no ${key}`);
    return value.toLowerCase();
  };

  // Business keys are unique ignoring case (the tables' lower(key) indexes), so they are matched that way.
  const wanted = rows.map(keyOf);
  const present = (await trx(def.table)
    .whereRaw(`lower(??) in (${wanted.map(() => '?').join(', ')})`, [keyColumn, ...wanted])
    .select(trx.raw('lower(??) as k', [keyColumn]))) as { k: string }[];
  const have = new Set(present.map((r) => r.k));
  const missing = rows.filter((r) => !have.has(keyOf(r)));
  if (!missing.length) return;

  const childNames = new Set((def.children ?? []).map((c) => c.name));
  // A row that collides on another unique rule (e.g. the same freight rate a user entered under another code)
  // is left out rather than failing the whole seed.
  const inserted = (await trx(def.table)
    .insert(missing.map((r) => ({ ...toColumns(def.name, fields, r, childNames), created_by: SEED_USER })))
    .onConflict()
    .ignore()
    .returning(['id', keyColumn])) as Record<string, unknown>[];

  if (!def.children?.length || !inserted.length) return;
  const idByKey = new Map(inserted.map((r) => [String(r[keyColumn]).toLowerCase(), r.id as number]));
  for (const child of def.children) {
    const childFields = fieldMap(child.fields);
    const childRows = missing.flatMap((parent) => {
      const id = idByKey.get(keyOf(parent));
      if (id === undefined) return [];
      return ((parent[child.name] ?? []) as SeedChildRow[]).map((c) => ({
        ...toColumns(`${def.name}.${child.name}`, childFields, c, new Set()),
        [child.parentColumn]: id,
      }));
    });
    if (childRows.length) await trx(child.table).insert(childRows);
  }
}
