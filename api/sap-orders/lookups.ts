// The dropdown lookups of the SAP order editor and filter (spec/3 §7 "GET list/..."), under the names the console
// calls: `{ items: [{ id, text, name }] }`, q searching code and name, 10 a page, active rows only, multi-values
// ';'-joined. Names the master-data engine already serves (list/plant, list/warehouse, list/order_type,
// list/purchase_organization, list/lookup) keep their generic answer for the calls only it understands (a
// field's exact value, `?Company_Code=1000`); these routes come first and take over the calls of the SAP order
// screens: those with their parameters (company, plant, type), and for order types and lookup values every
// other call too, because their items must carry more than the generic ones (the order type's Id, which
// util/order_type_fields?id= takes, and its Info1; a lookup value's Info1 / Info2 and its text in the reader's
// language, spec/2 §5.3 and spec/3 §4.2).
import type { Knex } from 'knex';
import { z } from 'zod';
import { integer, text } from '../../db/resources/input';
import { resourceByName } from '../../db/resources/master';
import { ValidationError } from '../errors';
import { defineRoute, type RouteDef } from '../http';
import { translate } from '../i18n';
import { resourceRoutes } from '../resources/routes';
import { CREATE_TYPES, TRANSFER_ORDER_CODE } from './order-types';

export const LOOKUP_PAGE_SIZE = 10;

const lookupQuery = z.looseObject({
  q: text(100, { trim: false }).optional().default(''),
  // Page 1 is the first; the generic dropdown's 0 (or no number at all) is taken as the first page too.
  page: z.preprocess(
    (v) => (v === '' ? undefined : v),
    integer({ min: 0, max: 10_000 }).optional().default(1),
  ),
});
type LookupQuery = z.infer<typeof lookupQuery>;

const values = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(';') : [])
    .map((s) => s.trim())
    .filter(Boolean);

interface TableLookup {
  path: string;
  summary: string;
  table: string;
  key: string;
  name: string;
  /** Wire names of key and name, added to each item like the generic lookup does. */
  wire: [string, string];
  /** One row per distinct key (order type codes). */
  distinct?: boolean;
  /** Query parameter -> restriction with its ';'-split values. */
  filters?: Record<string, (qb: Knex.QueryBuilder, values: string[], db: Knex) => void>;
  /** Accepted and not narrowing anything (documented per lookup). */
  ignored?: string[];
  /** Resource whose generic lookup answers when none of `filters` is given. */
  generic?: string;
  /** With `generic`: this lookup also answers calls with no parameter; the generic one only those it alone knows. */
  plainCalls?: boolean;
  /** More wire fields of each item: wire name -> column. */
  columns?: Record<string, string>;
  restrict?: (qb: Knex.QueryBuilder) => void;
}

const byCompany =
  (column: string, includeGroupWide = false) =>
  (qb: Knex.QueryBuilder, codes: string[]) => {
    qb.where((w) => {
      void w.whereIn(column, codes);
      if (includeGroupWide) void w.orWhereNull(column);
    });
  };

const LOOKUPS: TableLookup[] = [
  {
    path: 'order_type_code',
    summary: 'Order type codes (IPB, STO, SO, DO, PO, TO, ...).',
    table: 'order_types',
    key: 'code',
    name: 'code',
    wire: ['Code', 'Code'],
    distinct: true,
  },
  {
    path: 'order_type',
    summary:
      'Order types by Name; `type` (MANUAL | TRANSFER ORDER) keeps those a SAP order of that create type may use, `code` those of a code.',
    table: 'order_types',
    key: 'name',
    name: 'code',
    wire: ['Name', 'Code'],
    columns: { Id: 'id', Info1: 'info1' },
    generic: 'OrderType',
    plainCalls: true,
    filters: {
      type: (qb, [type]) => {
        if (type?.toUpperCase() === 'TRANSFER ORDER') qb.whereRaw('upper(t.code) = ?', [TRANSFER_ORDER_CODE]);
        else qb.whereRaw('upper(t.code) <> ?', [TRANSFER_ORDER_CODE]);
      },
      code: (qb, codes) => void qb.whereRaw('upper(t.code) = any(?)', [codes.map((c) => c.toUpperCase())]),
    },
  },
  {
    path: 'company_code',
    summary: 'Companies.',
    table: 'companies',
    key: 'company_code',
    name: 'company_name',
    wire: ['Company_Code', 'Company_Name'],
  },
  {
    path: 'business_segment_code',
    summary: 'Business segments (the product categories SAP documents carry).',
    table: 'product_categories',
    key: 'category_code',
    name: 'category_name',
    wire: ['Category_Code', 'Category_Name'],
  },
  {
    path: 'plant',
    summary: 'Plants; `company` (;-joined) keeps those of the companies.',
    table: 'plants',
    key: 'plant_code',
    name: 'plant_name',
    wire: ['Plant_Code', 'Plant_Name'],
    generic: 'Plant',
    filters: { company: byCompany('t.company_code') },
  },
  {
    path: 'plant_all',
    summary: 'Every plant of every company (destination plants of transfer orders).',
    table: 'plants',
    key: 'plant_code',
    name: 'plant_name',
    wire: ['Plant_Code', 'Plant_Name'],
    ignored: ['company'],
  },
  {
    path: 'sales_organization_code',
    summary: 'Sales organisations; `company` (;-joined) keeps those of the companies.',
    table: 'sales_organizations',
    key: 'sales_organization_code',
    name: 'sales_organization_name',
    wire: ['Sales_Organization_Code', 'Sales_Organization_Name'],
    filters: { company: byCompany('t.company_code') },
  },
  {
    path: 'purchase_organization',
    summary:
      'Purchase organisations; `company` (;-joined) keeps those of the companies and the group-wide ones.',
    table: 'purchase_organizations',
    key: 'purchase_organization_code',
    name: 'purchase_organization_name',
    wire: ['Purchase_Organization_Code', 'Purchase_Organization_Name'],
    generic: 'PurchaseOrganization',
    filters: { company: byCompany('t.company_code', true) },
  },
  {
    path: 'customer_code',
    summary: 'Customers.',
    table: 'customers',
    key: 'customer_code',
    name: 'customer_name',
    wire: ['Customer_Code', 'Customer_Name'],
  },
  {
    path: 'vendor_code',
    summary: 'Vendors.',
    table: 'vendors',
    key: 'vendor_code',
    name: 'vendor_name',
    wire: ['Vendor_Code', 'Vendor_Name'],
  },
  {
    path: 'incoterm_code',
    summary: 'Incoterms.',
    table: 'incoterms',
    key: 'incoterm_code',
    name: 'incoterm_name',
    wire: ['Incoterm_Code', 'Incoterm_Name'],
  },
  {
    path: 'location_code',
    summary: 'Locations; `plant` (;-joined) keeps those of the plants.',
    table: 'locations',
    key: 'location_code',
    name: 'location_name',
    wire: ['Location_Code', 'Location_Name'],
    filters: { plant: (qb, plants) => void qb.whereIn('t.plant_code', plants) },
  },
  {
    path: 'warehouse',
    summary: 'Warehouses; `plant` and `company` (;-joined) keep those of the plants / companies.',
    table: 'warehouses',
    key: 'warehouse_code',
    name: 'warehouse_name',
    wire: ['Warehouse_Code', 'Warehouse_Name'],
    generic: 'Warehouse',
    filters: {
      plant: (qb, plants) => void qb.whereIn('t.plant_code', plants),
      company: (qb, companies, db) =>
        void qb.whereIn('t.plant_code', db('plants').whereIn('company_code', companies).select('plant_code')),
    },
  },
  {
    path: 'material_code_v2',
    summary:
      'Materials. The SAP order screens also send company, plant, purchase organisation, use_sto and use_to: ' +
      'materials are group-wide in this master (no plant or organisation assignment), so they narrow nothing.',
    table: 'materials',
    key: 'material_code',
    name: 'material_name',
    wire: ['Material_Code', 'Material_Name'],
    ignored: ['company', 'plant', 'purchase_org', 'purchase_organization', 'use_sto', 'use_to'],
  },
];

function tableLookupRoute(def: TableLookup): RouteDef {
  const generic = def.generic
    ? resourceRoutes(resourceByName(def.generic)!).find(
        (r) => r.method === 'get' && r.path === `/list/${def.path}`,
      )
    : undefined;
  return defineRoute({
    method: 'get',
    path: `/list/${def.path}`,
    summary: `${def.summary} Items { id, text, name }; q searches code and name; 10 a page.`,
    access: 'authenticated',
    query: lookupQuery,
    handler: async (input) => {
      const { deps, query } = input;
      const params = Object.entries(query).filter(([k]) => k !== 'q' && k !== 'page');
      const own = params.filter(([k]) => def.filters?.[k]);
      const genericOnly = def.plainCalls ? params.length > own.length : !own.length;
      if (generic && genericOnly)
        return generic.handler({ ...input, query: { ...query, page: Math.max(1, query.page) } });
      const db = deps.db;
      const qb = db(`${def.table} as t`).where('t.is_active', true);
      for (const [param, value] of params) {
        const apply = def.filters?.[param];
        if (apply) {
          const list = values(value);
          if (list.length) apply(qb, list, db);
        } else if (!def.ignored?.includes(param)) {
          throw new ValidationError({
            [param]: [{ key: 'list.filterNotAllowed', params: { field: param } }],
          });
        }
      }
      def.restrict?.(qb);
      return answer(await page(db, qb, def, query));
    },
  });
}

interface Item {
  id: string;
  text: string;
  name: string;
  [wire: string]: unknown;
}

async function page(db: Knex, qb: Knex.QueryBuilder, def: TableLookup, query: LookupQuery): Promise<Item[]> {
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    qb.where(
      (w) =>
        void w
          .whereRaw(`t.${def.key}::text ilike ?`, [pattern])
          .orWhereRaw(`t.${def.name}::text ilike ?`, [pattern]),
    );
  }
  const start = (Math.max(1, query.page) - 1) * LOOKUP_PAGE_SIZE;
  const extra = Object.entries(def.columns ?? {}).map(([wire, column]) =>
    db.raw('?? as ??', [`t.${column}`, wire]),
  );
  const rows = (await (
    def.distinct
      ? qb.distinct(db.raw(`t.${def.key} as key`), db.raw(`t.${def.name} as name`))
      : qb.select(db.raw(`t.${def.key} as key`), db.raw(`t.${def.name} as name`), ...extra)
  )
    .orderBy('key')
    .offset(start)
    .limit(LOOKUP_PAGE_SIZE + 1)) as ({ key: string; name: string } & Record<string, unknown>)[];
  return rows.map(({ key, name, ...more }) => ({
    id: key,
    text: name && name !== key ? `${key} - ${name}` : key,
    name,
    [def.wire[0]]: key,
    [def.wire[1]]: name,
    ...more,
  }));
}

function answer(rows: unknown[]) {
  const items = rows.slice(0, LOOKUP_PAGE_SIZE);
  return { data: { items, more: rows.length > LOOKUP_PAGE_SIZE }, extra: { items } };
}

/** list/sap_order_type: the create types of the editor's Type field. */
const sapOrderTypeRoute = defineRoute({
  method: 'get',
  path: '/list/sap_order_type',
  summary: 'SAP order create types (MANUAL, TRANSFER ORDER) with their localised text.',
  access: 'authenticated',
  query: lookupQuery,
  handler: ({ query, lang }) => {
    const q = query.q.toLowerCase();
    const items = CREATE_TYPES.map((code) => {
      const name = translate(lang, `sapOrder.createTypes.${code}`);
      return { id: code, text: name, name };
    }).filter((i) => !q || i.id.toLowerCase().includes(q) || i.text.toLowerCase().includes(q));
    return answer(Math.max(1, query.page) === 1 ? items : []);
  },
});

const genericLookupGroups = resourceRoutes(resourceByName('Lookup')!).find(
  (r) => r.method === 'get' && r.path === '/list/lookup',
)!;

/**
 * list/lookup?group=: the values of a lookup group (spec/3 §7 "lookup (group)"). Each item carries what the
 * screens decide from: Info1 (the assign reason that needs its own text, the langsir type that makes an order
 * langsir, the shipment type's category, the order types SAP_SYNC_SETTING names) and Info2 (the shipment type a
 * langsir type sets), and its text in the reader's language (the English one where no Indonesian is kept).
 * Ordered by code, as the generic lookup orders them; a call with another parameter (`Lookup_Info1=Y`) is the
 * generic lookup's.
 */
const lookupGroupRoute = defineRoute({
  method: 'get',
  path: '/list/lookup',
  summary:
    'Values of a lookup group (`group`): items { id, text, name } with Lookup_Code, Lookup_Text_En, ' +
    'Lookup_Text_Id, Lookup_Info1, Lookup_Info2; text and name in the language of the request; q searches ' +
    'the code and both texts; 10 a page.',
  access: 'authenticated',
  query: lookupQuery,
  handler: async (input) => {
    const { deps, query, lang } = input;
    const params = Object.keys(query).filter((k) => k !== 'q' && k !== 'page');
    if (params.some((k) => k !== 'group') || (query.group !== undefined && typeof query.group !== 'string'))
      return genericLookupGroups.handler({ ...input, query: { ...query, page: Math.max(1, query.page) } });
    const db = deps.db;
    const qb = db('lookups as t').where('t.is_active', true);
    if (typeof query.group === 'string') qb.where('t.lookup_group', query.group);
    if (query.q) {
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where(
        (w) =>
          void w
            .where('t.lookup_code', 'ilike', pattern)
            .orWhere('t.lookup_text_en', 'ilike', pattern)
            .orWhere('t.lookup_text_id', 'ilike', pattern),
      );
    }
    const rows = (await qb
      .orderBy([
        { column: 't.lookup_code', order: 'asc' },
        { column: 't.lookup_group', order: 'asc' },
      ])
      .offset((Math.max(1, query.page) - 1) * LOOKUP_PAGE_SIZE)
      .limit(LOOKUP_PAGE_SIZE + 1)
      .select(
        't.lookup_group',
        't.lookup_code',
        't.lookup_text_en',
        't.lookup_text_id',
        't.lookup_info1',
        't.lookup_info2',
      )) as {
      lookup_group: string;
      lookup_code: string;
      lookup_text_en: string;
      lookup_text_id: string | null;
      lookup_info1: string | null;
      lookup_info2: string | null;
    }[];
    return answer(
      rows.map((r) => {
        const name = (lang === 'id' && r.lookup_text_id) || r.lookup_text_en;
        return {
          id: r.lookup_code,
          text: name ? `${r.lookup_code} - ${name}` : r.lookup_code,
          name,
          Lookup_Group: r.lookup_group,
          Lookup_Code: r.lookup_code,
          Lookup_Text_En: r.lookup_text_en,
          Lookup_Text_Id: r.lookup_text_id,
          Lookup_Info1: r.lookup_info1,
          Lookup_Info2: r.lookup_info2,
        };
      }),
    );
  },
});

export const sapOrderLookupRoutes: RouteDef[] = [
  sapOrderTypeRoute,
  lookupGroupRoute,
  ...LOOKUPS.map(tableLookupRoute),
];
