// The generic master-data form (console/src/pages/resources/ResourceEditorPage.tsx) on real definitions
// (Company, Plant, TruckType): loading by mode, the zod checks shared with the server, "Are you sure?", POST and
// PUT bodies, the server's field errors under their inputs (or in the summary), the info popup, Edit and Delete
// from an opened record, a load that gets no answer, number clamping, the reference type-ahead, the Indonesian
// labels, the labels of fixed choices (enum fields, a sub-table's included), and messages that follow a language
// switch.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import { lookupSource } from '../../console/src/pages/resources/lookups';
import { RESOURCES } from '../../db/resources/master';
import { renderResource } from './resources-support';
import { API, envelope, permissionHandler, requestsSettled, server } from './server';
import { surroundingRole, definitionListOf, nextOf } from './structure';

const ALL_RIGHTS = { View: true, Create: true, Edit: true, Delete: true };

const COMPANY = {
  Id: 1,
  Company_Code: 'C001',
  Company_Name: 'PT Sawit Makmur',
  Tax_Number: '01.234.567',
  Address: 'Jl. Gatot Subroto 1',
  City: 'Medan',
  Currency: 'IDR',
  Is_Active: true,
  Created_Date: '2025-03-07T02:05:00.000Z',
  Created_By: 'admin',
  Edited_Date: null,
  Edited_By: null,
};

const COMPANY_DEFAULTS = {
  Company_Code: null,
  Company_Name: null,
  Tax_Number: null,
  Address: null,
  City: null,
  Currency: 'IDR',
  Is_Active: true,
};

const PLANT = {
  Id: 4,
  Plant_Code: 'P100',
  Plant_Name: 'Kebun Sei Mangkei',
  Company_Code: 'C001',
  Plant_Type: 'MILL',
  City: null,
  Province: null,
  Is_Active: true,
};

const WAREHOUSE = {
  Id: 7,
  Warehouse_Code: 'WH01',
  Warehouse_Name: 'Gudang CPO Dumai',
  Plant_Code: 'P100',
  Location_Code: null,
  Sap_Storage_Location: null,
  Conversion_Type: null,
  Use_Appointment: true,
  Address: null,
  City: 'Dumai',
  Is_Active: true,
  Docks: [
    { Id: 1, Dock_Code: 'D1', Dock_Name: 'Dok muat 1', Dock_Type: 'LOADING' },
    { Id: 2, Dock_Code: 'D2', Dock_Name: 'Dok bongkar 1', Dock_Type: 'UNLOADING' },
  ],
};

/** See resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden by tabster. */
function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

async function confirmSave(user: ReturnType<typeof renderResource>['user']) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await findDialog();
  expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));
}

describe('resource editor', () => {
  it('given create mode, when the server refuses a duplicate code, then its message shows under the Company Code input and nothing else changes', async () => {
    let posted: Record<string, unknown> | null = null;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/0/create`, () => HttpResponse.json(envelope(COMPANY_DEFAULTS))),
      http.post(`${API}/company`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          {
            success: false,
            message: 'Validation error',
            message_code: 'VALIDATION',
            errors: { Company_Code: ['A record with the same Company Code already exists.'] },
          },
          { status: 409 },
        );
      }),
    );
    const { user, where } = renderResource('/Company/Editor?mode=create&id=0', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Create Company', level: 1 })).toBeInTheDocument();
    // No info popup while creating; the currency starts from the definition's default.
    expect(await screen.findByLabelText('Currency')).toHaveValue('IDR');
    expect(screen.queryByRole('button', { name: 'Info' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Company Code/), 'C001');
    await user.type(screen.getByLabelText(/^Company Name/), 'PT Sawit Makmur');
    await confirmSave(user);

    expect(
      await screen.findByText('A record with the same Company Code already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company Code/)).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual({
      Company_Code: 'C001',
      Company_Name: 'PT Sawit Makmur',
      Tax_Number: null,
      Address: null,
      City: null,
      Currency: 'IDR',
      Is_Active: true,
    });
    expect(where()).toBe('/Company/Editor?mode=create&id=0');
  });

  it('given a save the server refused with its messages in both languages, when the language is switched, then the message under the input and in the summary reads in the new language and back', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/0/create`, () => HttpResponse.json(envelope(COMPANY_DEFAULTS))),
      http.post(`${API}/company`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Validation error',
            message_code: 'VALIDATION',
            errors: {
              Company_Code: ['A record with the same Company Code already exists.'],
              Hidden_Field: ['Something the form does not show.'],
            },
            errors_by_language: {
              en: {
                Company_Code: ['A record with the same Company Code already exists.'],
                Hidden_Field: ['Something the form does not show.'],
              },
              id: {
                Company_Code: ['Data dengan Kode Perusahaan yang sama sudah ada.'],
                Hidden_Field: ['Sesuatu yang tidak ditampilkan formulir.'],
              },
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderResource('/Company/Editor?mode=create&id=0', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Create Company', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Currency')).toHaveValue('IDR');
    await user.type(screen.getByLabelText(/^Company Code/), 'C001');
    await user.type(screen.getByLabelText(/^Company Name/), 'PT Sawit Makmur');
    await confirmSave(user);
    expect(
      await screen.findByText('A record with the same Company Code already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Something the form does not show.')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));
    expect(await screen.findByText('Data dengan Kode Perusahaan yang sama sudah ada.')).toBeInTheDocument();
    expect(screen.getByText('Sesuatu yang tidak ditampilkan formulir.')).toBeInTheDocument();
    expect(screen.queryByText('A record with the same Company Code already exists.')).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(
      await screen.findByText('A record with the same Company Code already exists.'),
    ).toBeInTheDocument();
  });

  it('given create mode, when Save is pressed with the required fields empty, then the shared rules name them inline and nothing is sent', async () => {
    let posts = 0;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/0/create`, () => HttpResponse.json(envelope(COMPANY_DEFAULTS))),
      http.post(`${API}/company`, () => {
        posts += 1;
        return HttpResponse.json(envelope({}));
      }),
    );
    const { user } = renderResource('/Company/Editor?mode=create&id=0', { user: {} });
    await screen.findByLabelText('Currency');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company Code is required.')).toBeInTheDocument();
    expect(screen.getByText('Company Name is required.')).toBeInTheDocument();
    expect(screen.getByText(/Some fields need attention/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('given edit mode, when a field is changed and saved, then PUT carries the whole record with its Id, "Data Saved" shows and the list opens again', async () => {
    let put: Record<string, unknown> | null = null;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/1/edit`, () => HttpResponse.json(envelope(COMPANY))),
      http.put(`${API}/company`, async ({ request }) => {
        put = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(envelope({ ...COMPANY, City: 'Binjai' }, { message: 'Saved.' }));
      }),
    );
    const { user, where } = renderResource('/Company/Editor?mode=edit&id=1', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Edit Company', level: 1 })).toBeInTheDocument();
    const city = await screen.findByLabelText('City');
    await waitFor(() => expect(city).toHaveValue('Medan'));
    await user.clear(city);
    await user.type(city, 'Binjai');
    await confirmSave(user);

    await waitFor(() => expect(where()).toBe('/Company/Index'));
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    expect(put).toEqual({
      Id: 1,
      Company_Code: 'C001',
      Company_Name: 'PT Sawit Makmur',
      Tax_Number: '01.234.567',
      Address: 'Jl. Gatot Subroto 1',
      City: 'Binjai',
      Currency: 'IDR',
      Is_Active: true,
    });
  });

  it('given view mode, when the editor opens, then every input is read-only, there is no Save, and Info shows who created the record and when', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/1/view`, () => HttpResponse.json(envelope(COMPANY))),
    );
    const { user } = renderResource('/Company/Editor?mode=view&id=1', { user: {} });

    expect(await screen.findByRole('heading', { name: 'View Company', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Company Code')).toHaveValue('C001'));
    for (const label of ['Company Code', 'Company Name', 'Address', 'City', 'Currency']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Info' }));
    const info = definitionListOf(await screen.findByText('Created By'));
    expect(nextOf(within(info).getByText('Created By'))).toHaveTextContent('admin');
    // 02:05 UTC shown in the browser's time zone, dd/mm/yyyy HH:mm.
    expect(nextOf(within(info).getByText('Created Date'))?.textContent).toMatch(/^07\/03\/2025 \d{2}:05$/);
    expect(nextOf(within(info).getByText('Edited By'))).toHaveTextContent('-');
  });

  it('given a user without the Edit right, when an edit link is opened, then the record shows read-only', async () => {
    server.use(
      permissionHandler({ View: true }),
      http.get(`${API}/company/1/view`, () => HttpResponse.json(envelope(COMPANY))),
    );
    renderResource('/Company/Editor?mode=edit&id=1', { user: {} });

    expect(await screen.findByRole('heading', { name: 'View Company', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Company Code')).toHaveAttribute('readonly'));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('given the record cannot be loaded, when the editor opens, then the server message shows and the user is back on the list', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/99/edit`, () =>
        HttpResponse.json(
          { success: false, message: 'The requested record was not found.', message_code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
    );
    const { where } = renderResource('/Company/Editor?mode=edit&id=99', { user: {} });

    expect(await screen.findByText('The requested record was not found.')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/Company/Index'));
  });

  it('given the server does not answer, when the editor opens, then it stays on the record with a message and Try again loads it', async () => {
    let calls = 0;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/1/edit`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(envelope(COMPANY));
      }),
    );
    const { user, where } = renderResource('/Company/Editor?mode=edit&id=1', { user: {} });

    const failed = surroundingRole(await screen.findByText('The record could not be loaded.'), 'alert');
    expect(failed).toHaveTextContent('Check your connection and try again.');
    expect(where()).toBe('/Company/Editor?mode=edit&id=1');
    await user.click(within(failed as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText(/^Company Code/)).toHaveValue('C001'));
  });

  it('given a viewed record and the Edit right, when Edit is pressed, then the record opens for edit in place', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/1/view`, () => HttpResponse.json(envelope(COMPANY))),
      http.get(`${API}/company/1/edit`, () => HttpResponse.json(envelope(COMPANY))),
    );
    const { user, where } = renderResource('/Company/Editor?mode=view&id=1', { user: {} });
    await waitFor(() => expect(screen.getByLabelText('Company Code')).toHaveValue('C001'));

    await user.click(screen.getByRole('button', { name: 'Edit' }));

    expect(await screen.findByRole('heading', { name: 'Edit Company', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^City/)).not.toHaveAttribute('readonly'));
    expect(where()).toBe('/Company/Editor?mode=edit&id=1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('given the Delete right, when Deactivate is confirmed on an opened company, then it is deactivated as from the list and the list opens with the message', async () => {
    const deleted: string[] = [];
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/1/view`, () => HttpResponse.json(envelope(COMPANY))),
      http.delete(`${API}/company/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(envelope(undefined, { message: 'Data deactivated.' }));
      }),
    );
    const { user, where } = renderResource('/Company/Editor?mode=view&id=1', { user: {} });
    await waitFor(() => expect(screen.getByLabelText('Company Code')).toHaveValue('C001'));

    // Companies keep their history: deleting one deactivates it (the server decides, as from the list).
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await findDialog();
    expect(within(dialog).getByText('C001 - PT Sawit Makmur')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate', hidden: true }));

    await waitFor(() => expect(where()).toBe('/Company/Index'));
    expect(deleted).toEqual(['1']);
    expect(await screen.findByText('Data deactivated.')).toBeInTheDocument();
  });

  it('given a user with View only, when a record is viewed, then neither Edit nor Delete is offered', async () => {
    server.use(
      permissionHandler({ View: true }),
      http.get(`${API}/company/1/view`, () => HttpResponse.json(envelope(COMPANY))),
    );
    renderResource('/Company/Editor?mode=view&id=1', { user: {} });
    await waitFor(() => expect(screen.getByLabelText('Company Code')).toHaveValue('C001'));

    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('given the server refuses a save for something the form does not show, when it answers, then its message is listed in the summary', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/1/edit`, () => HttpResponse.json(envelope(COMPANY))),
      http.put(`${API}/company`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Validation error',
            message_code: 'VALIDATION',
            errors: { Id: ['This record was changed by someone else.'] },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderResource('/Company/Editor?mode=edit&id=1', { user: {} });
    const city = await screen.findByLabelText('City');
    await waitFor(() => expect(city).toHaveValue('Medan'));
    await user.type(city, 'x');
    await confirmSave(user);

    const summary = surroundingRole(await screen.findByText(/^Some fields need attention/), 'alert');
    // The summary may show before its list of messages has rendered (a loaded full run read it in between).
    expect(await within(summary as HTMLElement).findByRole('listitem')).toHaveTextContent(
      'This record was changed by someone else.',
    );
  });

  it('given a number with a range, when a value beyond it is typed and the input is left, then it is clamped to the maximum', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/truck_type/0/create`, () =>
        HttpResponse.json(
          envelope({
            Truck_Type_Code: null,
            Truck_Type_Name: null,
            Capacity_Kg: null,
            Axles: null,
            Is_Tanker: false,
            Is_Active: true,
          }),
        ),
      ),
    );
    const { user } = renderResource('/TruckType/Editor?mode=create&id=0', { user: {} });
    const capacity = await screen.findByLabelText(/^Capacity \(KG\)/);

    await user.type(capacity, '250000.555abc');
    expect(capacity).toHaveValue('250000.555');
    await user.tab();
    expect(capacity).toHaveValue('100000');
    const axles = screen.getByLabelText('Axles');
    await user.type(axles, '-1.5');
    await user.tab();
    // Axles are whole numbers from 2: no point, no minus, and 15 is kept within 12.
    expect(axles).toHaveValue('12');
  });

  it('given a reference to a long list, when fewer than 3 characters are typed nothing is searched, at 3 the lookup is asked after the pause, and a choice is saved as the key', async () => {
    const searches: string[] = [];
    let posted: Record<string, unknown> | null = null;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/factory/0/create`, () =>
        HttpResponse.json(
          envelope({
            Factory_Code: null,
            Factory_Name: null,
            Plant_Code: null,
            Factory_Type: null,
            Location_Code: null,
            Capacity_Ton_Per_Day: null,
            Address: null,
            City: null,
            Is_Active: true,
          }),
        ),
      ),
      http.get(`${API}/list/plant`, ({ request }) => {
        const url = new URL(request.url);
        searches.push(`${url.searchParams.get('q')}|${url.searchParams.get('page')}`);
        return HttpResponse.json(
          envelope({
            items: [
              { id: 'P100', text: 'P100 - PKS Sei Mangkei' },
              { id: 'P200', text: 'P200 - PKS Sei Rokan' },
            ],
            more: false,
          }),
        );
      }),
      http.post(`${API}/factory`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(envelope(posted, { message: 'Saved.' }));
      }),
    );
    const { user, where } = renderResource('/Factory/Editor?mode=create&id=0', { user: {} });
    const plant = await screen.findByRole('combobox', { name: /^Plant/ });
    expect(plant).toHaveAttribute('placeholder', 'Please select');

    await user.type(plant, 'PK');
    expect(await screen.findByText('Type at least 3 characters to search')).toBeInTheDocument();
    await requestsSettled();
    expect(searches).toEqual([]);

    await user.type(plant, 'S', { skipClick: true });
    // Pages count from 0 (spec/3 §7). Only PKS is asked: a search for PK would have been due before it.
    await waitFor(() => expect(searches).toEqual(['PKS|0']));
    await user.click(await screen.findByRole('option', { name: 'P200 - PKS Sei Rokan' }));
    await waitFor(() => expect(plant).toHaveValue('P200 - PKS Sei Rokan'));

    await user.type(screen.getByLabelText(/^Factory Code/), 'F100');
    await user.type(screen.getByLabelText(/^Factory Name/), 'PKS Sei Rokan Mill');
    await user.selectOptions(screen.getByLabelText(/^Factory Type/), 'MILL');
    await confirmSave(user);
    await waitFor(() => expect(where()).toBe('/Factory/Index'));
    expect(posted).toMatchObject({ Factory_Code: 'F100', Plant_Code: 'P200', Factory_Type: 'MILL' });
  });

  it.each([
    [
      'an order type',
      '/PODRequirement/Editor?mode=create&id=0',
      'pod_requirement',
      'order_type',
      /^Order Type/,
    ],
    ['a company', '/Plant/Editor?mode=create&id=0', 'plant', 'company', /^Company/],
  ])(
    'given a reference to a short list (%s), when it is opened without typing, then every entry shows at once with no "type 3 characters"',
    async (_, route, path, target, label) => {
      const searches: string[] = [];
      server.use(
        permissionHandler(ALL_RIGHTS),
        http.get(`${API}/${path}/0/create`, () => HttpResponse.json(envelope({ Is_Active: true }))),
        http.get(`${API}/list/${target}`, ({ request }) => {
          const url = new URL(request.url);
          searches.push(`${url.searchParams.get('q')}|${url.searchParams.get('page')}`);
          const items = ['A', 'B', 'C'].map((n) => ({
            id: `${target}-${n}`,
            text: `${target}-${n} - Entry ${n}`,
          }));
          return HttpResponse.json(envelope({ items, more: false }));
        }),
      );
      const { user } = renderResource(route, { user: {} });
      const select = await screen.findByRole('combobox', { name: label });

      await user.click(select);

      await waitFor(() => expect(searches).toEqual(['|0']));
      expect(await screen.findAllByRole('option', { name: /Entry [ABC]$/ })).toHaveLength(3);
      expect(screen.queryByText(/Type at least/)).not.toBeInTheDocument();
    },
  );

  it('given every reference of every definition, when its select is made, then the short vocabularies (spec/3 §9: drivers, trucks, locations; and lists of a few dozen) open at once and the long ones wait for 3 characters', () => {
    const minChars = new Map<string, Set<number>>();
    for (const def of RESOURCES) {
      // A definition's child tables (not DOM children).
      // eslint-disable-next-line testing-library/no-node-access
      for (const f of [...def.fields, ...(def.children ?? []).flatMap((c) => c.fields)]) {
        if (f.type !== 'ref') continue;
        const source = lookupSource(f);
        if (!source) continue;
        if (!minChars.has(f.ref!)) minChars.set(f.ref!, new Set());
        minChars.get(f.ref!)!.add(source.minChars);
      }
    }
    const of = (ref: string) => [...(minChars.get(ref) ?? [])];
    for (const short of [
      'Driver',
      'Vehicle',
      'Location',
      'TruckType',
      'OrderType',
      'Company',
      'ProductCategory',
      'Incoterms',
      'ConditionType',
      'SalesOrganization',
      'PurchaseOrganization',
    ]) {
      if (minChars.has(short)) expect([short, of(short)]).toEqual([short, [0]]);
    }
    for (const long of ['Material', 'Transporter', 'User', 'Vessel']) {
      if (minChars.has(long)) expect([long, of(long)]).toEqual([long, [3]]);
    }
    expect(of('OrderType')).toEqual([0]);
    expect(of('Company')).toEqual([0]);
  });

  it('given a reference that searches from 0 characters, when it opens, then the first page shows at once and Load more appends the next page', async () => {
    const searches: string[] = [];
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/freight/0/create`, () =>
        HttpResponse.json(envelope({ Truck_Type_Code: null, Is_Active: true })),
      ),
      http.get(`${API}/list/truck_type`, ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        searches.push(`${url.searchParams.get('q')}|${page}`);
        const items = Array.from({ length: page === 0 ? 10 : 2 }, (_, i) => {
          const n = page * 10 + i + 1;
          return { id: `TT${n}`, text: `TT${n} - Truck ${n}` };
        });
        return HttpResponse.json(envelope({ items, more: page === 0 }));
      }),
      http.get(`${API}/list/:other`, () => HttpResponse.json(envelope({ items: [], more: false }))),
    );
    const { user } = renderResource('/Freight/Editor?mode=create&id=0', { user: {} });
    const truckType = await screen.findByRole('combobox', { name: /^Truck Type/ });

    await user.click(truckType);
    await waitFor(() => expect(searches).toEqual(['|0']));
    expect(await screen.findAllByRole('option', { name: /Truck \d+$/ })).toHaveLength(10);
    await user.click(screen.getByRole('option', { name: 'Load more…' }));
    await waitFor(() => expect(screen.getAllByRole('option', { name: /Truck \d+$/ })).toHaveLength(12));
    expect(searches).toEqual(['|0', '|1']);
    await user.click(screen.getByRole('option', { name: 'TT12 - Truck 12' }));
    await waitFor(() => expect(truckType).toHaveValue('TT12 - Truck 12'));
  });

  it('given a field of a Lookup group, when it opens, then the Lookup master is searched within that group', async () => {
    const searches: string[] = [];
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/freight/0/create`, () =>
        HttpResponse.json(envelope({ Trip_Type: null, Is_Active: true })),
      ),
      http.get(`${API}/list/lookup`, ({ request }) => {
        const url = new URL(request.url);
        searches.push(['group', 'q', 'init'].map((k) => url.searchParams.get(k) ?? '').join('|'));
        return HttpResponse.json(
          envelope({ items: [{ id: 'ONE_WAY', text: 'ONE_WAY - One way' }], more: false }),
        );
      }),
    );
    const { user } = renderResource('/Freight/Editor?mode=create&id=0', { user: {} });
    const tripType = await screen.findByRole('combobox', { name: /^Trip Type/ });

    await user.click(tripType);
    await user.click(await screen.findByRole('option', { name: 'ONE_WAY - One way' }));
    await waitFor(() => expect(tripType).toHaveValue('ONE_WAY - One way'));
    expect(searches).toContain('FREIGHT_TRIP_TYPE||');
    // A code already there (the currency's default) is shown through one init lookup in its own group.
    expect(searches).toContain('CCY|IDR|true');
  });

  it('given a record with a reference, when it opens, then the reference shows its text from one lookup of its key', async () => {
    const searches: string[] = [];
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/plant/4/view`, () =>
        HttpResponse.json(
          envelope({
            Id: 4,
            Plant_Code: 'P100',
            Plant_Name: 'Kebun Sei Mangkei',
            Company_Code: 'C001',
            Plant_Type: 'MILL',
            City: null,
            Province: null,
            Is_Active: true,
          }),
        ),
      ),
      http.get(`${API}/list/company`, ({ request }) => {
        const url = new URL(request.url);
        searches.push(['q', 'page', 'init'].map((k) => url.searchParams.get(k)).join('|'));
        return HttpResponse.json(
          envelope({ items: [{ id: 'C001', text: 'C001 - PT Sawit Makmur' }], more: false }),
        );
      }),
    );
    renderResource('/Plant/Editor?mode=view&id=4', { user: {} });

    const company = await screen.findByRole('textbox', { name: 'Company' });
    await waitFor(() => expect(company).toHaveValue('C001 - PT Sawit Makmur'));
    expect(company).toHaveAttribute('readonly');
    // The spec's init lookup: the id as q, with the init flag, from the first page.
    expect(searches).toEqual(['C001|0|true']);
  });

  it('given an enum field, when the Plant editor opens in English, then its choices read as labels and the one picked is saved as its code', async () => {
    let put: Record<string, unknown> | null = null;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/plant/4/edit`, () => HttpResponse.json(envelope(PLANT))),
      http.get(`${API}/list/company`, () =>
        HttpResponse.json(envelope({ items: [{ id: 'C001', text: 'C001 - PT Sawit Makmur' }], more: false })),
      ),
      http.put(`${API}/plant`, async ({ request }) => {
        put = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(envelope(put, { message: 'Saved.' }));
      }),
    );
    const { user, where } = renderResource('/Plant/Editor?mode=edit&id=4', { user: {} });
    const plantType = await screen.findByLabelText(/^Plant Type/);
    await waitFor(() => expect(plantType).toHaveDisplayValue('Palm oil mill (PKS)'));

    expect(
      within(plantType)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['', 'Please select'],
      ['MILL', 'Palm oil mill (PKS)'],
      ['REFINERY', 'Refinery'],
      ['ESTATE', 'Estate'],
      ['BULKING', 'Bulking station'],
      ['WAREHOUSE', 'Warehouse'],
      ['OFFICE', 'Office'],
    ]);
    await user.selectOptions(plantType, 'Estate');
    expect(plantType).toHaveValue('ESTATE');
    await confirmSave(user);
    await waitFor(() => expect(where()).toBe('/Plant/Index'));
    expect(put).toMatchObject({ Id: 4, Plant_Code: 'P100', Plant_Type: 'ESTATE' });
  });

  it('given the Indonesian interface, when a Plant and a Warehouse with docks are viewed, then the enum values and the sub-table choices read in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/plant/4/view`, () => HttpResponse.json(envelope({ ...PLANT, Plant_Type: 'ESTATE' }))),
      http.get(`${API}/warehouse/7/view`, () => HttpResponse.json(envelope(WAREHOUSE))),
      http.get(`${API}/list/:other`, () => HttpResponse.json(envelope({ items: [], more: false }))),
    );
    const { unmount } = renderResource('/Plant/Editor?mode=view&id=4', { user: { Language: 'id' } });

    expect(await screen.findByRole('heading', { name: 'Lihat Plant', level: 1 })).toBeInTheDocument();
    const plantType = await screen.findByLabelText('Jenis Plant');
    // Read-only, the choice shows its label (ESTATE) as a read-only text.
    await waitFor(() => expect(plantType).toHaveDisplayValue('Kebun'));
    expect(plantType).toHaveAttribute('readonly');
    unmount();

    renderResource('/Warehouse/Editor?mode=view&id=7', { user: { Language: 'id' } });
    await screen.findByRole('table', { name: 'Dok dan Tempat Penyimpanan' });
    await waitFor(() => expect(screen.getByLabelText('Jenis Dok, baris 1')).toHaveDisplayValue('Muat'));
    expect(screen.getByLabelText('Jenis Dok, baris 2')).toHaveDisplayValue('Bongkar');
  });

  it('given the Indonesian interface, when the create form is saved empty, then the title, labels and messages are Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/company/0/create`, () => HttpResponse.json(envelope(COMPANY_DEFAULTS))),
    );
    const { user } = renderResource('/Company/Editor?mode=create&id=0', { user: { Language: 'id' } });

    expect(await screen.findByRole('heading', { name: 'Buat Perusahaan', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Nama Perusahaan/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Legal dan Alamat' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Kode Perusahaan/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Kode Perusahaan wajib diisi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeInTheDocument();
  });

  // The shell's language menu (which posts change_language, then switches the interface) is shell.test.tsx's.
  it('given messages under an input, in a sub-table cell and in the summary, when the interface language is switched and back, then each reads in the new language', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/warehouse/7/edit`, () => HttpResponse.json(envelope(WAREHOUSE))),
      http.get(`${API}/list/:other`, () => HttpResponse.json(envelope({ items: [], more: false }))),
    );
    const { user } = renderResource('/Warehouse/Editor?mode=edit&id=7', { user: {} });
    const name = await screen.findByLabelText(/^Warehouse Name/);
    await waitFor(() => expect(name).toHaveValue('Gudang CPO Dumai'));
    await user.clear(name);
    await user.clear(screen.getByLabelText('Dock Code, row 1'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Warehouse Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Dock Code is required.')).toBeInTheDocument();
    expect(screen.getByText(/^Some fields need attention/)).toBeInTheDocument();

    await act(() => i18n.changeLanguage('id'));

    // The Indonesian wording as the locale files have it (read from them, so a reworded message still counts).
    const id = i18n.getFixedT('id');
    const label = (field: string) => id(`Warehouse.fields.${field}`, { ns: 'resources' });
    expect(
      await screen.findByText(id('validation.required', { field: label('Warehouse_Name') })),
    ).toBeInTheDocument();
    expect(screen.getByText(id('validation.required', { field: label('Dock_Code') }))).toBeInTheDocument();
    expect(screen.getByText(id('form.fixErrors'))).toBeInTheDocument();
    expect(screen.queryByText('Warehouse Name is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Dock Code is required.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Some fields need attention/)).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Warehouse Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Dock Code is required.')).toBeInTheDocument();
    expect(screen.getByText(/^Some fields need attention/)).toBeInTheDocument();
  });
});

const DRIVER_DEFAULTS = {
  Driver_Code: null,
  Driver_Name: null,
  Transporter_Code: 'TRP001',
  License_No: null,
  License_Type: null,
  License_Expiry_Date: null,
  Phone: null,
  Id_Card_No: null,
  Date_Of_Birth: null,
  Address: null,
  Is_Active: true,
};

const TRANSPORTER_USER = { Role: 'TRANSPORTER', Transporter_Code: 'TRP001', Department: null };

/** The Fluent Input wrapper of an input: where its appearance (filled, outline...) shows as classes. */
function inputWrapper(input: HTMLElement): HTMLElement {
  return input.closest('.fui-Input') as HTMLElement;
}

describe('owned records and read-only choices', () => {
  it("given a transporter's account, when it creates a Driver, then the Transporter field shows its own transporter read-only, offers no other, and the save names it", async () => {
    const searches: string[] = [];
    let posted: Record<string, unknown> | null = null;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/driver/0/create`, () => HttpResponse.json(envelope(DRIVER_DEFAULTS))),
      http.get(`${API}/list/transporter`, ({ request }) => {
        const url = new URL(request.url);
        searches.push(`${url.searchParams.get('q')}|${url.searchParams.get('init') ?? ''}`);
        return HttpResponse.json(
          envelope({ items: [{ id: 'TRP001', text: 'TRP001 - PT Sinar Angkut Nusantara' }], more: false }),
        );
      }),
      http.post(`${API}/driver`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(envelope(posted, { message: 'Saved.' }));
      }),
    );
    const { user, where } = renderResource('/Driver/Editor?mode=create&id=0', { user: TRANSPORTER_USER });

    const transporter = await screen.findByRole('textbox', { name: 'Transporter' });
    await waitFor(() => expect(transporter).toHaveValue('TRP001 - PT Sinar Angkut Nusantara'));
    expect(transporter).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: /^Transporter/ })).not.toBeInTheDocument();
    // Only the init lookup of its own code: no list of transporters is asked for.
    expect(searches).toEqual(['TRP001|true']);

    await user.type(screen.getByLabelText(/^Driver Code/), 'TRP001-D99');
    await user.type(screen.getByLabelText(/^Driver Name/), 'Budi Santoso');
    await user.type(screen.getByLabelText(/^License Number/), 'SIM-99');
    await user.selectOptions(screen.getByLabelText(/^License Type/), 'B2_UMUM');
    await user.type(screen.getByLabelText(/^License Expiry Date/), '31/12/2027');
    await confirmSave(user);
    await waitFor(() => expect(where()).toBe('/Driver/Index'));
    expect(posted).toMatchObject({ Driver_Code: 'TRP001-D99', Transporter_Code: 'TRP001' });
  });

  it('given a staff account, when it creates a Vehicle, then the Transporter field is a type-ahead of every transporter', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/vehicle/0/create`, () =>
        HttpResponse.json(envelope({ Plate_No: null, Transporter_Code: null, Is_Active: true })),
      ),
      http.get(`${API}/list/:other`, () => HttpResponse.json(envelope({ items: [], more: false }))),
    );
    renderResource('/Vehicle/Editor?mode=create&id=0', { user: {} });

    const transporter = await screen.findByRole('combobox', { name: /^Transporter/ });
    expect(transporter).toBeEnabled();
    expect(transporter).not.toHaveAttribute('readonly');
  });

  it('given view mode, when a record with a reference and a fixed choice opens, then both dropdowns look exactly like a read-only text field: a read-only input of the same appearance, not a disabled control', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/plant/4/view`, () => HttpResponse.json(envelope(PLANT))),
      http.get(`${API}/list/company`, () =>
        HttpResponse.json(envelope({ items: [{ id: 'C001', text: 'C001 - PT Sawit Makmur' }], more: false })),
      ),
    );
    renderResource('/Plant/Editor?mode=view&id=4', { user: {} });

    const code = await screen.findByLabelText('Plant Code');
    await waitFor(() => expect(code).toHaveValue('P100'));
    const company = screen.getByLabelText('Company');
    const plantType = screen.getByLabelText('Plant Type');
    await waitFor(() => expect(company).toHaveValue('C001 - PT Sawit Makmur'));
    expect(plantType).toHaveValue('Palm oil mill (PKS)');
    for (const dropdown of [company, plantType]) {
      expect(dropdown.tagName).toBe(code.tagName);
      expect(dropdown).toHaveAttribute('readonly');
      expect(dropdown).not.toBeDisabled();
      expect(inputWrapper(dropdown)).not.toBeNull();
      // The same Fluent classes as the read-only text: the same filled appearance, the same text colour.
      expect(inputWrapper(dropdown).className).toBe(inputWrapper(code).className);
    }
  });
});
