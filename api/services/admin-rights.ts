// Who may change whose rights (DESIGN §5, spec/3 §6). Screen permissions let staff keep accounts and groups, but
// three things stay with administrators (Is_Admin): an administrator's account (Is_Admin, or a member of the
// administrators group, which holds every right), the Is_Admin flag, and the administrators group itself (its
// record, its permissions, who is in it). And no one but an administrator may raise their own rights: join a
// group, add rights to a group they belong to or bring it back active, or change their own role, company codes
// or plant grants.
//
// Nor may anyone hand out rights they do not hold: a non-administrator puts an account only into groups whose
// every menu right they hold themselves, adds to a group only rights they hold, brings a group back active only
// when they hold all it grants, and grants an account only companies and plants they hold. Otherwise a keeper of
// accounts could make an account with the rights of any group, reset its password and sign in with them. A
// password reset is an administrator's: its one-time password is answered once, to the administrator who made it
// (the product has no other channel to deliver it, so a reset by anyone else would either hand them a login
// beyond their rights or lock the user out).
//
// Every path that writes accounts or groups comes here: the User and Group editors and their imports
// (guardWrite, from api/resources/), the permission matrix of a group, the groups of a user and the password
// reset (api/admin/routes.ts). The checks run inside the write's transaction, on the rows as they are then.
import { ADMINISTRATORS_GROUP, Group } from '../../db/resources/master/group';
import { User } from '../../db/resources/master/user';
import type { Db } from '../../db/connection';
import type { ResourceDef } from '../../db/resources/engine';
import { ForbiddenError, ForbiddenFieldError, ValidationError } from '../errors';
import type { AuthUser } from './session';

const ADMINISTRATORS_ONLY = 'admin.administratorsOnly';
const OWN_RIGHTS = 'admin.ownRights';
const GROUP_BEYOND_RIGHTS = 'admin.groupBeyondRights';
const RIGHTS_BEYOND_OWN = 'admin.rightsBeyondOwn';
const RESET_ADMINISTRATORS_ONLY = 'admin.resetAdministratorsOnly';
const PLANTS_BEYOND_RIGHTS = 'admin.plantsBeyondRights';

const FLAGS = ['can_view', 'can_create', 'can_edit', 'can_delete'] as const;
type Flag = (typeof FLAGS)[number];
/** A group's rights on one menu, as group_menus holds them. */
type MenuRights = { menu_id: number | undefined } & Record<Flag, boolean>;
/** How many menus a refusal names before it says "…". */
const NAMED_MENUS = 8;

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

/** A 403 naming `field`, with the group and the menus whose rights the user does not hold. */
function refuseBeyond(field: string, key: string, params: Record<string, string>): never {
  throw new ValidationError({ [field]: [{ key, params }] }, key, params, { status: 403, code: 'FORBIDDEN' });
}

/** What `userId` holds per menu: the union of the rights of their active groups (services/permissions.ts). */
async function heldRights(db: Db, userId: number): Promise<Map<number, Record<Flag, boolean>>> {
  const rows = (await db('group_menus as gm')
    .join('user_group_members as ug', 'ug.group_id', 'gm.group_id')
    .join('user_groups as g', 'g.id', 'gm.group_id')
    .where('ug.user_id', userId)
    .where('g.is_active', true)
    .groupBy('gm.menu_id')
    .select('gm.menu_id', ...FLAGS.map((f) => db.raw(`bool_or(gm.${f}) as ${f}`)))) as (MenuRights & {
    menu_id: number;
  })[];
  return new Map(rows.map((r) => [r.menu_id, r]));
}

/** The menus on which `rights` grant something `held` lacks. */
function menusBeyond(rights: MenuRights[], held: Map<number, Record<Flag, boolean>>): number[] {
  return [
    ...new Set(
      rights
        .filter((r) => r.menu_id !== undefined && FLAGS.some((f) => r[f] && !held.get(r.menu_id!)?.[f]))
        .map((r) => r.menu_id!),
    ),
  ];
}

/** The menus' codes for a message, the first few of them. */
async function menuList(db: Db, menuIds: number[]): Promise<string> {
  const codes = (await db('menus')
    .whereIn('id', menuIds)
    .orderBy(['sort_order', 'id'])
    .pluck('code')) as string[];
  return codes.length > NAMED_MENUS ? `${codes.slice(0, NAMED_MENUS).join(', ')}, …` : codes.join(', ');
}

/** Refuses `groups` when one grants a right the actor does not hold; `field` names where it was asked. */
async function assertHoldsRightsOf(
  db: Db,
  actor: AuthUser,
  groups: { id: number; code: string }[],
  field: string,
  key: string,
): Promise<void> {
  if (!groups.length) return;
  const held = await heldRights(db, actor.id);
  for (const group of groups) {
    const rights = (await db('group_menus').where('group_id', group.id)) as MenuRights[];
    const beyond = menusBeyond(rights, held);
    if (beyond.length) refuseBeyond(field, key, { group: group.code, menus: await menuList(db, beyond) });
  }
}

/**
 * A password reset answers the one-time password, and that is shown to an administrator only: anyone else who
 * reset an account could sign in with its rights, and a reset whose password no one learns only locks the user
 * out (the product sends no mail). So keepers of accounts who are not administrators are refused, saying so.
 */
export function assertMayResetPassword(actor: AuthUser): void {
  if (!actor.is_admin) throw new ForbiddenError(RESET_ADMINISTRATORS_ONLY);
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
  // Groups the account already has are kept as they are; a group added is a grant of all its rights.
  await assertHoldsRightsOf(db, actor, added, 'groups', GROUP_BEYOND_RIGHTS);
}

/**
 * A group's permission matrix replaced: the administrators group's is an administrator's to change, a group of
 * one's own may lose rights but not gain any, and any other group may gain only rights one holds.
 */
export async function assertMaySetPermissions(
  db: Db,
  actor: AuthUser,
  groupId: number,
  rows: MenuRights[],
): Promise<void> {
  if (actor.is_admin) return;
  const group = (await db('user_groups').where('id', groupId).first('code')) as { code: string } | undefined;
  if (isAdministratorsGroup(group?.code)) refuse('permissions', ADMINISTRATORS_ONLY);
  const current = (await db('group_menus').where('group_id', groupId)) as MenuRights[];
  const held = new Map(current.map((r) => [r.menu_id, r]));
  const gains = rows.filter((r) => FLAGS.some((f) => r[f] && !held.get(r.menu_id)?.[f]));
  if (!gains.length) return;
  if (await isMember(db, actor.id, groupId)) refuse('permissions', OWN_RIGHTS);
  // Only the rights gained are the actor's grant; what the group already had was granted before.
  const beyond = menusBeyond(gains, await heldRights(db, actor.id));
  if (beyond.length) {
    refuseBeyond('permissions', RIGHTS_BEYOND_OWN, { menus: await menuList(db, beyond) });
  }
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
  if (write.children?.Authorized_Plants) {
    await assertHoldsPlants(db, actor, write.id, write.children.Authorized_Plants);
  }
  if (write.id !== actor.id || !write.row) return;
  for (const field of OWN_ACCESS_FIELDS) {
    const column = field.toLowerCase() as Lowercase<(typeof OWN_ACCESS_FIELDS)[number]>;
    if (column in write.row && (write.row[column] ?? null) !== (actor[column] ?? null))
      refuse(field, OWN_RIGHTS);
  }
}

/**
 * The companies and plants granted to an account (spec/3 §6) are rights too: a plant added must be one the actor
 * holds (a grant of the whole company, an empty plant, holds each of its plants). Grants the account already has
 * are kept as they are. For one's own account, any addition is raising one's own rights.
 */
async function assertHoldsPlants(
  db: Db,
  actor: AuthUser,
  userId: number | undefined,
  plants: Record<string, unknown>[],
): Promise<void> {
  type Grant = { company_code: string; plant_code: string | null };
  const code = (value: unknown) => (typeof value === 'string' && value ? value.toUpperCase() : null);
  const grantsOf = async (id: number) =>
    (await db('user_plants').where('user_id', id).select('company_code', 'plant_code')) as Grant[];
  const current = userId === undefined ? [] : await grantsOf(userId);
  const held = await grantsOf(actor.id);
  const added = plants
    .map((p) => ({ company: code(p.Company_Code), plant: code(p.Plant_Code) }))
    .filter(
      (p) => !current.some((g) => code(g.company_code) === p.company && code(g.plant_code) === p.plant),
    );
  if (!added.length) return;
  if (userId === actor.id) refuse('Authorized_Plants', OWN_RIGHTS);
  const beyond = added.filter(
    (p) =>
      !held.some(
        (g) =>
          code(g.company_code) === p.company && (g.plant_code === null || code(g.plant_code) === p.plant),
      ),
  );
  if (beyond.length) {
    const named = beyond.map((p) => (p.plant ? `${p.company}/${p.plant}` : `${p.company}/*`)).join(', ');
    refuseBeyond('Authorized_Plants', PLANTS_BEYOND_RIGHTS, { plants: named });
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
  // An inactive group grants nothing; bringing it back grants its rights again to every member: one's own is
  // gaining them, any other is handing them out, which takes holding them all.
  if (current && !current.is_active && write.row?.is_active === true) {
    if (await isMember(db, actor.id, write.id!)) refuse('Is_Active', OWN_RIGHTS);
    await assertHoldsRightsOf(
      db,
      actor,
      [{ id: write.id!, code: current.code }],
      'Is_Active',
      GROUP_BEYOND_RIGHTS,
    );
  }
}
