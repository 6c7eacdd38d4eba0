// Rows owned by an outside company (DESIGN §5): a transporter's users see, look up, export and write only their
// own drivers and trucks, whatever ids, codes or files they send; staff see every transporter's.
import { createTestApp, loginAs, type TestApp } from '../support/api';

let t: TestApp;
let admin: string;
let transporter: string; // the demo transporter user belongs to TRP001

const driver = (code: string, transporterCode: string) => ({
  Driver_Code: code,
  Driver_Name: `Driver ${code}`,
  Transporter_Code: transporterCode,
  License_No: `SIM-${code}`,
  License_Type: 'B2_UMUM',
  License_Expiry_Date: '31/12/2027',
});

let ownId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t, 'admin');
  transporter = await loginAs(t, 'transporter');
  for (const [code, name] of [
    ['TRP001', 'PT Sinar Angkut Nusantara'],
    ['TRP002', 'PT Lintas Sumatera'],
  ]) {
    const res = await t
      .request()
      .post('/api/transporter')
      .set('Authorization', admin)
      .send({ Transporter_Code: code, Transporter_Name: name });
    expect(res.status).toBe(200);
  }
  const own = await t
    .request()
    .post('/api/driver')
    .set('Authorization', admin)
    .send(driver('DRV-OWN', 'TRP001'));
  const other = await t
    .request()
    .post('/api/driver')
    .set('Authorization', admin)
    .send(driver('DRV-OTHER', 'TRP002'));
  ownId = own.body.data.Id as number;
  otherId = other.body.data.Id as number;
});
afterAll(async () => {
  await t.close();
});

const codesOf = (rows: { Driver_Code: string }[]) => rows.map((r) => r.Driver_Code).sort();

describe('owned rows', () => {
  test('given drivers of two transporters, when each side lists, looks up and exports, then the transporter gets only its own and staff get both', async () => {
    const mine = await t.request().post('/api/driver/list').set('Authorization', transporter).send({});
    expect([mine.status, mine.body.totalRecords, codesOf(mine.body.data)]).toEqual([200, 1, ['DRV-OWN']]);
    const all = await t.request().post('/api/driver/list').set('Authorization', admin).send({});
    expect(codesOf(all.body.data)).toEqual(['DRV-OTHER', 'DRV-OWN']);

    const lookup = await t.request().get('/api/list/driver').set('Authorization', transporter);
    expect(lookup.body.data.items.map((i: { id: string }) => i.id)).toEqual(['DRV-OWN']);

    const file = await t
      .request()
      .post('/api/driver/export')
      .set('Authorization', transporter)
      .send({ format: 'csv' })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done(null, text));
      });
    expect(file.body).toContain('DRV-OWN');
    expect(file.body).not.toContain('DRV-OTHER');
  });

  test("given another transporter's driver, when the transporter opens or edits it by id, then 404, and deleting is refused; it is unchanged", async () => {
    expect(
      (await t.request().get(`/api/driver/${otherId}/view`).set('Authorization', transporter)).status,
    ).toBe(404);
    const put = await t
      .request()
      .put('/api/driver')
      .set('Authorization', transporter)
      .send({ ...driver('DRV-OTHER', 'TRP001'), Id: otherId, Driver_Name: 'Taken over' });
    expect(put.status).toBe(404);
    // The transporter group may not delete drivers at all (403), its own included.
    expect(
      (await t.request().delete(`/api/driver/${otherId}`).set('Authorization', transporter)).status,
    ).toBe(403);
    expect(
      await t.deps.db('drivers').where({ id: otherId }).first('driver_name', 'transporter_code', 'is_active'),
    ).toEqual({
      driver_name: 'Driver DRV-OTHER',
      transporter_code: 'TRP002',
      is_active: true,
    });

    const own = await t.request().get(`/api/driver/${ownId}/view`).set('Authorization', transporter);
    expect(own.status).toBe(200);
  });

  test("given a transporter group allowed to delete drivers, when it deactivates another transporter's driver, then 404; its own, then done", async () => {
    const group = (await t.deps.db('user_groups').where({ code: 'TRANSPORTER' }).first('id')) as {
      id: number;
    };
    const menu = (await t.deps.db('menus').where({ code: 'Driver' }).first('id')) as { id: number };
    await t.deps
      .db('group_menus')
      .where({ group_id: group.id, menu_id: menu.id })
      .update({ can_delete: true });
    try {
      expect(
        (await t.request().delete(`/api/driver/${otherId}`).set('Authorization', transporter)).status,
      ).toBe(404);
      expect((await t.deps.db('drivers').where({ id: otherId }).first('is_active')).is_active).toBe(true);
      expect(
        (await t.request().delete(`/api/driver/${ownId}`).set('Authorization', transporter)).status,
      ).toBe(200);
      expect((await t.deps.db('drivers').where({ id: ownId }).first('is_active')).is_active).toBe(false);
    } finally {
      await t.deps
        .db('group_menus')
        .where({ group_id: group.id, menu_id: menu.id })
        .update({ can_delete: false });
    }
  });

  test('given the transporter opens a new Driver or Vehicle, when the empty record is read, then its own transporter is already filled in; staff get it empty', async () => {
    for (const resource of ['driver', 'vehicle']) {
      const mine = await t.request().get(`/api/${resource}/0/create`).set('Authorization', transporter);
      expect([resource, mine.status, mine.body.data.Transporter_Code]).toEqual([resource, 200, 'TRP001']);
      const staff = await t.request().get(`/api/${resource}/0/create`).set('Authorization', admin);
      expect([resource, staff.body.data.Transporter_Code]).toEqual([resource, null]);
    }
  });

  test('given the transporter picks from the Transporter lookup, when it asks, then only its own transporter is offered', async () => {
    const res = await t.request().get('/api/list/transporter').set('Authorization', transporter);
    expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual(['TRP001']);
  });

  test('given a new driver sent with another transporter as owner, when the transporter saves it, then it is refused under Transporter naming its own code, and nothing is saved', async () => {
    const res = await t
      .request()
      .post('/api/driver')
      .set('Authorization', transporter)
      .set('language', 'en')
      .send(driver('DRV-NEW', 'TRP002'));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['Transporter_Code']);
    expect(res.body.errors.Transporter_Code[0]).toBe(
      'Transporter must be TRP001, your own transporter: records of another transporter cannot be kept from your account.',
    );
    expect(await t.deps.db('drivers').where({ driver_code: 'DRV-NEW' }).first('id')).toBeUndefined();
  });

  test('given a new driver sent with its own transporter, or with none, when the transporter saves it, then it is saved as its own', async () => {
    const own = await t
      .request()
      .post('/api/driver')
      .set('Authorization', transporter)
      .send(driver('DRV-OWN2', 'trp001'));
    expect([own.status, own.body.data.Transporter_Code]).toEqual([200, 'TRP001']);
    const blank = await t
      .request()
      .post('/api/driver')
      .set('Authorization', transporter)
      .send(driver('DRV-OWN3', ''));
    expect([blank.status, blank.body.data.Transporter_Code]).toEqual([200, 'TRP001']);
  });

  test("given the transporter's own driver, when it is saved naming another transporter, then it is refused and the driver is unchanged", async () => {
    const res = await t
      .request()
      .put('/api/driver')
      .set('Authorization', transporter)
      .set('language', 'id')
      .send({ ...driver('DRV-OWN', 'TRP002'), Id: ownId, Driver_Name: 'Moved away' });
    expect(res.status).toBe(400);
    expect(res.body.errors.Transporter_Code[0]).toContain('TRP001');
    expect(await t.deps.db('drivers').where({ id: ownId }).first('driver_name', 'transporter_code')).toEqual({
      driver_name: 'Driver DRV-OWN',
      transporter_code: 'TRP001',
    });
  });

  test('given an import of a new driver naming another transporter, when the transporter uploads it, then the row is refused under Transporter and nothing is written', async () => {
    const csv = [
      'Driver_Code,Driver_Name,Transporter_Code,License_No,License_Type,License_Expiry_Date',
      'DRV-FILE,From a file,TRP002,SIM-F,B2_UMUM,31/12/2027',
    ].join('\n');
    const res = await t
      .request()
      .post('/api/driver/import')
      .set('Authorization', transporter)
      .send({ file_name: 'drivers.csv', content_base64: Buffer.from(csv).toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.data.rows[0].row).toBe(2);
    expect(Object.keys(res.body.data.rows[0].errors)).toEqual(['Transporter_Code']);
    expect(await t.deps.db('drivers').where({ driver_code: 'DRV-FILE' }).first('id')).toBeUndefined();
  });

  test("given an import naming another transporter's driver code, when the transporter uploads it, then the row is refused as a duplicate and nothing changes", async () => {
    const csv = [
      'Driver_Code,Driver_Name,Transporter_Code,License_No,License_Type,License_Expiry_Date',
      'DRV-OTHER,Taken over,TRP001,SIM-X,B2_UMUM,31/12/2027',
    ].join('\n');
    const res = await t
      .request()
      .post('/api/driver/import')
      .set('Authorization', transporter)
      .send({ file_name: 'drivers.csv', content_base64: Buffer.from(csv).toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.data.rows[0].row).toBe(2);
    expect(Object.keys(res.body.data.rows[0].errors)).toEqual(['Driver_Code']);
    expect(
      await t.deps.db('drivers').where({ id: otherId }).first('driver_name', 'transporter_code'),
    ).toEqual({
      driver_name: 'Driver DRV-OTHER',
      transporter_code: 'TRP002',
    });
  });
});
