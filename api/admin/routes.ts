// Account administration beyond the User and Group records (spec/1 §7, spec/3 §6): the permission matrix of a
// group, the groups of a user, and a password reset. Permissions are checked on every request, so a change
// here takes effect on the users' very next call; a reset also ends the user's sessions. What stays with
// administrators (a reset among them), that no one raises their own rights and that no one hands out rights they
// do not hold, is services/admin-rights.ts.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { integer, text } from '../../db/resources/input';
import { flattenMenus } from '../../db/resources/menus';
import { NotFoundError, RuleError, ValidationError } from '../errors';
import { defineRoute } from '../http';
import {
  assertMayManageAccount,
  assertMaySetGroups,
  assertMayResetPassword,
  assertMaySetPermissions,
} from '../services/admin-rights';
import { hashPassword } from '../services/passwords';

const idParams = z.object({ id: integer({ min: 1 }) });

const permissionRow = z.object({
  Menu_Code: text(100).min(1),
  View: z.boolean().default(false),
  Create: z.boolean().default(false),
  Edit: z.boolean().default(false),
  Delete: z.boolean().default(false),
});

/** A one-time password the user must replace at the next login: 16 random characters plus a fixed tail. */
function temporaryPassword(): string {
  return `${randomBytes(12).toString('base64url')}#7a`;
}

export const adminRoutes = [
  defineRoute({
    method: 'get',
    path: '/group/:id/permissions',
    summary: "A group's View/Create/Edit/Delete per menu, for every menu in menu order.",
    access: { controller: 'Group', action: 'View' },
    params: idParams,
    handler: async ({ deps, params }) => {
      const group: unknown = await deps.db('user_groups').where({ id: params.id }).first('id');
      if (!group) throw new NotFoundError();
      const rows = (await deps
        .db('menus as m')
        .leftJoin('group_menus as gm', (j) => j.on('gm.menu_id', 'm.id').andOnVal('gm.group_id', params.id))
        .leftJoin('menus as p', 'p.id', 'm.parent_id')
        .where('m.is_active', true)
        .orderBy(['m.sort_order', 'm.id'])
        .select(
          'm.code as Menu_Code',
          'p.code as Parent_Code',
          'm.title_en as Title_En',
          'm.title_id as Title_Id',
          'm.controller as Controller',
          'm.action as Action',
          deps.db.raw('coalesce(gm.can_view, false) as "View"'),
          deps.db.raw('coalesce(gm.can_create, false) as "Create"'),
          deps.db.raw('coalesce(gm.can_edit, false) as "Edit"'),
          deps.db.raw('coalesce(gm.can_delete, false) as "Delete"'),
        )) as Record<string, unknown>[];
      return { data: rows };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/group/:id/permissions',
    summary: "Replaces a group's permission matrix (menus left out have no rights).",
    access: { controller: 'Group', action: 'Edit' },
    params: idParams,
    body: z.object({ permissions: z.array(permissionRow).max(1000) }),
    handler: async ({ deps, params, body, user }) => {
      const known = new Set(flattenMenus().map((m) => m.code));
      const unknown = body.permissions.filter((p) => !known.has(p.Menu_Code)).map((p) => p.Menu_Code);
      if (unknown.length) {
        throw new ValidationError(
          { permissions: [{ key: 'admin.unknownMenus', params: { menus: unknown.join(', ') } }] },
          'admin.unknownMenus',
          { menus: unknown.join(', ') },
        );
      }
      await deps.db.transaction(async (trx) => {
        const group: unknown = await trx('user_groups').where({ id: params.id }).forUpdate().first('id');
        if (!group) throw new NotFoundError();
        const menus = (await trx('menus').select('id', 'code')) as { id: number; code: string }[];
        const idOf = new Map(menus.map((m) => [m.code, m.id]));
        const rows = body.permissions
          .filter((p) => p.View || p.Create || p.Edit || p.Delete)
          .map((p) => ({
            group_id: params.id,
            menu_id: idOf.get(p.Menu_Code),
            // Any right on a screen implies seeing it.
            can_view: p.View || p.Create || p.Edit || p.Delete,
            can_create: p.Create,
            can_edit: p.Edit,
            can_delete: p.Delete,
          }));
        await assertMaySetPermissions(trx, user, params.id, rows);
        await trx('group_menus').where({ group_id: params.id }).delete();
        if (rows.length) await trx('group_menus').insert(rows);
        await trx('user_groups')
          .where({ id: params.id })
          .update({ edited_by: user.username, edited_date: deps.now() });
      });
      return { message: 'resources.updated' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user/:id/groups',
    summary: 'Every active group, with whether the user belongs to it.',
    access: { controller: 'User', action: 'View' },
    params: idParams,
    handler: async ({ deps, params }) => {
      const target: unknown = await deps.db('users').where({ id: params.id }).first('id');
      if (!target) throw new NotFoundError();
      const rows = (await deps
        .db('user_groups as g')
        .leftJoin('user_group_members as m', (j) =>
          j.on('m.group_id', 'g.id').andOnVal('m.user_id', params.id),
        )
        .where('g.is_active', true)
        .orderBy('g.code')
        .select(
          'g.code as Group_Code',
          'g.name as Group_Name',
          deps.db.raw('(m.user_id is not null) as "Member"'),
        )) as Record<string, unknown>[];
      return { data: rows };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/user/:id/groups',
    summary: "Replaces the user's groups.",
    access: { controller: 'User', action: 'Edit' },
    params: idParams,
    body: z.object({ groups: z.array(text(50).min(1)).max(100) }),
    handler: async ({ deps, params, body, user }) => {
      await deps.db.transaction(async (trx) => {
        const target: unknown = await trx('users').where({ id: params.id }).forUpdate().first('id');
        if (!target) throw new NotFoundError();
        const wanted = [...new Set(body.groups.map((g) => g.toUpperCase()))];
        const groups = (await trx('user_groups')
          .whereRaw('upper(code) = any(?)', [wanted])
          .where('is_active', true)
          .select('id', 'code')) as { id: number; code: string }[];
        const found = new Set(groups.map((g) => g.code.toUpperCase()));
        const missing = wanted.filter((g) => !found.has(g));
        if (missing.length) {
          throw new ValidationError(
            { groups: [{ key: 'admin.unknownGroups', params: { groups: missing.join(', ') } }] },
            'admin.unknownGroups',
            { groups: missing.join(', ') },
          );
        }
        await assertMaySetGroups(trx, user, params.id, groups);
        await trx('user_group_members').where({ user_id: params.id }).delete();
        if (groups.length) {
          await trx('user_group_members').insert(groups.map((g) => ({ user_id: params.id, group_id: g.id })));
        }
        await trx('users')
          .where({ id: params.id })
          .update({ edited_by: user.username, edited_date: deps.now() });
      });
      return { message: 'resources.updated' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/:id/reset_password',
    summary:
      'Gives the user a one-time password (answered once, to an administrator only) that must be changed at the ' +
      'next login; ends their sessions.',
    access: { controller: 'User', action: 'Edit' },
    params: idParams,
    handler: async ({ deps, params, user }) => {
      assertMayResetPassword(user);
      const password = temporaryPassword();
      const hash = await hashPassword(password);
      const username = await deps.db.transaction(async (trx) => {
        const target = (await trx('users')
          .where({ id: params.id })
          .forUpdate()
          .first('username', 'use_ad')) as { username: string; use_ad: boolean } | undefined;
        if (!target) throw new NotFoundError();
        await assertMayManageAccount(trx, user, params.id);
        if (target.use_ad) throw new RuleError('DIRECTORY_ACCOUNT', 'admin.directoryAccount');
        await trx('users').where({ id: params.id }).update({
          password_hash: hash,
          must_change_password: true,
          change_password_reason: 'RESET',
          edited_by: user.username,
          edited_date: deps.now(),
        });
        await deps.sessions.revokeAllOfUser(params.id, 'PASSWORD_RESET', trx);
        return target.username;
      });
      return {
        message: 'admin.passwordReset',
        messageParams: { username },
        data: { username, temporary_password: password },
      };
    },
  }),
];
