// One writer per kind of order change (changes.ts), behind the one local activity writeOrderChange
// (activities.ts). The activity finds and locks the orders row, answers a repeat or a change the rows are ahead of,
// moves the quantities the status moves (into or out of CANCELLED / REJECTED), then runs the kind's writer, then
// writes what every change writes: the orders row's status, the approval's rows and the history row. A writer does
// what only its kind does (an edit's rows, a line's returned quantity, the stuffing range, the new transporter) and
// may refuse, with nothing written yet, by answering a refusal; what it answers in `set` goes on the orders row.
// The quantity operations are handed in by the activity (QuantityOps): the lines and os_qty are written there.
// The order's creation (writeCreation) runs before the first change's frame, which needs the row it makes.
import type { Knex } from 'knex';
import type { LedgerRefusal, NewOrderLine, OrderLineChange } from '../../db/ledger';
import { EDIT_ASSIGN_COLUMNS } from './changes';
import type {
  OrderEditChanges,
  OrderAssignmentChange,
  OrderChangeInput,
  OrderChangeKind,
  OrderChangeOf,
  OrderEditChange,
} from './changes';
import type { EditAssignRows, OrderCreation, UnreservedLine } from './messages';

/** The SAP-line and order-line quantity operations the writers use (activities.ts, on db/ledger.ts). */
export interface QuantityOps {
  /**
   * Moves the order's own lines (reassign DO gives part back, mark complete returns the unshipped quantity,
   * unmark complete takes it back as far as it is free), with their SAP lines locked and os_qty settled.
   */
  moveLines(
    trx: Knex.Transaction,
    orderId: number,
    change: Exclude<OrderLineChange, { kind: 'none' }>,
  ): Promise<{ refusal?: LedgerRefusal; unreserved?: UnreservedLine[] }>;
  /**
   * Reserves a new order's lines: inserted and taken off their SAP lines (locked first), refused with nothing
   * written, naming the SAP line, when one no longer has the quantity.
   */
  reserveLines(
    trx: Knex.Transaction,
    lines: readonly NewOrderLine[],
  ): Promise<{ refusal: 'QUANTITY_NOT_AVAILABLE'; sapLineId: string } | undefined>;
  /** Writes an edit's lines, header and transporters (refused when the quantity is no longer there). */
  applyEdit(
    trx: Knex.Transaction,
    orderId: number,
    changes: OrderEditChanges,
    at: Date,
    by: string,
  ): Promise<'QUANTITY_NOT_AVAILABLE' | undefined>;
}

interface WriteBase {
  trx: Knex.Transaction;
  /** orders.id */
  orderId: number;
  at: Date;
  quantities: QuantityOps;
}

export interface WriteContext<K extends OrderChangeKind> extends WriteBase {
  change: OrderChangeOf<K>;
}

/** A context whose change has at least these fields (the helpers shared by several kinds). */
type WithChange<C> = WriteBase & { change: C };

export type WriterRefusal = 'QUANTITY_NOT_AVAILABLE' | 'QUANTITY_TOO_HIGH' | 'EDIT_NOT_FOUND';

export type WriterResult =
  | { refusal: WriterRefusal }
  | {
      refusal?: undefined;
      /** Columns of the orders row the change sets beside its status. */
      set?: Record<string, unknown>;
      /** Unmark complete: the lines that could not take back all they returned. */
      unreserved?: UnreservedLine[];
    };

type Writer<K extends OrderChangeKind> = (ctx: WriteContext<K>) => Promise<WriterResult>;

const NOTHING: WriterResult = {};
/** A change whose status, history and approval rows are all it writes. */
const statusOnly = (): Promise<WriterResult> => Promise.resolve(NOTHING);

/** The statuses an edit row has before each action takes it, and after (order_edits.status). */
const EDIT_STATUS_BEFORE: Record<OrderEditChange['action'], string> = {
  request: 'REQUESTED',
  apply: 'REQUESTED',
  reject: 'WAITING FOR APPROVAL',
  cancel: 'WAITING FOR APPROVAL',
};
const EDIT_STATUS_AFTER: Record<OrderEditChange['action'], string> = {
  request: 'WAITING FOR APPROVAL',
  apply: 'APPLIED',
  reject: 'REJECTED',
  cancel: 'CANCELLED',
};

/**
 * Moves an order_edits row on (and, for `apply`, writes the edit to the order), refused when the row is not this
 * order's edit in the status the action expects. `expected` overrides it: an edit applied after its approval was set
 * aside first (WAITING FOR APPROVAL); one applied at once is taken straight from REQUESTED.
 */
async function moveEdit(
  ctx: WithChange<Pick<OrderChangeInput, 'by' | 'from'>>,
  edit: OrderEditChange,
  expected = EDIT_STATUS_BEFORE[edit.action],
): Promise<WriterResult> {
  const { trx, orderId, at } = ctx;
  const row = (await trx('order_edits')
    .where({ id: edit.id, order_id: orderId })
    .forUpdate()
    .first('status', 'changes')) as { status: string; changes: OrderEditChanges } | undefined;
  if (row?.status !== expected) return { refusal: 'EDIT_NOT_FOUND' };
  if (edit.action === 'apply') {
    const refused = await ctx.quantities.applyEdit(trx, orderId, row.changes, at, ctx.change.by);
    if (refused) return { refusal: refused };
  }
  await trx('order_edits')
    .where('id', edit.id)
    .update({
      status: EDIT_STATUS_AFTER[edit.action],
      ...(edit.action === 'request' ? { status_before: ctx.change.from } : { decided_date: at }),
    });
  return NOTHING;
}

/** The orders columns of a new transporter (its name from the master) and of the assignment kept for the sweep. */
async function reassigned(
  ctx: WithChange<{ transporterCode?: string; assignment?: OrderAssignmentChange }>,
): Promise<Record<string, unknown>> {
  const { trx, change } = ctx;
  const set: Record<string, unknown> = {};
  if (change.transporterCode !== undefined) {
    const transporter = (await trx('transporters')
      .whereRaw('lower(transporter_code) = lower(?)', [change.transporterCode])
      .first('transporter_code', 'transporter_name')) as
      { transporter_code: string; transporter_name: string } | undefined;
    set.transporter_code = transporter?.transporter_code ?? change.transporterCode;
    set.transporter_name = transporter?.transporter_name ?? null;
  }
  if (change.assignment) {
    // orders.workflow_input (migration 017) follows the new assignment, so a run the sweep starts again continues
    // the assignment that is current.
    set.workflow_input = trx.raw(`coalesce(workflow_input, '{}'::jsonb) || ?::jsonb`, [
      JSON.stringify({
        transporterCode: change.assignment.transporterCode,
        approvalLevels: change.assignment.approvalLevels,
        approvers: change.assignment.approvers ?? null,
        autoRejectMs: change.assignment.autoRejectMs,
      }),
    ]);
  }
  return set;
}

/** An edit written (at once, or once approved): the edit's rows, then the new transporter if it has one. */
async function applied(
  ctx: WithChange<OrderChangeOf<'edit'> | OrderChangeOf<'edit-approve'>>,
  expected?: string,
): Promise<WriterResult> {
  const moved = await moveEdit(ctx, ctx.change.edit, expected);
  if (moved.refusal) return moved;
  return { set: await reassigned(ctx) };
}

/**
 * An edit assign's rows (checked and priced by the API, sent with its Update): the order's transporters replaced,
 * and the header values answered for the orders row, which the change sets with its status. Written with the
 * change that takes the order back into its flow, so a refused change leaves them as they were.
 */
export async function writeEditAssignRows(
  trx: Knex.Transaction,
  orderId: number,
  rows: EditAssignRows,
): Promise<Record<string, unknown>> {
  const header: Record<string, unknown> = {};
  for (const column of EDIT_ASSIGN_COLUMNS) {
    if (column in rows.header) header[column] = rows.header[column];
  }
  await trx('order_transporters').where('order_id', orderId).delete();
  if (rows.transporters.length) {
    await trx('order_transporters').insert(rows.transporters.map((t) => ({ ...t, order_id: orderId })));
  }
  return header;
}

/**
 * The order's creation (OrderWorkflowInput.creation), in the transaction of its first change: the orders row,
 * its lines reserved through the ledger, its transporters, and its SAP orders marked as having an order: MADE.
 * EXISTS, with nothing written, when the row is there already (a retried attempt). On a refusal the caller rolls
 * the transaction back (the row is already inserted by then).
 */
export async function writeCreation(
  trx: Knex.Transaction,
  orderId: number,
  creation: OrderCreation,
  quantities: QuantityOps,
): Promise<'MADE' | 'EXISTS' | { refusal: 'QUANTITY_NOT_AVAILABLE'; sapLineId: string }> {
  // Written once: an earlier attempt of the same activity that committed left the row (and everything below).
  const inserted = (await trx('orders')
    .insert({ ...creation.order, id: orderId })
    .onConflict('id')
    .ignore()
    .returning('id')) as unknown[];
  if (!inserted.length) return 'EXISTS';
  const refused = await quantities.reserveLines(
    trx,
    creation.lines.map((line) => ({ ...line, order_id: orderId })),
  );
  if (refused) return refused;
  if (creation.transporters.length) {
    await trx('order_transporters').insert(creation.transporters.map((t) => ({ ...t, order_id: orderId })));
  }
  if (creation.sapOrderIds.length) {
    await trx('sap_orders').whereIn('id', creation.sapOrderIds).update({ has_order: true });
  }
  return 'MADE';
}

export const ORDER_WRITERS: { [K in OrderChangeKind]: Writer<K> } = {
  assign: statusOnly,
  approve: statusOnly,
  'approval-reject': statusOnly,
  accept: statusOnly,
  reject: statusOnly,
  'auto-reject': statusOnly,
  'shipment-progress': statusOnly,
  'edit-assign': async (ctx) => {
    const { trx, orderId, change } = ctx;
    const header = change.rows ? await writeEditAssignRows(trx, orderId, change.rows) : {};
    return { set: { ...header, ...(await reassigned(ctx)) } };
  },
  cancel: (ctx) => (ctx.change.edit ? moveEdit(ctx, ctx.change.edit) : statusOnly()),
  'edit-request': (ctx) => moveEdit(ctx, ctx.change.edit),
  'edit-reject': (ctx) => moveEdit(ctx, ctx.change.edit),
  edit: (ctx) => applied(ctx),
  'edit-approve': (ctx) => applied(ctx, 'WAITING FOR APPROVAL'),
  'stuffing-date': ({ change }) =>
    Promise.resolve({
      set: { stuffing_date_from: change.stuffing.from, stuffing_date_to: change.stuffing.to },
    }),
  // The changes that move the order's own lines (db/ledger.ts locks their SAP lines and settles os_qty).
  'reassign-do': async ({ trx, orderId, change, quantities }) => {
    const moved = await quantities.moveLines(trx, orderId, { kind: 'reassign', lines: change.reassign });
    return moved.refusal ? { refusal: moved.refusal } : NOTHING;
  },
  'mark-complete': async ({ trx, orderId, quantities }) => {
    await quantities.moveLines(trx, orderId, { kind: 'revert' });
    return NOTHING;
  },
  'unmark-complete': async ({ trx, orderId, quantities }) => {
    const moved = await quantities.moveLines(trx, orderId, { kind: 're-reserve' });
    return { unreserved: moved.unreserved ?? [] };
  },
};

/** Runs the writer of the change's kind. */
export function writeChange(ctx: WriteContext<OrderChangeKind>): Promise<WriterResult> {
  const writer = ORDER_WRITERS[ctx.change.kind] as Writer<OrderChangeKind>;
  return writer(ctx);
}
