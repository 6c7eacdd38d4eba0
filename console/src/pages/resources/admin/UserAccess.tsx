// The User editor's account cards: "Groups" (a checkbox per active group, saved as a whole with its own
// "Are you sure?": PUT /api/user/:id/groups replaces the memberships) and, in edit mode, "Password" with the
// reset. A reset ends the user's sessions and answers a one-time password exactly once, so it is shown in a
// dialog that only its own button closes, with a copy button; the password is dropped when the dialog is gone.
// Directory (Use_AD) accounts keep their password in the directory: the reset is disabled with a hint, and a
// refusal by the server (DIRECTORY_ACCOUNT, e.g. when the flag was changed elsewhere) shows as an error. The reset
// is an administrator's (api/services/admin-rights.ts): for anyone else it is disabled with the reason.
import {
  Button,
  Checkbox,
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
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Checkmark20Regular, Copy20Regular, KeyReset20Regular, Save20Regular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { ConfirmDialog } from '../../../components/form/ConfirmDialog';
import { textOf } from '../../../components/grid/cellFormat';
import { useScreenStyles } from '../../../components/screenStyles';
import { useSession } from '../../../session/SessionContext';
import { useNotify } from '../../../shell/notify';
import type { AdminCardProps } from './cardProps';
import { useAdminStyles } from './styles';
import { useCardList } from './useCardList';

interface GroupRow {
  Group_Code: string;
  Group_Name: string;
  Member: boolean;
}

interface TemporaryPassword {
  username: string;
  password: string;
  message: string;
}

const useStyles = makeStyles({
  groups: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  checkbox: {
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  empty: {
    color: tokens.colorNeutralForeground3,
  },
  surface: {
    width: '480px',
    maxWidth: 'calc(100vw - 32px)',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  secretRow: {
    display: 'flex',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  secret: {
    flexGrow: 1,
    minWidth: 0,
    '& input': {
      fontFamily: tokens.fontFamilyMonospace,
      fontSize: tokens.fontSizeBase400,
    },
  },
});

const sameMembers = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

export default function UserAccess({ id, readOnly, record, onDirtyChange }: AdminCardProps) {
  // As loaded: what is typed or ticked in the form above changes nothing until the record is saved.
  const [name] = useState(() =>
    [textOf(record.values.Username), textOf(record.values.Full_Name)].filter(Boolean).join(' - '),
  );
  const [directory] = useState(record.values.Use_AD === true);
  return (
    <>
      <UserGroups id={id} readOnly={readOnly} name={name} onDirtyChange={onDirtyChange} />
      {readOnly ? null : <PasswordReset id={id} name={name} directory={directory} />}
    </>
  );
}

function UserGroups({
  id,
  readOnly,
  name,
  onDirtyChange,
}: {
  id: number;
  readOnly: boolean;
  name: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const page = useScreenStyles();
  const admin = useAdminStyles();
  const styles = useStyles();
  const notify = useNotify();
  const {
    loaded: groups,
    version,
    loadError,
    reload,
  } = useCardList<GroupRow>(`user/${id}/groups`, (g) => ({
    Group_Code: textOf(g.Group_Code),
    Group_Name: textOf(g.Group_Name),
    Member: g.Member === true,
  }));
  const saved = (groups ?? []).filter((g) => g.Member).map((g) => g.Group_Code);
  // The groups as ticked, against the memberships they were ticked on; those read back after a save replace them.
  const [picked, setPicked] = useState<{ version: number; members: string[] } | null>(null);
  const members = picked?.version === version ? picked.members : saved;
  const [confirmOpen, setConfirmOpen] = useState(false);
  const saving = useMutation({
    mutationFn: (chosen: string[]) => api.put(`user/${id}/groups`, { groups: chosen }),
  });
  const title = t('admin.groups.title');

  const dirty = groups !== null && !sameMembers(saved, members);
  useEffect(() => {
    onDirtyChange(dirty);
    return () => onDirtyChange(false);
  }, [dirty, onDirtyChange]);

  function save() {
    // In the order the groups are listed, whatever order they were ticked in.
    const chosen = (groups ?? []).map((g) => g.Group_Code).filter((code) => members.includes(code));
    saving.mutate(chosen, {
      onSuccess: (res) => {
        setConfirmOpen(false);
        if (res.success) {
          notify.success(res.message, t('common.dataSaved'));
          reload();
          return;
        }
        notify.error(res.message || t('common.requestFailed'), t('form.saveError'));
      },
      onError: (error) => {
        setConfirmOpen(false);
        notify.failure(error, t('common.requestFailed'));
      },
    });
  }

  return (
    <div className={page.card} role="region" aria-labelledby="admin-groups-title">
      <div className={admin.header}>
        <div className={admin.titles}>
          <Subtitle2 as="h2" id="admin-groups-title">
            {title}
          </Subtitle2>
          <Text size={200} className={admin.intro}>
            {t('admin.groups.intro')}
          </Text>
        </div>
        {readOnly || !groups ? null : (
          <Button
            appearance="primary"
            icon={<Save20Regular />}
            disabled={!dirty || saving.isPending}
            onClick={() => setConfirmOpen(true)}
          >
            {t('admin.groups.save')}
          </Button>
        )}
      </div>
      {loadError ? (
        <MessageBar intent="error">
          <MessageBarBody>{loadError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!groups && !loadError ? (
        <div className={admin.loading}>
          <Spinner size="small" label={t('common.loading')} />
        </div>
      ) : null}
      {groups && !groups.length ? <Text className={styles.empty}>{t('admin.groups.empty')}</Text> : null}
      {groups?.length ? (
        <div className={styles.groups} role="group" aria-labelledby="admin-groups-title">
          {groups.map((g) => (
            <Checkbox
              key={g.Group_Code}
              className={styles.checkbox}
              label={g.Group_Name ? `${g.Group_Code} - ${g.Group_Name}` : g.Group_Code}
              checked={members.includes(g.Group_Code)}
              disabled={readOnly}
              onChange={(_, d) =>
                setPicked({
                  version,
                  members:
                    d.checked === true
                      ? [...members.filter((c) => c !== g.Group_Code), g.Group_Code]
                      : members.filter((c) => c !== g.Group_Code),
                })
              }
            />
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmOpen}
        title={t('admin.groups.save')}
        detail={name}
        busy={saving.isPending}
        onConfirm={save}
        onCancel={() => setConfirmOpen(false)}
      />
    </div>
  );
}

function PasswordReset({ id, name, directory }: { id: number; name: string; directory: boolean }) {
  const { t } = useTranslation();
  const page = useScreenStyles();
  const admin = useAdminStyles();
  const styles = useStyles();
  const notify = useNotify();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [shown, setShown] = useState<TemporaryPassword | null>(null);
  const [shownOpen, setShownOpen] = useState(false);
  const title = t('admin.password.title');
  const administrator = useSession().session?.user_data.Is_Admin === true;

  async function reset() {
    setResetting(true);
    try {
      const res = await api.post<{ username?: unknown; temporary_password?: unknown }>(
        `user/${id}/reset_password`,
      );
      setConfirmOpen(false);
      const password = textOf(res.data?.temporary_password);
      if (res.success && password) {
        setShown({ username: textOf(res.data?.username), password, message: res.message });
        setShownOpen(true);
        return;
      }
      notify.error(res.message || t('common.requestFailed'));
    } catch (error) {
      setConfirmOpen(false);
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setResetting(false);
    }
  }

  return (
    <div className={page.card} role="region" aria-labelledby="admin-password-title">
      <div className={admin.header}>
        <div className={admin.titles}>
          <Subtitle2 as="h2" id="admin-password-title">
            {title}
          </Subtitle2>
          <Text size={200} className={admin.intro}>
            {directory
              ? t('admin.password.directory')
              : administrator
                ? t('admin.password.intro')
                : t('admin.password.administratorsOnly')}
          </Text>
        </div>
        <Button
          icon={<KeyReset20Regular />}
          disabled={directory || !administrator || resetting}
          onClick={() => setConfirmOpen(true)}
        >
          {t('admin.password.reset')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        title={t('admin.password.reset')}
        detail={name}
        message={t('admin.password.confirm')}
        busy={resetting}
        onConfirm={() => void reset()}
        onCancel={() => setConfirmOpen(false)}
      />
      {/* modalType "alert": only Done closes it, so the password is not lost to a stray click or Escape. */}
      <Dialog open={shownOpen} modalType="alert">
        <DialogSurface className={styles.surface}>
          {shown ? (
            <TemporaryPasswordBody
              shown={shown}
              onDone={() => setShownOpen(false)}
              onGone={() => setShown(null)}
            />
          ) : null}
        </DialogSurface>
      </Dialog>
    </div>
  );
}

function TemporaryPasswordBody({
  shown,
  onDone,
  onGone,
}: {
  shown: TemporaryPassword;
  onDone: () => void;
  /** The surface has unmounted (dialog closed): the password is forgotten. */
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const gone = useRef(onGone);
  useEffect(() => {
    gone.current = onGone;
  }, [onGone]);
  useEffect(() => () => gone.current(), []);

  async function copyPassword() {
    try {
      // Missing outside secure contexts (plain http on another host): then the text is selected for Ctrl+C.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(shown.password);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  }

  return (
    <DialogBody>
      <DialogTitle>{t('admin.password.temporaryTitle')}</DialogTitle>
      <DialogContent className={styles.content}>
        {shown.message ? <Text>{shown.message}</Text> : null}
        <div className={styles.secretRow}>
          <Field
            className={styles.secret}
            label={t('admin.password.temporaryLabel', { username: shown.username })}
          >
            <Input
              ref={input}
              readOnly
              value={shown.password}
              onFocus={(event) => event.currentTarget.select()}
            />
          </Field>
          <Button
            icon={copy === 'copied' ? <Checkmark20Regular /> : <Copy20Regular />}
            onClick={() => void copyPassword()}
          >
            {copy === 'copied' ? t('admin.password.copied') : t('admin.password.copy')}
          </Button>
        </div>
        {copy === 'failed' ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t('admin.password.copyFailed')}</MessageBarBody>
          </MessageBar>
        ) : null}
        <MessageBar intent="warning">
          <MessageBarBody>{t('admin.password.shownOnce')}</MessageBarBody>
        </MessageBar>
      </DialogContent>
      <DialogActions>
        <Button appearance="primary" onClick={onDone}>
          {t('admin.password.done')}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}
