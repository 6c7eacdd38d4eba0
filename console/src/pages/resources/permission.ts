// The user's rights on a resource screen (spec/1 §6). Signed-in users ask the server (usePermission's rules: a
// failed check shows an error and goes back). Public resources (spec/1: PODRequirement, AppointmentRequirement,
// Vessel) are readable without a login; an anonymous visitor may only look.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ResourceDef } from '../../../../db/resources/engine';
import { fetchPermission } from '../../api/permission';
import type { Permission } from '../../api/types';
import { sessionStatus, useSession } from '../../session/SessionContext';
import { useNotify } from '../../shell/notify';

const VIEW_ONLY: Permission = { View: true, Create: false, Edit: false, Delete: false };

export function useResourcePermission(def: ResourceDef, action: 'Index' | 'Editor'): Permission | null {
  const { session } = useSession();
  const anonymous = sessionStatus(session) !== 'authenticated';
  const [permission, setPermission] = useState<Permission | null>(null);
  const notify = useNotify();
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    if (anonymous) return;
    let live = true;
    fetchPermission(def.name, action)
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
  }, [anonymous, def.name, action, notify, navigate, t]);

  const granted = anonymous ? (def.public ? VIEW_ONLY : null) : permission;
  if (!granted) return null;
  // A read-only resource (fed from outside) is never written from the console, whatever the groups say.
  return def.readOnly ? { ...granted, Create: false, Edit: false, Delete: false } : granted;
}
