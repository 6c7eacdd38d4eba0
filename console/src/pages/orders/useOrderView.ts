// Reads an order's view (`GET order/{id}/view`: the header with its lines, and its assignment) for a panel, or its
// edit (`GET order/{id}/edit`, the same answer for the Edit order panel). A refusal or a failed request shows the
// error and closes the panel (spec/1 §8 "View, edit and cancel loads close the panel").
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useNotify } from '../../shell/notify';
import type { OrderView } from './types';

export function useOrderView(
  orderId: number | null,
  onFailed: () => void,
  mode: 'view' | 'edit' = 'view',
): OrderView | null {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['order', orderId, mode],
    queryFn: () => api.get<OrderView>(`order/${orderId}/${mode}`),
    enabled: orderId !== null,
  });
  const answer = orderId === null ? undefined : query.data;
  const failure = orderId === null ? null : query.error;

  // Heard once per answer: a refusal or a failure toasts and closes the panel.
  useEffect(() => {
    if (failure) {
      notify.failure(failure, t('common.requestFailed'));
      onFailed();
    } else if (answer && !(answer.success && answer.data?.header)) {
      notify.error(answer.message || t('common.requestFailed'));
      onFailed();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new answer only
  }, [answer, failure]);

  return answer?.success && answer.data?.header ? answer.data : null;
}
