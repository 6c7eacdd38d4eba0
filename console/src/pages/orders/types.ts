// What the order screens read from the server (spec/1 §3, spec/2 §3, issue 16): a row of the order list with its
// lines and the flags the server computed for the user, the order's view, its history, and the running process
// as the order's workflow reports it ("where is my order"). Wire names exactly as the API sends them.
import type { OrderRowFlag } from '../../../../db/resources/order-assign';

export type Row = Record<string, unknown>;

/** An order line as the list's expanded row and the panels show it (spec/1 §3 "Order detail line"). */
export interface OrderLineRow extends Row {
  Id?: number;
  Item_No?: string | null;
  sap_no?: string | null;
  SAP_Item_No?: string | null;
  Material_Code?: string | null;
  Material_Name?: string | null;
  Qty?: number | string | null;
  os_qty?: number | string | null;
  real_qty?: number | string | null;
  /** What mark complete gave back of the line to its SAP line. */
  Revert_Qty?: number | string | null;
  UOM?: string | null;
  Conversion_Type?: string | null;
  Conversion?: number | string | null;
}

/** A row of `order/list`: the list's columns, the lines and the row flags of spec/1 §6. */
export type OrderRow = Row &
  Partial<Record<OrderRowFlag, boolean>> & {
    Id: number;
    Order_No?: string | null;
    SAP_No?: string | null;
    Status?: string | null;
    Dispatch_Status?: string | null;
    Transporter_Notes?: string | null;
    Show_Conversion_Type?: string | null;
    shipment_type_category?: string | null;
    is_relation?: boolean | null;
    Details?: OrderLineRow[];
  };

export interface CodeText {
  code: string;
  text: string;
}

export interface CodeTextCount extends CodeText {
  /** Null where the list is not the user's (the transporter's answers, for staff). */
  count: number | null;
}

/**
 * `order/master_list`: the status tabs (ALL first), the shipment types, and the transporter's answers
 * (Dispatch_Status), which are the tabs of transporters and relations after ALL.
 */
export interface OrderMasterList {
  status?: CodeTextCount[];
  shipment_type?: CodeText[];
  transporter_status?: CodeTextCount[];
}

/** `order/{id}/view`: the order's header (spec/2 §3) with its lines, and its assignment. */
export interface OrderView {
  header: Row & {
    Details?: OrderLineRow[];
    /** Dates as YYYY-MM-DD (or ISO timestamps), null when unset. */
    Stuffing_Date_From?: string | null;
    Stuffing_Date_To?: string | null;
    Valid_From?: string | null;
    Valid_To?: string | null;
    Revert_Qty?: number | string | null;
  };
  assign?: Row & { transporters?: Row[] };
}

/** A row of `order/view_history/{id}`. */
export interface OrderHistoryRow {
  Status_From: string | null;
  Status_To: string;
  Created_Date: string;
  Created_By: string | null;
  Remark?: string | null;
  /**
   * What the change was, as the order's workflow names it (assign, approve, approval-reject, accept, reject,
   * auto-reject, edit-assign, cancel, mark-complete, unmark-complete, stuffing-date, reassign-do); null for rows
   * written before the workflow. A string: a change the console has no label for yet reads as its name.
   */
  Change?: string | null;
}

/** `order/unmark_complete/{id}` with message_code PARTLY_RESERVED: the lines not reserved again. */
export interface UnreservedLine {
  Item_No: string;
  Qty: number | string;
}

/** Who the order waits for, as its workflow says. */
export type Awaiting =
  | { kind: 'approval'; level: number; approvers: string[] }
  | { kind: 'transporter'; code: string; name: string | null; deadline: string | null }
  | null;

/** `order/process/{id}`: the order's step in its workflow, and whether the workflow answered (live). */
export interface OrderProcess {
  Order_No: string;
  Status: string;
  Dispatch_Status: string | null;
  Auto_Reject_Date: string | null;
  awaiting: Awaiting;
  workflow_id: string | null;
  workflow_url: string | null;
  live: boolean;
}
