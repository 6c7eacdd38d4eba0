// "Needs at least n rows" in both languages, through the real app on a real database (issue 18, item 8): the
// server picks the message's plural form from its count (en "1 row" / "2 rows"; Indonesian has one form), for a
// zod array minimum (the SAP order's Details) and for a master-data child table's minRows (the approval
// matrix's Approvers).
import { translate } from '../../api/i18n';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { manualPoBody } from '../support/sap-orders';

let t: TestApp;
let admin: string;
let logistic: string;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  admin = await loginAs(t, 'admin');
  logistic = await loginAs(t, 'logistic');
});
afterAll(async () => {
  await t.close();
});

describe('at least n rows', () => {
  test('given a manual SAP order without lines, when saved in en and id, then Details "needs at least 1 row" in the singular, and nothing is saved', async () => {
    const en = await t
      .request()
      .post('/api/saporder/')
      .set('Authorization', logistic)
      .send(manualPoBody({ Details: [] }));
    expect(en.status).toBe(400);
    expect(en.body.errors.Details).toEqual(['Details needs at least 1 row.']);

    const id = await t
      .request()
      .post('/api/saporder/')
      .set('Authorization', logistic)
      .set('language', 'id')
      .send(manualPoBody({ Details: [] }));
    expect(id.status).toBe(400);
    expect(id.body.errors.Details).toEqual(['Detail memerlukan minimal 1 baris.']);

    const saved = await t.deps.db('sap_orders').where({ type: 'MANUAL' }).count<{ n: string }[]>('* as n');
    expect(Number(saved[0]!.n)).toBe(0);
  });

  test('given an approval matrix without approvers, when created in en and id, then Approvers "needs at least 1 row" in the singular', async () => {
    const en = await t.request().post('/api/approval_matrix').set('Authorization', admin).send({});
    expect(en.status).toBe(400);
    expect(en.body.errors.Approvers).toEqual(['Approvers needs at least 1 row.']);

    const id = await t
      .request()
      .post('/api/approval_matrix')
      .set('Authorization', admin)
      .set('language', 'id')
      .send({});
    expect(id.body.errors.Approvers).toEqual(['Daftar Penyetuju memerlukan minimal 1 baris.']);
  });

  test('given a count other than one, when the message is translated (a SAP order field, as the editor names it), then English says "rows" and Indonesian keeps its one form', () => {
    expect(translate('en', 'validation.minRows', { field: 'SAPOrder.Details', count: 2 })).toBe(
      'Details needs at least 2 rows.',
    );
    expect(translate('en', 'validation.minRows', { field: 'SAPOrder.Details', count: 1 })).toBe(
      'Details needs at least 1 row.',
    );
    expect(translate('id', 'validation.minRows', { field: 'SAPOrder.Details', count: 2 })).toBe(
      'Detail memerlukan minimal 2 baris.',
    );
    expect(translate('id', 'validation.minRows', { field: 'SAPOrder.Details', count: 1 })).toBe(
      'Detail memerlukan minimal 1 baris.',
    );
  });
});
