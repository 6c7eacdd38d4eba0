// The server-paged grid shared by the order list and the SAP order list
// (console/src/components/grid/serverPagedGrid.tsx), on a small list of its own with msw: the page asked
// with start and rows, the pager, the page kept in the table state and asked first when the list comes back, a
// kept page past the end, a new tab from row 0, Refresh on the same page, and a row opened by a double-click or
// Enter. Then the order list's own part built on it: rows chosen on one page stay chosen on another.
import { createDOMRenderer, RendererProvider } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useCallback, useMemo, type ReactNode } from 'react';
import { QueryProvider } from '../../console/src/api/query';
import type { GridColumn } from '../../console/src/components/grid/columns';
import { OrderGrid } from '../../console/src/pages/orders/OrderGrid';
import type { OrderRow } from '../../console/src/pages/orders/types';
import type { Row } from '../../console/src/components/grid/expandableRows';
import { ServerPagedGrid, useServerPagedGrid } from '../../console/src/components/grid/serverPagedGrid';
import { API, envelope, server } from './server';

interface Body {
  tab: string;
  start: number;
  rows: number;
  sorts: unknown[];
  filters: unknown[];
}

const STATE_KEY = 'tms.table.ayu.Things';

function thing(id: number) {
  return { Id: id, Name: `Thing ${String(id).padStart(2, '0')}`, Details: [] };
}

/** Answers things/list from `rows` by start and rows, recording each body. */
function things(rows: Row[]) {
  const bodies: Body[] = [];
  server.use(
    http.post(`${API}/things/list`, async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      return HttpResponse.json(
        envelope(rows.slice(body.start, body.start + body.rows) as never, { totalRecords: rows.length }),
      );
    }),
  );
  return bodies;
}

const StatusText = ({ text }: { code: string; text: string }) => <span>{text}</span>;

function Things(props: { tab: string; onOpen?: (row: Row) => void }) {
  const { tab } = props;
  const columns = useMemo<GridColumn[]>(() => [{ field: 'Name', header: 'Name', kind: 'text' }], []);
  const expanderLabel = useCallback(
    (row: Row, open: boolean) => `${open ? 'Hide' : 'Show'} ${String(row.Name)}`,
    [],
  );
  const grid = useServerPagedGrid<Row>({
    path: 'things/list',
    tabKey: tab,
    body: (query, page) => ({ tab, ...page, ...query }),
    stateKey: STATE_KEY,
    columns,
    statusBadge: StatusText,
    expanderHeader: 'Lines',
    expanderLabel,
    onOpen: (row) => props.onOpen?.(row),
    onFilterCountChange: () => undefined,
    onError: (error) => {
      throw error;
    },
  });
  return (
    <>
      <button type="button" onClick={grid.refresh}>
        Refresh
      </button>
      <ServerPagedGrid
        grid={grid}
        ariaLabel="Things"
        pagerTexts={{
          label: 'Pages of things',
          range: ({ first, last, total }) => `${first}-${last} of ${total}`,
          pageOf: ({ page, pages }) => `Page ${page}/${pages}`,
        }}
      />
    </>
  );
}

function renderPlain(node: ReactNode) {
  const user = userEvent.setup();
  const wrap = (child: ReactNode) => (
    <RendererProvider renderer={createDOMRenderer(document, { unstable_filterCSSRule: () => false })}>
      <QueryProvider>{child}</QueryProvider>
    </RendererProvider>
  );
  const utils = render(wrap(node));
  return { ...utils, user, rerender: (next: ReactNode) => utils.rerender(wrap(next)) };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

const TWENTY = Array.from({ length: 20 }, (_, i) => thing(i + 1));

describe('Server-paged grid', () => {
  it('given 20 rows, when Next Page is pressed, then rows from 15 are asked, the pager reads them, and the page is kept in the table state and asked first when the list comes back', async () => {
    let bodies = things(TWENTY);
    const view = renderPlain(<Things tab="ALL" />);
    await screen.findByText('Thing 01');
    expect(bodies).toEqual([{ tab: 'ALL', start: 0, rows: 15, sorts: [], filters: [] }]);
    expect(screen.getByText('1-15 of 20')).toBeInTheDocument();
    expect(screen.getByText('Page 1/2')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of things' });
    expect(within(pager).getByRole('button', { name: 'Previous Page' })).toBeDisabled();

    await view.user.click(within(pager).getByRole('button', { name: 'Next Page' }));
    await screen.findByText('Thing 16');
    expect(bodies.at(-1)).toMatchObject({ start: 15, rows: 15 });
    expect(screen.getByText('16-20 of 20')).toBeInTheDocument();
    expect(screen.getByText('Page 2/2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next Page' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Last Page' })).toBeDisabled();
    expect(JSON.parse(window.localStorage.getItem(STATE_KEY) ?? '{}')).toMatchObject({
      pagination: { page: 1, pageSize: 15 },
    });
    view.unmount();

    bodies = things(TWENTY);
    renderPlain(<Things tab="ALL" />);
    await screen.findByText('Thing 16');
    expect(bodies).toEqual([{ tab: 'ALL', start: 15, rows: 15, sorts: [], filters: [] }]);
  });

  it('given a kept page past the end, when the list opens, then it asks the last page there is', async () => {
    window.localStorage.setItem(STATE_KEY, JSON.stringify({ pagination: { page: 5, pageSize: 15 } }));
    const bodies = things(TWENTY);
    renderPlain(<Things tab="ALL" />);
    await screen.findByText('Thing 16');
    expect(bodies.map((b) => b.start)).toEqual([75, 15]);
    expect(screen.getByText('Page 2/2')).toBeInTheDocument();
  });

  it('given the second page, when Refresh is pressed, then the same page is asked again; when the tab changes, then the new tab is asked from row 0', async () => {
    const bodies = things(TWENTY);
    const { user, rerender } = renderPlain(<Things tab="ALL" />);
    await screen.findByText('Thing 01');
    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    await screen.findByText('Thing 16');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toEqual(bodies[1]);

    rerender(<Things tab="OPEN" />);
    await screen.findByText('Thing 01');
    expect(bodies.at(-1)).toMatchObject({ tab: 'OPEN', start: 0 });
    expect(screen.getByText('Page 1/2')).toBeInTheDocument();
  });

  it('given a row, when it is double-clicked or Enter is pressed on it, then it opens as the server sent it', async () => {
    things(TWENTY);
    const opened: Row[] = [];
    const { user } = renderPlain(<Things tab="ALL" onOpen={(row) => opened.push(row)} />);
    const cell = await screen.findByText('Thing 02');
    await user.dblClick(cell);
    expect(opened).toEqual([thing(2)]);

    await user.click(screen.getByText('Thing 03'));
    await user.keyboard('{Enter}');
    expect(opened).toEqual([thing(2), thing(3)]);
  });
});

describe('Order grid on the server-paged grid', () => {
  function order(id: number) {
    return {
      Id: id,
      Order_No: `ORD${String(id).padStart(3, '0')}`,
      Status: 'ASSIGNED TO TRANSPORTER',
      Details: [],
    };
  }

  it('given two pages of orders, when a row is ticked on each page, then both are chosen, and the first page shows its row ticked again', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => order(i + 1));
    server.use(
      http.post(`${API}/order/list`, async ({ request }) => {
        const body = (await request.json()) as Body;
        return HttpResponse.json(
          envelope(rows.slice(body.start, body.start + body.rows), { totalRecords: rows.length }),
        );
      }),
    );
    const chosen: OrderRow[][] = [];
    const { user } = renderPlain(
      <OrderGrid
        tab="ALL"
        statuses={[]}
        shipmentTypes={[]}
        relation={false}
        ariaLabel="Orders"
        onSelectionChange={(selection) => chosen.push(selection)}
        onOpen={() => undefined}
        onFilterCountChange={() => undefined}
        onError={(error) => {
          throw error;
        }}
      />,
    );
    await screen.findByText('ORD002');
    await user.click(within(rowOf('ORD002')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Next Page' }));
    await screen.findByText('ORD017');
    await user.click(within(rowOf('ORD017')).getByRole('checkbox'));
    expect(chosen.at(-1)?.map((row) => row.Order_No)).toEqual(['ORD002', 'ORD017']);

    await user.click(screen.getByRole('button', { name: 'Previous Page' }));
    await screen.findByText('ORD002');
    await waitFor(() => expect(within(rowOf('ORD002')).getByRole('checkbox')).toBeChecked());
    expect(within(rowOf('ORD003')).getByRole('checkbox')).not.toBeChecked();
    expect(chosen.at(-1)?.map((row) => row.Order_No)).toEqual(['ORD002', 'ORD017']);
  });
});
