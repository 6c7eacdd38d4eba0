// "Where is my order?" (issue 16): the step the order's life is at, who it waits for (which approval level and its
// approvers, or which transporter and until when) and a link to its workflow in the Temporal UI, for the order's
// view and its live countdown. Read from the running workflow (its `state` Query) when Temporal answers, so it is
// the workflow's own view of the order; else from the orders row, which the workflow's activities keep (`live`
// false says which one the user sees).
//
// An outside party (a transporter or a relation, audience.ts) reads where its order is and whether the company's
// approval is awaited, not who the approvers are nor the workflow's id and UI link: the Temporal UI is an operations
// tool without a login of its own that offers Cancel and Terminate. Its approvers are named by a neutral label in
// its language, so the screen reads "Approval level 1: internal approvers".
import type { OrderAwaiting, OrderState } from '../../workflows/orders/messages';
import { orderWorkflowId } from '../../workflows/orders/messages';
import type { ApproverRef } from '../../workflows/approvals';
import type { AppDeps } from '../deps';
import type { AuthUser } from '../services/session';
import { NotFoundError } from '../errors';
import { translate, type Language } from '../i18n';
import { orderViewer } from './audience';
import { ownOrders } from './ownership';

export type ProcessAwaiting =
  | { kind: 'approval'; level: number; approvers: string[] }
  | { kind: 'transporter'; code: string; name: string | null; deadline: string | null }
  | null;

export interface OrderProcess {
  Order_No: string;
  Status: string;
  Dispatch_Status: string | null;
  Auto_Reject_Date: string | null;
  awaiting: ProcessAwaiting;
  /** Null for an outside party. */
  workflow_id: string | null;
  workflow_url: string | null;
  live: boolean;
}

/**
 * The Temporal UI's address. TEMPORAL_UI_URL in production (where operations open it); the embedded dev server's
 * own UI otherwise.
 */
export function temporalUiUrl(config: AppDeps['config']): string {
  const configured = config.TEMPORAL_UI_URL;
  return (configured ?? `http://127.0.0.1:${config.TEMPORAL_UI_PORT}`).replace(/\/+$/, '');
}

export function workflowUrl(config: AppDeps['config'], workflowId: string): string {
  const namespace = encodeURIComponent(config.TEMPORAL_NAMESPACE);
  return `${temporalUiUrl(config)}/namespaces/${namespace}/workflows/${encodeURIComponent(workflowId)}`;
}

interface ProcessRow {
  id: number;
  order_no: string;
  status: string;
  dispatch_status: string | null;
  auto_reject_date: Date | null;
  transporter_code: string | null;
  transporter_name: string | null;
  workflow_id: string | null;
  workflow_input: { approvers?: ApproverRef[]; approvalLevels?: number } | null;
  /** The level being asked, as the order's history tells it: levels approved since the last assignment + 1. */
  approved_levels: number;
}

/** The approvers of a level, as the assignment resolved them (orders.workflow_input, migration 017). */
function approversOf(row: ProcessRow, level: number): string[] {
  return (row.workflow_input?.approvers ?? []).filter((a) => a.level === level).map((a) => a.username);
}

function awaitingOf(row: ProcessRow, awaiting: OrderAwaiting): ProcessAwaiting {
  if (!awaiting) return null;
  if (awaiting.kind === 'approval') {
    // A run started without approvers knows none: the assignment's, as the row keeps them.
    const approvers = awaiting.approvers.length ? awaiting.approvers : approversOf(row, awaiting.level);
    return { kind: 'approval', level: awaiting.level, approvers };
  }
  return {
    kind: 'transporter',
    code: awaiting.code,
    name: awaiting.code === row.transporter_code ? row.transporter_name : null,
    deadline: awaiting.deadline,
  };
}

/** What the row says the order waits for, when the workflow does not answer. */
function awaitingFromRow(row: ProcessRow): ProcessAwaiting {
  if (
    row.status === 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' ||
    row.status === 'WAITING FOR ORDER APPROVAL'
  ) {
    const level = row.approved_levels + 1;
    return { kind: 'approval', level, approvers: approversOf(row, level) };
  }
  if (row.status === 'ASSIGNED TO TRANSPORTER' && row.dispatch_status === 'WAITING' && row.transporter_code) {
    return {
      kind: 'transporter',
      code: row.transporter_code,
      name: row.transporter_name,
      deadline: row.auto_reject_date?.toISOString() ?? null,
    };
  }
  return null;
}

/** GET order/process/{id}. */
export async function orderProcess(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  lang: Language,
): Promise<OrderProcess> {
  const db = deps.db;
  // Approvals given since the order last entered approval: the history rows of level approvals (the status stays
  // WAITING FOR ... APPROVAL) after the latest row that moved into it.
  const row = (await ownOrders(db('orders as o').where('o.id', id), user).first(
    'o.id',
    'o.order_no',
    'o.status',
    'o.dispatch_status',
    'o.auto_reject_date',
    'o.transporter_code',
    'o.transporter_name',
    'o.workflow_id',
    'o.workflow_input',
    db.raw(
      `(select count(*)::int from order_histories h
         where h.order_id = o.id and h.status_from = o.status and h.status_to = o.status
           and h.id > coalesce((select max(e.id) from order_histories e
                                 where e.order_id = o.id and e.status_to = o.status
                                   and e.status_from is distinct from o.status), 0)) as approved_levels`,
    ),
  )) as ProcessRow | undefined;
  if (!row) throw new NotFoundError();
  const workflowId = row.workflow_id ?? orderWorkflowId(row.order_no);
  // Temporal away (or the query timing out) is not the user's error: the row answers instead.
  const workflows = deps.orderWorkflows;
  const stateNow = () => workflows!.state(row.order_no).catch(() => undefined);
  let state: OrderState | null | undefined = workflows ? await stateNow() : undefined;
  // The status is the row's: the rows are never behind the workflow, which writes a change before it takes it.
  // Where the two differ, a change is being written, or Temporal lost an Update after its change was written: the
  // workflow is then asked to catch up with its rows (catchUp), and its awaiting is shown only once it agrees.
  const agreesWith = (s: OrderState | null | undefined): s is OrderState =>
    !!s && (s.status === null || (s.status === row.status && s.dispatchStatus === row.dispatch_status));
  if (
    workflows &&
    state &&
    !agreesWith(state) &&
    (await workflows.catchUp(row.order_no).catch(() => false))
  ) {
    state = await stateNow();
  }
  const live = !!state;
  const agrees = agreesWith(state);
  const awaiting = agrees ? awaitingOf(row, state!.awaiting) : awaitingFromRow(row);
  const internal = orderViewer(user, lang).audience === 'internal';
  return {
    Order_No: row.order_no,
    Status: row.status,
    Dispatch_Status: row.dispatch_status,
    Auto_Reject_Date: row.auto_reject_date?.toISOString() ?? null,
    awaiting:
      internal || awaiting?.kind !== 'approval'
        ? awaiting
        : { ...awaiting, approvers: [translate(lang, 'order.audience.approvers')] },
    workflow_id: internal ? workflowId : null,
    workflow_url: internal ? workflowUrl(deps.config, workflowId) : null,
    live,
  };
}
