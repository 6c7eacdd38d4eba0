// The order row flags of spec/1 §6 (db/resources/order-assign.ts ORDER_ROW_FLAGS): which of the order list's
// toolbar actions a user may take on an order, from the order's status (DESIGN §4 "Order states"), the user's role,
// the Order screen's permissions and ownership. One function for the list, the read and the action routes: an
// action route refuses what the flag says no to, so a stale screen can never do what is no longer allowed. (The
// workflow's Update validators then judge the state again at the moment of the change.)
//
// Which statuses allow which action is workflows/orders/rules.ts, shared with the workflow's Update validators. The
// actions of later issues (assign driver, edit order) have their flags here already, by the states DESIGN §4 gives
// them, so the console shows their buttons where they will apply.
import type { OrderRowFlag } from '../../db/resources/order-assign';
import type { OrderStatus } from '../../db/resources/order';
import {
  CANCELLABLE_STATUSES,
  COMPLETABLE_STATUSES,
  EDITABLE_STATUSES,
  REASSIGNABLE_STATUSES,
  SHIPPING_STATUSES,
} from '../../workflows/orders/rules';
import { actsAsTransporter, orderParty } from './ownership';
import type { AuthUser } from '../services/session';
import type { PermissionFlags } from '../services/permissions';

/** What the flags read of an order. */
export interface FlagRow {
  Status: string;
  Dispatch_Status: string | null;
  Transporter_Code: string | null;
  is_relation: boolean;
  has_shipment: boolean;
  /** ISO text or a Date; null when the transporter is not being asked. */
  Auto_Reject_Date: string | Date | null;
  Revert_Qty: number | string | null;
  /** Every transporter of the order, the first included (a collective order has several). */
  transporter_codes?: string[] | null;
}

/** The orders columns (alias o) a FlagRow reads, with the order's Id and Order_No, for the action routes. */
export const FLAG_COLUMNS = [
  'o.id as Id',
  'o.order_no as Order_No',
  'o.status as Status',
  'o.dispatch_status as Dispatch_Status',
  'o.transporter_code as Transporter_Code',
  'o.is_relation',
  'o.has_shipment',
  'o.auto_reject_date as Auto_Reject_Date',
  'o.revert_qty as Revert_Qty',
] as const;

/** The user and the Order screen's permissions for them. */
export interface FlagActor {
  user: AuthUser;
  rights: Pick<PermissionFlags, 'View' | 'Create' | 'Edit'>;
  now: Date;
}

export type OrderFlags = Record<OrderRowFlag, boolean>;

const is = (status: string, ...statuses: readonly OrderStatus[]) =>
  (statuses as readonly string[]).includes(status);

export function orderFlags(row: FlagRow, actor: FlagActor): OrderFlags {
  const { user, rights } = actor;
  const party = orderParty(user);
  const internal = party.kind === 'internal';
  const own = actsAsTransporter(user, row);
  // A collective order's every transporter sends its own trucks; only the first is asked to accept.
  const carrier = own || (party.kind === 'transporter' && (row.transporter_codes ?? []).includes(party.code));
  const status = row.Status;
  const deadline = row.Auto_Reject_Date ? new Date(row.Auto_Reject_Date).getTime() : null;
  const staffEdit = internal && rights.Edit;
  return {
    // spec/1 §6 lists accept and reject under "internal users and transporters" (Edit): the transporter's own
    // account, or staff with Edit answering for it (a transporter that phoned in its answer). The history names
    // who answered. Only while the transporter is asked and before its deadline (the workflow refuses after it).
    need_transporter_action:
      rights.Edit &&
      (own || internal) &&
      is(status, 'ASSIGNED TO TRANSPORTER') &&
      row.Dispatch_Status === 'WAITING' &&
      (deadline === null || deadline > actor.now.getTime()),
    // Edit assign transporter: a rejected order given to a transporter again, by staff (spec/2 §2.3).
    can_assign_transporter: staffEdit && is(status, 'REJECTED'),
    can_view_shipments: rights.View && (row.has_shipment || is(status, 'ASSIGNED TO DRIVER', 'IN PROGRESS')),
    // Staff, and the transporters (or the relation) the order was given to, once accepted (spec/1 §6: Create).
    can_assign_driver: rights.Create && (internal || carrier) && is(status, ...SHIPPING_STATUSES),
    can_edit_order: staffEdit && is(status, ...EDITABLE_STATUSES),
    can_cancel_order: staffEdit && is(status, ...CANCELLABLE_STATUSES),
    // Mark complete returns what was not shipped: for an order that has begun to ship or may ship.
    can_mark_complete: staffEdit && is(status, ...COMPLETABLE_STATUSES),
    // Only an order that was marked complete (it returned quantity, Revert_Qty), not one its shipments completed.
    can_unmark_complete: staffEdit && is(status, 'COMPLETED') && Number(row.Revert_Qty ?? 0) > 0,
    can_reassign_do: staffEdit && is(status, ...REASSIGNABLE_STATUSES),
    can_edit_stuffing_date: staffEdit && is(status, ...EDITABLE_STATUSES),
  };
}
