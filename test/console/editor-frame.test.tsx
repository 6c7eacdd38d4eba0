// The editor frame every record screen shares (console/src/components/editor), on a small record screen of its own:
// the mode from the URL and the user's rights, Edit from a viewed record, loading (a refusal goes back to the list,
// no answer at all stays with Try again, in both languages), unsaved changes asked about before Back, the menu or
// closing the tab (Escape and No keep the page), the summary of messages the form cannot show, and "Are you sure?"
// before a save or a delete.
import { Field, FluentProvider, Input } from '@fluentui/react-components';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location } from 'react-router-dom';
import { api } from '../../console/src/api/client';
import { QueryProvider } from '../../console/src/api/query';
import type { Permission } from '../../console/src/api/types';
import { EditorFrame } from '../../console/src/components/editor/EditorFrame';
import { useEditor, type FieldErrors } from '../../console/src/components/editor/useEditor';
import i18n from '../../console/src/i18n';
import { ToastArea } from '../../console/src/shell/ToastArea';
import { tmsTheme } from '../../console/src/theme';
import { leave } from '../../console/src/util/leaveGuard';
import { useMessageText } from '../../console/src/util/message';
import { API, envelope, server } from './server';
import { surroundingRole, toastAround } from './structure';

interface Note {
  id: number;
  title: string;
  audit: Record<string, unknown>;
}

const NOTE = { Id: 1, Title: 'Dock 3 closed', Created_By: 'ayu', Created_Date: '2025-03-07T02:05:00.000Z' };
const EVERY_RIGHT: Permission = { View: true, Create: true, Edit: true, Delete: true };

function readNote(data: unknown): Note | null {
  const row = data as Record<string, unknown> | undefined;
  if (!row) return null;
  return { id: Number(row.Id ?? 0), title: typeof row.Title === 'string' ? row.Title : '', audit: row };
}

function NoteEditor({ permission }: { permission: Permission }) {
  const say = useMessageText();
  const editor = useEditor<Note>({
    permission,
    path: 'note',
    read: readNote,
    snapshot: (note) => note.title,
    indexPath: '/Note/Index',
  });
  const note = editor.record;
  return (
    <EditorFrame
      editor={editor}
      name="Note"
      label={(field) => field.replace('_', ' ')}
      audit={note?.audit}
      validate={(current): FieldErrors => (current.title.trim() ? {} : { Title: ['Title is required.'] })}
      submit={(current, mode) =>
        mode === 'create'
          ? api.post('note', { Title: current.title })
          : api.put('note', { Id: current.id, Title: current.title })
      }
      shows={(key) => key === 'Title'}
      remove={{
        label: 'Delete',
        detail: note?.title,
        run: () => api.delete(`note/${editor.id}`),
      }}
      offerEdit
    >
      {note ? (
        <Field
          label="Title"
          validationState={editor.errors.Title ? 'error' : 'none'}
          validationMessage={say.join(editor.errors.Title)}
        >
          <Input
            value={note.title}
            readOnly={!editor.editable}
            onChange={(_, data) => {
              editor.update((current) => ({ ...current, title: data.value }));
              editor.dropErrors((key) => key === 'Title');
            }}
          />
        </Field>
      ) : null}
    </EditorFrame>
  );
}

/** Stands in for the side menu: in-app navigation that asks before leaving unsaved changes. */
function MenuLink() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => leave(() => void navigate('/Dashboard'))}>
      Dashboard
    </button>
  );
}

function renderEditor(path: string, permission: Permission = EVERY_RIGHT, from?: string) {
  const [pathname = '', search = ''] = path.split('?');
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const user = userEvent.setup();
  render(
    <FluentProvider theme={tmsTheme}>
      <QueryProvider>
        <MemoryRouter initialEntries={[{ pathname, search: `?${search}`, state: from ? { from } : null }]}>
          <MenuLink />
          <Routes>
            <Route path="/Note/Editor" element={<NoteEditor permission={permission} />} />
            <Route path="/Note/Index" element={<p>The note list</p>} />
            <Route path="/Note/Index/Mine" element={<p>My notes</p>} />
            <Route path="/Dashboard" element={<p>The dashboard</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>
      <ToastArea />
    </FluentProvider>,
  );
  return {
    user,
    where: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}`,
  };
}

/** See resources-index.test.tsx: in jsdom an open Fluent dialog may be marked aria-hidden by tabster. */
function findDialog() {
  return screen.findByRole('alertdialog', { hidden: true });
}

function noteServer(options: { record?: Record<string, unknown> } = {}) {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/note/:id/:mode`, ({ params }) => {
      asked.push(`${String(params.id)}/${String(params.mode)}`);
      if (params.id === '0') return HttpResponse.json(envelope({ Title: '' }));
      return HttpResponse.json(envelope(options.record ?? NOTE));
    }),
  );
  return asked;
}

/** The summary above the form (the messages under the inputs are alerts too). */
function summary(): HTMLElement {
  const first = screen.getByText(/^Some fields need attention/);
  return surroundingRole(first, 'alert');
}

async function title() {
  const input = await screen.findByLabelText('Title');
  await waitFor(() => expect(input).not.toHaveValue(''));
  return input;
}

describe('editor frame', () => {
  it.each([
    ['edit', { View: true, Create: false, Edit: false, Delete: false }, 'View Note', '1/view'],
    ['edit', EVERY_RIGHT, 'Edit Note', '1/edit'],
    ['view', EVERY_RIGHT, 'View Note', '1/view'],
    ['create', EVERY_RIGHT, 'Create Note', '0/create'],
  ] as const)(
    'given the URL asks for %s and the rights %j, when the editor opens, then it is "%s" loaded from note/%s',
    async (mode, permission, heading, loaded) => {
      const asked = noteServer();
      renderEditor(`/Note/Editor?mode=${mode}&id=${mode === 'create' ? 0 : 1}`, permission);

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      const input = await screen.findByLabelText('Title');
      expect(asked).toEqual([loaded]);
      const editable = heading !== 'View Note';
      expect(input.hasAttribute('readonly')).toBe(!editable);
      expect(screen.queryByRole('button', { name: 'Save' }) !== null).toBe(editable);
      // Info (who created and edited it) is for a record that exists.
      expect(screen.queryByRole('button', { name: 'Info' }) !== null).toBe(mode !== 'create');
    },
  );

  it('given no Create right, when the create link is opened, then nothing is loaded and the page says the right is missing', async () => {
    const asked = noteServer();
    renderEditor('/Note/Editor?mode=create&id=0', { View: true, Create: false, Edit: true, Delete: true });

    expect(await screen.findByText('You do not have permission to create records here.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Note' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('given a viewed record and the Edit right, when Edit is pressed, then the same record opens for edit and Back still leads to the list it came from', async () => {
    const asked = noteServer();
    const { user, where } = renderEditor('/Note/Editor?mode=view&id=1', EVERY_RIGHT, '/Note/Index/Mine');
    await title();

    await user.click(screen.getByRole('button', { name: 'Edit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Note' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).not.toHaveAttribute('readonly'));
    expect(where()).toBe('/Note/Editor?mode=edit&id=1');
    expect(asked).toEqual(['1/view', '1/edit']);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where()).toBe('/Note/Index/Mine'));
  });

  it('given a viewed record without the Edit and Delete rights, when it opens, then neither Edit nor Delete is offered', async () => {
    noteServer();
    renderEditor('/Note/Editor?mode=view&id=1', { View: true, Create: true, Edit: false, Delete: false });
    await title();

    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('given a changed record, when Back is pressed, then the user is asked; No and Escape keep the page and the change, and leaving without saving goes to the list', async () => {
    noteServer();
    const { user, where } = renderEditor('/Note/Editor?mode=edit&id=1');
    const input = await title();
    await user.type(input, ' until noon');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    let dialog = await findDialog();
    expect(within(dialog).getByText('Leave this page?')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your changes have not been saved. If you leave now, they will be lost.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument());
    expect(where()).toBe('/Note/Editor?mode=edit&id=1');
    expect(screen.getByLabelText('Title')).toHaveValue('Dock 3 closed until noon');

    // The menu asks the same; Escape answers No.
    await user.click(screen.getByRole('button', { name: 'Dashboard' }));
    dialog = await findDialog();
    expect(within(dialog).getByText('Leave this page?')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument());
    expect(where()).toBe('/Note/Editor?mode=edit&id=1');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(
      within(await findDialog()).getByRole('button', { name: 'Leave without saving', hidden: true }),
    );
    expect(await screen.findByText('The note list')).toBeInTheDocument();
    expect(where()).toBe('/Note/Index');
  });

  it('given a changed record, when the tab is closed, then the browser is asked; once the change is undone, nothing is asked and Back leaves at once', async () => {
    noteServer();
    const { user, where } = renderEditor('/Note/Editor?mode=edit&id=1');
    const input = await title();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);

    await user.type(input, '!');
    expect(unload()).toBe(true);
    await user.type(input, '{Backspace}');
    expect(unload()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where()).toBe('/Note/Index'));
    expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument();
  });

  it("given an empty required field, when Save is pressed, then the form's message and the summary show and nothing is asked or sent", async () => {
    noteServer();
    let puts = 0;
    server.use(
      http.put(`${API}/note`, () => {
        puts += 1;
        return HttpResponse.json(envelope({}));
      }),
    );
    const { user } = renderEditor('/Note/Editor?mode=edit&id=1');
    await user.clear(await title());

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(summary()).toHaveTextContent(
      'Some fields need attention. Correct the highlighted fields and save again.',
    );
    expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it('given the server refuses the save, when it names a field the form shows and one it does not, then the first shows under its input and the other in the summary', async () => {
    noteServer();
    server.use(
      http.put(`${API}/note`, () =>
        HttpResponse.json(
          {
            success: false,
            message: 'Validation error',
            message_code: 'VALIDATION',
            errors: { Title: ['Title is taken.'], Owner: ['The owner is inactive.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user, where } = renderEditor('/Note/Editor?mode=edit&id=1');
    await user.type(await title(), '!');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes', hidden: true }));

    expect(await screen.findByText('Title is taken.')).toBeInTheDocument();
    // Once the confirmation has closed (on a loaded machine the page stays aria-hidden a moment after it).
    await waitFor(() =>
      expect(within(summary()).getByRole('listitem')).toHaveTextContent('The owner is inactive.'),
    );
    expect(within(summary()).queryByText('Title is taken.')).not.toBeInTheDocument();
    const toast = toastAround(await screen.findByText('Validation error'));
    expect(within(toast).getByText('Error Saving Data')).toBeInTheDocument();
    expect(where()).toBe('/Note/Editor?mode=edit&id=1');
  });

  it('given a change, when Save is confirmed, then the record is sent and the list opens with "Data Saved" and nothing asked about leaving; Escape on "Are you sure?" sends nothing', async () => {
    noteServer();
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/note`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(envelope({}, { message: 'Note saved.' }));
      }),
    );
    const { user, where } = renderEditor('/Note/Editor?mode=edit&id=1');
    await user.type(await title(), '!');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await findDialog()).getByRole('button', { name: 'Yes', hidden: true }));

    expect(await screen.findByText('The note list')).toBeInTheDocument();
    expect(where()).toBe('/Note/Index');
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(screen.getByText('Note saved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ Id: 1, Title: 'Dock 3 closed!' }]);
  });

  it('given the Delete right, when Delete is confirmed, then the record is deleted and the list opens with the server message', async () => {
    noteServer();
    const deleted: string[] = [];
    server.use(
      http.delete(`${API}/note/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(envelope(undefined, { message: 'Note deleted.' }));
      }),
    );
    const { user, where } = renderEditor('/Note/Editor?mode=view&id=1');
    await title();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Dock 3 closed')).toBeInTheDocument();
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));

    await waitFor(() => expect(where()).toBe('/Note/Index'));
    expect(deleted).toEqual(['1']);
    expect(await screen.findByText('Note deleted.')).toBeInTheDocument();
  });

  it('given a record that is gone, when the editor opens, then the server message shows and the user is back on the list', async () => {
    server.use(
      http.get(`${API}/note/:id/:mode`, () =>
        HttpResponse.json(
          { success: false, message: 'The requested record was not found.', message_code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
    );
    const { where } = renderEditor('/Note/Editor?mode=edit&id=99');

    expect(await screen.findByText('The requested record was not found.')).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/Note/Index'));
  });

  it.each([
    ['en', 'The record could not be loaded.', 'Try again'],
    ['id', 'Data tidak dapat dimuat.', 'Coba lagi'],
  ] as const)(
    'given the server does not answer (%s), when the editor opens, then it stays with "%s" and "%s" loads the record',
    async (language, message, retry) => {
      await act(() => i18n.changeLanguage(language));
      let calls = 0;
      server.use(
        http.get(`${API}/note/:id/:mode`, () => {
          calls += 1;
          return calls === 1 ? HttpResponse.error() : HttpResponse.json(envelope(NOTE));
        }),
      );
      const { user, where } = renderEditor('/Note/Editor?mode=edit&id=1');

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(where()).toBe('/Note/Editor?mode=edit&id=1');
      await user.click(within(alert).getByRole('button', { name: retry }));

      await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Dock 3 closed'));
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      expect(calls).toBe(2);
    },
  );
});
