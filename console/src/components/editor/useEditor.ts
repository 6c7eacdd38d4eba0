// The state every record editor shares (master data, SAP orders, and the order screens to come): the mode the user
// gets from the URL and their rights on the screen, the record loaded from `GET <path>/<id>/<mode>`, whether it has
// been changed since, the field messages and the summary above the form. EditorFrame shows it; the page keeps only
// what is its own (its fields, its rules, its body of the save).
//
// Loading: a refusal the server answered (404 for a record that is gone, 403 for one the user may not open) shows
// the server's message, already in the user's language, and goes back to the list, as the original console did.
// A call that never got an answer (network down, the API restarting) keeps the user on the page with a message and
// Try again, since going back would lose the place they were opening for nothing.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, SessionExpiredError } from '../../api/client';
import type { Permission } from '../../api/types';
import { useNotify } from '../../shell/notify';
import { guardLeaving, leave } from '../../util/leaveGuard';
import type { Message } from '../../util/message';

export type EditorMode = 'create' | 'edit' | 'view';

/** The mode the user gets: null while their rights are asked, 'denied' for create without the Create right. */
export type GrantedMode = EditorMode | 'denied' | null;

/**
 * Messages by field key, as the server keys them (`Details.0.Qty` for a cell). The form's own are kept as keys and
 * translated when shown, so they follow a language switch; the server's come as its text (util/message.ts).
 */
export type FieldErrors = Record<string, Message[]>;

export function parseEditorMode(value: string | null): EditorMode {
  return value === 'create' || value === 'edit' ? value : 'view';
}

/** No Edit right means viewing whatever the link asked; no Create right means no form at all. */
export function grantedMode(requested: EditorMode, permission: Permission | null): GrantedMode {
  if (!permission) return null;
  if (requested === 'create') return permission.Create ? 'create' : 'denied';
  return requested === 'edit' && permission.Edit ? 'edit' : 'view';
}

export interface EditorOptions<R> {
  /** The user's rights on the editor screen; null while they are asked. */
  permission: Permission | null;
  /** API path of the record without id and mode: `GET <path>/<id>/<mode>`. */
  path: string;
  /** The record out of the server's answer; null when the answer does not hold one. */
  read: (data: unknown) => R | null;
  /** What the user can change of a record, as one comparable string. */
  snapshot: (record: R) => string;
  /** Where Back and a finished save lead when the editor was not opened from a list. */
  indexPath: string;
  /** Unsaved changes kept outside the record (a card with its own save). */
  extraDirty?: boolean;
}

interface Loaded<R> {
  /** The mode and id it was loaded for: another one is not shown while its own loads. */
  key: string;
  record: R;
  /** The snapshot as loaded, to tell whether the user has changed anything. */
  initial: string;
  /** The answer it was read from. */
  from: object;
}

export interface Editor<R> {
  mode: GrantedMode;
  /** Create or edit: the form can be changed and saved. */
  editable: boolean;
  /** The record's Id from the URL (0 when creating). */
  id: number;
  permission: Permission | null;
  /** The record as the user has it now; null while it loads. */
  record: R | null;
  /** Changes the record (nothing happens before it has loaded). */
  update: (change: (record: R) => R) => void;
  /** The load got no answer at all; `retry` asks again. */
  loadFailed: boolean;
  retry: () => void;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  /** Drops the messages whose keys match (the input they belong to was changed). */
  dropErrors: (match: (key: string) => boolean) => void;
  /** The summary above the form: a first line, then messages the form cannot show beside an input. */
  summary: Message[] | null;
  setSummary: Dispatch<SetStateAction<Message[] | null>>;
  dirty: boolean;
  /** The list the editor was opened from (it keeps its tab, filters and page), else the index. */
  backPath: string;
  /** Where the user asked to go while there were unsaved changes; the frame asks about it. */
  pendingLeave: (() => void) | null;
  confirmLeave: () => void;
  cancelLeave: () => void;
  /** Goes back to the list, asking first when there are unsaved changes. */
  back: () => void;
}

export function useEditor<R>(options: EditorOptions<R>): Editor<R> {
  const { permission, path, indexPath } = options;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [params] = useSearchParams();
  const mode = grantedMode(parseEditorMode(params.get('mode')), permission);
  const editable = mode === 'create' || mode === 'edit';
  const id = Number(params.get('id') ?? 0) || 0;
  const [attempt, setAttempt] = useState(0);
  const key = `${String(mode)}|${id}|${attempt}`;
  const [loaded, setLoaded] = useState<Loaded<R> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<Message[] | null>(null);
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  const from = (location.state as { from?: unknown } | null)?.from;
  const backPath = typeof from === 'string' && from ? from : indexPath;
  const record = loaded?.key === key ? loaded.record : null;

  // Loaded once per record, mode and attempt (Try again asks anew): the query's key is the load's.
  const load = useQuery({
    queryKey: ['editor', path, mode, id, attempt],
    queryFn: () => api.get(`${path}/${mode === 'create' ? 0 : id}/${String(mode)}`),
    enabled: mode !== null && mode !== 'denied',
  });
  const answer = load.data;
  // The record out of the answer; null for a refusal (or an answer without one).
  const answered = useMemo(
    () => (answer?.success ? options.read(answer.data) : null),
    // read is the page's pure function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answer],
  );
  // A record that came becomes the form's, once: the user's changes are made to it from then on.
  if (answer && answered !== null && loaded?.from !== answer) {
    setLoaded({ key, record: answered, initial: options.snapshot(answered), from: answer });
  }
  // Heard once per refusal: the server's message shows and the list opens again.
  useEffect(() => {
    if (!answer || answered !== null) return;
    notify.error(answer.message || t('common.requestFailed'));
    void navigate(backPath, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- heard for each new answer only
  }, [answer]);
  // An expired session is already on its way to the logout.
  const loadFailed = load.error !== null && !(load.error instanceof SessionExpiredError);

  const update = useCallback((change: (record: R) => R) => {
    setLoaded((current) => (current ? { ...current, record: change(current.record) } : current));
  }, []);

  const dropErrors = useCallback((match: (key: string) => boolean) => {
    setErrors((current) => {
      const kept = Object.entries(current).filter(([name]) => !match(name));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  const dirty =
    options.extraDirty === true ||
    (editable && record !== null && loaded !== null && options.snapshot(record) !== loaded.initial);

  useEffect(() => {
    if (!dirty) return;
    return guardLeaving((go) => setPendingLeave(() => go));
  }, [dirty]);

  return {
    mode,
    editable,
    id,
    permission,
    record,
    update,
    loadFailed,
    retry: () => setAttempt((n) => n + 1),
    errors,
    setErrors,
    dropErrors,
    summary,
    setSummary,
    dirty,
    backPath,
    pendingLeave,
    confirmLeave: () => {
      const go = pendingLeave;
      setPendingLeave(null);
      go?.();
    },
    cancelLeave: () => setPendingLeave(null),
    back: () => leave(() => void navigate(backPath)),
  };
}
