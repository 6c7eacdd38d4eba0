// Files in and out of master data through the real app: templates, exports that follow the list's filters and
// sort, and imports that save every row or none, with a row-by-row report in the caller's language.
import ExcelJS from 'exceljs';
import { createTestApp, loginAs, type TestApp } from '../support/api';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

function upload(path: string, fileName: string, content: Buffer | string, token = admin, language = 'en') {
  return t
    .request()
    .post(`/api/${path}/import`)
    .set('Authorization', token)
    .set('language', language)
    .send({ file_name: fileName, content_base64: Buffer.from(content).toString('base64') });
}

/** supertest collects a binary answer into a Buffer. */
function binary(res: { body: unknown }): Buffer {
  return res.body as Buffer;
}

async function download(path: string, method: 'get' | 'post', body?: object, language = 'en') {
  const req =
    method === 'get'
      ? t.request().get(`/api/${path}`)
      : t
          .request()
          .post(`/api/${path}`)
          .send(body ?? {});
  return req
    .set('Authorization', admin)
    .set('language', language)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

async function readSheet(file: Buffer, sheet = 0): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[sheet]!.eachRow((row) =>
    rows.push((row.values as (string | number | boolean | null)[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

const companies = () =>
  t.deps
    .db('companies')
    .count<{ n: string }[]>('* as n')
    .then((r) => Number(r[0]!.n));

describe('import', () => {
  test('given a CSV of three good companies (semicolons, quotes, a BOM), when imported, then all three are saved with the audit columns', async () => {
    const csv =
      '\uFEFFCompany_Code;Company_Name;City;Currency\r\n' +
      'IMP1;"PT Sawit; Satu";Pekanbaru;IDR\r\n' +
      'IMP2;"PT ""Dua"" Agro";Medan;\r\n' +
      'IMP3;PT Tiga;Jambi;USD\r\n';
    const res = await upload('company', 'companies.csv', csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { saved: 3, created: 3, updated: 0 } });
    expect(res.body.message).toBe('Import saved: 3 created, 0 updated.');
    const rows = await t.deps
      .db('companies')
      .whereIn('company_code', ['IMP1', 'IMP2', 'IMP3'])
      .orderBy('company_code')
      .select('company_name', 'currency', 'created_by', 'is_active');
    expect(rows).toEqual([
      { company_name: 'PT Sawit; Satu', currency: 'IDR', created_by: 'admin', is_active: true },
      { company_name: 'PT "Dua" Agro', currency: 'IDR', created_by: 'admin', is_active: true },
      { company_name: 'PT Tiga', currency: 'USD', created_by: 'admin', is_active: true },
    ]);
  });

  test('given a file with good rows and two bad ones, when imported in Indonesian, then nothing is saved and each bad row is reported with its fields', async () => {
    const before = await companies();
    const csv = [
      'Company_Code,Company_Name,Currency',
      'BAD1,PT Baik,IDR',
      'BAD2,,IDR',
      'BAD3,PT Baik Juga,IDR',
      'BAD4,PT Terlalu Panjang Mata Uangnya,RUPIAH',
    ].join('\n');
    const res = await upload('company', 'companies.csv', csv, admin, 'id');
    expect(res.status).toBe(400);
    expect(res.body.message_code).toBe('IMPORT_INVALID');
    expect(res.body.message).toBe('2 dari 4 baris berisi kesalahan; tidak ada yang disimpan.');
    expect(res.body.data.rows).toEqual([
      { row: 3, errors: { Company_Name: ['Nama Perusahaan wajib diisi.'] } },
      { row: 5, errors: { Currency: ['Mata Uang maksimal 3 karakter.'] } },
    ]);
    expect(await companies()).toBe(before);
    expect(await t.deps.db('companies').where('company_code', 'like', 'BAD%').first()).toBeUndefined();
  });

  test('given a plant file whose rows name a company that does not exist, or repeat a code, then the rows are reported and nothing is saved', async () => {
    await upload('company', 'c.csv', 'Company_Code,Company_Name\nPLC,PT Plant Company');
    const csv = [
      'Plant_Code,Plant_Name,Company_Code,Plant_Type',
      'P01,Mill One,PLC,MILL',
      'P02,Mill Two,NOPE,MILL',
      'p01,Mill Again,PLC,MILL',
      'P03,Estate,PLC,CASTLE',
    ].join('\n');
    const res = await upload('plant', 'plants.csv', csv);
    expect(res.status).toBe(400);
    const byRow = Object.fromEntries(
      (res.body.data.rows as { row: number; errors: Record<string, string[]> }[]).map((r) => [
        r.row,
        r.errors,
      ]),
    );
    expect(byRow[3]).toEqual({ Company_Code: ['Company "NOPE" does not exist or is inactive.'] });
    expect(byRow[4]).toEqual({ Plant_Code: ['Plant Code is repeated in this file (first on row 2).'] });
    expect(byRow[5]?.Plant_Type?.[0]).toMatch(/^Plant Type must be one of: MILL, REFINERY/);
    expect(Object.keys(byRow)).toEqual(['3', '4', '5']);
    expect(await t.deps.db('plants').where({ plant_code: 'P01' }).first()).toBeUndefined();
  });

  test('given a plant file mixing format errors and unknown companies (some in the same row), when imported, then one answer reports every problem of every row and nothing is saved', async () => {
    await upload('company', 'c.csv', 'Company_Code,Company_Name\nPLD,PT Plant Dua');
    const csv = Buffer.concat([
      Buffer.from(
        [
          'Plant_Code,Plant_Name,Company_Code,Plant_Type',
          'Q01,Mill One,PLD,MILL',
          'Q02,Mill Two,NOPE,CASTLE',
          'Q03,Mill Three,GONE,MILL',
          'Q04,,PLD,MILL',
          'q01,Mill Again,MISSING,MILL',
          'Q05,Mill ',
        ].join('\n'),
      ),
      // A byte that is not UTF-8 in the name; the company on the same row does not exist either.
      Buffer.from([0xff]),
      Buffer.from(',ABSENT,MILL\n'),
    ]);
    const res = await upload('plant', 'plants.csv', csv);
    expect([res.status, res.body.message_code]).toEqual([400, 'IMPORT_INVALID']);
    expect(res.body.message).toBe('5 of 6 rows have errors; nothing was saved.');
    const unknown = (code: string) => `Company "${code}" does not exist or is inactive.`;
    expect(res.body.data.rows).toEqual([
      {
        row: 3,
        errors: {
          Plant_Type: [expect.stringMatching(/^Plant Type must be one of: MILL, REFINERY/)],
          Company_Code: [unknown('NOPE')],
        },
      },
      { row: 4, errors: { Company_Code: [unknown('GONE')] } },
      { row: 5, errors: { Plant_Name: ['Plant Name is required.'] } },
      {
        row: 6,
        errors: {
          Plant_Code: ['Plant Code is repeated in this file (first on row 2).'],
          Company_Code: [unknown('MISSING')],
        },
      },
      {
        row: 7,
        errors: {
          Plant_Name: [expect.stringMatching(/^Plant Name holds bytes that are not UTF-8 text/)],
          Company_Code: [unknown('ABSENT')],
        },
      },
    ]);
    expect(await t.deps.db('plants').whereIn('plant_code', ['Q01', 'Q02', 'Q03', 'Q04', 'Q05']).first()).toBe(
      undefined,
    );
  });

  test('given the Excel template, when filled in and uploaded, then the rows are saved; given the same file again, then they are updated, not duplicated', async () => {
    const template = await download('company/template?format=xlsx', 'get');
    expect(template.status).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const [header] = await readSheet(binary(template));
    expect(header).toEqual([
      'Company_Code',
      'Company_Name',
      'Tax_Number',
      'Address',
      'City',
      'Currency',
      'Is_Active',
    ]);
    const fieldsSheet = await readSheet(binary(template), 1);
    expect(fieldsSheet[0]).toEqual(['Column', 'Label', 'Type', 'Required', 'Max length', 'Values']);
    expect(fieldsSheet.find((r) => r[0] === 'Company_Code')).toEqual([
      'Company_Code',
      'Company Code',
      'text',
      'Y',
      '10',
      '',
    ]);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Company');
    ws.addRow(header);
    ws.addRow(['XL1', 'PT Excel Satu', '01.234.567.8-901.000', 'Jl. Sudirman 1', 'Dumai', 'IDR', 'Y']);
    ws.addRow(['XL2', 'PT Excel Dua', null, null, 'Riau', null, 'N']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const first = await upload('company', 'filled.xlsx', file);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ saved: 2, created: 2, updated: 0 });
    expect(
      await t.deps.db('companies').where({ company_code: 'XL2' }).first('is_active', 'currency'),
    ).toEqual({
      is_active: false,
      currency: 'IDR',
    });

    ws.getCell('B2').value = 'PT Excel Satu Baru';
    const again = await upload('company', 'filled.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(again.body.data).toEqual({ saved: 2, created: 0, updated: 2 });
    const rows = await t.deps.db('companies').whereIn('company_code', ['XL1', 'XL2']).orderBy('company_code');
    expect(rows.map((r: { company_name: string }) => r.company_name)).toEqual([
      'PT Excel Satu Baru',
      'PT Excel Dua',
    ]);
    expect(rows[0].edited_by).toBe('admin');
  });

  test('given files that are not usable (wrong type, unreadable, unknown column, no rows), when uploaded, then a clear 400 each and nothing saved', async () => {
    const before = await companies();
    const wrongType = await upload('company', 'companies.pdf', '%PDF-1.4');
    expect([wrongType.status, wrongType.body.message]).toEqual([
      400,
      'Only .xlsx and .csv files can be imported.',
    ]);
    const broken = await upload('company', 'broken.xlsx', 'not a zip at all');
    expect([broken.status, broken.body.message_code]).toEqual([400, 'VALIDATION']);
    expect(broken.body.message).toMatch(/could not be read/);
    const unknown = await upload('company', 'c.csv', 'Company_Code,Colour\nX1,red');
    expect([unknown.status, unknown.body.message]).toEqual([
      400,
      "Unknown columns: Colour. Use the template's column names.",
    ]);
    const empty = await upload('company', 'c.csv', 'Company_Code,Company_Name\n');
    expect([empty.status, empty.body.message_code]).toEqual([400, 'IMPORT_EMPTY']);
    expect(await companies()).toBe(before);
  });

  test('given a user whose groups lack the screen, when importing, then 403 and nothing saved', async () => {
    const transporter = await loginAs(t, 'transporter');
    const res = await upload('company', 'c.csv', 'Company_Code,Company_Name\nNOPE1,PT Nope', transporter);
    expect(res.status).toBe(403);
    expect(await t.deps.db('companies').where({ company_code: 'NOPE1' }).first()).toBeUndefined();
  });
});

describe('import of a key unique within a group', () => {
  test('given lookup rows sharing a code in two groups, when imported and imported again with new texts, then each group keeps its own row and the update lands in the right one', async () => {
    const csv = (suffix: string) =>
      [
        'Lookup_Group,Lookup_Code,Lookup_Text_En,Sort_Order',
        `TEST_FILTER_A,SHIPMENT,Shipment A${suffix},10`,
        `TEST_FILTER_B,SHIPMENT,Shipment B${suffix},10`,
      ].join('\n');
    const first = await upload('lookup', 'lookups.csv', csv(''));
    expect([first.status, first.body.data]).toEqual([200, { saved: 2, created: 2, updated: 0 }]);
    const second = await upload('lookup', 'lookups.csv', csv(' (new)'));
    expect(second.body.data).toEqual({ saved: 2, created: 0, updated: 2 });
    const rows = await t.deps
      .db('lookups')
      .where({ lookup_code: 'SHIPMENT' })
      .whereIn('lookup_group', ['TEST_FILTER_A', 'TEST_FILTER_B'])
      .orderBy('lookup_group')
      .select('lookup_group', 'lookup_text_en');
    expect(rows).toEqual([
      { lookup_group: 'TEST_FILTER_A', lookup_text_en: 'Shipment A (new)' },
      { lookup_group: 'TEST_FILTER_B', lookup_text_en: 'Shipment B (new)' },
    ]);

    const repeated = await upload('lookup', 'l.csv', `${csv('')}\nTEST_FILTER_A,shipment,Again,20`);
    expect(repeated.body.data.rows).toEqual([
      { row: 4, errors: { Lookup_Code: ['Code is repeated in this file (first on row 2).'] } },
    ]);
  });

  test('given the seeded lookups, when one group is asked for as the console does (list/lookup?group=), then only that group comes back; an unknown parameter is refused', async () => {
    const res = await t
      .request()
      .get('/api/list/lookup')
      .query({ group: 'TEST_FILTER_B' })
      .set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { Lookup_Code: string }) => i.Lookup_Code)).toEqual(['SHIPMENT']);
    const seeded = await t
      .request()
      .get('/api/list/lookup')
      .query({ group: 'CONVERSION_TYPE' })
      .set('Authorization', admin);
    expect(seeded.body.data.items.map((i: { id: string }) => i.id).sort()).toEqual([
      'DENSITY',
      'GROSS',
      'NET',
    ]);
    const bad = await t
      .request()
      .get('/api/list/lookup')
      .query({ colour: 'red' })
      .set('Authorization', admin);
    expect([bad.status, bad.body.message_code]).toEqual([400, 'VALIDATION']);
  });
});

describe('export', () => {
  test('given a filter and a sort, when exported as CSV in Indonesian, then the file holds exactly the filtered rows in order under Indonesian labels', async () => {
    await upload(
      'company',
      'c.csv',
      'Company_Code,Company_Name,City\nEXA,PT Ekspor A,Bengkulu\nEXB,PT Ekspor B,Bengkulu\nEXC,PT Lain,Padang',
    );
    const res = await download(
      'company/export',
      'post',
      {
        format: 'csv',
        sorts: [{ field: 'Company_Code', order: -1 }],
        filters: [{ field: 'City', value: 'bengkulu', matchMode: 'contains' }],
      },
      'id',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Company.csv"');
    const text = binary(res)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['ID', 'Kode Perusahaan', 'Nama Perusahaan']);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['EXB', 'EXA']);
  });

  test('given the list exported as Excel, when read back, then it has a header and one row per record with Y/N flags', async () => {
    const res = await download('company/export', 'post', {
      format: 'xlsx',
      filters: [{ field: 'Company_Code', value: 'EX', matchMode: 'startsWith' }],
    });
    expect(res.status).toBe(200);
    const rows = await readSheet(binary(res));
    expect(rows[0]).toContain('Company Code');
    expect(rows.slice(1).map((r) => r[1])).toEqual(['EXA', 'EXB', 'EXC']);
    const active = rows[0]!.indexOf('Active');
    expect(rows.slice(1).map((r) => r[active])).toEqual(['Y', 'Y', 'Y']);
  });
});
