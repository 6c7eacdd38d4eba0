// Who may change whose rights (DESIGN §5, spec/3 §6). Screen permissions let staff keep accounts and groups, but
// three things stay with administrators (Is_Admin): an administrator's account (Is_Admin, or a member of the
// administrators group, which holds every right), the Is_Admin flag, and the administrators group itself (its
// record, its permissions, who is in it). And no one but an administrator may raise their own rights: join a
// group, add rights to a group they belong to or bring it back active, or change their own role, company codes
// or plant grants.
//
// Every path that writes accounts or groups comes here: the User and Group editors and their imports
// (guardWrite, from api/resources/), the permission matrix of a group, the groups of a user and the password
// reset (api/routes/admin.ts). The checks run inside the write's transaction, on the rows as they are then.
import { ADMINISTRATORS_GROUP, Group } from '../../db/resources/master/group';
import { User } from '../../db/resources/master/user';
import type { Db } from '../../db/connection';
import type { ResourceDef } from '../../db/resources/engine';
import { ForbiddenError, ForbiddenFieldError } from '../errors';
import type { AuthUser } from './session';

const ADMINISTRATORS_ONLY = 'admin.administratorsOnly';
const OWN_RIGHTS = 'admin.ownRights';

/** A write of a User or Group record as the resource routes make it: columns, and sub-tables when written. */
export interface RecordWrite {
  /** The record's id; none for a new one. */
  id?: number;
  /** Column values to be written (none for a delete). */
  row?: Record<string, unknown>;
  /** Sub-table rows by name, only those the write replaces. */
  children?: Record<string, Record<string, unknown>[]>;
}

const isAdministratorsGroup = (code: unknown) =>
  typeof code === 'string' && code.trim().toUpperCase() === ADMINISTRATORS_GROUP;

function refuse(field: string, key: string): never {
  throw new ForbiddenFieldError({ [field]: [{ key }] }, key);
}

/** Is_Admin, or a member of the administrators group: an account only administrators may touch. */
export async function isAdministratorAccount(db: Db, userId: number): Promise<boolean> {
  const row = (await db('users as u')
    .where('u.id', userId)
    .first(
      'u.is_admin',
      db.raw(
        `exists (select 1 from user_group_members m join user_groups g on g.id = m.group_id
                  where m.user_id = u.id and upper(g.code) = ?) as in_group`,
        [ADMINISTRATORS_GROUP],
      ),
    )) as { is_admin: boolean; in_group: boolean } | undefined;
  return !!row && (row.is_admin || row.in_group);
}

/** Refuses a non-administrator's reset, deactivation or group change of an administrator's account. */
export async function assertMayManageAccount(db: Db, actor: AuthUser, userId: number): Promise<void> {
  if (actor.is_admin) return;
  if (await isAdministratorAccount(db, userId)) throw new ForbiddenError(ADMINISTRATORS_ONLY);
}

/**
 * A user's groups replaced by `groups`: an administrator's account, and who is in the administrators group,
 * are an administrator's to change; no one else may add a group to their own account.
 */
export async function assertMaySetGroups(
  db: Db,
  actor: AuthUser,
  userId: number,
  groups: { id: number; code: string }[],
): Promise<void> {
  if (actor.is_admin) return;
  await assertMayManageAccount(db, actor, userId);
  const current = new Set(
    (await db('user_group_members').where('user_id', userId).pluck('group_id')) as number[],
  );
  const added = groups.filter((g) => !current.has(g.id));
  if (added.some((g) => isAdministratorsGroup(g.code))) refuse('groups', ADMINISTRATORS_ONLY);
  if (userId === actor.id && added.length) refuse('groups', OWN_RIGHTS);
}

/**
 * A group's permission matrix replaced: the administrators group's is an administrator's to change, and a
 * group of one's own may lose rights but not gain any.
 */
export async function assertMaySetPermissions(
  db: Db,
  actor: AuthUser,
  groupId: number,
  rows: {
    menu_id: number | undefined;
    can_view: boolean;
    can_create: boolean;
    can_edit: boolean;
    can_delete: boolean;
  }[],
): Promise<void> {
  if (actor.is_admin) return;
  const group = (await db('user_groups').where('id', groupId).first('code')) as { code: string } | undefined;
  if (isAdministratorsGroup(group?.code)) refuse('permissions', ADMINISTRATORS_ONLY);
  if (!(await isMember(db, actor.id, groupId))) return;
  const current = (await db('group_menus').where('group_id', groupId)) as {
    menu_id: number;
    can_view: boolean;
    can_create: boolean;
    can_edit: boolean;
    can_delete: boolean;
  }[];
  const held = new Map(current.map((r) => [r.menu_id, r]));
  const flags = ['can_view', 'can_create', 'can_edit', 'can_delete'] as const;
  const gains = rows.some((r) => flags.some((f) => r[f] && !held.get(r.menu_id!)?.[f]));
  if (gains) refuse('permissions', OWN_RIGHTS);
}

async function isMember(db: Db, userId: number, groupId: number): Promise<boolean> {
  return !!(await db('user_group_members').where({ user_id: userId, group_id: groupId }).first('user_id'));
}

/** The rules above for a create, update, deactivation or imported row of a User or Group record. */
export async function guardWrite(
  db: Db,
  def: ResourceDef,
  actor: AuthUser,
  write: RecordWrite,
): Promise<void> {
  if (actor.is_admin) return;
  if (def.name === User.name) await guardUserWrite(db, actor, write);
  else if (def.name === Group.name) await guardGroupWrite(db, actor, write);
}

/** Columns of one's own account that decide what one may see and do. */
const OWN_ACCESS_FIELDS = ['Role', 'Transporter_Code', 'Customer_Vendor_Code'] as const;

async function guardUserWrite(db: Db, actor: AuthUser, write: RecordWrite): Promise<void> {
  if (write.id !== undefined && (await isAdministratorAccount(db, write.id))) {
    refuse('Username', ADMINISTRATORS_ONLY);
  }
  if (write.row?.is_admin === true) refuse('Is_Admin', ADMINISTRATORS_ONLY);
  if (write.id !== actor.id || !write.row) return;
  for (const field of OWN_ACCESS_FIELDS) {
    const column = field.toLowerCase() as Lowercase<(typeof OWN_ACCESS_FIELDS)[number]>;
    if (column in write.row && (write.row[column] ?? null) !== (actor[column] ?? null))
      refuse(field, OWN_RIGHTS);
  }
  const plants = write.children?.Authorized_Plants;
  if (plants) {
    const code = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : '');
    const key = (company: unknown, plant: unknown) => `${code(company)}|${code(plant)}`;
    const held = new Set(
      (
        (await db('user_plants').where('user_id', actor.id).select('company_code', 'plant_code')) as {
          company_code: string;
          plant_code: string | null;
        }[]
      ).map((p) => key(p.company_code, p.plant_code)),
    );
    if (plants.some((p) => !held.has(key(p.Company_Code, p.Plant_Code))))
      refuse('Authorized_Plants', OWN_RIGHTS);
  }
}

async function guardGroupWrite(db: Db, actor: AuthUser, write: RecordWrite): Promise<void> {
  const current =
    write.id === undefined
      ? undefined
      : ((await db('user_groups').where('id', write.id).first('code', 'is_active')) as
          { code: string; is_active: boolean } | undefined);
  if (isAdministratorsGroup(current?.code) || isAdministratorsGroup(write.row?.code)) {
    refuse('Group_Code', ADMINISTRATORS_ONLY);
  }
  // An inactive group grants nothing; bringing one's own back is gaining its rights.
  if (
    current &&
    !current.is_active &&
    write.row?.is_active === true &&
    (await isMember(db, actor.id, write.id!))
  ) {
    refuse('Is_Active', OWN_RIGHTS);
  }
}
