// Assigning SAP orders (spec/2 §2.5, §2.6, §4 "Assign panel", §5.2, §5.3, §7 "Freight and transporter"): the merge
// simulation, the freight options, the quota and approval checks and the two saves that create orders. The work
// is in api/orders/; these are the declarations. Mounted before the SAP order routes, so `saporder/merge_simulate`
// and the like are never taken for `saporder/{id}/{mode}`.
import type { RouteDef } from '../http';

export const orderAssignRoutes: RouteDef[] = [];
