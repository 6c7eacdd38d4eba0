// Filter from SAP, its save, the editor's util calls and the SAP order lookups, through the real app on a real
// database with the master demo and documents put into the sandbox ERP: the per-order-type requirements and
// their messages (en and id), rows disabled for a user not authorised for company 3000 (none for the admin),
// documents already saved flagged, the screen's check of the criteria naming what the server names (one set of
// rules, db/resources/sap-order-filter.ts), the save refusing a selection with an unauthorised document (nothing
// written) and importing authorised ones idempotently, and the user's authorisations kept in the User editor.
import consoleTexts from '../../locales/en/console.json';
import {
  EMPTY_FILTER,
  activeRequirements,
  checkFilterValues,
  filterBody,
  type FilterValues,
  type OrderTypeFlags,
} from '../../console/src/pages/sap-orders/filter/rules';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import { putInSandbox, sapDocument, type ResultJson } from '../support/sap-orders';

let t: TestApp;
let admin: string;
let logistic: string;

const db = () => t.deps.db;

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  admin = await loginAs(t, 'admin');
  logistic = await loginAs(t, 'logistic');
  await putInSandbox(db(), [
    sapDocument('0010070001', { company: '1000', date: '2026-10-01' }),
    sapDocument('0010070002', { company: '2000', date: '2026-10-02' }),
    sapDocument('0010070003', { company: '3000', date: '2026-10-03' }),
    sapDocument('0010070004', { company: '1000', date: '2026-09-01' }),
    sapDocument('4500070001', { orderType: 'PO', company: '1000', date: '2026-10-05' }),
  ]);
});
afterAll(async () => {
  await t.close();
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

const soFilter = {
  filter_order_type: 'SO',
  filter_company: '1000;2000;3000',
  filter_document_date_from: '01/10/2026',
  filter_document_date_to: '31/10/2026',
};

describe('POST /api/saporder/filter', () => {
  test('given SO documents of three companies, when logistic (companies 1000 and 2000) filters, then the 3000 row is disabled, the rest are not, all unchecked, newest first, in the result shape', async () => {
    const res = await post('/api/saporder/filter', logistic, soFilter);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('3 documents found.');
    const rows = res.body.data as ResultJson[];
    expect(rows.map((r) => [r.document_no, r.company, r.disabled, r.is_checked])).toEqual([
      ['0010070003', '3000', true, false],
      ['0010070002', '2000', false, false],
      ['0010070001', '1000', false, false],
    ]);
    expect(rows[2]).toMatchObject({
      document_date: '2026-10-01',
      customer_vendor: 'CUS001',
      plant: '1101',
      incoterm: 'CPT',
      distribution: 'LOCAL',
      document_type: 'OR',
      sales_organization: 'S100',
      mark_deleted: false,
      is_saved: false,
    });
    expect(rows[2]!.details[0]).toMatchObject({
      document_item_no: '000010',
      commodity: 'FG-CPO',
      commodity_name: 'Crude Palm Oil',
      qty: 25,
      uom: 'TON',
      po_so_no: '0010070001',
      mark_delete: false,
    });
  });

  test('given the same filter, when the admin filters, then no row is disabled', async () => {
    const res = await post('/api/saporder/filter', admin, soFilter);
    expect((res.body.data as { disabled: boolean }[]).map((r) => r.disabled)).toEqual([false, false, false]);
  });

  test('given SAP numbers, when a PO is filtered by them (space separated or as a list), then only those come, with no other criterion needed', async () => {
    const res = await post('/api/saporder/filter', logistic, {
      filter_order_type: 'PO',
      filter_sap_no: '4500070001  4500070001 4599999999',
    });
    expect(res.status).toBe(200);
    expect((res.body.data as { document_no: string }[]).map((r) => r.document_no)).toEqual(['4500070001']);
    const asList = await post('/api/saporder/filter', logistic, {
      filter_order_type: 'PO',
      filter_sap_no: ['4500070001'],
    });
    expect(asList.body.data).toHaveLength(1);
  });

  test.each([
    ['PO', { filter_order_type: 'PO' }, 'filter_sap_no', 'SAP No. is required', 'No. SAP wajib diisi'],
    [
      'STO without its direction',
      {
        filter_order_type: 'STO',
        filter_company: '1000',
        filter_document_date_from: '01/10/2026',
        filter_document_date_to: '02/10/2026',
      },
      'filter_transfer_type',
      'Transfer type is required',
      'Tipe transfer wajib diisi',
    ],
    [
      'IPB IN',
      {
        filter_order_type: 'IPB IN',
        filter_company: '1000',
        filter_document_date_from: '01/10/2026',
        filter_document_date_to: '02/10/2026',
      },
      'filter_discharge_port',
      'Discharge port is required',
      'Pelabuhan bongkar wajib diisi',
    ],
    [
      'SO',
      {
        filter_order_type: 'SO',
        filter_document_date_from: '01/10/2026',
        filter_document_date_to: '02/10/2026',
      },
      'filter_company',
      'Company is required',
      'Perusahaan wajib diisi',
    ],
    [
      'DO',
      { filter_order_type: 'DO', filter_company: ['1000'] },
      'filter_document_date_from',
      'Doc. date is required',
      'Tgl. dokumen wajib diisi',
    ],
  ])(
    'given a %s filter missing a required criterion, when it is sent, then it answers 400 with the message of spec/3 §5 in English and Indonesian',
    async (_name, body, field, en, id) => {
      const english = await post('/api/saporder/filter', logistic, body);
      expect(english.status).toBe(400);
      expect(english.body).toMatchObject({ success: false, message: en, message_code: 'VALIDATION' });
      expect(english.body.errors[field]).toEqual([en]);
      const indonesian = await post('/api/saporder/filter', logistic, body, 'id');
      expect(indonesian.body.message).toBe(id);
    },
  );

  test('given an IPB IN filter missing everything, when it is sent, then every missing criterion is named and the message is the first', async () => {
    const res = await post('/api/saporder/filter', logistic, { filter_order_type: 'IPB IN' });
    expect(res.body.message).toBe('Discharge port is required');
    expect(Object.keys(res.body.errors)).toEqual([
      'filter_discharge_port',
      'filter_company',
      'filter_document_date_from',
    ]);
    const unknown = await post('/api/saporder/filter', logistic, { filter_order_type: 'XX' });
    expect(unknown.body.message).toBe('Order type XX does not exist or is inactive.');
    const badDate = await post('/api/saporder/filter', logistic, {
      ...soFilter,
      filter_document_date_to: '31/13/2026',
    });
    expect(badDate.status).toBe(400);
  });

  test('given every order type and criteria that miss, mistype or reverse things, when the server checks them and the screen checks them, then both name the same fields in the same order with the same required-criterion texts', async () => {
    const types = (await db()('order_types').where('is_active', true).orderBy('name').select('id')) as {
      id: number;
    }[];
    const cases: Partial<FilterValues>[] = [
      {},
      { sapNos: ['4500070001'] },
      { companies: ['1000'] },
      { companies: ['1000'], dateFrom: '01/10/2026', dateTo: '02/10/2026' },
      { dischargePort: 'PORT-DUMAI', dateFrom: '31/02/2026', dateTo: '01/10/2026' },
      { companies: ['1000'], dateFrom: '05/10/2026', dateTo: '01/10/2026' },
      { sapNos: ['1'], dateFrom: 'soon' },
    ];
    const en = consoleTexts.sapOrderFilter.messages as Record<string, string>;
    let compared = 0;
    for (const { id } of types) {
      const flags = (await get(`/api/util/order_type_fields?id=${id}`, logistic)).body.data as OrderTypeFlags;
      for (const typed of cases) {
        const values: FilterValues = {
          ...EMPTY_FILTER,
          orderType: flags.Name,
          // The screen fills the transfer type from the order type's Info1, as the server reads it from a Name.
          transferType: flags.Info1 ?? '',
          ...typed,
        };
        const screenIssues = checkFilterValues(flags, values);
        const res = await post(
          '/api/saporder/filter',
          logistic,
          filterBody(values, activeRequirements(flags, values)),
        );
        const serverErrors = (res.body.errors ?? {}) as Record<string, string[]>;
        const label = `${flags.Name} ${JSON.stringify(typed)}`;
        expect([label, Object.keys(serverErrors)]).toEqual([label, Object.keys(screenIssues)]);
        for (const [field, issues] of Object.entries(screenIssues)) {
          expect([label, field, serverErrors[field]?.length]).toEqual([label, field, issues.length]);
          issues.forEach((issue, i) => {
            const code = issue.key.replace('sapOrderFilter.messages.', '');
            if (code !== issue.key) expect(serverErrors[field]![i]).toBe(en[code]);
          });
        }
        compared += 1;
      }
    }
    expect(compared).toBe(types.length * cases.length);
  });
});

describe('POST /api/saporder/save_filter', () => {
  test('given a selection with a document of company 3000, when logistic saves it, then it is refused 403 and nothing is written', async () => {
    const before = await db()('sap_orders').count({ n: '*' });
    const res = await post('/api/saporder/save_filter', logistic, [
      { document_no: '0010070001' },
      { document_no: '0010070003' },
    ]);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'You are not authorised for the companies or plants of 1 selected documents (0010070003). Nothing was saved.',
    );
    expect(await db()('sap_orders').count({ n: '*' })).toEqual(before);
  });

  test("given authorised documents, when they are saved twice, then they are imported from SAP (not from the client's copy) as approved orders once, the second save changing nothing, and the filter flags them saved", async () => {
    const rows = (await post('/api/saporder/filter', logistic, soFilter)).body.data as ResultJson[];
    const chosen = rows
      .filter((r) => !r.disabled)
      .map((r) => ({ ...r, is_checked: true, customer_vendor: 'FORGED' }));
    const first = await post('/api/saporder/save_filter', logistic, chosen);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: 'SAP Order has been saved successfully',
      data: { documents: 2, inserted: 2, updated: 0, unchanged: 0 },
    });
    const stored = await db()('sap_orders')
      .whereIn('document_no', ['0010070001', '0010070002'])
      .orderBy('document_no');
    expect(
      (stored as Record<string, unknown>[]).map((s) => [
        s.type,
        s.status,
        s.customer_vendor_code,
        s.source,
        s.created_by,
      ]),
    ).toEqual([
      ['SYNC SAP', 'APPROVED', 'CUS001', 'sandbox', 'logistic'],
      ['SYNC SAP', 'APPROVED', 'CUS001', 'sandbox', 'logistic'],
    ]);
    const second = await post('/api/saporder/save_filter', logistic, { rows: chosen }, 'id');
    expect(second.body).toMatchObject({
      message: 'Order SAP berhasil disimpan',
      data: { documents: 2, inserted: 0, updated: 0, unchanged: 2 },
    });
    const again = (await post('/api/saporder/filter', logistic, soFilter)).body.data as ResultJson[];
    expect(again.map((r) => [r.document_no, r.is_saved])).toEqual([
      ['0010070003', false],
      ['0010070002', true],
      ['0010070001', true],
    ]);
  });

  test('given a document SAP does not have or an empty selection, when it is saved, then it is refused and nothing is written', async () => {
    const missing = await post('/api/saporder/save_filter', admin, [{ document_no: '0010079999' }]);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('SAP has no document 0010079999. Nothing was saved.');
    expect((await post('/api/saporder/save_filter', admin, [])).status).toBe(400);
  });
});

describe('company and plant authorisations in the User editor', () => {
  test('given the User resource, when logistic is read and a plant grant is added for company 3000, then the filter no longer disables that plant', async () => {
    const { id } = (await db()('users').where({ username: 'logistic' }).first('id')) as { id: number };
    const user = await get(`/api/user/${id}/edit`, admin);
    expect(user.body.data.Authorized_Plants).toEqual([
      expect.objectContaining({ Company_Code: '1000', Plant_Code: null }),
      expect.objectContaining({ Company_Code: '2000', Plant_Code: null }),
    ]);
    const saved = await t
      .request()
      .put('/api/user')
      .set('Authorization', admin)
      .send({
        ...user.body.data,
        Authorized_Plants: [
          ...user.body.data.Authorized_Plants,
          { Company_Code: '3000', Plant_Code: '3101' },
        ],
      });
    expect(saved.status).toBe(200);
    const rows = (await post('/api/saporder/filter', logistic, soFilter)).body.data as ResultJson[];
    expect(rows.find((r) => r.document_no === '0010070003')).toMatchObject({ disabled: false });
    // A plant of another company in the grant names nothing the filter shows; an unknown plant is refused.
    const bad = await t
      .request()
      .put('/api/user')
      .set('Authorization', admin)
      .send({ ...user.body.data, Authorized_Plants: [{ Company_Code: '3000', Plant_Code: 'NOPE' }] });
    expect(bad.status).toBe(400);
    await db()('user_plants').where({ user_id: id, company_code: '3000' }).delete();
  });
});

describe('util calls', () => {
  test('given the order types, when their fields are asked by id, code and code + name, then the flags come; unknown ones are 404', async () => {
    const sto = (await db()('order_types').where({ name: 'STO OUT' }).first('id')) as { id: number };
    const byId = await get(`/api/util/order_type_fields?id=${sto.id}`, logistic);
    expect(byId.body.data).toMatchObject({
      Id: sto.id,
      Code: 'STO',
      Name: 'STO OUT',
      Info1: 'OUT',
      Use_STO: true,
      Use_SO: false,
    });
    const byCode = await get('/api/util/order_type_fields_code?code=DO', logistic);
    expect(byCode.body.data).toMatchObject({
      Code: 'DO',
      Use_DO: true,
      Use_Customer: true,
      Use_Distribution: true,
    });
    const byCodeName = await get('/api/util/order_type_fields_code_name?code=STO&name=STO%20IN', logistic);
    expect(byCodeName.body.data).toMatchObject({ Name: 'STO IN', Info1: 'IN', Use_GR: true });
    expect((await get('/api/util/order_type_fields?id=99999', logistic)).status).toBe(404);
    expect((await get('/api/util/order_type_fields_code_name?code=STO&name=SO', logistic)).status).toBe(404);
  });

  test('given RELATION_SETTING, when order_is_relation is asked, then FCA makes an SO a relation order and not a PO, by name or code', async () => {
    const ask = async (incoterm: string, orderType: string) =>
      (
        await get(
          `/api/util/order_is_relation?incoterm=${incoterm}&order_type=${encodeURIComponent(orderType)}`,
          logistic,
        )
      ).body.data as boolean;
    expect(await ask('FCA', 'SO')).toBe(true);
    expect(await ask('FCA', 'PO')).toBe(false);
    expect(await ask('FRC', 'PO')).toBe(true);
    expect(await ask('CPT', 'SO')).toBe(false);
    expect(await ask('', 'SO')).toBe(false);
  });

  test('given TRANSFER_ORDER_DEFAULT, when check_sap_order_type is asked, then a transfer order gets its defaults and a manual one none', async () => {
    const transfer = await post('/api/util/check_sap_order_type', logistic, {
      type: 'TRANSFER ORDER',
      order_type: 'TO OUT',
    });
    expect(transfer.body.data).toEqual({
      is_transfer_order: true,
      default_model: { vendor: null, incoterm: 'FRC', document_type: 'UB' },
    });
    const manual = await post('/api/util/check_sap_order_type', logistic, {
      type: 'MANUAL',
      order_type: 'SO',
    });
    expect(manual.body.data).toEqual({
      is_transfer_order: false,
      default_model: { vendor: null, incoterm: null, document_type: null },
    });
    expect((await post('/api/util/check_sap_order_type', logistic, { type: 'OTHER' })).status).toBe(400);
  });
});

describe('lookups of the SAP order screens', () => {
  const items = async (path: string) => {
    const res = await get(`/api/list/${path}`, logistic);
    expect([path, res.status]).toEqual([path, 200]);
    return res.body.items as { id: string; text: string; name: string }[];
  };

  test('given the master demo, when each lookup of spec/3 §7 is asked, then it answers items with id, text and name', async () => {
    for (const path of [
      'sap_order_type',
      'order_type_code',
      'order_type',
      'company_code',
      'business_segment_code',
      'plant',
      'plant_all',
      'sales_organization_code',
      'purchase_organization',
      'customer_code',
      'vendor_code',
      'incoterm_code',
      'location_code',
      'warehouse',
      'material_code_v2',
    ]) {
      const list = await items(path);
      expect([path, list.length > 0]).toEqual([path, true]);
      for (const item of list) {
        expect([path, typeof item.id, typeof item.text]).toEqual([path, 'string', 'string']);
      }
    }
    expect(await items('sap_order_type')).toEqual([
      { id: 'MANUAL', text: 'Manual', name: 'Manual' },
      { id: 'TRANSFER ORDER', text: 'Transfer order', name: 'Transfer order' },
    ]);
    expect((await items('company_code'))[0]).toMatchObject({
      id: '1000',
      text: '1000 - PT Sawit Nusantara Agro',
      name: 'PT Sawit Nusantara Agro',
    });
    expect((await items('order_type_code')).map((i) => i.id)).toEqual([
      'DO',
      'IPB',
      'PO',
      'SO',
      'SPO',
      'STO',
      'TO',
    ]);
  });

  test("given the editor's material lookup, when a material is searched for or shown by its code (init), then its item carries the material's base unit (Base_Uom), which a line's UOM takes", async () => {
    expect(await items('material_code_v2?q=FG-MGR&company=1000&plant=1101')).toEqual([
      expect.objectContaining({ id: 'FG-MGR-2L', Material_Code: 'FG-MGR-2L', Base_Uom: 'CAR' }),
    ]);
    expect(await items('material_code_v2?q=FG-CPO&init=true')).toEqual([
      expect.objectContaining({ id: 'FG-CPO', text: 'FG-CPO - Crude Palm Oil', Base_Uom: 'KG' }),
    ]);
  });

  test("given the screens' parameters, when lookups are narrowed by company, plant, type and q, then only matching items come, 10 a page", async () => {
    const plants = await items('plant?company=2000;3000');
    expect(plants.map((p) => p.id)).toEqual(['2101', '2102', '2103', '2104', '3101', '3102', '3103', '3104']);
    // The same lookup also takes the field its definition offers, by its exact value.
    expect((await items('plant?Company_Code=3000')).map((p) => p.id)).toEqual([
      '3101',
      '3102',
      '3103',
      '3104',
    ]);
    expect((await items('plant_all?company=2000')).length).toBe(10);
    // Pages count from 0 (spec/3 §7): the second page holds the last five.
    expect((await items('plant_all?company=2000&page=0')).length).toBe(10);
    expect((await items('plant_all?company=2000&page=1')).length).toBe(5);
    expect((await items('order_type?type=TRANSFER%20ORDER')).map((o) => o.id)).toEqual(['TO IN', 'TO OUT']);
    expect((await items('order_type?type=MANUAL')).map((o) => o.id)).not.toContain('TO IN');
    expect((await items('warehouse?plant=1101')).map((w) => w.id)).toEqual([
      'WH-1101-CPO',
      'WH-1101-PK',
      'WH-1101-TBS',
    ]);
    expect((await items('warehouse?company=3000')).every((w) => w.id.startsWith('WH-3'))).toBe(true);
    expect((await items('purchase_organization?company=1000')).map((p) => p.id)).toEqual(['P000', 'P100']);
    expect((await items('sales_organization_code?company=2000')).map((p) => p.id)).toEqual(['S200', 'S210']);
    expect(
      (await items('material_code_v2?q=cpo&company=1000&plant=1101&use_sto=Y')).map((m) => m.id),
    ).toEqual(['FG-CPO']);
    expect((await get('/api/list/company_code?colour=red', logistic)).status).toBe(400);
  });

  test("given the order types, when list/order_type is asked with or without the editor's type, then each item carries the order type's Id (which util/order_type_fields?id= answers), Code, Name and Info1", async () => {
    const stored = new Map(
      (
        (await db()('order_types').where('is_active', true).select('id', 'name', 'code', 'info1')) as {
          id: number;
          name: string;
          code: string;
          info1: string | null;
        }[]
      ).map((o) => [o.name, o]),
    );
    for (const path of ['order_type', 'order_type?type=MANUAL', 'order_type?type=TRANSFER%20ORDER']) {
      const list = (await items(path)) as unknown as Record<string, unknown>[];
      expect([path, list.length > 0]).toEqual([path, true]);
      for (const item of list) {
        const row = stored.get(item.id as string)!;
        expect([path, item]).toEqual([
          path,
          expect.objectContaining({
            Id: row.id,
            Name: row.name,
            Code: row.code,
            Info1: row.info1,
            name: row.code,
          }),
        ]);
      }
    }
    const [toOut] = (await items('order_type?type=TRANSFER%20ORDER&q=out')) as unknown as {
      Id: number;
    }[];
    const flags = await get(`/api/util/order_type_fields?id=${toOut!.Id}`, logistic);
    expect(flags.body.data).toMatchObject({ Code: 'TO', Name: 'TO OUT', Info1: 'OUT' });
    // The field the definition offers narrows by its exact value.
    expect((await items('order_type?Code=STO')).map((o) => o.id)).toEqual(['STO IN', 'STO OUT']);
  });

  test('given lookup values with Info1, Info2 and an Indonesian text, when list/lookup is asked for a group in English and in Indonesian, then each item carries them and its text is in the language asked', async () => {
    const english = (await items('lookup?group=LANGSIR_TYPE')) as unknown as Record<string, unknown>[];
    expect(english).toEqual([
      {
        id: 'ANTAR_PABRIK',
        text: 'ANTAR_PABRIK - Shuttle between plants',
        name: 'Shuttle between plants',
        Lookup_Group: 'LANGSIR_TYPE',
        Lookup_Code: 'ANTAR_PABRIK',
        Lookup_Text_En: 'Shuttle between plants',
        Lookup_Text_Id: 'Langsir antar plant',
        Lookup_Info1: 'Y',
        Lookup_Info2: 'INDIVIDUAL_TRUCK',
      },
      expect.objectContaining({ id: 'DALAM_PABRIK', Lookup_Info1: 'Y', Lookup_Info2: 'COLLECTIVE' }),
    ]);
    const indonesian = await get('/api/list/lookup?group=LANGSIR_TYPE', logistic, 'id');
    expect((indonesian.body.items as Record<string, unknown>[]).map((i) => [i.id, i.text, i.name])).toEqual([
      ['ANTAR_PABRIK', 'ANTAR_PABRIK - Langsir antar plant', 'Langsir antar plant'],
      ['DALAM_PABRIK', 'DALAM_PABRIK - Langsir dalam plant', 'Langsir dalam plant'],
    ]);
    // q finds the Indonesian text too; a value kept without one reads in English.
    const found = await get('/api/list/lookup?group=LANGSIR_TYPE&q=dalam%20plant', logistic, 'id');
    expect((found.body.items as { id: string }[]).map((i) => i.id)).toEqual(['DALAM_PABRIK']);
    await db()('lookups')
      .where({ lookup_group: 'LANGSIR_TYPE', lookup_code: 'ANTAR_PABRIK' })
      .update({ lookup_text_id: null });
    try {
      const fallback = await get('/api/list/lookup?group=LANGSIR_TYPE&q=antar', logistic, 'id');
      expect(fallback.body.items).toEqual([
        expect.objectContaining({ id: 'ANTAR_PABRIK', name: 'Shuttle between plants', Lookup_Text_Id: null }),
      ]);
    } finally {
      await db()('lookups')
        .where({ lookup_group: 'LANGSIR_TYPE', lookup_code: 'ANTAR_PABRIK' })
        .update({ lookup_text_id: 'Langsir antar plant' });
    }
    // The reasons that need their own text are told by Info1 Y (spec/2 §5.3).
    const reasons = (await items('lookup?group=ASSIGN_TRANSPORTER_REASON')) as unknown as Record<
      string,
      unknown
    >[];
    expect(reasons.some((r) => r.Lookup_Info1 === 'Y')).toBe(true);
    // Fields the Lookup definition offers narrow by their exact value; an unknown parameter is a 400.
    const byInfo = await get('/api/list/lookup?Lookup_Group=LANGSIR_TYPE&Lookup_Info2=COLLECTIVE', logistic);
    expect((byInfo.body.items as { id: string }[]).map((i) => i.id)).toEqual(['DALAM_PABRIK']);
    expect((await get('/api/list/lookup?group=LANGSIR_TYPE&colour=red', logistic)).status).toBe(400);
  });
});
