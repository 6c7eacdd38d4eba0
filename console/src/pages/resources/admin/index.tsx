// Account administration under the generic editor (spec/1 §7, spec/3 §6): a group's permission matrix and a
// user's groups and password reset span many menus or groups rather than fields of one record, so they have their
// own calls (api/admin/routes.ts) and their own cards, each with its own save. The editor renders EditorExtras
// once; the cards of a resource are found here by its name and loaded only when such a record is opened.
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDef } from '../../../../../db/resources/engine';
import type { Permission } from '../../../api/types';
import type { GrantedMode } from '../../../components/editor/useEditor';
import type { EditorRecord } from '../record';
import type { AdminCardProps } from './cardProps';

export type { AdminCardProps };

const CARDS: Record<string, LazyExoticComponent<ComponentType<AdminCardProps>>> = {
  Group: lazy(() => import('./GroupPermissions')),
  User: lazy(() => import('./UserAccess')),
};

export interface EditorExtrasProps {
  def: ResourceDef;
  id: number;
  mode: GrantedMode;
  permission: Permission | null;
  record: EditorRecord | null;
  onDirtyChange: (dirty: boolean) => void;
}

export function EditorExtras({ def, id, mode, permission, record, onDirtyChange }: EditorExtrasProps) {
  const Card = CARDS[def.name];
  // Not while creating: the matrix and the memberships belong to a record that exists.
  if (!Card || !record || id <= 0 || (mode !== 'edit' && mode !== 'view')) return null;
  return (
    <Suspense fallback={null}>
      <Card
        id={id}
        readOnly={mode !== 'edit' || permission?.Edit !== true}
        record={record}
        onDirtyChange={onDirtyChange}
      />
    </Suspense>
  );
}
