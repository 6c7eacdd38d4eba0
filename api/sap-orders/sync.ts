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
import { ErpError, type ErpLine, type ErpSyncResult } from '../erp/types';
import type { AuthUser } from '../services/session';
import { columnRange, entityField } from '../../db/resources/engine';
import { integer, number, text } from '../../db/resources/input';
import { SapOrderLine } from '../../db/resources/sap-order';
import { orderTypeByName } from './order-types';
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

/**
 * The SAP document a sync asks about: an order that came from SAP is that document; an order typed in the
 * console names the SAP document it stands for on its lines (SO/DO No., else PO/SO No.), else its own number.
 */
export function sapReference(
  type: string | null,
  documentNo: string | null,
  lines: SyncBody['Details'],
): string | null {
  if (type === 'SYNC SAP') return documentNo;
  for (const key of ['SO_DO_No', 'PO_SO_No'] as const) {
    const found = lines.find((l) => l[key])?.[key];
    if (found) return found;
  }
  return documentNo;
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
 * Refuses the save ("NOT OK", SYNC_REQUIRED) unless the latest sync of the order (or, creating, the user's latest
 * sync of an order not yet saved) succeeded after `lastChange` and answered exactly these lines.
 */
export async function assertSynced(
  trx: Knex,
  input: {
    sapOrderId: number | null;
    username: string;
    orderType: string;
    lines: readonly FingerprintLine[];
    lastChange: Date | null;
    now: Date;
  },
): Promise<void> {
  const q = trx('sap_order_syncs').orderBy('id', 'desc');
  if (input.sapOrderId) q.where('sap_order_id', input.sapOrderId);
  else q.whereNull('sap_order_id').where('username', input.username);
  const latest = (await q.first('success', 'fingerprint', 'created_date')) as
    { success: boolean; fingerprint: string; created_date: Date } | undefined;
  const after = input.lastChange ?? new Date(input.now.getTime() - CREATE_SYNC_VALID_MS);
  const ok =
    !!latest &&
    latest.success &&
    latest.fingerprint === linesFingerprint(input.orderType, input.lines) &&
    new Date(latest.created_date).getTime() > after.getTime();
  if (!ok) throw new RuleError('SYNC_REQUIRED', 'sapOrder.syncRequired');
}
