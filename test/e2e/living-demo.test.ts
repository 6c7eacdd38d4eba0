// The demo company a fresh embedded start prepares (issue 18 "The demo shows a living company";
// api/seeds/living-demo.ts, which api/main.ts runs on the embedded default's first start): on the master demo with
// a real Temporal dev server and worker, as api/main.ts wires them, the same function runs against the running API.
// Afterwards every SAP order tab, the order list's statuses, each demo approver's Approval screen and the demo
// transporter's own list have rows; the counters are exact; a second run changes nothing; and the first login as
// admin shows non-zero cards and a 7-day chart with completions on several days, in English and Indonesian.
import { randomUUID } from 'node:crypto';
import { LIVING_DEMO_MARKER, seedLivingDemo } from '../../api/seeds/living-demo';
import { DEMO_PASSWORD } from '../../db/seeds/demo';
import { counterDrift } from '../support/db';
import type { E2eStack } from '../support/e2e';
import { call, shoot as shootOn, startOrderStack, type OrderStack } from '../support/e2e-orders';
import { signIn } from '../support/e2e-page';

jest.setTimeout(600_000);

let orders: OrderStack | undefined;
let stack: E2eStack;
const db = () => stack.app.deps.db;
const silent = { info: () => undefined, warn: (obj: object, msg: string) => console.warn(msg, obj) };

beforeAll(async () => {
  orders = await startOrderStack(`living-demo-${randomUUID()}`);
  ({ stack } = orders);
});
afterAll(async () => {
  await orders?.close();
});

/** The chart's bar labels, once its bars are drawn. */
async function eventuallyLabels(chart: import('playwright-core').Locator): Promise<string[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const labels = (await chart
      .locator('[aria-label]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))) as string[];
    if (labels.length >= 7) return labels;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the chart drew no bars');
}

const countsBy = async (table: string, column: string) =>
  Object.fromEntries(
    (
      (await db()(table).groupBy(column).select(column, db().raw('count(*)::int as n'))) as Record<
        string,
        unknown
      >[]
    ).map((r) => [String(r[column]), Number(r.n)]),
  );

test('given a fresh demo database, when the demo company is prepared, then every SAP order tab, every order status of the plan, each approver’s Approval screen and the transporter’s list have rows, the counters are exact, a second run changes nothing, and admin’s first login shows non-zero cards and a 7-day chart in English and Indonesian', async () => {
  const made = await seedLivingDemo(db(), stack.baseUrl, { log: silent });
  expect(made.skipped).toBe(false);
  expect(made.sapOrders).toBeGreaterThanOrEqual(50);
  expect(made.manualSapOrders).toBe(4);
  expect(made.orders).toEqual({
    completed: 10,
    accepted: 5,
    waiting: 4,
    rejected: 2,
    cancelled: 1,
    'approval-level-1': 2,
    'approval-level-2': 1,
    'trp001-waiting': 2,
    'trp001-accepted': 2,
    'edit-waiting': 1,
  });

  // SAP orders in every tab.
  const tabs = await countsBy('sap_orders', 'tab_status');
  for (const tab of ['WAITING FOR APPROVAL', 'OUTSTANDING', 'ASSIGNED', 'REJECTED']) {
    expect([tab, tabs[tab] ?? 0]).toEqual([tab, expect.any(Number)]);
    expect(tabs[tab]).toBeGreaterThan(0);
  }
  // Orders in every status the workflow knows so far.
  const statuses = await countsBy('orders', 'status');
  expect(statuses).toMatchObject({
    COMPLETED: 10,
    CANCELLED: 1,
    REJECTED: 2,
    'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL': 3,
    'WAITING FOR ORDER APPROVAL': 1,
  });
  expect(statuses.ACCEPTED).toBe(5 + 2);
  expect(statuses['ASSIGNED TO TRANSPORTER']).toBe(4 + 2);

  // Something waits for each demo approver, and the transporter account has its own orders.
  for (const approver of ['supervisor', 'admin', 'logistic']) {
    const list = await call(stack, approver, '/api/approval/list', { rows: 100 });
    expect([approver, (list.data as unknown[]).length > 0]).toEqual([approver, true]);
  }
  const own = await call(stack, 'transporter', '/api/order/list', { rows: 15 });
  expect(own.totalRecords).toBe(4);

  // The 7-day chart: completions on at least five different days; the counters agree with the rows.
  const token = await (async () => {
    const res = await stack.app
      .request()
      .post('/api/auth/login')
      .send({ Username: 'admin', Password: DEMO_PASSWORD });
    return res.body.data.token as string;
  })();
  const chart = await stack.app.request().get('/api/dashboard/completed').set('Authorization', token);
  const days = (chart.body.data as { date: string; total: number }[]).filter((d) => d.total > 0);
  expect(days.length).toBeGreaterThanOrEqual(5);
  expect(await counterDrift(db())).toEqual([]);

  // Idempotent: a second start finds its marker and makes nothing.
  const before = await countsBy('orders', 'status');
  expect(await seedLivingDemo(db(), stack.baseUrl, { log: silent })).toMatchObject({ skipped: true });
  expect(await countsBy('orders', 'status')).toEqual(before);
  expect(await db()('app_settings').where('key', LIVING_DEMO_MARKER)).toHaveLength(1);

  // admin's first login: every card but the shipments' has a number above 0, and the chart has bars.
  for (const language of ['en', 'id'] as const) {
    const session = await signIn(stack, 'admin', 1366, language);
    try {
      const { page } = session;
      // Each day's bar is labelled "<date>: <n> completed" (selesai): at least five days above 0.
      const chart = page.locator('svg[role="img"]').first();
      await chart.waitFor();
      const labels = await eventuallyLabels(chart);
      const completedDays = labels
        .map((label) => Number(/:\s*(\d+)\s+\S+$/.exec(label)?.[1] ?? '0'))
        .filter((n) => n > 0);
      expect(completedDays.length).toBeGreaterThanOrEqual(5);
      // Each card: its title, then its total. Every card but the shipments' has a total above 0.
      const cardTotals = async () =>
        (await page.locator('section[aria-label]').allInnerTexts())
          .map((text) =>
            text
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          )
          .filter((lines) => lines.length >= 2 && /^[\d.,]+$/.test(lines[1]!))
          .map((lines) => [lines[0]!, Number(lines[1]!.replace(/[^\d]/g, ''))] as const);
      let totals: (readonly [string, number])[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        totals = await cardTotals();
        if (totals.length >= 3) break;
        await page.waitForTimeout(100);
      }
      expect(totals.length).toBeGreaterThanOrEqual(3);
      // SAP orders and orders above 0; shipments come with a later part of the product.
      expect(totals.filter(([, n]) => n > 0).length).toBeGreaterThanOrEqual(2);
      // The important notice in the user's language.
      await page
        .getByText(language === 'id' ? 'Selamat datang di demo TMS.' : 'Welcome to the TMS demo.', {
          exact: true,
        })
        .waitFor();
      await shootOn(stack, 'living-demo', page, `dashboard-${language}`, 1366);
      expect(session.problems).toEqual([]);
    } finally {
      await session.page.close();
    }
  }
});
