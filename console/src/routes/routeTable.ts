// Every route of the console in one table (spec/3 §2.3 plus the reports, spec/1 master-data routes): path, whether
// it needs a login, and its title key. A route whose screen is not built yet has no `page`; the router shows the
// translated "not available yet" page for it, never a blank screen. Screens are lazy so the first screen stays
// small; a team adding a screen sets `page: lazy(() => import(...))` on its row and nothing else.
// Master-data routes all lead to the generic resource pages, which find their definition in db/resources/master
// when they load: a table whose definition is not written yet shows the "not available yet" page from there, so
// adding a definition is all it takes to get its screens (and this first-screen chunk never carries the registry).
import { lazy } from 'react';
import type { AppRoute } from './route';

const DashboardPage = lazy(() => import('../pages/dashboard/DashboardPage'));
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const LogoutPage = lazy(() => import('../pages/LogoutPage'));
const ResourceIndexPage = lazy(() => import('../pages/resources/ResourceIndexPage'));
const ResourceEditorPage = lazy(() => import('../pages/resources/ResourceEditorPage'));
const SapOrderListPage = lazy(() => import('../pages/sap-orders/list/SapOrderListPage'));
const SapOrderFilterPage = lazy(() => import('../pages/sap-orders/filter/SapOrderFilterPage'));
const SapOrderEditorPage = lazy(() => import('../pages/sap-orders/editor/SapOrderEditorPage'));
const ApprovalPage = lazy(() => import('../pages/approvals/ApprovalPage'));
const OrderListPage = lazy(() => import('../pages/orders/OrderListPage'));
const OrderEditorPage = lazy(() => import('../pages/orders/OrderEditorPage'));

/** Master-data tables with an Index (list) and an Editor (form) that need a login (spec/1 §2). */
const MASTER_DATA = [
  'Company',
  'AppointmentMatrix',
  'Material',
  'Location',
  'Freight',
  'Plant',
  'PurchaseOrganization',
  'SalesOrganization',
  'ProductCategory',
  'TruckType',
  'Incoterms',
  'Lookup',
  'User',
  'Group',
  'Factory',
  'MaterialConversion',
  'Vendor',
  'Customer',
  'TransporterQuota',
  'ApprovalMatrix',
  'RunningNumber',
  'AutoRejectSetting',
  'ConditionType',
  'FRCTerm',
  'Service',
  'QuantityTerm',
  'PurchaseGroup',
  'PICContract',
  'IncotermRule',
  'VATRegulation',
  'Route',
  'Warehouse',
  'OrderType',
  'Driver',
  'Vehicle',
  'Changelog',
] as const;

/** Logs of the ERP integration and of approval decisions: read-only resources, listed and viewed through the
 * resource pages. */
const LOG_SCREENS = ['APILog', 'APIResponseLog', 'ApprovalLog'] as const;

/** Master data open without a login (spec/1 §2). */
const PUBLIC_MASTER_DATA = ['PODRequirement', 'AppointmentRequirement'] as const;

function masterData(name: string, login: boolean): AppRoute[] {
  return [
    { path: `/${name}/Index`, login, titleKey: `entities.${name}`, page: ResourceIndexPage },
    {
      path: `/${name}/Editor`,
      login,
      titleKey: 'routes.editorOf',
      nameKey: `entities.${name}`,
      page: ResourceEditorPage,
    },
  ];
}

function screen(path: string, login = true): AppRoute {
  // "/SAPOrder/Editor" → "routes.SAPOrder.Editor"
  const [controller = '', action = ''] = path.split('/').filter(Boolean);
  return { path, login, titleKey: `routes.${controller}.${action}` };
}

const LOGIN_REPORTS = [
  'FreightCostReport',
  'OrderReport',
  'RelationOrderReport',
  'ShipmentReport',
  'ServiceLevelReport',
  'SummaryServiceLevelReport',
  'TransporterUtilizationReport',
  'DOVSDeliveryToCustomerReport',
  'SummarySpecialReleaseReport',
];
const PUBLIC_REPORTS = ['AppointmentPerformanceReport', 'UserReport', 'ShowReport', 'STOReport', 'SPOReport'];

export const ROUTES: AppRoute[] = [
  { path: '/', login: true, titleKey: 'routes.dashboard', page: DashboardPage },
  { path: '/Login/:sessionExpired?', login: false, titleKey: 'routes.login', page: LoginPage },
  { path: '/Logout/:sessionExpired?', login: false, titleKey: 'routes.logout', page: LogoutPage },
  { ...screen('/Order/Index'), page: OrderListPage },
  { ...screen('/Order/Editor'), page: OrderEditorPage },
  ...[
    '/Shipment/Index',
    '/Shipment/ChangeShipmentStatus',
    '/IPB/Index',
    '/IPB/Editor',
    '/STO/Index',
    '/STO/Editor',
    '/SPO/Index',
    '/SPO/Editor',
    '/SPOAdjustment/Index',
    '/SPOAdjustment/Editor',
    '/UnlockTransaction/Index',
    '/Util/ChangeSTOSPOStatus',
    '/Upload/Transporter',
    '/SAPFilter/Index',
  ].map((path) => screen(path)),
  { ...screen('/SAPOrder/Index'), page: SapOrderListPage },
  { ...screen('/SAPOrder/Filter'), page: SapOrderFilterPage },
  { ...screen('/SAPOrder/Editor'), page: SapOrderEditorPage },
  { ...screen('/Approval/Index'), page: ApprovalPage },
  ...LOGIN_REPORTS.map((name) => screen(`/Report/${name}`)),
  ...PUBLIC_REPORTS.map((name) => screen(`/Report/${name}`, false)),
  ...MASTER_DATA.flatMap((name) => masterData(name, true)),
  // The transporter list is opened per type (MasterData or Index, spec/3 §4.1); its editor is a separate route.
  // Both types show the same list here: what distinguished them in the original console is not shown (spec/3
  // §4.1 names the values only), and the editor returns to the list the user came from.
  {
    path: '/Transporter/Index/:type?',
    login: true,
    titleKey: 'entities.Transporter',
    page: ResourceIndexPage,
  },
  {
    path: '/Transporter/Editor',
    login: true,
    titleKey: 'routes.editorOf',
    nameKey: 'entities.Transporter',
    page: ResourceEditorPage,
  },
  ...PUBLIC_MASTER_DATA.flatMap((name) => masterData(name, false)),
  // The logs are read-only resources (db/resources/logs): a list and a view of each call or decision.
  ...LOG_SCREENS.flatMap((name) => masterData(name, true)),
  // Vessel has only a list (spec/1), fed from outside: its definition is `readOnly`.
  { path: '/Vessel/Index', login: false, titleKey: 'entities.Vessel', page: ResourceIndexPage },
];
