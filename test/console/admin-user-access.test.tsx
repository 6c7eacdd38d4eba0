// The "Groups" and "Password" cards of the User editor (console/src/pages/resources/admin/UserAccess.tsx) against
// msw answers shaped as api/admin/routes.ts gives them: memberships saved as a whole after "Are you sure?", read-only
// in view mode, the password reset with its confirmation naming the user and the one-time password shown once with
// a copy button, the directory account's refusal, and the reset kept from directory accounts and from anyone who is
// not an administrator. The cards are given their props, as the User editor gives them; that the editor shows them
// read-only in view mode is tested on the editor screen alone.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserData } from '../../console/src/api/types';
import UserAccess from '../../console/src/pages/resources/admin/UserAccess';
import ResourceEditorPage from '../../console/src/pages/resources/ResourceEditorPage';
import { ROUTES } from '../../console/src/routes/routeTable';
import { renderScreen } from './render';
import { API, envelope, permissionHandler, requestsSettled, server } from './server';
import { surroundingRole } from './structure';

const ALL_RIGHTS = { View: true, Create: true, Edit: true, Delete: true };

const USER = {
  Id: 12,
  Username: 'siti',
  Full_Name: 'Siti Aminah',
  Employee_Number: null,
  Email: null,
  Phone: null,
  Role: 'USER',
  Is_Admin: false,
  Use_AD: false,
  Department: 'LOGISTIC',
  Language: 'id',
  Transporter_Code: null,
  Customer_Vendor_Code: null,
  Is_Active: true,
  Created_Date: '2025-03-07T02:05:00.000Z',
  Created_By: 'admin',
  Edited_Date: null,
  Edited_By: null,
};

const GROUPS = [
  { Group_Code: 'ADMINISTRATOR', Group_Name: 'Administrators', Member: false },
  { Group_Code: 'LOGISTIC_STAFF', Group_Name: 'Logistic staff', Member: true },
  { Group_Code: 'WAREHOUSE_STAFF', Group_Name: 'Warehouse staff', Member: false },
];

const TEMPORARY = 'q3Vb7_kLm2XwTz9p#7a';

/** The signed-in administrator: a password reset is theirs only. */
const ADMINISTRATOR = { Is_Admin: true };

/** User 12's groups, their save and the password reset, counted. */
function accessHandlers() {
  const calls = { groupLoads: 0, put: null as unknown, resets: 0 };
  server.use(
    http.get(`${API}/user/12/groups`, () => {
      calls.groupLoads += 1;
      return HttpResponse.json(envelope(GROUPS));
    }),
    http.put(`${API}/user/12/groups`, async ({ request }) => {
      calls.put = await request.json();
      return HttpResponse.json(envelope(undefined, { message: 'Updated.' }));
    }),
    http.post(`${API}/user/12/reset_password`, () => {
      calls.resets += 1;
      return HttpResponse.json(
        envelope(
          { username: 'siti', temporary_password: TEMPORARY },
          { message: 'A one-time password was made for siti; they must change it at the next login.' },
        ),
      );
    }),
  );
  return calls;
}

/** See resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden by tabster. */
function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

/** The cards of user 12 on their own, as the editor gives them to `signedIn`; resolves once the groups show. */
async function openCards({
  readOnly = false,
  account = USER,
  signedIn = {},
}: { readOnly?: boolean; account?: typeof USER; signedIn?: Partial<UserData> } = {}) {
  // The fields the cards read, as the editor's form holds them.
  const values = { Username: account.Username, Full_Name: account.Full_Name, Use_AD: account.Use_AD };
  const record = { values, children: {}, audit: {}, id: account.Id };
  const onDirtyChange = jest.fn();
  function Cards() {
    return <UserAccess id={12} readOnly={readOnly} record={record} onDirtyChange={onDirtyChange} />;
  }
  const view = renderScreen(Cards, '/User/Editor?mode=edit&id=12', {
    user: signedIn,
    routePath: '/User/Editor',
  });
  const groups = await screen.findByRole('region', { name: 'Groups' });
  await within(groups).findByRole('checkbox', { name: 'LOGISTIC_STAFF - Logistic staff' });
  await requestsSettled();
  return { ...view, groups, onDirtyChange };
}

describe('user groups', () => {
  it('given a user in one group, when another is ticked, one unticked and the groups saved after "Are you sure?", then PUT carries exactly the ticked codes, "Data Saved" shows and the groups are read back', async () => {
    const calls = accessHandlers();
    const { user, groups: card, onDirtyChange } = await openCards();

    const logistic = within(card).getByRole('checkbox', { name: 'LOGISTIC_STAFF - Logistic staff' });
    expect(logistic).toBeChecked();
    const save = within(card).getByRole('button', { name: 'Save groups' });
    expect(save).toBeDisabled();

    await user.click(within(card).getByRole('checkbox', { name: 'WAREHOUSE_STAFF - Warehouse staff' }));
    await user.click(within(card).getByRole('checkbox', { name: 'ADMINISTRATOR - Administrators' }));
    await user.click(logistic);
    expect(save).toBeEnabled();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.click(save);
    const dialog = await findDialog();
    expect(within(dialog).getByText('siti - Siti Aminah')).toBeInTheDocument();
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));

    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(screen.getByText('Updated.')).toBeInTheDocument();
    // In the order the groups are listed, not the order they were ticked.
    expect(calls.put).toEqual({ groups: ['ADMINISTRATOR', 'WAREHOUSE_STAFF'] });
    await requestsSettled();
    expect(calls.groupLoads).toBe(2);
    // The memberships as read back (this server kept them as they were) replace the ticks.
    await waitFor(() => expect(logistic).toBeChecked());
    expect(within(card).getByRole('checkbox', { name: 'ADMINISTRATOR - Administrators' })).not.toBeChecked();
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });

  it('given read-only cards, when they show, then the groups show disabled, with no save and no password reset', async () => {
    accessHandlers();
    const { groups: card } = await openCards({ readOnly: true });

    const boxes = within(card).getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const b of boxes) expect(b).toBeDisabled();
    expect(within(card).getByRole('checkbox', { name: 'LOGISTIC_STAFF - Logistic staff' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Password' })).not.toBeInTheDocument();
  });

  it('given view mode, when the User editor opens, then its groups show disabled, with no save and no password reset', async () => {
    server.use(
      permissionHandler(ALL_RIGHTS),
      http.get(`${API}/user/12/view`, () => HttpResponse.json(envelope(USER))),
      http.get(`${API}/list/:other`, () => HttpResponse.json(envelope({ items: [], more: false }))),
    );
    accessHandlers();
    const route = ROUTES.find((r) => r.path === '/User/Editor');
    renderScreen(ResourceEditorPage, '/User/Editor?mode=view&id=12', {
      user: {},
      routePath: '/User/Editor',
      route,
    });

    const card = await screen.findByRole('region', { name: 'Groups' });
    const boxes = await within(card).findAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const b of boxes) expect(b).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
  });
});

describe('password reset', () => {
  it('given an administrator, when Reset password is confirmed, then the one-time password is shown once with a copy button and is gone when the dialog is closed', async () => {
    const calls = accessHandlers();
    const { user } = await openCards({ signedIn: ADMINISTRATOR });
    // user-event puts its own clipboard in place on setup; it is watched, not replaced.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const confirm = await findDialog();
    expect(within(confirm).getByText('siti - Siti Aminah')).toBeInTheDocument();
    expect(
      within(confirm).getByText(
        "The user's sessions end and they must choose a new password at the next login. Are you sure?",
      ),
    ).toBeInTheDocument();
    expect(calls.resets).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Yes', hidden: true }));

    // Found through its field: a role query with an accessible name over the whole page is slow in jsdom.
    const field = await screen.findByLabelText('One-time password of siti');
    const shown = surroundingRole(field, 'alertdialog');
    expect(within(shown).getByText('Temporary password')).toBeInTheDocument();
    expect(field).toHaveValue(TEMPORARY);
    expect(field).toHaveAttribute('readonly');
    expect(
      within(shown).getByText(
        'A one-time password was made for siti; they must change it at the next login.',
      ),
    ).toBeInTheDocument();
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    expect(calls.resets).toBe(1);

    await user.click(within(shown).getByRole('button', { name: 'Copy', hidden: true }));
    expect(writeText).toHaveBeenCalledWith(TEMPORARY);
    expect(await within(shown).findByRole('button', { name: 'Copied', hidden: true })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Done', hidden: true }));
    await waitFor(() => expect(shown).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(TEMPORARY)).toBeNull();
  });

  it('given a directory account refused by the server, when Reset password is confirmed, then the server message shows as an error and no password dialog opens', async () => {
    server.use(
      http.get(`${API}/user/12/groups`, () => HttpResponse.json(envelope(GROUPS))),
      http.post(`${API}/user/12/reset_password`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'This account signs in through the company directory; its password is managed there.',
            message_code: 'DIRECTORY_ACCOUNT',
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = await openCards({ signedIn: ADMINISTRATOR });

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Yes', hidden: true }));

    expect(
      await screen.findByText(
        'This account signs in through the company directory; its password is managed there.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Temporary password', hidden: true })).toBeNull();
  });

  it('given a directory (Use_AD) account, when the cards show, then Reset password is disabled with the reason', async () => {
    const calls = accessHandlers();
    await openCards({ account: { ...USER, Use_AD: true }, signedIn: ADMINISTRATOR });

    const card = screen.getByRole('region', { name: 'Password' });
    expect(within(card).getByRole('button', { name: 'Reset password' })).toBeDisabled();
    expect(
      within(card).getByText(
        'This account signs in through the company directory; its password is managed there, not here.',
      ),
    ).toBeInTheDocument();
    expect(calls.resets).toBe(0);
  });

  it('given a keeper of accounts who is not an administrator, when the cards show, then Reset password is disabled with the reason and nothing is sent', async () => {
    const calls = accessHandlers();
    await openCards({ signedIn: { Is_Admin: false } });

    const card = screen.getByRole('region', { name: 'Password' });
    expect(within(card).getByRole('button', { name: 'Reset password' })).toBeDisabled();
    expect(
      within(card).getByText(
        'Only an administrator can reset a password: the one-time password is shown once, to the administrator who makes it.',
      ),
    ).toBeInTheDocument();
    expect(calls.resets).toBe(0);
  });
});
