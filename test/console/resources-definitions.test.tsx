// The resource pages work for any definition: here the registry holds test definitions under names that have
// console routes, so the cases do not depend on how the real ApprovalMatrix or Vessel are written. A matrix with
// a sub-table of approvers and a validity range, a read-only public list, and a route with no definition.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { openResource, renderResource } from './resources-support';
import { API, envelope, permissionHandler, server } from './server';
import { surroundingRole } from './structure';

jest.mock('../../db/resources/master', () => {
  const engine = jest.requireActual<typeof import('../../db/resources/engine')>('../../db/resources/engine');
  const actual = jest.requireActual<typeof import('../../db/resources/master')>('../../db/resources/master');
  const matrix = engine.defineResource({
    name: 'ApprovalMatrix',
    table: 'approval_matrices',
    path: 'approval_matrix',
    key: 'Approval_Matrix_Code',
    fields: [
      { name: 'Approval_Matrix_Code', type: 'text', required: true, maxLength: 20 },
      { name: 'Valid_From', type: 'date', required: true },
      { name: 'Valid_To', type: 'date' },
    ],
    dateRanges: [['Valid_From', 'Valid_To']],
    children: [
      {
        name: 'Approvers',
        table: 'approval_matrix_approvers',
        parentColumn: 'approval_matrix_id',
        minRows: 1,
        fields: [
          { name: 'Username', type: 'text', required: true, maxLength: 100 },
          { name: 'Level', type: 'integer', required: true, min: 1, max: 10, default: 1 },
        ],
      },
    ],
  });
  const vessel = engine.defineResource({
    name: 'Vessel',
    table: 'vessels',
    path: 'vessel',
    key: 'Vessel_Code',
    public: true,
    readOnly: true,
    fields: [
      { name: 'Vessel_Code', type: 'text', required: true, maxLength: 20 },
      { name: 'Vessel_Name', type: 'text', required: true, maxLength: 120 },
      { name: 'Capacity_Ton', type: 'decimal', precision: 12, scale: 2 },
    ],
  });
  const replaced = new Set(['ApprovalMatrix', 'Vessel', 'Freight']);
  const RESOURCES = [matrix, vessel, ...actual.RESOURCES.filter((r) => !replaced.has(r.name))];
  return {
    ...actual,
    RESOURCES,
    resourceByName: (name: string) => RESOURCES.find((r) => r.name === name),
  };
});

const ALL_RIGHTS = { View: true, Create: true, Edit: true, Delete: true };

const MATRIX = {
  Id: 3,
  Approval_Matrix_Code: 'AM-01',
  Valid_From: '2025-01-01',
  Valid_To: '2025-12-31',
  Is_Active: true,
  Approvers: [
    { Id: 10, Username: 'budi', Level: 1 },
    { Id: 11, Username: 'sari', Level: 2 },
  ],
  Created_Date: '2025-01-02T03:04:00.000Z',
  Created_By: 'admin',
  Edited_Date: null,
  Edited_By: null,
};

function findDialog() {
  // See resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden by tabster.
  return screen.findByRole('alertdialog', { hidden: true });
}

/**
 * The table's body rows. Hidden ones too: jsdom may leave the page aria-hidden a moment after a confirmation
 * dialog closed (as in sap-order-list.test.tsx), which a loaded machine catches.
 */
function rowsOf(table: HTMLElement) {
  return within(table).getAllByRole('row', { hidden: true }).slice(1);
}

describe('resource pages for any definition', () => {
  it('given a record with a sub-table, when a row is added and another removed, then PUT sends the remaining rows in order with the new one', async () => {
    let put: Record<string, unknown> | null = null;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/approval_matrix/3/edit`, () => HttpResponse.json(envelope(MATRIX))),
      http.put(`${API}/approval_matrix`, async ({ request }) => {
        put = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(envelope(put, { message: 'Saved.' }));
      }),
    );
    const { user, where } = renderResource('/ApprovalMatrix/Editor?mode=edit&id=3', { user: {} });
    const table = await screen.findByRole('table', { name: 'Approvers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Approver *', 'Level *', '']);
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect(screen.getByLabelText('Approver, row 1')).toHaveValue('budi');

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(rowsOf(table)).toHaveLength(3);
    // A new row starts from the child fields' defaults.
    expect(screen.getByLabelText('Level, row 3')).toHaveValue('1');
    await user.type(screen.getByLabelText('Approver, row 3'), 'tono');
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(rowsOf(table)).toHaveLength(2);
    expect(screen.getByLabelText('Approver, row 1')).toHaveValue('sari');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Yes', hidden: true }));
    await waitFor(() => expect(where()).toBe('/ApprovalMatrix/Index'));
    expect(put).toEqual({
      Id: 3,
      Approval_Matrix_Code: 'AM-01',
      Valid_From: '01/01/2025',
      Valid_To: '31/12/2025',
      Is_Active: true,
      Approvers: [
        { Username: 'sari', Level: 2 },
        { Username: 'tono', Level: 1 },
      ],
    });
  });

  it('given a sub-table with a minimum and a validity range, when everything is removed and the dates are reversed, then the form says so before anything is sent', async () => {
    let puts = 0;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/approval_matrix/3/edit`, () => HttpResponse.json(envelope(MATRIX))),
      http.put(`${API}/approval_matrix`, () => {
        puts += 1;
        return HttpResponse.json(envelope({}));
      }),
    );
    const { user } = renderResource('/ApprovalMatrix/Editor?mode=edit&id=3', { user: {} });
    const table = await screen.findByRole('table', { name: 'Approvers' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(within(table).getByText('No rows yet.')).toBeInTheDocument();
    const validTo = screen.getByLabelText('Valid_To');
    await user.clear(validTo);
    await user.type(validTo, '31122024');
    await user.tab();
    expect(validTo).toHaveValue('31/12/2024');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Approvers needs at least 1 row.')).toBeInTheDocument();
    expect(screen.getByText('Valid_To must not be before Valid_From.')).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it('given the server refuses a cell of the sub-table, when it answers, then the message shows under that cell of that row', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/approval_matrix/3/edit`, () => HttpResponse.json(envelope(MATRIX))),
      http.put(`${API}/approval_matrix`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Validation error',
            message_code: 'VALIDATION',
            errors: { 'Approvers.1.Username': ['Approver "sari" does not exist or is inactive.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderResource('/ApprovalMatrix/Editor?mode=edit&id=3', { user: {} });
    const table = await screen.findByRole('table', { name: 'Approvers' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Yes', hidden: true }));

    const message = await within(table).findByText('Approver "sari" does not exist or is inactive.');
    expect(rowsOf(table)[1]).toContainElement(message);
    expect(screen.getByLabelText('Approver, row 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Error Saving Data')).toBeInTheDocument();
  });

  it('given a date column, when a day and then a range are typed dd/mm/yyyy, then the list is asked with date filters, and a wrong date is not sent', async () => {
    const bodies: { filters: unknown[] }[] = [];
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.post(`${API}/approval_matrix/list`, async ({ request }) => {
        bodies.push((await request.json()) as { filters: unknown[] });
        return HttpResponse.json(envelope([{ ...MATRIX, Approvers: undefined }], { totalRecords: 1 }));
      }),
    );
    const { user } = await openResource('/ApprovalMatrix/Index', { user: {}, shows: 'AM-01' });
    // Dates show dd/mm/yyyy in the grid too.
    expect(screen.getByText('31/12/2025')).toBeInTheDocument();

    const filter = screen.getByLabelText('Filter Valid_From');
    await user.type(filter, '01/01/2025');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toEqual([
        { field: 'Valid_From', value: '01/01/2025', matchMode: 'date' },
      ]),
    );
    await user.clear(filter);
    await user.type(filter, '01/01/2025 - 31/01/2025');
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toEqual([
        { field: 'Valid_From', value: ['01/01/2025', '31/01/2025'], matchMode: 'dateRange' },
      ]),
    );
    const asked = bodies.length;
    await user.clear(filter);
    await user.type(filter, '31/02/2025');
    await waitFor(() => expect(filter).toHaveAttribute('aria-invalid', 'true'));
    // Clearing the filter may ask for the unfiltered list (on a slow machine the debounce runs out between
    // clearing and typing); the impossible date itself is never sent.
    expect(bodies.slice(asked).map((b) => b.filters)).not.toContainEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'Valid_From' })]),
    );
  });

  it('given a read-only resource, when a user with every right opens it, then only View and the exports are offered', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.post(`${API}/vessel/list`, () =>
        HttpResponse.json(
          envelope(
            [{ Id: 1, Vessel_Code: 'V1', Vessel_Name: 'MV Sawit', Capacity_Ton: 12500.5, Is_Active: true }],
            {
              totalRecords: 1,
            },
          ),
        ),
      ),
    );
    await openResource('/Vessel/Index', { user: {}, shows: 'MV Sawit' });

    // Decimals show with their scale, right-aligned.
    expect(surroundingRole(screen.getByText('12,500.50'), 'gridcell')).toHaveClass('ag-right-aligned-cell');
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    for (const name of ['Create', 'Edit', 'Delete', 'Import']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  // The whole app: a public route opens for a visitor with no session (no login redirect), and the screen then
  // asks no permission.
  it('given a public resource, when nobody is logged in, then its list shows without asking for permissions', async () => {
    let permissionAsked = false;
    server.use(
      http.post(`${API}/auth/permission`, () => {
        permissionAsked = true;
        return HttpResponse.json(
          { success: false, message: 'Unauthorized', message_code: '' },
          { status: 401 },
        );
      }),
      http.post(`${API}/vessel/list`, () =>
        HttpResponse.json(
          envelope(
            [{ Id: 1, Vessel_Code: 'V1', Vessel_Name: 'MV Sawit', Capacity_Ton: null, Is_Active: true }],
            {
              totalRecords: 1,
            },
          ),
        ),
      ),
    );
    const { where } = renderApp('/Vessel/Index');

    expect(await screen.findByRole('heading', { name: 'Vessel', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('MV Sawit')).toBeInTheDocument();
    expect(where()).toBe('/Vessel/Index');
    expect(permissionAsked).toBe(false);
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('given a master-data route whose definition is not written yet, when it opens, then the "not available yet" page shows', async () => {
    renderResource('/Freight/Index', { user: {} });

    expect(await screen.findByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Freight', level: 1 })).toBeInTheDocument();
  });
});
