// What the editor gives each account-administration card (index.tsx loads them by resource name).
import type { EditorRecord } from '../record';

export interface AdminCardProps {
  /** The record's Id (never 0: the cards need a saved record). */
  id: number;
  /** View mode or no Edit right: everything shows, nothing can be changed. */
  readOnly: boolean;
  record: EditorRecord;
  /** Told whenever the card's unsaved changes appear or go, so leaving the editor asks first. */
  onDirtyChange: (dirty: boolean) => void;
}
