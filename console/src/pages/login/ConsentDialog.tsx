// Privacy consent (spec/1 Login page): links to the privacy policy and terms of service, a checkbox, Accept enabled
// only when ticked. The login page decides what Accept does (save consent, then log in). The page keeps it mounted
// and sets `open` (a Fluent dialog removed while open leaves the page aria-hidden); the content unmounts on close,
// so every opening starts unticked.
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { usePolicyLinks } from '../../util/appInfo';

const useStyles = makeStyles({
  surface: {
    width: '50vw',
    minWidth: 'min(380px, calc(100vw - 32px))',
    maxWidth: 'calc(100vw - 32px)',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
});

export interface ConsentDialogProps {
  open: boolean;
  busy: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

export function ConsentDialog({ open, busy, onAccept, onCancel }: ConsentDialogProps) {
  const styles = useStyles();
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface className={styles.surface}>
        <ConsentContent busy={busy} onAccept={onAccept} onCancel={onCancel} />
      </DialogSurface>
    </Dialog>
  );
}

function ConsentContent({ busy, onAccept, onCancel }: Omit<ConsentDialogProps, 'open'>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [agreed, setAgreed] = useState(false);
  // Asked again at every opening (the content mounts with the dialog).
  const links = usePolicyLinks();

  return (
    <DialogBody>
      <DialogTitle
        action={
          <Button
            appearance="subtle"
            aria-label={t('common.close')}
            icon={<Dismiss24Regular />}
            disabled={busy}
            onClick={onCancel}
          />
        }
      >
        {t('consent.title')}
      </DialogTitle>
      <DialogContent className={styles.content}>
        <Text>{t('consent.intro')}</Text>
        <Text>
          <Trans
            i18nKey="consent.read"
            components={{
              privacy: links?.privacy ? (
                <Link href={links.privacy} target="_blank" rel="noreferrer" />
              ) : (
                <span />
              ),
              terms: links?.terms ? <Link href={links.terms} target="_blank" rel="noreferrer" /> : <span />,
            }}
          />
        </Text>
        <Checkbox
          checked={agreed}
          disabled={busy}
          onChange={(_, data) => setAgreed(data.checked === true)}
          label={t('consent.agree')}
        />
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          appearance="primary"
          disabled={!agreed || busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
          onClick={onAccept}
        >
          {t('consent.accept')}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}
