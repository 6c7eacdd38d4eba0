// The Approval screen's calls end to end: the real app on a real (in-memory) database with the master demo data,
// wired to a real Temporal dev server and worker the way api/main.ts wires them. A manual SAP order created through
// the editor's call enters approval; the approvers approve it through POST /api/approval/approve level by level and
// see it APPROVED, while the staff member who typed it cannot approve their own request; a mixed selection reports
// which documents failed and why (the workflow's own refusal included); a rejection reaches the order; every
// decision is in the ApprovalLog. An order waiting for approval of its transporter assignment is listed beside
// the SAP orders and decided the same way, through the order's workflow.
import { randomUUID } from 'node:crypto';
import type { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createApprovalWorkflows, createSapApprovalStarter } from '../../api/approvals/workflows';
import { createOrderWorkflows } from '../../api/orders/workflows';
import { excludeRequester } from '../../workflows/approvals/approvers';
import { createWorker } from '../../workflows/worker';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { eventually } from '../support/approvals';
import { insertHeldOrder } from '../support/held-order';
import { manualPoBody } from '../support/sap-orders';
import { startTestTemporal } from '../support/temporal';

jest.setTimeout(120_000);

let env: TestWorkflowEnvironment;
let t: TestApp;
let worker: Worker;
let running: Promise<void>;
let admin: string;
let logistic: string;
let supervisor: string;
const taskQueue = `approval-api-${randomUUID()}`;

beforeAll(async () => {
  env = await startTestTemporal();
  t = await createTestApp({ masterData: true });
  Object.assign(t.deps, {
    startSapApprovalWorkflow: createSapApprovalStarter(env.client, taskQueue),
    approvalWorkflows: createApprovalWorkflows(env.client, { taskQueue }),
    orderWorkflows: createOrderWorkflows(env.client, { taskQueue }),
  });
  worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    db: t.deps.db,
  });
  running = worker.run();
  admin = await loginAs(t, 'admin');
  logistic = await loginAs(t, 'logistic');
  supervisor = await loginAs(t, 'supervisor');
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await t?.close();
});

const post = (path: string, token: string, body: unknown) =>
  t
    .request()
    .post(path)
    .set('Authorization', token)
    .send(body as object);

interface WaitingRow {
  Id: number;
  Document_No: string;
  Level: number;
}

async function waitingFor(token: string): Promise<WaitingRow[]> {
  const res = await post('/api/approval/list', token, { rows: 100 });
  expect(res.status).toBe(200);
  return res.body.data as WaitingRow[];
}

/** A manual PO of company 1000 created through the editor's call, once its approvers are known. */
async function createManualOrder(): Promise<WaitingRow> {
  const created = await post('/api/saporder', logistic, manualPoBody());
  expect(created.status).toBe(200);
  const documentNo = created.body.data.header.Document_No as string;
  return eventually(async () => (await waitingFor(supervisor)).find((r) => r.Document_No === documentNo));
}

async function sapOrderStatus(documentNo: string): Promise<unknown> {
  const res = await post('/api/saporder/list', admin, {
    filters: [{ field: 'Document_No', value: documentNo, matchMode: 'equals' }],
  });
  return res.body.data[0]?.Status;
}

test('given a manual SAP order created by logistic staff (company 1000: logistic or supervisor, then admin), when logistic tries to approve it, then it is refused (nobody approves their own request); when supervisor and then admin approve it in the Approval screen, then it leaves the first approver’s list, reaches the second’s, and is APPROVED with both decisions logged', async () => {
  const row = await createManualOrder();
  expect(row.Level).toBe(1);
  expect((await waitingFor(admin)).map((r) => r.Id)).not.toContain(row.Id);
  expect((await waitingFor(logistic)).map((r) => r.Id)).not.toContain(row.Id);
  const own = await post('/api/approval/approve', logistic, { ids: [row.Id] });
  expect([own.status, own.body.data.results[0].message_code]).toEqual([422, 'NOT_AN_APPROVER']);

  const first = await post('/api/approval/approve', supervisor, { ids: [row.Id] });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ success: true, message: '1 document(s) approved.' });
  expect(first.body.data.results).toEqual([
    expect.objectContaining({ Id: row.Id, success: true, Status: 'WAITING FOR APPROVAL', Level: 1 }),
  ]);
  // The list the approvers see next already shows the new level.
  expect((await waitingFor(supervisor)).map((r) => r.Id)).not.toContain(row.Id);
  expect(await waitingFor(admin)).toContainEqual(expect.objectContaining({ Id: row.Id, Level: 2 }));
  expect(await sapOrderStatus(row.Document_No)).toBe('WAITING FOR APPROVAL');

  const second = await post('/api/approval/approve', admin, { ids: [row.Id], remark: 'Disetujui' });
  expect(second.body.data.results).toEqual([
    expect.objectContaining({ Id: row.Id, success: true, Status: 'APPROVED', Level: 2 }),
  ]);
  expect(await sapOrderStatus(row.Document_No)).toBe('APPROVED');
  expect((await waitingFor(admin)).map((r) => r.Id)).not.toContain(row.Id);

  const log = await post('/api/approval_log/list', admin, {
    filters: [{ field: 'Document_No', value: row.Document_No, matchMode: 'contains' }],
    sorts: [{ field: 'Level', order: 1 }],
  });
  expect(
    log.body.data.map((r: Record<string, unknown>) => [
      r.Level,
      r.Username,
      r.Action,
      r.Remark,
      r.Transaction_Type,
    ]),
  ).toEqual([
    [1, 'supervisor', 'APPROVED', null, 'SAP_ORDER'],
    [2, 'admin', 'APPROVED', 'Disetujui', 'SAP_ORDER'],
  ]);
});

test('given a selection where one document is at a level the user does not approve and one does not exist, when approved, then the answer is PARTIAL with the workflow’s refusal and NOT_FOUND, and only the decidable one moves', async () => {
  const movedOn = await createManualOrder();
  const fresh = await createManualOrder();
  await post('/api/approval/approve', supervisor, { ids: [movedOn.Id] });

  const res = await post('/api/approval/approve', supervisor, { ids: [movedOn.Id, fresh.Id, 987_654] });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: false, message_code: 'PARTIAL' });
  expect(
    res.body.data.results.map((r: { Id: number; success: boolean; message_code: string }) => [
      r.Id,
      r.success,
      r.message_code,
    ]),
  ).toEqual([
    [movedOn.Id, false, 'NOT_AN_APPROVER'],
    [fresh.Id, true, ''],
    [987_654, false, 'NOT_FOUND'],
  ]);
  expect(res.body.data.results[0].message).toBe(
    `${movedOn.Document_No}: you are not an approver of level 2.`,
  );

  const rejected = await post('/api/approval/reject', admin, {
    ids: [movedOn.Id],
    remark: 'Harga belum final',
  });
  expect(rejected.body).toMatchObject({ success: true, message: '1 document(s) rejected.' });
  expect(await sapOrderStatus(movedOn.Document_No)).toBe('REJECTED');
  const again = await post('/api/approval/reject', admin, { ids: [movedOn.Id], remark: 'again' });
  expect([again.status, again.body.data.results[0].message_code]).toEqual([422, 'APPROVAL_FINISHED']);
});

/**
 * An order of company 1000 (SO, 4 TON of CUS001's SAP line, to TRP001) typed by logistic whose freight needs the
 * demo matrix's two levels, started through the order client with the approvers the API resolves: the matrix's,
 * less the requester.
 */
async function orderWaitingForApproval(): Promise<{ orderId: number; orderNo: string }> {
  const db = t.deps.db;
  const { orderId, orderNo } = await insertHeldOrder(db, 'ORA', {
    status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL',
    order_type_name: 'SO',
    company_code: '1000',
    customer_vendor_code: 'CUS001',
    customer_vendor_name: 'PT Minyak Nabati Sejahtera',
    transporter_code: 'TRP001',
    transporter_name: 'PT Sinar Angkut Nusantara',
  });
  const matrix = [
    { username: 'logistic', level: 1 },
    { username: 'supervisor', level: 1 },
    { username: 'admin', level: 2 },
  ];
  const approvers = excludeRequester(matrix, 'logistic', ['admin']);
  await createOrderWorkflows(env.client, { taskQueue }).start({
    orderNo,
    orderId,
    approvalLevels: 2,
    approvers,
    autoRejectMs: 3_600_000,
    transporterCode: 'TRP001',
    assignedBy: 'logistic',
  });
  return { orderId, orderNo };
}

test('given an order assigned by logistic that needs two approval levels, when the approvers open the Approval screen, then supervisor (not logistic) sees it beside the SAP orders with its order summary; logistic is refused; supervisor then admin approve it, and the order goes to its transporter with both decisions logged', async () => {
  const order = await orderWaitingForApproval();
  const row = await eventually(async () =>
    (await waitingFor(supervisor)).find((r) => r.Document_No === order.orderNo),
  );
  expect(row).toMatchObject({
    Transaction_Type: 'ORDER',
    Document_Id: String(order.orderId),
    Company_Code: '1000',
    Order_Type: 'SO',
    Customer_Vendor_Code: 'CUS001',
    Customer_Vendor_Name: 'PT Minyak Nabati Sejahtera',
    Transporter_Code: 'TRP001',
    Transporter_Name: 'PT Sinar Angkut Nusantara',
    // In KG through the line's conversion, and per unit as the lines hold it (issue 27 item 12).
    Qty_Total: 4000,
    Qty_By_UOM: '4 TON',
    Level: 1,
    Max_Level: 2,
    Requested_By: 'logistic',
    Summary: `SO ${order.orderNo} → PT Sinar Angkut Nusantara`,
  });
  expect((await waitingFor(logistic)).map((r) => r.Id)).not.toContain(row.Id);
  const tabs = await t.request().get('/api/approval/master_list').set('Authorization', supervisor);
  expect(tabs.body.data.tab_status).toContainEqual(expect.objectContaining({ code: 'ORDER', count: 1 }));

  const own = await post('/api/approval/approve', logistic, { ids: [row.Id] });
  expect([own.status, own.body.data.results[0].message_code]).toEqual([422, 'NOT_AN_APPROVER']);
  const noRemark = await post('/api/approval/reject', supervisor, { ids: [row.Id], remark: '' });
  expect(noRemark.status).toBe(400);

  const first = await post('/api/approval/approve', supervisor, { ids: [row.Id] });
  expect(first.body.data.results).toEqual([
    expect.objectContaining({ Id: row.Id, success: true, Status: 'WAITING FOR APPROVAL', Level: 1 }),
  ]);
  expect(await waitingFor(admin)).toContainEqual(expect.objectContaining({ Id: row.Id, Level: 2 }));
  const second = await post('/api/approval/approve', admin, { ids: [row.Id], remark: 'OK' });
  expect(second.body.data.results).toEqual([
    expect.objectContaining({ Id: row.Id, success: true, Status: 'APPROVED', Level: 2 }),
  ]);
  expect(await t.deps.db('orders').where('id', order.orderId).first('status', 'dispatch_status')).toEqual({
    status: 'ASSIGNED TO TRANSPORTER',
    dispatch_status: 'WAITING',
  });
  const again = await post('/api/approval/approve', admin, { ids: [row.Id] });
  expect([again.status, again.body.data.results[0].message_code]).toEqual([422, 'APPROVAL_FINISHED']);

  const log = await post('/api/approval_log/list', admin, {
    filters: [{ field: 'Document_No', value: order.orderNo, matchMode: 'contains' }],
    sorts: [{ field: 'Level', order: 1 }],
  });
  expect(
    log.body.data.map((r: Record<string, unknown>) => [r.Level, r.Username, r.Action, r.Transaction_Type]),
  ).toEqual([
    [1, 'supervisor', 'APPROVED', 'ORDER'],
    [2, 'admin', 'APPROVED', 'ORDER'],
  ]);
});
