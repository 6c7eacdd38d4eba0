// Import into a list from a spreadsheet: download the template, choose an .xlsx or .csv file, send it as base64
// JSON (`POST /api/<path>/import` {file_name, content_base64}). The server checks every row before it saves any;
// a refusal lists the rows and their field messages, shown here row by row so the user can fix the file.
// Kept mounted by the caller, which toggles `open` (see ConfirmDialog).
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useNotify } from '../../shell/notify';
import { keyed, useMessageText, type Message } from '../../util/message';
import { downloadFile } from './download';

/** Larger files are refused before upload (spec/3 §5 file-size message); a master-data sheet is far smaller. */
export const IMPORT_MAX_BYTES = 10_000_000;
const ACCEPT = '.xlsx,.csv';

export interface ImportRowErrors {
  row: number;
  errors: Record<string, string[]>;
}

export interface ImportDialogProps {
  open: boolean;
  /** API path of the list, e.g. `company`. */
  path: string;
  /** What is imported, for the title and file names. */
  title: string;
  fileBaseName: string;
  fieldLabel: (field: string) => string;
  /** `saved` rows were written (0 when nothing was). */
  onClose: (saved: number) => void;
}

const useStyles = makeStyles({
  surface: {
    width: '720px',
    maxWidth: 'calc(100vw - 32px)',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  fileRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  fileInput: {
    maxWidth: '100%',
  },
  errors: {
    maxHeight: '320px',
    overflowY: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  rowCell: {
    width: '80px',
  },
});

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function formatSize(bytes: number): string {
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 }).format(bytes / 1_000_000)} MB`;
}

export function ImportDialog({ open, path, title, fileBaseName, fieldLabel, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'template' | 'import' | null>(null);
  // The dialog's own refusal is kept as its key, so it follows a language switch; the server's is its text.
  const [failure, setFailure] = useState<Message | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowErrors[]>([]);

  function reset() {
    setFile(null);
    setFailure(null);
    setRowErrors([]);
    if (input.current) input.current.value = '';
  }

  function close(saved: number) {
    if (busy) return;
    reset();
    onClose(saved);
  }

  async function template() {
    setBusy('template');
    try {
      const refused = await downloadFile(
        'GET',
        `${path}/template?format=xlsx`,
        undefined,
        `${fileBaseName}.xlsx`,
      );
      if (refused) notify.error(refused.message || t('common.requestFailed'));
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setBusy(null);
    }
  }

  function choose(chosen: File | null) {
    setFailure(null);
    setRowErrors([]);
    if (chosen && chosen.size > IMPORT_MAX_BYTES) {
      setFailure(keyed('import.tooLarge', { name: chosen.name, size: formatSize(IMPORT_MAX_BYTES) }));
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    if (!file) return;
    setBusy('import');
    setFailure(null);
    setRowErrors([]);
    try {
      const content = await readBase64(file);
      const res = await api.post<{ saved?: number; rows?: ImportRowErrors[] }>(`${path}/import`, {
        file_name: file.name,
        content_base64: content,
      });
      if (res.success) {
        const saved = res.data?.saved ?? 0;
        notify.success(res.message || t('import.saved', { count: saved }), t('common.dataSaved'));
        setBusy(null);
        reset();
        onClose(saved);
        return;
      }
      setFailure(res.message || keyed('import.failed'));
      setRowErrors(Array.isArray(res.data?.rows) ? res.data.rows : []);
    } catch (error) {
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setBusy(null);
    }
  }

  const lines = rowErrors.flatMap((entry) =>
    Object.entries(entry.errors ?? {}).flatMap(([field, messages]) =>
      messages.map((message, index) => ({
        key: `${entry.row}.${field}.${index}`,
        row: entry.row,
        field,
        message,
      })),
    ),
  );

  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) close(0);
      }}
    >
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('import.title', { name: title })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('import.intro')}</Text>
            <div>
              <Button
                icon={busy === 'template' ? <Spinner size="tiny" /> : <ArrowDownload20Regular />}
                disabled={busy !== null}
                onClick={() => void template()}
              >
                {t('import.template')}
              </Button>
            </div>
            <Field label={t('import.file')} hint={t('import.fileHint')}>
              {(fieldProps) => (
                <input
                  {...fieldProps}
                  ref={input}
                  className={styles.fileInput}
                  type="file"
                  accept={ACCEPT}
                  disabled={busy !== null}
                  onChange={(event) => choose(event.target.files?.[0] ?? null)}
                />
              )}
            </Field>
            {failure ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{say(failure)}</MessageBarBody>
              </MessageBar>
            ) : null}
            {lines.length ? (
              <div className={styles.errors}>
                <Table size="small" aria-label={t('import.errorsTable')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell className={styles.rowCell}>{t('import.row')}</TableHeaderCell>
                      <TableHeaderCell>{t('import.column')}</TableHeaderCell>
                      <TableHeaderCell>{t('import.message')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {lines.map((line) => (
                      <TableRow key={line.key}>
                        <TableCell className={styles.rowCell}>{line.row}</TableCell>
                        <TableCell>{fieldLabel(line.field)}</TableCell>
                        <TableCell>{line.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy !== null} onClick={() => close(0)}>
              {t('common.close')}
            </Button>
            <Button
              appearance="primary"
              disabled={!file || busy !== null}
              icon={busy === 'import' ? <Spinner size="tiny" /> : undefined}
              onClick={() => void upload()}
            >
              {t('import.submit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
