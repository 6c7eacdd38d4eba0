// Orders (spec/1 §2-§9, spec/2 §2.1, §2.3, §2.7, §7): the order list and its master list, the order's read,
// history and live process, the transporter's accept and reject, edit assign transporter, and the SAP order's
// view of its orders. The work is in api/orders/; these are the declarations. Mounted before the SAP order
// routes, so `saporder/orders/{id}` is never taken for `saporder/{id}/{mode}`.
import type { RouteDef } from '../http';

export const orderRoutes: RouteDef[] = [];
