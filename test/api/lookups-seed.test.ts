// The Lookup seed: it covers every lookup group of spec/3 §4.1 (the list below is copied from the spec, not
// from the seed, so a group dropped from the seed is caught), the vocabularies the spec gives values for,
// and every group a resource definition chooses from; it can run again and again without changing anything
// or undoing an administrator's edits; and what it writes is what the Lookup resource serves.
import type { FieldDef } from '../../db/resources/engine';
import { RESOURCES } from '../../db/resources/master';
import { Lookup } from '../../db/resources/master/lookup';
import { LOOKUP_SEED, seedLookups } from '../../db/seeds/lookups';
import { createTestApp, loginAs, type TestApp } from '../support/api';

const SPEC_GROUPS = [
  'SHIPMENT_TYPE',
  'DISTRIBUTION',
  'DOCUMENT_TYPE',
  'TRANSPORTER_QUOTA_BY',
  'TRANSPORTER_QUOTA_PER',
  'RELATION_SETTING',
  'ASSIGN_TRANSPORTER_REASON',
  'SAP_SYNC_SETTING',
  'STO_TRANSFER_TYPE',
  'CONDITION_CATEGORY',
  'TRANSFER_ORDER_DEFAULT',
  'LANGSIR_TYPE',
  'STO_FILTER_BY',
  'IPB_FILTER_BY',
  'ZGRDAILY',
  'STO_TRANSACTION_TYPE',
  'CCY',
  'STO_TYPE',
  'SPO_TYPE',
  'SERVICE_TYPE',
  'CONTINUOUS',
  'ZGRDAILY_DATA',
  'KB',
  'FACILITY',
  'UNLOCK_TRANSACTION',
  'CHANGE_STOSPO_STATUS',
  'FREIGHT_TRIP_TYPE',
  'ASSIGN_TRANSPORTER_MATRIX',
  'MATERIAL_TYPE',
];

/** Values spec/3 §4.1 names for a group (its vocabularies). */
const SPEC_VALUES: Record<string, string[]> = {
  SHIPMENT_TYPE: ['INDIVIDUAL_TRUCK', 'INDIVIDUAL_TRANSPORTER', 'COLLECTIVE', 'RELATION'],
  LANGSIR_TYPE: ['DALAM_PABRIK', 'ANTAR_PABRIK'],
  STO_FILTER_BY: ['PARTAI', 'SHIPMENT', 'WBREF'],
  CONDITION_CATEGORY: ['FREIGHT', 'NON FREIGHT'],
  STO_TRANSFER_TYPE: ['IN', 'OUT'],
  ASSIGN_TRANSPORTER_MATRIX: ['HIGHER', 'LOWER', 'EXCEED', 'NOT_INCLUDE', 'DIFFERENT_OA', 'DIFFERENT_NOT'],
  UNLOCK_TRANSACTION: ['ORDER', 'SHIPMENT', 'APPOINTMENT', 'STO', 'SPO', 'SPO ADJUSTMENT', 'IPB'],
  CHANGE_STOSPO_STATUS: ['WAITING', 'SUCCESS', 'FAILED'],
};

interface Row {
  id: number;
  lookup_group: string;
  lookup_code: string;
  lookup_text_en: string;
  lookup_text_id: string | null;
  lookup_info1: string | null;
  lookup_info2: string | null;
  sort_order: number;
  is_active: boolean;
}

let t: TestApp;
let firstRun: number;

async function rows(): Promise<Row[]> {
  return (await t.deps
    .db('lookups')
    .orderBy('id')
    .select(
      'id',
      'lookup_group',
      'lookup_code',
      'lookup_text_en',
      'lookup_text_id',
      'lookup_info1',
      'lookup_info2',
      'sort_order',
      'is_active',
    )) as Row[];
}

let seededAtStart: number;

beforeAll(async () => {
  t = await createTestApp();
  // Every start seeds the reference data, lookups included; the table is emptied to watch a first run.
  seededAtStart = Number((await t.deps.db('lookups').count<{ n: string }[]>('* as n'))[0]!.n);
  await t.deps.db('lookups').delete();
  firstRun = await seedLookups(t.deps.db);
});

test('given a fresh start, when the reference data is seeded, then the lookups are there already', () => {
  expect(seededAtStart).toBe(LOOKUP_SEED.reduce((n, g) => n + g.values.length, 0));
});
afterAll(async () => {
  await t.close();
});

test('given an empty Lookup table, when seeded, then every seed value is inserted once, with both texts', async () => {
  const all = await rows();
  const expected = LOOKUP_SEED.reduce((n, g) => n + g.values.length, 0);
  expect(firstRun).toBe(expected);
  expect(all).toHaveLength(expected);
  const blank = all.filter((r) => !r.lookup_text_en.trim() || !r.lookup_text_id?.trim());
  expect(blank).toEqual([]);
});

test('given the seeded table, when every group of spec/3 §4.1 is read, then each holds active values', async () => {
  const all = await rows();
  const missing = SPEC_GROUPS.filter((g) => !all.some((r) => r.lookup_group === g && r.is_active));
  expect(missing).toEqual([]);
});

test('given the vocabularies of spec/3 §4.1, when their groups are read, then every value the spec names is there', async () => {
  const all = await rows();
  for (const [group, codes] of Object.entries(SPEC_VALUES)) {
    const seeded = all.filter((r) => r.lookup_group === group).map((r) => r.lookup_code);
    expect([group, seeded]).toEqual([group, expect.arrayContaining(codes)]);
  }
});

test('given every resource field that chooses from a lookup group, when the seed is read, then the group has values that fit the field', () => {
  const problems: string[] = [];
  for (const def of RESOURCES) {
    const fields = [...def.fields, ...(def.children ?? []).flatMap((c) => c.fields)];
    for (const f of fields.filter((x) => x.type === 'lookup')) {
      const group = LOOKUP_SEED.find((g) => g.group === f.lookupGroup);
      if (!group) problems.push(`${def.name}.${f.name}: group ${f.lookupGroup} is not seeded`);
      for (const v of group?.values ?? []) {
        if (f.maxLength && v.code.length > f.maxLength)
          problems.push(`${def.name}.${f.name}: ${v.code} is longer than ${f.maxLength}`);
      }
    }
  }
  expect(problems).toEqual([]);
});

test('given the seed values, when checked against the Lookup definition, then codes are unique per group and every text fits its column', () => {
  const fields: readonly FieldDef[] = Lookup.fields;
  const max = Object.fromEntries(fields.map((f) => [f.name, f.maxLength ?? Infinity]));
  const problems: string[] = [];
  for (const { group, values } of LOOKUP_SEED) {
    if (group.length > max.Lookup_Group!) problems.push(`${group}: group too long`);
    const codes = values.map((v) => v.code.toLowerCase());
    if (new Set(codes).size !== codes.length) problems.push(`${group}: a code repeats`);
    for (const v of values) {
      if (v.code.length > max.Lookup_Code!) problems.push(`${group}.${v.code}: code too long`);
      if (v.en.length > max.Lookup_Text_En! || v.id.length > max.Lookup_Text_Id!)
        problems.push(`${group}.${v.code}: text too long`);
      if ((v.info1?.length ?? 0) > max.Lookup_Info1! || (v.info2?.length ?? 0) > max.Lookup_Info2!)
        problems.push(`${group}.${v.code}: info too long`);
    }
  }
  expect(problems).toEqual([]);
});

test('given a seeded table that an administrator changed, when seeded again (twice, also at the same time), then nothing is inserted and the changes stay', async () => {
  const [reason] = await t.deps
    .db('lookups')
    .where({ lookup_group: 'ASSIGN_TRANSPORTER_REASON', lookup_code: 'URGENT_DELIVERY' })
    .update({ lookup_text_en: 'Needed today', edited_by: 'admin' })
    .returning('id');
  await t.deps
    .db('lookups')
    .where({ lookup_group: 'CCY', lookup_code: 'EUR' })
    .update({ is_active: false, edited_by: 'admin' });
  const before = await rows();

  const again = await Promise.all([seedLookups(t.deps.db), seedLookups(t.deps.db)]);
  expect(again).toEqual([0, 0]);
  expect(await seedLookups(t.deps.db)).toBe(0);

  const after = await rows();
  expect(after).toEqual(before);
  expect(after.find((r) => r.id === (reason as { id: number }).id)?.lookup_text_en).toBe('Needed today');
  expect(after.find((r) => r.lookup_group === 'CCY' && r.lookup_code === 'EUR')?.is_active).toBe(false);
});

test('given the seeded values, when a signed-in user looks one up and an administrator lists a group, then the Lookup resource serves them in their order', async () => {
  const transporter = await loginAs(t, 'transporter');
  const found = await t
    .request()
    .get('/api/list/lookup')
    .query({ q: 'INDIVIDUAL_TRUCK' })
    .set('Authorization', transporter);
  expect(found.status).toBe(200);
  expect(found.body.data.items).toEqual([
    expect.objectContaining({ id: 'INDIVIDUAL_TRUCK', text: 'INDIVIDUAL_TRUCK - Individual per truck' }),
  ]);

  const admin = await loginAs(t, 'admin');
  const list = await t
    .request()
    .post('/api/lookup/list')
    .set('Authorization', admin)
    .send({ filters: [{ field: 'Lookup_Group', value: 'LANGSIR_TYPE', matchMode: 'equals' }] });
  expect(list.status).toBe(200);
  expect(
    (list.body.data as Record<string, unknown>[]).map((r) => [r.Lookup_Code, r.Lookup_Info1, r.Lookup_Info2]),
  ).toEqual([
    ['DALAM_PABRIK', 'Y', 'COLLECTIVE'],
    ['ANTAR_PABRIK', 'Y', 'INDIVIDUAL_TRUCK'],
  ]);
});
