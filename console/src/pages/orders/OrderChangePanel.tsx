// The frame of the order list's change panels (spec/1 §2 "Panels and dialogs": cancel, mark and unmark complete,
// reassign delivery order, change stuffing date; §7, §8): a bottom panel with the order header summary on the left
// and the change on the right. It reads the order's view (a refusal closes the panel, as every view load does) and
// sends the change: a refusal or a failed request shows the server's message as an error toast and leaves the panel
// open with what was typed; an accepted change is remembered, so however the panel is then closed the list is read
// again. The panel cannot be closed while the change is on its way.
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type ApiResult } from '../../api/client';
import { textOf } from '../../components/grid/cellFormat';
import { useNotify } from '../../shell/notify';
import { BottomPanel } from './BottomPanel';
import { OrderSummary } from './OrderSummary';
import type { OrderView } from './types';
import { useOrderView } from './useOrderView';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(280px, 1fr) minmax(0, 2fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 991px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  change: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
});

/** What a change panel's content is given. */
export interface OrderChange {
  orderId: number;
  view: OrderView;
  /** A change is on its way: the content's buttons and inputs wait. */
  busy: boolean;
  /**
   * PUTs the change. Resolves with the server's answer (a refusal has been toasted already), or null when the
   * request failed (toasted too).
   */
  send: <T = unknown>(path: string, body?: unknown) => Promise<ApiResult<T> | null>;
  /** Closes the panel after an accepted change (the list is read again). */
  done: () => void;
  /** Closes the panel as the close button does (not while busy). */
  close: () => void;
  /** The panel's toast group (useNotify): the content's success closes the refusals the panel toasted. */
  group: string;
}

export interface OrderChangePanelProps {
  /** The order changed; null when the panel is closed. */
  orderId: number | null;
  /** The panel's title key; it is given the order number as `order`. */
  titleKey: string;
  /** `changed`: the server accepted the change, so the list is read again. */
  onClose: (changed: boolean) => void;
  children: (change: OrderChange) => ReactNode;
}

export function OrderChangePanel({ orderId, titleKey, onClose, children }: OrderChangePanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  // One form: the refusals toasted here and the content's success share a group (a success closes them).
  const group = useId();
  const notify = useNotify(group);
  const view = useOrderView(orderId, () => onClose(false));
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);

  // Each opening starts afresh.
  const [openedFor, setOpenedFor] = useState(orderId);
  if (orderId !== openedFor) {
    setOpenedFor(orderId);
    setBusy(false);
    setChanged(false);
  }

  function close() {
    if (!busy) onClose(changed);
  }

  async function send<T>(path: string, body?: unknown): Promise<ApiResult<T> | null> {
    setBusy(true);
    try {
      const res = await api.put<T>(path, body);
      if (res.success) setChanged(true);
      else notify.error(res.message || t('common.requestFailed'));
      return res;
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
      return null;
    } finally {
      setBusy(false);
    }
  }

  const header = view?.header;
  return (
    <BottomPanel
      open={orderId !== null}
      title={t(titleKey, { order: textOf(header?.Order_No) })}
      onClose={close}
    >
      {!view || orderId === null ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <div className={styles.layout}>
          <OrderSummary header={view.header} label={t('orderView.summary')} />
          <div className={styles.change}>
            {/* Keyed by the order, so what was typed for one order is never offered for another. */}
            <Fragment key={orderId}>
              {children({ orderId, view, busy, send, done: () => onClose(true), close, group })}
            </Fragment>
          </div>
        </div>
      )}
    </BottomPanel>
  );
}

export interface ChangeActionsProps {
  change: OrderChange;
  /** The confirming button's text. */
  label: string;
  /** Whether what was entered is not yet enough to send. */
  disabled?: boolean;
  onConfirm: () => void;
}

/** The panel's buttons: the change (with a spinner while it is on its way) and Close. */
export function ChangeActions({ change, label, disabled, onConfirm }: ChangeActionsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      <Button
        appearance="primary"
        disabled={change.busy || disabled}
        icon={change.busy ? <Spinner size="tiny" /> : undefined}
        onClick={onConfirm}
      >
        {label}
      </Button>
      {/* Close rather than Cancel: next to "Cancel order" a plain Cancel would read as the action itself. */}
      <Button disabled={change.busy} onClick={change.close}>
        {t('common.close')}
      </Button>
    </div>
  );
}
