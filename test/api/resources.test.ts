// One test suite run over every master-data resource, through the real app on a real database: list with sort
// and filter, create, read, update, delete or deactivate, a validation error, a unique violation, a delete of
// a row other data uses, the lookup, and 403 for a user whose groups lack the screen. Records are made from
// each definition, so a new resource is covered the day its definition is added.
import {
  allFields,
  columnOf,
  type EntityDef,
  type FieldDef,
  type ResourceDef,
} from '../../db/resources/engine';
import { RESOURCES } from '../../db/resources/master';
import { SapOrder } from '../../db/resources/sap-order';
import { createTestApp, DEMO_PASSWORD, loginAs, type TestApp } from '../support/api';
import { hashPassword } from '../../api/services/passwords';
import { resourceSampler } from '../support/resource-samples';

let t: TestApp;
let admin: string;
let outsider: string;
const { sampleBody, createRecord } = resourceSampler(
  () => t,
  () => admin,
);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  // A signed-in account in no group: no screen is granted to it.
  await t.deps.db('users').insert({
    username: 'nogroup',
    full_name: 'No Group',
    password_hash: await hashPassword(DEMO_PASSWORD),
    must_change_password: false,
    change_password_reason: null,
    privacy_consent_date: new Date(),
  });
  outsider = await loginAs(t, 'nogroup');
});
afterAll(async () => {
  await t.close();
});

/** Cases that need the write routes are not registered for read-only resources (see their own case). */
const writable = (def: ResourceDef) => (def.readOnly ? test.skip : test);

/** Which resource uses `def` through a ref field, if any. */
function referencedBy(def: ResourceDef): { user: ResourceDef; field: FieldDef } | undefined {
  for (const other of RESOURCES) {
    const field = other.fields.find((f) => f.type === 'ref' && f.ref === def.name);
    if (field) return { user: other, field };
  }
  return undefined;
}

function firstLabelled(def: ResourceDef): FieldDef {
  return def.fields.find((f) => f.required && f.name === def.key) ?? def.fields.find((f) => f.required)!;
}

describe.each(RESOURCES.map((def) => [def.name, def] as const))('%s', (_name, def) => {
  const api = `/api/${def.path}`;

  test('given three new records, when listing sorted by key descending and filtered by part of a key, then the page, order and total follow the request', async () => {
    const made = [await createRecord(def), await createRecord(def), await createRecord(def)];
    const res = await t
      .request()
      .post(`${api}/list`)
      .set('Authorization', admin)
      .send({ start: 0, rows: 2, sorts: [{ field: def.key, order: -1 }], filters: [] });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.totalRecords).toBeGreaterThanOrEqual(3);
    const keys = (res.body.data as Record<string, string>[]).map((r) => r[def.key!]!);
    expect([...keys].sort().reverse()).toEqual(keys);

    const one = made[1]!;
    const filtered = await t
      .request()
      .post(`${api}/list`)
      .set('Authorization', admin)
      .send({ filters: [{ field: def.key, value: one.key.toLowerCase(), matchMode: 'contains' }] });
    expect(filtered.body.totalRecords).toBe(1);
    expect(filtered.body.data[0][def.key!]).toBe(one.key);
    expect(filtered.body.data[0].Id).toBe(one.id);
  });

  writable(def)(
    'given a valid record, when created, read, updated and read again, then every value round-trips and the audit columns are filled',
    async () => {
      const { id, body } = await createRecord(def);
      const view = await t.request().get(`${api}/${id}/view`).set('Authorization', admin);
      expect(view.status).toBe(200);
      for (const f of def.fields) {
        if (f.readOnly || f.secret) continue;
        const expected =
          f.type === 'date' ? String(body[f.name]).split('/').reverse().join('-') : body[f.name];
        expect([f.name, view.body.data[f.name]]).toEqual([f.name, expected]);
      }
      expect(view.body.data).toMatchObject({ Id: id, Is_Active: true, Created_By: 'admin', Edited_By: null });

      // A free-text field is changed; a resource without one (Changelog) changes a date instead.
      const text = def.fields.find(
        (f) => f.type === 'text' && !f.unique && f.name !== def.key && !f.readOnly,
      );
      const edited = text ?? def.fields.find((f) => f.type === 'date' && !f.readOnly)!;
      const [sent, stored] = text ? ['Changed value', 'Changed value'] : ['15/01/2026', '2026-01-15'];
      const changed = { ...view.body.data, [edited.name]: sent };
      const put = await t.request().put(api).set('Authorization', admin).send(changed);
      expect(put.status).toBe(200);
      expect(put.body.data[edited.name]).toBe(stored);
      expect(put.body.data.Edited_By).toBe('admin');
      const row = await t.deps
        .db(def.table)
        .where({ id })
        .first(t.deps.db.raw('??::text as v', [columnOf(edited)]));
      expect(row.v).toBe(stored);
    },
  );

  writable(def)(
    'given a record without its required values, when created in Indonesian, then 400 names each field by its label and nothing is saved',
    async () => {
      const before = await t.deps.db(def.table).count<{ n: string }[]>('* as n');
      const res = await t.request().post(api).set('Authorization', admin).set('language', 'id').send({});
      expect(res.status).toBe(400);
      expect(res.body.message_code).toBe('VALIDATION');
      const required = [
        ...def.fields.filter((f) => f.required && !f.readOnly),
        ...(def.children ?? []).filter((c) => (c.minRows ?? 0) > 0),
      ];
      expect(Object.keys(res.body.errors).sort()).toEqual(required.map((f) => f.name).sort());
      const field = firstLabelled(def);
      expect(res.body.errors[field.name][0]).toMatch(/ wajib diisi\.$/);
      expect(res.body.errors[field.name][0]).not.toContain(field.name);
      const after = await t.deps.db(def.table).count<{ n: string }[]>('* as n');
      expect(after[0]!.n).toBe(before[0]!.n);
    },
  );

  writable(def)(
    'given an existing key, when another record is created with it in other letter case, then 409 DUPLICATE names the field and nothing is saved',
    async () => {
      const first = await createRecord(def);
      const body = { ...(await sampleBody(def)), [def.key!]: first.key.toLowerCase() };
      const res = await t.request().post(api).set('Authorization', admin).send(body);
      expect(res.status).toBe(409);
      expect(res.body.message_code).toBe('DUPLICATE');
      expect(res.body.errors[def.key!]).toEqual([
        expect.stringMatching(/^A record with the same .+ already exists\.$/),
      ]);
      expect(res.body.message).toBe(res.body.errors[def.key!][0]);
      const keyColumn = columnOf(def.fields.find((f) => f.name === def.key)!);
      const rows = await t.deps.db(def.table).whereRaw('lower(??) = lower(?)', [keyColumn, first.key]);
      expect(rows).toHaveLength(1);
    },
  );

  writable(def)(
    'given a reference to a record that does not exist, when saved, then 400 on that field',
    async () => {
      const refField = def.fields.find((f) => f.type === 'ref');
      if (!refField) return; // this resource references nothing
      const body = { ...(await sampleBody(def)), [refField.name]: 'NO-SUCH-CODE' };
      const res = await t.request().post(api).set('Authorization', admin).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[refField.name][0]).toContain('"NO-SUCH-CODE" does not exist or is inactive.');
    },
  );

  writable(def)(
    'given a lookup code that is not in its list, when saved, then 400 on that field naming the list',
    async () => {
      const lookupField = def.fields.find((f) => f.type === 'lookup' && !f.readOnly);
      if (!lookupField) return; // this resource has no lookup field
      const body = { ...(await sampleBody(def)), [lookupField.name]: 'NOT-IN-LIST' };
      const res = await t.request().post(api).set('Authorization', admin).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[lookupField.name][0]).toContain(
        `"NOT-IN-LIST" is not a value of the list ${lookupField.lookupGroup}.`,
      );
    },
  );

  writable(def)(
    'given a record other data uses, when deleted, then it is refused (or, for a resource that keeps history, deactivated and kept) and lookups stop offering it',
    async () => {
      const target = await createRecord(def);
      const usage = referencedBy(def);
      if (usage) {
        const userBody = { ...(await sampleBody(usage.user)), [usage.field.name]: target.key };
        const made = await t
          .request()
          .post(`/api/${usage.user.path}`)
          .set('Authorization', admin)
          .send(userBody);
        expect(made.status).toBe(200);
      }
      const res = await t.request().delete(`${api}/${target.id}`).set('Authorization', admin);
      if (def.deleteMode === 'deactivate') {
        expect(res.status).toBe(200);
        const row = await t.deps.db(def.table).where({ id: target.id }).first('is_active');
        expect(row.is_active).toBe(false);
      } else if (usage) {
        expect(res.status).toBe(409);
        expect(res.body.message_code).toBe('REFERENCED');
        expect(await t.deps.db(def.table).where({ id: target.id }).first('id')).toBeDefined();
        return;
      } else {
        expect(res.status).toBe(200);
        expect(await t.deps.db(def.table).where({ id: target.id }).first('id')).toBeUndefined();
      }
      const lookup = await t
        .request()
        .get(`/api/list/${def.path}`)
        .query({ q: target.key })
        .set('Authorization', admin);
      expect(lookup.status).toBe(200);
      expect(lookup.body.data.items).toEqual([]);
    },
  );

  /** Resources without a lookup (the logs) answer 404 there instead; see their read-only case. */
  (def.lookup === false ? test.skip : test)(
    'given active records, when looked up by part of the key, then items carry the key as id and a readable text, 10 a page; a user who may see neither the screen nor one that picks from it is refused',
    async () => {
      const made = await createRecord(def);
      const lookup = (token: string) =>
        t
          .request()
          .get(`/api/list/${def.path}`)
          .query({ q: made.key.slice(1) })
          .set('Authorization', token);
      const res = await lookup(admin);
      expect(res.status).toBe(200);
      const item = (res.body.data.items as { id: string; text: string }[]).find((i) => i.id === made.key);
      expect(item?.text.startsWith(made.key)).toBe(true);
      expect(res.body.data.items.length).toBeLessThanOrEqual(10);
      const open = def.public || (def.lookup && def.lookup.audience === 'signedIn');
      expect((await lookup(outsider)).status).toBe(open ? 200 : 403);
    },
  );

  test('given a user whose groups lack the screen, when listing, creating, updating or deleting, then 403 (public resources: reads open to anyone, writes still refused) and nothing changes', async () => {
    const existing = await createRecord(def);
    const reads = [
      t.request().post(`${api}/list`).set('Authorization', outsider).send({}),
      t.request().get(`${api}/${existing.id}/view`).set('Authorization', outsider),
    ];
    const writes = def.readOnly
      ? []
      : [
          t
            .request()
            .post(api)
            .set('Authorization', outsider)
            .send(await sampleBody(def)),
          t
            .request()
            .put(api)
            .set('Authorization', outsider)
            .send({ ...existing.body, Id: existing.id }),
          t.request().delete(`${api}/${existing.id}`).set('Authorization', outsider),
        ];
    for (const res of await Promise.all(writes)) {
      expect([res.status, res.body.message_code]).toEqual([403, 'FORBIDDEN']);
    }
    if (def.public) {
      const anonymous = await Promise.all([
        t.request().post(`${api}/list`).send({}),
        t.request().get(`${api}/${existing.id}/view`),
        t.request().get(`/api/list/${def.path}`),
      ]);
      expect(anonymous.map((r) => r.status)).toEqual([200, 200, 200]);
      if (!def.readOnly) expect((await t.request().post(api).send(existing.body)).status).toBe(401);
    } else {
      for (const res of await Promise.all(reads)) {
        expect([res.status, res.body.message_code]).toEqual([403, 'FORBIDDEN']);
      }
    }
    const row = await t.deps.db(def.table).where({ id: existing.id }).first('is_active', 'edited_by');
    expect(row).toEqual({ is_active: true, edited_by: null });
  });
});

describe.each(RESOURCES.filter((def) => def.readOnly).map((def) => [def.name, def] as const))(
  '%s (read-only)',
  (_name, def) => {
    test('given a read-only resource, when an administrator tries to create, update, delete or import, then there is no such call (404) and nothing changes', async () => {
      const existing = await createRecord(def);
      const api = `/api/${def.path}`;
      const res = await Promise.all([
        t.request().post(api).set('Authorization', admin).send(existing.body),
        t
          .request()
          .put(api)
          .set('Authorization', admin)
          .send({ ...existing.body, Id: existing.id }),
        t.request().delete(`${api}/${existing.id}`).set('Authorization', admin),
        t
          .request()
          .post(`${api}/import`)
          .set('Authorization', admin)
          .send({ file_name: 'a.csv', content_base64: 'QQ==' }),
      ]);
      expect(res.map((r) => r.status)).toEqual([404, 404, 404, 404]);
      if (def.lookup === false) {
        const lookup = await t.request().get(`/api/list/${def.path}`).set('Authorization', admin);
        expect(lookup.status).toBe(404);
      }
      expect(await t.deps.db(def.table).where({ id: existing.id }).first('id')).toEqual({ id: existing.id });
    });
  },
);

describe('schema', () => {
  interface Column {
    column_name: string;
    data_type: string;
    is_nullable: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
  }

  async function columnsOf(table: string): Promise<Map<string, Column>> {
    const result = await t.deps.db.raw<{ rows: Column[] }>(
      `select column_name, data_type, is_nullable, character_maximum_length, numeric_precision, numeric_scale
         from information_schema.columns where table_schema = current_schema() and table_name = ?`,
      [table],
    );
    return new Map(result.rows.map((c) => [c.column_name, c]));
  }

  const TYPES: Record<FieldDef['type'], string[]> = {
    text: ['character varying', 'text'],
    textarea: ['character varying', 'text'],
    lookup: ['character varying'],
    ref: ['character varying'],
    enum: ['character varying'],
    integer: ['integer', 'bigint'],
    decimal: ['numeric'],
    bool: ['boolean'],
    date: ['date'],
    datetime: ['timestamp with time zone'],
    json: ['jsonb', 'text'],
  };

  /**
   * Each field against its column: name, type, nullability, and what input is kept within (a text's length, a
   * decimal's precision and scale, integer or bigint), so no value the definition accepts overflows its column.
   */
  function expectColumns(fields: FieldDef[], columns: Map<string, Column>) {
    for (const f of fields) {
      const c = columns.get(columnOf(f));
      expect([f.name, c?.column_name]).toEqual([f.name, columnOf(f)]);
      expect([f.name, TYPES[f.type]]).toEqual([f.name, expect.arrayContaining([c!.data_type])]);
      if (f.required) expect([f.name, c!.is_nullable]).toEqual([f.name, 'NO']);
      const length = c!.character_maximum_length;
      if (length !== null && f.type !== 'ref' && f.type !== 'enum' && !f.readOnly) {
        expect([f.name, f.maxLength]).toEqual([f.name, length]);
      } else if (f.maxLength && length !== null) {
        expect([f.name, length]).toEqual([f.name, f.maxLength]);
      }
      if (f.type === 'decimal') {
        expect([f.name, f.precision, f.scale]).toEqual([f.name, c!.numeric_precision, c!.numeric_scale]);
      }
      if (f.type === 'integer' && !f.readOnly) {
        expect([f.name, c!.data_type]).toEqual([f.name, f.bigint ? 'bigint' : 'integer']);
      }
    }
  }

  test.each(RESOURCES.map((def) => [def.name, def] as const))(
    'given the %s definition, when compared with its migrated tables, then every field has its column with a matching type, nullability and size',
    async (_name, def) => {
      const columns = await columnsOf(def.table);
      expectColumns(allFields(def), columns);
      expect(columns.size).toBe(allFields(def).length + (def.internalColumns?.length ?? 0));
      for (const c of def.internalColumns ?? []) expect(columns.has(c)).toBe(true);
      for (const child of def.children ?? []) expectColumns(child.fields, await columnsOf(child.table));
    },
  );

  /** The business entities (db/resources/<entity>.ts) and their lines, with the column that ties lines to them. */
  const ENTITIES: [string, EntityDef, string | undefined][] = [
    [SapOrder.table, SapOrder, undefined],
    [SapOrder.lines.def.table, SapOrder.lines.def, SapOrder.lines.parentColumn],
  ];

  test.each(ENTITIES)(
    'given the %s definition, when compared with its migrated table, then every field has its column with a matching type, nullability and size, and every other column is listed as internal',
    async (_table, def, parentColumn) => {
      const columns = await columnsOf(def.table);
      expectColumns([...def.fields], columns);
      const internal = [...(def.internalColumns ?? []), ...(parentColumn ? [parentColumn] : [])];
      for (const c of internal) expect([c, columns.has(c)]).toEqual([c, true]);
      expect(columns.size).toBe(def.fields.length + internal.length);
    },
  );
});
