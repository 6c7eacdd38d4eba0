// The assign panel's merge simulation (spec/2 §2.5, §4 "Assign panel", §7 saporder/merge_simulate): one SAP
// document at a time, the first when the panel opens and one per SAP-number chip after it. It answers the
// document's SAP orders and outstanding lines as the panel edits them, the panel's flags, the assign model's
// defaults, and error_message when the document cannot join the assignment:
//   - not approved or nothing outstanding; not of the user's companies and plants;
//   - a later document (is_first false) that differs from the first in order type, shipment type, warehouse,
//     document type, company or incoterm (the body carries the first's), that already has an order, or that is
//     moved inside the factory (langsir DALAM_PABRIK), which is assigned on its own.
// A document that does not exist is a 404.
//
// Flags this product decides where the spec only names them: use_ln and disable_ln_type follow the order type's
// Use_LN, and LN orders need an incoterm rule per line (require_ln_inco_rule); routes and tenders are not used by
// this assignment (disable_route_tender_no, hide_tender_no); STO/SPO per shipment shows for stock transfers; a
// second weighing (allow_multiple_weighing) is offered to goods-receipt types, which weigh at the gate.
// phase is 2: the panel's second-phase behaviour (LN type and incoterm rule per line) is the only one there is.
import type { Knex } from 'knex';
import {
  assignModelSchema,
  commonValidRange,
  type AssignDetail,
  type MergeSimulateBody,
} from '../../db/resources/order-assign';
import { SapOrder } from '../../db/resources/sap-order';
import type { AppDeps } from '../deps';
import { NotFoundError } from '../errors';
import { translate, type Language } from '../i18n';
import type { AuthUser } from '../services/session';
import { isAuthorized, readLines, selectWire, shipmentTypeName, type Row } from '../sap-orders';
import { orderTypeByName } from '../services/order-types';
import {
  assignSapOrderSelect,
  shipmentTypeCategory,
  stoSpoPerShipmentShown,
  type AssignSapOrder,
} from './assign-context';
import { defaultConversionType } from './freight';

/** The LANGSIR_TYPE of goods moved inside the factory (spec/2 §2.5 dalam_pabrik). */
export const DALAM_PABRIK = 'DALAM_PABRIK';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** The location id of a Location code, of a plant's location, or of a warehouse's. */
async function locationId(db: Knex, code: string | null | undefined): Promise<number | null> {
  if (!code) return null;
  const row = (await db('locations')
    .where('is_active', true)
    .whereRaw('lower(location_code) = lower(?)', [code])
    .first('id')) as { id: number } | undefined;
  return row?.id ?? null;
}

async function siteLocation(
  db: Knex,
  warehouse: string | null,
  plant: string | null,
): Promise<string | null> {
  if (warehouse) {
    const w = (await db('warehouses')
      .whereRaw('lower(warehouse_code) = lower(?)', [warehouse])
      .first('location_code')) as { location_code: string | null } | undefined;
    if (w?.location_code) return w.location_code;
  }
  if (!plant) return null;
  const l = (await db('locations')
    .where('is_active', true)
    .whereRaw('lower(plant_code) = lower(?)', [plant])
    .orderBy('location_code')
    .first('location_code')) as { location_code: string } | undefined;
  return l?.location_code ?? null;
}

async function partyLocation(db: Knex, code: string | null): Promise<string | null> {
  if (!code) return null;
  const result = await db.raw<{ rows: { location_code: string | null }[] }>(
    `select location_code from customers where lower(customer_code) = lower(?)
     union all select location_code from vendors where lower(vendor_code) = lower(?) limit 1`,
    [code, code],
  );
  return result.rows[0]?.location_code ?? null;
}

/**
 * The SAP orders' headers as the panels' tabs show them (spec/2 §2.5, §2.2): every wire field, the order type and
 * shipment type names, the customer or vendor, the shipment category and Details (their lines).
 */
export async function sapOrderHeaders(
  db: Knex,
  lang: Language,
  ids: readonly number[],
  category: string,
  lines?: Map<number, Row[]>,
): Promise<Row[]> {
  const headers = (await db('sap_orders as s')
    .leftJoin('customers as cu', 'cu.customer_code', 's.customer_vendor_code')
    .leftJoin('vendors as ve', 've.vendor_code', 's.customer_vendor_code')
    .whereIn('s.id', ids)
    .orderBy('s.id')
    .select(
      ...selectWire(db, SapOrder.fields, 's'),
      db.raw('s.order_type as ??', ['order_type_name']),
      db.raw(`${shipmentTypeName(lang)} as ??`, ['shipment_type_name']),
      db.raw('coalesce(cu.customer_name, ve.vendor_name) as ??', ['customer_vendor_name']),
    )) as Row[];
  const details = lines ?? (await readLines(db, [...ids]));
  return headers.map((h) => ({
    ...h,
    shipment_type_category: category,
    Details: details.get(h.Id as number) ?? [],
  }));
}

export async function mergeSimulate(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  body: MergeSimulateBody,
): Promise<Record<string, unknown>> {
  const { db } = deps;
  // Each number as the chip holds it; one sent as a JSON number has lost SAP's leading zeros (0010000001 is
  // 10000001), so a number of digits also finds the document whose number is the same but for them.
  const found = new Map<number, AssignSapOrder>();
  for (const sapNo of body.sap_no) {
    const digits = /^\d+$/.test(sapNo) ? sapNo.replace(/^0+(?=\d)/, '') : null;
    const rows = (await db('sap_orders as s')
      .where((q) => {
        void q
          .whereRaw('lower(s.document_no) = lower(?)', [sapNo])
          .orWhereRaw('lower(s.delivery_order_no) = lower(?)', [sapNo]);
        if (digits !== null) {
          void q
            .orWhereRaw(`s.document_no ~ '^[0-9]+$' and ltrim(s.document_no, '0') = ltrim(?, '0')`, [digits])
            .orWhereRaw(
              `s.delivery_order_no ~ '^[0-9]+$' and ltrim(s.delivery_order_no, '0') = ltrim(?, '0')`,
              [digits],
            );
        }
      })
      .orderBy('s.id')
      .select(assignSapOrderSelect(db))) as AssignSapOrder[];
    if (!rows.length) throw new NotFoundError('assign.sapNoNotFound', { sap_no: sapNo });
    for (const row of rows) found.set(row.id, row);
  }
  const sapOrders = [...found.values()].sort((a, b) => a.id - b.id);
  const first = sapOrders[0]!;
  const ids = sapOrders.map((s) => s.id);

  const lines = await readLines(db, ids);
  const orderType = await orderTypeByName(db, first.order_type);
  const category = await shipmentTypeCategory(db, first.shipment_type, first.is_relation);
  const warehouse = body.warehouse_code ?? first.warehouse_code;
  const conversionType = await defaultConversionType(db, warehouse, first.company_code);
  const useLn = orderType?.use_ln ?? false;

  const sapOrderRows = await sapOrderHeaders(db, lang, ids, category, lines);
  const details: AssignDetail[] = [];
  for (const s of sapOrders) {
    for (const line of lines.get(s.id) ?? []) {
      const os = Number(line.os_qty);
      if (!(os > 0)) continue;
      details.push({
        Id: line.Id as number,
        Item_No: line.Item_No as string,
        Document_No: s.document_no,
        Material_Code: line.Material_Code as string,
        material_name: (line.material_name as string | null) ?? null,
        Qty: os,
        os_qty: os,
        real_qty: Number(line.real_qty ?? 0),
        UOM: line.UOM as string,
        include_merge: true,
        charge_oa_company: s.company_code,
        conversion_type: conversionType,
        ln_type: null,
        incoterm_rule: null,
        require_ln_inco_rule: useLn,
        disable_ln_type: !useLn,
        SO_Factory_No: null,
        SO_Factory_Item_No: null,
        SO_Factory_Result: null,
        SO_Factory_Result_Reason: null,
        PO_SO_Factory: null,
        is_additional: !body.is_first,
        Freight_Master: null,
      });
    }
  }

  const vendorSide = !!orderType?.use_vendor;
  const site = await siteLocation(db, warehouse, first.plant);
  const loadingCode =
    first.loading ?? (vendorSide ? await partyLocation(db, first.customer_vendor_code) : site);
  const destinationCode =
    first.destination ??
    (vendorSide
      ? site
      : ((await partyLocation(db, first.customer_vendor_code)) ??
        (await siteLocation(db, null, first.plant_destination))));
  const loadingId = await locationId(db, loadingCode);
  const destinationId = await locationId(db, destinationCode);

  // The range the stuffing date keeps to, by the rule the save checks (stuffingDateProblems).
  const validRange = commonValidRange(sapOrders);
  const dalamPabrik = sapOrders.some((s) => same(s.langsir_type, DALAM_PABRIK));

  const assignModel = assignModelSchema.parse({
    id: ids,
    charge_oa_company: first.company_code,
    warehouse_code: warehouse,
    document_type: first.document_type,
    loading_destination_from_id: loadingId,
    loading_destination_to_id: destinationId,
    shipment_type: first.shipment_type,
    freight_date: null,
    stuffing_date: [null, null],
    trip_type: null,
    transporters: category === 'COLLECTIVE' ? [] : [category === 'RELATION' ? { user_not: 1 } : {}],
    details,
    show_conversion_type: 'N',
  });

  return {
    sap_orders: sapOrderRows,
    sap_order_details: details,
    stuffing_date_from_range: validRange.from,
    stuffing_date_to_range: validRange.to,
    has_order: sapOrders.some((s) => s.has_order),
    exclude_transporters: (await db('transporters')
      .where({ excluded: true, is_active: true })
      .orderBy('transporter_code')
      .pluck('transporter_code')) as string[],
    use_ln: useLn,
    dalam_pabrik: dalamPabrik,
    order_type_data: orderType
      ? { Code: orderType.code, Info1: orderType.info1, Use_SO: orderType.use_so, Use_DO: orderType.use_do }
      : null,
    disable_ln_type: !useLn,
    phase: 2,
    require_ln_inco_rule: useLn,
    error_message: await joinError(deps, user, lang, body, sapOrders, category),
    disable_route_tender_no: true,
    hide_tender_no: true,
    show_sto_spo_per_shipment: stoSpoPerShipmentShown(orderType, sapOrders),
    allow_multiple_weighing: !!orderType?.use_gr,
    assign_model: assignModel,
    ln_type: null,
    ln_inco_rule: null,
    default_loading_destination_from_id: loadingId,
    default_loading_destination_to_id: destinationId,
  };
}

/** Why the document cannot join the assignment, in the user's language; null when it can (see the header). */
async function joinError(
  deps: AppDeps,
  user: AuthUser,
  lang: Language,
  body: MergeSimulateBody,
  sapOrders: readonly AssignSapOrder[],
  category: string,
): Promise<string | null> {
  const plants = await deps.permissions.plants(user);
  for (const s of sapOrders) {
    if (!isAuthorized(plants, s.company_code, s.plant)) {
      return translate(lang, 'sapOrder.notAuthorized', {
        company: s.company_code ?? '',
        plant: s.plant ?? '',
      });
    }
    if (s.status !== 'APPROVED' || !(Number(s.os_qty_total) > 0)) {
      return translate(lang, 'assign.notOutstanding', { document: s.document_no });
    }
  }
  // One number opening the panel fixes what the others must share. A list opening it: each of its documents
  // against the first of the list; a later number: each against the body's (the panel's first document).
  if (body.is_first && body.sap_no.length === 1) return null;
  const first = sapOrders[0]!;
  const of = (theirs: string | null | undefined, mine: string | null) =>
    body.is_first ? mine : (theirs ?? mine);
  for (const s of sapOrders) {
    const compared: [field: string, mine: string | null, theirs: string | null | undefined][] = [
      ['order_type', s.order_type, of(body.order_type, first.order_type)],
      ['shipment_type', s.shipment_type, of(body.shipment_type, first.shipment_type)],
      ['warehouse_code', s.warehouse_code, of(body.warehouse_code, first.warehouse_code)],
      ['document_type', s.document_type, of(body.document_type, first.document_type)],
      ['company_code', s.company_code, of(body.company_code, first.company_code)],
      ['incoterm', s.incoterm, of(body.incoterm, first.incoterm)],
    ];
    for (const [field, mine, theirs] of compared) {
      if (theirs != null && !same(mine, theirs)) {
        return translate(lang, 'assign.differentFromFirst', {
          document: s.document_no,
          field: translate(lang, `assign.fields.${field}`),
          value: mine ?? '-',
          first: theirs,
        });
      }
    }
  }
  if (body.is_first) {
    // Several documents opening the panel together: none of them may be one that is assigned on its own.
    if (sapOrders.some((s) => same(s.langsir_type, DALAM_PABRIK))) {
      return translate(lang, 'assign.insideFactory', { document: first.document_no });
    }
    if (category === 'RELATION')
      return translate(lang, 'assign.relationAlone', { document: first.document_no });
    return null;
  }
  if (sapOrders.some((s) => s.has_order))
    return translate(lang, 'assign.orderExists', { document: first.document_no });
  if (sapOrders.some((s) => same(s.langsir_type, DALAM_PABRIK))) {
    return translate(lang, 'assign.insideFactory', { document: first.document_no });
  }
  if (category === 'RELATION')
    return translate(lang, 'assign.relationAlone', { document: first.document_no });
  return null;
}
