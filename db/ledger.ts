// The quantity ledger (DESIGN §4 "Quantities"): the only code that locks and writes the quantities of SAP order
// lines (sap_order_details.qty / os_qty) and of order lines (order_details.qty / os_qty / revert_qty). The API
// (assign, the SAP order editor, the ERP import) and the order workflow's activity call it; nothing else writes
// those columns (test/unit/ledger-writers.test.ts fails when something does).
//
//   held(SAP line)  = Σ (order line qty − revert_qty) over the lines of orders whose status is not CANCELLED or
//                     REJECTED. A completed order holds what it shipped: mark complete moves its unshipped
//                     quantity to revert_qty, which it no longer holds.
//   os_qty          = max(0, Qty − held). held exceeds Qty only where an edit used a line's tolerance
//                     (over-delivery allowed on the order line); otherwise os_qty = Qty − held exactly.
//
// Every writer locks the SAP lines it touches (SELECT … FOR UPDATE, in id order, so two writers sharing lines queue
// instead of deadlocking) before reading what is held, and os_qty is always recomputed from the definition (never
// += / −=), so a repeated write cannot reserve or release twice. Quantities are compared as integer thousandths
// (the columns are numeric(18,3)), so float noise never makes a negative.
//
// The check of the whole database (driftedLines) is what the maintenance workflow runs.
import type { Knex } from 'knex';
import type { RELEASED_ORDER_STATUSES as DEFINED_RELEASED } from './resources/order';

/**
 * Order statuses whose lines hold nothing: the order definition's (db/resources/order.ts), written out here so the
 * worker does not load the definition module (zod); the type below fails to compile when the two differ.
 */
export const RELEASED_ORDER_STATUSES = ['CANCELLED', 'REJECTED'] as const;
export const RELEASED_MATCHES_DEFINITION: [typeof RELEASED_ORDER_STATUSES, typeof DEFINED_RELEASED] extends [
  typeof DEFINED_RELEASED,
  typeof RELEASED_ORDER_STATUSES,
]
  ? true
  : never = true;

export const isReleased = (status: string | null | undefined): boolean =>
  status != null && (RELEASED_ORDER_STATUSES as readonly string[]).includes(status);

/** A quantity as integer thousandths (numeric(18,3) units). */
export const thousandths = (value: number | string): number => Math.round(Number(value) * 1000);

/** Thousandths back to a quantity. */
export const fromThousandths = (value: number): number => value / 1000;

const RELEASED_SQL = `(${RELEASED_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** What one order line `d` of an order `o` holds of its SAP line (0 when the order is released). */
const LINE_HOLDS_SQL = `case when o.status in ${RELEASED_SQL} then 0 else d.qty - d.revert_qty end`;

/** SQL: held of the SAP line whose id is the expression `sapLineId`. */
export function heldSql(sapLineId: string): string {
  return `(select coalesce(sum(${LINE_HOLDS_SQL}), 0) from order_details d join orders o on o.id = d.order_id
            where d.sap_order_detail_id = ${sapLineId})`;
}

/**
 * SQL: whether active orders hold part of the SAP line `line` (a table alias): held > 0, read from the row itself
 * through the invariant (os_qty = Qty − held, so held > 0 exactly when os_qty < Qty). Cheap enough for the import's
 * set-based statements; driftedLines checks that the invariant it relies on holds.
 */
export function isHeldSql(line: string): string {
  return `(${line}.os_qty < ${line}.qty)`;
}

/** SQL: whether active orders hold part of any line of the SAP order `sapOrderId` (an expression). */
export function documentHeldSql(sapOrderId: string): string {
  return `exists (select 1 from sap_order_details h where h.sap_order_id = ${sapOrderId} and ${isHeldSql('h')})`;
}

const sortedIds = (ids: Iterable<string | number>): string[] =>
  [...new Set([...ids].map(String))].sort((a, b) => Number(a) - Number(b));

/**
 * Locks SAP lines (FOR UPDATE, in id order) and answers the asked columns of each, in id order. Every writer of
 * their quantities locks through here first.
 */
export async function lockSapLines<T = { id: string }>(
  trx: Knex,
  ids: Iterable<string | number>,
  columns: readonly string[] = ['id'],
): Promise<T[]> {
  const sorted = sortedIds(ids);
  if (!sorted.length) return [];
  return (await trx('sap_order_details')
    .whereIn('id', sorted)
    .orderBy('id')
    .forUpdate()
    .select(...columns)) as T[];
}

/** Locks every line of SAP orders (in id order), as a re-import of their documents does before judging them. */
export async function lockDocumentLines(trx: Knex, sapOrderIds: readonly number[]): Promise<void> {
  if (!sapOrderIds.length) return;
  await trx.raw(
    'select id from sap_order_details where sap_order_id = any(?::int[]) order by id for update',
    [[...sapOrderIds]],
  );
}

/** Locks the SAP lines an order's lines point to; answers their ids. */
export async function lockOrderSapLines(trx: Knex, orderId: number): Promise<string[]> {
  const ids = (await trx('order_details')
    .where('order_id', orderId)
    .distinct()
    .pluck('sap_order_detail_id')) as (string | number)[];
  await lockSapLines(trx, ids);
  return sortedIds(ids);
}

/** A SAP line and what is held of it, one order apart (read after the lines are locked). */
export interface SapLineHold {
  id: string;
  qty: string;
  /** What the lines of active orders other than the one asked about hold of it. */
  held_by_others: string;
  /** What the lines of the order asked about hold of it, whatever its status. */
  held_here: string;
}

/**
 * The most of a SAP line one order may hold after an edit (thousandths): the line's Qty less what the other active
 * orders hold, plus the over-delivery (tolerance) the order's lines on it allow. The edit panel's check tells the
 * user this figure (api/orders/edit.ts, spec/2 §5.1) and editOrderLines refuses above it: one rule, here.
 */
export function editLimit(hold: SapLineHold, tolerance: number): number {
  return thousandths(hold.qty) - thousandths(hold.held_by_others) + tolerance;
}

/**
 * Whether an edit that would have the order hold `wanted` of a SAP line (thousandths), its lines there allowing
 * `tolerance`, goes beyond editLimit. Only a line the edit raises is judged: one it keeps or lowers never becomes
 * the reason for a refusal.
 */
export function exceedsEditLimit(hold: SapLineHold, wanted: number, tolerance: number): boolean {
  return wanted > thousandths(hold.held_here) && wanted > editLimit(hold, tolerance);
}

/**
 * held of each SAP line (id order), split into what `orderId`'s lines hold (counted whatever the order's stored
 * status: the caller says whether the order is active) and what the other active orders hold.
 */
export async function readHolds(
  trx: Knex,
  ids: Iterable<string | number>,
  orderId: number | null = null,
): Promise<SapLineHold[]> {
  const sorted = sortedIds(ids);
  if (!sorted.length) return [];
  const released = RELEASED_ORDER_STATUSES.map(() => '?').join(', ');
  const here = orderId ?? -1;
  const result = await trx.raw<{ rows: SapLineHold[] }>(
    `select s.id::text as id, s.qty::text as qty,
            coalesce(sum(d.qty - d.revert_qty) filter (where o.id <> ? and o.status not in (${released})), 0)::text
              as held_by_others,
            coalesce(sum(d.qty - d.revert_qty) filter (where o.id = ?), 0)::text as held_here
       from sap_order_details s
       left join order_details d on d.sap_order_detail_id = s.id
       left join orders o on o.id = d.order_id
      where s.id = any(?::bigint[])
      group by s.id, s.qty
      order by s.id`,
    [here, ...RELEASED_ORDER_STATUSES, here, sorted],
  );
  return result.rows;
}

/** held of a line, in thousandths: the others' and, when the order is active, its own. */
const heldOf = (line: SapLineHold, orderActive: boolean): number =>
  thousandths(line.held_by_others) + (orderActive ? thousandths(line.held_here) : 0);

/** Whether any line would be held beyond its Qty with the order active. */
export function wouldOverdraw(lines: readonly SapLineHold[]): boolean {
  return lines.some((l) => heldOf(l, true) > thousandths(l.qty));
}

/** What is free of each line for the order asked about (Qty − others − its own), in thousandths, at least 0. */
export function freeOf(lines: readonly SapLineHold[]): Map<string, number> {
  return new Map(lines.map((l) => [l.id, Math.max(0, thousandths(l.qty) - heldOf(l, true))]));
}

/**
 * Writes each SAP line's os_qty from its holds: Qty − held, with the asked-about order's own lines counted when
 * `orderActive` (it may be moving into or out of the released statuses in this transaction).
 */
export async function settleOutstanding(
  trx: Knex,
  lines: readonly SapLineHold[],
  orderActive: boolean,
): Promise<void> {
  if (!lines.length) return;
  // One statement for all the lines (they are locked, in id order, by the caller).
  const values = lines.map(() => '(?::bigint, ?::numeric)').join(', ');
  const bindings = lines.flatMap((line) => [
    line.id,
    fromThousandths(Math.max(0, thousandths(line.qty) - heldOf(line, orderActive))),
  ]);
  await trx.raw(
    `update sap_order_details s set os_qty = v.os_qty from (values ${values}) as v(id, os_qty) where s.id = v.id`,
    bindings,
  );
}

/**
 * Recomputes os_qty of SAP lines from the definition. With `orderId`, that order's lines count as `orderActive`
 * says (the status it is about to be written with); without, every order counts by its stored status.
 */
export async function recompute(
  trx: Knex,
  ids: Iterable<string | number>,
  options: { orderId?: number; orderActive?: boolean } = {},
): Promise<void> {
  const holds = await readHolds(trx, ids, options.orderId ?? null);
  await settleOutstanding(trx, holds, options.orderId === undefined ? true : (options.orderActive ?? true));
}

// ---- Assign: reserve.

/** An order line as the assignment makes it: every order_details column but the ledger's own. */
export type NewOrderLine = Record<string, unknown> & {
  order_id: number;
  sap_order_detail_id: number;
  qty: number;
};

/**
 * Reserves: inserts the order's lines (all of each outstanding) and takes their quantities off their SAP lines.
 * The SAP lines must be locked (lockSapLines) and the quantities checked by the caller against os_qty read under
 * that lock; refused here too (naming the SAP line), nothing written, when a SAP line has less free than its
 * lines ask.
 */
export async function reserve(
  trx: Knex,
  lines: readonly NewOrderLine[],
): Promise<{ refusal: 'QUANTITY_NOT_AVAILABLE'; sapLineId: string } | undefined> {
  if (!lines.length) return undefined;
  const ids = lines.map((l) => l.sap_order_detail_id);
  const holds = await readHolds(trx, ids);
  const free = freeOf(holds);
  const asked = new Map<string, number>();
  for (const line of lines) {
    const id = String(line.sap_order_detail_id);
    asked.set(id, (asked.get(id) ?? 0) + thousandths(line.qty));
  }
  for (const [id, qty] of asked) {
    if (qty <= 0 || qty > (free.get(id) ?? 0)) return { refusal: 'QUANTITY_NOT_AVAILABLE', sapLineId: id };
  }
  await trx('order_details').insert(lines.map((l) => ({ ...l, os_qty: l.qty })));
  // held now = what was held under the lock + what these lines take (recompute would read the same again).
  await settleOutstanding(
    trx,
    holds.map((h) => ({
      ...h,
      held_by_others: String(fromThousandths(thousandths(h.held_by_others) + (asked.get(h.id) ?? 0))),
    })),
    true,
  );
  return undefined;
}

// ---- The order's own changes (the order workflow's activity).

/** A line unmark complete could not take back in full: what stays returned. */
export interface UnreservedLine {
  itemNo: string;
  qty: number;
}

export type LedgerRefusal = 'QUANTITY_NOT_AVAILABLE' | 'QUANTITY_TOO_HIGH';

/** What a change of the order does to its own lines, besides its move between statuses. */
export type OrderLineChange =
  | { kind: 'reassign'; lines: { orderDetailId: number; qty: number }[] }
  | { kind: 'revert' }
  | { kind: 're-reserve' }
  | { kind: 'none' };

/**
 * Reassign delivery order: each line gives `qty` back to its SAP line (its qty and outstanding both go down).
 * Refused, with nothing written, when a line is not the order's or asks more than its outstanding quantity.
 */
async function releaseLines(
  trx: Knex,
  orderId: number,
  lines: readonly { orderDetailId: number; qty: number }[],
): Promise<'QUANTITY_TOO_HIGH' | undefined> {
  const own = (await trx('order_details')
    .where('order_id', orderId)
    .whereIn(
      'id',
      lines.map((l) => l.orderDetailId),
    )
    .forUpdate()
    .select('id', 'qty', 'os_qty')) as { id: string | number; qty: string; os_qty: string }[];
  const byId = new Map(own.map((d) => [Number(d.id), d]));
  const asked = new Map<number, number>();
  for (const line of lines) {
    asked.set(line.orderDetailId, (asked.get(line.orderDetailId) ?? 0) + thousandths(line.qty));
  }
  for (const [id, qty] of asked) {
    const detail = byId.get(id);
    if (!detail || qty <= 0 || qty > thousandths(detail.os_qty)) return 'QUANTITY_TOO_HIGH';
  }
  for (const [id, qty] of asked) {
    const detail = byId.get(id)!;
    await trx('order_details')
      .where('id', id)
      .update({
        qty: fromThousandths(thousandths(detail.qty) - qty),
        os_qty: fromThousandths(thousandths(detail.os_qty) - qty),
      });
  }
  return undefined;
}

/** Mark complete: every line returns its outstanding (unshipped) quantity; the order's Revert_Qty is their sum. */
async function returnUnshipped(trx: Knex, orderId: number): Promise<void> {
  await trx('order_details')
    .where('order_id', orderId)
    .update({ revert_qty: trx.raw('revert_qty + os_qty'), os_qty: 0 });
  await trx('orders')
    .where('id', orderId)
    .update({ revert_qty: trx('order_details').where('order_id', orderId).sum('revert_qty') });
}

/**
 * Unmark complete: each line takes back what it returned, as far as its SAP line still has it free (other orders
 * may have taken it meanwhile); answers the lines that could not take it all. `holds` is read under the locks.
 */
async function reserveReturned(
  trx: Knex,
  orderId: number,
  holds: readonly SapLineHold[],
): Promise<UnreservedLine[]> {
  const free = freeOf(holds);
  const lines = (await trx('order_details')
    .where('order_id', orderId)
    .where('revert_qty', '>', 0)
    .orderBy('item_no')
    .select('id', 'item_no', 'sap_order_detail_id', 'revert_qty', 'os_qty')) as {
    id: number;
    item_no: string;
    sap_order_detail_id: string | number;
    revert_qty: string;
    os_qty: string;
  }[];
  const unreserved: UnreservedLine[] = [];
  for (const line of lines) {
    const sapLine = String(line.sap_order_detail_id);
    const returned = thousandths(line.revert_qty);
    const taken = Math.min(returned, free.get(sapLine) ?? 0);
    free.set(sapLine, (free.get(sapLine) ?? 0) - taken);
    if (taken < returned) unreserved.push({ itemNo: line.item_no, qty: fromThousandths(returned - taken) });
    if (taken === 0) continue;
    await trx('order_details')
      .where('id', line.id)
      .update({
        revert_qty: fromThousandths(returned - taken),
        os_qty: fromThousandths(thousandths(line.os_qty) + taken),
      });
  }
  await trx('orders')
    .where('id', orderId)
    .update({ revert_qty: trx('order_details').where('order_id', orderId).sum('revert_qty') });
  return unreserved;
}

/**
 * A change of an active order's own lines, with no move between statuses (reassign DO, mark complete's revert,
 * unmark complete's re-reserve): its SAP lines locked, the lines moved, their os_qty settled.
 */
export async function moveOrderLines(
  trx: Knex,
  orderId: number,
  change: Exclude<OrderLineChange, { kind: 'none' }>,
): Promise<{ refusal?: LedgerRefusal; unreserved?: UnreservedLine[] }> {
  return applyOrderChange(trx, orderId, { from: null, to: 'ACTIVE', change });
}

/**
 * The quantities of one change of an order, in its transaction, before its new status is written: its SAP lines
 * locked; a move out of CANCELLED / REJECTED refused (nothing written) when other orders took the quantity
 * meanwhile; its own lines changed (reassign releases part of them, mark complete returns the unshipped
 * quantity, unmark takes it back as far as it is free); and the SAP lines' os_qty recomputed with the order
 * counted as `to` says.
 */
export async function applyOrderChange(
  trx: Knex,
  orderId: number,
  move: { from: string | null; to: string; change: OrderLineChange },
): Promise<{ refusal?: LedgerRefusal; unreserved?: UnreservedLine[] }> {
  const wasReleased = isReleased(move.from);
  const releases = !wasReleased && isReleased(move.to);
  const reserves = wasReleased && !isReleased(move.to);
  if (!releases && !reserves && move.change.kind === 'none') return {};
  const ids = await lockOrderSapLines(trx, orderId);
  if (reserves && wouldOverdraw(await readHolds(trx, ids, orderId))) {
    return { refusal: 'QUANTITY_NOT_AVAILABLE' };
  }
  let unreserved: UnreservedLine[] | undefined;
  if (move.change.kind === 'reassign') {
    const refused = await releaseLines(trx, orderId, move.change.lines);
    if (refused) return { refusal: refused };
  } else if (move.change.kind === 'revert') {
    await returnUnshipped(trx, orderId);
  } else if (move.change.kind === 're-reserve') {
    unreserved = await reserveReturned(trx, orderId, await readHolds(trx, ids, orderId));
  }
  await settleOutstanding(trx, await readHolds(trx, ids, orderId), !isReleased(move.to));
  return unreserved ? { unreserved } : {};
}

/** An order line as an edit leaves it: the SAP line it takes from, how much, and its other columns. */
export interface LedgerEditedLine {
  /** order_details.id of a line the order has; null for a line the edit adds. */
  orderDetailId: number | null;
  sapOrderDetailId: number;
  qty: number;
  /** Over-delivery allowed on the line (order_details.tolerance_qty). */
  toleranceQty: number;
  /** The line's other order_details columns (sap_no, material_code, ...). */
  values: Record<string, unknown>;
}

/**
 * An edit of an active order's lines: kept lines changed, new ones added, the rest removed, and the SAP lines'
 * os_qty recomputed. Every SAP line involved is locked first (in id order), and the edit is refused, with nothing
 * written, when the lines of other orders together with this one's would hold more of a SAP line than its
 * quantity and the tolerance, or when a line would go below what it has already shipped or returned. Answers the
 * SAP line ids involved.
 */
export async function editOrderLines(
  trx: Knex,
  orderId: number,
  lines: readonly LedgerEditedLine[],
): Promise<{ refusal: 'QUANTITY_NOT_AVAILABLE' } | { sapLineIds: string[] }> {
  const own = (await trx('order_details')
    .where('order_id', orderId)
    .orderBy('id')
    .select('id', 'sap_order_detail_id', 'item_no', 'qty', 'os_qty', 'revert_qty')) as {
    id: string;
    sap_order_detail_id: string;
    item_no: string;
    qty: string;
    os_qty: string;
  }[];
  const ids = sortedIds([...own.map((l) => l.sap_order_detail_id), ...lines.map((l) => l.sapOrderDetailId)]);
  await lockSapLines(trx, ids);
  const holds = await readHolds(trx, ids, orderId);
  const refused = { refusal: 'QUANTITY_NOT_AVAILABLE' } as const;

  // What this order would hold of each SAP line, and what over-delivery its lines allow there.
  const wanted = new Map<string, number>();
  const tolerance = new Map<string, number>();
  for (const line of lines) {
    const id = String(line.sapOrderDetailId);
    wanted.set(id, (wanted.get(id) ?? 0) + thousandths(line.qty));
    tolerance.set(id, (tolerance.get(id) ?? 0) + thousandths(line.toleranceQty));
  }
  for (const hold of holds) {
    const here = wanted.get(hold.id) ?? 0;
    if (here > 0 && exceedsEditLimit(hold, here, tolerance.get(hold.id) ?? 0)) return refused;
  }

  const byId = new Map(own.map((l) => [Number(l.id), l]));
  const kept = new Set<number>();
  for (const line of lines) {
    if (line.orderDetailId === null) continue;
    const current = byId.get(line.orderDetailId);
    if (!current) return refused;
    // Shipped or returned already: what the line can no longer give up.
    const gone = thousandths(current.qty) - thousandths(current.os_qty);
    if (thousandths(line.qty) < gone) return refused;
    kept.add(line.orderDetailId);
  }
  const removed = own.filter((l) => !kept.has(Number(l.id)));
  if (removed.some((l) => thousandths(l.qty) !== thousandths(l.os_qty))) return refused;

  const values = (line: LedgerEditedLine) => ({
    ...line.values,
    sap_order_detail_id: line.sapOrderDetailId,
    qty: line.qty,
    tolerance_qty: line.toleranceQty,
  });
  if (removed.length) {
    await trx('order_details')
      .whereIn(
        'id',
        removed.map((l) => l.id),
      )
      .delete();
  }
  let lastItem = own.reduce((max, l) => Math.max(max, Number(l.item_no) || 0), 0);
  for (const line of lines) {
    if (line.orderDetailId !== null) {
      const current = byId.get(line.orderDetailId)!;
      const gone = thousandths(current.qty) - thousandths(current.os_qty);
      await trx('order_details')
        .where('id', line.orderDetailId)
        .update({ ...values(line), os_qty: fromThousandths(thousandths(line.qty) - gone) });
    } else {
      lastItem += 10;
      await trx('order_details').insert({
        order_id: orderId,
        item_no: String(lastItem).padStart(6, '0'),
        ...values(line),
        os_qty: line.qty,
      });
    }
  }
  await settleOutstanding(trx, await readHolds(trx, ids, orderId), true);
  return { sapLineIds: ids };
}

// ---- SAP lines written by the console (manual and transfer orders, edited only while no order holds them).

/** A SAP line as the editor saves it: every sap_order_details column but os_qty (Qty included). */
export type SapLineValues = Record<string, unknown>;

/** Inserts SAP lines, all of each outstanding (no order holds a new line). */
export async function insertSapLines(trx: Knex, rows: readonly SapLineValues[]): Promise<void> {
  if (!rows.length) return;
  await trx('sap_order_details').insert(rows.map((r) => ({ ...r, os_qty: r.qty })));
}

/** Writes SAP lines' values (Qty included) under their locks; os_qty follows (Qty − held). */
export async function updateSapLines(
  trx: Knex,
  rows: readonly { id: number; values: SapLineValues }[],
): Promise<void> {
  if (!rows.length) return;
  await lockSapLines(
    trx,
    rows.map((r) => r.id),
  );
  const holds = new Map(
    (
      await readHolds(
        trx,
        rows.map((r) => r.id),
      )
    ).map((h) => [h.id, h]),
  );
  for (const { id, values } of rows) {
    const held = heldOf(holds.get(String(id))!, true);
    const os = Math.max(0, thousandths(values.qty as number) - held);
    await trx('sap_order_details')
      .where('id', id)
      .update({ ...values, os_qty: fromThousandths(os) });
  }
}

// ---- The ERP import (api/erp/import.ts): SAP's lines into sap_order_details, set-based.

/**
 * The import's line statements, for the line columns it writes besides qty and mark_deleted and the recordset
 * its JSON is read with (`l(...)`, with sap_order_id, item_no, qty, mark_deleted, erp_changed_at). DESIGN §4
 * "SAP order states": a new line is all outstanding; an existing one no active order holds takes SAP's values
 * (os_qty = the new Qty); one an active order holds is kept as it is and flagged changed_in_sap (once: a line
 * already flagged is not written again). The lines of changed documents are locked first (lockDocumentLines),
 * so what is held is judged under the same locks an assignment takes.
 */
export function importLineStatements(lineColumns: readonly string[], lineRecordset: string) {
  const columns = lineColumns.join(', ');
  const newLines = `
  insert into sap_order_details (sap_order_id, item_no, qty, os_qty, mark_deleted, erp_changed_at${
    lineColumns.length ? `, ${columns}` : ''
  })
  select l.sap_order_id, l.item_no, l.qty, l.qty, l.mark_deleted, l.erp_changed_at${
    lineColumns.length ? `, ${lineColumns.map((c) => `l.${c}`).join(', ')}` : ''
  }
    from json_to_recordset(?::json) as ${lineRecordset}
   order by l.sap_order_id, l.item_no`;
  const held = isHeldSql('t');
  const keep = (column: string, incoming: string) =>
    `case when ${held} then t.${column} else ${incoming} end`;
  const changedLines = `
  with upd as (
    update sap_order_details t set
           ${lineColumns.map((c) => `${c} = ${keep(c, `l.${c}`)},`).join('\n           ')}
           qty = ${keep('qty', 'l.qty')},
           os_qty = ${keep('os_qty', 'l.qty')},
           mark_deleted = ${keep('mark_deleted', 'l.mark_deleted')},
           erp_changed_at = ${keep('erp_changed_at', 'l.erp_changed_at')},
           changed_in_sap = ${held}
      from json_to_recordset(?::json) as ${lineRecordset}
     where t.sap_order_id = l.sap_order_id and t.item_no = l.item_no
       and (${[...lineColumns, 'qty', 'mark_deleted'].map((c) => `t.${c}`).join(', ')})
           is distinct from (${[...lineColumns, 'qty', 'mark_deleted'].map((c) => `l.${c}`).join(', ')})
       and not (${held} and t.changed_in_sap)
    returning ${held} as flagged)
  select count(*) filter (where not flagged)::int as updated, count(*) filter (where flagged)::int as flagged
    from upd`;
  return {
    /** Lines of documents the import inserted. */
    newLines,
    /** New items of changed documents (items they already have are left to changedLines). */
    addedLines: `
  with ins as (${newLines}
    on conflict (sap_order_id, item_no) do nothing
    returning 1)
  select count(*)::int as n from ins`,
    /** Existing items of changed documents whose values differ from SAP's: answers updated and flagged. */
    changedLines,
  };
}

// ---- The invariant, on the whole database.

export interface LedgerDrift {
  id: string;
  sap_order_id: string;
  item_no: string;
  qty: string;
  os_qty: string;
  held: string;
}

/**
 * SAP lines whose os_qty is not max(0, Qty − held) (at most `limit`, in id order). Empty on a sound database; the
 * maintenance workflow runs it.
 */
export async function driftedLines(db: Knex, limit = 100): Promise<LedgerDrift[]> {
  const result = await db.raw<{ rows: LedgerDrift[] }>(
    `select s.id::text as id, s.sap_order_id::text as sap_order_id, s.item_no, s.qty::text as qty,
            s.os_qty::text as os_qty, coalesce(h.held, 0)::text as held
       from sap_order_details s
       left join (select d.sap_order_detail_id as id, sum(${LINE_HOLDS_SQL}) as held
                    from order_details d join orders o on o.id = d.order_id
                   group by d.sap_order_detail_id) h on h.id = s.id
      where s.os_qty <> greatest(0, s.qty - coalesce(h.held, 0))
      order by s.id
      limit ?`,
    [limit],
  );
  return result.rows;
}
