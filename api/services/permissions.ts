// Screen permissions: a user's groups grant View/Create/Edit/Delete per menu; admins pass every check. The
// same answers drive the permission-check call of the console, the server-side route checks and the menu
// each user is sent, so the three never disagree.
import type { Db } from '../../db/connection';
import type { AuthUser } from './session';
import { FeedCache, type ChangeFeed } from './change-feed';
import { plantAuthorization, type PlantAuthorization } from './plant-authorization';

/** The four rights a group grants per menu. */
export type PermissionAction = 'View' | 'Create' | 'Edit' | 'Delete';

export interface PermissionFlags {
  View: boolean;
  Create: boolean;
  Edit: boolean;
  Delete: boolean;
}

export interface MenuNode {
  Id: number;
  Code: string;
  Title_En: string;
  Title_Id: string;
  Route: string | null;
  Controller: string | null;
  Action: string | null;
  Icon: string | null;
  Requires_Login: boolean;
  Items: MenuNode[];
}

const ALL: PermissionFlags = { View: true, Create: true, Edit: true, Delete: true };
const NONE: PermissionFlags = { View: false, Create: false, Edit: false, Delete: false };

interface MenuRow {
  id: number;
  parent_id: number | null;
  code: string;
  controller: string | null;
  action: string | null;
  route: string | null;
  title_en: string;
  title_id: string;
  icon: string | null;
  requires_login: boolean;
}

export class PermissionService {
  /** User, controller and action -> flags, while the change feed is live (migration 009, `permissions`). */
  private readonly cache: FeedCache<PermissionFlags>;
  /** User -> the companies and plants granted to them, likewise (migration 013 notifies `permissions`). */
  private readonly plantCache: FeedCache<PlantAuthorization>;

  constructor(
    private readonly db: Db,
    changes?: ChangeFeed,
  ) {
    this.cache = new FeedCache(changes, 'permissions');
    this.plantCache = new FeedCache(changes, 'permissions');
  }

  /**
   * The companies and plants the user may bring SAP documents in for and work on (plant-authorization.ts),
   * from memory while the change feed is live. Callers must not change what they are given.
   */
  async plants(user: AuthUser): Promise<PlantAuthorization> {
    if (user.is_admin) return plantAuthorization(this.db, user);
    return (await this.plantCache.get(String(user.id), () => plantAuthorization(this.db, user)))!;
  }

  /** Flags for one screen: the menus of `controller` (and `action` when given) that the user's groups reach. */
  async flags(user: AuthUser, controller: string, action?: string): Promise<PermissionFlags> {
    if (user.is_admin) return ALL;
    const key = `${user.id}\u0000${controller.toLowerCase()}\u0000${(action ?? '').toLowerCase()}`;
    return { ...(await this.cache.get(key, () => this.readFlags(user, controller, action)))! };
  }

  private async readFlags(user: AuthUser, controller: string, action?: string): Promise<PermissionFlags> {
    const q = this.db('group_menus as gm')
      .join('menus as m', 'm.id', 'gm.menu_id')
      .join('user_group_members as ug', 'ug.group_id', 'gm.group_id')
      .join('user_groups as g', 'g.id', 'gm.group_id')
      .where('ug.user_id', user.id)
      .where('g.is_active', true)
      .where('m.is_active', true)
      .whereRaw('lower(m.controller) = lower(?)', [controller]);
    if (action) q.whereRaw('lower(m.action) = lower(?)', [action]);
    const row = (await q
      .select(
        this.db.raw('coalesce(bool_or(gm.can_view), false) as "View"'),
        this.db.raw('coalesce(bool_or(gm.can_create), false) as "Create"'),
        this.db.raw('coalesce(bool_or(gm.can_edit), false) as "Edit"'),
        this.db.raw('coalesce(bool_or(gm.can_delete), false) as "Delete"'),
      )
      .first()) as PermissionFlags | undefined;
    return row ?? NONE;
  }

  /**
   * Flags for the screen a console route names. A route without a menu of its own (an Editor, the SAP
   * order Filter) inherits the permissions of its controller's menus.
   */
  async screenFlags(user: AuthUser, controller: string, action?: string): Promise<PermissionFlags> {
    if (action) {
      const exact: unknown = await this.db('menus')
        .whereRaw('lower(controller) = lower(?) and lower(action) = lower(?)', [controller, action])
        .first('id');
      if (exact) return this.flags(user, controller, action);
    }
    return this.flags(user, controller);
  }

  async can(
    user: AuthUser,
    controller: string,
    action: PermissionAction,
    menuAction?: string,
  ): Promise<boolean> {
    return (await this.flags(user, controller, menuAction))[action];
  }

  /** The side menu for a user: every menu they may view, with the groups that lead to them. */
  async menuTree(user: AuthUser): Promise<MenuNode[]> {
    const all = (await this.db('menus').where('is_active', true).orderBy(['sort_order', 'id'])) as MenuRow[];
    let visible: Set<number>;
    if (user.is_admin) {
      visible = new Set(all.map((m) => m.id));
    } else {
      const granted = (await this.db('group_menus as gm')
        .join('user_group_members as ug', 'ug.group_id', 'gm.group_id')
        .join('user_groups as g', 'g.id', 'gm.group_id')
        .where('ug.user_id', user.id)
        .where('g.is_active', true)
        .where('gm.can_view', true)
        .distinct('gm.menu_id')) as { menu_id: number }[];
      visible = new Set(granted.map((g) => g.menu_id));
      // A granted leaf brings its parent groups along.
      const byId = new Map(all.map((m) => [m.id, m]));
      for (const id of [...visible]) {
        let parent = byId.get(id)?.parent_id;
        while (parent) {
          visible.add(parent);
          parent = byId.get(parent)?.parent_id;
        }
      }
    }
    const nodes = new Map<number, MenuNode>();
    for (const m of all) {
      if (!visible.has(m.id)) continue;
      nodes.set(m.id, {
        Id: m.id,
        Code: m.code,
        Title_En: m.title_en,
        Title_Id: m.title_id,
        Route: m.route,
        Controller: m.controller,
        Action: m.action,
        Icon: m.icon,
        Requires_Login: m.requires_login,
        Items: [],
      });
    }
    const roots: MenuNode[] = [];
    for (const m of all) {
      const node = nodes.get(m.id);
      if (!node) continue;
      const parent = m.parent_id ? nodes.get(m.parent_id) : undefined;
      (parent ? parent.Items : roots).push(node);
    }
    // Groups with nothing visible inside are dropped.
    const prune = (list: MenuNode[]): MenuNode[] =>
      list.filter((n) => n.Route !== null || (n.Items = prune(n.Items)).length > 0);
    return prune(roots);
  }
}
