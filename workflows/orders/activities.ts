// The order workflow's projection (order.workflow.ts, DESIGN §2 "Source of truth"): one activity, writeOrderChange,
// writes each change the workflow accepts to PostgreSQL in one transaction, before the Update that caused it
// returns, so the order list the user reads next already shows it:
//   - the orders row: status, dispatch_status (and its remark), auto_reject_date, the transporter on an edit
//     assign, edited_date/edited_by, version + 1;
//   - one order_histories row whose idempotency_key is `<workflowId>/<change>/<sequence>` (unique): a retried
//     activity finds its row and writes nothing more;
//   - the quantities (DESIGN §4 "Quantities"): a SAP line's os_qty is stored on sap_order_details (the header's
//     os_qty_total and tab follow it by the triggers of migration 006), and is Qty minus what the lines of orders
//     that are not CANCELLED or REJECTED hold. When a change moves the order into or out of those statuses, the
//     os_qty of every SAP line the order's lines point to is recomputed from that definition, with the SAP lines
//     locked (FOR UPDATE, in id order), in the same transaction as the status. A recomputation, not a += / -=, so
//     a repeat cannot release or reserve twice. Re-reserving (edit assign after a rejection) is refused, with
//     nothing written, when another order took the quantity meanwhile;
//   - the order's approval as the Approval screen reads it (DESIGN §4, issue 16 "shown in the Approval screen"):
//     entering WAITING FOR ASSIGN TO TRANSPORTER APPROVAL opens an `approvals` row of transaction type ORDER
//     (document_id = orders.id, document_no = Order_No) with its `approval_approvers`, closing one left open by an
//     earlier round; each decision writes one `approval_logs` row and moves the row's level, or ends it APPROVED or
//     REJECTED. In the same transaction as the history row, so a retry writes it once too;
//   - an edit of the order (order_edits, migration 019, checked and priced by the API): set aside while it waits
//     for approval, or written — the order's lines (changed, added, removed), the SAP lines' os_qty recomputed
//     under their locks (refused, nothing written, when other orders took the quantity), the header values and
//     the transporters — in the transaction of its history row; a rejected or cancelled edit is only marked so;
//   - on an edit assign, orders.workflow_input (migration 017) follows the new assignment (transporter, levels,
//     approvers, auto-reject time), so a run the sweep starts again continues the assignment that is current.
// What only one kind of change writes (an edit's rows, a line's returned quantity, the stuffing range, a new
// transporter) is that kind's writer in writers.ts; this file keeps the frame every change goes through (the row
// locked, a repeat or a change the rows are ahead of answered, the status, approval and history rows) and the
// quantity operations the writers are handed.
// It is run as a local activity: short, idempotent, and answered with the Update (issue 16: a regular activity
// costs an Update about 100 ms more).
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { settleOutstanding } from '../../db/ledger';
import type {
  DispatchStatus as DefinedDispatchStatus,
  OrderStatus as DefinedOrderStatus,
} from '../../db/resources/order';
import { orderCreationLock } from './creation-lock';
import { writeChange, type QuantityOps } from './writers';
import {
  ORDER_APPROVAL_TRANSACTION_TYPE,
  type DispatchStatus,
  type OrderResume,
  type OrderStatus,
  type UnreservedLine,
} from './messages';
import type { OrderApprovalChange, OrderChangeInput } from './changes';
import { changeNumberSql, ORDER_RESUME_COLUMNS, readOrderResume, type OrderRow } from './resume';

export type {
  OrderApprovalChange,
  OrderAssignmentChange,
  OrderChangeInput,
  OrderChangeKind,
  OrderEditChange,
} from './changes';

const WAITING_FOR_APPROVAL = 'WAITING FOR APPROVAL';

// The workflow's own copies of the vocabularies (messages.ts) stay those of the order's definition: each of
// these fails to compile when they drift apart.
export const ORDER_VOCABULARY_CHECKS = {
  statuses: [] as OrderStatus[] satisfies DefinedOrderStatus[],
  dispatch: [] as DispatchStatus[] satisfies DefinedDispatchStatus[],
  dispatchBack: [] as DefinedDispatchStatus[] satisfies DispatchStatus[],
};

/** db/resources/order.ts RELEASED_ORDER_STATUSES (not imported: the definition module pulls zod into the worker). */
const RELEASED: readonly DefinedOrderStatus[] = ['CANCELLED', 'REJECTED'];
const isReleased = (status: string | null | undefined): boolean =>
  status != null && (RELEASED as readonly string[]).includes(status);

export interface OrderChangeOutcome {
  /** False: the orders row is gone (rolled back or deleted); nothing was written. */
  found: boolean;
  /** False: refused (quantity no longer available); nothing was written. */
  written: boolean;
  /** True when this very change had been written before (a retried activity). */
  repeated: boolean;
  /**
   * BEHIND: the order's rows hold changes of this workflow numbered from this one on that the workflow never
   * recorded (see `resume`); nothing was written.
   */
  refusal?: 'QUANTITY_NOT_AVAILABLE' | 'QUANTITY_TOO_HIGH' | 'EDIT_NOT_FOUND' | 'BEHIND';
  /**
   * With BEHIND: where those changes left the order, which the workflow takes as its state before it decides its
   * change again. They are an Update's change written before Temporal recorded the Update, then lost by Temporal (a
   * server restart, a shard moving): the user was answered "may still be made" and sees the change in the list.
   */
  resume?: OrderResume;
  /** Unmark complete: the lines whose returned quantity could not all be reserved again. */
  unreserved?: UnreservedLine[];
  /**
   * The Auto_Reject_Date (ISO, or null) the change stored. A repeat answers the one written the first time: a
   * workflow task retried after a killed worker computes its deadline again from a later clock, and must take
   * the stored one rather than its own (absent from results recorded before this field existed).
   */
  autoRejectDate?: string | null;
}

/** The history row's key: the workflow and the change (migration 016). */
export function orderChangeKey(input: Pick<OrderChangeInput, 'workflowId' | 'kind' | 'sequence'>): string {
  return `${input.workflowId}/${input.kind}/${input.sequence}`;
}

interface SapLineHold {
  id: string;
  qty: string;
  /** What the lines of active orders other than this one hold of it. */
  held_by_others: string;
  /** What this order's lines hold of it. */
  held_here: string;
}

/**
 * The SAP lines the order's lines point to, locked in id order (two orders sharing lines lock them in the same
 * order). Locked before the order's own lines change, so what is read after is what this transaction decides on.
 */
async function lockSapLines(trx: Knex.Transaction, orderId: number): Promise<string[]> {
  const ids = (await trx('order_details')
    .where('order_id', orderId)
    .distinct()
    .pluck('sap_order_detail_id')) as (string | number)[];
  if (!ids.length) return [];
  await trx('sap_order_details').whereIn('id', ids).orderBy('id').forUpdate().select('id');
  return ids.map(String);
}

/**
 * What active orders hold of each SAP line (an order line holds its qty less what mark complete returned,
 * revert_qty), this order apart. Read after lockSapLines.
 */
async function readHolds(trx: Knex.Transaction, orderId: number, ids: string[]): Promise<SapLineHold[]> {
  if (!ids.length) return [];
  const released = RELEASED.map(() => '?').join(', ');
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
    [orderId, ...RELEASED, orderId, ids],
  );
  return result.rows;
}

/** Sets each SAP line's os_qty to Qty minus what active orders hold of it (DESIGN §4), this order included or not. */
async function recomputeOsQty(
  trx: Knex.Transaction,
  lines: SapLineHold[],
  orderActive: boolean,
): Promise<void> {
  await settleOutstanding(trx, lines, orderActive);
}

function lineWouldGoNegative(lines: SapLineHold[]): boolean {
  return lines.some(
    (l) =>
      Math.round(Number(l.held_by_others) * 1000) + Math.round(Number(l.held_here) * 1000) >
      Math.round(Number(l.qty) * 1000),
  );
}

interface OpenApproval {
  id: number;
  current_level: number;
  max_level: number;
}

/** The order's approval round that waits, if any (one at most: migration 006 approvals_open_uq). */
async function openApproval(trx: Knex, orderId: number): Promise<OpenApproval | undefined> {
  return (await trx('approvals')
    .where({
      transaction_type: ORDER_APPROVAL_TRANSACTION_TYPE,
      document_id: String(orderId),
      status: WAITING_FOR_APPROVAL,
    })
    .forUpdate()
    .first('id', 'current_level', 'max_level')) as OpenApproval | undefined;
}

/** "<order type> <Order_No> → <transporter>": what the Approval list says of the order in one line. */
async function approvalSummary(
  trx: Knex,
  orderId: number,
): Promise<{ summary: string; company: string | null }> {
  const order = (await trx('orders')
    .where('id', orderId)
    .first('order_no', 'order_type_name', 'transporter_code', 'transporter_name', 'company_code')) as {
    order_no: string;
    order_type_name: string | null;
    transporter_code: string | null;
    transporter_name: string | null;
    company_code: string | null;
  };
  const to = order.transporter_name ?? order.transporter_code ?? '';
  const summary = [order.order_type_name, order.order_no, '→', to].filter(Boolean).join(' ');
  return { summary: summary.slice(0, 500), company: order.company_code };
}

async function writeApproval(
  trx: Knex.Transaction,
  orderId: number,
  input: OrderChangeInput,
  change: OrderApprovalChange,
  at: Date,
): Promise<void> {
  const open = await openApproval(trx, orderId);
  if (change.kind === 'open') {
    // A round left open (the run that asked it died, say) gives way to the new one.
    if (open) {
      await trx('approvals')
        .where('id', open.id)
        .update({ status: 'CANCELLED', decided_date: at, edited_date: at, edited_by: input.by });
    }
    const { summary, company } = await approvalSummary(trx, orderId);
    const [approval] = (await trx('approvals')
      .insert({
        transaction_type: ORDER_APPROVAL_TRANSACTION_TYPE,
        document_id: String(orderId),
        document_no: input.orderNo,
        company_code: company,
        status: WAITING_FOR_APPROVAL,
        current_level: 1,
        max_level: Math.max(1, change.levels),
        workflow_id: input.workflowId,
        summary,
        created_date: at,
        created_by: input.by,
      })
      .returning('id')) as { id: number }[];
    if (change.approvers.length) {
      await trx('approval_approvers')
        .insert(
          change.approvers.map((a) => ({ approval_id: approval!.id, username: a.username, level: a.level })),
        )
        .onConflict(['approval_id', 'username', 'level'])
        .ignore();
    }
    return;
  }
  // The workflow decides only a round it opened; without its row (data from before the rows were written) the
  // decision stays in the order's history alone.
  if (!open) return;
  if (change.kind === 'cancel') {
    await trx('approvals')
      .where('id', open.id)
      .update({ status: 'CANCELLED', decided_date: at, edited_date: at, edited_by: input.by });
    return;
  }
  await trx('approval_logs').insert({
    approval_id: open.id,
    transaction_type: ORDER_APPROVAL_TRANSACTION_TYPE,
    document_no: input.orderNo,
    level: change.level,
    username: change.username,
    action: change.action,
    remark: change.remark,
    created_date: at,
    created_by: change.username,
  });
  await trx('approvals')
    .where('id', open.id)
    .update({
      status: change.final ? change.action : WAITING_FOR_APPROVAL,
      current_level: change.final ? change.level : change.level + 1,
      ...(change.final ? { decided_date: at } : {}),
      edited_date: at,
      edited_by: change.username,
    });
}

const thousandths = (value: string | number): number => Math.round(Number(value) * 1000);

/**
 * Reassign delivery order: each line gives `qty` back to its SAP line (its qty and outstanding both go down).
 * Refused, with nothing written, when a line is not the order's or asks more than its outstanding quantity.
 */
async function releaseLines(
  trx: Knex.Transaction,
  orderId: number,
  lines: { orderDetailId: number; qty: number }[],
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
        qty: (thousandths(detail.qty) - qty) / 1000,
        os_qty: (thousandths(detail.os_qty) - qty) / 1000,
      });
  }
  return undefined;
}

/** Mark complete: every line returns its outstanding (unshipped) quantity; the order's Revert_Qty is their sum. */
async function returnUnshipped(trx: Knex.Transaction, orderId: number): Promise<void> {
  await trx('order_details')
    .where('order_id', orderId)
    .update({ revert_qty: trx.raw('revert_qty + os_qty'), os_qty: 0 });
  await trx('orders')
    .where('id', orderId)
    .update({
      revert_qty: trx('order_details').where('order_id', orderId).sum('revert_qty'),
    });
}

/**
 * Unmark complete: each line takes back what it returned, as far as its SAP line still has it free (other orders
 * may have taken it meanwhile); answers the lines that could not take it all. `holds` is read under the locks.
 */
async function reserveReturned(
  trx: Knex.Transaction,
  orderId: number,
  holds: SapLineHold[],
): Promise<UnreservedLine[]> {
  const free = new Map(
    holds.map((h) => [
      h.id,
      Math.max(0, thousandths(h.qty) - thousandths(h.held_by_others) - thousandths(h.held_here)),
    ]),
  );
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
    if (taken < returned) unreserved.push({ itemNo: line.item_no, qty: (returned - taken) / 1000 });
    if (taken === 0) continue;
    await trx('order_details')
      .where('id', line.id)
      .update({
        revert_qty: (returned - taken) / 1000,
        os_qty: (thousandths(line.os_qty) + taken) / 1000,
      });
  }
  await trx('orders')
    .where('id', orderId)
    .update({
      revert_qty: trx('order_details').where('order_id', orderId).sum('revert_qty'),
    });
  return unreserved;
}

/** The lines that still return quantity (what a repeated unmark answers). */
async function stillReturned(trx: Knex.Transaction, orderId: number): Promise<UnreservedLine[]> {
  const rows = (await trx('order_details')
    .where('order_id', orderId)
    .where('revert_qty', '>', 0)
    .orderBy('item_no')
    .select('item_no', 'revert_qty')) as { item_no: string; revert_qty: string }[];
  return rows.map((r) => ({ itemNo: r.item_no, qty: Number(r.revert_qty) }));
}

/** An order line as an edit leaves it (order_edits.changes.lines): the SAP line it takes from and how much. */
export interface EditedLine {
  /** order_details.id of a line the order has; null for a line the edit adds. */
  orderDetailId: number | null;
  sapOrderDetailId: number;
  qty: number;
  /** Over-delivery allowed on the line (order_details.tolerance_qty). */
  toleranceQty: number;
  sapNo: string;
  sapItemNo: string;
  materialCode: string;
  uom: string;
  conversionType: string | null;
  conversion: number | null;
  chargeOaCompany: string | null;
  lnType: string | null;
  incotermRule: string | null;
  soFactoryNo: string | null;
  soFactoryItemNo: string | null;
  poSoFactory: string | null;
}

/** The orders columns an edit may set (order_edits.changes.header); anything else in the JSON is ignored. */
export const EDITED_ORDER_COLUMNS = [
  'loading_destination_from_id',
  'loading_destination_to_id',
  'trip_type',
  'vessel',
  'ln_type',
  'ln_inco_rule',
  'transporter_notes',
  'truck_type_id',
  'multiple_weighing',
] as const;

/** order_edits.changes: the order as the edit leaves it, checked and priced by the API. */
export interface OrderEditChanges {
  header: Partial<Record<(typeof EDITED_ORDER_COLUMNS)[number], unknown>>;
  /** Every line the order keeps or gains; the order's lines not named here are removed. */
  lines: EditedLine[];
  /** order_transporters rows (without order_id) that replace the order's. */
  transporters: Record<string, unknown>[];
}

interface OwnLine {
  id: string;
  sap_order_detail_id: string;
  item_no: string;
  qty: string;
  os_qty: string;
  revert_qty: string;
}

/**
 * Writes an edit to the order: its lines (kept, changed, added, removed), the SAP lines' os_qty, the header values
 * and the transporters. Every SAP line involved is locked first (in id order), and the edit is refused, with
 * nothing written, when the lines of other orders together with this one's would hold more of a SAP line than its
 * quantity and the tolerance, or when a line would go below what it has already shipped or returned.
 */
async function applyEdit(
  trx: Knex.Transaction,
  orderId: number,
  changes: OrderEditChanges,
  at: Date,
  by: string,
): Promise<'QUANTITY_NOT_AVAILABLE' | undefined> {
  const own = (await trx('order_details')
    .where('order_id', orderId)
    .orderBy('id')
    .select('id', 'sap_order_detail_id', 'item_no', 'qty', 'os_qty', 'revert_qty')) as OwnLine[];
  const ids = [
    ...new Set([
      ...own.map((l) => String(l.sap_order_detail_id)),
      ...changes.lines.map((l) => String(l.sapOrderDetailId)),
    ]),
  ].sort((a, b) => Number(a) - Number(b));
  await trx('sap_order_details').whereIn('id', ids).orderBy('id').forUpdate().select('id');
  const holds = await readHolds(trx, orderId, ids);

  // What this order would hold of each SAP line, and what over-delivery its lines allow there.
  const wanted = new Map<string, number>();
  const tolerance = new Map<string, number>();
  for (const line of changes.lines) {
    const id = String(line.sapOrderDetailId);
    wanted.set(id, (wanted.get(id) ?? 0) + thousandths(line.qty));
    tolerance.set(id, (tolerance.get(id) ?? 0) + thousandths(line.toleranceQty));
  }
  for (const hold of holds) {
    const here = wanted.get(hold.id) ?? 0;
    if (here === 0) continue;
    // Only a line the edit raises is judged: one it keeps or lowers never becomes the reason for a refusal.
    if (here <= thousandths(hold.held_here)) continue;
    if (thousandths(hold.held_by_others) + here > thousandths(hold.qty) + (tolerance.get(hold.id) ?? 0)) {
      return 'QUANTITY_NOT_AVAILABLE';
    }
  }

  const byId = new Map(own.map((l) => [Number(l.id), l]));
  const kept = new Set<number>();
  for (const line of changes.lines) {
    if (line.orderDetailId === null) continue;
    const current = byId.get(line.orderDetailId);
    if (!current) return 'QUANTITY_NOT_AVAILABLE';
    // Shipped or returned already: what the line can no longer give up.
    const gone = thousandths(current.qty) - thousandths(current.os_qty);
    if (thousandths(line.qty) < gone) return 'QUANTITY_NOT_AVAILABLE';
    kept.add(line.orderDetailId);
  }
  const removed = own.filter((l) => !kept.has(Number(l.id)));
  if (removed.some((l) => thousandths(l.qty) !== thousandths(l.os_qty))) return 'QUANTITY_NOT_AVAILABLE';

  const values = (line: EditedLine) => ({
    sap_order_detail_id: line.sapOrderDetailId,
    sap_no: line.sapNo,
    sap_item_no: line.sapItemNo,
    material_code: line.materialCode,
    uom: line.uom,
    qty: line.qty,
    tolerance_qty: line.toleranceQty,
    conversion_type: line.conversionType,
    conversion: line.conversion,
    charge_oa_company: line.chargeOaCompany,
    ln_type: line.lnType,
    incoterm_rule: line.incotermRule,
    so_factory_no: line.soFactoryNo,
    so_factory_item_no: line.soFactoryItemNo,
    po_so_factory: line.poSoFactory,
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
  for (const line of changes.lines) {
    if (line.orderDetailId !== null) {
      const current = byId.get(line.orderDetailId)!;
      const gone = thousandths(current.qty) - thousandths(current.os_qty);
      await trx('order_details')
        .where('id', line.orderDetailId)
        .update({ ...values(line), os_qty: (thousandths(line.qty) - gone) / 1000 });
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
  await recomputeOsQty(trx, await readHolds(trx, orderId, ids), true);

  const header: Record<string, unknown> = {};
  for (const column of EDITED_ORDER_COLUMNS) {
    if (column in changes.header) header[column] = changes.header[column];
  }
  const sapNos = [...new Set(changes.lines.map((l) => l.sapNo))];
  header.sap_no = sapNos.join(', ').slice(0, 500);
  header.edited_date = at;
  header.edited_by = by;
  await trx('orders').where('id', orderId).update(header);
  if (changes.transporters.length) {
    await trx('order_transporters').where('order_id', orderId).delete();
    await trx('order_transporters').insert(changes.transporters.map((t) => ({ ...t, order_id: orderId })));
  }
  const sapOrders = (await trx('sap_order_details').whereIn('id', ids).distinct().pluck('sap_order_id')) as (
    string | number
  )[];
  await trx('sap_orders').whereIn('id', sapOrders).update({ has_order: true });
  return undefined;
}

/** The SAP-line and order-line quantity operations, as the writers take them (writers.ts). */
const QUANTITIES: QuantityOps = {
  lock: lockSapLines,
  recompute: async (trx, orderId, ids, orderActive) =>
    recomputeOsQty(trx, await readHolds(trx, orderId, ids), orderActive),
  releaseLines,
  returnUnshipped,
  reserveReturned: async (trx, orderId, ids) =>
    reserveReturned(trx, orderId, await readHolds(trx, orderId, ids)),
  applyEdit,
};

interface LockedOrder {
  id: number;
  status: string;
  order_no: string;
  /** This change's history row exists: it was written before. */
  done: boolean;
  /** The workflow's highest change number written. */
  latest: number | null;
}

/**
 * The orders row, locked, whether this change was written already (its history row) and the workflow's latest
 * change number written, in one statement. A row not there yet may be one whose creating transaction is still
 * open: its creation lock is waited for (creation-lock.ts), then the row read again.
 */
async function lockOrder(trx: Knex.Transaction, input: OrderChangeInput): Promise<LockedOrder | undefined> {
  const key = orderChangeKey(input);
  const prefix = `${input.workflowId}/`;
  const read = async () =>
    (await trx('orders as o')
      .where('o.id', input.orderId)
      .forUpdate()
      .first(
        'o.id',
        'o.status',
        'o.order_no',
        trx.raw('exists (select 1 from order_histories h where h.idempotency_key = ?) as done', [key]),
        trx.raw(
          `(select max(${changeNumberSql('h.idempotency_key')}) from order_histories h
             where h.order_id = o.id and left(h.idempotency_key, ?) = ?) as latest`,
          [prefix.length, prefix],
        ),
      )) as LockedOrder | undefined;
  const row = await read();
  if (row) return row;
  await orderCreationLock(trx, input.orderNo);
  return read();
}

/** A change written before (a retried activity): what it answered then. */
async function repeatAnswer(
  trx: Knex.Transaction,
  row: LockedOrder,
  input: OrderChangeInput,
): Promise<OrderChangeOutcome> {
  // This change is the order's latest (the workflow writes nothing after it until it completes), so the row still
  // holds the deadline it wrote.
  const stored = (await trx('orders').where('id', row.id).first('auto_reject_date')) as {
    auto_reject_date: Date | null;
  };
  return {
    found: true,
    written: true,
    repeated: true,
    autoRejectDate: stored.auto_reject_date ? new Date(stored.auto_reject_date).toISOString() : null,
    ...(input.kind === 'unmark-complete' ? { unreserved: await stillReturned(trx, row.id) } : {}),
  };
}

/** The change's number is taken by changes the workflow never recorded (OrderChangeOutcome.resume). */
async function behind(trx: Knex.Transaction, row: LockedOrder): Promise<OrderChangeOutcome> {
  const full = (await trx('orders').where('id', row.id).first(ORDER_RESUME_COLUMNS)) as OrderRow;
  const resume = await readOrderResume(trx, full);
  return { found: true, written: false, repeated: false, refusal: 'BEHIND', ...(resume ? { resume } : {}) };
}

/** The orders row as every change leaves it (the writer's own columns beside). */
function orderRowUpdate(trx: Knex.Transaction, input: OrderChangeInput, at: Date): Record<string, unknown> {
  const update: Record<string, unknown> = {
    status: input.to,
    dispatch_status: input.dispatchStatus,
    auto_reject_date: input.autoRejectDate ? new Date(input.autoRejectDate) : null,
    workflow_id: input.workflowId,
    edited_date: at,
    edited_by: input.by,
    version: trx.raw('version + 1'),
  };
  if (input.dispatchRemark !== undefined) update.dispatch_status_remarks = input.dispatchRemark;
  // The day an order is completed is what the dashboard's completed-orders chart counts (the counter triggers of
  // migrations 001/002 read it); leaving COMPLETED (unmark complete) takes it back.
  if (input.to === 'COMPLETED') update.completed_date = at;
  else if (input.from === 'COMPLETED') update.completed_date = null;
  return update;
}

/** Writes a change the order has not had: quantities, the kind's writer, the row, the approval, the history. */
async function writeNew(
  trx: Knex.Transaction,
  row: LockedOrder,
  input: OrderChangeInput,
): Promise<OrderChangeOutcome> {
  const refused = (refusal: OrderChangeOutcome['refusal']) => ({
    found: true,
    written: false,
    repeated: false,
    refusal,
  });
  const at = new Date(input.at);
  // The quantities follow the order into or out of the released statuses. Before the first change the row's own
  // status (as the assignment saved it) is what they follow. Re-reserving is refused, with nothing written, when
  // another order took the quantity meanwhile.
  const wasReleased = isReleased(input.from ?? row.status);
  const releases = !wasReleased && isReleased(input.to);
  const reserves = wasReleased && !isReleased(input.to);
  const ids = releases || reserves ? await lockSapLines(trx, row.id) : [];
  if (reserves && lineWouldGoNegative(await readHolds(trx, row.id, ids)))
    return refused('QUANTITY_NOT_AVAILABLE');

  const written = await writeChange({ trx, orderId: row.id, change: input, at, quantities: QUANTITIES });
  if (written.refusal) return refused(written.refusal);
  if (releases || reserves)
    await recomputeOsQty(trx, await readHolds(trx, row.id, ids), !isReleased(input.to));

  await trx('orders')
    .where('id', row.id)
    .update({ ...orderRowUpdate(trx, input, at), ...written.set });
  if ('approval' in input && input.approval) await writeApproval(trx, row.id, input, input.approval, at);
  await trx('order_histories').insert({
    order_id: row.id,
    status_from: input.from,
    status_to: input.to,
    remark: input.remark,
    created_date: at,
    created_by: input.by,
    idempotency_key: orderChangeKey(input),
  });
  return {
    found: true,
    written: true,
    repeated: false,
    autoRejectDate: input.autoRejectDate,
    ...(written.unreserved ? { unreserved: written.unreserved } : {}),
  };
}

export function createOrderActivities({ db }: { db: Db }) {
  return {
    /** Writes one change of the order (row, history, quantities) once; see the file's header. */
    async writeOrderChange(input: OrderChangeInput): Promise<OrderChangeOutcome> {
      return db.transaction(async (trx) => {
        const row = await lockOrder(trx, input);
        if (!row || row.order_no !== input.orderNo) return { found: false, written: false, repeated: false };
        if (row.done) return repeatAnswer(trx, row, input);
        if (row.latest !== null && row.latest >= input.sequence) return behind(trx, row);
        return writeNew(trx, row, input);
      });
    },
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
