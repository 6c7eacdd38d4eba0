// Where an order's workflow left it, read from its rows (the orders row, its history rows' change numbers, the
// open approval round, the edit that waits): what a run takes as its state when it was started again by the sweep
// (sweep.ts, `resume`), or when it finds PostgreSQL holding changes it never recorded (writeOrderChange's BEHIND:
// an Update whose change was written but that Temporal lost before recording it).
import type { Knex } from 'knex';
import {
  ORDER_APPROVAL_TRANSACTION_TYPE,
  orderWorkflowId,
  type ApproverRef,
  type DispatchStatus,
  type OrderResume,
  type OrderStatus,
  type OrderWorkflowInput,
} from './messages';

/** The orders row's columns a resume is read from. */
export interface OrderRow {
  id: number;
  order_no: string;
  status: string;
  dispatch_status: DispatchStatus | null;
  auto_reject_date: Date | null;
  transporter_code: string | null;
  workflow_input: Partial<OrderWorkflowInput> | null;
}

export const ORDER_RESUME_COLUMNS: (keyof OrderRow)[] = [
  'id',
  'order_no',
  'status',
  'dispatch_status',
  'auto_reject_date',
  'transporter_code',
  'workflow_input',
];

/** SQL of a history row's change number: the last part of its idempotency key `<workflowId>/<change>/<sequence>`. */
export const changeNumberSql = (column: string) => `(substring(${column} from '/(\\d+)$'))::int`;

/** The stored input with the order's own keys (the row is the authority on which order it is). */
export function storedInput(row: OrderRow): OrderWorkflowInput {
  const stored = row.workflow_input ?? {};
  return {
    ...stored,
    orderNo: row.order_no,
    orderId: row.id,
    approvalLevels: stored.approvalLevels ?? 0,
    autoRejectMs: stored.autoRejectMs ?? 0,
    transporterCode: stored.transporterCode ?? row.transporter_code ?? '',
  } as OrderWorkflowInput;
}

/**
 * Where the order's workflow left it, from its rows; undefined when the workflow id never wrote a change (a run
 * that died before its first write starts afresh).
 */
export async function readOrderResume(db: Knex, row: OrderRow): Promise<OrderResume | undefined> {
  const workflowId = orderWorkflowId(row.order_no);
  const prefix = `${workflowId}/`;
  const last = (await db('order_histories')
    .where('order_id', row.id)
    .whereRaw('left(idempotency_key, ?) = ?', [prefix.length, prefix])
    .first(db.raw(`max(${changeNumberSql('idempotency_key')}) as sequence`))) as
    { sequence: number | null } | undefined;
  if (!last?.sequence) return undefined;
  const input = storedInput(row);
  const resume: OrderResume = {
    status: row.status as OrderStatus,
    dispatchStatus: row.dispatch_status,
    autoRejectDate: row.auto_reject_date ? row.auto_reject_date.toISOString() : null,
    transporterCode: row.transporter_code ?? input.transporterCode,
    sequence: last.sequence,
    autoRejectMs: input.autoRejectMs,
  };
  if (row.status === 'COMPLETED') {
    // Marked complete: the status its mark-complete change left is where unmark complete goes back to.
    const marked = (await db('order_histories')
      .where('order_id', row.id)
      .whereRaw('left(idempotency_key, ?) = ?', [prefix.length, prefix])
      .where('idempotency_key', 'like', '%/mark-complete/%')
      .orderBy('id', 'desc')
      .first('status_from')) as { status_from: OrderStatus | null } | undefined;
    if (marked?.status_from) resume.beforeComplete = marked.status_from;
  }
  if (row.status === 'WAITING FOR ORDER APPROVAL') {
    // The edit the approvers decide, and where its rejection takes the order.
    const edit = (await db('order_edits')
      .where({ order_id: row.id, status: 'WAITING FOR APPROVAL' })
      .orderBy('id', 'desc')
      .first('id', 'status_before', 'transporter_changed', 'transporter_code', 'auto_reject_ms')) as
      | {
          id: string | number;
          status_before: OrderStatus;
          transporter_changed: boolean;
          transporter_code: string;
          auto_reject_ms: string | number;
        }
      | undefined;
    if (edit) {
      resume.edit = {
        id: Number(edit.id),
        before: edit.status_before,
        beforeDispatch: row.dispatch_status,
        transporterChanged: edit.transporter_changed,
        transporterCode: edit.transporter_code,
        autoRejectMs: Number(edit.auto_reject_ms),
      };
    }
  }
  if (
    row.status === 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' ||
    row.status === 'WAITING FOR ORDER APPROVAL'
  ) {
    const open = (await db('approvals')
      .where({
        transaction_type: ORDER_APPROVAL_TRANSACTION_TYPE,
        document_id: String(row.id),
        status: 'WAITING FOR APPROVAL',
      })
      .first('id', 'current_level', 'max_level')) as
      { id: number; current_level: number; max_level: number } | undefined;
    if (open) {
      const approvers = (await db('approval_approvers')
        .where('approval_id', open.id)
        .orderBy([{ column: 'level' }, { column: 'username' }])
        .select('username', 'level')) as ApproverRef[];
      // A round opened without approvers (a run started before they were passed) keeps letting anyone decide.
      const who = approvers.length ? approvers : input.approvers;
      resume.approval = {
        level: open.current_level,
        levels: open.max_level,
        ...(who ? { approvers: who } : {}),
      };
    }
  }
  return resume;
}
