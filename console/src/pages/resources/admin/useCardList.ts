// The list an account card edits as a whole (a group's permission matrix, a user's groups): read once when the
// card opens and read back after each save, so the card shows exactly what the server stored. A refusal shows its
// message in the card; a failed request toasts as well. The card keeps its unsaved edits against `version`: a
// new answer (the read-back after a save) replaces them.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useNotify } from '../../../shell/notify';

/** The server answered, but not with the list: its message is the card's. */
class ListRefused extends Error {}

export interface CardList<T> {
  /** The list as last read; null until the first answer. */
  loaded: T[] | null;
  /** Changes with every answer read, so edits made against an older one can be told apart. */
  version: number;
  loadError: string | null;
  /** Reads the list again (after a save). */
  reload: () => void;
}

export function useCardList<T>(path: string, parse: (row: Record<string, unknown>) => T): CardList<T> {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['admin-card', path],
    queryFn: async () => {
      const res = await api.get<Record<string, unknown>[]>(path);
      if (!res.success || !Array.isArray(res.data)) throw new ListRefused(res.message);
      return res.data.map(parse);
    },
  });
  const { error, refetch } = query;

  useEffect(() => {
    if (error && !(error instanceof ListRefused)) notify.failure(error, t('common.requestFailed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard once per failure
  }, [error]);

  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    loaded: query.data ?? null,
    version: query.dataUpdatedAt,
    loadError: error ? (error instanceof ListRefused && error.message) || t('common.requestFailed') : null,
    reload,
  };
}
