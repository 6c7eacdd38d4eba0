// The toolbar every list screen shares (console/src/components/grid/ListToolbar.tsx), over the console's list grid on
// a list of its own: the page's buttons first, then Refresh, Clear filters with its badge and the exports, all
// reachable with Tab (the Tab order on the toolbar alone, given its props); Refresh asks for the same page again,
// Clear filters empties every filter, and the exports post the list's current sorts and filters.
import { Button, FluentProvider } from '@fluentui/react-components';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useRef, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { GridColumn } from '../../console/src/components/grid/columns';
import { DataGrid, type DataGridHandle } from '../../console/src/components/grid/DataGrid';
import { ListToolbar } from '../../console/src/components/grid/ListToolbar';
import i18n from '../../console/src/i18n';
import { ToastArea } from '../../console/src/shell/ToastArea';
import { tmsTheme } from '../../console/src/theme';
import { renderPiece } from './render';
import { API, envelope, server } from './server';

interface ListBody {
  start: number;
  rows: number;
  sorts: { field: string; order: number }[];
  filters: { field: string; value: unknown; matchMode: string }[];
}

const COLUMNS: GridColumn[] = [
  { field: 'Dock_Code', header: 'Dock Code', kind: 'text', filter: 'contains' },
  { field: 'Dock_Name', header: 'Dock Name', kind: 'text', filter: 'contains' },
];

const DOCKS = [
  { Id: 1, Dock_Code: 'D1', Dock_Name: 'Loading dock 1' },
  { Id: 2, Dock_Code: 'D2', Dock_Name: 'Unloading dock 1' },
];

function Docks({ exportable, onRefresh }: { exportable: boolean; onRefresh?: () => void }) {
  const grid = useRef<DataGridHandle>(null);
  const [filterCount, setFilterCount] = useState(0);
  return (
    <>
      <ListToolbar
        list={grid}
        filterCount={filterCount}
        onRefresh={onRefresh}
        exportTo={exportable ? { path: 'dock', fileName: 'Dock' } : undefined}
        after={<Button>Import</Button>}
      >
        <Button appearance="primary">Create</Button>
      </ListToolbar>
      <DataGrid
        ref={grid}
        path="dock"
        columns={COLUMNS}
        ariaLabel="Docks"
        onFilterCountChange={setFilterCount}
        onError={() => undefined}
      />
    </>
  );
}

function renderDocks(options: { exportable?: boolean; onRefresh?: () => void } = {}) {
  const user = userEvent.setup();
  render(
    <FluentProvider theme={tmsTheme}>
      <MemoryRouter>
        <Docks exportable={options.exportable ?? true} onRefresh={options.onRefresh} />
      </MemoryRouter>
      <ToastArea />
    </FluentProvider>,
  );
  return { user };
}

function dockList() {
  const bodies: ListBody[] = [];
  server.use(
    http.post(`${API}/dock/list`, async ({ request }) => {
      bodies.push((await request.json()) as ListBody);
      return HttpResponse.json(envelope(DOCKS, { totalRecords: DOCKS.length }));
    }),
  );
  return bodies;
}

describe('list toolbar', () => {
  it('given two filtered columns, when Clear filters is pressed, then its badge counted 2, both filters empty and the list is asked without them', async () => {
    const bodies = dockList();
    const { user } = renderDocks();
    await screen.findByText('Loading dock 1');
    expect(screen.getByRole('button', { name: 'Clear filters (0 active)' })).toBeDisabled();

    await user.type(screen.getByLabelText('Filter Dock Code'), 'D');
    const one = await screen.findByRole('button', { name: 'Clear filters (1 active)' });
    expect(within(one).getByText('1')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter Dock Name'), 'dock');
    const clear = await screen.findByRole('button', { name: 'Clear filters (2 active)' });
    expect(within(clear).getByText('2')).toBeInTheDocument();
    await waitFor(() => expect(bodies.at(-1)?.filters).toHaveLength(2));

    await user.click(clear);

    await waitFor(() => expect(bodies.at(-1)?.filters).toEqual([]));
    expect(screen.getByLabelText('Filter Dock Code')).toHaveValue('');
    expect(screen.getByLabelText('Filter Dock Name')).toHaveValue('');
    const cleared = screen.getByRole('button', { name: 'Clear filters (0 active)' });
    expect(cleared).toBeDisabled();
    expect(within(cleared).queryByText('2')).not.toBeInTheDocument();
  });

  it('given a filtered list, when Refresh is pressed, then the same page is asked again with the same filter', async () => {
    const bodies = dockList();
    const { user } = renderDocks();
    await screen.findByText('Loading dock 1');
    await user.type(screen.getByLabelText('Filter Dock Code'), 'D1');
    await waitFor(() => expect(bodies.at(-1)?.filters).toHaveLength(1));
    const asked = bodies.length;

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(bodies).toHaveLength(asked + 1));
    expect(bodies.at(-1)).toEqual({
      start: 0,
      rows: 15,
      sorts: [],
      filters: [{ field: 'Dock_Code', value: 'D1', matchMode: 'contains' }],
    });
  });

  it("given a page that reads more than the list on Refresh (its tab counts), when Refresh is pressed, then the page's refresh runs instead", async () => {
    const bodies = dockList();
    const onRefresh = jest.fn();
    const { user } = renderDocks({ onRefresh });
    await screen.findByText('Loading dock 1');
    const asked = bodies.length;

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(bodies).toHaveLength(asked);
  });

  it.each([
    ['Export CSV', 'csv', 'text/csv', 'Dock.csv'],
    [
      'Export Excel',
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Dock.xlsx',
    ],
  ])(
    'given a filtered and sorted list, when %s is pressed, then the export is posted with the format, the sorts and the filters and the file is saved',
    async (button, format, type, file) => {
      const bodies = dockList();
      let exportBody: unknown = null;
      server.use(
        http.post(`${API}/dock/export`, async ({ request }) => {
          exportBody = await request.json();
          return new HttpResponse(new Blob(['bytes']), {
            headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${file}"` },
          });
        }),
      );
      const saved: string[] = [];
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:dock'), revokeObjectURL: jest.fn() });
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      const { user } = renderDocks();
      await screen.findByText('Loading dock 1');
      await user.type(screen.getByLabelText('Filter Dock Name'), 'loading');
      await waitFor(() => expect(bodies.at(-1)?.filters).toHaveLength(1));
      await user.click(screen.getByText('Dock Code'));
      await user.click(screen.getByText('Dock Code'));
      await waitFor(() => expect(bodies.at(-1)?.sorts).toEqual([{ field: 'Dock_Code', order: -1 }]));

      await user.click(screen.getByRole('button', { name: button }));

      await waitFor(() => expect(saved).toEqual([file]));
      expect(exportBody).toEqual({
        format,
        sorts: [{ field: 'Dock_Code', order: -1 }],
        filters: [{ field: 'Dock_Name', value: 'loading', matchMode: 'contains' }],
      });
      click.mockRestore();
    },
  );

  it('given the server refuses an export, when Export CSV is pressed, then its message shows and nothing is saved', async () => {
    dockList();
    server.use(
      http.post(`${API}/dock/export`, () =>
        HttpResponse.json(
          { success: false, message: 'The list is too long to export.', message_code: 'TOO_LONG' },
          { status: 400 },
        ),
      ),
    );
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderDocks();
    await screen.findByText('Loading dock 1');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('The list is too long to export.')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('given a list without an export, when it shows, then there are no export buttons', async () => {
    dockList();
    renderDocks({ exportable: false });
    await screen.findByText('Loading dock 1');

    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export Excel' })).not.toBeInTheDocument();
  });

  it('given the keyboard, when Tab is pressed through the toolbar, then every enabled button is reached in order: the page buttons, Refresh, Clear filters, the exports, then the page buttons after them', async () => {
    // The toolbar alone, given a list and one active filter: the subject is its Tab order, so no grid or request
    // runs beside it to move the focus.
    const list = { current: { refresh: jest.fn(), clearFilters: jest.fn() } };
    const { user } = renderPiece(
      <ListToolbar
        list={list}
        filterCount={1}
        exportTo={{ path: 'dock', fileName: 'Dock' }}
        after={<Button>Import</Button>}
      >
        <Button appearance="primary">Create</Button>
      </ListToolbar>,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Actions' });

    const reached: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      // Where the focus is, is the subject: the Tab order through the toolbar.
      // eslint-disable-next-line testing-library/no-node-access
      const focused = document.activeElement as HTMLElement;
      expect(toolbar).toContainElement(focused);
      reached.push(focused.getAttribute('aria-label') ?? focused.textContent ?? '');
    }
    expect(reached).toEqual([
      'Create',
      'Refresh',
      'Clear filters (1 active)',
      'Export CSV',
      'Export Excel',
      'Import',
    ]);
  });

  it('given the Indonesian interface, when the toolbar shows, then its buttons read in Indonesian', async () => {
    await act(() => i18n.changeLanguage('id'));
    dockList();
    renderDocks();
    await screen.findByText('Loading dock 1');

    expect(screen.getByRole('toolbar', { name: 'Aksi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Muat Ulang' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hapus filter (0 aktif)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ekspor CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toBeInTheDocument();
  });
});
