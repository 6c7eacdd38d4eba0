// The order list's toolbar on a phone (issue 27 item 22): at 390 px it wrapped into seven rows of buttons. The order
// actions (console/src/pages/orders/orderActions.tsx) go through ListToolbar's `actions`: on a wide screen a button
// each, as before; on a phone View (and Accept for a transporter) stay buttons and every other action, with Clear
// filters and the exports, is in one More menu that keeps each action's label and state.
import { FluentProvider } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { useRef } from 'react';
import { ListToolbar, type ListHandle } from '../../console/src/components/grid/ListToolbar';
import i18n from '../../console/src/i18n';
import { orderActions, type OrderPanelKind } from '../../console/src/pages/orders/orderActions';
import type { OrderRow } from '../../console/src/pages/orders/types';
import { tmsTheme } from '../../console/src/theme';

const ROW = {
  Id: 7,
  Order_No: 'ORD0000007',
  can_cancel_order: true,
  can_edit_stuffing_date: true,
  can_assign_transporter: false,
  need_transporter_action: false,
} as unknown as OrderRow;

function Toolbar(props: { party: boolean; open: (kind: OrderPanelKind, id: number) => void }) {
  const list = useRef<ListHandle>({ refresh: () => undefined, clearFilters: () => undefined });
  return (
    <ListToolbar
      list={list}
      filterCount={0}
      exportTo={{ path: 'order', fileName: 'Orders' }}
      actions={orderActions({
        t: i18n.t.bind(i18n) as TFunction,
        rights: { View: true, Create: true, Edit: true },
        party: props.party,
        selected: [ROW],
        open: props.open,
        answer: () => undefined,
        later: () => undefined,
      })}
    />
  );
}

function renderAt(width: number, party = false) {
  window.innerWidth = width;
  const open = jest.fn();
  const user = userEvent.setup();
  render(
    <FluentProvider theme={tmsTheme}>
      <Toolbar party={party} open={open} />
    </FluentProvider>,
  );
  return { user, open };
}

const toolbar = () => screen.getByRole('toolbar');
const buttonNames = () =>
  within(toolbar())
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

afterEach(() => {
  window.innerWidth = 1024;
});

describe('Order toolbar (issue 27)', () => {
  it('given a wide screen, when one cancellable order is chosen, then every action is a button of its own', () => {
    renderAt(1024);
    expect(buttonNames()).toEqual([
      'View',
      'History',
      'Accept',
      'Reject',
      'Edit Assign Transporter',
      'Cancel Order',
      'Edit Stuffing Date',
      'Refresh',
      'Clear filters (0 active)',
      'Export CSV',
      'Export Excel',
    ]);
  });

  it('given 390 px, when one cancellable order is chosen, then View, More and Refresh are the only buttons, and More lists the other actions with their state; choosing History opens it', async () => {
    const { user, open } = renderAt(390);
    expect(buttonNames()).toEqual(['View', 'More', 'Refresh']);
    await user.click(within(toolbar()).getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('aria-label') ?? i.textContent)).toEqual([
      'History',
      'Accept',
      'Reject',
      'Edit Assign Transporter',
      'Cancel Order',
      'Edit Stuffing Date',
      'Clear filters (0 active)',
      'Export CSV',
      'Export Excel',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Accept' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: 'History' }));
    expect(open).toHaveBeenCalledWith('history', 7);
  });

  it('given a transporter at 390 px, when the toolbar shows, then Accept stays a button beside View', () => {
    renderAt(390, true);
    expect(buttonNames()).toEqual(['View', 'Accept', 'More', 'Refresh']);
  });
});
