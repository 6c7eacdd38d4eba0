// Every table of the master demo, in the order references need (a row is written after the rows it names).
import type { SeedTable } from './types';
import { AppointmentMatrix } from '../../resources/master/appointment-matrix';
import { AppointmentRequirement } from '../../resources/master/appointment-requirement';
import { ApprovalMatrix } from '../../resources/master/approval-matrix';
import { AutoRejectSetting } from '../../resources/master/auto-reject-setting';
import { Company } from '../../resources/master/company';
import { ConditionType } from '../../resources/master/condition-type';
import { Customer } from '../../resources/master/customer';
import { Driver } from '../../resources/master/driver';
import { Factory } from '../../resources/master/factory';
import { FRCTerm } from '../../resources/master/frc-term';
import { Freight } from '../../resources/master/freight';
import { IncotermRule } from '../../resources/master/incoterm-rule';
import { Incoterms } from '../../resources/master/incoterms';
import { Location } from '../../resources/master/location';
import { Material } from '../../resources/master/material';
import { MaterialConversion } from '../../resources/master/material-conversion';
import { OrderType } from '../../resources/master/order-type';
import { PICContract } from '../../resources/master/pic-contract';
import { Plant } from '../../resources/master/plant';
import { PODRequirement } from '../../resources/master/pod-requirement';
import { ProductCategory } from '../../resources/master/product-category';
import { PurchaseGroup } from '../../resources/master/purchase-group';
import { PurchaseOrganization } from '../../resources/master/purchase-organization';
import { QuantityTerm } from '../../resources/master/quantity-term';
import { Route } from '../../resources/master/route';
import { RunningNumber } from '../../resources/master/running-number';
import { SalesOrganization } from '../../resources/master/sales-organization';
import { Service } from '../../resources/master/service';
import { Transporter } from '../../resources/master/transporter';
import { TransporterQuota } from '../../resources/master/transporter-quota';
import { TruckType } from '../../resources/master/truck-type';
import { VATRegulation } from '../../resources/master/vat-regulation';
import { Vehicle } from '../../resources/master/vehicle';
import { Vendor } from '../../resources/master/vendor';
import { Vessel } from '../../resources/master/vessel';
import { Warehouse } from '../../resources/master/warehouse';
import { DRIVERS, TRANSPORTERS, VEHICLES } from './fleet';
import { FREIGHT_RATES, ROUTES, TRANSPORTER_QUOTAS } from './freight';
import { CUSTOMERS, VENDORS } from './partners';
import { MATERIAL_CONVERSIONS, MATERIALS, PRODUCT_CATEGORIES, TRUCK_TYPES } from './products';
import {
  APPOINTMENT_MATRICES,
  APPOINTMENT_REQUIREMENTS,
  APPROVAL_MATRICES,
  AUTO_REJECT_SETTINGS,
  CONDITION_TYPES,
  FRC_TERMS,
  INCOTERM_RULES,
  INCOTERMS,
  ORDER_TYPES,
  PIC_CONTRACTS,
  POD_REQUIREMENTS,
  PURCHASE_GROUPS,
  PURCHASE_ORGANIZATIONS,
  QUANTITY_TERMS,
  RUNNING_NUMBERS,
  SALES_ORGANIZATIONS,
  SERVICES,
  VAT_REGULATIONS,
  VESSELS,
} from './settings';
import { COMPANIES, FACTORIES, LOCATIONS, PLANTS, WAREHOUSES } from './sites';

export const MASTER_DEMO_TABLES: readonly SeedTable[] = [
  { resource: Company, rows: COMPANIES },
  { resource: Plant, rows: PLANTS },
  { resource: Location, rows: LOCATIONS },
  { resource: ProductCategory, rows: PRODUCT_CATEGORIES },
  { resource: Material, rows: MATERIALS },
  { resource: MaterialConversion, rows: MATERIAL_CONVERSIONS },
  { resource: TruckType, rows: TRUCK_TYPES },
  { resource: Transporter, rows: TRANSPORTERS },
  { resource: Factory, rows: FACTORIES },
  { resource: Warehouse, rows: WAREHOUSES },
  { resource: Route, rows: ROUTES },
  { resource: Customer, rows: CUSTOMERS },
  { resource: Vendor, rows: VENDORS },
  { resource: Driver, rows: DRIVERS },
  { resource: Vehicle, rows: VEHICLES },
  { resource: OrderType, rows: ORDER_TYPES },
  { resource: SalesOrganization, rows: SALES_ORGANIZATIONS },
  { resource: PurchaseOrganization, rows: PURCHASE_ORGANIZATIONS },
  { resource: PurchaseGroup, rows: PURCHASE_GROUPS },
  { resource: Incoterms, rows: INCOTERMS },
  { resource: IncotermRule, rows: INCOTERM_RULES },
  { resource: ConditionType, rows: CONDITION_TYPES },
  { resource: Service, rows: SERVICES },
  { resource: FRCTerm, rows: FRC_TERMS },
  { resource: QuantityTerm, rows: QUANTITY_TERMS },
  { resource: PICContract, rows: PIC_CONTRACTS },
  { resource: VATRegulation, rows: VAT_REGULATIONS },
  { resource: RunningNumber, rows: RUNNING_NUMBERS },
  { resource: Freight, rows: FREIGHT_RATES },
  { resource: TransporterQuota, rows: TRANSPORTER_QUOTAS },
  { resource: AppointmentMatrix, rows: APPOINTMENT_MATRICES },
  { resource: ApprovalMatrix, rows: APPROVAL_MATRICES },
  { resource: AutoRejectSetting, rows: AUTO_REJECT_SETTINGS },
  { resource: PODRequirement, rows: POD_REQUIREMENTS },
  { resource: AppointmentRequirement, rows: APPOINTMENT_REQUIREMENTS },
  { resource: Vessel, rows: VESSELS },
];
