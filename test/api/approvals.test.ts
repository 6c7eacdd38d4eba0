// The Approval screen's calls through the real app on a real database with the master demo data, without Temporal:
// the approvers are written by the workflow's own activity (as the workflow would on start) and decisions reach a
// recording stand-in for the workflows, so this file proves the list (only what waits for the user at the current
// level), its whitelist and tabs, the rights (View to list, Edit to decide), the request rules and how every
// document's result is reported; the decisions themselves, end to end with Temporal, are in
// test/workflows/approval-api.test.ts. The SAP orders here are typed by warehouse staff, who approve nothing, so the
// matrices' approvers are asked as they stand. Orders waiting for approval of their transporter assignment are
// listed beside them and their decisions go to the order workflow's seam (a recording stand-in too).
// Also: the ApprovalLog read-only resource.
import type { ApprovalWorkflows, DecisionOutcome } from '../../api/approvals/workflows';
import type { OrderUpdateOutcome, OrderWorkflows } from '../../api/orders/workflows';
import { createOrderActivities } from '../../workflows/orders/activities';
import type { ApprovalDecisionInput as OrderApprovalDecision } from '../../workflows/orders/messages';
import { hashApiKey } from '../../api/services/api-keys';
import { hashPassword } from '../../api/services/passwords';
import { seedDemo } from '../../db/seeds/demo';
import { createApprovalActivities } from '../../workflows/approvals/activities';
import type { ApprovalDecisionInput } from '../../workflows/approvals/messages';
import { createWaitingSapOrder, type WaitingOrder } from '../support/approvals';
import { createTestApp, DEMO_PASSWORD, loginAs, type TestApp } from '../support/api';

let t: TestApp;
let admin: string;
let logistic: string;
let newstaff: string;
let warehouse: string;
let viewer: string;
let transporter: string;
/** Company 1000: logistic on level 1, admin on level 2. */
let po1000: WaitingOrder;
/** Company 1000, already past level 1: waits for admin. */
let atLevel2: WaitingOrder;
/** Company 2000: logistic or newstaff on one level. */
let so2000: WaitingOrder;
/** Company 1000, rejected already. */
let decided: WaitingOrder;

const db = () => t.deps.db;

/** What the workflows were asked, and what they answer (by workflow id; approve by default). */
const sent: { workflowId: string; action: string; input: ApprovalDecisionInput }[] = [];
let answers: Record<string, DecisionOutcome> = {};
const stub: ApprovalWorkflows = {
  decide: (workflowId, action, input) => {
    sent.push({ workflowId, action, input });
    return Promise.resolve(
      answers[workflowId] ?? {
        ok: true,
        result: {
          status: action === 'approve' ? 'APPROVED' : 'REJECTED',
          level: 1,
          currentLevel: 1,
          maxLevel: 1,
        },
      },
    );
  },
  cancel: () => Promise.resolve(),
};

async function waiting(company: string, orderType = 'PO'): Promise<WaitingOrder> {
  const order = await createWaitingSapOrder(db(), { company, orderType, requestedBy: 'warehouse' });
  await createApprovalActivities({ db: db() }).resolveSapApprovers({
    approvalId: order.approvalId,
    sapOrderId: order.sapOrderId,
    startedAt: new Date().toISOString(),
  });
  return order;
}

/** A signed-in account whose only group grants `Approval` with the given rights. */
async function userWithApprovalRights(username: string, rights: { view: boolean; edit: boolean }) {
  const [group] = (await db()('user_groups')
    .insert({ code: `G_${username.toUpperCase()}`, name: `Group of ${username}` })
    .returning('id')) as { id: number }[];
  const menu = (await db()('menus').where({ code: 'Approval' }).first('id')) as { id: number };
  await db()('group_menus').insert({
    group_id: group!.id,
    menu_id: menu.id,
    can_view: rights.view,
    can_edit: rights.edit,
  });
  const [user] = (await db()('users')
    .insert({
      username,
      full_name: username,
      password_hash: await hashPassword(DEMO_PASSWORD),
      must_change_password: false,
      change_password_reason: null,
      privacy_consent_date: new Date(),
    })
    .returning('id')) as { id: number }[];
  await db()('user_group_members').insert({ user_id: user!.id, group_id: group!.id });
  return loginAs(t, username);
}

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  Object.assign(t.deps, { approvalWorkflows: stub });
  admin = await loginAs(t, 'admin');
  logistic = await loginAs(t, 'logistic');
  warehouse = await loginAs(t, 'warehouse');
  transporter = await loginAs(t, 'transporter');
  // newstaff must change the demo password at first login; the tests only need its session.
  await db()('users').where({ username: 'newstaff' }).update({
    must_change_password: false,
    change_password_reason: null,
    privacy_consent_date: new Date(),
  });
  newstaff = await loginAs(t, 'newstaff');
  viewer = await userWithApprovalRights('viewer', { view: true, edit: false });

  po1000 = await waiting('1000');
  atLevel2 = await waiting('1000', 'SO');
  await db()('approvals').where({ id: atLevel2.approvalId }).update({ current_level: 2 });
  so2000 = await waiting('2000', 'SO');
  decided = await waiting('1000');
  await db()('approvals').where({ id: decided.approvalId }).update({ status: 'REJECTED' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  sent.length = 0;
  answers = {};
});

const post = (path: string, token: string, body: unknown, language = 'en') =>
  t
    .request()
    .post(path)
    .set('Authorization', token)
    .set('language', language)
    .send(body as object);
const get = (path: string, token: string, language = 'en') =>
  t.request().get(path).set('Authorization', token).set('language', language);

const ids = (res: { body: { data: { Id: number }[] } }) =>
  res.body.data.map((r) => r.Id).sort((a, b) => a - b);

describe('POST /api/approval/list', () => {
  test('given orders at level 1 and level 2 of companies 1000 and 2000, when each approver lists, then each sees only what waits for them at the current level (not the decided one)', async () => {
    const mine = await post('/api/approval/list', logistic, {});
    expect(mine.status).toBe(200);
    expect(ids(mine)).toEqual([po1000.approvalId, so2000.approvalId].sort((a, b) => a - b));
    expect(mine.body.totalRecords).toBe(2);

    expect(ids(await post('/api/approval/list', admin, {}))).toEqual([atLevel2.approvalId]);
    expect(ids(await post('/api/approval/list', newstaff, {}))).toEqual([so2000.approvalId]);
    expect((await post('/api/approval/list', warehouse, {})).body.data).toEqual([]);
  });

  test('given a waiting SAP order, when it is listed, then the row carries its kind, document, level, requester and the SAP order summary', async () => {
    const res = await post('/api/approval/list', logistic, {
      filters: [{ field: 'Document_No', value: po1000.documentNo, matchMode: 'equals' }],
    });
    expect(res.body.data).toEqual([
      {
        Id: po1000.approvalId,
        Transaction_Type: 'SAP_ORDER',
        Document_Id: String(po1000.sapOrderId),
        Document_No: po1000.documentNo,
        Company_Code: '1000',
        Order_Type: 'PO',
        Document_Date: '2026-10-20',
        Customer_Vendor_Code: 'VEN001',
        Customer_Vendor_Name: expect.any(String),
        Plant: '1101',
        // 12.5 TON of CPO in KG through MaterialConversion, and as typed.
        Qty_Total: 12_500,
        Qty_By_UOM: '12.5 TON',
        Level: 1,
        Max_Level: 2,
        Requested_By: 'warehouse',
        Requested_Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        Summary: `PO ${po1000.documentNo}`,
        Sap_No: null,
        Request_Kind: null,
        Transporter_Code: null,
        Transporter_Name: null,
        Freight_Total_Cost: null,
        Freight_Criteria: null,
        Freight_Cost: null,
        Freight_Suggested: null,
        Freight_Cost_UOM: null,
        Assign_Reason: null,
        Changes: null,
      },
    ]);
  });

  test('given the list protocol, when sorted and filtered on whitelisted fields and a tab, then the answer follows; an unknown sort or filter field is a 400', async () => {
    const sorted = await post('/api/approval/list', logistic, {
      sorts: [{ field: 'Company_Code', order: -1 }],
      tab_status: 'SAP_ORDER',
    });
    expect(sorted.body.data.map((r: { Company_Code: string }) => r.Company_Code)).toEqual(['2000', '1000']);
    const filtered = await post('/api/approval/list', logistic, {
      filters: [
        { field: 'Company_Code', value: '20', matchMode: 'contains' },
        { field: 'Requested_Date', value: [formatToday(-1), formatToday(1)], matchMode: 'dateRange' },
      ],
    });
    expect(ids(filtered)).toEqual([so2000.approvalId]);
    expect((await post('/api/approval/list', logistic, { tab_status: 'ORDER' })).body.data).toEqual([]);

    const badSort = await post('/api/approval/list', logistic, {
      sorts: [{ field: 'workflow_id', order: 1 }],
    });
    expect([badSort.status, badSort.body.message_code]).toEqual([400, 'VALIDATION']);
    const badFilter = await post('/api/approval/list', logistic, {
      filters: [{ field: 'Status', value: 'x', matchMode: 'contains' }],
    });
    expect(badFilter.status).toBe(400);
  });
});

function formatToday(days: number): string {
  const d = new Date(Date.now() + days * 24 * 3600_000);
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

describe('GET /api/approval/master_list', () => {
  test('given what waits for logistic, when the tabs are read in Indonesian, then ALL comes first and each transaction type counts its documents', async () => {
    const res = await get('/api/approval/master_list', logistic, 'id');
    expect(res.status).toBe(200);
    const tabs = res.body.data.tab_status as { code: string; text: string; count: number }[];
    expect(tabs[0]).toEqual({ code: 'ALL', text: 'Semua', count: 2 });
    expect(tabs.find((tab) => tab.code === 'SAP_ORDER')).toEqual({
      code: 'SAP_ORDER',
      text: 'Order SAP',
      count: 2,
    });
    expect(tabs.find((tab) => tab.code === 'SHIPMENT')).toEqual({
      code: 'SHIPMENT',
      text: 'Pengiriman',
      count: 0,
    });
  });
});

describe('POST /api/approval/approve and /reject', () => {
  test('given chosen documents, when approved with a remark, then each goes to its own workflow as the signed-in user and every result is answered', async () => {
    const res = await post('/api/approval/approve', logistic, {
      ids: [po1000.approvalId, so2000.approvalId, po1000.approvalId],
      remark: ' ok ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '2 document(s) approved.', message_code: '' });
    expect(sent.map((s) => [s.workflowId, s.action, s.input]).sort()).toEqual(
      [
        [po1000.workflowId, 'approve', { username: 'logistic', remark: 'ok' }],
        [so2000.workflowId, 'approve', { username: 'logistic', remark: 'ok' }],
      ].sort(),
    );
    expect(res.body.data).toEqual({
      succeeded: 2,
      failed: 0,
      results: [
        expect.objectContaining({
          Id: po1000.approvalId,
          success: true,
          Status: 'APPROVED',
          message_code: '',
        }),
        expect.objectContaining({
          Id: so2000.approvalId,
          success: true,
          message: `${so2000.documentNo} approved.`,
        }),
      ],
    });
  });

  test('given a mix of documents, when approved in Indonesian, then the answer is PARTIAL and names why each failed: refused by its workflow, already decided, unknown, unreachable', async () => {
    answers[po1000.workflowId] = { ok: false, code: 'NOT_AN_APPROVER' };
    answers[atLevel2.workflowId] = { ok: false, code: 'WORKFLOW_UNAVAILABLE', detail: 'deadline exceeded' };
    const res = await post(
      '/api/approval/approve',
      logistic,
      { ids: [po1000.approvalId, decided.approvalId, 999_999, atLevel2.approvalId, so2000.approvalId] },
      'id',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      message_code: 'PARTIAL',
      message: '1 dari 5 dokumen disetujui; 4 tidak dapat disetujui.',
    });
    const results = res.body.data.results as {
      Id: number;
      success: boolean;
      message_code: string;
      message: string;
    }[];
    expect(results.map((r) => [r.Id, r.success, r.message_code])).toEqual([
      [po1000.approvalId, false, 'NOT_AN_APPROVER'],
      [decided.approvalId, false, 'APPROVAL_FINISHED'],
      [999_999, false, 'NOT_FOUND'],
      [atLevel2.approvalId, false, 'WORKFLOW_UNAVAILABLE'],
      [so2000.approvalId, true, ''],
    ]);
    expect(results[0]!.message).toBe(`${po1000.documentNo}: Anda bukan penyetuju level 1.`);
    expect(results[1]!.message).toBe(`${decided.documentNo} tidak lagi menunggu persetujuan (Ditolak).`);
    expect(results[2]!.message).toBe('Persetujuan 999999 tidak ditemukan.');
    // The decided and the unknown documents were never sent to a workflow.
    expect(sent.map((s) => s.workflowId).sort()).toEqual(
      [po1000.workflowId, atLevel2.workflowId, so2000.workflowId].sort(),
    );
  });

  test('given no document can be decided, when rejected, then 422 APPROVAL_FAILED with every reason', async () => {
    const res = await post('/api/approval/reject', logistic, {
      ids: [decided.approvalId, 999_998],
      remark: 'no',
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      message_code: 'APPROVAL_FAILED',
      message: 'None of the 2 document(s) could be rejected.',
    });
    expect(res.body.data.results.map((r: { message_code: string }) => r.message_code)).toEqual([
      'APPROVAL_FINISHED',
      'NOT_FOUND',
    ]);
    expect(sent).toEqual([]);
  });

  test('given a rejection without a remark, or a request without documents, when sent, then 400 names the field and no workflow is asked', async () => {
    const noRemark = await post('/api/approval/reject', logistic, { ids: [po1000.approvalId], remark: '  ' });
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.errors.remark).toEqual(['Remark is required.']);
    const noIds = await post('/api/approval/approve', logistic, { ids: [] });
    expect(noIds.status).toBe(400);
    expect(Object.keys(noIds.body.errors)).toEqual(['ids']);
    expect(sent).toEqual([]);
  });

  test('given the API runs without Temporal, when a decision is sent, then 503 and nothing is decided', async () => {
    Object.assign(t.deps, { approvalWorkflows: undefined });
    try {
      const res = await post('/api/approval/approve', logistic, { ids: [po1000.approvalId] });
      expect([res.status, res.body.message_code]).toEqual([503, 'WORKFLOW_UNAVAILABLE']);
    } finally {
      Object.assign(t.deps, { approvalWorkflows: stub });
    }
  });
});

describe('rights', () => {
  test('given a user without the Approval screen (a transporter), when listing or deciding, then 403 and no workflow is asked', async () => {
    for (const res of [
      await post('/api/approval/list', transporter, {}),
      await get('/api/approval/master_list', transporter),
      await post('/api/approval/approve', transporter, { ids: [po1000.approvalId] }),
    ]) {
      expect([res.status, res.body.message_code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(sent).toEqual([]);
  });

  test('given a user who may only view Approval, when listing and deciding, then the list answers and approve and reject are 403', async () => {
    expect((await post('/api/approval/list', viewer, {})).status).toBe(200);
    for (const path of ['/api/approval/approve', '/api/approval/reject']) {
      const res = await post(path, viewer, { ids: [po1000.approvalId], remark: 'x' });
      expect([res.status, res.body.message_code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(sent).toEqual([]);
  });

  test('given the demo groups, when their rights on Approval and ApprovalLog are read, then logistic staff may view and decide and view the log, and the administrator may do all', async () => {
    for (const token of [logistic, admin]) {
      const res = await post('/api/auth/permission', token, {
        menu_controller: 'Approval',
        menu_action: 'Index',
        menu_check: 'Y',
      });
      expect(res.body.data).toMatchObject({ View: true, Edit: true });
      const log = await post('/api/approval_log/list', token, {});
      expect(log.status).toBe(200);
    }
  });
});

describe('ApprovalLog', () => {
  test('given written decisions, when the log is listed and filtered by action and document, then it answers them newest first; a user without the screen gets 403', async () => {
    const activities = createApprovalActivities({ db: db() });
    const order = await waiting('1000', 'STO OUT');
    await activities.recordSapApprovalDecision({
      approvalId: order.approvalId,
      sapOrderId: order.sapOrderId,
      documentNo: order.documentNo,
      level: 1,
      username: 'logistic',
      action: 'APPROVED',
      remark: null,
      final: null,
      nextLevel: 2,
      at: '2026-10-21T01:00:00.000Z',
    });
    await activities.recordSapApprovalDecision({
      approvalId: order.approvalId,
      sapOrderId: order.sapOrderId,
      documentNo: order.documentNo,
      level: 2,
      username: 'admin',
      action: 'REJECTED',
      remark: 'Tidak ada armada',
      final: 'REJECTED',
      nextLevel: 2,
      at: '2026-10-21T02:00:00.000Z',
    });

    const all = await post('/api/approval_log/list', logistic, {
      filters: [{ field: 'Document_No', value: order.documentNo, matchMode: 'contains' }],
    });
    expect(all.status).toBe(200);
    expect(
      all.body.data.map((r: Record<string, unknown>) => [
        r.Level,
        r.Username,
        r.Action,
        r.Remark,
        r.Created_Date,
      ]),
    ).toEqual([
      [2, 'admin', 'REJECTED', 'Tidak ada armada', '2026-10-21T02:00:00.000Z'],
      [1, 'logistic', 'APPROVED', null, '2026-10-21T01:00:00.000Z'],
    ]);
    const rejected = await post('/api/approval_log/list', logistic, {
      filters: [
        { field: 'Document_No', value: order.documentNo, matchMode: 'contains' },
        { field: 'Action', value: 'REJECTED', matchMode: 'equals' },
        { field: 'Username', value: 'adm', matchMode: 'contains' },
        { field: 'Created_Date', value: '21/10/2026', matchMode: 'date' },
      ],
    });
    expect(rejected.body.totalRecords).toBe(1);
    expect(await db()('sap_orders').where({ id: order.sapOrderId }).first('status')).toEqual({
      status: 'REJECTED',
    });

    const forbidden = await post('/api/approval_log/list', warehouse, {});
    expect([forbidden.status, forbidden.body.message_code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('orders waiting for approval of their transporter assignment', () => {
  /** What the order workflows were asked, and what they answer (by order number; a level approved by default). */
  const asked: { orderNo: string; input: OrderApprovalDecision }[] = [];
  let orderAnswers: Record<string, OrderUpdateOutcome> = {};
  const unused = () => Promise.reject(new Error('not used here'));
  const orderStub: OrderWorkflows = {
    decideApproval: (orderNo, input) => {
      asked.push({ orderNo, input });
      return Promise.resolve(
        orderAnswers[orderNo] ?? {
          ok: true,
          result: {
            status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
            dispatchStatus: null,
            autoRejectDate: null,
            sequence: 2,
          },
        },
      );
    },
    create: unused,
    closed: unused,
    catchUp: unused,
    start: unused,
    accept: unused,
    reject: unused,
    editAssignTransporter: unused,
    cancel: unused,
    markComplete: unused,
    unmarkComplete: unused,
    changeStuffingDate: unused,
    reassignDo: unused,
    editOrder: unused,
    state: () => Promise.resolve(null),
  };
  let order: { orderId: number; orderNo: string; approvalId: number };

  beforeAll(async () => {
    Object.assign(t.deps, { orderWorkflows: orderStub });
    const orderNo = `ORAPI${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const [row] = (await db()('orders')
      .insert({
        order_no: orderNo,
        status: 'ASSIGNED TO TRANSPORTER',
        order_type_name: 'STO OUT',
        company_code: '1000',
        sap_no: 'STO4500001',
        customer_vendor_code: 'CUS001',
        customer_vendor_name: 'PT Minyak Nabati Sejahtera',
        transporter_code: 'TRP001',
        transporter_name: 'PT Sinar Angkut Nusantara',
        created_by: 'warehouse',
      })
      .returning('id')) as { id: number }[];
    await db()('order_transporters').insert({
      order_id: row!.id,
      transporter_code: 'TRP001',
      transporter_name: 'PT Sinar Angkut Nusantara',
      freight_total_cost: 1_200_000,
      freight_total_cost_user_not: 1_500_000,
      freight_cost: 60,
      freight_suggested: 48,
      freight_uom: 'KG',
      freight_criteria: 'HIGHER',
      assign_reason: 'URGENT_DELIVERY',
    });
    // A line in TON and one in KG: the approver reads their sum in KG, and each as it is.
    const sapLine = (await db()('sap_order_details').orderBy('id').first('id')) as { id: number };
    const line = {
      order_id: row!.id,
      sap_order_detail_id: sapLine.id,
      sap_no: 'STO4500001',
      material_code: 'FG-CPO',
    };
    await db()('order_details').insert([
      {
        ...line,
        item_no: '000010',
        sap_item_no: '000010',
        qty: 600,
        os_qty: 600,
        uom: 'TON',
        conversion: 1000,
      },
      { ...line, item_no: '000020', sap_item_no: '000020', qty: 750, os_qty: 750, uom: 'KG' },
    ]);
    // The workflow's first change opens the approval round, as the order workflow's activity does.
    const now = new Date().toISOString();
    await createOrderActivities({ db: db() }).writeOrderChange({
      orderId: row!.id,
      orderNo,
      workflowId: `order:${orderNo}`,
      kind: 'assign',
      sequence: 1,
      from: null,
      to: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
      dispatchStatus: null,
      dispatchRemark: null,
      autoRejectDate: null,
      remark: null,
      by: 'warehouse',
      at: now,
      approval: {
        kind: 'open',
        levels: 2,
        approvers: [
          { username: 'logistic', level: 1 },
          { username: 'admin', level: 2 },
        ],
      },
    });
    const approval = (await db()('approvals')
      .where({ transaction_type: 'ORDER', document_no: orderNo })
      .first('id')) as { id: number };
    order = { orderId: row!.id, orderNo, approvalId: approval.id };
  });
  afterAll(() => {
    Object.assign(t.deps, { orderWorkflows: undefined });
  });
  beforeEach(() => {
    asked.length = 0;
    orderAnswers = {};
  });

  test('given an order waiting for level 1, when logistic lists the ORDER tab, then the row carries the order summary (type, customer, transporter, SAP numbers, freight cost); admin, on level 2, does not see it yet', async () => {
    const res = await post('/api/approval/list', logistic, { tab_status: 'ORDER' });
    expect(res.body.data).toEqual([
      expect.objectContaining({
        Id: order.approvalId,
        Transaction_Type: 'ORDER',
        Document_Id: String(order.orderId),
        Document_No: order.orderNo,
        Company_Code: '1000',
        Order_Type: 'STO OUT',
        Customer_Vendor_Code: 'CUS001',
        Customer_Vendor_Name: 'PT Minyak Nabati Sejahtera',
        Sap_No: 'STO4500001',
        Transporter_Code: 'TRP001',
        Transporter_Name: 'PT Sinar Angkut Nusantara',
        Freight_Total_Cost: 1_500_000,
        // What the approver decides on: why approval is asked, the reason given, the cost beside the suggested.
        Request_Kind: 'ASSIGN',
        Freight_Criteria: 'HIGHER',
        Assign_Reason: 'Urgent delivery',
        Freight_Cost: 60,
        Freight_Suggested: 48,
        Freight_Cost_UOM: 'KG',
        // 600 TON and 750 KG are 600,750 KG, never "600,750" of nothing.
        Qty_Total: 600_750,
        Qty_By_UOM: '750 KG + 600 TON',
        Changes: null,
        Level: 1,
        Max_Level: 2,
        Requested_By: 'warehouse',
        Summary: `STO OUT ${order.orderNo} → PT Sinar Angkut Nusantara`,
      }),
    ]);
    const filtered = await post('/api/approval/list', logistic, {
      filters: [{ field: 'Transporter_Name', value: 'sinar', matchMode: 'contains' }],
      sorts: [{ field: 'Freight_Total_Cost', order: -1 }],
    });
    expect(ids(filtered)).toEqual([order.approvalId]);
    expect(ids(await post('/api/approval/list', admin, { tab_status: 'ORDER' }))).toEqual([]);
    const tabs = (await get('/api/approval/master_list', logistic)).body.data.tab_status as {
      code: string;
      count: number;
    }[];
    expect(tabs.find((tab) => tab.code === 'ORDER')?.count).toBe(1);
  });

  test('given an accepted order whose edit (another transporter, less quantity, a lower cost) waits for approval, when logistic lists it, then the row says it is an edit and shows the figures after it, with what changes before → after; the history log reads the edit with its numbers as the screens show them', async () => {
    const orderNo = `OREDT${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const [row] = (await db()('orders')
      .insert({
        order_no: orderNo,
        status: 'WAITING FOR ORDER APPROVAL',
        order_type_name: 'SO',
        company_code: '1000',
        sap_no: '0010000001',
        transporter_code: 'TRP001',
        transporter_name: 'PT Sinar Angkut Nusantara',
        created_by: 'logistic',
      })
      .returning('id')) as { id: number }[];
    const orderId = row!.id;
    await db()('order_transporters').insert({
      order_id: orderId,
      transporter_code: 'TRP001',
      transporter_name: 'PT Sinar Angkut Nusantara',
      freight_total_cost_user_not: 1_500_000,
      freight_cost: 60,
      freight_uom: 'KG',
    });
    const sapLine = (await db()('sap_order_details').orderBy('id').first('id')) as { id: number };
    await db()('order_details').insert({
      order_id: orderId,
      sap_order_detail_id: sapLine.id,
      sap_no: '0010000001',
      material_code: 'FG-CPO',
      item_no: '000010',
      sap_item_no: '000010',
      qty: 25,
      os_qty: 25,
      uom: 'TON',
      conversion: 1000,
    });
    const summary = '0010000001/000010 25 → 20 TON; TRP001 → TRP002; 1500000 → 1400000';
    await db()('order_edits').insert({
      order_id: orderId,
      status: 'WAITING FOR APPROVAL',
      status_before: 'ACCEPTED',
      transporter_changed: true,
      transporter_code: 'TRP002',
      auto_reject_ms: 3_600_000,
      approval_levels: 1,
      remark: summary,
      created_date: new Date(),
      created_by: 'supervisor',
      changes: JSON.stringify({
        header: {},
        lines: [{ orderDetailId: 1, sapOrderDetailId: sapLine.id, qty: 20, uom: 'TON', conversion: 1000 }],
        transporters: [
          {
            transporter_code: 'TRP002',
            transporter_name: 'CV Dua Angkut',
            freight_cost: 70,
            freight_suggested: 48,
            freight_uom: 'KG',
            freight_total_cost_user_not: 1_400_000,
            freight_criteria: 'HIGHER',
            assign_reason: 'URGENT_DELIVERY',
            assign_reason_others: 'Port closes Friday',
          },
        ],
      }),
    });
    const [approval] = (await db()('approvals')
      .insert({
        transaction_type: 'ORDER',
        document_id: String(orderId),
        document_no: orderNo,
        company_code: '1000',
        current_level: 1,
        max_level: 1,
        created_by: 'supervisor',
        summary: `SO ${orderNo}`,
      })
      .returning('id')) as { id: number }[];
    await db()('approval_approvers').insert({ approval_id: approval!.id, username: 'logistic', level: 1 });
    await db()('order_histories').insert({
      order_id: orderId,
      status_from: 'ACCEPTED',
      status_to: 'WAITING FOR ORDER APPROVAL',
      remark: summary,
      created_by: 'supervisor',
      idempotency_key: `order:${orderNo}/edit-request/1`,
    });

    const listed = async (language: string) =>
      (
        (
          await post(
            '/api/approval/list',
            logistic,
            { filters: [{ field: 'Document_No', value: orderNo, matchMode: 'equals' }] },
            language,
          )
        ).body.data as Record<string, unknown>[]
      )[0];
    expect(await listed('en')).toMatchObject({
      Id: approval!.id,
      Request_Kind: 'EDIT',
      Transporter_Code: 'TRP002',
      Transporter_Name: 'CV Dua Angkut',
      Freight_Total_Cost: 1_400_000,
      Freight_Cost: 70,
      Freight_Suggested: 48,
      Freight_Criteria: 'HIGHER',
      Assign_Reason: 'Urgent delivery: Port closes Friday',
      Qty_Total: 20_000,
      Qty_By_UOM: '20 TON',
      Changes:
        '0010000001/000010: 25 → 20 TON; Transporter TRP001 → TRP002; Total freight cost 1,500,000.00 → 1,400,000.00; Total Qty (KG) 25,000 → 20,000',
    });
    expect((await listed('id'))?.Changes).toBe(
      '0010000001/000010: 25 → 20 TON; Transporter TRP001 → TRP002; Total ongkos angkut 1,500,000.00 → 1,400,000.00; Total Qty (KG) 25,000 → 20,000',
    );
    const kinds = await post('/api/approval/list', logistic, {
      filters: [{ field: 'Request_Kind', value: 'EDIT', matchMode: 'equals' }],
    });
    expect(ids(kinds)).toEqual([approval!.id]);

    const history = await get(`/api/order/view_history/${orderId}`, logistic);
    expect(history.status).toBe(200);
    expect((history.body.data as { Remark: string }[])[0]?.Remark).toBe(
      '0010000001/000010: 25 → 20 TON; Transporter TRP001 → TRP002; Total freight cost 1,500,000.00 → 1,400,000.00',
    );
    await db()('approvals').where('id', approval!.id).update({ status: 'CANCELLED' });
  });

  test('given an ORDER approval and a SAP order chosen together, when approved, then the order is decided by its workflow at the row’s level as the signed-in user, the SAP order by its own, and each result is answered', async () => {
    const res = await post('/api/approval/approve', logistic, {
      ids: [order.approvalId, so2000.approvalId],
      remark: 'Biaya sesuai',
    });
    expect(res.status).toBe(200);
    expect(asked).toEqual([
      { orderNo: order.orderNo, input: { level: 1, approve: true, by: 'logistic', remark: 'Biaya sesuai' } },
    ]);
    expect(sent.map((s) => s.workflowId)).toEqual([so2000.workflowId]);
    expect(res.body.data.results[0]).toMatchObject({
      Id: order.approvalId,
      Transaction_Type: 'ORDER',
      success: true,
      Status: 'WAITING FOR APPROVAL',
      Level: 1,
      message: `${order.orderNo} approved.`,
    });

    orderAnswers[order.orderNo] = {
      ok: true,
      result: { status: 'REJECTED', dispatchStatus: null, autoRejectDate: null, sequence: 2 },
    };
    const rejected = await post('/api/approval/reject', logistic, {
      ids: [order.approvalId],
      remark: 'Mahal',
    });
    expect(asked[1]?.input).toEqual({ level: 1, approve: false, by: 'logistic', remark: 'Mahal' });
    expect(rejected.body.data.results[0]).toMatchObject({ success: true, Status: 'REJECTED' });
  });

  test('given the order workflow refuses, when approved, then its refusal is answered in the Approval screen’s words (not an approver, already decided, order gone, unreachable), and without the order seam the document is unavailable', async () => {
    const cases: [OrderUpdateOutcome, string][] = [
      [{ ok: false, code: 'NOT_AN_APPROVER' }, 'NOT_AN_APPROVER'],
      [{ ok: false, code: 'ALREADY_DECIDED' }, 'APPROVAL_FINISHED'],
      [{ ok: false, code: 'WRONG_LEVEL' }, 'APPROVAL_FINISHED'],
      [{ ok: false, code: 'ORDER_NOT_FOUND' }, 'NOT_FOUND'],
      [{ ok: false, code: 'WORKFLOW_NOT_FOUND', detail: 'no run' }, 'WORKFLOW_NOT_FOUND'],
      [{ ok: false, code: 'WORKFLOW_TIMEOUT', detail: 'deadline' }, 'WORKFLOW_TIMEOUT'],
    ];
    for (const [answer, code] of cases) {
      orderAnswers[order.orderNo] = answer;
      const res = await post('/api/approval/approve', logistic, { ids: [order.approvalId] });
      expect([res.status, res.body.data.results[0].message_code]).toEqual([422, code]);
    }
    orderAnswers[order.orderNo] = { ok: false, code: 'NOT_AN_APPROVER' };
    const worded = await post('/api/approval/approve', logistic, { ids: [order.approvalId] }, 'id');
    expect(worded.body.data.results[0].message).toBe(`${order.orderNo}: Anda bukan penyetuju level 1.`);
    // Sent and not answered in time: it may still be recorded, so the approver is told to look first.
    orderAnswers[order.orderNo] = { ok: false, code: 'WORKFLOW_TIMEOUT', detail: 'deadline' };
    for (const [language, words] of [
      ['en', /did not answer in time\. The decision may still be recorded: refresh before deciding again/],
      ['id', /tidak menjawab tepat waktu\. Keputusan mungkin tetap tercatat/],
    ] as const) {
      const late = await post('/api/approval/approve', logistic, { ids: [order.approvalId] }, language);
      expect(late.body.data.results[0].message).toMatch(words);
    }

    Object.assign(t.deps, { orderWorkflows: undefined });
    try {
      const res = await post('/api/approval/approve', logistic, { ids: [order.approvalId] });
      expect([res.status, res.body.data.results[0].message_code]).toEqual([422, 'WORKFLOW_UNAVAILABLE']);
    } finally {
      Object.assign(t.deps, { orderWorkflows: orderStub });
    }
  });
});

describe('the demo approvers', () => {
  const levelOne = async (username: string) =>
    (await db()('approval_matrix_approvers as a')
      .join('approval_matrices as m', 'm.id', 'a.approval_matrix_id')
      .where({ 'a.username': username, 'a.level': 1, 'm.created_by': 'seed' })
      .orderBy('m.approval_matrix_code')
      .pluck('m.approval_matrix_code')) as string[];

  test('given the demo seed, when the matrices are read, then the supervisor (Dewi Lestari, logistic department) sits beside logistic on level 1 of every matrix, and the supervisor signs in with the demo password', async () => {
    const logisticMatrices = await levelOne('logistic');
    expect(logisticMatrices.length).toBeGreaterThan(10);
    expect(await levelOne('supervisor')).toEqual(logisticMatrices);
    expect(await db()('users').where({ username: 'supervisor' }).first('full_name', 'department')).toEqual({
      full_name: 'Dewi Lestari',
      department: 'LOGISTIC',
    });
    expect(await loginAs(t, 'supervisor')).toBeTruthy();
  });

  test('given a database seeded before the supervisor existed (a matrix with logistic alone on level 1), when the demo seed runs again, then the supervisor is added there once, and a further run adds nothing', async () => {
    const [code] = await levelOne('logistic');
    const matrix = (await db()('approval_matrices').where({ approval_matrix_code: code }).first('id')) as {
      id: number;
    };
    await db()('approval_matrix_approvers')
      .where({ approval_matrix_id: matrix.id, username: 'supervisor' })
      .delete();
    const before = await db()('approval_matrix_approvers').count<{ n: string }[]>('* as n');
    await seedDemo(db(), { hashPassword, hashApiKey });
    expect(await levelOne('supervisor')).toEqual(await levelOne('logistic'));
    const after = await db()('approval_matrix_approvers').count<{ n: string }[]>('* as n');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
    await seedDemo(db(), { hashPassword, hashApiKey });
    const again = await db()('approval_matrix_approvers').count<{ n: string }[]>('* as n');
    expect(again[0]!.n).toBe(after[0]!.n);
  });
});
