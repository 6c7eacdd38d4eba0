// The server names a menu icon with a free-form string (e.g. "pi pi-home", "truck"); pick the closest Fluent
// icon by keyword, with a neutral fallback, so new server icons never break the menu.
import {
  Apps20Regular,
  ArrowUpload20Regular,
  Board20Regular,
  Box20Regular,
  BuildingFactory20Regular,
  Cart20Regular,
  CheckmarkCircle20Regular,
  Database20Regular,
  DocumentBulletList20Regular,
  DocumentData20Regular,
  History20Regular,
  Home20Regular,
  Location20Regular,
  LockOpen20Regular,
  Money20Regular,
  People20Regular,
  Settings20Regular,
  VehicleTruckProfile20Regular,
  type FluentIcon,
} from '@fluentui/react-icons';

const ICONS: [RegExp, FluentIcon][] = [
  [/home|dashboard/i, Home20Regular],
  [/truck|shipment|vehicle|transport|driver/i, VehicleTruckProfile20Regular],
  [/sap|cart|shopping/i, Cart20Regular],
  [/order|list|file-edit/i, DocumentBulletList20Regular],
  [/approv|check/i, CheckmarkCircle20Regular],
  [/master|database|server/i, Database20Regular],
  [/report|chart|data/i, DocumentData20Regular],
  [/user|group|people|person/i, People20Regular],
  [/upload/i, ArrowUpload20Regular],
  [/log|history|clock/i, History20Regular],
  [/unlock|lock/i, LockOpen20Regular],
  [/factory|plant|warehouse|building/i, BuildingFactory20Regular],
  [/material|box|product/i, Box20Regular],
  [/location|map|route/i, Location20Regular],
  [/freight|money|cost|dollar|spo/i, Money20Regular],
  [/setting|cog|gear|config/i, Settings20Regular],
  [/board|th|grid/i, Board20Regular],
];

export function menuIcon(name: string | null | undefined): FluentIcon {
  const key = name ?? '';
  return ICONS.find(([pattern]) => pattern.test(key))?.[1] ?? Apps20Regular;
}
