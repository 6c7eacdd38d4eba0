// The "Menu permissions" card of the Group editor (console/src/pages/resources/admin/GroupPermissions.tsx) against
// msw answers shaped as api/admin/routes.ts gives them. The card itself is given its props (the group's id and
// record, read-only or not): the matrix grouped under its sections, ticking a right ticks View, the column and row
// toggles, the PUT body after "Are you sure?", the server's refusal, read-only, Indonesian titles. The editor
// screen (ResourceEditorPage) decides when the card shows and whether it is read-only, and asks before leaving
// unsaved rights: those tests mount that screen alone.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../console/src/i18n';
import GroupPermissions from '../../console/src/pages/resources/admin/GroupPermissions';
import ResourceEditorPage from '../../console/src/pages/resources/ResourceEditorPage';
import { ROUTES } from '../../console/src/routes/routeTable';
import type { UserData } from '../../console/src/api/types';
import { renderScreen } from './render';
import { API, envelope, permissionHandler, requestsSettled, server } from './server';

const ALL_RIGHTS = { View: true, Create: true, Edit: true, Delete: true };

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

/** The matrix of group 5 and its save, counted. */
function matrixHandlers() {
  const calls = { loads: 0, put: null as unknown };
  server.use(
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

/** For the editor screen: the user's rights on it, group 5 as opened in `mode`, and its matrix. */
function editorHandlers(mode: 'edit' | 'view', rights = ALL_RIGHTS) {
  server.use(
    permissionHandler(rights),
    http.get(`${API}/group/5/${mode}`, () => HttpResponse.json(envelope(GROUP))),
  );
  return matrixHandlers();
}

/** See resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden by tabster. */
function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

const box = (name: string) => screen.getByRole('checkbox', { name });

/** The card of group 5 on its own, as the editor gives it; resolves once its matrix shows. */
async function openCard({
  readOnly = false,
  user = {},
}: { readOnly?: boolean; user?: Partial<UserData> } = {}) {
  const onDirtyChange = jest.fn();
  const record = {
    values: { Group_Code: GROUP.Group_Code, Group_Name: GROUP.Group_Name },
    children: {},
    audit: {},
    id: GROUP.Id,
  };
  function Card() {
    return <GroupPermissions id={5} readOnly={readOnly} record={record} onDirtyChange={onDirtyChange} />;
  }
  const view = renderScreen(Card, '/Group/Editor?mode=edit&id=5', { user, routePath: '/Group/Editor' });
  const table = await screen.findByRole('table', { name: i18n.t('admin.permissions.title') });
  await requestsSettled();
  return { ...view, table, onDirtyChange };
}

/** The Group editor screen alone (no shell), at `path`. */
function openEditor(path: string) {
  const route = ROUTES.find((r) => r.path === '/Group/Editor');
  return renderScreen(ResourceEditorPage, path, { user: {}, routePath: '/Group/Editor', route });
}

describe('group permissions card', () => {
  it('given the matrix of a group, when the card opens editable, then the screens are listed under their section headings with their rights ticked and nothing is to be saved', async () => {
    matrixHandlers();
    const { table, onDirtyChange } = await openCard();

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
    // Nothing changed yet: nothing to save, and the editor is told there is nothing unsaved.
    expect(screen.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
    expect(onDirtyChange).not.toHaveBeenCalledWith(true);
  });

  it('given a ticked right, when it is ticked again, then the editor is told of unsaved changes and then that there are none', async () => {
    matrixHandlers();
    const { user, onDirtyChange } = await openCard();

    await user.click(box('Edit: Plant'));
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('button', { name: 'Save permissions' })).toBeEnabled();

    await user.click(box('Edit: Plant'));
    // Taking Edit away leaves View ticked; View was not ticked before, so one change is still unsaved.
    expect(box('View: Plant')).toBeChecked();
    await user.click(box('View: Plant'));
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
  });

  it('given an editable card, when Edit is ticked on a screen without View and the matrix is saved after "Are you sure?", then View is ticked too, PUT carries every menu and the saved matrix is read back', async () => {
    const calls = matrixHandlers();
    const { user } = await openCard();

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
    await requestsSettled();
    expect(calls.loads).toBe(2);
    // What the server answered on reading back is shown (this server kept the matrix as it was).
    await waitFor(() => expect(box('Edit: Plant')).not.toBeChecked());
    expect(box('Edit: User')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
  });

  it('given an editable card, when the Delete column toggle and a row toggle are used, then Delete and View are ticked on every screen and the row gets every right', async () => {
    const calls = matrixHandlers();
    const { user } = await openCard();

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
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
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
      http.get(`${API}/group/5/permissions`, () => HttpResponse.json(envelope(MATRIX))),
      http.put(`${API}/group/5/permissions`, () =>
        HttpResponse.json(
          { success: false, message: 'Unknown menus: Teleport.', message_code: 'VALIDATION' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openCard();
    await user.click(box('Create: Plant'));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Yes', hidden: true }));

    expect(await screen.findByText('Unknown menus: Teleport.')).toBeInTheDocument();
    expect(screen.getByText('Error Saving Data')).toBeInTheDocument();
    // (waitFor: the page is exposed again shortly after the dialog has gone, see stale-aria-hidden.test.tsx.)
    await waitFor(() => expect(box('Create: Plant')).toBeChecked());
    expect(screen.getByRole('button', { name: 'Save permissions' })).toBeEnabled();
  });

  it('given the server refuses to read the matrix, when the card opens, then its message shows in the card and there is no table', async () => {
    server.use(
      http.get(`${API}/group/5/permissions`, () =>
        HttpResponse.json(
          { success: false, message: 'Group not found.', message_code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
    );
    renderScreen(
      () => (
        <GroupPermissions
          id={5}
          readOnly={false}
          record={{ values: {}, children: {}, audit: {}, id: 5 }}
          onDirtyChange={() => undefined}
        />
      ),
      '/Group/Editor?mode=edit&id=5',
      { user: {}, routePath: '/Group/Editor' },
    );

    const card = await screen.findByRole('region', { name: 'Menu permissions' });
    expect(await within(card).findByText('Group not found.')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
  });

  it('given a read-only card, when it shows, then every checkbox is disabled and there is no save button', async () => {
    matrixHandlers();
    const { table } = await openCard({ readOnly: true });

    const boxes = within(table).getAllByRole('checkbox');
    // 4 column toggles, 4 per section (2), 5 per screen (4).
    expect(boxes).toHaveLength(4 + 2 * 4 + 4 * 5);
    for (const b of boxes) expect(b).toBeDisabled();
    expect(box('View: Company')).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
  });

  it('given the Indonesian interface, when the matrix shows, then sections, screens and rights read in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    matrixHandlers();
    const { table } = await openCard({ user: { Language: 'id' } });

    expect(table).toHaveAccessibleName('Hak akses menu');
    expect(
      within(table)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Data Master', 'Administrasi']);
    expect(box('Ubah: Pabrik')).not.toBeChecked();
    expect(box('Lihat: Perusahaan')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Simpan hak akses' })).toBeDisabled();
  });
});

describe('group editor with its permission card', () => {
  it('given a ticked right not saved yet, when Back is pressed, then the user is asked before leaving and No keeps the tick', async () => {
    editorHandlers('edit');
    const { user, where } = openEditor('/Group/Editor?mode=edit&id=5');

    const card = await screen.findByRole('region', { name: 'Menu permissions' });
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

  it('given view mode, when the editor opens, then the card shows its matrix read-only', async () => {
    editorHandlers('view');
    openEditor('/Group/Editor?mode=view&id=5');

    const table = await screen.findByRole('table', { name: 'Menu permissions' });
    for (const b of within(table).getAllByRole('checkbox')) expect(b).toBeDisabled();
    expect(box('View: Company')).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
  });

  it('given a user without the Edit right, when an edit link is opened, then the matrix is read-only', async () => {
    editorHandlers('view', { View: true, Create: false, Edit: false, Delete: false });
    openEditor('/Group/Editor?mode=edit&id=5');

    await screen.findByRole('heading', { name: 'View Group', level: 1 });
    await screen.findByRole('table', { name: 'Menu permissions' });
    expect(box('Edit: Plant')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save permissions' })).not.toBeInTheDocument();
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
    openEditor('/Group/Editor?mode=create&id=0');

    await screen.findByRole('heading', { name: 'Create Group', level: 1 });
    await screen.findByLabelText(/^Group Code/);
    await requestsSettled();
    expect(screen.queryByRole('region', { name: 'Menu permissions' })).not.toBeInTheDocument();
    expect(loads).toBe(0);
  });
});
