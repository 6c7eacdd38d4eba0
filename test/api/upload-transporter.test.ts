// /Upload/Transporter through the real app: one workbook of transporters, their trucks and their drivers,
// saved together or not at all.
import ExcelJS from 'exceljs';
import { createTestApp, loginAs, type TestApp } from '../support/api';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  // A truck type for the vehicles to name.
  const res = await t
    .request()
    .post('/api/truck_type')
    .set('Authorization', admin)
    .send({ Truck_Type_Code: 'TRN24', Truck_Type_Name: 'Tronton 24 t', Capacity_Kg: 24000 });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function workbook(sheets: Record<string, unknown[][]>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const upload = (content_base64: string, token = admin, file_name = 'transporters.xlsx') =>
  t.request().post('/api/upload/transporter').set('Authorization', token).send({ file_name, content_base64 });

const VEHICLE_HEADER = ['Plate_No', 'Transporter_Code', 'Truck_Type_Code', 'Capacity_Kg', 'Kir_Expiry_Date'];
const DRIVER_HEADER = [
  'Driver_Code',
  'Driver_Name',
  'Transporter_Code',
  'License_No',
  'License_Type',
  'License_Expiry_Date',
];

describe('transporter upload', () => {
  test('given the template, when read, then it has the Transporter, Vehicle and Driver sheets headed by wire names', async () => {
    const res = await t
      .request()
      .get('/api/upload/transporter/template')
      .set('Authorization', admin)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Transporter', 'Vehicle', 'Driver']);
    const header = (wb.getWorksheet('Driver')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(DRIVER_HEADER));
  });

  test('given a new transporter with a truck and a driver in one workbook, when uploaded, then all three are saved and the truck and driver belong to it', async () => {
    const file = await workbook({
      Transporter: [
        ['Transporter_Code', 'Transporter_Name', 'City'],
        ['TRP050', 'PT Angkutan Baru', 'Pekanbaru'],
      ],
      Vehicle: [VEHICLE_HEADER, ['BM 9001 XA', 'TRP050', 'TRN24', 24000, '30/06/2027']],
      Driver: [
        DRIVER_HEADER,
        ['DRV-050-1', 'Joko Susilo', 'TRP050', '1234-5678-0001', 'B2_UMUM', '31/12/2027'],
      ],
    });
    const res = await upload(file);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      saved: 3,
      sheets: {
        Transporter: { created: 1, updated: 0 },
        Vehicle: { created: 1, updated: 0 },
        Driver: { created: 1, updated: 0 },
      },
    });
    expect(await t.deps.db('vehicles').where({ plate_no: 'BM 9001 XA' }).first('transporter_code')).toEqual({
      transporter_code: 'TRP050',
    });
    expect(await t.deps.db('drivers').where({ driver_code: 'DRV-050-1' }).first('transporter_code')).toEqual({
      transporter_code: 'TRP050',
    });
  });

  test('given a workbook whose driver sheet has a bad row, when uploaded, then nothing of any sheet is saved and the report names the sheet and row', async () => {
    const file = await workbook({
      Transporter: [
        ['Transporter_Code', 'Transporter_Name'],
        ['TRP060', 'PT Tidak Jadi'],
      ],
      Vehicle: [VEHICLE_HEADER, ['BM 9002 XB', 'TRP060', 'TRN24', 24000, '']],
      Driver: [
        DRIVER_HEADER,
        ['DRV-060-1', 'Sutrisno', 'TRP060', 'SIM-1', 'B2_UMUM', '31/12/2027'],
        ['DRV-060-2', 'Budi', 'TRP060', 'SIM-2', 'TRUCK', '31/02/2027'],
      ],
    });
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Errors in the sheets Driver; nothing was saved.');
    const [sheet] = res.body.data.sheets as {
      sheet: string;
      rows: { row: number; errors: Record<string, string[]> }[];
    }[];
    expect(sheet!.sheet).toBe('Driver');
    expect(sheet!.rows.map((r) => [r.row, Object.keys(r.errors).sort()])).toEqual([
      [3, ['License_Expiry_Date', 'License_Type']],
    ]);
    expect(await t.deps.db('transporters').where({ transporter_code: 'TRP060' }).first()).toBeUndefined();
    expect(await t.deps.db('vehicles').where({ plate_no: 'BM 9002 XB' }).first()).toBeUndefined();
  });

  test('given a CSV or a user without the upload screen, when uploaded, then refused and nothing saved', async () => {
    const csv = Buffer.from('Transporter_Code,Transporter_Name\nTRP070,PT CSV').toString('base64');
    const wrongType = await upload(csv, admin, 'transporters.csv');
    expect([wrongType.status, wrongType.body.message_code]).toEqual([400, 'VALIDATION']);
    const logistic = await loginAs(t, 'warehouse');
    const file = await workbook({
      Transporter: [
        ['Transporter_Code', 'Transporter_Name'],
        ['TRP071', 'PT Tanpa Hak'],
      ],
    });
    expect((await upload(file, logistic)).status).toBe(403);
    expect(
      await t.deps.db('transporters').whereIn('transporter_code', ['TRP070', 'TRP071']).first(),
    ).toBeUndefined();
  });
});
