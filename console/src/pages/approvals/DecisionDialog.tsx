// The approve / reject dialog of the Approval screen: the chosen documents, the remark (required to reject, spec/3
// §5 "Reason is required") and the confirmation "Are you sure? These selected document(s) will be approved." (or
// rejected, spec/3 §5). Yes sends the decision; the dialog stays open while it runs. Like ConfirmDialog it stays
// mounted and is opened and closed by `open` (a Fluent dialog removed while open leaves the page aria-hidden).
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type Decision = 'approve' | 'reject';

/** approval_logs.remark holds at most this many characters (workflows/approvals/messages.ts). */
export const REMARK_MAX_LENGTH = 500;

export interface DecisionDialogProps {
  open: boolean;
  decision: Decision;
  /** Document numbers of the chosen rows. */
  documents: string[];
  busy: boolean;
  /** Why the server refused the whole request (e.g. the remark), shown under the remark. */
  serverError?: string;
  onConfirm: (remark: string) => void;
  onCancel: () => void;
}

const useStyles = makeStyles({
  surface: {
    width: '480px',
    maxWidth: 'calc(100vw - 32px)',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  documents: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    maxHeight: '160px',
    overflowY: 'auto',
    overflowWrap: 'anywhere',
  },
  question: {
    fontWeight: tokens.fontWeightSemibold,
  },
  button: {
    whiteSpace: 'nowrap',
  },
});

export function DecisionDialog(props: DecisionDialogProps) {
  const { open, decision, documents, busy, serverError, onConfirm, onCancel } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const [remark, setRemark] = useState('');
  const [missing, setMissing] = useState(false);

  // Each opening starts empty (state adjusted while rendering, as React advises, rather than in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setRemark('');
      setMissing(false);
    }
  }

  const reject = decision === 'reject';
  const title = reject ? t('approval.rejectTitle') : t('approval.approveTitle');
  const error = missing ? t('approval.remarkRequired') : serverError;

  function confirm() {
    if (reject && !remark.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(remark.trim());
  }

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
            <div>
              <span>{t('approval.selectedDocuments', { count: documents.length })}</span>
              <ul className={styles.documents} aria-label={t('approval.selectedList')}>
                {documents.map((document) => (
                  <li key={document}>{document}</li>
                ))}
              </ul>
            </div>
            <Field
              label={reject ? t('approval.remark') : t('approval.remarkOptional')}
              required={reject}
              validationState={error ? 'error' : 'none'}
              validationMessage={error}
            >
              <Textarea
                value={remark}
                maxLength={REMARK_MAX_LENGTH}
                resize="vertical"
                disabled={busy}
                onChange={(_, data) => {
                  setRemark(data.value);
                  if (data.value.trim()) setMissing(false);
                }}
              />
            </Field>
            <span className={styles.question}>
              {t('approval.confirm', {
                action: reject ? t('approval.actionRejected') : t('approval.actionApproved'),
              })}
            </span>
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
              onClick={confirm}
            >
              {t('confirm.yes')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
