// The one way ERP documents enter sap_orders / sap_order_details, whoever brings them: the push API (SAP calls
// us), the scheduled pull (we call the adapter), the console's "Filter from SAP". DESIGN §4 "SAP order states":
//
//   new document                       → header (Type SYNC SAP, Status APPROVED) and its lines, os_qty = Qty
//   Changed_At older than stored       → nothing written at all (no statement touches its rows)
//   Changed_At as stored, same content → nothing written either
//   changed document (a newer Changed_At, or the stored one with other content) → header updated; per line:
//       new item                                   → inserted
//       existing, no active order (os_qty = qty)   → updated to SAP's values (os_qty = new Qty)
//       existing, active order (os_qty < qty)      → kept as is, flagged changed_in_sap (so is the header)
//       no longer in the document                  → mark_deleted, or flagged when an active order holds it
//   Lines whose values equal SAP's are not written, so a changed header does not rewrite its lines.
//   is_relation follows the document's incoterm and order type (RELATION_SETTING, as util/order_is_relation).
//
// The content is compared through a fingerprint of what the import stores of a document (erp_content_hash,
// migration 015), because SAP's stamp cannot order every change: a delivery keeps only the day of its last
// change (a weighing corrected the same day comes with the stamp already stored), and two changes may share a
// second.
//
// Everything is set-based: one read for the whole batch (master data, stored versions), then per chunk of
// documents one statement per step with the rows passed as one JSON parameter, never a round trip per row.
// The batch runs in one transaction. Documents must name active master data (order type, company, plant,
// customer/vendor when given, each line's material); with `invalid: 'reject'` (the push API) one bad document refuses the whole
// batch with per-document errors, with `invalid: 'skip'` (the scheduled pull, which must not stall on one
// document) bad documents are left out and listed.
import crypto from 'node:crypto';
import type { Db } from '../../db/connection';
import { ValidationError, type FieldErrors } from '../errors';
import { isRelation, relationSettings, type RelationSettings } from '../services/order-types';
import {
  documentHeldSql,
  importLineStatements,
  isHeldSql,
  lockDocumentLines,
  thousandths as toThousandths,
} from '../../db/ledger';
import { columnOf, type FieldDef } from '../../db/resources/engine';
import { SapOrder, SapOrderLine, type SapOrderField } from '../../db/resources/sap-order';
import type { ErpDocument } from './types';

export type ErpImportSource = 'push' | 'sandbox' | 'sap-odata' | 'console';

export interface ErpImportOptions {
  /** Where the documents came from; kept in sap_orders.source. */
  source: ErpImportSource;
  /** Who caused the import (the API key's name, `system` for the pull, a username): the audit columns. */
  user: string;
  /** What a document with errors does to the batch: refuse all of it (default) or only leave itself out. */
  invalid?: 'reject' | 'skip';
  now?: Date;
}

export interface ErpRejectedDocument {
  /** Position in the batch. */
  index: number;
  Document_No: string;
  /** Field → message keys (with params), as a ValidationError carries them. */
  errors: FieldErrors;
}

export interface ErpImportResult {
  /** Documents received. */
  documents: number;
  /** New documents written. */
  inserted: number;
  /** Known documents with a newer Changed_At, or the stored one with other content: written. */
  updated: number;
  /** Documents older than the stored version or the same as it: nothing written. */
  unchanged: number;
  /** inserted + updated. */
  written: number;
  /** Left out because of errors (only with `invalid: 'skip'`). */
  rejected: ErpRejectedDocument[];
  lines: { inserted: number; updated: number; flagged: number; deleted: number };
  /** Lines held by an active order that SAP changed or removed: flagged changed_in_sap, left as they were. */
  flaggedLines: number;
  /** The newest Changed_At among the accepted documents (ISO), for the scheduled pull's high-water mark. */
  maxChangedAt: string | null;
}

/** The batch was refused; nothing was written. Answers 400 with `documents.<index>.<Field>` errors. */
export class ErpBatchRejected extends ValidationError {
  constructor(readonly rejected: ErpRejectedDocument[]) {
    const errors: FieldErrors = {};
    for (const r of rejected) {
      for (const [field, list] of Object.entries(r.errors)) errors[`documents.${r.index}.${field}`] = list;
    }
    super(errors, 'erp.rejected', { count: rejected.length });
  }
}

/** Documents written per statement group: keeps each JSON parameter to a few MB. */
const CHUNK_DOCUMENTS = 2_500;

/** How json_to_recordset reads a field's column. */
function sqlType(field: FieldDef): string {
  if (field.type === 'date') return 'date';
  if (field.type === 'decimal') return `numeric(${field.precision},${field.scale})`;
  return 'text';
}

/** A field the import writes, with its column (the lower-cased wire name, DESIGN §3) and recordset type. */
interface Written {
  wire: string;
  column: string;
  type: string;
}
const written = (fields: readonly SapOrderField[], except: readonly string[]): Written[] =>
  fields
    .filter((f) => f.erp && !except.includes(f.name))
    .map((f) => ({ wire: f.name, column: columnOf(f), type: sqlType(f) }));

// The header fields SAP sends (the definition's `erp`), but for the document number they are matched on.
// Created_By, Location and Discharge_Port of a document are the document's own (api/erp/types.ts), for the
// Filter screen, and have no column on sap_orders.
const HEADER_FIELDS = written(SapOrder.fields, [SapOrder.key]);
// The line fields SAP sends, but for the item number (the key), Qty (also os_qty, compared apart) and Deleted
// (mark_deleted), which the statements name themselves.
const LINE_FIELDS = written(SapOrderLine.fields, [SapOrderLine.key, 'Qty']);

const headerColumns = HEADER_FIELDS.map((f) => f.column);
/**
 * Header fields staff may set on an order from SAP (the definition's fromSap): a newer SAP version that carries
 * one of them replaces it, one that leaves it empty keeps what staff chose.
 */
const KEPT_WHEN_EMPTY = new Set(
  (SapOrder.fields as readonly SapOrderField[]).filter((f) => f.erp && f.editor?.fromSap).map(columnOf),
);
/** The value a re-import writes to a header column of a known document. */
const incoming = (c: string) =>
  KEPT_WHEN_EMPTY.has(c) ? `coalesce(excluded.${c}, s.${c})` : `excluded.${c}`;
const lineColumns = LINE_FIELDS.map((f) => f.column);
const recordset = (fields: Written[]) => fields.map((f) => `${f.column} ${f.type}`).join(', ');

/** A line `t` is held by an active order when part of its quantity is (the ledger's held > 0). */
const ACTIVE = isHeldSql('t');

const SQL_CHECK = `
  select d.i, ot.code as order_type_code, ot.use_customer, ot.use_vendor,
         c.company_code is not null as company_ok,
         p.plant_code is not null as plant_ok,
         cu.customer_code is not null as customer_ok,
         v.vendor_code is not null as vendor_ok,
         s.type as stored_type,
         (select coalesce(json_agg(x.n - 1 order by x.n), '[]'::json)
            from json_array_elements_text(d.materials) with ordinality as x(code, n)
           where not exists (select 1 from materials m where m.material_code = x.code and m.is_active))
           as unknown_material_lines,
         (s.id is null or s.erp_changed_at is null or s.erp_changed_at < d.changed_at
          or (s.erp_changed_at = d.changed_at and s.erp_content_hash is distinct from d.content_hash)) as newer
    from json_to_recordset(?::json) as d(i int, document_no text, order_type text, company_code text,
                                         plant text, cv text, materials json, changed_at timestamptz,
                                         content_hash text)
    left join order_types ot on ot.name = d.order_type and ot.is_active
    left join companies c on c.company_code = d.company_code and c.is_active
    left join plants p on p.plant_code = d.plant and p.is_active
    left join customers cu on cu.customer_code = d.cv and cu.is_active
    left join vendors v on v.vendor_code = d.cv and v.is_active
    left join sap_orders s on s.document_no = d.document_no`;

// New documents are inserted with their totals (so the lines' totals trigger finds nothing to correct); a
// known one is updated only when its Changed_At is newer, or the same with other content, which also settles a
// race with a parallel import.
// The header is flagged when SAP changed it while an order holds one of its lines. xmax = 0 tells an inserted
// row from an updated one.
const SQL_HEADERS = `
  insert into sap_orders as s (document_no, status, type, order_type_code, ${headerColumns.join(', ')},
                               is_relation, erp_changed_at, erp_content_hash, source, qty_total, os_qty_total,
                               created_by, created_date)
  select d.document_no, 'APPROVED', 'SYNC SAP', d.order_type_code, ${headerColumns.map((c) => `d.${c}`).join(', ')},
         coalesce(d.is_relation, false), d.erp_changed_at, d.erp_content_hash, ?, d.qty_total, d.qty_total, ?,
         ?::timestamptz
    from json_to_recordset(?::json) as d(document_no text, order_type_code text,
         ${recordset(HEADER_FIELDS)},
         is_relation boolean, erp_changed_at timestamptz, erp_content_hash text, qty_total numeric(18,3))
   order by d.document_no
  on conflict (document_no) do update set
         order_type_code = excluded.order_type_code,
         is_relation = excluded.is_relation,
         ${headerColumns.map((c) => `${c} = ${incoming(c)}`).join(', ')},
         erp_changed_at = excluded.erp_changed_at,
         erp_content_hash = excluded.erp_content_hash,
         source = excluded.source,
         changed_in_sap = s.changed_in_sap or (
           (${headerColumns.map((c) => `s.${c}`).join(', ')})
             is distinct from (${headerColumns.map(incoming).join(', ')})
           and ${documentHeldSql('s.id')}),
         edited_by = excluded.created_by,
         edited_date = excluded.created_date
   where s.type = 'SYNC SAP'
     and (s.erp_changed_at is null or s.erp_changed_at < excluded.erp_changed_at
          or (s.erp_changed_at = excluded.erp_changed_at
              and s.erp_content_hash is distinct from excluded.erp_content_hash))
  returning s.id, s.document_no, (s.xmax = 0) as inserted`;

const LINE_RECORDSET = `l(sap_order_id int, item_no text, qty numeric(18,3), mark_deleted boolean,
                          erp_changed_at timestamptz,
                          ${recordset(LINE_FIELDS)})`;

// Lines of documents this import inserted (nobody else can have lines on those new headers yet, so a plain
// insert, no conflict check per row, which costs about as much as the row itself); new items of changed
// documents; existing items of changed documents whose values differ from SAP's, updated when no order holds them,
// otherwise kept and flagged (db/ledger.ts, which owns the lines' quantities).
const LINE_STATEMENTS = importLineStatements(lineColumns, LINE_RECORDSET);
const SQL_NEW_LINES = LINE_STATEMENTS.newLines;
const SQL_ADDED_LINES = LINE_STATEMENTS.addedLines;
const SQL_LINES_UPDATE = LINE_STATEMENTS.changedLines;

// A line's column as a re-import leaves it: kept while an order holds the line.
const keep = (column: string, incoming: string) =>
  `case when ${ACTIVE} then t.${column} else ${incoming} end`;

// Items a changed document no longer lists: marked deleted, or flagged while an order holds them.
const SQL_LINES_MISSING = `
  with k as (select * from json_to_recordset(?::json) as k(sap_order_id int, item_no text)),
  upd as (
    update sap_order_details t set
           mark_deleted = ${keep('mark_deleted', 'true')},
           changed_in_sap = ${ACTIVE}
     where t.sap_order_id in (select (value)::int from json_array_elements_text(?::json))
       and not exists (select 1 from k where k.sap_order_id = t.sap_order_id and k.item_no = t.item_no)
       and case when ${ACTIVE} then not t.changed_in_sap else not t.mark_deleted end
    returning ${ACTIVE} as flagged)
  select count(*) filter (where not flagged)::int as deleted, count(*) filter (where flagged)::int as flagged
    from upd`;

// A changed header stays flagged while it has a flagged line, or was flagged and an order still holds a line.
const SQL_HEADER_FLAGS = `
  update sap_orders s set changed_in_sap = f.flag
    from (select h.id,
                 coalesce(bool_or(t.changed_in_sap), false)
                   or (h.changed_in_sap and coalesce(bool_or(${ACTIVE}), false)) as flag
            from sap_orders h
            left join sap_order_details t on t.sap_order_id = h.id
           where h.id in (select (value)::int from json_array_elements_text(?::json))
           group by h.id, h.changed_in_sap) f
   where s.id = f.id and s.changed_in_sap is distinct from f.flag`;

interface CheckRow {
  i: number;
  order_type_code: string | null;
  use_customer: boolean | null;
  use_vendor: boolean | null;
  company_ok: boolean;
  plant_ok: boolean;
  customer_ok: boolean;
  vendor_ok: boolean;
  stored_type: string | null;
  /** Positions of the lines whose Material_Code is no active material. */
  unknown_material_lines: number[];
  newer: boolean;
}

/** Quantities as numeric(18,3) text: what the column will hold, so totals computed here match the trigger's. */
const qty3 = (n: number) => n.toFixed(3);
/** A SAP quantity in thousandths as its column will hold it (rounded to three decimals first). */
const thousandths = (n: number) => toThousandths(qty3(n));

/**
 * A statement queued on the transaction's connection before the previous one's answer is read: if that one fails,
 * this one fails too (the transaction is aborted) and is awaited by no one, so its rejection is marked handled
 * here; whoever awaits it still gets the error.
 */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

async function rows<T>(db: Db, sql: string, bindings: unknown[]): Promise<T[]> {
  const result = (await db.raw(sql, bindings as never[])) as { rows: T[] };
  return result.rows;
}

type CheckedField = 'Document_No' | 'Order_Type' | 'Company_Code' | 'Plant' | 'Customer_Vendor_Code';
type CheckedLineField = 'Material_Code';

/** Problems per document, in batch order. */
class Problems {
  private readonly byIndex = new Map<number, ErpRejectedDocument>();

  add(index: number, doc: ErpDocument, field: CheckedField, key: string): void {
    this.addAt(index, doc, field, key, doc[field]);
  }

  /** A problem of a field of one of the document's lines (Details.<n>.<field>). */
  addLine(index: number, doc: ErpDocument, line: number, field: CheckedLineField, key: string): void {
    this.addAt(index, doc, `Details.${line}.${field}`, key, doc.Details[line]?.[field]);
  }

  private addAt(
    index: number,
    doc: ErpDocument,
    field: string,
    key: string,
    value: string | number | null | undefined,
  ): void {
    let entry = this.byIndex.get(index);
    if (!entry) this.byIndex.set(index, (entry = { index, Document_No: doc.Document_No, errors: {} }));
    (entry.errors[field] ??= []).push({ key, params: { value: String(value ?? '') } });
  }

  has(index: number): boolean {
    return this.byIndex.has(index);
  }

  list(): ErpRejectedDocument[] {
    return [...this.byIndex.values()].sort((a, b) => a.index - b.index);
  }
}

interface ToWrite {
  doc: ErpDocument;
  orderTypeCode: string;
  contentHash: string;
}

/** Checks the batch against the database and sorts it into documents to write and documents to skip. */
async function classify(
  trx: Db,
  documents: ErpDocument[],
): Promise<{ write: ToWrite[]; unchanged: number; rejected: ErpRejectedDocument[] }> {
  const problems = new Problems();
  const seen = new Set<string>();
  documents.forEach((doc, i) => {
    if (seen.has(doc.Document_No)) problems.add(i, doc, 'Document_No', 'erp.duplicateDocument');
    seen.add(doc.Document_No);
  });
  const hashes = documents.map(contentHash);
  const checks = await rows<CheckRow>(trx, SQL_CHECK, [
    JSON.stringify(
      documents.map((d, i) => ({
        i,
        document_no: d.Document_No,
        order_type: d.Order_Type,
        company_code: d.Company_Code,
        plant: d.Plant,
        cv: d.Customer_Vendor_Code,
        materials: d.Details.map((l) => l.Material_Code),
        changed_at: d.Changed_At,
        content_hash: hashes[i],
      })),
    ),
  ]);
  const write: ToWrite[] = [];
  let unchanged = 0;
  for (const c of checks) {
    const doc = documents[c.i]!;
    if (problems.has(c.i)) continue;
    if (c.stored_type !== null && c.stored_type !== 'SYNC SAP') {
      problems.add(c.i, doc, 'Document_No', 'erp.notFromSap');
      continue;
    }
    // A document that writes nothing is not checked against master data that may have changed since.
    if (!c.newer) {
      unchanged++;
      continue;
    }
    if (!c.order_type_code) problems.add(c.i, doc, 'Order_Type', 'erp.unknownOrderType');
    if (!c.company_ok) problems.add(c.i, doc, 'Company_Code', 'erp.unknownCompany');
    if (doc.Plant && !c.plant_ok) problems.add(c.i, doc, 'Plant', 'erp.unknownPlant');
    if (doc.Customer_Vendor_Code) {
      // The order type says which party the code names; a type that says neither (or both) accepts either.
      const onlyCustomer = c.use_customer === true && c.use_vendor !== true;
      const onlyVendor = c.use_vendor === true && c.use_customer !== true;
      if (onlyCustomer && !c.customer_ok) {
        problems.add(c.i, doc, 'Customer_Vendor_Code', 'erp.unknownCustomer');
      } else if (onlyVendor && !c.vendor_ok) {
        problems.add(c.i, doc, 'Customer_Vendor_Code', 'erp.unknownVendor');
      } else if (!onlyCustomer && !onlyVendor && !c.customer_ok && !c.vendor_ok) {
        problems.add(c.i, doc, 'Customer_Vendor_Code', 'erp.unknownCustomerVendor');
      }
    }
    for (const line of c.unknown_material_lines) {
      problems.addLine(c.i, doc, line, 'Material_Code', 'erp.unknownMaterial');
    }
    if (!problems.has(c.i)) write.push({ doc, orderTypeCode: c.order_type_code!, contentHash: hashes[c.i]! });
  }
  // One lock order for every import, so two imports of overlapping batches wait instead of deadlocking.
  write.sort((a, b) => compare(a.doc.Document_No, b.doc.Document_No));
  return { write, unchanged, rejected: problems.list() };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A document's or line's fields by wire name. */
const fieldsOf = (value: object) => value as Record<string, unknown>;

/**
 * The fingerprint of what the import stores of a document: its header fields and lines, as the columns will
 * hold them (quantities to three decimals), in the definition's order (which therefore stays as it is).
 */
function contentHash(doc: ErpDocument): string {
  const header = fieldsOf(doc);
  const canonical = JSON.stringify([
    HEADER_FIELDS.map((f) => header[f.wire] ?? null),
    doc.Details.map((line) => [
      line.Item_No,
      qty3(line.Qty),
      line.Deleted,
      ...LINE_FIELDS.map((f) => fieldsOf(line)[f.wire] ?? null),
    ]),
  ]);
  return crypto.createHash('sha1').update(canonical).digest('base64');
}

// Rows for json_to_recordset, keyed by column. Empty values are left out (a missing key reads as null), which
// keeps the JSON of a chunk small.
function headerRow(
  { doc, orderTypeCode, contentHash: hash }: ToWrite,
  relations: RelationSettings,
): Record<string, unknown> {
  const row: Record<string, unknown> = {
    document_no: doc.Document_No,
    order_type_code: orderTypeCode,
    erp_changed_at: doc.Changed_At,
    erp_content_hash: hash,
  };
  if (isRelation(relations, doc.Incoterm, orderTypeCode)) row.is_relation = true;
  const header = fieldsOf(doc);
  for (const { wire, column } of HEADER_FIELDS) {
    const value = header[wire];
    if (value !== null && value !== undefined) row[column] = value;
  }
  let total = 0;
  for (const line of doc.Details) if (!line.Deleted) total += thousandths(line.Qty);
  row.qty_total = (total / 1000).toFixed(3);
  return row;
}

function lineRows(doc: ErpDocument, sapOrderId: number): Record<string, unknown>[] {
  return doc.Details.map((line) => {
    const row: Record<string, unknown> = {
      sap_order_id: sapOrderId,
      item_no: line.Item_No,
      qty: qty3(line.Qty),
      mark_deleted: line.Deleted,
      erp_changed_at: doc.Changed_At,
    };
    const fields = fieldsOf(line);
    for (const { wire, column } of LINE_FIELDS) {
      const value = fields[wire];
      if (value !== null && value !== undefined) row[column] = value;
    }
    return row;
  });
}

/**
 * Imports a batch of ERP documents (already checked against erpDocumentSchema) in one transaction. Throws
 * ErpBatchRejected (nothing written) when a document has errors and `invalid` is 'reject'.
 */
export async function importErpDocuments(
  db: Db,
  documents: ErpDocument[],
  options: ErpImportOptions,
): Promise<ErpImportResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (trx) => {
    const { write, unchanged, rejected } = await classify(trx, documents);
    if (rejected.length && options.invalid !== 'skip') throw new ErpBatchRejected(rejected);

    const result: ErpImportResult = {
      documents: documents.length,
      inserted: 0,
      updated: 0,
      unchanged,
      written: 0,
      rejected,
      lines: { inserted: 0, updated: 0, flagged: 0, deleted: 0 },
      flaggedLines: 0,
      maxChangedAt: null,
    };
    let maxChanged = -Infinity;
    for (const { doc } of write) maxChanged = Math.max(maxChanged, Date.parse(doc.Changed_At));
    if (Number.isFinite(maxChanged)) result.maxChangedAt = new Date(maxChanged).toISOString();

    const relations: RelationSettings = write.length ? await relationSettings(trx) : new Map();
    const chunks: ToWrite[][] = [];
    for (let start = 0; start < write.length; start += CHUNK_DOCUMENTS)
      chunks.push(write.slice(start, start + CHUNK_DOCUMENTS));
    const writeHeaders = (chunk: ToWrite[]) =>
      settledLater(
        rows<{ id: number; document_no: string; inserted: boolean }>(trx, SQL_HEADERS, [
          options.source,
          options.user,
          now.toISOString(),
          JSON.stringify(chunk.map((w) => headerRow(w, relations))),
        ]),
      );
    let headers = chunks.length ? writeHeaders(chunks[0]!) : undefined;
    for (let k = 0; k < chunks.length; k++) {
      const chunk = chunks[k]!;
      const written = await headers!;
      headers = undefined;
      const byNo = new Map(written.map((w) => [w.document_no, w]));
      const newLines: Record<string, unknown>[] = [];
      const changedLines: Record<string, unknown>[] = [];
      const changedIds: number[] = [];
      for (const { doc } of chunk) {
        const header = byNo.get(doc.Document_No);
        // Not written: a parallel import stored the same or a newer version first.
        if (!header) {
          result.unchanged++;
          continue;
        }
        const docLines = lineRows(doc, header.id);
        if (header.inserted) {
          result.inserted++;
          newLines.push(...docLines);
        } else {
          result.updated++;
          changedIds.push(header.id);
          changedLines.push(...docLines);
        }
      }
      const next = chunks[k + 1];
      if (newLines.length) {
        const inserted = settledLater(rows(trx, SQL_NEW_LINES, [JSON.stringify(newLines)]));
        // A chunk of new documents only: the next chunk's headers are queued behind these lines on the
        // connection, their JSON built while PostgreSQL inserts the lines (the two touch different documents).
        if (next && !changedIds.length) headers = writeHeaders(next);
        await inserted;
        result.lines.inserted += newLines.length;
      }
      if (changedIds.length) {
        await lockDocumentLines(trx, changedIds);
        const [added] = await rows<{ n: number }>(trx, SQL_ADDED_LINES, [JSON.stringify(changedLines)]);
        result.lines.inserted += added?.n ?? 0;
        const [upd] = await rows<{ updated: number; flagged: number }>(trx, SQL_LINES_UPDATE, [
          JSON.stringify(changedLines),
        ]);
        const keys = changedLines.map((l) => ({ sap_order_id: l.sap_order_id, item_no: l.item_no }));
        const [missing] = await rows<{ deleted: number; flagged: number }>(trx, SQL_LINES_MISSING, [
          JSON.stringify(keys),
          JSON.stringify(changedIds),
        ]);
        await rows(trx, SQL_HEADER_FLAGS, [JSON.stringify(changedIds)]);
        result.lines.updated += upd?.updated ?? 0;
        result.lines.flagged += (upd?.flagged ?? 0) + (missing?.flagged ?? 0);
        result.lines.deleted += missing?.deleted ?? 0;
      }
      if (next && !headers) headers = writeHeaders(next);
    }
    result.written = result.inserted + result.updated;
    result.flaggedLines = result.lines.flagged;
    return result;
  });
}
