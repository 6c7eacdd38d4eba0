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
//   - on an edit assign, orders.workflow_input (migration 017) follows the new assignment (transporter, levels,
//     approvers, auto-reject time), so a run the sweep starts again continues the assignment that is current.
// It is run as a local activity: short, idempotent, and answered with the Update (issue 16: a regular activity
// costs an Update about 100 ms more).
import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import type {
  DispatchStatus as DefinedDispatchStatus,
  OrderStatus as DefinedOrderStatus,
} from '../../db/resources/order';
import { orderCreationLock } from './creation-lock';
import type { ApproverRef, DispatchStatus, OrderStatus } from './messages';

/** db/resources/approvals.ts's code of an order's approval (not imported: it is the workflow's own word here). */
export const ORDER_APPROVAL_TRANSACTION_TYPE = 'ORDER';
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

export type OrderChangeKind =
  'assign' | 'approve' | 'approval-reject' | 'accept' | 'reject' | 'auto-reject' | 'edit-assign';

/** What a change does to the order's approval (the Approval screen's rows). */
export type OrderApprovalChange =
  /** A round of approval begins: levels 1..levels, decided by these approvers. */
  | { kind: 'open'; levels: number; approvers: ApproverRef[] }
  /** The level asked is decided; final: it ends the round (the last level approves, or any level rejects). */
  | {
      kind: 'decide';
      level: number;
      username: string;
      action: 'APPROVED' | 'REJECTED';
      remark: string | null;
      final: boolean;
    };

/** The new assignment an edit assign gives the order, kept in orders.workflow_input for the sweep. */
export interface OrderAssignmentChange {
  transporterCode: string;
  approvalLevels: number;
  approvers: ApproverRef[] | undefined;
  autoRejectMs: number;
}

export interface OrderChangeInput {
  orderId: number;
  orderNo: string;
  workflowId: string;
  kind: OrderChangeKind;
  /** The change's number within the workflow, from 1. */
  sequence: number;
  /** The status the workflow leaves (null for the first change, the order's creation). */
  from: OrderStatus | null;
  to: OrderStatus;
  dispatchStatus: DispatchStatus | null;
  /** The transporter's reject remark (orders.dispatch_status_remarks); null clears it. */
  dispatchRemark: string | null;
  /** ISO; null clears it. */
  autoRejectDate: string | null;
  /** Set on an edit assign: the order's new transporter. */
  transporterCode?: string;
  /** The history row's remark. */
  remark: string | null;
  /** A username, or `system` (the deadline). */
  by: string;
  /** The change's time (ISO), fixed by the workflow so a repeat writes the same. */
  at: string;
  approval?: OrderApprovalChange;
  /** Set on an edit assign. */
  assignment?: OrderAssignmentChange;
}

export interface OrderChangeOutcome {
  /** False: the orders row is gone (rolled back or deleted); nothing was written. */
  found: boolean;
  /** False: refused (quantity no longer available); nothing was written. */
  written: boolean;
  /** True when this very change had been written before (a retried activity). */
  repeated: boolean;
  refusal?: 'QUANTITY_NOT_AVAILABLE';
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
 * order), with what active orders hold of each.
 */
async function lockSapLines(trx: Knex.Transaction, orderId: number): Promise<SapLineHold[]> {
  const ids = (await trx('order_details')
    .where('order_id', orderId)
    .distinct()
    .pluck('sap_order_detail_id')) as (string | number)[];
  if (!ids.length) return [];
  await trx('sap_order_details').whereIn('id', ids).orderBy('id').forUpdate().select('id');
  const released = RELEASED.map(() => '?').join(', ');
  const result = await trx.raw<{ rows: SapLineHold[] }>(
    `select s.id::text as id, s.qty::text as qty,
            coalesce(sum(d.qty) filter (where o.id <> ? and o.status not in (${released})), 0)::text as held_by_others,
            coalesce(sum(d.qty) filter (where o.id = ?), 0)::text as held_here
       from sap_order_details s
       left join order_details d on d.sap_order_detail_id = s.id
       left join orders o on o.id = d.order_id
      where s.id = any(?::bigint[])
      group by s.id, s.qty
      order by s.id`,
    [orderId, ...RELEASED, orderId, ids.map(String)],
  );
  return result.rows;
}

/** Sets each SAP line's os_qty to Qty minus what active orders hold of it (DESIGN §4), this order included or not. */
async function recomputeOsQty(
  trx: Knex.Transaction,
  lines: SapLineHold[],
  orderActive: boolean,
): Promise<void> {
  for (const line of lines) {
    const held = Number(line.held_by_others) + (orderActive ? Number(line.held_here) : 0);
    // Compared in thousandths (numeric(18,3)), so float noise never makes a negative.
    const os = (Math.round(Number(line.qty) * 1000) - Math.round(held * 1000)) / 1000;
    await trx('sap_order_details')
      .where('id', line.id)
      .update({ os_qty: Math.max(0, os) });
  }
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

export function createOrderActivities({ db }: { db: Db }) {
  return {
    /** Writes one change of the order (row, history, quantities) once; see the file's header. */
    async writeOrderChange(input: OrderChangeInput): Promise<OrderChangeOutcome> {
      return db.transaction(async (trx) => {
        const readRow = async () =>
          (await trx('orders').where('id', input.orderId).forUpdate().first('id', 'status', 'order_no')) as
            { id: number; status: string; order_no: string } | undefined;
        let row = await readRow();
        if (!row) {
          // The creating transaction may still be open: wait for it to end (creation-lock.ts), then read again.
          await orderCreationLock(trx, input.orderNo);
          row = await readRow();
        }
        if (!row || row.order_no !== input.orderNo) return { found: false, written: false, repeated: false };
        const key = orderChangeKey(input);
        const done = (await trx('order_histories').where('idempotency_key', key).first('id')) as
          { id: number } | undefined;
        if (done) {
          // This change is the order's latest (the workflow writes nothing after it until it completes), so the
          // row still holds the deadline it wrote.
          const stored = (await trx('orders').where('id', row.id).first('auto_reject_date')) as {
            auto_reject_date: Date | null;
          };
          return {
            found: true,
            written: true,
            repeated: true,
            autoRejectDate: stored.auto_reject_date ? new Date(stored.auto_reject_date).toISOString() : null,
          };
        }

        // The quantities move only when the order moves into or out of the released statuses. Before the first
        // change the row's own status (as the assignment saved it) is what the quantities follow.
        const wasReleased = isReleased(input.from ?? row.status);
        const releases = !wasReleased && isReleased(input.to);
        const reserves = wasReleased && !isReleased(input.to);
        if (releases || reserves) {
          const lines = await lockSapLines(trx, row.id);
          if (reserves && lineWouldGoNegative(lines)) {
            return { found: true, written: false, repeated: false, refusal: 'QUANTITY_NOT_AVAILABLE' };
          }
          await recomputeOsQty(trx, lines, reserves);
        }

        const at = new Date(input.at);
        const update: Record<string, unknown> = {
          status: input.to,
          dispatch_status: input.dispatchStatus,
          dispatch_status_remarks: input.dispatchRemark,
          auto_reject_date: input.autoRejectDate ? new Date(input.autoRejectDate) : null,
          workflow_id: input.workflowId,
          edited_date: at,
          edited_by: input.by,
          version: trx.raw('version + 1'),
        };
        if (input.transporterCode !== undefined) {
          const transporter = (await trx('transporters')
            .whereRaw('lower(transporter_code) = lower(?)', [input.transporterCode])
            .first('transporter_code', 'transporter_name')) as
            { transporter_code: string; transporter_name: string } | undefined;
          update.transporter_code = transporter?.transporter_code ?? input.transporterCode;
          update.transporter_name = transporter?.transporter_name ?? null;
        }
        if (input.assignment) {
          update.workflow_input = trx.raw(`coalesce(workflow_input, '{}'::jsonb) || ?::jsonb`, [
            JSON.stringify({
              transporterCode: input.assignment.transporterCode,
              approvalLevels: input.assignment.approvalLevels,
              approvers: input.assignment.approvers ?? null,
              autoRejectMs: input.assignment.autoRejectMs,
            }),
          ]);
        }
        await trx('orders').where('id', row.id).update(update);
        if (input.approval) await writeApproval(trx, row.id, input, input.approval, at);
        await trx('order_histories').insert({
          order_id: row.id,
          status_from: input.from,
          status_to: input.to,
          remark: input.remark,
          created_date: at,
          created_by: input.by,
          idempotency_key: key,
        });
        return { found: true, written: true, repeated: false, autoRejectDate: input.autoRejectDate };
      });
    },
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
