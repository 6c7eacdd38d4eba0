// The menu tree: every screen of spec/3 §2.3 and the master-data routes of spec/1, grouped as the side
// menu shows them. A menu is identified by (controller, action) as the console's permission check names
// it; titles live in locales/<lang>/menu.json under the menu's code. The seed writes this tree into the
// `menus` table, and group permissions attach to those rows.

export interface MenuDef {
  code: string;
  /** Route in the console; groups have none. */
  route?: string;
  controller?: string;
  action?: string;
  icon?: string;
  /** PODRequirement, AppointmentRequirement, Vessel and some reports are open without login (spec). */
  public?: boolean;
  items?: MenuDef[];
}

const screen = (controller: string, icon: string, extra: Partial<MenuDef> = {}): MenuDef => ({
  code: controller,
  controller,
  action: 'Index',
  route: `/${controller}/Index`,
  icon,
  ...extra,
});

const report = (action: string, isPublic = false): MenuDef => ({
  code: `Report.${action}`,
  controller: 'Report',
  action,
  route: `/Report/${action}`,
  icon: 'DocumentTable',
  public: isPublic,
});

export const MASTER_DATA_CONTROLLERS = [
  'Company',
  'Plant',
  'Factory',
  'Warehouse',
  'Location',
  'Route',
  'Material',
  'MaterialConversion',
  'ProductCategory',
  'Customer',
  'Vendor',
  'Transporter',
  'Driver',
  'Vehicle',
  'TruckType',
  'Freight',
  'TransporterQuota',
  'AppointmentMatrix',
  'ApprovalMatrix',
  'AutoRejectSetting',
  'OrderType',
  'SalesOrganization',
  'PurchaseOrganization',
  'PurchaseGroup',
  'Incoterms',
  'IncotermRule',
  'ConditionType',
  'FRCTerm',
  'QuantityTerm',
  'Service',
  'PICContract',
  'VATRegulation',
  'RunningNumber',
  'Lookup',
  'PODRequirement',
  'AppointmentRequirement',
  'Vessel',
] as const;

const PUBLIC_MASTER = new Set(['PODRequirement', 'AppointmentRequirement', 'Vessel']);

export const MENU_TREE: MenuDef[] = [
  { code: 'Dashboard', controller: 'Dashboard', action: 'Index', route: '/', icon: 'Home' },
  {
    code: 'Transaction',
    icon: 'DocumentBulletList',
    items: [
      screen('SAPOrder', 'DocumentText'),
      screen('Order', 'VehicleTruckProfile'),
      screen('Shipment', 'BoxMultiple'),
      {
        code: 'Shipment.ChangeShipmentStatus',
        controller: 'Shipment',
        action: 'ChangeShipmentStatus',
        route: '/Shipment/ChangeShipmentStatus',
        icon: 'ArrowSwap',
      },
      screen('Approval', 'CheckmarkCircle'),
      screen('IPB', 'ArrowDownload'),
      screen('STO', 'ArrowRepeatAll'),
      screen('SPO', 'Receipt'),
      screen('SPOAdjustment', 'ReceiptMoney'),
      screen('UnlockTransaction', 'LockOpen'),
      {
        code: 'Util.ChangeSTOSPOStatus',
        controller: 'Util',
        action: 'ChangeSTOSPOStatus',
        route: '/Util/ChangeSTOSPOStatus',
        icon: 'ArrowSync',
      },
      screen('SAPFilter', 'Filter'),
    ],
  },
  {
    code: 'MasterData',
    icon: 'Database',
    items: [
      ...MASTER_DATA_CONTROLLERS.map((c) =>
        c === 'Transporter'
          ? screen(c, 'Building', { route: '/Transporter/Index/MasterData' })
          : screen(c, 'Table', PUBLIC_MASTER.has(c) ? { public: true } : {}),
      ),
      {
        code: 'Upload.Transporter',
        controller: 'Upload',
        action: 'Transporter',
        route: '/Upload/Transporter',
        icon: 'ArrowUpload',
      },
    ],
  },
  {
    code: 'Report',
    icon: 'ChartMultiple',
    items: [
      report('FreightCostReport'),
      report('OrderReport'),
      report('RelationOrderReport'),
      report('ShipmentReport'),
      report('ServiceLevelReport'),
      report('SummaryServiceLevelReport'),
      report('TransporterUtilizationReport'),
      report('DOVSDeliveryToCustomerReport'),
      report('SummarySpecialReleaseReport'),
      report('AppointmentPerformanceReport', true),
      report('UserReport', true),
      report('ShowReport', true),
      report('STOReport', true),
      report('SPOReport', true),
    ],
  },
  {
    code: 'Administration',
    icon: 'Settings',
    items: [
      screen('User', 'People'),
      screen('Group', 'PeopleTeam'),
      screen('ApprovalLog', 'History'),
      screen('APILog', 'PlugConnected'),
      screen('APIResponseLog', 'PlugDisconnected'),
      screen('Changelog', 'Notepad'),
    ],
  },
];

/** Depth-first list of every menu with its parent code. */
export function flattenMenus(
  tree: MenuDef[] = MENU_TREE,
  parent?: string,
): (MenuDef & { parent?: string })[] {
  return tree.flatMap((m) => [{ ...m, parent }, ...flattenMenus(m.items ?? [], m.code)]);
}
