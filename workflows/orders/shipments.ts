// What an order derives from its shipments (DESIGN §4 "Shipments": the order derives, it does not count). Each
// shipment signals its order on every change the order cares about (shipmentProgressSignal); the order keeps the
// latest report per shipment and recomputes its status from the whole set with deriveOrderStatus. Pure: the
// workflow bundle imports it, test/unit/order-shipments.test.ts tests it without Temporal.
import type { OrderStatus, ShipmentProgressInput } from './messages';

/** The latest report the order holds of one shipment. */
export type ShipmentReport = ShipmentProgressInput;

/** A shipment's Progress_Status from the registration in on: its truck is at (or through) the gate. */
const REGISTERED_PROGRESS = ['REGISTRATION IN', 'IN WAREHOUSE', 'REGISTRATION OUT'];

/** The shipment has registered in (or is past it). */
export const registeredIn = (s: Pick<ShipmentReport, 'status' | 'progress'>): boolean =>
  s.status === 'COMPLETED' || (s.progress != null && REGISTERED_PROGRESS.includes(s.progress));

/** The statuses an order's shipments decide. */
export type ShippingStatus = Extract<
  OrderStatus,
  'ACCEPTED' | 'ASSIGNED TO DRIVER' | 'IN PROGRESS' | 'COMPLETED'
>;

/**
 * The order's status from its shipments' latest reports (cancelled shipments do not count): none → ACCEPTED;
 * every one COMPLETED → COMPLETED (DESIGN §4: VERIFIED and the SAP postings come with settlement; until then
 * straight to COMPLETED); any registered in → IN PROGRESS; else → ASSIGNED TO DRIVER.
 */
export function deriveOrderStatus(
  shipments: readonly Pick<ShipmentReport, 'status' | 'progress'>[],
): ShippingStatus {
  const live = shipments.filter((s) => s.status !== 'CANCELLED');
  if (!live.length) return 'ACCEPTED';
  if (live.every((s) => s.status === 'COMPLETED')) return 'COMPLETED';
  if (live.some(registeredIn)) return 'IN PROGRESS';
  return 'ASSIGNED TO DRIVER';
}
