// The order workflow's projection (order.workflow.ts, DESIGN §2 "Source of truth"): one activity, writeOrderChange,
// writes each change the workflow accepts to PostgreSQL in one transaction, before the Update that caused it
// returns, so the order list the user reads next already shows it:
//   - the orders row: status, dispatch_status (and its remark), auto_reject_date, the transporter on an edit
//     assign, edited_date/edited_by, version + 1;
//   - one order_histories row whose idempotency_key is `<workflowId>/<change>/<sequence>` (unique): a retried
//     activity finds its row and writes nothing more;
//   - the quantities (DESIGN §4 "Quantities"), through the one ledger (db/ledger.ts) that writes them: a SAP line's
//     os_qty is stored on sap_order_details (the header's
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
//     approvers, auto-reject time), so a run the sweep starts again continues the assignment that is current;
//   - the order itself, when the run makes it (OrderWorkflowInput.creation): its first change carries the rows
//     the assignment checked (OrderCreation), written in the transaction of that change (writers.ts
//     writeCreation: the orders row, its lines reserved through the ledger, its transporters, has_order). A
//     retried activity finds the row with its first change written and answers "repeated"; a refused reservation
//     rolls everything back (QUANTITY_NOT_AVAILABLE, naming the SAP line).
// What only one kind of change writes (an edit's rows, a line's returned quantity, the stuffing range, a new
// transporter) is that kind's writer in writers.ts; this file keeps the frame every change goes through (the row
// locked, a repeat or a change the rows are ahead of answered, the status, approval and history rows) and the
// quantity operations the writers are handed.
// It is run as a local activity: short, idempotent, and answered with the Update (issue 16: a regular activity
// costs an Update about 100 ms more).
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import {
  editOrderLines,
  isReleased,
  lockOrderSapLines,
  lockSapLines,
  moveOrderLines,
  readHolds,
  recompute,
  reserve,
  wouldOverdraw,
  type NewOrderLine,
} from '../../db/ledger';
import type {
  DispatchStatus as DefinedDispatchStatus,
  OrderStatus as DefinedOrderStatus,
} from '../../db/resources/order';
import { writeChange, writeCreation, type QuantityOps } from './writers';
import {
  ORDER_APPROVAL_TRANSACTION_TYPE,
  type DispatchStatus,
  type OrderCreation,
  type OrderResume,
  type OrderStatus,
  type UnreservedLine,
} from './messages';
import {
  EDITED_ORDER_COLUMNS,
  type OrderApprovalChange,
  type OrderChangeInput,
  type OrderEditChanges,
} from './changes';
import { changeNumberSql, ORDER_RESUME_COLUMNS, readOrderResume, type OrderRow } from './resume';

export { EDITED_ORDER_COLUMNS };
export type {
  EditedLine,
  OrderEditChanges,
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
  /** With QUANTITY_NOT_AVAILABLE on the order's creation: the SAP line that no longer has the quantity. */
  sapLineId?: string;
}

/** The history row's key: the workflow and the change (migration 016). */
export function orderChangeKey(input: Pick<OrderChangeInput, 'workflowId' | 'kind' | 'sequence'>): string {
  return `${input.workflowId}/${input.kind}/${input.sequence}`;
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
  created?: OrderCreation['order'],
): Promise<{ summary: string; company: string | null }> {
  type Named = {
    order_no: string;
    order_type_name: string | null;
    transporter_code: string | null;
    transporter_name: string | null;
    company_code: string | null;
  };
  const order = created
    ? (created as Named)
    : ((await trx('orders')
        .where('id', orderId)
        .first(
          'order_no',
          'order_type_name',
          'transporter_code',
          'transporter_name',
          'company_code',
        )) as Named);
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
  created?: OrderCreation['order'],
): Promise<void> {
  // An order made in this transaction has no approval round yet, and its row is the one just written.
  const open = created ? undefined : await openApproval(trx, orderId);
  if (change.kind === 'open') {
    // A round left open (the run that asked it died, say) gives way to the new one.
    if (open) {
      await trx('approvals')
        .where('id', open.id)
        .update({ status: 'CANCELLED', decided_date: at, edited_date: at, edited_by: input.by });
    }
    const { summary, company } = await approvalSummary(trx, orderId, created);
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

/** The lines that still return quantity (what a repeated unmark answers). */
async function stillReturned(trx: Knex.Transaction, orderId: number): Promise<UnreservedLine[]> {
  const rows = (await trx('order_details')
    .where('order_id', orderId)
    .where('revert_qty', '>', 0)
    .orderBy('item_no')
    .select('item_no', 'revert_qty')) as { item_no: string; revert_qty: string }[];
  return rows.map((r) => ({ itemNo: r.item_no, qty: Number(r.revert_qty) }));
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
  const edited = await editOrderLines(
    trx,
    orderId,
    changes.lines.map((line) => ({
      orderDetailId: line.orderDetailId,
      sapOrderDetailId: line.sapOrderDetailId,
      qty: line.qty,
      toleranceQty: line.toleranceQty,
      values: {
        sap_no: line.sapNo,
        sap_item_no: line.sapItemNo,
        material_code: line.materialCode,
        uom: line.uom,
        conversion_type: line.conversionType,
        conversion: line.conversion,
        charge_oa_company: line.chargeOaCompany,
        ln_type: line.lnType,
        incoterm_rule: line.incotermRule,
        so_factory_no: line.soFactoryNo,
        so_factory_item_no: line.soFactoryItemNo,
        po_so_factory: line.poSoFactory,
      },
    })),
  );
  if ('refusal' in edited) return edited.refusal;
  const ids = edited.sapLineIds;

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

/** A new order's lines reserved, their SAP lines locked first (in id order) as the ledger asks. */
async function reserveLines(trx: Knex.Transaction, lines: readonly NewOrderLine[]) {
  await lockSapLines(
    trx,
    lines.map((l) => l.sap_order_detail_id),
  );
  return reserve(trx, lines);
}

/** The SAP-line and order-line quantity operations, as the writers take them (writers.ts). */
const QUANTITIES: QuantityOps = {
  moveLines: moveOrderLines,
  reserveLines,
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
 * change number written, in one statement.
 */
async function lockOrder(
  trx: Knex.Transaction,
  input: Pick<OrderChangeInput, 'orderId' | 'workflowId'>,
  key: string,
): Promise<LockedOrder | undefined> {
  const prefix = `${input.workflowId}/`;
  return (await trx('orders as o')
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
}

/** Thrown inside the transaction to roll a refused creation back; answered as the refusal once it has. */
class CreationRefused extends Error {
  constructor(readonly sapLineId: string) {
    super(`SAP line ${sapLineId} no longer has the quantity the order would reserve.`);
  }
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
  created?: OrderCreation['order'],
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
  const ids = releases || reserves ? await lockOrderSapLines(trx, row.id) : [];
  if (reserves && wouldOverdraw(await readHolds(trx, ids, row.id))) return refused('QUANTITY_NOT_AVAILABLE');

  const written = await writeChange({ trx, orderId: row.id, change: input, at, quantities: QUANTITIES });
  if (written.refusal) return refused(written.refusal);
  if (releases || reserves)
    await recompute(trx, ids, { orderId: row.id, orderActive: !isReleased(input.to) });

  await trx('orders')
    .where('id', row.id)
    .update({ ...orderRowUpdate(trx, input, at), ...written.set });
  if ('approval' in input && input.approval) {
    await writeApproval(trx, row.id, input, input.approval, at, created);
  }
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
    /**
     * The order's state as its rows hold it, when they hold changes of this workflow later than `sequence` (a write
     * whose Update Temporal lost); null when they do not (or the row is gone). Reads only.
     */
    async readOrderAhead(input: {
      orderId: number;
      orderNo: string;
      workflowId: string;
      sequence: number;
    }): Promise<OrderResume | null> {
      return db.transaction(async (trx) => {
        const row = await lockOrder(trx, input, '');
        if (!row || row.order_no !== input.orderNo || row.latest === null || row.latest <= input.sequence) {
          return null;
        }
        const outcome = await behind(trx, row);
        return outcome.resume ?? null;
      });
    },
    /** Writes one change of the order (row, history, quantities) once; see the file's header. */
    async writeOrderChange(input: OrderChangeInput): Promise<OrderChangeOutcome> {
      try {
        return await db.transaction(async (trx) => {
          if (input.kind === 'assign' && input.creation) {
            // The order's creation: its rows first (unless an earlier attempt wrote them), then its first change
            // as every change is written.
            const { order } = input.creation;
            const created = await writeCreation(trx, input.orderId, input.creation, QUANTITIES);
            if (typeof created === 'object') throw new CreationRefused(created.sapLineId);
            if (created === 'MADE' && order.order_no === input.orderNo) {
              // Made here, so known without reading it back: locked (inserted by this transaction), with no
              // change written yet.
              const made = {
                id: input.orderId,
                status: String(order.status),
                order_no: String(order.order_no),
              };
              return writeNew(trx, { ...made, done: false, latest: null }, input, order);
            }
          }
          const row = await lockOrder(trx, input, orderChangeKey(input));
          if (!row || row.order_no !== input.orderNo)
            return { found: false, written: false, repeated: false };
          if (row.done) return repeatAnswer(trx, row, input);
          if (row.latest !== null && row.latest >= input.sequence) return behind(trx, row);
          return writeNew(trx, row, input);
        });
      } catch (err) {
        if (!(err instanceof CreationRefused)) throw err;
        return {
          found: true,
          written: false,
          repeated: false,
          refusal: 'QUANTITY_NOT_AVAILABLE',
          sapLineId: err.sapLineId,
        };
      }
    },
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
