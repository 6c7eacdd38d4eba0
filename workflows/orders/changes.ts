// The changes the order workflow writes (decide.ts decides them, writers.ts writes them): one discriminated union
// keyed by `kind`, each kind carrying only what its writer needs. The kind is also the middle of the history row's
// idempotency key (`<workflowId>/<kind>/<sequence>`), so these names never change once written.
// Types only: shared by the workflow bundle and the activities.
import type { ApproverRef, DispatchStatus, EditAssignRows, OrderCreation, OrderStatus } from './messages';

/** What a change does to the order's approval (the Approval screen's rows). */
export type OrderApprovalChange = OpenApprovalChange | DecideApprovalChange | CancelApprovalChange;

/** A round of approval begins: levels 1..levels, decided by these approvers. */
export interface OpenApprovalChange {
  kind: 'open';
  levels: number;
  approvers: ApproverRef[];
}

/** The level asked is decided; final: it ends the round (the last level approves, or any level rejects). */
export interface DecideApprovalChange {
  kind: 'decide';
  level: number;
  username: string;
  action: 'APPROVED' | 'REJECTED';
  remark: string | null;
  final: boolean;
}

/** The order is cancelled while its round waits: the round ends CANCELLED. */
export interface CancelApprovalChange {
  kind: 'cancel';
}

/**
 * What a change does with an edit of the order (order_edits, migration 019): `request` sets it aside to wait for
 * approval, `apply` writes it to the order (lines, quantities, header, transporters), `reject` and `cancel` drop it.
 */
export interface OrderEditChange {
  id: number;
  action: 'request' | 'apply' | 'reject' | 'cancel';
}

/** The new assignment an edit assign gives the order, kept in orders.workflow_input for the sweep. */
export interface OrderAssignmentChange {
  transporterCode: string;
  approvalLevels: number;
  approvers: ApproverRef[] | undefined;
  autoRejectMs: number;
}

/** What every change writes: the orders row's status and the history row. */
export interface OrderChangeCommon {
  to: OrderStatus;
  dispatchStatus: DispatchStatus | null;
  /** The transporter's reject remark (orders.dispatch_status_remarks); null clears it, absent keeps it. */
  dispatchRemark?: string | null;
  /** ISO; null clears it. */
  autoRejectDate: string | null;
  /** The history row's remark. */
  remark: string | null;
  /** A username, or `system` (the deadline, a shipment). */
  by: string;
  /** The change's time (ISO), fixed by the workflow so a repeat writes the same. */
  at: string;
}

/** A change that gives the order another transporter (edit assign, an edit that changes it). */
interface Reassigned {
  /** The order's new transporter. */
  transporterCode?: string;
  /** Kept in orders.workflow_input for the sweep. */
  assignment?: OrderAssignmentChange;
}

/** The kind-specific part of each change. */
export type OrderChangeBody =
  /**
   * The workflow's first change: approval opened, or the transporter asked; with `creation` (a run started with it),
   * the order's rows are made in the same transaction first.
   */
  | { kind: 'assign'; approval?: OpenApprovalChange; creation?: OrderCreation }
  /** An approval level approves (the order's, or an edit's) and the round goes on or ends. */
  | { kind: 'approve'; approval: DecideApprovalChange }
  /** A level rejects the order's approval: REJECTED, quantities released. */
  | { kind: 'approval-reject'; approval: DecideApprovalChange }
  | { kind: 'accept' }
  | { kind: 'reject' }
  | { kind: 'auto-reject' }
  /** A rejected order given (again) to a transporter. */
  | ({ kind: 'edit-assign'; approval?: OpenApprovalChange; rows?: EditAssignRows } & Reassigned)
  | { kind: 'cancel'; approval?: CancelApprovalChange; edit?: OrderEditChange }
  | { kind: 'mark-complete' }
  | { kind: 'unmark-complete' }
  /** Change stuffing date: the new range (ISO dates). */
  | { kind: 'stuffing-date'; stuffing: { from: string; to: string } }
  /** Reassign delivery order: what each order line releases back to its SAP line. */
  | { kind: 'reassign-do'; reassign: { orderDetailId: number; qty: number }[] }
  /** An edit written at once. */
  | ({ kind: 'edit'; edit: OrderEditChange } & Reassigned)
  /** An edit set aside to wait for its approval. */
  | { kind: 'edit-request'; edit: OrderEditChange; approval: OpenApprovalChange }
  /** The last level approves an edit: it is written. */
  | ({ kind: 'edit-approve'; edit: OrderEditChange; approval: DecideApprovalChange } & Reassigned)
  /** A level rejects an edit: it is dropped, the order back where it was. */
  | { kind: 'edit-reject'; edit: OrderEditChange; approval: DecideApprovalChange }
  /** The order's status follows its shipments (shipmentProgressSignal, deriveOrderStatus). */
  | { kind: 'shipment-progress' };

export type OrderChangeKind = OrderChangeBody['kind'];

/** A change as decide() makes it: what to write, before the workflow numbers it. */
export type OrderChange = OrderChangeCommon & OrderChangeBody;

/** Which change of which order: added by the workflow when it writes a change. */
export interface OrderChangeTarget {
  orderId: number;
  orderNo: string;
  workflowId: string;
  /** The change's number within the workflow, from 1. */
  sequence: number;
  /** The status the workflow leaves (null for the first change, the order's creation). */
  from: OrderStatus | null;
}

/** The local activity's input: one change of one order. */
export type OrderChangeInput = OrderChangeTarget & OrderChange;

/** The input's fields of one kind. */
export type OrderChangeOf<K extends OrderChangeKind> = OrderChangeTarget &
  OrderChangeCommon &
  Extract<OrderChangeBody, { kind: K }>;

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

/** The orders columns an edit assign may set (EditAssignRows.header); anything else is ignored. */
export const EDIT_ASSIGN_COLUMNS = [
  'shipment_type',
  'vessel',
  'loading_destination_from_id',
  'loading_destination_to_id',
  'trip_type',
  'freight_date',
  'truck_type_id',
] as const;

/** order_edits.changes: the order as the edit leaves it, checked and priced by the API. */
export interface OrderEditChanges {
  header: Partial<Record<(typeof EDITED_ORDER_COLUMNS)[number], unknown>>;
  /** Every line the order keeps or gains; the order's lines not named here are removed. */
  lines: EditedLine[];
  /** order_transporters rows (without order_id) that replace the order's. */
  transporters: Record<string, unknown>[];
}
