// A list screen's master list (statuses and tab counts, in the interface language): asked once the screen is
// granted (a refused screen asks for nothing), again when the language changes and with each Refresh (the counts
// move as orders come and go). While it is asked again the screen keeps the answer it shows; a failure toasts, and
// the screen then shows what it had, or an empty master list when it had none.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, useFailureToast } from './answer';
import type { Notify } from '../shell/notify';
import { api } from './client';

/** What a screen shows when its master list failed and it had none (one object, so it reads as unchanged). */
const NONE = {};

/** `notify` is the screen's, so a failure toasts in the screen's group. */
export function useMasterList<T extends object>(path: string, granted: boolean, notify?: Notify) {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: [path, i18n.language],
    queryFn: () => dataOf(api.get<T>(path)),
    enabled: granted,
    placeholderData: keepPreviousData,
  });
  useFailureToast(query.error, { notify });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const master: T | null = query.data ?? (query.isError ? (NONE as T) : null);
  return { master, reload };
}
