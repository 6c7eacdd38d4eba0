// Master-data resources of the settings batch. Referenced resources come before the ones that use them.
import type { ResourceDef } from '../engine';
import { AppointmentMatrix } from './appointment-matrix';
import { AppointmentRequirement } from './appointment-requirement';
import { ApprovalMatrix } from './approval-matrix';
import { AutoRejectSetting } from './auto-reject-setting';
import { ConditionType } from './condition-type';
import { FRCTerm } from './frc-term';
import { IncotermRule } from './incoterm-rule';
import { Incoterms } from './incoterms';
import { Lookup } from './lookup';
import { OrderType } from './order-type';
import { PICContract } from './pic-contract';
import { PODRequirement } from './pod-requirement';
import { PurchaseGroup } from './purchase-group';
import { PurchaseOrganization } from './purchase-organization';
import { QuantityTerm } from './quantity-term';
import { RunningNumber } from './running-number';
import { SalesOrganization } from './sales-organization';
import { Service } from './service';
import { VATRegulation } from './vat-regulation';
import { Vessel } from './vessel';

export const SETTINGS_RESOURCES: readonly ResourceDef[] = [
  OrderType,
  SalesOrganization,
  PurchaseOrganization,
  PurchaseGroup,
  Incoterms,
  IncotermRule,
  ConditionType,
  FRCTerm,
  QuantityTerm,
  Service,
  PICContract,
  VATRegulation,
  RunningNumber,
  Lookup,
  AppointmentMatrix,
  ApprovalMatrix,
  AutoRejectSetting,
  PODRequirement,
  AppointmentRequirement,
  Vessel,
];
