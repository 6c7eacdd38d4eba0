// Orders (spec/1 §2-§9, spec/2 §2.1, §2.3, §2.7, §7): the order list and its master list, the order's read,
// history and live process, the transporter's accept and reject, edit assign transporter, edit order (its
// simulation, sync and save) and the corrections, and the SAP order's view of its orders. The work is in api/orders/; these are the declarations. Mounted before the SAP order
// routes, so `saporder/orders/{id}` is never taken for `saporder/{id}/{mode}`.
//
// Rights: reading needs Order View (the SAP order's views SAPOrder View); accept/reject and edit assign need Order
// Edit, and then the row's own flag (api/orders/flags.ts). Transporters and relations reach only their own orders
// (api/orders/ownership.ts): another party's order is not found.
import { z } from 'zod';
import { integer, text } from '../../db/resources/input';
import { transporterActionSchema } from '../../db/resources/order-assign';
import { ForbiddenError } from '../errors';
import { defineRoute, type Answer, type RouteDef } from '../http';
import { listRequestSchema } from '../list';
import {
  editAssignBodySchema,
  editAssignTransporter,
  transporterAction,
  type TransporterActionSummary,
} from './actions';
import {
  cancelBodySchema,
  cancelOrder,
  changeStuffingDate,
  markComplete,
  reassignBodySchema,
  reassignDo,
  stuffingBodySchema,
  unmarkComplete,
} from './changes';
import { exportOrders, listOrders, masterList } from './list';
import { csvFile, exportBody, send, xlsxFile } from '../resources';
import { orderProcess } from './process';
import {
  editMergeSimulate,
  editMergeSimulateSchema,
  editOrder,
  editOrderSchema,
  orderSyncSchema,
  syncOrderWithSap,
} from './edit';
import { readHistory, readOrder } from './read';
import { doTransporters, sapOrderOrders } from './sap-order-view';

const ORDER = 'Order';
const view = { controller: ORDER, action: 'View' as const };
const edit = { controller: ORDER, action: 'Edit' as const };
const sapOrderView = { controller: 'SAPOrder', action: 'View' as const };

const idParams = z.object({ id: integer({ min: 1 }) });

/** All done: 200; some: 200 with success false (PARTIAL); none: 422. Every order's result is in data.data. */
function actionAnswer(summary: TransporterActionSummary): Answer {
  const { succeeded, failed } = summary;
  const params = { count: succeeded, total: succeeded + failed };
  const data = { data: summary.results };
  if (failed === 0) return { data, message: 'order.action.done', messageParams: params };
  return {
    data,
    success: false,
    status: succeeded > 0 ? 200 : 422,
    message: 'order.action.done',
    messageParams: params,
    messageCode: succeeded > 0 ? 'PARTIAL' : 'ACTION_FAILED',
  };
}

export const orderRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/order/master_list',
    summary:
      "The order list's status tabs (ALL first, with exact counts of the user's own orders), shipment types, and " +
      "the transporter's answer tabs (transporter_status; counted for transporters and relations).",
    access: view,
    handler: async ({ deps, user, lang }) => ({ data: await masterList(deps, user, lang) }),
  }),
  defineRoute({
    method: 'post',
    path: '/order/list',
    summary:
      "One page of the user's orders (list protocol, tab_status a status or ALL, newest first) with every column, " +
      "each row's Details and its flags (can_assign_driver ... need_transporter_action, can_assign_transporter).",
    access: view,
    body: listRequestSchema,
    handler: async ({ deps, body, user, lang }) => {
      const { data, totalRecords } = await listOrders(deps, user, lang, body);
      return { data, extra: { totalRecords } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/order/export',
    summary:
      "The user's orders as the list filters and sorts them (the list protocol and format csv or xlsx), every " +
      "list column headed in the user's language; at most 20,000 rows.",
    access: view,
    body: exportBody,
    handler: async ({ deps, body, user, lang, ctx }) => {
      const { header, rows } = await exportOrders(deps, user, lang, body);
      const file = body.format === 'csv' ? csvFile(header, rows) : await xlsxFile('Orders', header, rows);
      send(ctx, 'Orders', body.format, file);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/order/view_history/:id',
    summary:
      "The order's status history (Status_From, Status_To, Created_Date, Created_By, Remark), oldest first.",
    access: view,
    params: idParams,
    handler: async ({ deps, params, user, lang }) => ({
      data: await readHistory(deps, user, params.id, lang),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/order/process/:id',
    summary:
      'Where the order is: its status, who it waits for (approval level and approvers, or the transporter and its ' +
      'deadline) and, for staff, its workflow in the Temporal UI; live from the workflow when it answers, else ' +
      'from the row. A transporter or a relation reads no approver names, workflow id or link.',
    access: view,
    params: idParams,
    handler: async ({ deps, params, user, lang }) => ({
      data: await orderProcess(deps, user, params.id, lang),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/order/transporter_action',
    summary:
      'Accepts or rejects (reason required) each listed order as its transporter, or for it (staff), one workflow ' +
      'Update per order; data.data answers every order: ref_no, reason, success, message.',
    access: edit,
    body: transporterActionSchema,
    handler: async ({ deps, body, user, lang }) =>
      actionAnswer(await transporterAction(deps, user, lang, body)),
  }),
  defineRoute({
    method: 'put',
    path: '/order/edit_assign_transporter',
    summary:
      'Assigns a rejected order again (edited_order: the assign model with its transporters): approval checked ' +
      "again, a new deadline, quantities reserved again by the order's workflow.",
    access: edit,
    body: editAssignBodySchema,
    handler: async ({ deps, body, user, lang }) => {
      const { orderNo, transporter } = await editAssignTransporter(deps, user, body);
      return {
        message: 'order.editAssign.saved',
        messageParams: { order: orderNo, transporter },
        data: await readOrder(deps, user, body.id, lang),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/order/edit_merge_simulate',
    summary:
      "The Edit order panel's documents: first the order's own SAP orders with its lines and the outstanding lines " +
      'it does not take (is_first), then each further SAP number (sap_no) that may join the order; error_message ' +
      'when one cannot.',
    access: edit,
    body: editMergeSimulateSchema,
    handler: async ({ deps, body, user, lang }) => ({
      data: await editMergeSimulate(deps, user, lang, body),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/order/sync_do_sap',
    summary:
      "Sync with SAP of the order's SAP order (the Edit order panel's Sync): success false with SAP's message " +
      'and message_code when SAP refuses. Recorded for the "sync before save" rule.',
    access: edit,
    body: orderSyncSchema,
    handler: async ({ deps, body, user }) => syncOrderWithSap(deps, user, body),
  }),
  defineRoute({
    method: 'put',
    path: '/order/edit',
    summary:
      'Saves an edit of an order (lines, loading, trip type, vessel, notes, transporter and freight) through the ' +
      "order's workflow: written at once, or WAITING FOR ORDER APPROVAL when the changed freight needs approval.",
    access: edit,
    body: editOrderSchema,
    handler: async ({ deps, body, user }) => {
      const result = await editOrder(deps, user, body);
      return {
        message: result.needs_approval ? 'order.edit.waitsApproval' : 'order.edit.saved',
        messageParams: { order: result.orderNo },
        data: result,
      };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/order/cancel',
    summary:
      'Cancels an order ({id, reason}; reason required) while no shipment has registered in: CANCELLED, its ' +
      "quantities back on the SAP order, a waiting approval closed, through the order's workflow.",
    access: edit,
    body: cancelBodySchema,
    handler: async ({ deps, body, user, lang }) => {
      const { orderNo } = await cancelOrder(deps, user, body);
      return {
        message: 'order.cancel.saved',
        messageParams: { order: orderNo },
        data: await readOrder(deps, user, body.id, lang),
      };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/order/mark_complete/:id',
    summary:
      'Marks an order COMPLETED: what it had not shipped goes back to the SAP order and is its Revert_Qty.',
    access: edit,
    params: idParams,
    handler: async ({ deps, params, user, lang }) => {
      const { orderNo, revertQty } = await markComplete(deps, user, params.id);
      return {
        message: 'order.complete.marked',
        messageParams: { order: orderNo, qty: revertQty },
        data: await readOrder(deps, user, params.id, lang),
      };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/order/unmark_complete/:id',
    summary:
      'Takes a marked-complete order back to the status it left, reserving again what it returned as far as ' +
      'the SAP order still has it; data.unreserved lists the lines that could not be (Item_No, Qty).',
    access: edit,
    params: idParams,
    handler: async ({ deps, params, user, lang }): Promise<Answer> => {
      const { orderNo, unreserved } = await unmarkComplete(deps, user, params.id);
      const order = await readOrder(deps, user, params.id, lang);
      const data = { ...order, unreserved: unreserved.map((u) => ({ Item_No: u.itemNo, Qty: u.qty })) };
      if (!unreserved.length) {
        return { message: 'order.complete.unmarked', messageParams: { order: orderNo }, data };
      }
      return {
        message: 'order.complete.unmarkedPartly',
        messageParams: {
          order: orderNo,
          lines: unreserved.map((u) => `${u.itemNo} (${u.qty})`).join(', '),
        },
        messageCode: 'PARTLY_RESERVED',
        data,
      };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/order/change_stuffing_date',
    summary:
      'Gives an order a new stuffing range ({order_id, stuffing_date_from, stuffing_date_to}, YYYY-MM-DD; the ' +
      "second defaults to the first), within the order's valid range when it has one.",
    access: edit,
    body: stuffingBodySchema,
    handler: async ({ deps, body, user, lang }) => {
      await changeStuffingDate(deps, user, body);
      return { message: 'order.stuffing.saved', data: await readOrder(deps, user, body.order_id, lang) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/order/reassign_do',
    summary:
      'Gives part of an order back to its SAP order ({order_id, details: [{Id, Qty}]}: per order line the ' +
      'quantity released, at most its outstanding quantity) so another order can take it.',
    access: edit,
    body: reassignBodySchema,
    handler: async ({ deps, body, user, lang }) => {
      const { orderNo } = await reassignDo(deps, user, body);
      return {
        message: 'order.reassign.saved',
        messageParams: { order: orderNo },
        data: await readOrder(deps, user, body.order_id, lang),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/order/:id/:mode',
    summary:
      'One order: data.header (every field, the names of its codes, its flags and Details) and data.assign ' +
      '(transporters). Edit mode needs Order Edit.',
    access: view,
    params: z.object({ id: integer({ min: 1 }), mode: z.enum(['view', 'edit']) }),
    handler: async ({ deps, params, user, lang }) => {
      if (params.mode === 'edit' && !(await deps.permissions.can(user, ORDER, 'Edit'))) {
        throw new ForbiddenError();
      }
      return { data: await readOrder(deps, user, params.id, lang) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/saporder/orders/:id',
    summary:
      'The View orders panel of a SAP order: its header, its lines with order_qty (held by active orders), os_qty ' +
      'and real_qty, and its orders (key Order_No) with transporter, status and their lines.',
    access: sapOrderView,
    params: idParams,
    handler: async ({ deps, params, user, lang }) => ({
      data: await sapOrderOrders(deps, user, params.id, lang),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/saporder/do_transporters/:ref',
    summary: 'The orders of a SAP or delivery document number (header) and their transporters (detail).',
    access: sapOrderView,
    // A document number: a path segment whose %-escapes are not UTF-8 reaches the route undecoded (koa-router),
    // and no document number holds a '%'.
    params: z.object({
      ref: text(50)
        .min(1)
        .regex(/^[\w.\- ]+$/, 'validation.invalid'),
    }),
    handler: async ({ deps, params, user }) => ({ data: await doTransporters(deps, user, params.ref) }),
  }),
];
