// A read through TanStack Query fails as a whole: a transport failure throws (ApiError), and so does a refusal the
// server answered (success false, or no data where data was due) once `dataOf` has read it, as a Refused error
// carrying the server's message. The query then keeps the last answer it had, and the screen hears the failure
// once through `useFailureToast`, as the hand-written effects toasted it before.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify, type Notify } from '../shell/notify';
import type { ApiResult } from './client';

/** The server answered, and refused (its message may be empty: the toast then says the request failed). */
export class Refused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Refused';
  }
}

/** The answer's data, or a Refused error with the server's message when it refused or sent no data. */
export async function dataOf<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const res = await call;
  if (res.success && res.data !== undefined && res.data !== null) return res.data;
  throw new Refused(res.message);
}

/**
 * Toasts each new failure of a query once (its error object is new with each failed request): the server's
 * message, else the error's, else "The request failed"; an expired session is not toasted (the user is being
 * logged out). `title` replaces the "Error" title of a refusal's toast (a transport failure keeps it).
 */
export function useFailureToast(error: Error | null, options: { notify?: Notify; title?: string } = {}) {
  const { t } = useTranslation();
  const own = useNotify();
  const notify = options.notify ?? own;
  const { title } = options;
  useEffect(() => {
    if (!error) return;
    if (title && error instanceof Refused) notify.error(error.message || t('common.requestFailed'), title);
    else notify.failure(error, t('common.requestFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new failure only
  }, [error]);
}
