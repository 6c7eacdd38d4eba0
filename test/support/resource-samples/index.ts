// Valid records of every master-data resource, made from its definition, for the tests that drive the resource
// routes generically (test/api/resources.test.ts, test/api/hostile-input.test.ts): a value per field type, keys
// and unique values distinct across the file, references created through the API, and the overrides of the
// resources whose records the generic values cannot make on their own.
import { columnOf, type FieldDef, type ResourceDef } from '../../../db/resources/engine';
import { resourceByName } from '../../../db/resources/master';
import type { TestApp } from '../api';
import { PARTIES_SAMPLES } from './parties';
import { SETTINGS_SAMPLES } from './settings';
import type { SampleOverrides } from './types';

const CORE_SAMPLES: SampleOverrides = {
  // A version needs at least one line of changes.
  Changelog: () => ({ Details: [{ Description: 'Faster order list', Sort_Order: 1 }] }),
};
const OVERRIDES: SampleOverrides = { ...CORE_SAMPLES, ...PARTIES_SAMPLES, ...SETTINGS_SAMPLES };

export interface SampleRecord {
  id: number;
  key: string;
  body: Record<string, unknown>;
}

export interface ResourceSampler {
  /** A valid body for a new record (references it needs are created first). */
  sampleBody(def: ResourceDef): Promise<Record<string, unknown>>;
  /** A new record, through the create route (read-only resources: straight into the table). */
  createRecord(def: ResourceDef): Promise<SampleRecord>;
  /** A unique key value: short, and distinct from every other this sampler made. */
  keyValue(def: ResourceDef): string;
}

/** Makes records as `token()` (a user who may create every resource) on `app()`, the file's app once it exists. */
export function resourceSampler(app: () => TestApp, token: () => string): ResourceSampler {
  let seq = 0;

  /** A value for a field that satisfies its definition; `n` makes text values distinct. */
  async function valueFor(field: FieldDef, n: number): Promise<unknown> {
    switch (field.type) {
      case 'lookup': {
        // An active value of the field's list (db/seeds/lookups.ts).
        const row = (await app()
          .deps.db('lookups')
          .where({ lookup_group: field.lookupGroup, is_active: true })
          .orderBy('sort_order')
          .first('lookup_code')) as { lookup_code: string } | undefined;
        if (!row) throw new Error(`no seeded value for lookup group ${field.lookupGroup}`);
        return row.lookup_code;
      }
      case 'text':
      case 'textarea': {
        const text = `T${n}-${field.name}`.toUpperCase();
        return text.slice(0, field.maxLength ?? 60).replace(/-$/, '');
      }
      case 'enum':
        return field.options![n % field.options!.length];
      case 'integer':
        return Math.max(field.min ?? 0, Math.min(field.max ?? 1000, 2 + (n % 5)));
      case 'decimal':
        return Math.max(field.min ?? 0, Math.min(field.max ?? 1000, 10.5 + (n % 5)));
      case 'bool':
        return n % 2 === 0;
      case 'date':
        return `0${1 + (n % 9)}/03/2026`;
      case 'datetime':
        return new Date(Date.UTC(2026, 2, 1 + (n % 9))).toISOString();
      case 'ref':
        return (await createRecord(resourceByName(field.ref!)!)).key;
    }
  }

  function keyValue(def: ResourceDef): string {
    const field = def.fields.find((f) => f.name === def.key)!;
    return `K${++seq}${def.name.slice(0, 3).toUpperCase()}`.slice(0, field.maxLength ?? 20);
  }

  async function sampleBody(def: ResourceDef): Promise<Record<string, unknown>> {
    const n = ++seq;
    const body: Record<string, unknown> = {};
    for (const f of def.fields) {
      if (f.readOnly) continue;
      if (f.name === def.key) body[f.name] = keyValue(def);
      else if (f.unique) body[f.name] = `U${n}${f.name.slice(0, 4)}`.slice(0, f.maxLength ?? 20);
      else body[f.name] = await valueFor(f, n);
    }
    const override = OVERRIDES[def.name];
    if (override)
      Object.assign(body, await override(n, async (name) => (await createRecord(resourceByName(name)!)).key));
    return body;
  }

  async function createRecord(def: ResourceDef): Promise<SampleRecord> {
    const body = await sampleBody(def);
    if (def.readOnly) {
      // No create route: such rows come from elsewhere (e.g. a vessel register); put one in the table directly.
      const row: Record<string, unknown> = {};
      for (const f of def.fields) {
        const v = body[f.name];
        if (v === undefined) continue;
        row[columnOf(f)] = f.type === 'date' && typeof v === 'string' ? v.split('/').reverse().join('-') : v;
      }
      const [made] = (await app().deps.db(def.table).insert(row).returning('id')) as { id: number }[];
      return { id: made!.id, key: String(body[def.key!]), body };
    }
    const res = await app().request().post(`/api/${def.path}`).set('Authorization', token()).send(body);
    if (res.status !== 200) throw new Error(`create ${def.name}: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.data.Id as number, key: String(body[def.key!]), body };
  }

  return { sampleBody, createRecord, keyValue };
}
