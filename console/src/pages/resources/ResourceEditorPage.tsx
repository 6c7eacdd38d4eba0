// The form of every master-data resource (`/<Resource>/Editor?mode=create|edit|view&id=…`), made from its
// definition: inputs by field type, sections by `group`, sub-tables for `children`. It loads
// `GET /api/<path>/<id>/<mode>`, checks with the server's own zod schemas, asks "Are you sure?", then POSTs (create)
// or PUTs (edit, with Id); the server's field errors (already in the user's language) show under their inputs.
// After a successful save the user goes back to the list with a "Data Saved" toast, as the original console's
// editors do (spec/3 §7): the list is where the saved row is checked and the next one is picked.
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Subtitle2,
  Title2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeft20Regular, Info20Regular, Save20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { FieldDef, ResourceDef } from '../../../../db/resources/engine';
import { api } from '../../api/client';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { FieldControl } from '../../components/form/FieldControl';
import type { FormValue } from '../../components/form/values';
import { formatDateTime, textOf } from '../../components/grid/cellFormat';
import { useRouteTitle } from '../../routes/title';
import { useNotify } from '../../shell/notify';
import { guardLeaving, leave } from '../../util/leaveGuard';
import { NotAvailablePage } from '../NotAvailablePage';
import { EditorExtras } from './admin';
import { ChildTable } from './ChildTable';
import { useResourceText, type ResourceText } from './labels';
import { lookupSource } from './lookups';
import { useResourcePermission } from './permission';
import {
  editorFields,
  fromServer,
  toBody,
  validateRecord,
  type EditorRecord,
  type FieldErrors,
} from './record';
import { useRouteResource } from './registry';
import { useResourcePageStyles } from './styles';

export type EditorMode = 'create' | 'edit' | 'view';

const MAIN_GROUP = 'main';

const useStyles = makeStyles({
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
    // A message under one input must not stretch the inputs beside it.
    alignItems: 'start',
  },
  sections: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  wide: {
    gridColumn: '1 / -1',
  },
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
});

/** What the user can change of a record, as one comparable string. */
function snapshot(record: EditorRecord): string {
  return JSON.stringify([record.values, record.children]);
}

function parseMode(value: string | null): EditorMode {
  return value === 'create' || value === 'edit' ? value : 'view';
}

export default function ResourceEditorPage() {
  const { def, route } = useRouteResource();
  const title = useRouteTitle(route);
  if (!def) return <NotAvailablePage title={title} />;
  return <ResourceEditor key={def.name} def={def} />;
}

/** Fields in sections: the ones without a group first, then each group in the order it first appears. */
function sections(fields: FieldDef[]): { group: string; fields: FieldDef[] }[] {
  const out: { group: string; fields: FieldDef[] }[] = [];
  for (const f of fields) {
    const group = f.group ?? MAIN_GROUP;
    let section = out.find((s) => s.group === group);
    if (!section) {
      section = { group, fields: [] };
      if (group === MAIN_GROUP) out.unshift(section);
      else out.push(section);
    }
    section.fields.push(f);
  }
  return out;
}

function InfoPopup({ record, text }: { record: EditorRecord; text: ResourceText }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const rows: [string, string][] = [
    [text.field('Created_Date'), formatDateTime(record.audit.Created_Date)],
    [text.field('Created_By'), textOf(record.audit.Created_By)],
    [text.field('Edited_Date'), formatDateTime(record.audit.Edited_Date)],
    [text.field('Edited_By'), textOf(record.audit.Edited_By)],
  ];
  return (
    <Popover withArrow positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<Info20Regular />}>{t('form.info')}</Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.info} aria-label={t('form.info')}>
        <dl className={styles.infoList}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.infoRow}>
              <dt className={styles.infoLabel}>{label}</dt>
              <dd className={styles.infoValue}>{value || '-'}</dd>
            </div>
          ))}
        </dl>
      </PopoverSurface>
    </Popover>
  );
}

function ResourceEditor({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const page = useResourcePageStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [params] = useSearchParams();
  const text = useResourceText(def);
  const permission = useResourcePermission(def, 'Editor');
  const requested = parseMode(params.get('mode'));
  const id = Number(params.get('id') ?? 0) || 0;
  const [record, setRecord] = useState<EditorRecord | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // The record as loaded, to tell whether the user has changed anything; and where they wanted to go when
  // asked about leaving their changes.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);
  // Unsaved changes in a card under the form (e.g. a group's permission matrix), which saves on its own.
  const [extrasDirty, setExtrasDirty] = useState(false);

  const from = (location.state as { from?: unknown } | null)?.from;
  const indexPath = typeof from === 'string' && from ? from : `/${def.name}/Index`;

  // The mode the user may have: no Edit right (or a read-only resource) means viewing; no Create right, no form.
  const mode: EditorMode | 'denied' | null = !permission
    ? null
    : requested === 'create'
      ? permission.Create
        ? 'create'
        : 'denied'
      : requested === 'edit' && permission.Edit
        ? 'edit'
        : 'view';
  const readOnly = mode !== 'create' && mode !== 'edit';
  const fieldSections = useMemo(() => sections(editorFields(def)), [def]);

  useEffect(() => {
    if (mode === null || mode === 'denied') return;
    let live = true;
    api
      .get<Record<string, unknown>>(`${def.path}/${mode === 'create' ? 0 : id}/${mode}`)
      .then((res) => {
        if (!live) return;
        if (res.success && res.data) {
          const next = fromServer(def, res.data);
          setLoaded(snapshot(next));
          setRecord(next);
          return;
        }
        notify.error(res.message || t('common.requestFailed'));
        void navigate(indexPath, { replace: true });
      })
      .catch((error: unknown) => {
        if (!live) return;
        notify.failure(error, t('common.requestFailed'));
        void navigate(indexPath, { replace: true });
      });
    return () => {
      live = false;
    };
    // Loaded once per record and mode.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, id, mode]);

  const dirty =
    extrasDirty || (!readOnly && record !== null && loaded !== null && snapshot(record) !== loaded);

  useEffect(() => {
    if (!dirty) return;
    return guardLeaving((go) => setPendingLeave(() => go));
  }, [dirty]);

  function setValue(name: string, value: FormValue) {
    setRecord((current) =>
      current ? { ...current, values: { ...current.values, [name]: value } } : current,
    );
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  }

  function askToSave() {
    if (!record || readOnly) return;
    const found = validateRecord(def, record, mode === 'create' ? 'create' : 'edit', text.field, t);
    setErrors(found);
    if (Object.keys(found).length) {
      setSummary(t('form.fixErrors'));
      return;
    }
    setSummary(null);
    setConfirmOpen(true);
  }

  async function save() {
    if (!record || (mode !== 'create' && mode !== 'edit')) return;
    setSaving(true);
    try {
      const body = toBody(def, record, mode);
      const res = mode === 'create' ? await api.post(def.path, body) : await api.put(def.path, body);
      if (res.success) {
        notify.success(res.message, t('common.dataSaved'));
        setConfirmOpen(false);
        void navigate(indexPath);
        return;
      }
      setConfirmOpen(false);
      if (res.errors && Object.keys(res.errors).length) {
        setErrors(res.errors);
        setSummary(t('form.fixErrors'));
      }
      notify.error(res.message || t('common.requestFailed'), t('form.saveError'));
    } catch (error) {
      setConfirmOpen(false);
      notify.failure(error, t('common.requestFailed'));
    } finally {
      setSaving(false);
    }
  }

  const heading =
    mode === 'create'
      ? t('form.titleCreate', { name: text.title })
      : mode === 'edit'
        ? t('form.titleEdit', { name: text.title })
        : t('form.titleView', { name: text.title });

  return (
    <section className={page.page} aria-labelledby="resource-editor-title">
      <div className={page.header}>
        <Title2 as="h1" id="resource-editor-title">
          {mode === null || mode === 'denied' ? text.title : heading}
        </Title2>
        <div className={page.toolbar} role="toolbar" aria-label={t('resources.actions')}>
          <Button icon={<ArrowLeft20Regular />} onClick={() => leave(() => void navigate(indexPath))}>
            {t('form.back')}
          </Button>
          {record && mode !== 'create' ? <InfoPopup record={record} text={text} /> : null}
          {record && !readOnly ? (
            <Button appearance="primary" icon={<Save20Regular />} disabled={saving} onClick={askToSave}>
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
      {summary ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{summary}</MessageBarBody>
        </MessageBar>
      ) : null}
      {mode !== 'denied' && !record ? (
        <div className={page.loading}>
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
          <div className={styles.sections}>
            {fieldSections.map((section) => (
              <div key={section.group} className={page.card}>
                {fieldSections.length > 1 ? <Subtitle2 as="h2">{text.group(section.group)}</Subtitle2> : null}
                <div className={styles.fields}>
                  {section.fields.map((f) => {
                    const messages = errors[f.name] ?? [];
                    const fieldReadOnly = readOnly || f.readOnly === true;
                    return (
                      <Field
                        key={f.name}
                        className={mergeClasses((f.type === 'textarea' || f.type === 'json') && styles.wide)}
                        label={text.field(f.name)}
                        required={f.required && !fieldReadOnly}
                        validationState={messages.length ? 'error' : 'none'}
                        validationMessage={messages.length ? messages.join(' ') : undefined}
                      >
                        <FieldControl
                          field={f}
                          value={record.values[f.name] ?? null}
                          readOnly={fieldReadOnly}
                          lookup={lookupSource(f)}
                          optionLabel={(code) => text.option(f.name, code)}
                          onChange={(value) => setValue(f.name, value)}
                        />
                      </Field>
                    );
                  })}
                </div>
              </div>
            ))}
            {(def.children ?? []).map((child) => (
              <div key={child.name} className={page.card}>
                <ChildTable
                  child={child}
                  rows={record.children[child.name] ?? []}
                  errors={errors}
                  readOnly={readOnly}
                  label={text.field}
                  optionLabel={text.option}
                  onChange={(rows, changedCell) => {
                    setRecord((current) =>
                      current
                        ? { ...current, children: { ...current.children, [child.name]: rows } }
                        : current,
                    );
                    // A changed cell loses its message; an added or removed row moves the others, so the
                    // table's messages no longer point at the right cells and go.
                    setErrors((current) =>
                      Object.fromEntries(
                        Object.entries(current).filter(([key]) =>
                          changedCell
                            ? key !== changedCell
                            : key !== child.name && !key.startsWith(`${child.name}.`),
                        ),
                      ),
                    );
                  }}
                />
              </div>
            ))}
            <EditorExtras
              def={def}
              id={id}
              mode={mode}
              permission={permission}
              record={record}
              onDirtyChange={setExtrasDirty}
            />
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={confirmOpen}
        title={t('common.save')}
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirmOpen(false)}
      />
      <ConfirmDialog
        open={pendingLeave !== null}
        title={t('form.leaveTitle')}
        message={t('form.leaveMessage')}
        confirmLabel={t('form.leaveConfirm')}
        onConfirm={() => {
          const go = pendingLeave;
          setPendingLeave(null);
          go?.();
        }}
        onCancel={() => setPendingLeave(null)}
      />
    </section>
  );
}
