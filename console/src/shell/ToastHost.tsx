// The Fluent Toaster (top right) and the bridge that turns queued toast requests into Fluent toasts. Toasts live
// long (120000 ms, spec/1 §8), so each has a close button, and the area starts below the top bar and a page's
// title row so that a toast never lies over the language and settings menus or a page's toolbar (Save, Back).
// Server and SAP messages may come in several lines (SAP's message and its code, one problem per line): the
// body keeps their line breaks. A toast is known by its intent, title and message: asked for again while on
// screen, the older is dismissed and the newer shown, so a repeated refusal (the same wrong password twice) is one
// toast, not a stack of copies. A success closes the error toasts of its own form (its group, notify.ts): a
// problem the user fixed does not stay on screen beside "Data Saved".
import {
  Button,
  Toast,
  ToastBody,
  ToastTitle,
  ToastTrigger,
  Toaster,
  makeStyles,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attachToastListener } from './notify';

/** Top bar (48 px) plus a page's padding and title row with its toolbar. */
export const TOAST_OFFSET_TOP_PX = 112;

const useStyles = makeStyles({
  body: {
    whiteSpace: 'pre-line',
  },
});

export default function ToastHost() {
  const { t } = useTranslation();
  const styles = useStyles();
  const toasterId = useId('tms-toaster');
  const { dispatchToast, dismissToast, dismissAllToasts } = useToastController(toasterId);
  const closeLabel = t('common.close');
  // Toast ids are never reused: Fluent ignores a dispatch whose id is still on screen (or leaving it).
  const serial = useRef(0);
  /** The id of the toast on screen for each intent, title and message. */
  const shown = useRef(new Map<string, string>());
  /** The error toasts on screen of each form (group), by id. */
  const errors = useRef(new Map<string, Set<string>>());

  useEffect(
    () =>
      attachToastListener(
        ({ intent, title, message, life, group }) => {
          if (intent === 'success' && group) {
            for (const id of errors.current.get(group) ?? []) dismissToast(id);
            errors.current.delete(group);
          }
          const key = JSON.stringify([intent, title, message]);
          const previous = shown.current.get(key);
          if (previous) dismissToast(previous);
          serial.current += 1;
          const toastId = `${toasterId}-${serial.current}`;
          shown.current.set(key, toastId);
          if (intent === 'error' && group) {
            let ids = errors.current.get(group);
            if (!ids) errors.current.set(group, (ids = new Set()));
            ids.add(toastId);
          }
          dispatchToast(
            <Toast>
              <ToastTitle
                action={
                  <ToastTrigger>
                    <Button
                      appearance="transparent"
                      size="small"
                      icon={<Dismiss16Regular />}
                      aria-label={closeLabel}
                      title={closeLabel}
                    />
                  </ToastTrigger>
                }
              >
                {title}
              </ToastTitle>
              {message ? <ToastBody className={styles.body}>{message}</ToastBody> : null}
            </Toast>,
            {
              toastId,
              intent,
              timeout: life,
              position: 'top-end',
              onStatusChange: (_, { status }) => {
                if (status !== 'unmounted') return;
                if (shown.current.get(key) === toastId) shown.current.delete(key);
                if (group) errors.current.get(group)?.delete(toastId);
              },
            },
          );
        },
        () => {
          shown.current.clear();
          errors.current.clear();
          dismissAllToasts();
        },
      ),
    [dispatchToast, dismissToast, dismissAllToasts, toasterId, closeLabel, styles.body],
  );

  return (
    <Toaster
      toasterId={toasterId}
      position="top-end"
      offset={{ vertical: TOAST_OFFSET_TOP_PX }}
      pauseOnHover
    />
  );
}
