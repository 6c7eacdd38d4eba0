// Change Password (spec/3 §2.5, §4.6, §5). Modal that only its own buttons close; all fields masked. Opened from the
// login page for a first login or a forced change (current password not asked: the password just typed is sent,
// with the change_token the login answer gave) and from the top bar's settings menu (current password asked).
// A forced change is not dismissable (spec/3 §2.5): no Cancel, no close button, Escape and clicks outside do
// nothing; only a successful Save closes it (leaving the login page, e.g. a reload, is the way out without one).
// Opened by choice from the settings menu it keeps its Cancel.
// The parent keeps it mounted and sets `open`: a Fluent dialog removed from the page while open leaves the rest
// of the page aria-hidden. Its form lives inside the surface, which Fluent unmounts on close, so every opening
// starts with empty fields and no messages.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, SessionExpiredError, api } from '../api/client';
import { useNotify } from '../shell/notify';
import { keyed, useMessageText, type Message, serverFieldErrors } from '../util/message';

export const MIN_PASSWORD_LENGTH = 8;

export interface ChangePasswordResult {
  success: boolean;
  message: string;
}

export interface ChangePasswordDialogProps extends ChangePasswordFormProps {
  open: boolean;
  /**
   * Called once the dialog has finished closing (its surface is gone and the page is exposed again). What
   * removes the dialog itself, such as signing out, belongs here rather than in `onClose`.
   */
  onClosed?: () => void;
}

interface ChangePasswordFormProps {
  username: string;
  /** Ask for the current password (settings menu). When false, `currentPassword` is sent instead. */
  currentPasswordRequired: boolean;
  currentPassword?: string;
  /** Forced change on login (FIRST_LOGIN / CHANGE_PASS): the dialog cannot be cancelled. */
  changeFirstLogin: boolean;
  changeToken?: string;
  /** Shown when the dialog opens, e.g. the server's reason for asking. */
  initialMessage?: string;
  onClose: (result: ChangePasswordResult) => void;
}

type FieldName = 'current' | 'newPassword' | 'confirm';
/** The form's own messages are keys, shown in the language of the moment; the server's come as its text. */
type Errors = Partial<Record<FieldName, Message>>;

const useStyles = makeStyles({
  surface: {
    width: '30vw',
    minWidth: 'min(380px, calc(100vw - 32px))',
    maxWidth: 'calc(100vw - 32px)',
  },
  fields: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
});

/** Server field names (change_password payload) → dialog fields, for 400 answers with `errors`. */
const SERVER_FIELDS: Record<string, FieldName> = {
  currentPass: 'current',
  newPass: 'newPassword',
  confirmPass: 'confirm',
};

export function ChangePasswordDialog({ open, onClosed, ...form }: ChangePasswordDialogProps) {
  const styles = useStyles();
  const closed = useRef(onClosed);
  useEffect(() => {
    closed.current = onClosed;
  }, [onClosed]);
  // The form unmounts with the surface, after Fluent has closed the dialog and restored the page.
  const formUnmounted = useCallback(() => setTimeout(() => closed.current?.(), 0), []);
  return (
    // modalType "alert", and no onOpenChange: clicking outside or pressing Escape does not close it; only Cancel
    // (when offered) or a successful Save.
    <Dialog open={open} modalType="alert">
      <DialogSurface className={styles.surface}>
        <ChangePasswordForm {...form} onUnmount={formUnmounted} />
      </DialogSurface>
    </Dialog>
  );
}

function ChangePasswordForm(props: ChangePasswordFormProps & { onUnmount: () => void }) {
  const { onUnmount } = props;
  useEffect(() => onUnmount, [onUnmount]);
  const {
    username,
    currentPasswordRequired,
    currentPassword,
    changeFirstLogin,
    changeToken,
    initialMessage,
    onClose,
  } = props;
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);

  function validate(): Errors {
    const found: Errors = {};
    if (currentPasswordRequired) {
      if (!current) found.current = keyed('changePassword.validation.required');
      else if (current.length < MIN_PASSWORD_LENGTH)
        found.current = keyed('changePassword.validation.minLength', { min: MIN_PASSWORD_LENGTH });
    }
    if (!newPassword) found.newPassword = keyed('changePassword.validation.required');
    else if (newPassword.length < MIN_PASSWORD_LENGTH)
      found.newPassword = keyed('changePassword.validation.minLength', { min: MIN_PASSWORD_LENGTH });
    if (!confirm) found.confirm = keyed('changePassword.validation.required');
    else if (confirm !== newPassword) found.confirm = keyed('changePassword.validation.mismatch');
    return found;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setSaving(true);
    try {
      const res = await api.post('auth/change_password', {
        username,
        currentPass: currentPasswordRequired ? current : (currentPassword ?? ''),
        newPass: newPassword,
        confirmPass: confirm,
        changeFirstLogin,
        ...(changeToken ? { change_token: changeToken } : {}),
      });
      if (res.success) {
        onClose({ success: true, message: res.message });
        return;
      }
      if (res.errors) {
        const serverErrors: Errors = {};
        for (const [field, messages] of Object.entries(serverFieldErrors(res))) {
          const name = SERVER_FIELDS[field];
          if (name && messages[0]) serverErrors[name] = messages[0];
        }
        setErrors(serverErrors);
      }
      setFailure(keyed('changePassword.failed', { message: res.message }));
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) {
        notify.error(error instanceof ApiError && error.message ? error.message : t('common.requestFailed'));
      }
    } finally {
      setSaving(false);
    }
  }

  function fieldProps(name: FieldName) {
    const message = say(errors[name]);
    return { validationMessage: message, validationState: message ? ('error' as const) : ('none' as const) };
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <DialogBody>
        <DialogTitle>{t('changePassword.title')}</DialogTitle>
        <DialogContent className={styles.fields}>
          {initialMessage ? (
            <MessageBar intent="warning">
              <MessageBarBody>{initialMessage}</MessageBarBody>
            </MessageBar>
          ) : null}
          {failure ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{say(failure)}</MessageBarBody>
            </MessageBar>
          ) : null}
          {currentPasswordRequired ? (
            <Field label={t('changePassword.current')} required {...fieldProps('current')}>
              <Input
                type="password"
                autoComplete="current-password"
                placeholder={t('changePassword.enterPassword')}
                value={current}
                disabled={saving}
                onChange={(_, data) => setCurrent(data.value)}
              />
            </Field>
          ) : null}
          <Field label={t('changePassword.new')} required {...fieldProps('newPassword')}>
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={t('changePassword.enterPassword')}
              value={newPassword}
              disabled={saving}
              onChange={(_, data) => setNewPassword(data.value)}
            />
          </Field>
          <Field label={t('changePassword.confirm')} required {...fieldProps('confirm')}>
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={t('changePassword.confirmPassword')}
              value={confirm}
              disabled={saving}
              onChange={(_, data) => setConfirm(data.value)}
            />
          </Field>
        </DialogContent>
        <DialogActions>
          {changeFirstLogin ? null : (
            <Button
              appearance="secondary"
              disabled={saving}
              onClick={() => onClose({ success: false, message: '' })}
            >
              {t('common.cancel')}
            </Button>
          )}
          <Button
            appearance="primary"
            type="submit"
            disabled={saving}
            icon={saving ? <Spinner size="tiny" /> : undefined}
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}
