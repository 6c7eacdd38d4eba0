// Toasts (spec/1 §8): errors are titled "Error" and stay 120000 ms; success toasts are titled by the caller.
// Screens call useNotify(); the toast area itself (Fluent Toaster, top right) is a lazily loaded chunk that
// arrives with the first toast or shortly after start, so it is not part of the first screen's JS. Requests
// made before it is there wait in a queue. A toast asked for while the same one (intent, title and message) is on
// screen replaces it rather than stacking a copy. A successful login dismisses every toast (dismissAllToasts): the
// login page's refusals do not follow the user onto the dashboard.
//
// Each useNotify() is one form's voice (its toasts carry the form's group, a React id unless the caller names
// one): when the form succeeds, its own error toasts close (issue 27: "Choose a transporter." stayed 120 s beside
// "Data Saved" once it was fixed), while another form's errors stay.
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionExpiredError } from '../api/client';

export const TOAST_LIFE_MS = 120000;

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export interface ToastRequest {
  intent: ToastKind;
  title: string;
  message: string;
  life: number;
  /** The form that asked for it: a success of the group closes the group's error toasts. */
  group?: string;
}

type Listener = (request: ToastRequest) => void;

let listener: Listener | null = null;
let dismissAll: (() => void) | null = null;
const pending: ToastRequest[] = [];
const waiters = new Set<() => void>();

export function showToast(request: ToastRequest): void {
  if (listener) {
    listener(request);
    return;
  }
  pending.push(request);
  waiters.forEach((wake) => wake());
}

/** Dismisses every toast on screen and drops those still waiting for the toast area. */
export function dismissAllToasts(): void {
  pending.length = 0;
  dismissAll?.();
}

/**
 * The toast area registers here once its Toaster is mounted; queued requests are shown at once. `onDismissAll`
 * is how dismissAllToasts reaches the toasts it shows.
 */
export function attachToastListener(next: Listener, onDismissAll?: () => void): () => void {
  listener = next;
  dismissAll = onDismissAll ?? null;
  pending.splice(0).forEach(next);
  return () => {
    if (listener !== next) return;
    listener = null;
    dismissAll = null;
  };
}

/** Called when a toast is waiting for the toast area to load. */
export function onToastPending(wake: () => void): () => void {
  waiters.add(wake);
  if (pending.length) wake();
  return () => waiters.delete(wake);
}

export interface Notify {
  error: (message: string, title?: string) => void;
  success: (message: string, title?: string, life?: number) => void;
  info: (message: string, title?: string, life?: number) => void;
  /** Error toast for a thrown value; a SessionExpiredError is silent because the user is already being logged out. */
  failure: (error: unknown, fallback: string) => void;
}

/** The toasts of one form; `group` names the form when several components speak for it (else each is its own). */
export function useNotify(group?: string): Notify {
  const { t } = useTranslation();
  const own = useId();
  const form = group ?? own;
  return useMemo<Notify>(
    () => ({
      error: (message, title) =>
        showToast({
          intent: 'error',
          title: title ?? t('common.error'),
          message,
          life: TOAST_LIFE_MS,
          group: form,
        }),
      success: (message, title, life) =>
        showToast({
          intent: 'success',
          title: title ?? t('common.success'),
          message,
          life: life ?? TOAST_LIFE_MS,
          group: form,
        }),
      info: (message, title, life) =>
        showToast({
          intent: 'info',
          title: title ?? t('common.info'),
          message,
          life: life ?? TOAST_LIFE_MS,
          group: form,
        }),
      failure: (error, fallback) => {
        if (error instanceof SessionExpiredError) return;
        const message = error instanceof Error && error.message ? error.message : fallback;
        showToast({ intent: 'error', title: t('common.error'), message, life: TOAST_LIFE_MS, group: form });
      },
    }),
    [t, form],
  );
}
