// Screen permissions (spec/1 §6): each screen posts its menu controller and action and reads View, Create, Edit
// and Delete. If the check fails the user sees an error toast and goes back one page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../shell/notify';
import { api } from './client';
import type { Permission } from './types';

export async function fetchPermission(controller: string, action: string): Promise<Permission> {
  const res = await api.post<Permission>('auth/permission', {
    menu_action: action,
    menu_controller: controller,
    menu_check: 'Y',
  });
  if (!res.success || !res.data) throw new Error(res.message);
  const { View, Create, Edit, Delete } = res.data;
  return { View: View === true, Create: Create === true, Edit: Edit === true, Delete: Delete === true };
}

/** The current user's rights on a screen; `null` while the check runs. */
export function usePermission(controller: string, action: string): Permission | null {
  const [permission, setPermission] = useState<Permission | null>(null);
  const notify = useNotify();
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    let live = true;
    fetchPermission(controller, action)
      .then((found) => {
        if (live) setPermission(found);
      })
      .catch((error: unknown) => {
        if (!live) return;
        notify.failure(error, t('common.requestFailed'));
        void navigate(-1);
      });
    return () => {
      live = false;
    };
  }, [controller, action, notify, navigate, t]);

  return permission;
}
