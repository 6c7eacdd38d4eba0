// SAP S/4HANA OData v2 entities → ErpDocument. Which SAP field feeds which TMS field:
//
// TMS field            A_SalesOrder (+to_Item)        A_PurchaseOrder (+to_PurchaseOrderItem)  A_OutbDeliveryHeader (+to_DeliveryDocumentItem)
// Document_No          SalesOrder                     PurchaseOrder                            DeliveryDocument
// Order_Type           the type asked for (SO, IPB OUT) the type asked for; read alone: UB→STO OUT, else PO   DO
// Document_Date        SalesOrderDate | CreationDate  PurchaseOrderDate | CreationDate         DocumentDate | CreationDate
// Changed_At           LastChangeDateTime | CreationDate(+Time)  LastChangeDateTime | CreationDate   LastChangeDate | CreationDate+CreationTime
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
// Incoterm / Incoterm2 IncotermsClassification / IncotermsLocation1 (delivery: IncotermsTransferLocation)
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
// Details.UOM          RequestedQuantityUnit          PurchaseOrderQuantityUnit                DeliveryQuantityUnit   (SAP units mapped: TO→TON ...)
// Details.Tolerance    -                              OverdelivTolrtdLmtRatioInPct             -
// Details.PO_SO_No     -                              PurchaseOrder                            -
// Details.SO_DO_No/_Item_No -                         -                                        ReferenceSDDocument / ReferenceSDDocumentItem
// Details.Deleted      SalesDocumentRjcnReason set    PurchasingDocumentDeletionCode set       -
//
// Items without a material or with no positive quantity (text items, cancelled schedule) are left out; a
// document that still does not fit ErpDocument is skipped and counted, never half-imported.
import { erpDocumentSchema, type ErpDocument, type ErpLine } from '../types';
import type { ErpMasterMap } from './master-map';
import { odataCalendarDate, odataInstant, parseDecimal, parseODataDate, parseODataTime } from './values';

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

export interface MappingOptions {
  /** SAP distribution channel → TMS distribution (lookup DISTRIBUTION). */
  distributionChannels: Readonly<Record<string, string>>;
  /** SAP unit → TMS UOM, for units the two name differently. */
  units: Readonly<Record<string, string>>;
}

export const DEFAULT_MAPPING: MappingOptions = {
  distributionChannels: { '10': 'LOCAL', '20': 'EXPORT' },
  // SAP's internal and ISO codes for the units the master's conversions use.
  units: { TO: 'TON', TNE: 'TON', KGM: 'KG', LTR: 'L', KLT: 'KL', CT: 'CAR', BAG: 'BAG' },
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

/** Changed_At: the change time SAP gives, else the creation date and time. */
function changedAt(e: SapEntity, changedField: string): string | null {
  const changed = odataInstant(e[changedField]);
  if (changed) return changed;
  const created = parseODataDate(e.CreationDate);
  if (!created) return null;
  const seconds = parseODataTime(e.CreationTime) ?? 0;
  return new Date(created.instant.getTime() + seconds * 1000).toISOString();
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
  unit: string;
  plant: string;
}

const LINE_FIELDS: Record<SapSource, LineSource> = {
  sales: {
    item: 'SalesOrderItem',
    material: 'Material',
    quantity: 'RequestedQuantity',
    unit: 'RequestedQuantityUnit',
    plant: 'ProductionPlant',
  },
  purchase: {
    item: 'PurchaseOrderItem',
    material: 'Material',
    quantity: 'OrderQuantity',
    unit: 'PurchaseOrderQuantityUnit',
    plant: 'Plant',
  },
  delivery: {
    item: 'DeliveryDocumentItem',
    material: 'Material',
    quantity: 'ActualDeliveryQuantity',
    unit: 'DeliveryQuantityUnit',
    plant: 'Plant',
  },
};

/** The document SAP answered, in the TMS's shape; `{ error }` when it cannot be one (see the table above). */
export function mapSapDocument(
  source: SapSource,
  e: SapEntity,
  orderType: string | null,
  master: ErpMasterMap,
  options: MappingOptions = DEFAULT_MAPPING,
): { document: ErpDocument } | { error: string; documentNo: string | null } {
  const def = SAP_SOURCES[source];
  const documentNo = str(e, def.key);
  const f = LINE_FIELDS[source];
  const sapItems = items(e, def.expand);
  const type =
    orderType ??
    (source === 'sales'
      ? 'SO'
      : source === 'delivery'
        ? 'DO'
        : str(e, 'PurchaseOrderType') === 'UB'
          ? 'STO OUT'
          : 'PO');
  const unit = (u: string | null) => (u ? (options.units[u.toUpperCase()] ?? u.toUpperCase()) : null);

  let details: ErpLine[];
  try {
    details = sapItems.flatMap((it): ErpLine[] => {
      const material = str(it, f.material);
      const qty = parseDecimal(it[f.quantity]);
      const uom = unit(str(it, f.unit));
      if (!material || qty === null || qty <= 0 || !uom) return [];
      return [
        {
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
          Deleted:
            source === 'sales'
              ? !!str(it, 'SalesDocumentRjcnReason')
              : source === 'purchase'
                ? !!str(it, 'PurchasingDocumentDeletionCode')
                : false,
        },
      ];
    });
  } catch (err) {
    return { error: (err as Error).message, documentNo };
  }

  const first = sapItems[0] ?? {};
  const itemPlant = str(first, f.plant);
  const isTransfer = source === 'purchase' && ['STO OUT', 'STO IN', 'TO OUT', 'TO IN'].includes(type);
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
    changed = changedAt(e, source === 'delivery' ? 'LastChangeDate' : 'LastChangeDateTime');
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
    Incoterm2: source === 'delivery' ? str(e, 'IncotermsTransferLocation') : str(e, 'IncotermsLocation1'),
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
    Details: details,
  };
  const parsed = erpDocumentSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `${issue.path.join('.') || 'document'}: ${issue.message}`, documentNo };
  }
  return { document: parsed.data };
}
