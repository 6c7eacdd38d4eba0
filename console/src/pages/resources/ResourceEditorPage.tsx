// The form of every master-data resource (`/<Resource>/Editor?mode=create|edit|view&id=…`), made from its
// definition: inputs by field type, sections by `group`, sub-tables for `children`, in the editor frame that every
// record screen shares (loading, mode from the user's rights, Back, Info, Save with "Are you sure?", unsaved
// changes). It checks with the server's own zod schemas, then POSTs (create) or PUTs (edit, with Id); the
// server's field errors (already in the user's language) show under their inputs. Its own messages are kept as
// keys and shown in the current language, so they follow a language switch (util/message.ts). Users with the rights may switch
// a viewed record to Edit and delete (or deactivate) it here as on the list. An outside user's records of a
// resource with an owner (a transporter's drivers and trucks) name its own company, shown read-only: the server
// fills it in a new record and refuses another.
import { Field, Subtitle2, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Prohibited20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownerCodeOf, type FieldDef, type ResourceDef } from '../../../../db/resources/engine';
import { api } from '../../api/client';
import { EditorFrame } from '../../components/editor/EditorFrame';
import { useEditor } from '../../components/editor/useEditor';
import { FieldControl } from '../../components/form/FieldControl';
import type { FormValue } from '../../components/form/values';
import { useScreenStyles } from '../../components/screenStyles';
import { useSession } from '../../session/SessionContext';
import { useRouteTitle } from '../../routes/title';
import { useMessageText } from '../../util/message';
import { NotAvailablePage } from '../NotAvailablePage';
import { EditorExtras } from './admin';
import { ChildTable } from './ChildTable';
import { recordCaption, useResourceText } from './labels';
import { lookupSource } from './lookups';
import { useResourcePermission } from './permission';
import { editorFields, formShows, fromServer, toBody, validateRecord, type EditorRecord } from './record';
import { useRouteResource } from './registry';

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
});

/** What the user can change of a record, as one comparable string. */
function snapshot(record: EditorRecord): string {
  return JSON.stringify([record.values, record.children]);
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

function ResourceEditor({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const say = useMessageText();
  const styles = useStyles();
  const screen = useScreenStyles();
  const text = useResourceText(def);
  // Unsaved changes in a card under the form (e.g. a group's permission matrix), which saves on its own.
  const [extrasDirty, setExtrasDirty] = useState(false);
  const editor = useEditor<EditorRecord>({
    permission: useResourcePermission(def, 'Editor'),
    path: def.path,
    read: (data) =>
      data && typeof data === 'object' ? fromServer(def, data as Record<string, unknown>) : null,
    snapshot,
    indexPath: `/${def.name}/Index`,
    extraDirty: extrasDirty,
  });
  const { mode, record, errors, update, dropErrors } = editor;
  const readOnly = !editor.editable;
  const fieldSections = useMemo(() => sections(editorFields(def)), [def]);
  const deactivate = def.deleteMode === 'deactivate';
  const account = useSession().session?.user_data;
  const ownerField =
    account &&
    ownerCodeOf(def, {
      role: account.Role,
      isAdmin: account.Is_Admin,
      transporterCode: account.Transporter_Code,
      customerVendorCode: account.Customer_Vendor_Code,
    }) !== undefined
      ? def.owner?.field
      : undefined;

  function setValue(name: string, value: FormValue) {
    update((current) => ({ ...current, values: { ...current.values, [name]: value } }));
    dropErrors((key) => key === name);
  }

  return (
    <EditorFrame
      editor={editor}
      name={text.title}
      label={text.field}
      audit={record?.audit}
      validate={(current, saving) => validateRecord(def, current, saving)}
      submit={(current, saving) => {
        const body = toBody(def, current, saving);
        return saving === 'create' ? api.post(def.path, body) : api.put(def.path, body);
      }}
      shows={(key) => formShows(def, key)}
      remove={{
        label: deactivate ? t('resources.deactivate') : t('resources.delete'),
        icon: deactivate ? <Prohibited20Regular /> : undefined,
        detail: record ? recordCaption(def, record.values) : undefined,
        run: () => api.delete(`${def.path}/${editor.id}`),
      }}
      offerEdit
    >
      {record ? (
        <div className={styles.sections}>
          {fieldSections.map((section) => (
            <div key={section.group} className={screen.card}>
              {fieldSections.length > 1 ? <Subtitle2 as="h2">{text.group(section.group)}</Subtitle2> : null}
              <div className={styles.fields}>
                {section.fields.map((f) => {
                  const messages = errors[f.name] ?? [];
                  const fieldReadOnly = readOnly || f.readOnly === true || f.name === ownerField;
                  return (
                    <Field
                      key={f.name}
                      className={mergeClasses((f.type === 'textarea' || f.type === 'json') && styles.wide)}
                      label={text.field(f.name)}
                      required={f.required && !fieldReadOnly}
                      validationState={messages.length ? 'error' : 'none'}
                      validationMessage={say.join(messages)}
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
            <div key={child.name} className={screen.card}>
              <ChildTable
                child={child}
                rows={record.children[child.name] ?? []}
                errors={errors}
                readOnly={readOnly}
                label={text.field}
                optionLabel={text.option}
                onChange={(rows, changedCell) => {
                  update((current) => ({
                    ...current,
                    children: { ...current.children, [child.name]: rows },
                  }));
                  // A changed cell loses its message; an added or removed row moves the others, so the
                  // table's messages no longer point at the right cells and go.
                  dropErrors((key) =>
                    changedCell
                      ? key === changedCell
                      : key === child.name || key.startsWith(`${child.name}.`),
                  );
                }}
              />
            </div>
          ))}
          <EditorExtras
            def={def}
            id={editor.id}
            mode={mode}
            permission={editor.permission}
            record={record}
            onDirtyChange={setExtrasDirty}
          />
        </div>
      ) : null}
    </EditorFrame>
  );
}
