// "Are you sure?" before a save or a delete (spec/3 §5). The caller keeps it mounted and toggles `open`: a Fluent
// dialog removed from the page while open leaves the page aria-hidden (see ChangePasswordDialog).
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** Defaults to "Are you sure?". */
  message?: string;
  /** What the action applies to (e.g. the record), shown above the question. */
  detail?: string;
  confirmLabel?: string;
  /** The confirmed action is running: both buttons wait. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const useStyles = makeStyles({
  surface: {
    width: '420px',
    maxWidth: 'calc(100vw - 32px)',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  detail: {
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  // A longer answer ("Leave without saving") stays on one line instead of growing the buttons.
  button: {
    whiteSpace: 'nowrap',
  },
});

export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
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
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {detail ? <strong className={styles.detail}>{detail}</strong> : null}
            <span>{message ?? t('confirm.areYouSure')}</span>
          </DialogContent>
          <DialogActions>
            <Button className={styles.button} appearance="secondary" disabled={busy} onClick={onCancel}>
              {t('confirm.no')}
            </Button>
            <Button
              className={styles.button}
              appearance="primary"
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={onConfirm}
            >
              {confirmLabel ?? t('confirm.yes')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
