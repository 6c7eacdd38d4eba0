// Reference data (menus, the standard groups with their permissions, the changelog) and the demo data (demo
// accounts, a welcome notice), idempotent: rows are matched by their business key (menu code, group code,
// username, changelog version) and only missing ones are added, so a second run changes nothing and a
// password a demo user changed is never reset. Menus are the exception: their titles and places follow
// db/resources/menus.ts on every run, because that file is their source of truth.
//
// Every start runs seedReference. Demo accounts (known password) are only for the embedded default or when
// SEED_DEMO=true; a real deployment gets one administrator instead (first-admin.ts).
import type { Knex } from 'knex';
import { flattenMenus, MASTER_DATA_CONTROLLERS } from '../resources/menus';
import { ADMINISTRATORS_GROUP } from '../resources/master/group';
import { seedLookups } from './lookups';
import { seedMasterDemo } from './master-demo';
import menuEn from '../../locales/en/menu.json';
import menuId from '../../locales/id/menu.json';

export const DEMO_PASSWORD = 'Demo#Sawit2026';
/** API key of the ERP push API in the demo (README); like the demo passwords, it exists only with demo data. */
export const DEMO_ERP_API_KEY = 'tms-demo-erp-key';
export const DEMO_ERP_API_KEY_NAME = 'sap-demo';

type Perm = 'V' | 'VC' | 'VE' | 'VCE' | 'VCED';
interface GroupDef {
  code: string;
  name: string;
  description: string;
  /** Menu code -> permissions; '*' stands for every menu. */
  grants: Record<string, Perm>;
}

const masters = (perm: Perm): Record<string, Perm> =>
  Object.fromEntries(MASTER_DATA_CONTROLLERS.map((c) => [c, perm]));

const REPORTS_INTERNAL = [
  'Report.FreightCostReport',
  'Report.OrderReport',
  'Report.RelationOrderReport',
  'Report.ShipmentReport',
  'Report.ServiceLevelReport',
  'Report.SummaryServiceLevelReport',
  'Report.TransporterUtilizationReport',
  'Report.DOVSDeliveryToCustomerReport',
  'Report.SummarySpecialReleaseReport',
  'Report.AppointmentPerformanceReport',
  'Report.STOReport',
  'Report.SPOReport',
];
const reports = (codes: string[]): Record<string, Perm> =>
  Object.fromEntries(codes.map((c) => [c, 'V' as Perm]));

export const DEMO_GROUPS: GroupDef[] = [
  {
    code: ADMINISTRATORS_GROUP,
    name: 'Administrator',
    description: 'Every screen and action.',
    grants: { '*': 'VCED' },
  },
  {
    code: 'LOGISTIC_STAFF',
    name: 'Logistic staff',
    description: 'Plans transport: SAP orders, orders, transporters, freight, approvals and settlement.',
    grants: {
      Dashboard: 'V',
      SAPOrder: 'VCED',
      Order: 'VCED',
      Shipment: 'VCE',
      Approval: 'VCE',
      IPB: 'VCE',
      STO: 'VCE',
      SPO: 'VCE',
      SPOAdjustment: 'VCE',
      SAPFilter: 'VC',
      'Upload.Transporter': 'VC',
      ApprovalLog: 'V',
      ...masters('VCE'),
      ...reports(REPORTS_INTERNAL),
    },
  },
  {
    code: 'WAREHOUSE_STAFF',
    name: 'Warehouse staff',
    description: 'Runs the gate and the docks: shipments, appointments, weighing.',
    grants: {
      Dashboard: 'V',
      Order: 'V',
      Shipment: 'VCE',
      Approval: 'VE',
      AppointmentMatrix: 'VCE',
      Warehouse: 'V',
      Driver: 'V',
      Vehicle: 'V',
      'Report.ShipmentReport': 'V',
      'Report.AppointmentPerformanceReport': 'V',
    },
  },
  {
    code: 'TRANSPORTER',
    name: 'Transporter',
    description: 'Accepts or rejects orders, assigns drivers and trucks, follows its shipments.',
    grants: {
      Order: 'VCE',
      Shipment: 'VC',
      Driver: 'VCE',
      Vehicle: 'VCE',
      'Report.ShipmentReport': 'V',
      'Report.TransporterUtilizationReport': 'V',
    },
  },
  {
    code: 'RELATION',
    name: 'Customer / vendor (relation)',
    description: 'Collects its own goods: orders assigned to it and their shipments.',
    // No Driver or Vehicle screen: those rows belong to transporters. A relation names the driver and truck it
    // sends on the order itself (spec/1 §4, assign driver of a relation order: Driver_Name, Vehicle_Name).
    grants: {
      Order: 'VCE',
      Shipment: 'VC',
      'Report.RelationOrderReport': 'V',
    },
  },
  {
    code: 'DRIVER',
    name: 'Driver',
    description: 'Sees the shipments assigned to them.',
    grants: { Shipment: 'V' },
  },
];

export const DEMO_USERS = [
  {
    username: 'admin',
    full_name: 'System Administrator',
    role: 'USER',
    is_admin: true,
    department: 'LOGISTIC',
    groups: [ADMINISTRATORS_GROUP],
  },
  {
    username: 'logistic',
    full_name: 'Rina Logistik',
    role: 'USER',
    department: 'LOGISTIC',
    groups: ['LOGISTIC_STAFF'],
  },
  // The second level-1 approver beside 'logistic' (db/seeds/master-demo/settings.ts): nobody approves their own
  // request, so an assignment 'logistic' makes is approved on level 1 by the supervisor.
  {
    username: 'supervisor',
    full_name: 'Dewi Lestari',
    role: 'USER',
    department: 'LOGISTIC',
    groups: ['LOGISTIC_STAFF'],
  },
  {
    username: 'warehouse',
    full_name: 'Budi Gudang',
    role: 'USER',
    department: 'WAREHOUSE',
    groups: ['WAREHOUSE_STAFF'],
  },
  {
    username: 'transporter',
    full_name: 'PT Sinar Angkut Nusantara',
    role: 'TRANSPORTER',
    transporter_code: 'TRP001',
    groups: ['TRANSPORTER'],
    language: 'id',
  },
  {
    username: 'customer',
    full_name: 'PT Minyak Nabati Sejahtera',
    role: 'CUSTOMER',
    customer_vendor_code: 'CUS001',
    groups: ['RELATION'],
  },
  {
    username: 'driver',
    full_name: 'Agus Pratama',
    role: 'DRIVER',
    transporter_code: 'TRP001',
    groups: ['DRIVER'],
    language: 'id',
  },
  // Shows the first-login path: no consent yet, must set a password.
  {
    username: 'newstaff',
    full_name: 'Dewi Baru',
    role: 'USER',
    department: 'LOGISTIC',
    groups: ['LOGISTIC_STAFF'],
    firstLogin: true,
  },
] as const;

/**
 * Companies (every plant) whose SAP documents the demo staff may bring in and whose SAP orders they may create
 * (user_plants). 'logistic' is not granted 3000, so Filter from SAP shows that company's rows disabled; 'admin'
 * needs none.
 */
export const DEMO_PLANT_GRANTS: Record<string, string[]> = {
  logistic: ['1000', '2000'],
  supervisor: ['1000', '2000'],
  newstaff: ['2000'],
};

const CHANGELOG = [
  {
    version: '0.1.0',
    date: '2026-11-21',
    details: [
      'One command starts the whole product: Temporal dev server, embedded PostgreSQL, worker, API and console.',
      'Login with privacy consent, first-login password change, captcha after failed attempts and account lockout.',
      'Console shell in English and Indonesian, with the dashboard of SAP orders, orders and shipments.',
    ],
  },
];

const NOTICE =
  '<p><strong>Welcome to the TMS demo.</strong> Data here is generated; SAP postings go to the built-in sandbox.</p>';
const NOTICE_ID =
  '<p><strong>Selamat datang di demo TMS.</strong> Data di sini dibuat otomatis; posting SAP masuk ke sandbox bawaan.</p>';

/** Menus, the standard groups and their permissions, the changelog and the lookup values. Returns group ids by code. */
export async function seedReference(knex: Knex): Promise<Map<string, number>> {
  return knex.transaction(async (trx) => {
    // Menus: upsert by code, parents first (flattenMenus is depth-first).
    const ids = new Map<string, number>();
    let order = 0;
    for (const m of flattenMenus()) {
      const row = {
        code: m.code,
        parent_id: m.parent ? ids.get(m.parent) : null,
        controller: m.controller ?? null,
        action: m.action ?? null,
        route: m.route ?? null,
        title_en: (menuEn as Record<string, string>)[m.code] ?? m.code,
        title_id: (menuId as Record<string, string>)[m.code] ?? m.code,
        icon: m.icon ?? null,
        sort_order: (order += 10),
        requires_login: !m.public,
      };
      const [saved] = (await trx('menus').insert(row).onConflict('code').merge().returning('id')) as {
        id: number;
      }[];
      ids.set(m.code, saved!.id);
    }

    const groupIds = new Map<string, number>();
    for (const g of DEMO_GROUPS) {
      await trx('user_groups')
        .insert({ code: g.code, name: g.name, description: g.description, created_by: 'seed' })
        .onConflict('code')
        .ignore();
      const { id } = (await trx('user_groups').where({ code: g.code }).first('id')) as { id: number };
      groupIds.set(g.code, id);
      const entries = g.grants['*']
        ? [...ids.keys()].map((code) => [code, g.grants['*']!] as const)
        : Object.entries(g.grants);
      for (const [code, perm] of entries) {
        const menuId = ids.get(code);
        if (!menuId) throw new Error(`Seed grants an unknown menu: ${code}`);
        await trx('group_menus')
          .insert({
            group_id: id,
            menu_id: menuId,
            can_view: perm.includes('V'),
            can_create: perm.includes('C'),
            can_edit: perm.includes('E'),
            can_delete: perm.includes('D'),
          })
          .onConflict(['group_id', 'menu_id'])
          .ignore();
      }
    }

    for (const c of CHANGELOG) {
      const exists: unknown = await trx('changelogs').where({ version: c.version }).first('id');
      if (exists) continue;
      const [log] = (await trx('changelogs')
        .insert({ version: c.version, version_date: c.date, created_by: 'seed' })
        .returning('id')) as { id: number }[];
      await trx('changelog_details').insert(
        c.details.map((description, i) => ({ changelog_id: log!.id, description, sort_order: i })),
      );
    }
    await seedLookups(trx);
    return groupIds;
  });
}

/**
 * How the API stores secrets (api/services/passwords.ts, api/services/api-keys.ts), handed in by whoever seeds:
 * the seed stays below the API and stores the demo secrets exactly as the API will check them.
 */
export interface SeedHashers {
  hashPassword: (password: string) => Promise<string>;
  hashApiKey: (key: string) => string;
}

/**
 * Reference data, the demo accounts (password DEMO_PASSWORD), the demo ERP push key (DEMO_ERP_API_KEY), the
 * demo welcome notice and, unless left out, the master demo data (master-demo.ts: companies, plants, transporters with drivers and trucks, freight...).
 * Tests leave the master data out when they build their own.
 */
export async function seedDemo(
  knex: Knex,
  { hashPassword, hashApiKey }: SeedHashers,
  options: { masterData?: boolean } = {},
): Promise<void> {
  const groupIds = await seedReference(knex);
  await knex.transaction(async (trx) => {
    const demoHash = await hashPassword(DEMO_PASSWORD);
    for (const u of DEMO_USERS) {
      const exists: unknown = await trx('users').whereRaw('lower(username) = ?', [u.username]).first('id');
      if (exists) continue;
      const firstLogin = 'firstLogin' in u && u.firstLogin;
      const [created] = (await trx('users')
        .insert({
          username: u.username,
          full_name: u.full_name,
          password_hash: demoHash,
          role: u.role,
          is_admin: 'is_admin' in u ? u.is_admin : false,
          department: 'department' in u ? u.department : null,
          transporter_code: 'transporter_code' in u ? u.transporter_code : null,
          customer_vendor_code: 'customer_vendor_code' in u ? u.customer_vendor_code : null,
          language: 'language' in u ? u.language : 'en',
          employee_number: u.role === 'USER' ? `EMP-${u.username.toUpperCase()}` : null,
          must_change_password: firstLogin,
          change_password_reason: firstLogin ? 'FIRST_LOGIN' : null,
          privacy_consent_date: firstLogin ? null : knex.fn.now(),
          created_by: 'seed',
        })
        .returning('id')) as { id: number }[];
      for (const code of u.groups) {
        await trx('user_group_members').insert({ user_id: created!.id, group_id: groupIds.get(code) });
      }
    }

    // The notice in each language (api/shell/routes.ts reads the user's).
    await trx('app_settings')
      .insert([
        { key: 'IMPORTANT_NOTICE', value: NOTICE, created_by: 'seed' },
        { key: 'IMPORTANT_NOTICE_ID', value: NOTICE_ID, created_by: 'seed' },
      ])
      .onConflict('key')
      .ignore();
    await trx('api_keys')
      .insert({ name: DEMO_ERP_API_KEY_NAME, key_hash: hashApiKey(DEMO_ERP_API_KEY), created_by: 'seed' })
      .onConflict('name')
      .ignore();
  });
  if (options.masterData !== false) {
    await seedMasterDemo(knex);
    await seedSupervisorApprovals(knex);
  }
  await seedDemoPlantGrants(knex);
}

/**
 * The master demo seed inserts only the matrices that are missing, so a database seeded before the supervisor
 * account existed would keep 'logistic' alone on level 1, and an assignment by 'logistic' would skip to the
 * administrators. This puts 'supervisor' beside 'logistic' on level 1 of the seed's matrices that have
 * 'logistic' there and no 'supervisor' anywhere: a second run, or a matrix a user changed so, writes nothing.
 */
async function seedSupervisorApprovals(knex: Knex): Promise<void> {
  const supervisor = (await knex('users')
    .whereRaw('lower(username) = ?', ['supervisor'])
    .where('is_active', true)
    .first('username')) as { username: string } | undefined;
  if (!supervisor) return;
  await knex.raw(
    `insert into approval_matrix_approvers (approval_matrix_id, username, level)
     select m.id, ?, 1
       from approval_matrices m
      where m.created_by = 'seed'
        and exists (select 1 from approval_matrix_approvers a
                     where a.approval_matrix_id = m.id and lower(a.username) = 'logistic' and a.level = 1)
        and not exists (select 1 from approval_matrix_approvers a
                         where a.approval_matrix_id = m.id and lower(a.username) = 'supervisor')`,
    [supervisor.username],
  );
}

/**
 * DEMO_PLANT_GRANTS for demo users that have no grant yet, for the companies that exist (none without the master
 * demo data). A user whose grants an administrator changed keeps them.
 */
async function seedDemoPlantGrants(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const [username, companies] of Object.entries(DEMO_PLANT_GRANTS)) {
      const user = (await trx('users').whereRaw('lower(username) = ?', [username]).first('id')) as
        { id: number } | undefined;
      if (!user || (await trx('user_plants').where('user_id', user.id).first('id'))) continue;
      const existing = (await trx('companies')
        .whereIn('company_code', companies)
        .pluck('company_code')) as string[];
      if (existing.length) {
        await trx('user_plants').insert(existing.map((company_code) => ({ user_id: user.id, company_code })));
      }
    }
  });
}
