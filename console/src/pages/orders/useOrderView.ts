// Reads an order's view (`GET order/{id}/view`: the header with its lines, and its assignment) for a panel, or its
// edit (`GET order/{id}/edit`, the same answer for the Edit order panel). A refusal or a failed request shows the
// error and closes the panel (spec/1 §8 "View, edit and cancel loads close the panel").
import { useEffect, useState } from 'react';
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
  const [view, setView] = useState<{ id: number; data: OrderView } | null>(null);

  useEffect(() => {
    if (orderId === null) return;
    let live = true;
    api
      .get<OrderView>(`order/${orderId}/${mode}`)
      .then((res) => {
        if (!live) return;
        if (res.success && res.data?.header) setView({ id: orderId, data: res.data });
        else {
          notify.error(res.message || t('common.requestFailed'));
          onFailed();
        }
      })
      .catch((error: unknown) => {
        if (!live) return;
        notify.failure(error, t('common.requestFailed'));
        onFailed();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again for another order only
  }, [orderId, mode]);

  return view && view.id === orderId ? view.data : null;
}
