// The dropdown lookups of the SAP order editor and filter (spec/3 §7 "GET list/..."), under the names the console
// calls, as definitions of the lookup engine (api/lookup.ts). Most are a master-data resource's own lookup under
// the spec's name (list/company_code is the Company lookup) or with the screens' parameters added (list/plant
// also takes `company`, ';'-joined); each says which parameters it takes. Users of the SAP order screens may ask
// them whether or not they may open the master-data screens behind them.
import { Company } from '../../db/resources/master/company';
import { Customer } from '../../db/resources/master/customer';
import { Factory } from '../../db/resources/master/factory';
import { Incoterms } from '../../db/resources/master/incoterms';
import { Location } from '../../db/resources/master/location';
import { Material } from '../../db/resources/master/material';
import { OrderType } from '../../db/resources/master/order-type';
import { Plant } from '../../db/resources/master/plant';
import { ProductCategory } from '../../db/resources/master/product-category';
import { PurchaseOrganization } from '../../db/resources/master/purchase-organization';
import { SalesOrganization } from '../../db/resources/master/sales-organization';
import { Vendor } from '../../db/resources/master/vendor';
import { Warehouse } from '../../db/resources/master/warehouse';
import type { ResourceDef } from '../../db/resources/engine';
import { translate } from '../i18n';
import { resourceLookup, type LookupDef, type LookupParam } from '../lookup';
import { CREATE_TYPES } from '../../db/resources/sap-order';
import { TRANSFER_ORDER_CODE } from '../services/order-types';

/** The screens that pick from these lists. */
const SCREENS = ['SAPOrder', 'SAPFilter'];

/** `resource`'s lookup as the SAP order screens ask it: at `path`, with their parameters and fields. */
function sapLookup(resource: ResourceDef, more: Partial<LookupDef> & { summary: string }): LookupDef {
  const base = resourceLookup(resource);
  return {
    ...base,
    ...more,
    aliases: more.path ? undefined : base.aliases,
    params: { ...base.params, ...more.params },
    screens: [...(base.screens ?? []), ...SCREENS],
  };
}

const byCompany: LookupParam = { field: 'Company_Code', multi: true };
const byPlant: LookupParam = { field: 'Plant_Code', multi: true };

export const sapOrderLookups: LookupDef[] = [
  {
    path: 'sap_order_type',
    summary: 'SAP order create types (MANUAL, TRANSFER ORDER) with their localised text.',
    fixed: (lang) =>
      CREATE_TYPES.map((code) => {
        const name = translate(lang, `sapOrder.createTypes.${code}`);
        return { id: code, text: name, name };
      }),
    screens: SCREENS,
  },
  sapLookup(OrderType, {
    path: 'order_type_code',
    summary: 'Order type codes (IPB, STO, SO, DO, PO, TO, ...), each once.',
    key: 'Code',
    display: ['Code'],
    distinct: true,
    params: {},
  }),
  sapLookup(OrderType, {
    summary:
      "Order types by Name, with each one's Id (util/order_type_fields?id=) and Info1; `type` (MANUAL | TRANSFER " +
      'ORDER) keeps those a SAP order of that create type may use, `code` (;-joined) those of the codes.',
    columns: ['Id', 'Info1'],
    params: {
      type: {
        apply: (qb, [type]) => {
          if (type?.toUpperCase() === 'TRANSFER ORDER')
            qb.whereRaw('upper(t.code) = ?', [TRANSFER_ORDER_CODE]);
          else qb.whereRaw('upper(t.code) <> ?', [TRANSFER_ORDER_CODE]);
        },
      },
      code: {
        multi: true,
        apply: (qb, codes) => void qb.whereRaw('upper(t.code) = any(?)', [codes.map((c) => c.toUpperCase())]),
      },
    },
  }),
  sapLookup(Company, { path: 'company_code', summary: 'Companies.' }),
  sapLookup(ProductCategory, {
    path: 'business_segment_code',
    summary: 'Business segments (the product categories SAP documents carry).',
  }),
  sapLookup(Plant, {
    summary: 'Plants; `company` (;-joined) keeps those of the companies.',
    params: { company: byCompany },
  }),
  sapLookup(Plant, {
    path: 'plant_all',
    summary:
      'Every plant of every company (destination plants of transfer orders); `company` narrows nothing.',
    ignored: ['company'],
  }),
  sapLookup(SalesOrganization, {
    path: 'sales_organization_code',
    summary: 'Sales organisations; `company` (;-joined) keeps those of the companies.',
    params: { company: byCompany },
  }),
  sapLookup(PurchaseOrganization, {
    summary:
      'Purchase organisations; `company` (;-joined) keeps those of the companies and the group-wide ones.',
    params: { company: { ...byCompany, orEmpty: true } },
  }),
  sapLookup(Customer, { path: 'customer_code', summary: 'Customers.' }),
  sapLookup(Vendor, { path: 'vendor_code', summary: 'Vendors.' }),
  sapLookup(Incoterms, { path: 'incoterm_code', summary: 'Incoterms.' }),
  sapLookup(Location, {
    path: 'location_code',
    summary: 'Locations; `plant` (;-joined) keeps those of the plants.',
    params: { plant: byPlant },
  }),
  sapLookup(Warehouse, {
    summary: 'Warehouses; `plant` and `company` (;-joined) keep those of the plants / companies.',
    params: {
      plant: byPlant,
      company: {
        multi: true,
        apply: (qb, companies, db) =>
          void qb.whereIn(
            't.plant_code',
            db('plants').whereIn('company_code', companies).select('plant_code'),
          ),
      },
    },
  }),
  sapLookup(Factory, { summary: 'Factories (destination factories of SAP orders).' }),
  sapLookup(Material, {
    path: 'material_code_v2',
    summary:
      'Materials. The SAP order screens also send company, plant, purchase organisation, use_sto and use_to: ' +
      'materials are group-wide in this master (no plant or organisation assignment), so they narrow nothing.',
    ignored: ['company', 'plant', 'purchase_org', 'purchase_organization', 'use_sto', 'use_to'],
  }),
];
