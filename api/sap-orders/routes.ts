// SAP orders (spec/2 §2.4, §7 "SAP orders"; spec/3 §2.1-§2.2, §7): the list and its master list, the editor's
// read and save, the sync with SAP, Filter from SAP and its save, the util calls of the editor and filter, and
// their lookups. The work is in api/sap-orders/; these are the declarations.
//
// Rights (spec/2 §6): reading needs SAPOrder View; create and Filter from SAP need Create; edit needs Edit (the
// editor's GET in edit mode and the save of an existing order check it); a sync needs Create or Edit.
import { z } from 'zod';
import { integer, text } from '../../db/resources/input';
import { CREATE_TYPES } from '../../db/resources/sap-order';
import { ForbiddenError, NotFoundError, RuleError } from '../errors';
import { defineRoute, type RouteDef } from '../http';
import { listRequestSchema } from '../list';
import { isAuthorized } from '../services/plant-authorization';
import { isEditable } from './edit-scope';
import { createDefaults, parseSapOrder, readSapOrder, saveSapOrder } from './editor';
import {
  FILTER_LIMIT,
  filterBodySchema,
  filterFromSap,
  saveFilterBodySchema,
  saveFilterResult,
} from './filter';
import { listSapOrders, masterList } from './list';
import { assignDefaults } from './assign-defaults';
import {
  isRelationOrder,
  orderTypeByCodeAndName,
  orderTypeById,
  orderTypeFlags,
  orderTypesByCode,
  transferOrderDefaults,
} from '../services/order-types';
import { syncBodySchema, syncWithSap } from './sync';

const SAP_ORDER = 'SAPOrder';
const view = { controller: SAP_ORDER, action: 'View' as const };
const create = { controller: SAP_ORDER, action: 'Create' as const };

const sapOrderRoutes = [
  defineRoute({
    method: 'get',
    path: '/saporder/master_list',
    summary: 'SAP order statuses, shipment types and the list tabs with exact counts (ALL first).',
    access: view,
    handler: async ({ deps, lang }) => ({ data: await masterList(deps, lang) }),
  }),
  defineRoute({
    method: 'post',
    path: '/saporder/list',
    summary:
      "One page of SAP orders (list protocol, tab_status default ALL, newest first) with each row's Details and " +
      'its flags can_edit, can_assign_transporter, can_view_orders.',
    access: view,
    body: listRequestSchema,
    handler: async ({ deps, body, user, lang }) => {
      const { data, totalRecords } = await listSapOrders(deps, user, lang, body);
      return { data, extra: { totalRecords } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/saporder/sync_do_sap',
    summary:
      'Asks SAP to bring the document up to date and answers its lines (data). A refusal answers success false ' +
      'with SAP\'s message and code. Recorded for the "sync before save" rule.',
    access: view,
    body: syncBodySchema,
    handler: async ({ deps, body, user }) => {
      const rights = await deps.permissions.flags(user, SAP_ORDER);
      if (!rights.Create && !rights.Edit) throw new ForbiddenError();
      return syncWithSap(deps, user, body);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/saporder/filter',
    summary: `Filter from SAP: checks the criteria per order type and answers at most ${FILTER_LIMIT} documents, each with disabled (not authorised) and is_checked.`,
    access: create,
    body: filterBodySchema,
    handler: async ({ deps, body, user }) => {
      const { rows, capped } = await filterFromSap(deps, user, body);
      return {
        data: rows,
        message: capped ? 'sapOrder.filter.capped' : 'sapOrder.filter.found',
        messageParams: { count: rows.length, limit: FILTER_LIMIT },
        messageCode: capped ? 'FILTER_CAPPED' : '',
        extra: { totalRecords: rows.length },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/saporder/save_filter',
    summary:
      'Saves chosen Filter results: each document is read again from SAP, as the order type it was filtered as, ' +
      'and imported; refused as a whole when ' +
      "any is outside the user's companies and plants. Saving the same documents again changes nothing.",
    access: create,
    body: saveFilterBodySchema,
    handler: async ({ deps, body, user }) => ({
      message: 'sapOrder.filterSaved',
      data: await saveFilterResult(deps, user, body),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/saporder/:id/:mode',
    summary:
      'One SAP order for the editor (data.header with Details, data.detail, data.assign); mode view, edit (only while editable: ' +
      'a manual or transfer order waiting for approval, or an approved order from SAP) or create (id 0, defaults).',
    access: view,
    params: z.object({ id: integer({ min: 0 }), mode: z.enum(['view', 'edit', 'create']) }),
    handler: async ({ deps, params, user, lang }) => {
      if (params.mode === 'create') {
        if (!(await deps.permissions.can(user, SAP_ORDER, 'Create'))) throw new ForbiddenError();
        return { data: createDefaults(deps.now()) };
      }
      if (params.mode === 'edit' && !(await deps.permissions.can(user, SAP_ORDER, 'Edit'))) {
        throw new ForbiddenError();
      }
      const order = await readSapOrder(deps.db, params.id, lang);
      if (!order) throw new NotFoundError();
      if (params.mode === 'edit') {
        if (!isEditable(order.header)) throw new RuleError('NOT_EDITABLE', 'sapOrder.notEditable');
        const { Company_Code: company, Plant: plant } = order.header as {
          Company_Code: string;
          Plant: string | null;
        };
        if (!isAuthorized(await deps.permissions.plants(user), company, plant)) {
          throw new ForbiddenError('sapOrder.notAuthorized', { company, plant: plant ?? '' });
        }
      }
      // data.assign: what the Assign panel starts with for this SAP order (spec/2 §7), null when not assignable.
      return { data: { ...order, assign: await assignDefaults(deps.db, order.header) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/saporder',
    summary:
      'Creates (Id 0: Create right) or edits (Edit right) a manual or transfer SAP order with its Details, or the ' +
      'warehouse, shipment type, delivery address and (langsir) destinations of an approved order from SAP. A ' +
      'new order gets its Document_No, waits for approval and starts the approval.',
    access: view,
    handler: async ({ deps, ctx, user, lang }) => {
      const input = parseSapOrder((ctx.request as { body?: unknown }).body);
      const saved = await saveSapOrder(deps, user, input, lang);
      const order = await readSapOrder(deps.db, saved.id, lang);
      return { message: 'sapOrder.saved', messageParams: { document: saved.documentNo }, data: order };
    },
  }),
];

const orderTypeQuery = (key: string) => z.object({ [key]: text(50).min(1) });

const sapOrderUtilRoutes = [
  defineRoute({
    method: 'get',
    path: '/util/order_type_fields',
    summary: "An order type's flags by its id (Code, Info1, Use_*).",
    access: 'authenticated',
    query: z.object({ id: integer({ min: 1 }) }),
    handler: async ({ deps, query }) => {
      const row = await orderTypeById(deps.db, query.id);
      if (!row) throw new NotFoundError();
      return { data: orderTypeFlags(row) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/util/order_type_fields_code',
    summary: "An order type's flags by its code (the first type of a code shared by IN and OUT).",
    access: 'authenticated',
    query: orderTypeQuery('code'),
    handler: async ({ deps, query }) => {
      const [row] = await orderTypesByCode(deps.db, query.code as string);
      if (!row) throw new NotFoundError();
      return { data: orderTypeFlags(row) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/util/order_type_fields_code_name',
    summary: "An order type's flags by code and name; its Info1 is the filter's Transfer_Type.",
    access: 'authenticated',
    query: z.object({ code: text(20).min(1), name: text(50).min(1) }),
    handler: async ({ deps, query }) => {
      const row = await orderTypeByCodeAndName(deps.db, query.code, query.name);
      if (!row) throw new NotFoundError();
      return { data: orderTypeFlags(row) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/util/order_is_relation',
    summary: 'Whether the incoterm makes the order type (Name or Code) a relation order (RELATION_SETTING).',
    access: 'authenticated',
    query: z.object({
      incoterm: text(10).optional().default(''),
      order_type: text(50).optional().default(''),
    }),
    handler: async ({ deps, query }) => ({
      data: await isRelationOrder(deps.db, query.incoterm, query.order_type),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/util/check_sap_order_type',
    summary:
      'Whether a create type makes a transfer order, and the defaults of transfer orders (TRANSFER_ORDER_DEFAULT).',
    access: 'authenticated',
    body: z.object({ type: z.enum(CREATE_TYPES), order_type: text(50).nullish() }),
    handler: async ({ deps, body }) => {
      const transfer = body.type === 'TRANSFER ORDER';
      const defaults = transfer
        ? await transferOrderDefaults(deps.db)
        : { vendor: null, incoterm: null, document_type: null };
      return { data: { is_transfer_order: transfer, default_model: defaults } };
    },
  }),
];

export const sapOrderApiRoutes: RouteDef[] = [
  // Messages name the fields by the SAP order's labels.
  ...sapOrderRoutes.map((route) => ({ labels: SAP_ORDER, ...route })),
  ...sapOrderUtilRoutes,
];
