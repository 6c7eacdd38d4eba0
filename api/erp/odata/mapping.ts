// SAP S/4HANA OData v2 entities → ErpDocument. Which SAP field feeds which TMS field ("first item": the first
// real item, see below):
//
// TMS field            A_SalesOrder (+to_Item)        A_PurchaseOrder (+to_PurchaseOrderItem)  A_OutbDeliveryHeader (+to_DeliveryDocumentItem)
// Document_No          SalesOrder                     PurchaseOrder                            DeliveryDocument
// Order_Type           the type asked for; read alone, decided from SAP's document type and direction (orderTypeOf)
// Document_Date        SalesOrderDate | CreationDate  PurchaseOrderDate | CreationDate         DocumentDate | CreationDate
// Changed_At           LastChangeDateTime | CreationDate(+Time)  LastChangeDateTime | CreationDate   the later of CreationDate+CreationTime and LastChangeDate
// Company_Code         SalesOrganization's company    CompanyCode                              SalesOrganization's company
//                      (master), else first item plant's company                               (else first item plant's company)
// Plant                first item ProductionPlant     first item Plant (STO OUT/TO OUT: SupplyingPlant)  first item Plant
// Plant_Destination    -                              transfers: first item Plant              -
// Product_Category     first item Material's category (material master)
// Delivery_Order_No    -                              -                                        DeliveryDocument
// Valid_From/Valid_To  -                              ValidityStartDate / ValidityEndDate      -
// Sales_Organization   SalesOrganization              -                                        SalesOrganization
// Purchase_Organization -                             PurchasingOrganization                   -
// Document_Type        SalesOrderType                 PurchaseOrderType                        DeliveryDocumentType
// Customer_Vendor_Code SoldToParty                    Supplier                                 SoldToParty
// Distribution         DistributionChannel mapped (10 LOCAL, 20 EXPORT by default)             -
// Incoterm / Incoterm2 IncotermsClassification / IncotermsLocation1, else IncotermsTransferLocation (all three)
// PO_No                PurchaseOrderByCustomer        -                                        -
// Reference_Doc_No     -                              -                                        first item ReferenceSDDocument
// Transfer_Type        the type's direction (IN/OUT) for STO/TO/IPB types
// Warehouse_Code       first item plant + StorageLocation → warehouse (master Sap_Storage_Location)
// Loading / Location   plant's location               vendor's location (transfers: supplying plant's)  plant's location
// Destination          SoldToParty's location         first item plant's location              ShipToParty's (or SoldToParty's) location
// Discharge_Port       IPB OUT: Destination           goods-receipt types: Destination         -
// Created_By           CreatedByUser (all three)
// Details.Item_No      SalesOrderItem                 PurchaseOrderItem                        DeliveryDocumentItem
// Details.Material_Code Material (all three)
// Details.Qty          RequestedQuantity              OrderQuantity                            ActualDeliveryQuantity
// Details.UOM          RequestedQuantityISOUnit | RequestedQuantitySAPUnit | RequestedQuantityUnit
//                                                     PurchaseOrderQuantityUnit                DeliveryQuantityUnit   (mapped: TO→TON ...)
// Details.Tolerance    -                              OverdelivTolrtdLmtRatioInPct             -
// Details.PO_SO_No     -                              PurchaseOrder                            -
// Details.SO_DO_No/_Item_No -                         -                                        ReferenceSDDocument / ReferenceSDDocumentItem
// Details.Deleted      SalesDocumentRjcnReason set    PurchasingDocumentDeletionCode L         -
//
// Items without a material or with no positive quantity (text items, cancelled schedule) are left out, and so are
// sub-items of a real item (see subItemOf); the first real item that is not rejected or deleted gives the
// header its plant, category and warehouse. A document that still does not fit ErpDocument is skipped and
// counted, never half-imported.
//
// Dates and times: Edm.DateTimeOffset values (LastChangeDateTime) are moments; Edm.DateTime dates and Edm.Time
// times (CreationDate, CreationTime, LastChangeDate) are SAP's local wall clock, read in SAP_TIME_ZONE.
import { erpDocumentSchema, type ErpDocument, type ErpLine } from '../types';
import type { ErpMasterMap } from './master-map';
import { zonedMoment } from '../../time-zones';
import { odataCalendarDate, odataInstant, parseDecimal, parseODataTime } from './values';

export type SapSource = 'sales' | 'purchase' | 'delivery';

export interface SapSourceDef {
  service: string;
  entitySet: string;
  expand: string;
  key: string;
  /** The header's document date, for the date range and "newest first". */
  date: string;
  documentType: string;
  /** Header fields a "SAP No" can be pushed down to. */
  numbers: readonly string[];
}

export const SAP_SOURCES: Record<SapSource, SapSourceDef> = {
  sales: {
    service: 'API_SALES_ORDER_SRV',
    entitySet: 'A_SalesOrder',
    expand: 'to_Item',
    key: 'SalesOrder',
    date: 'SalesOrderDate',
    documentType: 'SalesOrderType',
    numbers: ['SalesOrder', 'PurchaseOrderByCustomer'],
  },
  purchase: {
    service: 'API_PURCHASEORDER_PROCESS_SRV',
    entitySet: 'A_PurchaseOrder',
    expand: 'to_PurchaseOrderItem',
    key: 'PurchaseOrder',
    date: 'PurchaseOrderDate',
    documentType: 'PurchaseOrderType',
    numbers: ['PurchaseOrder'],
  },
  delivery: {
    service: 'API_OUTBOUND_DELIVERY_SRV;v=0002',
    entitySet: 'A_OutbDeliveryHeader',
    expand: 'to_DeliveryDocumentItem',
    key: 'DeliveryDocument',
    date: 'DocumentDate',
    documentType: 'DeliveryDocumentType',
    numbers: ['DeliveryDocument'],
  },
};

/**
 * Where each TMS order type is read from. SAP has no standard OData service for warehouse transfer orders, so
 * TO types read stock transport orders (UB) like STO types; IPB bookings read purchase (NB) and sales orders.
 */
export const SOURCE_OF_ORDER_TYPE: Readonly<Record<string, { source: SapSource; documentType?: string }>> = {
  SO: { source: 'sales' },
  'IPB OUT': { source: 'sales' },
  DO: { source: 'delivery' },
  PO: { source: 'purchase', documentType: 'NB' },
  'IPB IN': { source: 'purchase', documentType: 'NB' },
  'STO OUT': { source: 'purchase', documentType: 'UB' },
  'STO IN': { source: 'purchase', documentType: 'UB' },
  'TO OUT': { source: 'purchase', documentType: 'UB' },
  'TO IN': { source: 'purchase', documentType: 'UB' },
};

const RECEIPT_TYPES = new Set(['PO', 'IPB IN', 'STO IN', 'TO IN']);
const TRANSFER_TYPES = new Set(['STO OUT', 'STO IN', 'TO OUT', 'TO IN']);

export interface MappingOptions {
  /** SAP distribution channel → TMS distribution (lookup DISTRIBUTION). */
  distributionChannels: Readonly<Record<string, string>>;
  /** SAP unit (ISO, internal or English external code) → TMS UOM, for units the two name differently. */
  units: Readonly<Record<string, string>>;
  /**
   * Per service, SAP's document type → the TMS order type a document read without one gets ('*': any other
   * type). A code whose IN and OUT types both read this service (STO, TO) takes its direction from the plants
   * (orderTypeOf).
   */
  orderTypes: Readonly<Record<SapSource, Readonly<Record<string, string>>>>;
  /** The time zone of SAP's local dates and times (SAP_TIME_ZONE). */
  timeZone: string;
}

export const DEFAULT_MAPPING: Omit<MappingOptions, 'timeZone'> = {
  distributionChannels: { '10': 'LOCAL', '20': 'EXPORT' },
  // SAP's internal, English and ISO codes for the units the master's conversions use.
  units: {
    TO: 'TON',
    TNE: 'TON',
    KGM: 'KG',
    LTR: 'L',
    KLT: 'KL',
    CT: 'CAR',
    BAG: 'BAG',
    BG: 'BAG',
  },
  // SAP's standard types: UB is the stock transport order, anything else bought is a PO. Sales contracts (IPB
  // OUT), purchase contracts (IPB IN) and transfer orders (TO) use types of each system's own customising,
  // named here for a system that has them.
  orderTypes: { sales: { '*': 'SO' }, purchase: { UB: 'STO', '*': 'PO' }, delivery: { '*': 'DO' } },
};

export type SapEntity = Record<string, unknown>;

function str(e: SapEntity, field: string): string | null {
  const v = e[field];
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  return null;
}

function items(e: SapEntity, nav: string): SapEntity[] {
  const v = e[nav] as { results?: unknown } | unknown[] | undefined;
  const list = Array.isArray(v) ? v : (v as { results?: unknown } | undefined)?.results;
  return Array.isArray(list) ? (list.filter((x) => x && typeof x === 'object') as SapEntity[]) : [];
}

/** The moment a local date (Edm.DateTime) and time (Edm.Time, midnight when absent) of SAP stand for. */
function localMoment(date: unknown, time: unknown, timeZone: string): number | null {
  const day = odataCalendarDate(date);
  return day ? zonedMoment(day, parseODataTime(time) ?? 0, timeZone).getTime() : null;
}

/**
 * Changed_At. Orders carry their last change as a moment (LastChangeDateTime), else only their creation.
 * Deliveries carry the day of their last change (LastChangeDate) and the moment of their creation: the stamp is
 * the later of the creation and the start of that day, so a delivery changed again on a day it was already
 * read that day keeps its stamp, and the import tells the versions apart by their content.
 */
function changedAt(source: SapSource, e: SapEntity, timeZone: string): string | null {
  const created = localMoment(e.CreationDate, e.CreationTime, timeZone);
  if (source !== 'delivery') {
    return odataInstant(e.LastChangeDateTime) ?? (created === null ? null : new Date(created).toISOString());
  }
  const changedDay = localMoment(e.LastChangeDate, null, timeZone);
  const stamp = Math.max(created ?? -Infinity, changedDay ?? -Infinity);
  return Number.isFinite(stamp) ? new Date(stamp).toISOString() : null;
}

function transferDirection(orderType: string): string | null {
  if (orderType.endsWith(' IN')) return 'IN';
  if (orderType.endsWith(' OUT')) return 'OUT';
  return null;
}

interface LineSource {
  item: string;
  material: string;
  quantity: string;
  /** The item's unit: its ISO code, SAP's internal code, and the code in the logon language (sap-language=EN). */
  units: { iso: string | null; sap: string | null; external: string };
  plant: string;
  /** The item a sub-item belongs to (subItemOf). */
  parent: string | null;
}

const LINE_FIELDS: Record<SapSource, LineSource> = {
  sales: {
    item: 'SalesOrderItem',
    material: 'Material',
    quantity: 'RequestedQuantity',
    units: {
      iso: 'RequestedQuantityISOUnit',
      sap: 'RequestedQuantitySAPUnit',
      external: 'RequestedQuantityUnit',
    },
    plant: 'ProductionPlant',
    parent: 'HigherLevelItem',
  },
  purchase: {
    item: 'PurchaseOrderItem',
    material: 'Material',
    quantity: 'OrderQuantity',
    units: { iso: null, sap: null, external: 'PurchaseOrderQuantityUnit' },
    plant: 'Plant',
    parent: null,
  },
  delivery: {
    item: 'DeliveryDocumentItem',
    material: 'Material',
    quantity: 'ActualDeliveryQuantity',
    units: { iso: null, sap: null, external: 'DeliveryQuantityUnit' },
    plant: 'Plant',
    parent: 'HigherLvlItmOfBatSpltItm',
  },
};

/** An item number without its leading zeros ("000010" and "10" are one item); empty for none ("000000"). */
const itemKey = (value: string | null) => (value ?? '').replace(/^0+/, '');

/**
 * The item a sub-item stands under, when it is one. Delivery items that SAP split by batch
 * (HigherLvlItmOfBatSpltItm → the main item) repeat the main item's quantity batch by batch: the main item
 * carries the delivery's quantity and the batches only say where it comes from, so the main item counts once.
 * Sales-order items with a HigherLevelItem are read the same way: in an order they are mostly batch splits and
 * structure components of the item above, whose quantity is the one ordered and shipped. The price of this
 * reading is that free goods a pricing rule adds as sub-items are not lines of their own; the other reading
 * would double every split. A sub-item whose main item is not a real item (a text item above components)
 * stands for itself.
 */
function subItemOf(source: SapSource, item: SapEntity): string {
  const field = LINE_FIELDS[source].parent;
  return field ? itemKey(str(item, field)) : '';
}

function isDeleted(source: SapSource, item: SapEntity): boolean {
  if (source === 'sales') return !!str(item, 'SalesDocumentRjcnReason');
  // Purchasing deletion code L is a deleted item; S is a blocked one, which SAP still counts and may unblock.
  if (source === 'purchase') return str(item, 'PurchasingDocumentDeletionCode') === 'L';
  return false;
}

/** Whether SAP's document can be read as the TMS order type: the service and, where it says one, the document type. */
export function readsAs(source: SapSource, e: SapEntity, orderType: string): boolean {
  const s = SOURCE_OF_ORDER_TYPE[orderType];
  if (!s || s.source !== source) return false;
  return !s.documentType || s.documentType === str(e, SAP_SOURCES[source].documentType);
}

/**
 * The TMS order type of a document read without one (the scheduled pull), from SAP's document type
 * (MappingOptions.orderTypes) and, for a transfer between two plants, its direction: the plant the TMS serves
 * moves the goods. Only the receiving plant is one of the TMS's plants: goods come in (STO IN). Otherwise (the
 * supplying plant is, alone or with the receiving one) the supplying plant loads the truck, and one order covers
 * the move (STO OUT). A document the Filter screen brought in as the other direction keeps that type, which the
 * pull reads it as again (workflows/erp/activities.ts).
 */
export function orderTypeOf(
  source: SapSource,
  e: SapEntity,
  receivingPlant: string | null,
  master: ErpMasterMap,
  options: Pick<MappingOptions, 'orderTypes'>,
): string {
  const table = options.orderTypes[source];
  const named = table[str(e, SAP_SOURCES[source].documentType) ?? ''] ?? table['*'] ?? '';
  const directions = [`${named} OUT`, `${named} IN`].filter(
    (t) => SOURCE_OF_ORDER_TYPE[t]?.source === source,
  );
  if (directions.length < 2) return directions[0] ?? named;
  const served = (plant: string | null) => !!plant && master.companyByPlant.has(plant);
  return served(receivingPlant) && !served(str(e, 'SupplyingPlant')) ? `${named} IN` : `${named} OUT`;
}

interface ReadItem {
  item: SapEntity;
  line: ErpLine;
}

/** The document's real items as lines: text items and sub-items of real items left out. */
function readLines(
  source: SapSource,
  documentNo: string | null,
  sapItems: SapEntity[],
  options: MappingOptions,
) {
  const f = LINE_FIELDS[source];
  const unit = (it: SapEntity) => {
    const { iso, sap, external } = f.units;
    const codes = [iso, sap, external].map((field) => (field ? str(it, field)?.toUpperCase() : null));
    const known = codes.find((c) => c && options.units[c]);
    if (known) return options.units[known]!;
    // SAP's internal code is the same in every language; the external one is English (sap-language=EN).
    return codes[1] ?? codes[2] ?? codes[0] ?? null;
  };
  const real: ReadItem[] = [];
  for (const it of sapItems) {
    const material = str(it, f.material);
    const qty = parseDecimal(it[f.quantity]);
    const uom = unit(it);
    if (!material || qty === null || qty <= 0 || !uom) continue;
    real.push({
      item: it,
      line: {
        Item_No: str(it, f.item) ?? '',
        Material_Code: material,
        Qty: qty,
        UOM: uom,
        Tolerance: source === 'purchase' ? parseDecimal(it.OverdelivTolrtdLmtRatioInPct) : null,
        PO_SO_No: source === 'purchase' ? documentNo : null,
        SO_DO_No: source === 'delivery' ? str(it, 'ReferenceSDDocument') : null,
        SO_DO_Item_No: source === 'delivery' ? str(it, 'ReferenceSDDocumentItem') : null,
        LN_SO_Item_No: null,
        LN_STO_Item_No: null,
        Sales_District: null,
        Deleted: isDeleted(source, it),
      },
    });
  }
  const realItems = new Set(real.map((r) => itemKey(r.line.Item_No)));
  return real.filter((r) => {
    const parent = subItemOf(source, r.item);
    return !parent || !realItems.has(parent);
  });
}

/** The document SAP answered, in the TMS's shape; `{ error }` when it cannot be one (see the table above). */
export function mapSapDocument(
  source: SapSource,
  e: SapEntity,
  orderType: string | null,
  master: ErpMasterMap,
  options: MappingOptions,
): { document: ErpDocument } | { error: string; documentNo: string | null } {
  const def = SAP_SOURCES[source];
  const documentNo = str(e, def.key);
  const f = LINE_FIELDS[source];
  const sapItems = items(e, def.expand);

  let lines: ReadItem[];
  try {
    lines = readLines(source, documentNo, sapItems, options);
  } catch (err) {
    return { error: (err as Error).message, documentNo };
  }

  const first = (lines.find((l) => !l.line.Deleted) ?? lines[0])?.item ?? sapItems[0] ?? {};
  const itemPlant = str(first, f.plant);
  const type = orderType ?? orderTypeOf(source, e, itemPlant, master, options);
  const isTransfer = source === 'purchase' && TRANSFER_TYPES.has(type);
  const supplyingPlant = str(e, 'SupplyingPlant');
  const plant = isTransfer && type.endsWith(' OUT') ? (supplyingPlant ?? itemPlant) : itemPlant;
  const salesOrg = str(e, 'SalesOrganization');
  const company =
    source === 'purchase'
      ? str(e, 'CompanyCode')
      : ((salesOrg ? master.companyBySalesOrganization.get(salesOrg) : undefined) ??
        (plant ? master.companyByPlant.get(plant) : undefined) ??
        salesOrg);
  const partner = source === 'purchase' ? str(e, 'Supplier') : str(e, 'SoldToParty');
  const shipTo = source === 'delivery' ? (str(e, 'ShipToParty') ?? partner) : partner;
  const plantLocation = (p: string | null) => (p ? (master.locationByPlant.get(p) ?? null) : null);
  const partnerLocation = (p: string | null) => (p ? (master.locationByPartner.get(p) ?? null) : null);
  let loading: string | null;
  let destination: string | null;
  if (source === 'purchase') {
    loading = isTransfer ? plantLocation(supplyingPlant) : partnerLocation(partner);
    destination = plantLocation(itemPlant);
  } else {
    loading = plantLocation(plant);
    destination = partnerLocation(shipTo);
  }
  const storage = str(first, 'StorageLocation');
  const warehousePlant = isTransfer && type.endsWith(' OUT') ? supplyingPlant : itemPlant;
  const channel = str(e, 'DistributionChannel');
  const material = str(first, f.material);

  let documentDate: string | null;
  let changed: string | null;
  try {
    documentDate = odataCalendarDate(e[def.date]) ?? odataCalendarDate(e.CreationDate);
    changed = changedAt(source, e, options.timeZone);
  } catch (err) {
    return { error: (err as Error).message, documentNo };
  }

  const candidate = {
    Document_No: documentNo,
    Order_Type: type,
    Document_Date: documentDate,
    Changed_At: changed,
    Company_Code: company,
    Plant: plant,
    Product_Category: material ? (master.categoryByMaterial.get(material) ?? null) : null,
    Delivery_Order_No: source === 'delivery' ? documentNo : null,
    Valid_From: source === 'purchase' ? odataCalendarDate(e.ValidityStartDate) : null,
    Valid_To: source === 'purchase' ? odataCalendarDate(e.ValidityEndDate) : null,
    LN_SO_No: null,
    LN_STO_No: null,
    LN_DO_Third_Party: null,
    Sales_Organization: source === 'purchase' ? null : salesOrg,
    Purchase_Organization: source === 'purchase' ? str(e, 'PurchasingOrganization') : null,
    Document_Type: str(e, def.documentType),
    Customer_Vendor_Code: partner,
    Address: null,
    Distribution: channel ? (options.distributionChannels[channel] ?? null) : null,
    Incoterm: str(e, 'IncotermsClassification'),
    // Newer releases fill IncotermsLocation1 and keep IncotermsTransferLocation for what older ones wrote there;
    // deliveries have only the latter.
    Incoterm2: str(e, 'IncotermsLocation1') ?? str(e, 'IncotermsTransferLocation'),
    Estate: null,
    Collective_LN: null,
    PO_No: source === 'sales' ? str(e, 'PurchaseOrderByCustomer') : null,
    Reference_Doc_No: source === 'delivery' ? str(first, 'ReferenceSDDocument') : null,
    Transfer_Type: transferDirection(type),
    Plant_Destination: isTransfer ? itemPlant : null,
    Warehouse_Code:
      warehousePlant && storage
        ? (master.warehouseByStorageLocation.get(`${warehousePlant}/${storage}`) ?? null)
        : null,
    Shipment_Type: null,
    Transporter: null,
    Loading: loading,
    Destination: destination,
    Truck_Type: null,
    Freight_Cost: null,
    Freight_Cost_Per: null,
    Freight_Cost_UOM: null,
    Created_By: str(e, 'CreatedByUser'),
    Discharge_Port: RECEIPT_TYPES.has(type) || type === 'IPB OUT' ? destination : null,
    Location: loading,
    Details: lines.map((l) => l.line),
  };
  const parsed = erpDocumentSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `${issue.path.join('.') || 'document'}: ${issue.message}`, documentNo };
  }
  return { document: parsed.data };
}
