// Staff's corrections of an order from the order list (spec/1 §2 "Panels and dialogs", §5, §7; issue 17): cancel,
// mark complete and unmark complete, reassign delivery order, change stuffing date. Each is a Workflow Update of the
// order's workflow (workflows/orders/order.workflow.ts), which writes the change, its history row and the
// quantities before it answers. Here, first: the order must be the user's to see (ownership.ts) and the row's flag
// must allow the action now (flags.ts), so a stale screen is refused with nothing sent; then the body's own rules
// (reason, range, quantities), each with its message. The workflow's validator judges the status again at the
// moment of the change.
import { z } from 'zod';
import { thousandths } from '../../db/ledger';
import { date, integer, number, text } from '../../db/resources/input';
import type { OrderRowFlag } from '../../db/resources/order-assign';
import type { UnreservedLine } from '../../workflows/orders/messages';
import type { AppDeps } from '../deps';
import { NotFoundError, RuleError, ValidationError } from '../errors';
import type { AuthUser } from '../services/session';
import { FLAG_COLUMNS, orderFlags, type FlagRow } from './flags';
import { ownOrders } from './ownership';
import { flagActor } from './read';
import { workflowsOf } from './actions';
import { checkStuffingDates } from './assign-context';
import { updateFailure, type OrderUpdateOutcome } from './workflows';

/** What the flags and these actions read of an order. */
interface ChangeRow extends FlagRow {
  Id: number;
  Order_No: string;
  valid_from: string | null;
  valid_to: string | null;
}

/** The order if the user may see it and its flag allows the action; refused otherwise, with nothing sent. */
export async function allowedOrder(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  flag: OrderRowFlag,
): Promise<ChangeRow> {
  const row = (await ownOrders(deps.db('orders as o').where('o.id', id), user).first(
    ...FLAG_COLUMNS,
    deps.db.raw(`to_char(o.valid_from, 'YYYY-MM-DD') as valid_from`),
    deps.db.raw(`to_char(o.valid_to, 'YYYY-MM-DD') as valid_to`),
  )) as ChangeRow | undefined;
  if (!row) throw new NotFoundError();
  if (!orderFlags(row, await flagActor(deps, user))[flag]) {
    throw new RuleError('NOT_ALLOWED', `order.change.notAllowed.${flag}`, {
      order: row.Order_No,
      status: row.Status,
    });
  }
  return row;
}

/** The workflow's answer, or its refusal as the API's error (the same words as the order list's actions). */
function changed(outcome: OrderUpdateOutcome, row: ChangeRow) {
  if (outcome.ok) return outcome.result;
  if (outcome.code === 'NOT_ALLOWED' || outcome.code === 'ALREADY_DECIDED') {
    // The status moved on between the flag and the Update (another tab, the deadline): the flag's words.
    throw new RuleError('NOT_ALLOWED', 'order.change.changedMeanwhile', { order: row.Order_No });
  }
  throw updateFailure(outcome.code);
}

// ---------------------------------------------------------------------------------------------------- cancel

/** PUT order/cancel/ (spec/1 §7): {id, reason}. */
export const cancelBodySchema = z.object({
  id: integer({ min: 1 }),
  // Checked below with spec/1 §5's message, so an empty reason answers 'Reason is required.' in the field.
  reason: text(1000).nullish(),
});

export async function cancelOrder(deps: AppDeps, user: AuthUser, body: z.infer<typeof cancelBodySchema>) {
  const reason = body.reason?.trim() ?? '';
  if (!reason) throw new ValidationError({ reason: [{ key: 'order.cancel.reasonRequired' }] });
  const row = await allowedOrder(deps, user, body.id, 'can_cancel_order');
  changed(await workflowsOf(deps).cancel(row.Order_No, { by: user.username, reason }), row);
  return { orderNo: row.Order_No };
}

// ---------------------------------------------------------------------------------- mark / unmark complete

export async function markComplete(deps: AppDeps, user: AuthUser, id: number) {
  const row = await allowedOrder(deps, user, id, 'can_mark_complete');
  changed(await workflowsOf(deps).markComplete(row.Order_No, { by: user.username }), row);
  // What went back, unit by unit ("550,000 KG + 750 TON"): quantities of different units are never added up.
  const returned = (await deps
    .db('order_details')
    .where('order_id', row.Id)
    .groupByRaw('upper(uom)')
    .havingRaw('sum(revert_qty) > 0')
    .orderByRaw('upper(uom)')
    .select(deps.db.raw('upper(uom) as uom'), deps.db.raw('sum(revert_qty)::float8 as qty'))) as {
    uom: string;
    qty: number;
  }[];
  const revertQty = returned.length
    ? returned.map((r) => `${QTY_FORMAT.format(r.qty)} ${r.uom}`).join(' + ')
    : QTY_FORMAT.format(0);
  return { orderNo: row.Order_No, revertQty };
}

const QTY_FORMAT = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

export async function unmarkComplete(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<{ orderNo: string; unreserved: UnreservedLine[] }> {
  const row = await allowedOrder(deps, user, id, 'can_unmark_complete');
  const result = changed(await workflowsOf(deps).unmarkComplete(row.Order_No, { by: user.username }), row);
  return { orderNo: row.Order_No, unreserved: result.unreserved ?? [] };
}

// ------------------------------------------------------------------------------------- change stuffing date

/** PUT order/change_stuffing_date (spec/1 §7): {order_id, stuffing_date_from, stuffing_date_to}. */
export const stuffingBodySchema = z.object({
  order_id: integer({ min: 1 }),
  // yyyy-mm-dd or dd/mm/yyyy, a calendar day (answered yyyy-mm-dd).
  stuffing_date_from: date(),
  // spec/2 §5.2 "second = first when empty".
  stuffing_date_to: date().nullish(),
});

export async function changeStuffingDate(
  deps: AppDeps,
  user: AuthUser,
  body: z.infer<typeof stuffingBodySchema>,
) {
  const from = body.stuffing_date_from;
  const to = body.stuffing_date_to ?? from;
  const fields = { from: 'stuffing_date_from', to: 'stuffing_date_to' };
  checkStuffingDates(from, to, { from: null, to: null }, fields);
  const row = await allowedOrder(deps, user, body.order_id, 'can_edit_stuffing_date');
  // spec/1 §5: within the valid range when the order has one (the rule the assign save keeps to).
  checkStuffingDates(from, to, { from: row.valid_from, to: row.valid_to }, fields);
  changed(await workflowsOf(deps).changeStuffingDate(row.Order_No, { by: user.username, from, to }), row);
  return { orderNo: row.Order_No };
}

// --------------------------------------------------------------------------------- reassign delivery order

/**
 * PUT order/reassign_do (spec/1 §7): {order_id, details}: the order's lines as the panel shows them, each with
 * the quantity to give back to the SAP order (Qty; capped at the line's outstanding quantity). Lines of 0 are left
 * as they are; at least one line gives something.
 */
export const reassignBodySchema = z.object({
  order_id: integer({ min: 1 }),
  details: z
    .array(
      z.object({
        Id: integer({ min: 1 }),
        Qty: number({ min: 0, max: 1e12 }),
      }),
    )
    .min(1)
    .max(500),
});

export async function reassignDo(deps: AppDeps, user: AuthUser, body: z.infer<typeof reassignBodySchema>) {
  const row = await allowedOrder(deps, user, body.order_id, 'can_reassign_do');
  const lines = (await deps
    .db('order_details')
    .where('order_id', row.Id)
    .select('id', 'item_no', 'os_qty')) as { id: string | number; item_no: string; os_qty: string }[];
  const byId = new Map(lines.map((l) => [Number(l.id), l]));
  const asked = body.details.filter((d) => thousandths(d.Qty) > 0);
  if (!asked.length) throw new ValidationError({ details: [{ key: 'order.reassign.nothing' }] });
  for (const detail of asked) {
    const line = byId.get(detail.Id);
    if (!line) throw new ValidationError({ details: [{ key: 'order.reassign.notThisOrder' }] });
    if (thousandths(detail.Qty) > thousandths(line.os_qty)) {
      throw new RuleError('QUANTITY_TOO_HIGH', 'order.reassign.tooHigh', {
        item: line.item_no,
        max: Number(line.os_qty),
      });
    }
  }
  changed(
    await workflowsOf(deps).reassignDo(row.Order_No, {
      by: user.username,
      lines: asked.map((d) => ({ orderDetailId: d.Id, qty: Math.round(d.Qty * 1000) / 1000 })),
    }),
    row,
  );
  return { orderNo: row.Order_No };
}
