// "Sync to SAP" of the SAP order editor and the assign panel (spec/2 §7, spec/3 §7 saporder/sync_do_sap): the
// adapter asks SAP to bring the document up to date and answers its lines, which replace the screen's lines.
// Every call is recorded in sap_order_syncs with a fingerprint of the lines SAP answered, because for the order
// types SAP_SYNC_SETTING names a save is refused ("NOT OK") unless the latest sync of the order (or, for an
// order being created, of the user) succeeded, came after the order's last change and answered exactly the
// lines being saved (spec/3 §4.2: a failed sync, or a change after it, makes a sync required again). The
// adapter logs each call in api_response_logs itself.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import type { Answer } from '../http';
import { NotFoundError, RuleError, ValidationError } from '../errors';
import { translate, type Language } from '../i18n';
import { ErpError, type ErpLine, type ErpSyncResult } from '../erp';
import type { AuthUser } from '../services/session';
import { columnRange, entityField } from '../../db/resources/engine';
import { integer, number, text } from '../../db/resources/input';
import { SapOrderLine } from '../../db/resources/sap-order';
import { orderTypeByName } from '../services/order-types';
import { erpOf } from './services';

/** How long the sync of an order being created stays good for its save. */
export const CREATE_SYNC_VALID_MS = 24 * 3600_000;

const optText = (max: number) =>
  z
    .union([text(max), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));

export const syncBodySchema = z.looseObject({
  Id: integer({ min: 0 }).nullish(),
  Type: optText(20),
  Document_No: optText(50),
  Order_Type: text(50).min(1),
  Details: z
    .array(
      z.looseObject({
        Item_No: optText(10),
        Material_Code: optText(40),
        // A line still being typed may have no quantity yet.
        Qty: z.preprocess(
          (v) => (v === '' ? null : v),
          number(columnRange(entityField(SapOrderLine, 'Qty'))).nullish(),
        ),
        UOM: optText(10),
        PO_SO_No: optText(50),
        SO_DO_No: optText(50),
      }),
    )
    .max(500)
    .default([]),
});
export type SyncBody = z.infer<typeof syncBodySchema>;

export interface FingerprintLine {
  Material_Code: string | null;
  Qty: number | null;
  UOM: string | null;
}

/** sha256 of the order type and each line's material, quantity (3 decimals) and unit, in line order. */
export function linesFingerprint(orderType: string, lines: readonly FingerprintLine[]): string {
  const canonical = JSON.stringify([
    orderType.trim().toUpperCase(),
    lines.map((l) => [
      (l.Material_Code ?? '').trim().toUpperCase(),
      Number(l.Qty ?? 0).toFixed(3),
      (l.UOM ?? '').trim().toUpperCase(),
    ]),
  ]);
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

/** The fields of a line that may name the SAP document an order typed in the console stands for. */
export interface ReferenceLine {
  PO_SO_No?: string | null;
  SO_DO_No?: string | null;
}

/** The line naming the SAP document of an order typed in the console: the first SO/DO No., else PO/SO No. */
export function referenceLine(
  lines: readonly ReferenceLine[],
): { index: number; field: 'SO_DO_No' | 'PO_SO_No'; document: string } | undefined {
  for (const field of ['SO_DO_No', 'PO_SO_No'] as const) {
    const index = lines.findIndex((l) => l[field]);
    if (index >= 0) return { index, field, document: lines[index]![field]! };
  }
  return undefined;
}

/**
 * The SAP document a sync asks about: an order that came from SAP is that document; an order typed in the
 * console names the SAP document it stands for on its lines (referenceLine), else its own number.
 */
export function sapReference(
  type: string | null,
  documentNo: string | null,
  lines: SyncBody['Details'],
): string | null {
  if (type === 'SYNC SAP') return documentNo;
  return referenceLine(lines)?.document ?? documentNo;
}

/** A line SAP answered, in the SAP order line's wire shape: the editor's line fields and the material's name. */
function wireLine(line: ErpLine, names: Map<string, string>): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const name of SapOrderLine.form) wire[name] = line[name] ?? null;
  wire.material_name = names.get(line.Material_Code) ?? null;
  return wire;
}

export async function syncWithSap(deps: AppDeps, user: AuthUser, body: SyncBody): Promise<Answer> {
  const { db } = deps;
  const orderType = await orderTypeByName(db, body.Order_Type);
  if (!orderType) {
    throw new ValidationError({
      Order_Type: [
        { key: 'validation.refNotFound', params: { field: 'SAPOrder.Order_Type', value: body.Order_Type } },
      ],
    });
  }
  let sapOrderId: number | null = null;
  let type = body.Type;
  let documentNo = body.Document_No;
  if (body.Id) {
    const stored = (await db('sap_orders').where('id', body.Id).first('id', 'type', 'document_no')) as
      { id: number; type: string; document_no: string } | undefined;
    if (!stored) throw new NotFoundError();
    sapOrderId = stored.id;
    type = stored.type;
    documentNo = stored.document_no;
  }
  const reference = sapReference(type, documentNo, body.Details);
  if (!reference) {
    throw new ValidationError({ Details: [{ key: 'sapOrder.noSapReference' }] }, 'sapOrder.noSapReference');
  }

  let result: ErpSyncResult;
  try {
    result = await erpOf(deps).syncDeliveryOrder({ Document_No: reference, Order_Type: orderType.name });
  } catch (err) {
    if (!(err instanceof ErpError)) throw err;
    result = { success: false, message: err.message, messageCode: err.code ?? 'ERP_ERROR', details: [] };
  }
  const fingerprint = linesFingerprint(
    orderType.name,
    result.success ? result.details : body.Details.map((l) => ({ ...l, Qty: l.Qty ?? null })),
  );
  await db('sap_order_syncs').insert({
    sap_order_id: sapOrderId,
    username: user.username,
    document_no: reference.slice(0, 50),
    order_type: orderType.name,
    fingerprint,
    success: result.success,
    message: result.message.slice(0, 1000),
    message_code: result.messageCode?.slice(0, 100) ?? null,
    created_date: deps.now(),
  });
  if (!result.success) {
    return {
      success: false,
      status: 422,
      message: 'sapOrder.syncFailed',
      messageParams: { message: result.message },
      messageCode: result.messageCode ?? 'SYNC_FAILED',
      data: [],
    };
  }
  const materials = [...new Set(result.details.map((l) => l.Material_Code))];
  const names = new Map(
    (
      (await db('materials')
        .whereIn('material_code', materials)
        .select('material_code', 'material_name')) as {
        material_code: string;
        material_name: string;
      }[]
    ).map((m) => [m.material_code, m.material_name]),
  );
  return {
    message: 'sapOrder.synced',
    messageParams: { message: result.message },
    messageCode: result.messageCode ?? '',
    data: result.details.map((l) => wireLine(l, names)),
  };
}

/**
 * Why a save still needs a sync (data.reason of the SYNC_REQUIRED refusal): no line names a SAP document, that
 * document was not synced (the latest sync was of another one, or none), its latest sync failed, the lines are
 * not the ones it answered, or it came before the order's last change (an edit) or too long ago (a new order).
 */
export type SyncNeed =
  'NO_DOCUMENT' | 'NOT_SYNCED' | 'SYNC_FAILED' | 'LINES_CHANGED' | 'ORDER_CHANGED' | 'SYNC_EXPIRED';

/** The SYNC_REQUIRED refusal's data: the reason, the line and its SAP document, and a sentence saying so. */
export interface SyncNeedDetail {
  reason: SyncNeed;
  /** The line's item number, or its position (from 1) when it has none yet. */
  line: string | null;
  field: 'SO_DO_No' | 'PO_SO_No' | null;
  document: string | null;
  detail: string;
}

/**
 * Refuses the save ("NOT OK", SYNC_REQUIRED) unless the latest sync of the order (or, creating, the user's latest
 * sync of an order not yet saved) succeeded after `lastChange` and answered exactly these lines. The refusal's
 * data says which sync is missing, for which line (SyncNeedDetail), so "NOT OK" is not all the user learns.
 */
export async function assertSynced(
  trx: Knex,
  input: {
    sapOrderId: number | null;
    username: string;
    orderType: string;
    lines: readonly (FingerprintLine & ReferenceLine)[];
    /** Each line's item number; null for a line not saved yet. */
    itemNos: readonly (string | null)[];
    lastChange: Date | null;
    now: Date;
    lang: Language;
  },
): Promise<void> {
  const q = trx('sap_order_syncs').orderBy('id', 'desc');
  if (input.sapOrderId) q.where('sap_order_id', input.sapOrderId);
  else q.whereNull('sap_order_id').where('username', input.username);
  const latest = (await q.first('success', 'fingerprint', 'created_date', 'document_no')) as
    { success: boolean; fingerprint: string; created_date: Date; document_no: string } | undefined;
  const after = input.lastChange ?? new Date(input.now.getTime() - CREATE_SYNC_VALID_MS);
  const sameLines = latest?.fingerprint === linesFingerprint(input.orderType, input.lines);
  const recent = !!latest && new Date(latest.created_date).getTime() > after.getTime();
  if (latest?.success && sameLines && recent) return;

  const named = referenceLine(input.lines);
  let need: SyncNeedDetail;
  if (!named) {
    need = {
      reason: 'NO_DOCUMENT',
      line: null,
      field: null,
      document: null,
      detail: translate(input.lang, 'sapOrder.syncNeeded.NO_DOCUMENT'),
    };
  } else {
    const reason: SyncNeed =
      !latest || latest.document_no !== named.document.slice(0, 50)
        ? 'NOT_SYNCED'
        : !latest.success
          ? 'SYNC_FAILED'
          : !sameLines
            ? 'LINES_CHANGED'
            : input.lastChange
              ? 'ORDER_CHANGED'
              : 'SYNC_EXPIRED';
    const line = input.itemNos[named.index] ?? String(named.index + 1);
    need = {
      reason,
      line,
      field: named.field,
      document: named.document,
      detail: translate(input.lang, `sapOrder.syncNeeded.${reason}`, {
        line,
        field: `SAPOrder.${named.field}`,
        document: named.document,
      }),
    };
  }
  throw new RuleError('SYNC_REQUIRED', 'sapOrder.syncRequired', {}, need);
}
