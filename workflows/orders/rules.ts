// Which order actions each status allows (DESIGN §4 "Order states"): one definition for the API's row flags
// (api/orders/flags.ts, what the order list's toolbar shows) and the order workflow's Update validators
// (decide.ts, what is refused at the moment of the change), so a stale screen can never do what the
// status no longer allows. Plain data: the workflow bundle imports it.
import type { OrderStatus } from './messages';

/** Statuses with shipments, or about to have them: a truck may still be added while quantity is unshipped. */
export const SHIPPING_STATUSES: readonly OrderStatus[] = ['ACCEPTED', 'ASSIGNED TO DRIVER', 'IN PROGRESS'];

/** Cancel: before any shipment registered in (DESIGN §4). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = [
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
  'ASSIGNED TO TRANSPORTER',
  'ACCEPTED',
  'ASSIGNED TO DRIVER',
  'WAITING FOR ORDER APPROVAL',
  'REJECTED',
];

/** Edit order and change stuffing date: the transporter (and so the freight) is settled, not yet on the road. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = [
  'ASSIGNED TO TRANSPORTER',
  'ACCEPTED',
  'ASSIGNED TO DRIVER',
];

/** Mark complete returns what was not shipped: for an order that has begun to ship or may ship. */
export const COMPLETABLE_STATUSES = SHIPPING_STATUSES;

/** Reassign delivery order: part of the unshipped quantity goes back to the SAP order. */
export const REASSIGNABLE_STATUSES = SHIPPING_STATUSES;

export const isIn = (statuses: readonly OrderStatus[], status: string | null | undefined): boolean =>
  status != null && (statuses as readonly string[]).includes(status);
