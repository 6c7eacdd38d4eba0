// The embedded default's living company (issue 18 "The demo shows a living company"): on the first start of a fresh
// embedded database with the demo accounts, the product is given a few weeks of work, made the way its users and
// SAP make it, so every list, tab, card and the dashboard's 7-day chart have something to show at the first login:
//   - SAP orders: the sandbox ERP's documents of the last four weeks (at most MAX_SAP_ORDERS; the last ones of its
//     year when today lies outside it), imported as the ERP pull imports them: the SAP order list's OUTSTANDING tab,
//     and ASSIGNED once orders take them whole;
//   - manual SAP orders typed in the console: one by `logistic` waiting for the supervisor, one approved by the
//     supervisor and waiting for `admin`, one by `supervisor` waiting for `logistic`, one rejected (the WAITING FOR
//     APPROVAL and REJECTED tabs, and the Approval screen of each demo approver);
//   - orders (PLAN): assigned to the lane's cheapest carrier and waiting for its answer, accepted, rejected by the
//     transporter, cancelled, completed (mark complete; their completion days spread over the last week, the
//     dashboard's chart), waiting for the assignment's approval (at level 1 for the supervisor and at level 2 for
//     admin), given to TRP001 — the demo transporter account's company — waiting for its answer or accepted by it,
//     and one accepted order whose edit waits for approval (WAITING FOR ORDER APPROVAL).
// Everything but the import goes through the running API as the demo users (their logins, the same calls as the
// console), so each order lives in its workflow like any other; only the completion days of the completed orders
// are moved back afterwards (the chart would otherwise show today alone). Deterministic in what it makes (the same
// documents, the same plan); idempotent: an app_settings marker written before it starts makes every later start
// skip it, also one that follows a start interrupted half-way (which leaves a smaller company, never a double one).
import type { Db } from '../../db/connection';
import { BUSINESS_TIME_ZONE } from '../../db/business-time';
import { DEMO_PASSWORD } from '../../db/seeds/demo';
import { importErpDocuments, iterateErpDocuments, type ErpDocument } from '../erp';

export const LIVING_DEMO_MARKER = 'DEMO_COMPANY_SEEDED';
const MAX_SAP_ORDERS = 300;
const WEEKS = 4;
/** A reason of the ASSIGN_TRANSPORTER_REASON lookups whose Info1 asks no other reason. */
const REASON = 'URGENT_DELIVERY';
const TRP001 = 'TRP001';

type Step =
  | 'waiting'
  | 'accepted'
  | 'rejected'
  | 'cancelled'
  | 'completed'
  | 'approval-level-1'
  | 'approval-level-2'
  | 'trp001-waiting'
  | 'trp001-accepted'
  | 'edit-waiting';

/** The orders made, in this order (the SAP orders they take are the newest outstanding ones first). */
const PLAN: [Step, number][] = [
  ['completed', 10],
  ['accepted', 5],
  ['waiting', 4],
  ['rejected', 2],
  ['cancelled', 1],
  ['approval-level-1', 2],
  ['approval-level-2', 1],
  ['trp001-waiting', 2],
  ['trp001-accepted', 2],
  ['edit-waiting', 1],
];

export interface LivingDemoLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LivingDemoResult {
  skipped: boolean;
  sapOrders: number;
  manualSapOrders: number;
  orders: Partial<Record<Step, number>>;
}

interface Answer {
  status: number;
  body: { success?: boolean; message?: string; data?: unknown } & Record<string, unknown>;
}

/** The API as the demo users use it: one login each, then their calls. */
function apiAs(baseUrl: string) {
  const tokens = new Map<string, string>();
  const login = async (username: string): Promise<string> => {
    const known = tokens.get(username);
    if (known) return known;
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: username, Password: DEMO_PASSWORD }),
    });
    const body = (await res.json()) as { success?: boolean; data?: { token?: string } };
    if (!body.success || !body.data?.token) throw new Error(`the demo login of ${username} failed`);
    tokens.set(username, body.data.token);
    return body.data.token;
  };
  return async (username: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: await login(username),
        language: 'en',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] } satisfies Answer;
  };
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** dd/mm/yyyy, as the console sends dates. */
const shownDay = (d: Date) => isoDay(d).split('-').reverse().join('/');

/** The sandbox documents of the last WEEKS weeks (or the newest ones of its year), at most MAX_SAP_ORDERS. */
export function recentDocuments(now: Date): ErpDocument[] {
  const from = isoDay(new Date(now.getTime() - WEEKS * 7 * DAY_MS));
  const to = isoDay(now);
  const all = [...iterateErpDocuments()];
  const recent = all.filter((d) => d.Document_Date >= from && d.Document_Date <= to);
  const chosen =
    recent.length >= 50 ? recent : all.filter((d) => d.Document_Date <= to).slice(-MAX_SAP_ORDERS);
  return chosen.slice(-MAX_SAP_ORDERS);
}

export async function seedLivingDemo(
  db: Db,
  baseUrl: string,
  options: { now?: Date; log: LivingDemoLog },
): Promise<LivingDemoResult> {
  const now = options.now ?? new Date();
  const result: LivingDemoResult = { skipped: false, sapOrders: 0, manualSapOrders: 0, orders: {} };
  const marked = (await db('app_settings')
    .insert({ key: LIVING_DEMO_MARKER, value: now.toISOString() })
    .onConflict('key')
    .ignore()
    .returning('key')) as { key: string }[];
  if (!marked.length) return { ...result, skipped: true };

  // ---- SAP: the ERP's recent documents.
  const documents = recentDocuments(now);
  await importErpDocuments(db, documents, { source: 'sandbox', user: 'SAPUSER1', invalid: 'skip' });
  result.sapOrders = documents.length;

  const call = apiAs(baseUrl);
  const ok = (what: string, answer: Answer) => {
    if (answer.status !== 200 || answer.body.success === false) {
      throw new Error(`${what}: HTTP ${answer.status} ${answer.body.message ?? JSON.stringify(answer.body)}`);
    }
    return answer.body.data as Record<string, unknown>;
  };

  // ---- Manual SAP orders typed in the console, each asking its approvers.
  const manual = (orderType: 'PO', day: Date, lines: [string, number][]) => ({
    Id: 0,
    Type: 'MANUAL',
    Order_Type: orderType,
    Document_Date: shownDay(day),
    Valid_From: shownDay(day),
    Valid_To: shownDay(new Date(day.getTime() + 30 * DAY_MS)),
    Company_Code: '1000',
    Plant: '1101',
    Purchase_Organization: 'P100',
    Document_Type: 'NB',
    Customer_Vendor_Code: 'VEN001',
    Incoterm: 'CPT',
    Incoterm2: 'Pekanbaru',
    Warehouse_Code: 'WH-1101-CPO',
    Shipment_Type: 'INDIVIDUAL_TRUCK',
    Delivery_Using_Truck: 'N',
    Delivery_Address: 'Jl. Lintas Timur km 12',
    Details: lines.map(([Material_Code, Qty]) => ({ Material_Code, Qty, UOM: 'TON' })),
  });
  const created: { documentNo: string; by: string }[] = [];
  const typed: [string, [string, number][]][] = [
    ['logistic', [['SP-NPK15', 12.5]]],
    ['logistic', [['SP-UREA', 8]]],
    [
      'supervisor',
      [
        ['SP-NPK15', 20],
        ['SP-UREA', 10],
      ],
    ],
    ['logistic', [['SP-UREA', 5]]],
  ];
  for (const [i, [by, lines]] of typed.entries()) {
    const data = ok(
      'a manual SAP order',
      await call(by, 'POST', '/saporder', manual('PO', new Date(now.getTime() - (i + 1) * DAY_MS), lines)),
    );
    created.push({ documentNo: (data.header as { Document_No: string }).Document_No, by });
  }
  result.manualSapOrders = created.length;
  /** The Approval screen's row of a document, once its approvers are asked. */
  const approvalRow = async (username: string, documentNo: string): Promise<number> => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const list = ok(
        'the Approval list',
        await call(username, 'POST', '/approval/list', { rows: 200 }),
      ) as unknown;
      const row = (list as { Id: number; Document_No: string }[]).find((r) => r.Document_No === documentNo);
      if (row) return row.Id;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${documentNo} never reached the Approval screen of ${username}`);
  };
  // The second: level 1 approved (admin decides level 2); the fourth: rejected.
  ok(
    'approve a SAP order',
    await call('supervisor', 'POST', '/approval/approve', {
      ids: [await approvalRow('supervisor', created[1]!.documentNo)],
    }),
  );
  ok(
    'reject a SAP order',
    await call('supervisor', 'POST', '/approval/reject', {
      ids: [await approvalRow('supervisor', created[3]!.documentNo)],
      remark: 'Stok gudang masih cukup / stock is sufficient',
    }),
  );

  // ---- Orders.
  const candidates = (await db('sap_orders')
    .whereIn('order_type', ['SO', 'DO'])
    .where({ status: 'APPROVED', has_order: false, company_code: '1000' })
    .where('os_qty_total', '>', 0)
    .orderBy([
      { column: 'document_date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(120)
    .select('document_no', 'order_type')) as { document_no: string; order_type: string }[];
  const today = new Date(now);
  const steps: Step[] = PLAN.flatMap(([step, n]) => Array.from({ length: n }, () => step));
  const completedIds: number[] = [];

  for (const { document_no: documentNo, order_type: orderType } of candidates) {
    const step = steps[0];
    if (!step) break;
    // The demo's Approval Matrix of company 1000 asks approvers of a dearer SO freight (not of a DO's).
    if (step === 'edit-waiting' && orderType !== 'SO') continue;
    const simulated = ok(
      'merge simulate',
      await call('logistic', 'POST', '/saporder/merge_simulate', { sap_no: documentNo, is_first: true }),
    );
    if (simulated.error_message) continue;
    const model = simulated.assign_model as Record<string, unknown> & {
      details: { Id: number; Qty: number; conversion_type: string | null }[];
    };
    const range = [simulated.stuffing_date_from_range, simulated.stuffing_date_to_range] as (string | null)[];
    let stuffing = isoDay(today);
    if (range[0] && stuffing < range[0]) stuffing = range[0];
    if (range[1] && stuffing > range[1]) stuffing = range[1];
    const lane = {
      loading: model.loading_destination_from_id,
      destination: model.loading_destination_to_id,
      charge_oa_company: model.charge_oa_company,
      warehouse_code: model.warehouse_code,
      document_type: model.document_type,
      shipment_type: model.shipment_type,
      freight_date: isoDay(today),
      materials: model.details.map((d) => ({ Id: d.Id, Qty: d.Qty, conversion_type: d.conversion_type })),
      container: 1,
    };
    if (!lane.loading || !lane.destination) continue;
    const freight = await call('logistic', 'POST', '/list/transporter_freight', lane);
    const offers = (freight.status === 200 ? freight.body.data : []) as {
      transporter_code: string;
      numtrip: number;
    }[];
    if (!offers.length) continue;
    const toTrp001 = step.startsWith('trp001');
    const needsApproval = step.startsWith('approval') || toTrp001;
    const body = (offer: { transporter_code: string; numtrip: number }) => ({
      ...model,
      freight_date: isoDay(today),
      stuffing_date: [stuffing, null],
      // The trips the goods need: fewer would make the freight HIGHER, more DIFFERENT_NOT.
      transporters: [
        {
          transporter_code: offer.transporter_code,
          user_not: Math.max(1, offer.numtrip),
          ...(needsApproval ? { assign_reason: REASON } : {}),
        },
      ],
    });
    /** Whether the assignment to this offer asks approval (the panel's Check Approval). */
    const asksApproval = async (offer: { transporter_code: string; numtrip: number }) => {
      const checked = await call('logistic', 'POST', '/util/check_approval', body(offer));
      if (checked.status !== 200) return undefined;
      const data = checked.body.data as {
        approval_list?: unknown[];
        transporter_data?: { require_reason?: boolean }[];
      };
      if ((data.approval_list ?? []).length > 0) return true;
      // No approver, but a criterion that still asks a reason: neither plain nor approved; not used.
      return data.transporter_data?.some((t) => t.require_reason) ? undefined : false;
    };
    let chosen: { transporter_code: string; numtrip: number } | undefined;
    const candidatesOf = toTrp001
      ? offers.filter((o) => o.transporter_code === TRP001)
      : needsApproval
        ? offers.slice(1)
        : offers.slice(0, 4);
    for (const offer of candidatesOf) {
      if ((await asksApproval(offer)) === needsApproval) {
        chosen = offer;
        break;
      }
    }
    if (!chosen) continue;
    const carrier = chosen.transporter_code;
    const saved = await call('logistic', 'POST', '/saporder/assign_transporter', body(chosen));
    if (saved.status !== 200) {
      // The next document is tried instead (a criterion the check did not show, say).
      options.log.info(
        { documentNo, step, answer: saved.body.message },
        'living demo: a document was passed over',
      );
      continue;
    }
    steps.shift();
    const order = (saved.body.data as { orders: { Id: number; Order_No: string }[] }).orders[0]!;
    result.orders[step] = (result.orders[step] ?? 0) + 1;

    const approve = async (username: string) => {
      const id = await approvalRow(username, order.Order_No);
      ok('approve an order', await call(username, 'POST', '/approval/approve', { ids: [id] }));
    };
    const answer = async (username: string, status: 'ACCEPTED' | 'REJECTED', reason?: string) => {
      // The workflow writes the assignment first; the transporter answers once it is ASSIGNED TO TRANSPORTER.
      for (let attempt = 0; attempt < 100; attempt++) {
        const res = ok(
          'answer an order',
          await call(username, 'POST', '/order/transporter_action', [
            {
              id: order.Id,
              status,
              ...(reason ? { reason } : {}),
              ref_no: `${documentNo} / ${order.Order_No}`,
            },
          ]),
        );
        const item = (res.data as { success: boolean }[])[0];
        if (item?.success) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${order.Order_No} could not be answered ${status}`);
    };
    if (step === 'approval-level-2') await approve('supervisor');
    if (toTrp001) {
      await approve('supervisor');
      await approve('admin');
    }
    if (step === 'trp001-accepted') await answer('transporter', 'ACCEPTED');
    if (['accepted', 'cancelled', 'completed', 'edit-waiting'].includes(step))
      await answer('logistic', 'ACCEPTED');
    if (step === 'rejected') await answer('logistic', 'REJECTED', 'Armada sedang penuh / no truck free');
    if (step === 'cancelled') {
      ok(
        'cancel',
        await call('logistic', 'PUT', '/order/cancel/', { id: order.Id, reason: 'Customer postponed' }),
      );
    }
    if (step === 'completed') {
      ok('mark complete', await call('logistic', 'PUT', `/order/mark_complete/${order.Id}`, {}));
      completedIds.push(order.Id);
    }
    if (step === 'edit-waiting') {
      const edit = ok(
        'edit simulate',
        await call('logistic', 'POST', '/order/edit_merge_simulate', {
          order_id: order.Id,
          sap_no: [],
          is_first: true,
          is_edit: true,
        }),
      ) as { details: { Id: number; Order_Detail_Id: number | null; Qty: number; include_merge: boolean }[] };
      const current = (await db('order_transporters').where('order_id', order.Id).first('freight_cost')) as {
        freight_cost: string | null;
      };
      const editedAnswer = ok(
        'edit an order',
        await call('logistic', 'PUT', '/order/edit', {
          order_id: order.Id,
          transporter_notes: 'Truk harus tiba sebelum 07:00 / trucks in before 07:00',
          details: edit.details.map((d) => ({
            Id: d.Id,
            Order_Detail_Id: d.Order_Detail_Id,
            Qty: d.Qty,
            include_merge: d.include_merge,
          })),
          transporter_model: {
            transporters: [
              {
                transporter_code: carrier,
                freight_cost: Math.round(Number(current.freight_cost ?? 0) * 1.15),
                assign_reason: REASON,
              },
            ],
          },
        }),
      );
      if (!(editedAnswer as { needs_approval?: boolean }).needs_approval) {
        options.log.warn({ order: order.Order_No }, 'living demo: the edit asked no approval');
      }
    }
  }

  // The completed orders' days spread over the last week, as a working week leaves them (the dashboard's chart).
  for (const [i, id] of completedIds.entries()) {
    const day = new Date(now.getTime() - (i % 7) * DAY_MS);
    await db('orders')
      .where('id', id)
      .update({
        completed_date: db.raw(`(?::date + time '15:00') at time zone ?`, [isoDay(day), BUSINESS_TIME_ZONE]),
      });
  }
  if (steps.length) options.log.warn({ missing: steps.length }, 'living demo: fewer orders than planned');
  return result;
}
