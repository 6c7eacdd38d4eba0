// Screen permissions (spec/1 §6): each screen posts its menu controller and action and reads View, Create, Edit
// and Delete. If the check fails the user sees an error toast and goes back one page. A check that answers but
// grants no View is a failure too: the server answers every flag false for a screen outside the user's groups
// (its menu does not offer it, but its URL can still be typed), and the screen would otherwise open and have each
// of its calls refused.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNotify } from '../shell/notify';
import { api, SessionExpiredError } from './client';
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

/** The check answered, but the user may not open the screen. */
export class NoScreenRightError extends Error {
  constructor() {
    super('No View right on the screen');
    this.name = 'NoScreenRightError';
  }
}

/** The rights on a screen the user may open; without View it is refused like a failed check. */
export async function fetchScreenPermission(controller: string, action: string): Promise<Permission> {
  const found = await fetchPermission(controller, action);
  if (!found.View) throw new NoScreenRightError();
  return found;
}

/**
 * Whether this tab has a page of the console before the current one. The browser router numbers its entries in
 * history.state.idx (0 for the first page of the tab: a typed URL, a bookmark, a reload of it); a memory router has
 * no number, and its first entry is the one with the key 'default'.
 */
function hasPageBefore(locationKey: string): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx > 0 : locationKey !== 'default';
}

/**
 * Leaves a screen the user may not open: the error toast, then back one page. A screen that is the first page of
 * the tab has nothing to go back to (going back would leave the console, or do nothing and leave the screen
 * waiting), so the user lands on the dashboard instead, which replaces the refused address in the history.
 */
export function useLeaveRefusedScreen(): (error: unknown) => void {
  const notify = useNotify();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const location = useLocation();
  // Read when the answer arrives, without asking the permission again for every move of the location.
  const locationKey = useRef(location.key);
  useEffect(() => {
    locationKey.current = location.key;
  }, [location.key]);

  return useCallback(
    (error: unknown) => {
      // An expired session is already on its way to the logout.
      if (error instanceof SessionExpiredError) return;
      notify.failure(
        error instanceof NoScreenRightError ? new Error(t('common.noScreenRight')) : error,
        t('common.requestFailed'),
      );
      if (hasPageBefore(locationKey.current)) void navigate(-1);
      else void navigate('/', { replace: true });
    },
    [notify, navigate, t],
  );
}

/** The current user's rights on a screen; `null` while the check runs, and after a refusal while the user leaves. */
export function usePermission(controller: string, action: string): Permission | null {
  const leave = useLeaveRefusedScreen();
  const query = useQuery({
    queryKey: ['permission', controller, action],
    queryFn: () => fetchScreenPermission(controller, action),
  });
  const { error } = query;

  useEffect(() => {
    if (error) leave(error);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard once per failure
  }, [error]);

  return query.data ?? null;
}
