// The user's rights on a resource screen (spec/1 §6). Signed-in users ask the server (usePermission's rules: a
// failed check, or one granting no View, shows an error and goes back, or to the dashboard from a typed URL).
// Public resources (spec/1: PODRequirement, AppointmentRequirement, Vessel) are readable without a login; an
// anonymous visitor may only look, and so may a signed-in user whose groups do not grant them.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ResourceDef } from '../../../../db/resources/engine';
import { fetchPermission, NoScreenRightError, useLeaveRefusedScreen } from '../../api/permission';
import type { Permission } from '../../api/types';
import { sessionStatus, useSession } from '../../session/SessionContext';

const VIEW_ONLY: Permission = { View: true, Create: false, Edit: false, Delete: false };

export function useResourcePermission(def: ResourceDef, action: 'Index' | 'Editor'): Permission | null {
  const { session } = useSession();
  const anonymous = sessionStatus(session) !== 'authenticated';
  const leave = useLeaveRefusedScreen();
  const isPublic = def.public === true;
  const check = useQuery({
    queryKey: ['resource-permission', def.name, action, isPublic],
    queryFn: async () => {
      const found = await fetchPermission(def.name, action);
      if (found.View) return found;
      if (isPublic) return VIEW_ONLY;
      throw new NoScreenRightError();
    },
    enabled: !anonymous,
  });
  const failure = anonymous ? null : check.error;

  // Heard once per failed check: the error toast, and the user leaves the screen.
  useEffect(() => {
    if (failure) leave(failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new failure only
  }, [failure]);

  const granted = anonymous ? (isPublic ? VIEW_ONLY : null) : (check.data ?? null);
  if (!granted) return null;
  // A read-only resource (fed from outside) is never written from the console, whatever the groups say.
  return def.readOnly ? { ...granted, Create: false, Edit: false, Delete: false } : granted;
}
