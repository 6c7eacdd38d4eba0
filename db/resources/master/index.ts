// Every master-data resource. Adding one: its definition file here, its migration, its labels in
// locales/*/resources.json (README, "Adding a master-data table"). The read-only logs (db/resources/logs) go
// through the same engine and are registered here too.
import type { FieldDef, ResourceDef } from '../engine';
import { LOG_RESOURCES } from '../logs';
import { PARTIES_RESOURCES } from './batch-parties';
import { SETTINGS_RESOURCES } from './batch-settings';
import { Changelog } from './changelog';
import { Company } from './company';
import { Group } from './group';
import { Location } from './location';
import { Material } from './material';
import { Plant } from './plant';
import { ProductCategory } from './product-category';
import { Transporter } from './transporter';
import { TruckType } from './truck-type';
import { User } from './user';

export const RESOURCES: readonly ResourceDef[] = [
  Company,
  Plant,
  Location,
  ProductCategory,
  Material,
  TruckType,
  Transporter,
  User,
  Group,
  Changelog,
  ...PARTIES_RESOURCES,
  ...SETTINGS_RESOURCES,
  ...LOG_RESOURCES,
];

const byName = new Map(RESOURCES.map((r) => [r.name, r]));

export function resourceByName(name: string): ResourceDef | undefined {
  return byName.get(name);
}

/**
 * Characters typed before the lookup of a reference searches, as the definitions say (FieldDef.lookupMinChars): the
 * field's own, else the referenced resource's key's, which holds for every select of that resource (a short
 * vocabulary opens with its entries at once). Undefined: the definitions say nothing, the default applies.
 */
export function refLookupMinChars(field: FieldDef): number | undefined {
  if (field.lookupMinChars !== undefined) return field.lookupMinChars;
  if (field.type !== 'ref' || !field.ref) return undefined;
  const target = resourceByName(field.ref);
  return target?.fields.find((f) => f.name === target.key)?.lookupMinChars;
}
