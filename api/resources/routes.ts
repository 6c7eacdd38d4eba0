// The API of every master-data resource, made from its definition (db/resources/engine.ts):
//   POST   /api/<path>/list           list protocol (View)
//   GET    /api/<path>/:id/:mode      one record for the editor, mode create | edit | view (View)
//   POST   /api/<path>                create (Create)
//   PUT    /api/<path>                update, body carries Id (Edit)
//   DELETE /api/<path>/:id            delete, or deactivate for resources that keep history (Delete)
// Its lookup for other screens' selects (GET /api/list/<path>) comes from the lookup engine (api/lookup.ts).
// Every write validates the whole record first (types, required, ranges, date order, references, unique
// values), then runs in one transaction with the audit columns filled here.
import type { Knex } from 'knex';
import { z } from 'zod';
import { listedFields, type ResourceDef } from '../../db/resources/engine';
import { integer, text } from '../../db/resources/input';
import { NotFoundError } from '../errors';
import { defineRoute, type RouteDef } from '../http';
import { listRequestSchema, runList } from '../list';
import {
  audit,
  createDefaults,
  listSpec,
  ownerScope,
  readRecord,
  restrictToOwner,
  stampOwner,
  selectColumns,
  validateRecord,
  writeChildren,
} from './records';
import { guardWrite } from '../services/admin-rights';
import { transferRoutes } from './transfer';

const idParams = z.object({ id: integer({ min: 1 }) });
/** The Id an update body carries (its errors name `Id`). */
const recordId = z.object({ Id: integer({ min: 1 }) });
const recordBody = z.record(text(100, { trim: false }), z.unknown());

function deactivation(def: ResourceDef, now: Date): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(def.deactivateSets ?? {}).map(([column, value]) => [
      column,
      value === 'now' ? now : value,
    ]),
  );
}

export function resourceRoutes(def: ResourceDef): RouteDef[] {
  const spec = listSpec(def);
  const controller = def.name;
  const view = def.public ? ('public' as const) : { controller, action: 'View' as const };
  const routes: RouteDef[] = [
    defineRoute({
      method: 'post',
      path: `/${def.path}/list`,
      summary: `${def.name}: one page of the list (list protocol).`,
      access: view,
      body: listRequestSchema,
      handler: async ({ deps, body, user }) => {
        const base = deps.db(`${def.table} as t`).select(selectColumns(deps.db, listedFields(def)));
        if (user) restrictToOwner(base, def, user);
        const { rows, totalRecords } = await runList<Record<string, unknown>>(base, body, spec);
        return { data: rows, extra: { totalRecords } };
      },
    }),
    defineRoute({
      method: 'get',
      path: `/${def.path}/:id/:mode`,
      summary: `${def.name}: one record for the editor (mode create, edit or view; id 0 with create).`,
      access: view,
      params: z.object({ id: integer({ min: 0 }), mode: z.enum(['create', 'edit', 'view']) }),
      handler: async ({ deps, params, user }) => {
        if (params.mode === 'create') return { data: createDefaults(def, user) };
        const record = await readRecord(deps.db, def, params.id);
        if (!record) throw new NotFoundError();
        const scope = user ? ownerScope(def, user) : undefined;
        if (scope && record[scope.field] !== scope.value) throw new NotFoundError();
        return { data: record };
      },
    }),
  ];
  if (def.readOnly) return [...routes, ...transferRoutes(def)];
  routes.push(
    defineRoute({
      method: 'post',
      path: `/${def.path}`,
      summary: `${def.name}: create a record.`,
      access: { controller, action: 'Create' },
      body: recordBody,
      handler: async ({ deps, body, user }) => {
        const id = await deps.db.transaction(async (trx) => {
          const parsed = await validateRecord(trx, def, stampOwner(body, def, user), undefined);
          await guardWrite(trx, def, user, { row: parsed.row, children: parsed.children });
          const [row] = (await trx(def.table)
            .insert({ ...parsed.row, ...audit(user, deps.now(), true) })
            .returning('id')) as { id: number }[];
          await writeChildren(trx, def, row!.id, parsed.children);
          return row!.id;
        });
        return { message: 'resources.created', data: await readRecord(deps.db, def, id) };
      },
    }),
    defineRoute({
      method: 'put',
      path: `/${def.path}`,
      summary: `${def.name}: update a record (the body carries its Id).`,
      access: { controller, action: 'Edit' },
      body: recordBody,
      handler: async ({ deps, body, user }) => {
        const { Id: id } = recordId.parse(body);
        await deps.db.transaction(async (trx) => {
          const current = trx(`${def.table} as t`).where('t.id', id).forUpdate();
          restrictToOwner(current, def, user);
          if (!(await current.first('t.id'))) throw new NotFoundError();
          const parsed = await validateRecord(trx, def, stampOwner(body, def, user), id);
          const childrenWritten = def.children?.some((c) => c.name in body);
          await guardWrite(trx, def, user, {
            id,
            row: parsed.row,
            children: childrenWritten ? parsed.children : undefined,
          });
          await trx(def.table)
            .where({ id })
            .update({ ...parsed.row, ...audit(user, deps.now(), false) });
          if (childrenWritten) await writeChildren(trx, def, id, parsed.children);
        });
        return { message: 'resources.updated', data: await readRecord(deps.db, def, id) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: `/${def.path}/:id`,
      summary:
        def.deleteMode === 'deactivate'
          ? `${def.name}: deactivate a record (it keeps its history).`
          : `${def.name}: delete a record (refused while other data uses it).`,
      access: { controller, action: 'Delete' },
      params: idParams,
      handler: async ({ deps, params, user }) => {
        const owned = (q: Knex.QueryBuilder): Knex.QueryBuilder => {
          restrictToOwner(q, def, user, def.table);
          return q;
        };
        await guardWrite(deps.db, def, user, { id: params.id });
        if (def.deleteMode === 'deactivate') {
          const n = await owned(deps.db(def.table).where({ id: params.id })).update({
            is_active: false,
            ...deactivation(def, deps.now()),
            ...audit(user, deps.now(), false),
          });
          if (!n) throw new NotFoundError();
          return { message: 'resources.deactivated' };
        }
        const n = await deps.db.transaction(async (trx): Promise<number> => {
          if (!(await owned(trx(def.table).where({ id: params.id })).first('id'))) return 0;
          for (const child of def.children ?? [])
            await trx(child.table).where(child.parentColumn, params.id).delete();
          return (await trx(def.table).where({ id: params.id }).delete()) as number;
        });
        if (!n) throw new NotFoundError();
        return { message: 'resources.deleted' };
      },
    }),
  );
  routes.push(...transferRoutes(def));
  return routes;
}
