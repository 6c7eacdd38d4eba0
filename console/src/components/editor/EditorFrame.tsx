// The frame of every record editor (`/<Screen>/Editor?mode=create|edit|view&id=…`): the title by mode, the toolbar
// (Back; the page's own buttons; Info with who created and edited the record, not while creating; Delete and Edit
// where the page offers them and the user's rights allow; Save while creating or editing), the loading and failed
// states, the summary above the form, "Are you sure?" before a save or a delete, and the question before unsaved
// changes are left behind (useEditor registers it; the side menu asks it too). The page gives its body, its check
// and its save (spec/3 §2.1: Back, Save with "Are you sure?" in create and edit mode, the 550 px info popup).
//
// After a successful save or delete the user goes back to the list with the server's message, as the original
// console's editors do (spec/3 §7): the list is where the saved row is checked and the next one is picked.
// A save the server refuses shows its field messages under their inputs; a message for something the form does
// not show (the Type of a stored SAP order, say) is listed in the summary so it is never lost. The form's own
// messages and the summary's first line are kept as keys and shown in the current language (util/message.ts).
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwise20Regular,
  ArrowLeft20Regular,
  Delete20Regular,
  Edit20Regular,
  Info20Regular,
  Save20Regular,
} from '@fluentui/react-icons';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ApiResult } from '../../api/client';
import { useNotify } from '../../shell/notify';
import { keyed, useMessageText, serverFieldErrors } from '../../util/message';
import { ConfirmDialog } from '../form/ConfirmDialog';
import { formatDateTime, textOf } from '../grid/cellFormat';
import { useScreenStyles } from '../screenStyles';
import type { Editor, FieldErrors } from './useEditor';

const AUDIT_FIELDS = ['Created_Date', 'Created_By', 'Edited_Date', 'Edited_By'] as const;

const useStyles = makeStyles({
  info: {
    width: '550px',
    maxWidth: 'calc(100vw - 32px)',
  },
  infoList: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  infoRow: {
    display: 'contents',
  },
  infoLabel: {
    color: tokens.colorNeutralForeground3,
  },
  infoValue: {
    margin: 0,
  },
  summaryList: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
  },
});

/** The modes that save: create posts a new record, edit changes the one loaded. */
export type SavingMode = 'create' | 'edit';

export interface EditorDelete {
  /** The button's and the question's word ("Delete", or "Deactivate" for records that keep their history). */
  label: string;
  /** What is deleted, shown above "Are you sure?" (e.g. "C001 - PT Sawit Makmur"). */
  detail?: string;
  icon?: ReactElement;
  run: () => Promise<ApiResult>;
}

export interface EditorFrameProps<R> {
  editor: Editor<R>;
  /** What the record is, for the title ("Edit {name}"). */
  name: string;
  /** Label of an audit column in the Info popup. */
  label: (field: string) => string;
  /** The record's audit columns as the server sent them; no Info without them. */
  audit?: Record<string, unknown>;
  /** The page's own buttons, after Back (e.g. Sync with SAP). */
  actions?: ReactNode;
  /** The page's own notices, under the summary. */
  notices?: ReactNode;
  /** The page's own work is running (a sync): Save waits. */
  busy?: boolean;
  /** The form's own check before "Are you sure?"; its messages go under the inputs. */
  validate: (record: R, mode: SavingMode) => FieldErrors;
  /** After a clean check; false stops the save without asking (the page has said why). */
  beforeConfirm?: () => boolean;
  /** Sends the record. */
  submit: (record: R, mode: SavingMode) => Promise<ApiResult>;
  /** A refused save, after its field messages are shown (e.g. the server wants a sync first). */
  onRefused?: (res: ApiResult) => void;
  /** Whether the form shows a message for this key beside an input; the others go to the summary. */
  shows?: (key: string) => boolean;
  /** Offered in view and edit mode to users with the Delete right. */
  remove?: EditorDelete;
  /** View mode offers Edit to users with the Edit right. */
  offerEdit?: boolean;
  children: ReactNode;
}

function InfoPopup({ audit, label }: { audit: Record<string, unknown>; label: (field: string) => string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Popover withArrow positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<Info20Regular />}>{t('form.info')}</Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.info} aria-label={t('form.info')}>
        <dl className={styles.infoList}>
          {AUDIT_FIELDS.map((field) => {
            const value = field.endsWith('_Date') ? formatDateTime(audit[field]) : textOf(audit[field]);
            return (
              <div key={field} className={styles.infoRow}>
                <dt className={styles.infoLabel}>{label(field)}</dt>
                <dd className={styles.infoValue}>{value || '-'}</dd>
              </div>
            );
          })}
        </dl>
      </PopoverSurface>
    </Popover>
  );
}

export function EditorFrame<R>(props: EditorFrameProps<R>) {
  const { editor, name, label, audit, actions, notices, busy, remove, offerEdit, children } = props;
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const screen = useScreenStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const titleId = useId();
  const [confirming, setConfirming] = useState<'save' | 'delete' | null>(null);
  // The dialog keeps its words while it closes.
  const [asked, setAsked] = useState<'save' | 'delete'>('save');
  const [running, setRunning] = useState(false);
  const { mode, record, permission } = editor;

  function ask(what: 'save' | 'delete') {
    setAsked(what);
    setConfirming(what);
  }

  const savingMode: SavingMode | null = mode === 'create' || mode === 'edit' ? mode : null;

  function askToSave() {
    if (!record || !savingMode) return;
    const found = props.validate(record, savingMode);
    editor.setErrors(found);
    if (Object.keys(found).length) {
      editor.setSummary([keyed('form.fixErrors')]);
      return;
    }
    editor.setSummary(null);
    if (props.beforeConfirm && !props.beforeConfirm()) return;
    ask('save');
  }

  async function save() {
    if (!record || !savingMode) return;
    setRunning(true);
    try {
      const res = await props.submit(record, savingMode);
      setConfirming(null);
      if (res.success) {
        notify.success(res.message, t('common.dataSaved'));
        void navigate(editor.backPath);
        return;
      }
      const fieldErrors = serverFieldErrors(res);
      if (Object.keys(fieldErrors).length) {
        editor.setErrors(fieldErrors);
        const shows = props.shows ?? (() => true);
        const elsewhere = Object.entries(fieldErrors)
          .filter(([key]) => !shows(key))
          .flatMap(([, messages]) => messages);
        editor.setSummary([keyed('form.fixErrors'), ...elsewhere]);
      }
      props.onRefused?.(res);
      // A refusal may say why under its message (data.detail: the sync a SAP order still needs, and for which
      // line, under "NOT OK").
      const detail = (res.data as { detail?: unknown } | null | undefined)?.detail;
      const message = res.message || t('common.requestFailed');
      notify.error(
        typeof detail === 'string' && detail ? `${message}\n${detail}` : message,
        t('form.saveError'),
      );
    } catch (error) {
      setConfirming(null);
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setRunning(false);
    }
  }

  async function runDelete() {
    if (!remove) return;
    setRunning(true);
    try {
      const res = await remove.run();
      setConfirming(null);
      if (res.success) {
        notify.success(res.message, t('common.success'));
        void navigate(editor.backPath);
        return;
      }
      notify.error(res.message || t('common.requestFailed'));
    } catch (error) {
      setConfirming(null);
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setRunning(false);
    }
  }

  function switchToEdit() {
    const search = new URLSearchParams(location.search);
    search.set('mode', 'edit');
    // The list that opened the editor stays where Back and the save lead.
    const state: unknown = location.state;
    void navigate(`${location.pathname}?${search.toString()}`, { replace: true, state });
  }

  const heading =
    mode === 'create'
      ? t('form.titleCreate', { name })
      : mode === 'edit'
        ? t('form.titleEdit', { name })
        : mode === 'view'
          ? t('form.titleView', { name })
          : name;
  const canDelete = remove && record && mode !== 'create' && permission?.Delete === true;
  const canSwitch = offerEdit && record && mode === 'view' && permission?.Edit === true;
  const deleting = asked === 'delete';

  return (
    <section className={screen.page} aria-labelledby={titleId}>
      <div className={screen.header}>
        <Title2 as="h1" id={titleId}>
          {heading}
        </Title2>
        <div className={screen.toolbar} role="toolbar" aria-label={t('resources.actions')}>
          <Button icon={<ArrowLeft20Regular />} onClick={editor.back}>
            {t('form.back')}
          </Button>
          {record ? actions : null}
          {record && audit && mode !== 'create' ? <InfoPopup audit={audit} label={label} /> : null}
          {canDelete ? (
            <Button
              icon={remove.icon ?? <Delete20Regular />}
              disabled={running}
              onClick={() => ask('delete')}
            >
              {remove.label}
            </Button>
          ) : null}
          {canSwitch ? (
            <Button appearance="primary" icon={<Edit20Regular />} onClick={switchToEdit}>
              {t('resources.edit')}
            </Button>
          ) : null}
          {record && savingMode ? (
            <Button
              appearance="primary"
              icon={<Save20Regular />}
              disabled={running || busy}
              onClick={askToSave}
            >
              {t('common.save')}
            </Button>
          ) : null}
        </div>
      </div>
      {mode === 'denied' ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('form.noCreateRight')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {editor.summary ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {editor.summary[0] === undefined ? null : say(editor.summary[0])}
            {editor.summary.length > 1 ? (
              <ul className={styles.summaryList}>
                {editor.summary.slice(1).map((line, index) => (
                  <li key={index}>{say(line)}</li>
                ))}
              </ul>
            ) : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {record ? notices : null}
      {editor.loadFailed ? (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('form.loadFailed')}</MessageBarTitle>
            {t('common.requestFailed')}
          </MessageBarBody>
          <MessageBarActions>
            <Button icon={<ArrowClockwise20Regular />} onClick={editor.retry}>
              {t('form.retry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : mode !== 'denied' && !record ? (
        <div className={screen.loading}>
          <Spinner label={t('common.loading')} />
        </div>
      ) : null}
      {record ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askToSave();
          }}
        >
          {children}
        </form>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={deleting && remove ? remove.label : t('common.save')}
        detail={deleting ? remove?.detail : undefined}
        confirmLabel={deleting ? remove?.label : undefined}
        busy={running}
        onConfirm={() => void (deleting ? runDelete() : save())}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={editor.pendingLeave !== null}
        title={t('form.leaveTitle')}
        message={t('form.leaveMessage')}
        confirmLabel={t('form.leaveConfirm')}
        onConfirm={editor.confirmLeave}
        onCancel={editor.cancelLeave}
      />
    </section>
  );
}
