// The SAP order editor (spec/3 §2.1, §4.2): one order for view, edit or create, and its save.
//
// Who may save what:
//   create (Id 0)   Type MANUAL or TRANSFER ORDER; a Document_No is drawn from the RunningNumber SAP_ORDER
//                   (MSO...), the order starts WAITING FOR APPROVAL and enters approval (approval.ts)
//   edit (Id > 0)   while WAITING FOR APPROVAL and Type MANUAL or TRANSFER ORDER: the whole order; the Type stays
//                   what it was
//   edit SYNC SAP   while APPROVED: only warehouse, shipment type, delivery address and (langsir orders)
//                   destination plant/factory (edit-scope.ts); everything else sent is ignored, the rest of the
//                   order and its lines stay SAP's, no sync and no approval are asked
//   all             the user needs the company and plant (authorization.ts), and for a manual or transfer order
//                   of a type SAP_SYNC_SETTING names, a successful sync of its lines after the last change (sync.ts)
//
// Field rules (spec/3 §2.1, §4.2), applied to what the client sends, never trusted from it:
//   - transfer orders (TRANSFER ORDER, order type code TO) take customer/vendor and incoterm from
//     TRANSFER_ORDER_DEFAULT, whatever was sent; their document type defaults from it; only they carry
//     STO_SPO_Per_Shipment, Langsir_Type, destination plant/factory and line tolerances; non-transfer orders
//     carry the LN numbers instead
//   - relation orders (util/order_is_relation) always use the relation shipment type, and only they may
//   - Langsir_Type only for the transfer-out order type; a langsir value with Info1 Y sets the shipment type to
//     its Info2 and enables the destination plant/factory, which are cleared otherwise
//   - Delivery_Using_Truck Y fixes the shipment type to INDIVIDUAL_TRUCK (the field is disabled on screen);
//     relation and langsir come first
//   - sales organisation for customer types, purchase organisation for vendor types, estate for goods-receipt
//     types, distribution (then required) for types that use it; the others are cleared
//   - every code names an active master-data row or lookup value; the plant belongs to the company
import { z } from 'zod';
import type { Knex } from 'knex';
import { issueMessage } from '../../db/resources/engine';
import { date, integer, number, text, within, type NumberRange } from '../../db/resources/input';
import type { AppDeps } from '../deps';
import { ForbiddenError, NotFoundError, RuleError, ValidationError, type FieldErrors } from '../errors';
import type { Language } from '../i18n';
import type { AuthUser } from '../services/session';
import { startSapOrderApproval } from './approval';
import { isAuthorized } from './authorization';
import { editScope, SYNC_SAP } from './edit-scope';
import {
  columnRange,
  HEADER_FIELDS,
  LINE_FIELDS,
  shipmentTypeName,
  readLines,
  selectWire,
  type Row,
} from './fields';
import {
  CREATE_TYPES,
  fitsCreateType,
  isRelationOrder,
  lookupValue,
  orderTypeByName,
  relationShipmentType,
  syncRequiredFor,
  TRANSFER_ORDER_CODE,
  transferOrderDefaults,
  type LookupValue,
  type OrderTypeRow,
} from './order-types';
import { nextRunningNumber } from './running-number';
import { approvalStarterOf } from './services';
import { assertSynced } from './sync';

export const SAP_ORDER_RUNNING_NUMBER = 'SAP_ORDER';
const DELIVERY_USING_TRUCK_SHIPMENT_TYPE = 'INDIVIDUAL_TRUCK';

// ---------------------------------------------------------------------------------------------- read

/** The order for the editor: data.header (with Details) and data.detail (the same lines). */
export async function readSapOrder(
  db: Knex,
  id: number,
  lang: Language,
): Promise<{ header: Row; detail: Row[] } | undefined> {
  const q = db('sap_orders as s')
    .leftJoin('order_types as ot', 'ot.name', 's.order_type')
    .leftJoin('customers as cu', 'cu.customer_code', 's.customer_vendor_code')
    .leftJoin('vendors as ve', 've.vendor_code', 's.customer_vendor_code')
    .where('s.id', id)
    .first(
      ...selectWire(db, HEADER_FIELDS, 's'),
      db.raw('s.order_type as ??', ['order_type_name']),
      db.raw('ot.id as ??', ['order_type_id']),
      db.raw(`${shipmentTypeName(lang)} as ??`, ['shipment_type_name']),
      db.raw('coalesce(cu.customer_name, ve.vendor_name) as ??', ['customer_vendor_name']),
    );
  const header = (await q) as Row | undefined;
  if (!header) return undefined;
  const lines = (await readLines(db, [id])).get(id) ?? [];
  header.is_relation_setting = header.is_relation;
  header.Details = lines;
  return { header, detail: lines };
}

/** What a new order starts with (GET saporder/0/create). */
export function createDefaults(now: Date): { header: Row; detail: Row[] } {
  const header: Row = {};
  for (const f of HEADER_FIELDS) header[f.name] = null;
  Object.assign(header, {
    Id: 0,
    Type: 'MANUAL',
    Document_Date: jakartaDate(now),
    Delivery_Using_Truck: 'N',
    STO_SPO_Per_Shipment: false,
    Status: 'WAITING FOR APPROVAL',
    is_relation: false,
    is_relation_setting: false,
    has_order: false,
    changed_in_sap: false,
    order_type_name: null,
    order_type_id: null,
    shipment_type_name: null,
    customer_vendor_name: null,
    Details: [],
  });
  return { header, detail: [] };
}

function jakartaDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);
}

// ---------------------------------------------------------------------------------------------- input

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const optText = (max: number) =>
  z.preprocess((v) => (empty(v) ? null : typeof v === 'number' ? String(v) : v), text(max).nullable());
const reqText = (max: number) =>
  z.preprocess((v) => (empty(v) ? undefined : typeof v === 'number' ? String(v) : v), text(max));
const optDate = z.preprocess((v) => (empty(v) ? null : v), date().nullable());
const reqDate = z.preprocess((v) => (empty(v) ? undefined : v), date());
const optNumber = (range: NumberRange) =>
  z.preprocess((v) => (empty(v) ? null : v), number(range).nullable());
const flag = z
  .union([z.boolean(), z.enum(['Y', 'N', 'true', 'false'])])
  .nullish()
  .transform((v) => v === true || v === 'Y' || v === 'true');
/** A line's quantity: at least the smallest its column holds, at most a trillion. */
const quantity = within({ min: 0.001, max: 1e12 }, columnRange(LINE_FIELDS, 'Qty'));

export const sapOrderLineSchema = z.object({
  Id: integer({ min: 0 }).nullish(),
  Item_No: optText(10),
  Material_Code: reqText(40),
  Qty: z.preprocess((v) => (empty(v) ? undefined : v), number(quantity)),
  UOM: reqText(10),
  Tolerance: optNumber(within({ min: 0, max: 100 }, columnRange(LINE_FIELDS, 'Tolerance'))),
  PO_SO_No: optText(50),
  SO_DO_No: optText(50),
  SO_DO_Item_No: optText(10),
  LN_SO_Item_No: optText(10),
  LN_STO_Item_No: optText(10),
  Sales_District: optText(50),
});

/** The editor's save body (spec/3 §3 header and lines); fields the server owns are ignored if sent. */
export const sapOrderSaveSchema = z.object({
  Id: integer({ min: 0 })
    .nullish()
    .transform((v) => v ?? 0),
  Type: z.enum(CREATE_TYPES),
  Order_Type: reqText(50),
  Document_Date: reqDate,
  Valid_From: optDate,
  Valid_To: optDate,
  Company_Code: reqText(10),
  Product_Category: optText(20),
  Plant: reqText(10),
  LN_SO_No: optText(50),
  LN_STO_No: optText(50),
  LN_DO_Third_Party: optText(50),
  Sales_Organization: optText(10),
  Purchase_Organization: optText(10),
  Document_Type: optText(50),
  Customer_Vendor_Code: optText(20),
  Distribution: optText(50),
  Incoterm: optText(10),
  Incoterm2: optText(200),
  Estate: optText(100),
  Collective_LN: optText(50),
  Delivery_Using_Truck: flag,
  STO_SPO_Per_Shipment: flag,
  Langsir_Type: optText(30),
  Plant_Destination: optText(10),
  Factory_Destination: optText(20),
  Warehouse_Code: reqText(20),
  Shipment_Type: optText(30),
  Delivery_Address: optText(500),
  Details: z.array(sapOrderLineSchema).min(1).max(500),
});
export type SapOrderInput = z.infer<typeof sapOrderSaveSchema>;

/**
 * The save body of an order that came from SAP: its Id and Type and the fields an edit may change
 * (edit-scope.ts); the rest of the header and the Details the console sends along are not read.
 */
export const syncSapOrderSaveSchema = z.object({
  Id: integer({ min: 1 }),
  Type: z.literal(SYNC_SAP),
  Warehouse_Code: reqText(20),
  Shipment_Type: optText(30),
  Delivery_Address: optText(500),
  Plant_Destination: optText(10),
  Factory_Destination: optText(20),
});
export type SyncSapOrderInput = z.infer<typeof syncSapOrderSaveSchema>;

/** Field message parameter: the SAP order label of the last path segment (locales resources SAPOrder.fields). */
const label = (field: string) => `SAPOrder.${field}`;

/**
 * Parses the body with errors keyed by path (Details.0.Qty) and labelled by field: a stored order from SAP by
 * what may change on it, any other (and a new one, which can never be SYNC SAP) as a whole order.
 */
export function parseSapOrder(body: unknown): SapOrderInput | SyncSapOrderInput {
  const sent = (body ?? {}) as { Id?: unknown; Type?: unknown };
  const fromSap = sent.Type === SYNC_SAP && Number(sent.Id) > 0;
  const result = (fromSap ? syncSapOrderSaveSchema : sapOrderSaveSchema).safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const key = path.join('.') || '_';
    const last = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? key;
    const message = issueMessage(issue);
    (errors[key] ??= []).push({ key: message.key, params: { ...message.params, field: label(last) } });
  }
  throw new ValidationError(errors);
}

// ---------------------------------------------------------------------------------------------- save

class Problems {
  readonly errors: FieldErrors = {};
  add(key: string, messageKey: string, params: Record<string, string | number> = {}): void {
    const field = [...key.split('.')].reverse().find((p) => !/^\d+$/.test(p)) ?? key;
    (this.errors[key] ??= []).push({ key: messageKey, params: { field: label(field), ...params } });
  }
  required(key: string): void {
    this.add(key, 'validation.required');
  }
  notFound(key: string, value: string): void {
    this.add(key, 'validation.refNotFound', { value });
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length) throw new ValidationError(this.errors);
  }
}

async function exists(trx: Knex, table: string, column: string, value: string): Promise<boolean> {
  return !!(await trx(table).where(column, value).where('is_active', true).first('id'));
}

interface StoredOrder {
  id: number;
  type: string;
  status: string;
  document_no: string;
  order_type: string;
  company_code: string | null;
  plant: string | null;
  incoterm: string | null;
  langsir_type: string | null;
  delivery_using_truck: string | null;
  created_date: Date;
  edited_date: Date | null;
}

// ---------------------------------------------------------------------------------------------- shipment type

interface ShipmentTypeInput {
  /** The order type's code (or name, as util/order_is_relation takes either). */
  orderType: string;
  incoterm: string | null;
  /** The order's LANGSIR_TYPE value, found when the order type may carry one (transfer-out). */
  langsir: LookupValue | undefined;
  deliveryUsingTruck: boolean;
  shipmentType: string | null;
}

/**
 * The shipment type an order gets: relation, then langsir (Info1 Y sets its Info2), then delivery using truck
 * decide it; otherwise the one chosen, which must be a SHIPMENT_TYPE value and may be the relation one only on a
 * relation order.
 */
async function decideShipmentType(
  trx: Knex,
  p: Problems,
  input: ShipmentTypeInput,
): Promise<{ shipmentType: string | null; relation: boolean; langsir: boolean }> {
  const relationValue = await relationShipmentType(trx);
  const relation = await isRelationOrder(trx, input.incoterm, input.orderType);
  const langsir = (input.langsir?.info1 ?? '').toUpperCase() === 'Y';
  let shipmentType = input.shipmentType;
  if (relation) shipmentType = relationValue;
  else if (langsir && input.langsir?.info2) shipmentType = input.langsir.info2;
  else if (input.deliveryUsingTruck) shipmentType = DELIVERY_USING_TRUCK_SHIPMENT_TYPE;
  if (!shipmentType) p.required('Shipment_Type');
  else if (!relation && shipmentType.toUpperCase() === relationValue.toUpperCase()) {
    p.add('Shipment_Type', 'sapOrder.relationOnlyShipmentType', { value: shipmentType });
  } else if (!(await lookupValue(trx, 'SHIPMENT_TYPE', shipmentType))) {
    p.add('Shipment_Type', 'validation.lookupNotFound', { value: shipmentType, group: 'SHIPMENT_TYPE' });
  }
  return { shipmentType, relation, langsir };
}

/** Whether the order type may carry a langsir type: the transfer-out one (spec/3 §4.2). */
function isTransferOut(orderType: OrderTypeRow): boolean {
  return (
    orderType.code.toUpperCase() === TRANSFER_ORDER_CODE && (orderType.info1 ?? '').toUpperCase() === 'OUT'
  );
}

async function checkDestinations(
  trx: Knex,
  p: Problems,
  v: { Plant_Destination: string | null; Factory_Destination: string | null },
): Promise<void> {
  if (v.Plant_Destination && !(await exists(trx, 'plants', 'plant_code', v.Plant_Destination))) {
    p.notFound('Plant_Destination', v.Plant_Destination);
  }
  if (v.Factory_Destination && !(await exists(trx, 'factories', 'factory_code', v.Factory_Destination))) {
    p.notFound('Factory_Destination', v.Factory_Destination);
  }
}

/**
 * An order from SAP keeps SAP's header and lines; its warehouse, shipment type and delivery address change, and
 * its destination plant/factory when it is a langsir order (otherwise they stay what SAP sent). The shipment type
 * follows the same rules as on any order, from the order's own incoterm, langsir type and delivery-using-truck.
 */
async function saveSyncSapOrder(
  trx: Knex,
  user: AuthUser,
  stored: StoredOrder,
  v: SyncSapOrderInput,
  now: Date,
): Promise<void> {
  const p = new Problems();
  const orderType = await orderTypeByName(trx, stored.order_type);
  if (!(await exists(trx, 'warehouses', 'warehouse_code', v.Warehouse_Code))) {
    p.notFound('Warehouse_Code', v.Warehouse_Code);
  }
  const changes: Record<string, unknown> = {
    warehouse_code: v.Warehouse_Code,
    delivery_address: v.Delivery_Address,
  };
  // The order type may since have been deactivated in master data: then it carries no langsir type.
  const langsirValue =
    orderType && stored.langsir_type && isTransferOut(orderType)
      ? await lookupValue(trx, 'LANGSIR_TYPE', stored.langsir_type)
      : undefined;
  const decided = await decideShipmentType(trx, p, {
    orderType: orderType?.code ?? stored.order_type,
    incoterm: stored.incoterm,
    langsir: langsirValue,
    deliveryUsingTruck: stored.delivery_using_truck === 'Y',
    shipmentType: v.Shipment_Type,
  });
  changes.shipment_type = decided.shipmentType;
  changes.is_relation = decided.relation;
  if (decided.langsir) {
    await checkDestinations(trx, p, v);
    changes.plant_destination = v.Plant_Destination;
    changes.factory_destination = v.Factory_Destination;
  }
  p.throwIfAny();
  await trx('sap_orders')
    .where('id', stored.id)
    .update({ ...changes, edited_by: user.username, edited_date: now });
}

/**
 * Creates (Id 0) or edits a manual / transfer SAP order, or edits what may change on an order from SAP; answers
 * its id and document number.
 */
export async function saveSapOrder(
  deps: AppDeps,
  user: AuthUser,
  input: SapOrderInput | SyncSapOrderInput,
): Promise<{ id: number; documentNo: string; created: boolean }> {
  const creating = input.Id === 0;
  const allowed = await deps.permissions.can(user, 'SAPOrder', creating ? 'Create' : 'Edit');
  if (!allowed) throw new ForbiddenError();
  const auth = await deps.permissions.plants(user);
  const now = deps.now();

  return deps.db.transaction(async (trx) => {
    let stored: StoredOrder | undefined;
    if (!creating) {
      stored = (await trx('sap_orders')
        .where('id', input.Id)
        .forUpdate()
        .first(
          'id',
          'type',
          'status',
          'document_no',
          'order_type',
          'company_code',
          'plant',
          'incoterm',
          'langsir_type',
          'delivery_using_truck',
          'created_date',
          'edited_date',
        )) as StoredOrder | undefined;
      if (!stored) throw new NotFoundError();
      const scope = editScope({ Status: stored.status, Type: stored.type });
      if (!scope) throw new RuleError('NOT_EDITABLE', 'sapOrder.notEditable');
      if (!isAuthorized(auth, stored.company_code, stored.plant)) {
        throw new ForbiddenError('sapOrder.notAuthorized', {
          company: stored.company_code ?? '',
          plant: stored.plant ?? '',
        });
      }
      // The Type never changes: an order from SAP is saved by what may change on it, any other as a whole.
      if (stored.type !== input.Type) {
        const p = new Problems();
        p.add('Type', 'sapOrder.locked');
        p.throwIfAny();
      }
    }
    if (input.Type === SYNC_SAP) {
      // parseSapOrder reads a SYNC SAP body only with an Id: a stored order from SAP, its Type checked above.
      if (!stored) throw new NotFoundError();
      await saveSyncSapOrder(trx, user, stored, input, now);
      return { id: stored.id, documentNo: stored.document_no, created: false };
    }

    const p = new Problems();
    const v = { ...input };

    // Order type, company, plant.
    const orderType = await orderTypeByName(trx, v.Order_Type);
    if (!orderType) p.notFound('Order_Type', v.Order_Type);
    else if (!fitsCreateType(orderType, v.Type)) {
      p.add('Order_Type', 'sapOrder.orderTypeNotForType', { value: v.Order_Type, type: v.Type });
    }
    if (!(await exists(trx, 'companies', 'company_code', v.Company_Code)))
      p.notFound('Company_Code', v.Company_Code);
    const plant = (await trx('plants')
      .where({ plant_code: v.Plant, is_active: true })
      .first('company_code')) as { company_code: string } | undefined;
    if (!plant) p.notFound('Plant', v.Plant);
    else if (plant.company_code !== v.Company_Code) {
      p.add('Plant', 'sapOrder.plantNotOfCompany', { value: v.Plant, company: v.Company_Code });
    }
    p.throwIfAny();
    const ot = orderType!;
    if (!isAuthorized(auth, v.Company_Code, v.Plant)) {
      throw new ForbiddenError('sapOrder.notAuthorized', { company: v.Company_Code, plant: v.Plant });
    }

    const transfer = ot.code.toUpperCase() === TRANSFER_ORDER_CODE;
    if (transfer) {
      const defaults = await transferOrderDefaults(trx);
      v.Customer_Vendor_Code = defaults.vendor;
      v.Incoterm = defaults.incoterm;
      v.Document_Type ??= defaults.document_type;
      v.LN_SO_No = v.LN_STO_No = v.LN_DO_Third_Party = null;
    } else {
      v.STO_SPO_Per_Shipment = false;
      v.Langsir_Type = null;
      for (const line of v.Details) line.Tolerance = null;
    }

    // Parties and organisations by what the order type uses.
    if (v.Customer_Vendor_Code) {
      const customer = ot.use_customer || !ot.use_vendor;
      const vendor = ot.use_vendor || !ot.use_customer;
      const found =
        (customer && (await exists(trx, 'customers', 'customer_code', v.Customer_Vendor_Code))) ||
        (vendor && (await exists(trx, 'vendors', 'vendor_code', v.Customer_Vendor_Code)));
      if (!found) p.notFound('Customer_Vendor_Code', v.Customer_Vendor_Code);
    } else if (!transfer && (ot.use_customer || ot.use_vendor)) {
      p.required('Customer_Vendor_Code');
    }
    if (!ot.use_customer) v.Sales_Organization = null;
    if (!ot.use_vendor) v.Purchase_Organization = null;
    if (v.Sales_Organization) {
      const org = (await trx('sales_organizations')
        .where({ sales_organization_code: v.Sales_Organization, is_active: true })
        .first('company_code')) as { company_code: string } | undefined;
      if (!org) p.notFound('Sales_Organization', v.Sales_Organization);
      else if (org.company_code !== v.Company_Code) {
        p.add('Sales_Organization', 'sapOrder.notOfCompany', {
          value: v.Sales_Organization,
          company: v.Company_Code,
        });
      }
    }
    if (v.Purchase_Organization) {
      const org = (await trx('purchase_organizations')
        .where({ purchase_organization_code: v.Purchase_Organization, is_active: true })
        .first('company_code')) as { company_code: string | null } | undefined;
      if (!org) p.notFound('Purchase_Organization', v.Purchase_Organization);
      else if (org.company_code !== null && org.company_code !== v.Company_Code) {
        p.add('Purchase_Organization', 'sapOrder.notOfCompany', {
          value: v.Purchase_Organization,
          company: v.Company_Code,
        });
      }
    }
    if (!ot.use_gr) v.Estate = null;
    if (!ot.use_distribution) v.Distribution = null;
    else if (!v.Distribution) p.required('Distribution');
    else if (!(await lookupValue(trx, 'DISTRIBUTION', v.Distribution))) {
      p.add('Distribution', 'validation.lookupNotFound', { value: v.Distribution, group: 'DISTRIBUTION' });
    }
    if (!v.Document_Type) p.required('Document_Type');
    else if (!(await lookupValue(trx, 'DOCUMENT_TYPE', v.Document_Type))) {
      p.add('Document_Type', 'validation.lookupNotFound', { value: v.Document_Type, group: 'DOCUMENT_TYPE' });
    }
    if (v.Incoterm && !(await exists(trx, 'incoterms', 'incoterm_code', v.Incoterm)))
      p.notFound('Incoterm', v.Incoterm);
    if (
      v.Product_Category &&
      !(await exists(trx, 'product_categories', 'category_code', v.Product_Category))
    ) {
      p.notFound('Product_Category', v.Product_Category);
    }
    if (!(await exists(trx, 'warehouses', 'warehouse_code', v.Warehouse_Code))) {
      p.notFound('Warehouse_Code', v.Warehouse_Code);
    }
    if (v.Valid_From && v.Valid_To && v.Valid_From > v.Valid_To) {
      p.add('Valid_To', 'validation.dateOrder', { from: label('Valid_From') });
    }

    // Langsir only for the transfer-out order type; its value may set the shipment type.
    let langsirValue: LookupValue | undefined;
    if (v.Langsir_Type && !isTransferOut(ot)) p.add('Langsir_Type', 'sapOrder.langsirOnlyTransferOut');
    else if (v.Langsir_Type) {
      langsirValue = await lookupValue(trx, 'LANGSIR_TYPE', v.Langsir_Type);
      if (!langsirValue) {
        p.add('Langsir_Type', 'validation.lookupNotFound', { value: v.Langsir_Type, group: 'LANGSIR_TYPE' });
      }
    }
    const { shipmentType, relation, langsir } = await decideShipmentType(trx, p, {
      orderType: ot.code,
      incoterm: v.Incoterm,
      langsir: langsirValue,
      deliveryUsingTruck: v.Delivery_Using_Truck,
      shipmentType: v.Shipment_Type,
    });
    v.Shipment_Type = shipmentType;
    if (!langsir) v.Plant_Destination = v.Factory_Destination = null;
    await checkDestinations(trx, p, v);

    // Lines: materials exist; item numbers are the stored ones, new lines numbered after the highest.
    const materials = new Set(
      (
        (await trx('materials')
          .whereIn('material_code', [...new Set(v.Details.map((l) => l.Material_Code))])
          .where('is_active', true)
          .select('material_code')) as { material_code: string }[]
      ).map((m) => m.material_code),
    );
    v.Details.forEach((line, i) => {
      if (!materials.has(line.Material_Code)) p.notFound(`Details.${i}.Material_Code`, line.Material_Code);
    });
    const storedLines = stored
      ? ((await trx('sap_order_details').where('sap_order_id', stored.id).select('id', 'item_no')) as {
          id: number;
          item_no: string;
        }[])
      : [];
    const itemOf = new Map(storedLines.map((l) => [Number(l.id), l.item_no]));
    let highest = Math.max(0, ...storedLines.map((l) => Number(l.item_no) || 0));
    const keptIds = new Set<number>();
    const lines = v.Details.map((line) => {
      const kept = line.Id ? itemOf.get(Number(line.Id)) : undefined;
      if (kept !== undefined) keptIds.add(Number(line.Id));
      const itemNo = kept ?? String((highest += 10)).padStart(6, '0');
      return { ...line, Item_No: itemNo, keptId: kept !== undefined ? Number(line.Id) : null };
    });
    p.throwIfAny();

    if (await syncRequiredFor(trx, ot.code)) {
      await assertSynced(trx, {
        sapOrderId: stored?.id ?? null,
        username: user.username,
        orderType: ot.name,
        lines: v.Details,
        lastChange: stored ? (stored.edited_date ?? stored.created_date) : null,
        now,
      });
    }

    // Address: the customer's or vendor's.
    const party = v.Customer_Vendor_Code
      ? ((await trx
          .select('address')
          .from('customers')
          .where('customer_code', v.Customer_Vendor_Code)
          .unionAll(
            (q) => void q.select('address').from('vendors').where('vendor_code', v.Customer_Vendor_Code),
          )
          .first()) as { address: string | null } | undefined)
      : undefined;

    const header: Record<string, unknown> = {
      order_type: ot.name,
      order_type_code: ot.code,
      document_date: v.Document_Date,
      valid_from: v.Valid_From,
      valid_to: v.Valid_To,
      company_code: v.Company_Code,
      product_category: v.Product_Category,
      plant: v.Plant,
      ln_so_no: v.LN_SO_No,
      ln_sto_no: v.LN_STO_No,
      ln_do_third_party: v.LN_DO_Third_Party,
      sales_organization: v.Sales_Organization,
      purchase_organization: v.Purchase_Organization,
      document_type: v.Document_Type,
      customer_vendor_code: v.Customer_Vendor_Code,
      address: party?.address ?? null,
      distribution: v.Distribution,
      incoterm: v.Incoterm,
      incoterm2: v.Incoterm2,
      estate: v.Estate,
      collective_ln: v.Collective_LN,
      delivery_using_truck: v.Delivery_Using_Truck ? 'Y' : 'N',
      sto_spo_per_shipment: v.STO_SPO_Per_Shipment,
      langsir_type: v.Langsir_Type,
      plant_destination: v.Plant_Destination,
      factory_destination: v.Factory_Destination,
      warehouse_code: v.Warehouse_Code,
      shipment_type: v.Shipment_Type,
      delivery_address: v.Delivery_Address,
      transfer_type: ot.info1 === 'IN' || ot.info1 === 'OUT' ? ot.info1 : null,
      is_relation: relation,
    };
    const lineRow = (line: (typeof lines)[number]) => ({
      item_no: line.Item_No,
      material_code: line.Material_Code,
      qty: line.Qty,
      // Nothing is assigned while the order waits for approval: all of it is outstanding.
      os_qty: line.Qty,
      uom: line.UOM,
      tolerance: line.Tolerance,
      po_so_no: line.PO_SO_No,
      so_do_no: line.SO_DO_No,
      so_do_item_no: line.SO_DO_Item_No,
      ln_so_item_no: line.LN_SO_Item_No,
      ln_sto_item_no: line.LN_STO_Item_No,
      sales_district: line.Sales_District,
    });

    if (!stored) {
      const documentNo = await nextRunningNumber(trx, SAP_ORDER_RUNNING_NUMBER, now);
      const [row] = (await trx('sap_orders')
        .insert({
          ...header,
          document_no: documentNo,
          type: v.Type,
          status: 'WAITING FOR APPROVAL',
          source: 'console',
          created_by: user.username,
          created_date: now,
        })
        .returning('id')) as { id: number }[];
      const id = row!.id;
      await trx('sap_order_details').insert(lines.map((l) => ({ ...lineRow(l), sap_order_id: id })));
      await startSapOrderApproval(
        { db: trx, now: deps.now, startWorkflow: approvalStarterOf(deps) },
        {
          Id: id,
          Document_No: documentNo,
          Company_Code: v.Company_Code,
          Order_Type: ot.name,
          Created_By: user.username,
        },
      );
      return { id, documentNo, created: true };
    }

    await trx('sap_orders')
      .where('id', stored.id)
      .update({ ...header, edited_by: user.username, edited_date: now });
    const removed = storedLines.filter((l) => !keptIds.has(Number(l.id))).map((l) => l.id);
    if (removed.length) await trx('sap_order_details').whereIn('id', removed).delete();
    for (const line of lines.filter((l) => l.keptId !== null)) {
      await trx('sap_order_details').where('id', line.keptId!).update(lineRow(line));
    }
    const added = lines.filter((l) => l.keptId === null);
    if (added.length) {
      await trx('sap_order_details').insert(added.map((l) => ({ ...lineRow(l), sap_order_id: stored.id })));
    }
    return { id: stored.id, documentNo: stored.document_no, created: false };
  });
}
