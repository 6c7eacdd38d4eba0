// A resource record in the editor: built from the server's answer, checked with the same zod schemas the server
// uses (db/resources/engine.ts fieldSchema, message keys from issueMessage, kept as keys with the field's label
// and shown in the user's language whenever they show: util/message.ts), and turned back into the body of the save.
import {
  fieldSchema,
  issueMessage,
  type ChildDef,
  type FieldDef,
  type ResourceDef,
} from '../../../../db/resources/engine';
import type { FieldErrors } from '../../components/editor/useEditor';
import { toFormValue, toWireValue, type FormRecord } from '../../components/form/values';
import { fieldLabel, keyed } from '../../util/message';

export interface ChildRow {
  /** Local key for React; not sent. */
  key: string;
  values: FormRecord;
}

export interface EditorRecord {
  values: FormRecord;
  children: Record<string, ChildRow[]>;
  /** Audit columns for the info popup, as the server sent them. */
  audit: Record<string, unknown>;
  id: number;
}

export type { FieldErrors };

/** Fields the editor shows: the definition's fields and the active flag (Id and audit columns are elsewhere). */
export function editorFields(def: ResourceDef): FieldDef[] {
  return [...def.fields, { name: 'Is_Active', type: 'bool', default: true }];
}

/** Whether the form shows a message for this key beside an input: a field, a sub-table, or one of its cells. */
export function formShows(def: ResourceDef, key: string): boolean {
  const [name = '', index, field] = key.split('.');
  if (index === undefined) return editorFields(def).some((f) => f.name === name) || isChild(def, name);
  const child = (def.children ?? []).find((c) => c.name === name);
  return child !== undefined && /^\d+$/.test(index) && child.fields.some((f) => f.name === field);
}

function isChild(def: ResourceDef, name: string): boolean {
  return (def.children ?? []).some((c) => c.name === name);
}

let rowCounter = 0;
export function newRowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

export function childDefaults(child: ChildDef): FormRecord {
  return Object.fromEntries(child.fields.map((f) => [f.name, toFormValue(f, f.default ?? null)]));
}

export function fromServer(def: ResourceDef, data: Record<string, unknown>): EditorRecord {
  const values: FormRecord = {};
  for (const f of editorFields(def))
    values[f.name] = toFormValue(f, f.name in data ? data[f.name] : (f.default ?? null));
  const children: EditorRecord['children'] = {};
  for (const child of def.children ?? []) {
    const rows = Array.isArray(data[child.name]) ? (data[child.name] as Record<string, unknown>[]) : [];
    children[child.name] = rows.map((row) => ({
      key: newRowKey(),
      values: Object.fromEntries(child.fields.map((f) => [f.name, toFormValue(f, row[f.name])])),
    }));
  }
  const audit = {
    Created_Date: data.Created_Date,
    Created_By: data.Created_By,
    Edited_Date: data.Edited_Date,
    Edited_By: data.Edited_By,
  };
  return { values, children, audit, id: Number(data.Id ?? 0) };
}

/** The body of POST (create) or PUT (edit, with Id). Read-only and secret-but-empty fields are left out. */
export function toBody(
  def: ResourceDef,
  record: EditorRecord,
  mode: 'create' | 'edit',
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of editorFields(def)) {
    if (f.readOnly) continue;
    // A secret left empty keeps its current value (it is never sent to the console to begin with).
    if (f.secret && !record.values[f.name]) continue;
    body[f.name] = toWireValue(f, record.values[f.name]);
  }
  for (const child of def.children ?? []) {
    body[child.name] = (record.children[child.name] ?? []).map((row) =>
      Object.fromEntries(
        child.fields.filter((f) => !f.readOnly).map((f) => [f.name, toWireValue(f, row.values[f.name])]),
      ),
    );
  }
  if (mode === 'edit') body.Id = record.id;
  return body;
}

function check(def: ResourceDef, field: FieldDef, value: unknown, key: string, errors: FieldErrors) {
  if (field.readOnly) return;
  const result = fieldSchema(field).safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0];
  if (!issue) return;
  const found = issueMessage(issue);
  (errors[key] ??= []).push(keyed(found.key, { ...found.params, field: fieldLabel(def.name, field.name) }));
}

/**
 * The same checks the server makes on each value (required, lengths, ranges, dates, choices, date order), as
 * messages with the fields' labels, translated when shown.
 */
export function validateRecord(def: ResourceDef, record: EditorRecord, mode: 'create' | 'edit'): FieldErrors {
  const label = (name: string) => fieldLabel(def.name, name);
  const errors: FieldErrors = {};
  for (const f of editorFields(def)) {
    if (f.secret && mode === 'edit' && !record.values[f.name]) continue;
    check(def, f, toWireValue(f, record.values[f.name]), f.name, errors);
  }
  for (const child of def.children ?? []) {
    const rows = record.children[child.name] ?? [];
    if (rows.length < (child.minRows ?? 0)) {
      (errors[child.name] ??= []).push(
        keyed('validation.minRows', { field: label(child.name), count: child.minRows ?? 0 }),
      );
    }
    rows.forEach((row, index) => {
      for (const f of child.fields) {
        check(def, f, toWireValue(f, row.values[f.name]), `${child.name}.${index}.${f.name}`, errors);
      }
    });
  }
  for (const [from, to] of def.dateRanges ?? []) {
    const fromField = def.fields.find((f) => f.name === from);
    const toField = def.fields.find((f) => f.name === to);
    if (!fromField || !toField || errors[from] || errors[to]) continue;
    const a = fieldSchema(fromField).safeParse(toWireValue(fromField, record.values[from]));
    const b = fieldSchema(toField).safeParse(toWireValue(toField, record.values[to]));
    if (
      a.success &&
      b.success &&
      typeof a.data === 'string' &&
      typeof b.data === 'string' &&
      a.data > b.data
    ) {
      (errors[to] ??= []).push(keyed('validation.dateOrder', { field: label(to), from: label(from) }));
    }
  }
  return errors;
}
