// The order list's own actions (spec/1 §6), as ListToolbar shows them: a button each on a wide screen, and on a
// phone View (and Accept for a transporter or relation, whose main answer it is) as buttons with the rest in the
// More menu (ToolbarActions.tsx), so the toolbar is one row at 390 px. Each shows by the user's rights on Order and
// is enabled by the chosen rows' flags, which the server computes per row and user (see OrderListPage.tsx).
import {
  ArrowRepeatAll20Regular,
  ArrowUndo20Regular,
  CalendarEdit20Regular,
  Checkmark20Regular,
  CheckmarkCircle20Regular,
  DismissCircle20Regular,
  Edit20Regular,
  Eye20Regular,
  History20Regular,
  Merge20Regular,
  PersonAdd20Regular,
  Prohibited20Regular,
  VehicleTruckBag20Regular,
  VehicleTruckProfile20Regular,
} from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import type { OrderRowFlag } from '../../../../db/resources/order-assign';
import type { ToolbarAction } from '../../components/grid/ToolbarActions';
import type { OrderRow } from './types';

/** Actions of later releases: the flag that shows each, and the right it needs. */
const LATER: { key: string; flag: OrderRowFlag; right: 'Create' | 'Edit' | 'View'; icon: ReactElement }[] = [
  { key: 'assignDriver', flag: 'can_assign_driver', right: 'Create', icon: <PersonAdd20Regular /> },
  { key: 'viewShipments', flag: 'can_view_shipments', right: 'View', icon: <VehicleTruckBag20Regular /> },
];

/** The changes of one order (each needs Edit) by their button's text key, and the flag that shows each. */
export type ChangeKind =
  'cancelOrder' | 'markComplete' | 'unmarkComplete' | 'reassignDo' | 'editStuffingDate';
const CHANGES: { kind: ChangeKind; flag: OrderRowFlag; icon: ReactElement }[] = [
  { kind: 'cancelOrder', flag: 'can_cancel_order', icon: <Prohibited20Regular /> },
  { kind: 'markComplete', flag: 'can_mark_complete', icon: <CheckmarkCircle20Regular /> },
  { kind: 'unmarkComplete', flag: 'can_unmark_complete', icon: <ArrowUndo20Regular /> },
  { kind: 'reassignDo', flag: 'can_reassign_do', icon: <ArrowRepeatAll20Regular /> },
  { kind: 'editStuffingDate', flag: 'can_edit_stuffing_date', icon: <CalendarEdit20Regular /> },
];

export type OrderPanelKind = 'view' | 'history' | 'editAssign' | 'editOrder' | ChangeKind;

export interface OrderActionsInput {
  t: TFunction;
  rights: { View: boolean; Create: boolean; Edit: boolean };
  /** A transporter or a relation. */
  party: boolean;
  selected: readonly OrderRow[];
  /** Opens a panel for the order. */
  open: (kind: OrderPanelKind, id: number) => void;
  /** Accept or reject the chosen orders. */
  answer: (kind: 'ACCEPTED' | 'REJECTED') => void;
  /** An action of a later release. */
  later: (key: string) => void;
}

export function orderActions(input: OrderActionsInput): ToolbarAction[] {
  const { t, rights, party, selected, open, answer, later } = input;
  const one = selected.length === 1 ? selected[0]! : null;
  const every = (flag: OrderRowFlag) => selected.length > 0 && selected.every((row) => row[flag] === true);
  const actions: ToolbarAction[] = [];
  if (rights.View) {
    actions.push(
      {
        key: 'view',
        label: t('orderList.view'),
        icon: <Eye20Regular />,
        disabled: !one,
        pinned: true,
        onClick: () => one && open('view', one.Id),
      },
      {
        key: 'history',
        label: t('orderList.history'),
        icon: <History20Regular />,
        disabled: !one,
        onClick: () => one && open('history', one.Id),
      },
    );
  }
  if (rights.Edit) {
    actions.push(
      {
        key: 'accept',
        label: t('orderList.accept'),
        icon: <Checkmark20Regular />,
        appearance: 'primary',
        disabled: !every('need_transporter_action'),
        pinned: party,
        onClick: () => answer('ACCEPTED'),
      },
      {
        key: 'reject',
        label: t('orderList.reject'),
        icon: <DismissCircle20Regular />,
        disabled: !every('need_transporter_action'),
        onClick: () => answer('REJECTED'),
      },
    );
  }
  if (rights.Edit && !party) {
    actions.push({
      key: 'editAssign',
      label: t('orderList.editAssign'),
      icon: <VehicleTruckProfile20Regular />,
      disabled: one?.can_assign_transporter !== true,
      onClick: () => one && open('editAssign', one.Id),
    });
  }
  if (rights.Edit && one?.can_edit_order === true) {
    actions.push({
      key: 'editOrder',
      label: t('orderList.editOrder'),
      icon: <Edit20Regular />,
      onClick: () => open('editOrder', one.Id),
    });
  }
  if (rights.Edit) {
    for (const item of CHANGES.filter((change) => one?.[change.flag] === true)) {
      actions.push({
        key: item.kind,
        label: t(`orderList.${item.kind}`),
        icon: item.icon,
        onClick: () => one && open(item.kind, one.Id),
      });
    }
  }
  for (const item of LATER.filter((l) => rights[l.right] && one?.[l.flag] === true)) {
    actions.push({
      key: item.key,
      label: t(`orderList.later.${item.key}`),
      icon: item.icon,
      onClick: () => later(item.key),
    });
  }
  if (rights.Create && selected.length > 1 && every('can_assign_driver')) {
    actions.push({
      key: 'merge',
      label: t('orderList.later.merge'),
      icon: <Merge20Regular />,
      onClick: () => later('merge'),
    });
  }
  return actions;
}
