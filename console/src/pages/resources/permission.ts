// The user's rights on a resource screen (spec/1 §6). Signed-in users ask the server (usePermission's rules: a
// failed check, or one granting no View, shows an error and goes back, or to the dashboard from a typed URL).
// Public resources (spec/1: PODRequirement, AppointmentRequirement, Vessel) are readable without a login; an
// anonymous visitor may only look, and so may a signed-in user whose groups do not grant them.
import { useEffect, useState } from 'react';
import type { ResourceDef } from '../../../../db/resources/engine';
import { fetchPermission, NoScreenRightError, useLeaveRefusedScreen } from '../../api/permission';
import type { Permission } from '../../api/types';
import { sessionStatus, useSession } from '../../session/SessionContext';

const VIEW_ONLY: Permission = { View: true, Create: false, Edit: false, Delete: false };

export function useResourcePermission(def: ResourceDef, action: 'Index' | 'Editor'): Permission | null {
  const { session } = useSession();
  const anonymous = sessionStatus(session) !== 'authenticated';
  const [permission, setPermission] = useState<Permission | null>(null);
  const leave = useLeaveRefusedScreen();

  useEffect(() => {
    if (anonymous) return;
    let live = true;
    fetchPermission(def.name, action)
      .then((found) => {
        if (found.View) return found;
        if (def.public) return VIEW_ONLY;
        throw new NoScreenRightError();
      })
      .then((granted) => {
        if (live) setPermission(granted);
      })
      .catch((error: unknown) => {
        if (live) leave(error);
      });
    return () => {
      live = false;
    };
  }, [anonymous, def.name, def.public, action, leave]);

  const granted = anonymous ? (def.public ? VIEW_ONLY : null) : permission;
  if (!granted) return null;
  // A read-only resource (fed from outside) is never written from the console, whatever the groups say.
  return def.readOnly ? { ...granted, Create: false, Edit: false, Delete: false } : granted;
}
