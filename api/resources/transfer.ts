// Files in and out of every master-data resource:
//   POST /api/<path>/export     the filtered, sorted list as CSV or Excel, headed by the labels (View)
//   GET  /api/<path>/template   an empty file to fill in, headed by the wire names (View)
//   POST /api/<path>/import     {file_name, content_base64}: CSV or Excel (Create; rows whose key exists update
//                               the record and need Edit)
// An import checks the whole file first and saves all rows or none: every row goes through the same
// validation as the editor (records.ts) inside one transaction, rows after a bad one are still checked so
// the report lists every bad row, and any error rolls the transaction back.
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  allFields,
  columnOf,
  listedFields,
  type FieldDef,
  type ResourceDef,
} from '../../db/resources/engine';
import { hasForbiddenCharacter, text } from '../../db/resources/input';
import type { Db } from '../../db/connection';
import { AppError, ValidationError, type FieldErrors } from '../errors';
import { defineRoute, type RouteDef } from '../http';
import { translate, type Language } from '../i18n';
import { applyListFilters, applyListSorts, listRequestSchema } from '../list';
import type { AppDeps } from '../deps';
import { guardWrite } from '../services/admin-rights';
import type { AuthUser } from '../services/session';
import type { ImportFileInput, ImportResult } from '../bulk/types';
import {
  audit,
  fieldParam,
  listSpec,
  ownerScope,
  restrictToOwner,
  selectColumns,
  stampOwner,
  validateRecord,
} from './records';

/** Rows an export or an import may hold; beyond that the user filters the list or splits the file. */
export const MAX_FILE_ROWS = 20_000;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPE = 'text/csv; charset=utf-8';

function label(lang: Language, def: ResourceDef, field: string): string {
  return translate(lang, 'validation.fieldLabel', { field: fieldParam(def, field) });
}

/** Fields a file carries: what a user may write, in definition order (Is_Active last). */
function fileFields(def: ResourceDef): FieldDef[] {
  return allFields(def).filter((f) => !f.readOnly && !f.secret);
}

function displayValue(field: FieldDef, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (field.type === 'bool') return value ? 'Y' : 'N';
  if (field.type === 'date' && typeof value === 'string') return value.split('-').reverse().join('/');
  if (value instanceof Date) return value.toISOString();
  return value as string | number;
}

export type Cell = string | number | boolean | null | undefined;

/** What a spreadsheet reads as the start of a formula when it opens a CSV file (`=`, `+`, `-`, `@`, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (`=HYPERLINK(...)` typed into a name by an outside
 * company, then opened by staff) gets an apostrophe in front, so it shows as the text it is (OWASP "CSV
 * injection"). Numbers are written as numbers: only text is marked.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvFile(header: string[], rows: Cell[][]): Buffer {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  // A byte-order mark lets Excel open UTF-8 (Indonesian names, accents) correctly.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function xlsxFile(
  sheet: string,
  header: string[],
  rows: unknown[][],
  notes?: string[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(sheet.slice(0, 31));
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  header.forEach((h, i) => (ws.getColumn(i + 1).width = Math.min(40, Math.max(12, h.length + 2))));
  if (notes) {
    const help = workbook.addWorksheet('Fields');
    for (const n of notes) help.addRow(n);
    help.getRow(1).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function send(
  ctx: { set(k: string, v: string): void; body: unknown },
  name: string,
  format: 'csv' | 'xlsx',
  body: Buffer,
) {
  ctx.set('Content-Type', format === 'csv' ? CSV_TYPE : XLSX_TYPE);
  ctx.set('Content-Disposition', `attachment; filename="${name}.${format}"`);
  ctx.body = body;
}

// ---------------------------------------------------------------- reading files

/** RFC 4180 CSV (quotes, doubled quotes, line breaks inside quotes); `,` or `;` chosen from the header. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

/**
 * Stands for each byte of a file that is not part of UTF-8 text (a CSV saved as "ANSI", a damaged file): a lone
 * surrogate, which no UTF-8 decoding yields, so in a CSV such a cell is told apart from one holding a real "�"
 * (a workbook: see sheetRows), and no field would take it anyway (db/resources/input.ts). importRows reports
 * the cell by row and column.
 */
export const INVALID_BYTE = '\udfff';

function excelCell(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const d = value;
    const pad = (n: number) => String(n).padStart(2, '0');
    // Excel dates carry no zone; exceljs gives them as UTC midnight.
    return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return excelCell(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/**
 * A sheet's rows as text. A workbook keeps its text as UTF-8 XML, and exceljs reads bytes that are not UTF-8 as
 * "�" without a word: a cell holding one came from such bytes, and is reported as a CSV's would be.
 */
function sheetRows(ws: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) {
      values.push(excelCell(row.getCell(c).value).replaceAll('\ufffd', INVALID_BYTE).trim());
    }
    rows.push(values);
  });
  return rows.filter((r) => r.some((v) => v !== ''));
}

/** Every sheet of a workbook by name, as rows of trimmed text. */
export async function readWorkbook(content: Buffer): Promise<Map<string, string[][]>> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new ValidationError({ file: [{ key: 'import.unreadable' }] }, 'import.unreadable');
  }
  return new Map(workbook.worksheets.map((ws) => [ws.name, sheetRows(ws)]));
}

async function parseXlsx(content: Buffer): Promise<string[][]> {
  const sheets = await readWorkbook(content);
  return sheets.values().next().value ?? [];
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Length of the UTF-8 sequence at `i` when it is a valid one, else 0 (RFC 3629: no overlongs, no surrogates). */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i]!;
  const continues = (k: number, lo = 0x80, hi = 0xbf) => {
    const b = bytes[i + k];
    return b !== undefined && b >= lo && b <= hi;
  };
  if (b0 < 0x80) return 1;
  if (b0 >= 0xc2 && b0 <= 0xdf) return continues(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const [lo, hi] = b0 === 0xe0 ? [0xa0, 0xbf] : b0 === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continues(1, lo, hi) && continues(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const [lo, hi] = b0 === 0xf0 ? [0x90, 0xbf] : b0 === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continues(1, lo, hi) && continues(2) && continues(3) ? 4 : 0;
  }
  return 0;
}

/** A file's bytes as text, each byte that is not UTF-8 read as INVALID_BYTE. */
export function decodeUtf8(bytes: Buffer): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const parts: string[] = [];
    let start = 0;
    let i = 0;
    while (i < bytes.length) {
      const length = utf8SequenceLength(bytes, i);
      if (length) {
        i += length;
        continue;
      }
      parts.push(bytes.toString('utf8', start, i), INVALID_BYTE);
      start = ++i;
    }
    parts.push(bytes.toString('utf8', start));
    return parts.join('');
  }
}

export async function readTable(fileName: string, content: Buffer): Promise<string[][]> {
  if (/\.csv$/i.test(fileName)) return parseCsv(decodeUtf8(content));
  if (/\.xlsx$/i.test(fileName)) return parseXlsx(content);
  throw new ValidationError({ file: [{ key: 'import.fileType' }] }, 'import.fileType');
}

// ---------------------------------------------------------------- import

export interface RowReport {
  /** Row number in the file, counting the header as row 1. */
  row: number;
  errors: Record<string, string[]>;
}

/**
 * A file import as the bulk threads run it (api/bulk): the file read, then every row written in one
 * transaction, all or nothing.
 */
export async function importFile(db: Db, def: ResourceDef, input: ImportFileInput): Promise<ImportResult> {
  const table = await readTable(input.fileName, Buffer.from(input.contentBase64, 'base64'));
  const { user, lang, mayUpdate } = input;
  return db.transaction((trx) => importRows(trx, def, table, user, new Date(input.now), lang, mayUpdate));
}

/** Headers are wire names (the template) or labels in either language (an edited export). */
function headerMap(def: ResourceDef, header: string[]): (FieldDef | undefined)[] {
  const fields = fileFields(def);
  const known = new Map<string, FieldDef>();
  for (const f of fields) {
    known.set(f.name.toLowerCase(), f);
    for (const lang of ['en', 'id'] as const) known.set(label(lang, def, f.name).toLowerCase(), f);
  }
  return header.map((h) => known.get(h.trim().toLowerCase()));
}

function translateErrors(lang: Language, errors: FieldErrors): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors)) {
    out[field] = list.map((m) => translate(lang, m.key, { field, ...m.params }));
  }
  return out;
}

/**
 * Validates and writes every row of `table` (header first) in `trx`; returns the counts, or throws the
 * row-by-row report. The caller's transaction makes it all or nothing.
 */
export async function importRows(
  trx: Db,
  def: ResourceDef,
  table: string[][],
  user: AuthUser,
  now: Date,
  lang: Language,
  mayUpdate: boolean,
): Promise<ImportResult> {
  const [header, ...rows] = table;
  if (!header || rows.length === 0) throw new AppError(400, 'IMPORT_EMPTY', 'import.empty');
  if (rows.length > MAX_FILE_ROWS) {
    throw new AppError(400, 'IMPORT_TOO_MANY', 'import.tooManyRows', { max: MAX_FILE_ROWS });
  }
  const columns = headerMap(def, header);
  const unknown = header.filter((h, i) => !columns[i] && h.trim() !== '');
  if (unknown.length) {
    const names = unknown.map((h) => h.replaceAll(INVALID_BYTE, '\ufffd')).join(', ');
    throw new AppError(400, 'IMPORT_COLUMNS', 'import.unknownColumns', { columns: names });
  }
  const keyField = def.key ? def.fields.find((f) => f.name === def.key) : undefined;
  const reports: RowReport[] = [];
  const seenKeys = new Map<string, number>();
  const result: ImportResult = { created: 0, updated: 0 };

  for (const [index, cells] of rows.entries()) {
    const rowNumber = index + 2;
    // Every problem of the row is gathered before it is reported: a format error in one column does not hide
    // an unknown reference in another, so one answer lists all that the user has to fix.
    const errors: FieldErrors = {};
    const cellsByField: Record<string, unknown> = {};
    columns.forEach((field, i) => {
      if (!field) return;
      const cell = cells[i] ?? '';
      // A cell no field may hold is reported as such and left out of the row, so no query sees it.
      if (hasForbiddenCharacter(cell)) {
        const key = cell.includes(INVALID_BYTE) ? 'import.invalidEncoding' : 'validation.invalidCharacters';
        errors[field.name] = [{ key, params: { field: fieldParam(def, field.name) } }];
      } else cellsByField[field.name] = cell;
    });
    const body = stampOwner(cellsByField, def, user, errors);
    const owner = ownerScope(def, user);
    let existingId: number | undefined;
    if (keyField && typeof body[keyField.name] === 'string' && body[keyField.name] !== '') {
      // A key unique only beside other fields (a Lookup code within its group) is matched with them.
      const scope = (keyField.uniqueWith ?? []).map((name) => def.fields.find((f) => f.name === name)!);
      const key = String(body[keyField.name]).trim().toLowerCase();
      const scopeValues = scope.map((f) =>
        typeof body[f.name] === 'string' ? (body[f.name] as string).trim() : '',
      );
      const seenKey = JSON.stringify([key, ...scopeValues.map((v) => v.toLowerCase())]);
      const earlier = seenKeys.get(seenKey);
      if (earlier !== undefined) {
        // Not looked up: the record found would be the one the earlier row just wrote.
        errors[keyField.name] = [
          {
            key: 'import.duplicateInFile',
            params: { field: fieldParam(def, keyField.name), row: earlier },
          },
        ];
      } else {
        seenKeys.set(seenKey, rowNumber);
        const match = trx(def.table).whereRaw('lower(??) = ?', [columnOf(keyField), key]);
        // An outside company updates only its own rows; a key held by another one is a duplicate.
        if (owner) match.where(owner.column, owner.value);
        scope.forEach((f, i) => {
          if (scopeValues[i]) match.whereRaw('lower(??::text) = lower(?)', [columnOf(f), scopeValues[i]]);
          else match.whereNull(columnOf(f));
        });
        const found = (await match.first('id')) as { id: number } | undefined;
        existingId = found?.id;
        if (existingId !== undefined && !mayUpdate) {
          errors[keyField.name] = [
            { key: 'errors.duplicate', params: { field: fieldParam(def, keyField.name) } },
          ];
        }
      }
    }
    // On update a column left out of the file keeps the record's value; on create a column left out, or a
    // cell left empty, takes the field's default, as a new record does in the editor.
    if (existingId === undefined) {
      for (const f of fileFields(def)) {
        const v = body[f.name];
        if ((v === undefined || v === '') && f.default !== undefined) body[f.name] = f.default;
      }
    }
    try {
      const parsed = await validateRecord(trx, def, body, existingId);
      if (!Object.keys(errors).length) {
        const present = new Set(columns.filter((f): f is FieldDef => !!f).map(columnOf));
        const row =
          existingId === undefined
            ? parsed.row
            : Object.fromEntries(Object.entries(parsed.row).filter(([c]) => present.has(c)));
        await guardWrite(trx, def, user, { id: existingId, row });
        // Valid rows are written even after a bad one, so later rows may refer to them; the report then
        // rolls everything back.
        if (existingId === undefined) {
          await trx(def.table).insert({ ...row, ...audit(user, now, true) });
          result.created++;
        } else {
          await trx(def.table)
            .where({ id: existingId })
            .update({ ...row, ...audit(user, now, false) });
          result.updated++;
        }
      }
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      // A field already refused above keeps that reason alone (an unreadable cell is not also "required").
      for (const [field, list] of Object.entries(err.fieldErrors)) errors[field] ??= list;
    }
    if (Object.keys(errors).length) reports.push({ row: rowNumber, errors: translateErrors(lang, errors) });
  }
  if (reports.length) {
    throw new AppError(
      400,
      'IMPORT_INVALID',
      'import.invalidRows',
      { count: reports.length, total: rows.length },
      {
        rows: reports,
      },
    );
  }
  return result;
}

// ---------------------------------------------------------------- routes

export const exportBody = listRequestSchema.extend({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
const templateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
const importBody = z.object({
  file_name: text(200).min(1),
  content_base64: text(8_000_000).min(1),
});

async function exportRows(
  deps: AppDeps,
  def: ResourceDef,
  body: z.infer<typeof exportBody>,
  user?: AuthUser,
) {
  const spec = listSpec(def);
  const q = deps.db(`${def.table} as t`).select(selectColumns(deps.db, listedFields(def)));
  if (user) restrictToOwner(q, def, user);
  applyListFilters(q, body, spec);
  applyListSorts(q, body, spec);
  const rows = (await q.limit(MAX_FILE_ROWS + 1)) as Record<string, unknown>[];
  if (rows.length > MAX_FILE_ROWS) {
    throw new AppError(422, 'EXPORT_TOO_LARGE', 'import.exportTooLarge', { max: MAX_FILE_ROWS });
  }
  return rows;
}

export function transferRoutes(def: ResourceDef): RouteDef[] {
  const controller = def.name;
  const view = def.public ? ('public' as const) : { controller, action: 'View' as const };
  const routes: RouteDef[] = [
    defineRoute({
      method: 'post',
      path: `/${def.path}/export`,
      summary: `${def.name}: the filtered list as a CSV or Excel file (at most ${MAX_FILE_ROWS} rows).`,
      access: view,
      body: exportBody,
      handler: async ({ deps, body, ctx, lang, user }) => {
        const fields = listedFields(def).filter((f) => !f.secret);
        const rows = await exportRows(deps, def, body, user);
        const header = fields.map((f) => label(lang, def, f.name));
        const values = rows.map((r) => fields.map((f) => displayValue(f, r[f.name])));
        const file =
          body.format === 'csv' ? csvFile(header, values) : await xlsxFile(def.name, header, values);
        send(ctx, `${def.name}`, body.format, file);
      },
    }),
  ];
  if (def.readOnly) return routes;
  routes.push(
    defineRoute({
      method: 'get',
      path: `/${def.path}/template`,
      summary: `${def.name}: an empty import file; the Fields sheet describes each column.`,
      access: view,
      query: templateQuery,
      handler: async ({ ctx, query, lang }) => {
        const fields = fileFields(def);
        const header = fields.map((f) => f.name);
        if (query.format === 'csv') {
          send(ctx, `${def.name}-template`, 'csv', csvFile(header, []));
          return;
        }
        const notes = [
          ['Column', 'Label', 'Type', 'Required', 'Maxlength', 'Values'].map((k) =>
            translate(lang, `import.columns.${k}`),
          ),
          ...fields.map((f) => [
            f.name,
            label(lang, def, f.name),
            f.type === 'date' ? 'dd/mm/yyyy' : f.type === 'bool' ? 'Y/N' : f.type,
            f.required ? 'Y' : 'N',
            f.maxLength ? String(f.maxLength) : '',
            f.options?.join(', ') ?? (f.ref ? `${f.ref}` : (f.lookupGroup ?? '')),
          ]),
        ];
        send(ctx, `${def.name}-template`, 'xlsx', await xlsxFile(def.name, header, [], notes));
      },
    }),
    defineRoute({
      method: 'post',
      path: `/${def.path}/import`,
      summary: `${def.name}: import a CSV or Excel file; all rows are saved or none, with a row-by-row report.`,
      access: { controller, action: 'Create' },
      body: importBody,
      files: ['content_base64'],
      handler: async ({ deps, body, user, lang }) => {
        const mayUpdate = def.key !== undefined && (await deps.permissions.can(user, controller, 'Edit'));
        // Up to MAX_FILE_ROWS rows: on a bulk thread, off the event loop that answers everyone else.
        const outcome = await deps.bulk.run({
          kind: 'import',
          resource: def.name,
          input: {
            fileName: body.file_name,
            contentBase64: body.content_base64,
            user,
            lang,
            mayUpdate,
            now: deps.now().toISOString(),
          },
        });
        if (outcome.error !== undefined) throw outcome.error;
        const result = outcome.value as ImportResult;
        return {
          message: 'import.saved',
          messageParams: { created: result.created, updated: result.updated },
          data: { saved: result.created + result.updated, ...result },
        };
      },
    }),
  );
  return routes;
}
