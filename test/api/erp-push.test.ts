// The ERP push API through the real app on a real database: idempotent by document number, item and SAP change
// time (a batch sent twice leaves sap_orders and sap_order_details byte-identical, row versions included), the
// API key (header or Authorization scheme, database or configured), the whole-batch refusal with per-document
// errors, the changed-document rules of DESIGN §4, the size limits, and APILog recording every call where the
// console can list and open it.
import { counterDrift } from '../support/db';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { ERP_FIXTURE, erpDocuments, rawErpDocument, seedErpMasterData } from '../support/erp';
import { DEMO_ERP_API_KEY } from '../../db/seeds/demo';
import { hashApiKey } from '../../api/services/api-keys';

const PUSH = '/api/erp/sap_orders';
const CONFIGURED_KEY = 'configured-key-0123456789';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { ERP_API_KEYS: [{ name: 'sap-prod', key: CONFIGURED_KEY }] } });
  await seedErpMasterData(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

function push(documents: unknown[], key: string | null = DEMO_ERP_API_KEY) {
  const req = t.request().post(PUSH);
  if (key !== null) void req.set('X-API-Key', key);
  return req.send({ documents });
}

/** Every column of every row, with the row version (xmin): equal dumps mean nothing was written. */
async function dump(): Promise<{ orders: unknown[]; lines: unknown[] }> {
  const orders = await t.deps.db.raw<{ rows: unknown[] }>(
    'select xmin::text as row_version, * from sap_orders order by id',
  );
  const lines = await t.deps.db.raw<{ rows: unknown[] }>(
    'select xmin::text as row_version, * from sap_order_details order by id',
  );
  return { orders: orders.rows, lines: lines.rows };
}

async function logsSince(id: number) {
  return t.deps.db('api_logs').where('id', '>', id).orderBy('id');
}

async function lastLogId(): Promise<number> {
  const row = await t.deps.db('api_logs').max<{ max: number | null }[]>('id as max');
  return Number(row[0]?.max ?? 0);
}

async function order(documentNo: string) {
  return t.deps.db('sap_orders').where({ document_no: documentNo }).first();
}

async function lines(documentNo: string) {
  return t.deps
    .db('sap_order_details as l')
    .join('sap_orders as s', 's.id', 'l.sap_order_id')
    .where('s.document_no', documentNo)
    .orderBy('l.item_no')
    .select('l.*');
}

describe('POST /api/erp/sap_orders', () => {
  test('given a batch of new documents, when it is sent twice, then the first call stores them approved with their lines, the second changes nothing at all, and APILog shows both calls', async () => {
    const documents = [
      ...erpDocuments(3, { first: 100, lines: 3 }),
      rawErpDocument('4500000100', {
        header: { Order_Type: 'PO', Customer_Vendor_Code: ERP_FIXTURE.vendor },
      }),
    ];
    const logBefore = await lastLogId();

    const first = await push(documents);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message_code: 'ERP_IMPORTED',
      message: '4 documents received: 4 new, 0 changed, 0 unchanged.',
      data: { documents: 4, inserted: 4, updated: 0, unchanged: 0, written: 4, flaggedLines: 0 },
    });
    expect(first.body.data.lines).toEqual({ inserted: 11, updated: 0, flagged: 0, deleted: 0 });

    const so = await order('8000000100');
    expect(so).toMatchObject({
      type: 'SYNC SAP',
      status: 'APPROVED',
      order_type: 'SO',
      order_type_code: 'SO',
      company_code: ERP_FIXTURE.company,
      plant: ERP_FIXTURE.plant,
      customer_vendor_code: ERP_FIXTURE.customer,
      source: 'push',
      created_by: 'sap-demo',
      changed_in_sap: false,
      tab_status: 'OUTSTANDING',
    });
    expect(Number(so.qty_total)).toBe(1001 + 1002 + 1003);
    expect(Number(so.os_qty_total)).toBe(1001 + 1002 + 1003);
    expect((await order('4500000100')).order_type_code).toBe('PO');
    const soLines = await lines('8000000100');
    expect(soLines.map((l) => [l.item_no, Number(l.qty), Number(l.os_qty), l.uom, l.mark_deleted])).toEqual([
      ['000010', 1001, 1001, 'KG', false],
      ['000020', 1002, 1002, 'KG', false],
      ['000030', 1003, 1003, 'KG', false],
    ]);

    const before = await dump();
    const second = await push(documents);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      documents: 4,
      inserted: 0,
      updated: 0,
      unchanged: 4,
      written: 0,
    });
    expect(await dump()).toEqual(before);
    expect(await counterDrift(t.deps.db)).toEqual([]);

    const logs = await logsSince(logBefore);
    expect(
      logs.map((l) => [l.method, l.path, l.client, l.status_code, l.success, l.documents, l.written]),
    ).toEqual([
      ['POST', PUSH, 'sap-demo', 200, true, 4, 4],
      ['POST', PUSH, 'sap-demo', 200, true, 4, 0],
    ]);
    expect(logs[0]!.request.documents.map((d: { Document_No: string }) => d.Document_No)).toEqual(
      documents.map((d) => (d as { Document_No: string }).Document_No),
    );
    expect(logs[1]!.response).toMatchObject({ success: true, message_code: 'ERP_IMPORTED' });
    expect(logs[1]!.message).toBe('4 documents received: 0 new, 0 changed, 4 unchanged.');
    expect(logs[1]!.request_id).toBe(second.headers['x-request-id']);
  });

  test('given no key, a wrong key or a deactivated one, when pushing, then 401 Unauthorized, nothing is read or written, and each call is logged; the configured key works through the Authorization header', async () => {
    await t.deps
      .db('api_keys')
      .insert({ name: 'retired', key_hash: hashApiKey('retired-key-0123456789'), is_active: false });
    const logBefore = await lastLogId();
    const before = await dump();
    const documents = erpDocuments(1, { first: 200 });

    const refused = [
      await push(documents, null),
      await push(documents, 'not-a-key'),
      await push(documents, 'retired-key-0123456789'),
      await t.request().post(PUSH).set('Authorization', 'ApiKey not-a-key').send({ documents }),
    ];
    for (const res of refused) {
      expect([res.status, res.body.success, res.body.message, res.body.message_code]).toEqual([
        401,
        false,
        'Unauthorized',
        'UNAUTHORIZED',
      ]);
    }
    expect(await dump()).toEqual(before);

    const accepted = await t
      .request()
      .post(PUSH)
      .set('Authorization', `ApiKey ${CONFIGURED_KEY}`)
      .send({ documents });
    expect(accepted.status).toBe(200);
    expect((await order('8000000200')).created_by).toBe('sap-prod');

    const logs = await logsSince(logBefore);
    expect(logs.map((l) => [l.status_code, l.success, l.client, l.request === null])).toEqual([
      [401, false, null, true],
      [401, false, null, true],
      [401, false, null, true],
      [401, false, null, true],
      [200, true, 'sap-prod', false],
    ]);
    expect(logs[0]!.message).toBe('Unauthorized');
  });

  test('given a batch with an unknown order type, company, plant or customer, a duplicate number, a number of a console order and a bad quantity, when pushed, then 400 names each document and field, nothing is written, and the call is logged with its payload', async () => {
    await t.deps.db('sap_orders').insert({
      document_no: 'MAN-0001',
      status: 'WAITING FOR APPROVAL',
      type: 'MANUAL',
    });
    const before = await dump();
    const logBefore = await lastLogId();
    const good = rawErpDocument('8000000300');
    const batch = [
      good,
      rawErpDocument('8000000301', { header: { Order_Type: 'XX' } }),
      rawErpDocument('8000000302', { header: { Company_Code: '9999' } }),
      rawErpDocument('8000000303', { header: { Plant: 'NOPE' } }),
      rawErpDocument('8000000304', { header: { Customer_Vendor_Code: ERP_FIXTURE.vendor } }),
      rawErpDocument('8000000300', { changedAt: '2026-03-04T08:00:00+07:00' }),
      rawErpDocument('MAN-0001'),
    ];

    const res = await push(batch);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message_code: 'VALIDATION',
      message: 'The batch was refused: 6 of its documents have errors. Nothing was saved.',
    });
    expect(res.body.errors).toEqual({
      'documents.1.Order_Type': ['Order type XX does not exist or is inactive.'],
      'documents.2.Company_Code': ['Company 9999 does not exist or is inactive.'],
      'documents.3.Plant': ['Plant NOPE does not exist or is inactive.'],
      // An SO names a customer; VEN001 is a vendor.
      'documents.4.Customer_Vendor_Code': [`Customer ${ERP_FIXTURE.vendor} does not exist or is inactive.`],
      'documents.5.Document_No': ['Document 8000000300 is sent more than once in this batch.'],
      'documents.6.Document_No': [
        'Document number MAN-0001 belongs to an order created in the TMS, not to a SAP document.',
      ],
    });
    expect(await dump()).toEqual(before);

    const badQty = rawErpDocument('8000000305', { qty: (n) => (n === 2 ? -5 : 10) });
    const invalid = await push([good, badQty]);
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(['documents.1.Details.1.Qty']);
    const indonesian = await push([good, rawErpDocument('8000000306', { header: { Order_Type: 'XX' } })]).set(
      'language',
      'id',
    );
    expect(indonesian.body.message).toBe(
      'Batch ditolak: 1 dokumennya berisi kesalahan. Tidak ada yang disimpan.',
    );
    expect(await dump()).toEqual(before);

    const logs = await logsSince(logBefore);
    expect(logs.map((l) => [l.status_code, l.success, l.documents, l.written])).toEqual([
      [400, false, 7, 0],
      [400, false, 2, 0],
      [400, false, 2, 0],
    ]);
    expect(logs[0]!.request.documents).toHaveLength(7);
    expect(logs[0]!.response.errors['documents.1.Order_Type']).toEqual([
      'Order type XX does not exist or is inactive.',
    ]);
  });

  test('given a document whose second line names a material nobody has, and one naming an inactive material, when pushed, then 400 names each line and its Material_Code in English and Indonesian, and nothing is written', async () => {
    await t.deps
      .db('materials')
      .insert({
        material_code: 'MAT-OLD',
        material_name: 'Old CPO',
        category_code: 'CPO',
        base_uom: 'KG',
        is_active: false,
      })
      .onConflict('material_code')
      .ignore();
    const before = await dump();
    const unknown = rawErpDocument('8000000390') as { Details: Record<string, unknown>[] };
    unknown.Details[1]!.Material_Code = 'NOPE-MAT';
    const inactive = rawErpDocument('8000000391') as { Details: Record<string, unknown>[] };
    inactive.Details[0]!.Material_Code = 'MAT-OLD';
    const batch = [rawErpDocument('8000000389'), unknown, inactive];

    const res = await push(batch);
    expect([res.status, res.body.message_code]).toEqual([400, 'VALIDATION']);
    expect(res.body.errors).toEqual({
      'documents.1.Details.1.Material_Code': ['Material NOPE-MAT does not exist or is inactive.'],
      'documents.2.Details.0.Material_Code': ['Material MAT-OLD does not exist or is inactive.'],
    });
    const indonesian = await push(batch).set('language', 'id');
    expect(indonesian.body.errors['documents.1.Details.1.Material_Code']).toEqual([
      'Material NOPE-MAT tidak ada atau tidak aktif.',
    ]);
    expect(await dump()).toEqual(before);
  });

  test('given a stored document whose lines orders partly hold, when SAP sends a newer version, then free lines follow SAP, held lines are flagged and kept, a removed free line is marked deleted, a removed held line is flagged, a new line is added, and the totals follow', async () => {
    const documentNo = '8000000400';
    await push([rawErpDocument(documentNo, { lines: 4 })]).expect(200);
    // Orders hold part of item 20 and all of item 40 (what assigning a transporter does to os_qty).
    const id = (await order(documentNo)).id as number;
    await t.deps
      .db('sap_order_details')
      .where({ sap_order_id: id, item_no: '000020' })
      .update({ os_qty: 502 });
    await t.deps.db('sap_order_details').where({ sap_order_id: id, item_no: '000040' }).update({ os_qty: 0 });

    const changed = rawErpDocument(documentNo, {
      changedAt: '2026-03-05T10:00:00+07:00',
      lines: 2,
      qty: (n) => 2000 + n,
      header: { Incoterm: 'CIF' },
    }) as { Details: Record<string, unknown>[] };
    changed.Details.push({ Item_No: '000050', Material_Code: ERP_FIXTURE.material, Qty: 500, UOM: 'KG' });
    const res = await push([changed]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      inserted: 0,
      updated: 1,
      unchanged: 0,
      written: 1,
      flaggedLines: 2,
    });
    expect(res.body.data.lines).toEqual({ inserted: 1, updated: 1, flagged: 2, deleted: 1 });

    const after = await lines(documentNo);
    expect(
      after.map((l) => [l.item_no, Number(l.qty), Number(l.os_qty), l.changed_in_sap, l.mark_deleted]),
    ).toEqual([
      ['000010', 2001, 2001, false, false],
      ['000020', 1002, 502, true, false],
      ['000030', 1003, 1003, false, true],
      ['000040', 1004, 0, true, false],
      ['000050', 500, 500, false, false],
    ]);
    expect(after[0]!.erp_changed_at).toEqual(new Date('2026-03-05T03:00:00Z'));
    expect(after[1]!.erp_changed_at).toEqual(new Date('2026-03-02T01:00:00Z'));
    const header = await order(documentNo);
    expect(header).toMatchObject({
      changed_in_sap: true,
      incoterm: 'CIF',
      edited_by: 'sap-demo',
      tab_status: 'OUTSTANDING',
    });
    expect(header.erp_changed_at).toEqual(new Date('2026-03-05T03:00:00Z'));
    expect(Number(header.qty_total)).toBe(2001 + 1002 + 1004 + 500);
    expect(Number(header.os_qty_total)).toBe(2001 + 502 + 0 + 500);

    // The same version again, and an older one, write nothing.
    const before = await dump();
    expect((await push([changed])).body.data).toMatchObject({ unchanged: 1, written: 0 });
    const older = rawErpDocument(documentNo, { changedAt: '2026-03-03T10:00:00+07:00', lines: 1 });
    expect((await push([older])).body.data).toMatchObject({ unchanged: 1, written: 0 });
    expect(await dump()).toEqual(before);
  });

  test('given a stored document, when SAP sends it again with the same Changed_At but another quantity (a stamp that is only a day, or two changes in one second), then the content decides: the change is written, the same content again writes nothing, an older stamp nothing either', async () => {
    const documentNo = '8000000450';
    const stamp = '2026-03-05T00:00:00+07:00';
    await push([rawErpDocument(documentNo, { changedAt: stamp })]).expect(200);

    const corrected = rawErpDocument(documentNo, { changedAt: stamp, qty: (n) => (n === 1 ? 1011.5 : 1002) });
    const res = await push([corrected]);

    expect(res.body.data).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    expect(res.body.data.lines).toMatchObject({ updated: 1 });
    expect((await lines(documentNo)).map((l) => Number(l.qty))).toEqual([1011.5, 1002]);
    const before = await dump();
    expect((await push([corrected])).body.data).toMatchObject({ unchanged: 1, written: 0 });
    const older = rawErpDocument(documentNo, { changedAt: '2026-03-04T23:00:00+07:00', qty: () => 1 });
    expect((await push([older])).body.data).toMatchObject({ unchanged: 1, written: 0 });
    expect(await dump()).toEqual(before);
  });

  test('given a document with every field SAP sends, when it is stored, then its fingerprint is the one earlier imports stored for it, so sending it again with its stamp writes nothing', async () => {
    const documentNo = '8000000460';
    const every = {
      Plant: ERP_FIXTURE.plant,
      Product_Category: 'CPO',
      Delivery_Order_No: 'DO-460',
      Valid_From: '2026-03-01',
      Valid_To: '2026-03-31',
      LN_SO_No: 'LNSO-460',
      LN_STO_No: 'LNSTO-460',
      LN_DO_Third_Party: 'LNDO-460',
      Purchase_Organization: 'P100',
      Document_Type: 'OR',
      Estate: 'Estate 4',
      Collective_LN: 'CLN-460',
      PO_No: 'PO-460',
      Reference_Doc_No: 'REF-460',
      Transfer_Type: 'OUT',
      Plant_Destination: ERP_FIXTURE.secondPlant,
      Warehouse_Code: 'WH-460',
      Shipment_Type: 'COLLECTIVE',
      Transporter: 'TRP-460',
      Loading: 'LOC-A',
      Destination: 'LOC-B',
      Truck_Type: 'TRUCK-30',
      Freight_Cost: 312.5,
      Freight_Cost_Per: 'KG',
      Freight_Cost_UOM: 'IDR',
    };
    const document = rawErpDocument(documentNo, {
      header: every,
      qty: (n) => 1000.25 * n,
    });
    (document.Details as Record<string, unknown>[]).forEach((line, i) => {
      Object.assign(line, {
        SO_DO_No: `SODO-${i}`,
        SO_DO_Item_No: `00${i}`,
        LN_SO_Item_No: `LS${i}`,
        LN_STO_Item_No: `LT${i}`,
        Sales_District: `District ${i}`,
      });
    });
    await push([document]).expect(200);

    // The fingerprint earlier versions of the import stored for this document: a change of the fields' order
    // or form would make every stored document look changed to the next import.
    expect((await order(documentNo)).erp_content_hash).toBe('ALe1F1Ky0HZsFKnxYluYqfpqq4w=');
    const before = await dump();
    expect((await push([document])).body.data).toMatchObject({ unchanged: 1, written: 0 });
    expect(await dump()).toEqual(before);
  });

  test('given a document whose held lines are all taken, when SAP only changes its header, then the header is updated and flagged, and no line is written', async () => {
    const documentNo = '8000000500';
    await push([rawErpDocument(documentNo)]).expect(200);
    const id = (await order(documentNo)).id as number;
    await t.deps.db('sap_order_details').where({ sap_order_id: id }).update({ os_qty: 0 });
    const linesBefore = (await dump()).lines;

    const res = await push([
      rawErpDocument(documentNo, {
        changedAt: '2026-03-06T08:00:00+07:00',
        header: { Address: 'Jl. Baru 2' },
      }),
    ]);
    expect(res.body.data).toMatchObject({
      updated: 1,
      lines: { inserted: 0, updated: 0, flagged: 0, deleted: 0 },
    });
    expect(await order(documentNo)).toMatchObject({
      address: 'Jl. Baru 2',
      changed_in_sap: true,
      tab_status: 'ASSIGNED',
    });
    expect((await dump()).lines).toEqual(linesBefore);
  });

  test("given staff set the warehouse and shipment type of an order from SAP, when SAP sends a newer version without them, then they are kept; when a newer version carries them, SAP's values replace them", async () => {
    const documentNo = '8000000700';
    await push([rawErpDocument(documentNo)]).expect(200);
    // What the SAP order editor saves on an order from SAP (api/sap-orders/edit-scope.ts).
    await t.deps
      .db('sap_orders')
      .where({ document_no: documentNo })
      .update({ warehouse_code: 'WH-STAFF', shipment_type: 'STAFF-TYPE' });

    await push([
      rawErpDocument(documentNo, {
        changedAt: '2026-03-06T08:00:00+07:00',
        header: { Address: 'Jl. Baru 3', Warehouse_Code: null, Shipment_Type: null },
      }),
    ]).expect(200);
    expect(await order(documentNo)).toMatchObject({
      address: 'Jl. Baru 3',
      warehouse_code: 'WH-STAFF',
      shipment_type: 'STAFF-TYPE',
    });

    await push([
      rawErpDocument(documentNo, {
        changedAt: '2026-03-07T08:00:00+07:00',
        header: { Warehouse_Code: 'WH-SAP', Shipment_Type: 'SAP-TYPE' },
      }),
    ]).expect(200);
    expect(await order(documentNo)).toMatchObject({ warehouse_code: 'WH-SAP', shipment_type: 'SAP-TYPE' });
  });

  test('given documents whose incoterm makes their order type a relation one (RELATION_SETTING) or not, when pushed and when SAP changes the incoterm, then is_relation follows as util/order_is_relation answers', async () => {
    const relation = (incoterm: string, orderType: string) =>
      t.request().get('/api/util/order_is_relation').query({ incoterm, order_type: orderType });
    const token = await loginAs(t, 'admin');
    const asked = async (incoterm: string, orderType: string) =>
      (await relation(incoterm, orderType).set('Authorization', token).expect(200)).body.data as boolean;
    // The seeded settings: FCA is a relation incoterm for SO orders, not for PO ones; CPT is none.
    expect([await asked('FCA', 'SO'), await asked('FCA', 'PO'), await asked('CPT', 'SO')]).toEqual([
      true,
      false,
      false,
    ]);
    await push([
      rawErpDocument('8000000801', { header: { Incoterm: 'FCA' } }),
      rawErpDocument('8000000802', { header: { Incoterm: 'CPT' } }),
      rawErpDocument('8000000803', {
        header: { Order_Type: 'PO', Customer_Vendor_Code: ERP_FIXTURE.vendor, Incoterm: 'fca' },
      }),
    ]).expect(200);
    const flags = async () =>
      Object.fromEntries(
        (
          (await t.deps
            .db('sap_orders')
            .whereIn('document_no', ['8000000801', '8000000802', '8000000803'])
            .select('document_no', 'is_relation')) as { document_no: string; is_relation: boolean }[]
        ).map((r) => [r.document_no, r.is_relation]),
      );
    expect(await flags()).toEqual({ '8000000801': true, '8000000802': false, '8000000803': false });

    await push([
      rawErpDocument('8000000801', { changedAt: '2026-03-06T08:00:00+07:00', header: { Incoterm: 'CPT' } }),
      rawErpDocument('8000000802', { changedAt: '2026-03-06T08:00:00+07:00', header: { Incoterm: 'fca' } }),
    ]).expect(200);
    expect(await flags()).toEqual({ '8000000801': false, '8000000802': true, '8000000803': false });
  });

  test("given 5,000 new documents (two statement chunks, the second queued while the first one's lines are written), when pushed, then each order has its own lines and totals; when the database refuses a line of the first chunk, then the call is refused and nothing is written", async () => {
    const batch = (prefix: string) =>
      Array.from({ length: 5_000 }, (_, i) =>
        rawErpDocument(`${prefix}${String(i).padStart(8, '0')}`, {
          lines: (i % 3) + 1,
          qty: (n) => 100 + ((i * 7 + n) % 50),
        }),
      );
    const stored = await push(batch('82'));
    expect([stored.status, stored.body.data.written, stored.body.data.lines.inserted]).toEqual([
      200,
      5_000,
      Array.from({ length: 5_000 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0),
    ]);
    const check = await t.deps.db.raw<{
      rows: { orders: number; mislinked: number; wrong_totals: number }[];
    }>(
      `select count(*)::int as orders,
              (select count(*)::int from sap_order_details l join sap_orders o on o.id = l.sap_order_id
                where o.document_no like '82%' and l.po_so_no <> o.document_no) as mislinked,
              count(*) filter (where s.qty_total <> (select sum(qty) from sap_order_details l
                                                      where l.sap_order_id = s.id)
                                  or s.os_qty_total <> s.qty_total
                                  or (select count(*) from sap_order_details l where l.sap_order_id = s.id)
                                     <> (right(s.document_no, 8)::int % 3) + 1)::int as wrong_totals
         from sap_orders s where s.document_no like '82%'`,
    );
    expect(check.rows[0]).toEqual({ orders: 5_000, mislinked: 0, wrong_totals: 0 });

    const before = await dump();
    await t.deps.db.raw(
      `alter table sap_order_details add constraint test_refused_line check (po_so_no <> '8300000007') not valid`,
    );
    try {
      const refused = await push(batch('83'));
      // A check constraint's refusal is the caller's bad value (400), as for any other write.
      expect([refused.status, refused.body.success, refused.body.message_code]).toEqual([
        400,
        false,
        'VALIDATION',
      ]);
    } finally {
      await t.deps.db.raw('alter table sap_order_details drop constraint test_refused_line');
    }
    expect(await dump()).toEqual(before);
  });

  test('given more than 5,000 documents or a body over 20 MB, when pushed, then 413 says so, nothing is written, and the call is logged with a summary of its body', async () => {
    const logBefore = await lastLogId();
    const before = await dump();
    const many = Array.from({ length: 5_001 }, (_, i) =>
      rawErpDocument(`81${String(i).padStart(8, '0')}`, { lines: 1 }),
    );
    const tooMany = await push(many);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({
      success: false,
      message_code: 'TOO_MANY_DOCUMENTS',
      message: 'A batch holds at most 5000 documents; send the rest in further calls.',
    });

    const huge = await t
      .request()
      .post(PUSH)
      .set('X-API-Key', DEMO_ERP_API_KEY)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ documents: [], padding: 'x'.repeat(21 * 1024 * 1024) }));
    expect([huge.status, huge.body.message_code]).toEqual([413, 'TOO_LARGE']);
    expect(await dump()).toEqual(before);

    const logs = await logsSince(logBefore);
    expect(logs.map((l) => [l.status_code, l.success, l.documents])).toEqual([
      [413, false, 5001],
      [413, false, 0],
    ]);
    expect(logs[0]!.request).toMatchObject({ truncated: true, documents: 5001 });
    expect(logs[0]!.request.Document_No[5000]).toBe('8100005000');
  });
});

describe('APILog and APIResponseLog screens', () => {
  test('given logged push calls, when an administrator filters the APILog list by path, status, success and date and opens a call, then the list row carries no payload and the view shows what was sent and answered', async () => {
    await push([rawErpDocument('8000000600', { header: { Company_Code: '9999' } })]).expect(400);
    const admin = await loginAs(t, 'admin');
    const today = new Date();
    const day = (offset: number) => {
      const d = new Date(today.getTime() + offset * 86_400_000);
      return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    };
    const list = await t
      .request()
      .post('/api/api_log/list')
      .set('Authorization', admin)
      .send({
        rows: 5,
        filters: [
          { field: 'Path', value: 'sap_orders', matchMode: 'contains' },
          { field: 'Status_Code', value: 400, matchMode: 'equals' },
          { field: 'Success', value: false, matchMode: 'equals' },
          { field: 'Created_Date', value: [day(-1), day(1)], matchMode: 'dateRange' },
        ],
      });
    expect(list.status).toBe(200);
    expect(list.body.totalRecords).toBeGreaterThanOrEqual(1);
    const newest = list.body.data[0];
    expect(newest).toMatchObject({
      Path: PUSH,
      Status_Code: 400,
      Success: false,
      Client: 'sap-demo',
      Documents: 1,
    });
    expect(newest).not.toHaveProperty('Request');
    expect(newest).not.toHaveProperty('Response');

    const view = await t.request().get(`/api/api_log/${newest.Id}/view`).set('Authorization', admin);
    expect(view.status).toBe(200);
    expect(view.body.data.Request.documents[0]).toMatchObject({
      Document_No: '8000000600',
      Company_Code: '9999',
    });
    expect(view.body.data.Response).toMatchObject({
      success: false,
      errors: { 'documents.0.Company_Code': ['Company 9999 does not exist or is inactive.'] },
    });

    const sorted = await t
      .request()
      .post('/api/api_log/list')
      .set('Authorization', admin)
      .send({ sorts: [{ field: 'Request', order: 1 }] });
    expect(sorted.status).toBe(400);
  });

  test('given an outbound call logged by an adapter, when an administrator opens it in APIResponseLog, then its JSON request and text answer are shown', async () => {
    const [row] = await t.deps
      .db('api_response_logs')
      .insert({
        system: 'sap-odata',
        operation: 'read',
        method: 'GET',
        url: 'https://sap.example/sap/opu/odata/sap/API_SALES_ORDER_SRV/A_SalesOrder',
        status_code: 200,
        success: true,
        duration_ms: 120,
        reference: '8000000100',
        request: JSON.stringify({ $filter: "SalesOrder eq '8000000100'" }),
        response: '{"d":{"results":[]}}',
      })
      .returning('id');
    const admin = await loginAs(t, 'admin');
    const list = await t
      .request()
      .post('/api/api_response_log/list')
      .set('Authorization', admin)
      .send({ filters: [{ field: 'Operation', value: 'rea', matchMode: 'contains' }] });
    expect(list.body.data.map((r: { Id: number }) => r.Id)).toContain(row.id);
    const view = await t.request().get(`/api/api_response_log/${row.id}/view`).set('Authorization', admin);
    expect(view.body.data).toMatchObject({
      System: 'sap-odata',
      Request: { $filter: "SalesOrder eq '8000000100'" },
      Response: '{"d":{"results":[]}}',
    });
  });
});
