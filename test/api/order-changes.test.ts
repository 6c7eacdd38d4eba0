// Staff's corrections of an order (issue 17; spec/1 §2 "Panels and dialogs", §5, §7): PUT order/cancel/,
// order/mark_complete/{id}, order/unmark_complete/{id}, order/change_stuffing_date and order/reassign_do, through
// the real app on a real database with a stand-in for the order workflows (what each route sends the workflow is
// checked here; the workflow's own writes are tested on a real Temporal in test/workflows/orders.test.ts). Every
// route: the body's rules with spec/1 §5's messages, the row's flag (a status that does not allow the action is
// refused with nothing sent), the workflow's refusal of a stale screen, and ownership: a transporter never takes
// these actions, on its own orders or another's, and a relation neither.
import { importErpDocuments } from '../../api/erp/import';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { insertOrder, stubOrderWorkflows, type SeededOrder, type WorkflowCall } from '../support/orders';
import { sapDocument } from '../support/sap-orders';

let t: TestApp;
const tokens: Record<string, string> = {};
const o: Record<string, SeededOrder> = {};
/** Per order number, what the stand-in workflow answers an Update (default: accepted). */
const refusals = new Map<string, string>();
let workflows: ReturnType<typeof stubOrderWorkflows>;

const doc = (n: number) => `00310000${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  for (const user of ['admin', 'logistic', 'transporter', 'customer']) tokens[user] = await loginAs(t, user);
  await importErpDocuments(
    t.deps.db,
    Array.from({ length: 8 }, (_, i) =>
      sapDocument(doc(i + 1), { header: { Customer_Vendor_Code: i === 6 ? 'CUS001' : 'CUS002' } }),
    ),
    { source: 'sandbox', user: 'test' },
  );
  const db = t.deps.db;
  const valid = { valid_from: '2026-11-01', valid_to: '2026-12-31' };
  o.AC = await insertOrder(db, {
    sapDocuments: [doc(1)],
    orderNo: 'ORD-AC',
    status: 'ACCEPTED',
    dispatchStatus: 'ACCEPTED',
    columns: valid,
  });
  o.AS = await insertOrder(db, { sapDocuments: [doc(2)], orderNo: 'ORD-AS', columns: valid });
  o.CM = await insertOrder(db, {
    sapDocuments: [doc(3)],
    orderNo: 'ORD-CM',
    status: 'COMPLETED',
    dispatchStatus: 'ACCEPTED',
    columns: { revert_qty: 2 },
  });
  o.CX = await insertOrder(db, { sapDocuments: [doc(4)], orderNo: 'ORD-CX', status: 'CANCELLED' });
  o.OT = await insertOrder(db, {
    sapDocuments: [doc(5)],
    orderNo: 'ORD-OT',
    transporterCode: 'TRP002',
    status: 'ACCEPTED',
    dispatchStatus: 'ACCEPTED',
  });
  o.NV = await insertOrder(db, {
    sapDocuments: [doc(6)],
    orderNo: 'ORD-NV',
    status: 'ACCEPTED',
    dispatchStatus: 'ACCEPTED',
  });
  o.RL = await insertOrder(db, {
    sapDocuments: [doc(7)],
    orderNo: 'ORD-RL',
    relation: true,
    status: 'ACCEPTED',
    dispatchStatus: 'ACCEPTED',
  });
  workflows = stubOrderWorkflows({
    outcome: (call: WorkflowCall) => {
      const code = refusals.get(call.orderNo);
      if (code) return { ok: false, code } as never;
      if (call.kind === 'unmarkComplete' && call.orderNo === 'ORD-CM') {
        return {
          ok: true,
          result: {
            status: 'ACCEPTED',
            dispatchStatus: 'ACCEPTED',
            autoRejectDate: null,
            sequence: 4,
            unreserved: [{ itemNo: '000010', qty: 1.5 }],
          },
        };
      }
      return undefined;
    },
  });
  Object.assign(t.deps, { orderWorkflows: workflows });
});
afterAll(async () => {
  await t.close();
});

const put = (path: string, user: string, body: unknown = {}, language = 'en') =>
  t
    .request()
    .put(path)
    .set('Authorization', tokens[user]!)
    .set('language', language)
    .send(body as object);

/** The Updates sent since `from` (calls to the stand-in). */
const sentSince = (from: number) => workflows.calls.slice(from).filter((c) => c.kind !== 'state');

async function detailsOf(order: SeededOrder) {
  return (await t.deps
    .db('order_details')
    .where('order_id', order.id)
    .orderBy('item_no')
    .select('id', 'item_no', 'os_qty')) as { id: number; item_no: string; os_qty: string }[];
}

describe('PUT order/cancel/', () => {
  test('given an empty or blank reason, when staff cancel, then the reason field says "Reason is required." (both languages) and nothing is sent', async () => {
    const before = workflows.calls.length;
    for (const reason of [undefined, '', '   ']) {
      const res = await put('/api/order/cancel/', 'logistic', { id: o.AC!.id, reason });
      expect(res.status).toBe(400);
      expect(res.body.errors.reason[0]).toBe('Reason is required.');
    }
    const id = await put('/api/order/cancel/', 'logistic', { id: o.AC!.id, reason: '' }, 'id');
    expect(id.body.errors.reason[0]).toBe('Alasan wajib diisi.');
    expect(sentSince(before)).toEqual([]);
  });

  test('given an accepted order and a reason, when staff cancel (the path with its trailing slash, as the console sends it), then one cancel Update is sent with the signed-in user and the trimmed reason, and the answer says so with the order', async () => {
    const before = workflows.calls.length;
    const res = await put('/api/order/cancel/', 'logistic', {
      id: o.AC!.id,
      reason: '  Customer withdrew  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Order ORD-AC was cancelled.' });
    expect(res.body.data.header.Order_No).toBe('ORD-AC');
    expect(sentSince(before)).toEqual([
      { kind: 'cancel', orderNo: 'ORD-AC', input: { by: 'logistic', reason: 'Customer withdrew' } },
    ]);
  });

  test('given a cancelled order, when staff cancel it again, then it is refused by its flag with nothing sent', async () => {
    const before = workflows.calls.length;
    const res = await put('/api/order/cancel', 'logistic', { id: o.CX!.id, reason: 'again' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, message_code: 'NOT_ALLOWED' });
    expect(res.body.message).toBe('Order ORD-CX (CANCELLED) can no longer be cancelled.');
    expect(sentSince(before)).toEqual([]);
  });

  test('given a screen that is stale (the workflow finds the order moved on), when staff cancel, then the answer says the order changed meanwhile, in Indonesian too', async () => {
    refusals.set('ORD-NV', 'NOT_ALLOWED');
    try {
      const res = await put('/api/order/cancel/', 'logistic', { id: o.NV!.id, reason: 'x' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Order ORD-NV changed meanwhile; refresh the list and try again.');
      const id = await put('/api/order/cancel/', 'logistic', { id: o.NV!.id, reason: 'x' }, 'id');
      expect(id.body.message).toBe('Order ORD-NV telah berubah; muat ulang daftar dan coba lagi.');
      refusals.set('ORD-NV', 'WORKFLOW_UNAVAILABLE');
      const away = await put('/api/order/cancel/', 'logistic', { id: o.NV!.id, reason: 'x' });
      expect(away.status).toBe(503);
    } finally {
      refusals.delete('ORD-NV');
    }
  });
});

describe('PUT order/mark_complete/{id} and order/unmark_complete/{id}', () => {
  test('given an accepted order, when staff mark it complete, then the markComplete Update is sent and the answer gives its Revert_Qty; an order waiting for its transporter is refused by its flag', async () => {
    const before = workflows.calls.length;
    const res = await put(`/api/order/mark_complete/${o.NV!.id}`, 'logistic');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order ORD-NV is complete; 0 went back to the SAP order.');
    expect(sentSince(before)).toEqual([
      { kind: 'markComplete', orderNo: 'ORD-NV', input: { by: 'logistic' } },
    ]);

    const refused = await put(`/api/order/mark_complete/${o.AS!.id}`, 'logistic');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Order ORD-AS (ASSIGNED TO TRANSPORTER) cannot be marked complete.');
    expect(sentSince(before)).toHaveLength(1);
  });

  test('given a marked-complete order (Revert_Qty 2) whose returned quantity was partly taken, when staff unmark it, then the answer names the line not reserved again (PARTLY_RESERVED, data.unreserved); an order not marked complete is refused', async () => {
    const before = workflows.calls.length;
    const res = await put(`/api/order/unmark_complete/${o.CM!.id}`, 'logistic');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message_code: 'PARTLY_RESERVED' });
    expect(res.body.message).toBe(
      'Order ORD-CM is no longer complete, but these lines could not be reserved again (taken by other orders): 000010 (1.5).',
    );
    expect(res.body.data.unreserved).toEqual([{ Item_No: '000010', Qty: 1.5 }]);
    expect(sentSince(before)).toEqual([
      { kind: 'unmarkComplete', orderNo: 'ORD-CM', input: { by: 'logistic' } },
    ]);

    const refused = await put(`/api/order/unmark_complete/${o.NV!.id}`, 'logistic');
    expect(refused.status).toBe(422);
    expect(refused.body.message_code).toBe('NOT_ALLOWED');
  });
  test('given an order whose lines gave back 550,000 KG and 750 TON, when staff mark it complete, then the answer says what went back unit by unit, not 550750', async () => {
    const db = t.deps.db;
    const lines = (await db('order_details')
      .where('order_id', o.NV!.id)
      .orderBy('id')
      .select('id', 'uom', 'qty', 'revert_qty')) as {
      id: number;
      uom: string;
      qty: string;
      revert_qty: string;
    }[];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    try {
      await db('order_details')
        .where('id', lines[0]!.id)
        .update({ uom: 'KG', qty: 550000, revert_qty: 550000 });
      await db('order_details').where('id', lines[1]!.id).update({ uom: 'TON', qty: 750, revert_qty: 750 });
      const res = await put(`/api/order/mark_complete/${o.NV!.id}`, 'logistic');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'Order ORD-NV is complete; 550,000 KG + 750 TON went back to the SAP order.',
      );
    } finally {
      for (const line of lines) {
        await db('order_details')
          .where('id', line.id)
          .update({ uom: line.uom, qty: line.qty, revert_qty: line.revert_qty });
      }
    }
  });
});

describe('PUT order/change_stuffing_date', () => {
  test('given dates outside the valid range, reversed, or not dates, when staff change the stuffing date, then each is refused with its message and nothing is sent', async () => {
    const before = workflows.calls.length;
    const out = await put('/api/order/change_stuffing_date', 'logistic', {
      order_id: o.AS!.id,
      stuffing_date_from: '2026-10-30',
      stuffing_date_to: '2026-11-02',
    });
    expect(out.status).toBe(422);
    expect(out.body.message).toBe(
      'The stuffing date must be within the valid range 2026-11-01 – 2026-12-31.',
    );
    const late = await put('/api/order/change_stuffing_date', 'logistic', {
      order_id: o.AS!.id,
      stuffing_date_from: '2026-12-30',
      stuffing_date_to: '2027-01-02',
    });
    expect(late.body.message_code).toBe('OUT_OF_RANGE');
    const reversed = await put('/api/order/change_stuffing_date', 'logistic', {
      order_id: o.AS!.id,
      stuffing_date_from: '2026-12-05',
      stuffing_date_to: '2026-12-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.stuffing_date_to[0]).toBe(
      'The end of the stuffing range cannot be before its start.',
    );
    for (const bad of ['2026-02-30', '31/11/2026', '2026-12-10T00:00:00.000Z', 'soon']) {
      const res = await put('/api/order/change_stuffing_date', 'logistic', {
        order_id: o.AS!.id,
        stuffing_date_from: bad,
      });
      expect(res.status).toBe(400);
    }
    expect(sentSince(before)).toEqual([]);
  });

  test('given a range within the valid range (the second date empty), when staff change the stuffing date of an order waiting for its transporter, then the Update carries the range with the second = the first and the answer says "Stuffing date has changed."', async () => {
    const before = workflows.calls.length;
    const res = await put('/api/order/change_stuffing_date', 'logistic', {
      order_id: o.AS!.id,
      stuffing_date_from: '10/12/2026',
      stuffing_date_to: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Stuffing date has changed.');
    expect(sentSince(before)).toEqual([
      {
        kind: 'changeStuffingDate',
        orderNo: 'ORD-AS',
        input: { by: 'logistic', from: '2026-12-10', to: '2026-12-10' },
      },
    ]);
    const id = await put(
      '/api/order/change_stuffing_date',
      'logistic',
      { order_id: o.AS!.id, stuffing_date_from: '2026-12-11', stuffing_date_to: '2026-12-12' },
      'id',
    );
    expect(id.body.message).toBe('Tanggal stuffing telah diubah.');
  });

  test('given a completed order, when its stuffing date is changed, then its flag refuses it', async () => {
    const res = await put('/api/order/change_stuffing_date', 'logistic', {
      order_id: o.CM!.id,
      stuffing_date_from: '2026-12-10',
    });
    expect(res.status).toBe(422);
    expect(res.body.message_code).toBe('NOT_ALLOWED');
  });
});

describe('PUT order/reassign_do', () => {
  test('given quantities above a line’s outstanding quantity, all zero, or of another order’s line, when staff reassign, then each is refused with its message and nothing is sent', async () => {
    const [line] = await detailsOf(o.NV!);
    const [otherLine] = await detailsOf(o.OT!);
    const before = workflows.calls.length;
    const over = await put('/api/order/reassign_do', 'logistic', {
      order_id: o.NV!.id,
      details: [{ Id: line!.id, Qty: Number(line!.os_qty) + 0.001 }],
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      `Line ${line!.item_no}: the quantity can be at most ${Number(line!.os_qty)} (its outstanding quantity).`,
    );
    const zero = await put('/api/order/reassign_do', 'logistic', {
      order_id: o.NV!.id,
      details: [{ Id: line!.id, Qty: 0 }],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.details[0]).toBe('Enter a quantity on at least one line.');
    const foreign = await put('/api/order/reassign_do', 'logistic', {
      order_id: o.NV!.id,
      details: [{ Id: otherLine!.id, Qty: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.details[0]).toBe('A line does not belong to this order.');
    const negative = await put('/api/order/reassign_do', 'logistic', {
      order_id: o.NV!.id,
      details: [{ Id: line!.id, Qty: -1 }],
    });
    expect(negative.status).toBe(400);
    expect(sentSince(before)).toEqual([]);
  });

  test('given a quantity within the outstanding one, when staff reassign, then the Update carries the lines with a quantity (in thousandths) and the answer says the part went back', async () => {
    const [line] = await detailsOf(o.NV!);
    const before = workflows.calls.length;
    const res = await put('/api/order/reassign_do', 'logistic', {
      order_id: o.NV!.id,
      details: [{ Id: line!.id, Qty: 1.2345 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Part of order ORD-NV went back to the SAP order.');
    expect(sentSince(before)).toEqual([
      {
        kind: 'reassignDo',
        orderNo: 'ORD-NV',
        input: { by: 'logistic', lines: [{ orderDetailId: line!.id, qty: 1.235 }] },
      },
    ]);
  });
});

describe('ownership: transporters and relations never correct an order', () => {
  const calls = (order: () => SeededOrder) => [
    () => put('/api/order/cancel/', 'transporter', { id: order().id, reason: 'x' }),
    () => put(`/api/order/mark_complete/${order().id}`, 'transporter'),
    () => put(`/api/order/unmark_complete/${order().id}`, 'transporter'),
    () =>
      put('/api/order/change_stuffing_date', 'transporter', {
        order_id: order().id,
        stuffing_date_from: '2026-12-10',
      }),
    () =>
      put('/api/order/reassign_do', 'transporter', { order_id: order().id, details: [{ Id: 1, Qty: 1 }] }),
  ];

  test("given another transporter's order, when TRP001 calls each correction, then each is not found (404) and nothing is sent", async () => {
    const before = workflows.calls.length;
    for (const call of calls(() => o.OT!)) expect((await call()).status).toBe(404);
    expect(sentSince(before)).toEqual([]);
  });

  test('given its own accepted order, when TRP001 calls each correction, then each is refused (422 NOT_ALLOWED, or 403 where the role lacks the right) and nothing is sent', async () => {
    const before = workflows.calls.length;
    for (const call of calls(() => o.NV!)) {
      const res = await call();
      expect([403, 422]).toContain(res.status);
      expect(res.body.success).toBe(false);
    }
    expect(sentSince(before)).toEqual([]);
  });

  test("given its own relation order and another relation's, when the relation CUS001 cancels, then its own is refused and the other is not found", async () => {
    const before = workflows.calls.length;
    const own = await put('/api/order/cancel/', 'customer', { id: o.RL!.id, reason: 'x' });
    expect([403, 422]).toContain(own.status);
    const other = await put('/api/order/cancel/', 'customer', { id: o.NV!.id, reason: 'x' });
    expect([403, 404]).toContain(other.status);
    expect(sentSince(before)).toEqual([]);
  });
});
