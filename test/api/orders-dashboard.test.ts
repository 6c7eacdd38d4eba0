// The dashboard's order cards and completed-orders chart (spec/1 Home) count real orders: orders with their lines
// and transporters as the assignment saves them (test/support/orders.ts), moved by the order workflow's own
// projection activity (workflows/orders/activities.ts writeOrderChange), read through the real app.
import { importErpDocuments } from '../../api/erp/import';
import { createOrderActivities } from '../../workflows/orders/activities';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { insertOrder } from '../support/orders';
import { sapDocument } from '../support/sap-orders';

let t: TestApp;
let logistic: string;
const DAY = 86_400_000;
const doc = (n: number) => `00400000${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  logistic = await loginAs(t, 'logistic');
  await importErpDocuments(
    t.deps.db,
    Array.from({ length: 10 }, (_, i) => sapDocument(doc(i + 1))),
    { source: 'sandbox', user: 'test' },
  );
});
afterAll(async () => {
  await t.close();
});

const statusCount = async () => {
  const res = await t.request().get('/api/dashboard/status_count').set('Authorization', logistic);
  expect(res.status).toBe(200);
  return res.body.data as Record<string, number>;
};
const completed = async () => {
  const res = await t.request().get('/api/dashboard/completed').set('Authorization', logistic);
  expect(res.status).toBe(200);
  return res.body.data as { date: string; total: number }[];
};
/** The business day (Asia/Jakarta) of a moment, as the chart names it. */
const jakartaDay = (at: Date) => new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

test("given orders in every card's statuses, when the dashboard is read, then each order card and the 7-day chart count them exactly", async () => {
  const db = t.deps.db;
  const now = Date.now();
  const seeds = [
    { n: 1, status: 'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL' },
    { n: 2, status: 'WAITING FOR ORDER APPROVAL' },
    { n: 3, status: 'ASSIGNED TO TRANSPORTER' },
    { n: 4, status: 'ASSIGNED TO TRANSPORTER' },
    { n: 5, status: 'ACCEPTED' },
    { n: 6, status: 'REJECTED' },
    { n: 7, status: 'CANCELLED' },
    { n: 8, status: 'COMPLETED', completed: new Date(now - DAY) },
    { n: 9, status: 'COMPLETED', completed: new Date(now - 3 * DAY) },
    // Completed before the chart's week: a completed order, not a bar.
    { n: 10, status: 'COMPLETED', completed: new Date(now - 10 * DAY) },
  ] as const;
  for (const s of seeds) {
    await insertOrder(db, {
      sapDocuments: [doc(s.n)],
      orderNo: `ORD-DB-${s.n}`,
      status: s.status,
      columns: 'completed' in s ? { completed_date: s.completed } : {},
    });
  }

  expect(await statusCount()).toMatchObject({
    order_total: 10,
    order_waiting_approval: 2,
    order_assigned: 2,
    order_cancelled: 1,
    order_rejected: 1,
    order_completed: 3,
  });
  const chart = await completed();
  expect(chart).toHaveLength(7);
  const bars = Object.fromEntries(chart.filter((d) => d.total > 0).map((d) => [d.date, d.total]));
  expect(bars).toEqual({ [jakartaDay(new Date(now - DAY))]: 1, [jakartaDay(new Date(now - 3 * DAY))]: 1 });
});

test("given an assigned order, when its workflow's projection writes the transporter's rejection, then the cards move it from assigned to rejected", async () => {
  const before = await statusCount();
  const { id } = (await t.deps.db('orders').where('order_no', 'ORD-DB-3').first('id')) as { id: number };
  const { writeOrderChange } = createOrderActivities({ db: t.deps.db });
  const at = new Date().toISOString();
  const change = {
    orderId: id,
    orderNo: 'ORD-DB-3',
    workflowId: 'order:ORD-DB-3',
    kind: 'reject' as const,
    sequence: 2,
    from: 'ASSIGNED TO TRANSPORTER' as const,
    to: 'REJECTED' as const,
    dispatchStatus: 'REJECTED' as const,
    dispatchRemark: 'No truck',
    autoRejectDate: null,
    remark: 'No truck',
    by: 'transporter',
    at,
    startedAt: at,
  };
  expect(await writeOrderChange(change)).toMatchObject({ written: true });
  // A retried activity writes nothing more, and the cards do not move twice.
  expect(await writeOrderChange(change)).toMatchObject({ repeated: true });
  expect(await statusCount()).toMatchObject({
    order_total: before.order_total,
    order_assigned: before.order_assigned! - 1,
    order_rejected: before.order_rejected! + 1,
  });
});
