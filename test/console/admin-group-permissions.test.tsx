// The "Menu permissions" card of the Group editor (console/src/pages/resources/admin/GroupPermissions.tsx) against
// msw answers shaped as api/admin/routes.ts gives them: the matrix grouped under its sections, ticking a right ticks
// View, the column and row toggles, the PUT body after "Are you sure?", read-only without the right or in view mode,
// Indonesian titles, and no card while creating.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import { renderApp } from './render';
import { API, envelope, permissionHandler, server } from './server';

const ALL_RIGHTS = { View: true, Create: true, Edit: true, Delete: true };

/** The editor and its admin card are lazy chunks; their first load in a busy run can take several seconds. */
const LAZY = { timeout: 15_000 };

const GROUP = {
  Id: 5,
  Group_Code: 'WAREHOUSE_STAFF',
  Group_Name: 'Warehouse staff',
  Description: null,
  Is_Active: true,
  Created_Date: '2025-03-07T02:05:00.000Z',
  Created_By: 'seed',
  Edited_Date: null,
  Edited_By: null,
};

const none = { View: false, Create: false, Edit: false, Delete: false };

function menu(
  code: string,
  parent: string | null,
  en: string,
  id: string,
  rights: Partial<typeof none> = {},
  controller: string | null = code,
) {
  return {
    Menu_Code: code,
    Parent_Code: parent,
    Title_En: en,
    Title_Id: id,
    Controller: controller,
    Action: controller ? 'Index' : null,
    ...none,
    ...rights,
  };
}

// In menu order, as the server lists them; the sections (no controller) hold rights of their own from the seed.
const MATRIX = [
  menu('Dashboard', null, 'Dashboard', 'Dasbor', { View: true }),
  menu('MasterData', null, 'Master Data', 'Data Master', { View: true }, null),
  menu('Company', 'MasterData', 'Company', 'Perusahaan', { View: true }),
  menu('Plant', 'MasterData', 'Plant', 'Pabrik'),
  menu('Administration', null, 'Administration', 'Administrasi', {}, null),
  menu('User', 'Administration', 'User', 'Pengguna', { View: true, Edit: true }),
];

const wire = (rows: typeof MATRIX) =>
  rows.map(({ Menu_Code, View, Create, Edit, Delete }) => ({ Menu_Code, View, Create, Edit, Delete }));

function groupHandlers(mode: 'edit' | 'view') {
  const calls = { loads: 0, put: null as unknown };
  server.use(
    http.get(`${API}/group/5/${mode}`, () => HttpResponse.json(envelope(GROUP))),
    http.get(`${API}/group/5/permissions`, () => {
      calls.loads += 1;
      return HttpResponse.json(envelope(MATRIX));
    }),
    http.put(`${API}/group/5/permissions`, async ({ request }) => {
      calls.put = await request.json();
      return HttpResponse.json(envelope(undefined, { message: 'Updated.' }));
    }),
  );
  return calls;
}

/** See resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden by tabster. */
function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('group permissions', () => {
  it('given the matrix of a group, when the editor opens in edit mode, then the screens are listed under their section headings with their rights ticked', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    groupHandlers('edit');
    renderApp('/Group/Editor?mode=edit&id=5', { user: {} });

    const card = await screen.findByRole('region', { name: 'Menu permissions' }, LAZY);
    const table = await within(card).findByRole('table', { name: 'Menu permissions' });
    expect(
      within(table)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Master Data', 'Administration']);
    // Screens and sections in menu order; the sections are rows without their own rights to tick.
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['Dashboard', 'Master Data', 'Company', 'Plant', 'Administration', 'User']);
    expect(box('View: Company')).toBeChecked();
    expect(box('Edit: Company')).not.toBeChecked();
    expect(box('Edit: User')).toBeChecked();
    expect(box('Create: User')).not.toBeChecked();
    // Every right of a row, and a right over a section: ticked, mixed or not.
    expect(box('Every right: User')).toBePartiallyChecked();
    expect(box('View: every menu under Master Data')).toBePartiallyChecked();
    expect(box('View: every menu under Administration')).toBeChecked();
    expect(box('Delete: every menu')).not.toBeChecked();
    // Nothing changed yet: nothing to save.
    expect(within(card).getByRole('button', { name: 'Save permissions' })).toBeDisabled();
  });

  it('given a ticked right not saved yet, when Back is pressed, then the user is asked before leaving and No keeps the tick', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    groupHandlers('edit');
    const { user, where } = renderApp('/Group/Editor?mode=edit&id=5', { user: {} });

    const card = await screen.findByRole('region', { name: 'Menu permissions' }, LAZY);
    await within(card).findByRole('table', { name: 'Menu permissions' });
    await user.click(box('Edit: Plant'));
    await user.click(screen.getByRole('button', { name: 'Back' }));

    const dialog = await findDialog();
    expect(
      within(dialog).getByText('Your changes have not been saved. If you leave now, they will be lost.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No', hidden: true }));
    expect(where()).toBe('/Group/Editor?mode=edit&id=5');
    expect(box('Edit: Plant')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(
      within(await findDialog()).getByRole('button', { name: 'Leave without saving', hidden: true }),
    );
    await waitFor(() => expect(where()).toBe('/Group/Index'));
  });

  it('given edit mode, when Edit is ticked on a screen without View and the matrix is saved after "Are you sure?", then View is ticked too, PUT carries every menu and the saved matrix is read back', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const calls = groupHandlers('edit');
    const { user } = renderApp('/Group/Editor?mode=edit&id=5', { user: {} });
    await screen.findByRole('table', { name: 'Menu permissions' }, LAZY);

    await user.click(box('Edit: Plant'));
    expect(box('Edit: Plant')).toBeChecked();
    expect(box('View: Plant')).toBeChecked();
    // Taking View away from a screen takes its other rights as well (the server would put View back).
    await user.click(box('View: User'));
    expect(box('Edit: User')).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    const dialog = await findDialog();
    expect(within(dialog).getByText('WAREHOUSE_STAFF - Warehouse staff')).toBeInTheDocument();
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));

    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(screen.getByText('Updated.')).toBeInTheDocument();
    expect(calls.put).toEqual({
      permissions: wire([
        MATRIX[0]!,
        MATRIX[1]!,
        MATRIX[2]!,
        { ...MATRIX[3]!, View: true, Edit: true },
        MATRIX[4]!,
        { ...MATRIX[5]!, View: false, Edit: false },
      ]),
    });
    await waitFor(() => expect(calls.loads).toBe(2));
  });

  it('given edit mode, when the Delete column toggle and a row toggle are used, then Delete and View are ticked on every screen and the row gets every right', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    const calls = groupHandlers('edit');
    const { user } = renderApp('/Group/Editor?mode=edit&id=5', { user: {} });
    await screen.findByRole('table', { name: 'Menu permissions' }, LAZY);

    await user.click(box('Delete: every menu'));
    for (const screenTitle of ['Dashboard', 'Company', 'Plant', 'User']) {
      expect(box(`Delete: ${screenTitle}`)).toBeChecked();
      expect(box(`View: ${screenTitle}`)).toBeChecked();
    }
    await user.click(box('Every right: Company'));
    expect(box('Every right: Company')).toBeChecked();
    expect(box('Create: Company')).toBeChecked();
    expect(box('Edit: Company')).toBeChecked();
    // Clearing a section's Delete clears it only below that section.
    await user.click(box('Delete: every menu under Master Data'));
    expect(box('Delete: Company')).not.toBeChecked();
    expect(box('Delete: Plant')).not.toBeChecked();
    expect(box('Delete: User')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Yes', hidden: true }));
    await waitFor(() => expect(calls.put).not.toBeNull());
    expect(calls.put).toEqual({
      permissions: wire([
        { ...MATRIX[0]!, View: true, Delete: true },
        MATRIX[1]!,
        { ...MATRIX[2]!, View: true, Create: true, Edit: true },
        { ...MATRIX[3]!, View: true },
        MATRIX[4]!,
        { ...MATRIX[5]!, View: true, Delete: true },
      ]),
    });
  });

  it('given the server refuses the matrix, when saved, then its message shows as an error and the changes stay on screen', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/group/5/edit`, () => HttpResponse.json(envelope(GROUP))),
      http.get(`${API}/group/5/permissions`, () => HttpResponse.json(envelope(MATRIX))),
      http.put(`${API}/group/5/permissions`, () =>
        HttpResponse.json(
          { success: false, message: 'Unknown menus: Teleport.', message_code: 'VALIDATION' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/Group/Editor?mode=edit&id=5', { user: {} });
    await screen.findByRole('table', { name: 'Menu permissions' }, LAZY);
    await user.click(box('Create: Plant'));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Yes', hidden: true }));

    expect(await screen.findByText('Unknown menus: Teleport.')).toBeInTheDocument();
    expect(screen.getByText('Error Saving Data')).toBeInTheDocument();
    // (waitFor: the page is exposed again shortly after the dialog has gone, see stale-aria-hidden.test.tsx.)
    await waitFor(() => expect(box('Create: Plant')).toBeChecked());
    expect(screen.getByRole('button', { name: 'Save permissions' })).toBeEnabled();
  });

  it('given view mode, when the editor opens, then the matrix shows with every checkbox disabled and no save button', async () => {
    server.use(permissionHandler(ALL_RIGHTS));
    groupHandlers('view');
    renderApp('/Group/Editor?mode=view&id=5', { user: {} });

    const table = await screen.findByRole('table', { name: 'Menu permissions' }, LAZY);
    const boxes = within(table).getAllByRole('checkbox');
    // 4 column toggles, 4 per section (2), 5 per screen (4).
    expect(boxes).toHaveLength(4 + 2 * 4 + 4 * 5);
    for (const b of boxes) expect(b).toBeDisabled();
    expect(box('View: Company')).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
  });

  it('given a user without the Edit right, when an edit link is opened, then the matrix is read-only', async () => {
    server.use(permissionHandler({ View: true }));
    groupHandlers('view');
    renderApp('/Group/Editor?mode=edit&id=5', { user: {} });

    await screen.findByRole('heading', { name: 'View Group', level: 1 });
    await screen.findByRole('table', { name: 'Menu permissions' }, LAZY);
    expect(box('Edit: Plant')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
  });

  it('given the Indonesian interface, when the matrix shows, then sections, screens and rights read in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    server.use(permissionHandler(ALL_RIGHTS));
    groupHandlers('edit');
    renderApp('/Group/Editor?mode=edit&id=5', { user: { Language: 'id' } });

    const table = await screen.findByRole('table', { name: 'Hak akses menu' }, LAZY);
    expect(
      within(table)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Data Master', 'Administrasi']);
    expect(box('Ubah: Pabrik')).not.toBeChecked();
    expect(box('Lihat: Perusahaan')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Simpan hak akses' })).toBeDisabled();
  });

  it('given create mode, when the Group form opens, then there is no permission card (the group does not exist yet)', async () => {
    let loads = 0;
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/group/0/create`, () =>
        HttpResponse.json(
          envelope({ Group_Code: null, Group_Name: null, Description: null, Is_Active: true }),
        ),
      ),
      http.get(`${API}/group/:id/permissions`, () => {
        loads += 1;
        return HttpResponse.json(envelope(MATRIX));
      }),
    );
    renderApp('/Group/Editor?mode=create&id=0', { user: {} });

    await screen.findByRole('heading', { name: 'Create Group', level: 1 });
    await screen.findByLabelText(/^Group Code/);
    expect(screen.queryByRole('region', { name: 'Menu permissions' })).not.toBeInTheDocument();
    expect(loads).toBe(0);
  });
});
