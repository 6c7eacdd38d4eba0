// Master-data resources of the parties batch: the sites, partners, fleet and rates the order and shipment
// flows read. Order matters only for menus and for the generic API suite.
import type { ResourceDef } from '../engine';
import { Customer } from './customer';
import { Driver } from './driver';
import { Factory } from './factory';
import { Freight } from './freight';
import { MaterialConversion } from './material-conversion';
import { Route } from './route';
import { TransporterQuota } from './transporter-quota';
import { Vehicle } from './vehicle';
import { Vendor } from './vendor';
import { Warehouse } from './warehouse';

export const PARTIES_RESOURCES: readonly ResourceDef[] = [
  Factory,
  Warehouse,
  Route,
  MaterialConversion,
  Customer,
  Vendor,
  Driver,
  Vehicle,
  Freight,
  TransporterQuota,
];
