// Orders in the states the integrity checks of an assignment start from (issue 27 items 4 to 7), for the API tests
// that feed them crossing parties, wrong codes and quantities below the 0.001 unit (test/api/order-integrity.test.ts
// and phase D of test/api/hostile-input.test.ts): fresh outstanding SOs on the master demo's priced lane (a relation
// one given to its customer CUS001), rejected orders as the workflow leaves them, an order assigned through the
// real assign save with the edit body that keeps it as it is, and the bodies of the assign and edit-assign panels.
// Also the wrong master codes an assignment may name, with why each is wrong and the message that says so.
import type { Response } from 'supertest';
import type { Db } from '../../db/connection';
import { assignBody, importAssignable, LANE, locationId, type AssignableSapOrder } from './order-assign';
import { insertOrder } from './orders';

export interface IntegrityContext {
  db: () => Db;
  /** Sends a request as staff who may assign and edit orders (Authorization set, `language` as given). */
  send: (method: 'post' | 'put', path: string, body: unknown, language?: string) => Promise<Response>;
  /** The first five digits of the SAP document numbers made (ten digits with a counter); default 00177. */
  documentPrefix?: string;
}

/**
 * Codes an assignment may name that are not in its master data or not of the document's company (assign-codes.ts),
 * as [override of the assign model, the field the 400 names, its message]: NOPE-WH is no warehouse; WH-2101-CPO is
 * a warehouse of company 2000's plant 2101, not of company 1000 whose SAP order is assigned; ZZ-S3P is no document
 * type; NOPE-VESSEL is no vessel (under either name the model gives it); NOPE-TRIP no trip type; 9999 no company;
 * NOPE-RULE no incoterm rule; FOB-DUMAI is a rule of LN type EXPORT, not LOCAL.
 */
export const WRONG_ASSIGN_CODES: [override: Record<string, unknown>, field: string, message: string][] = [
  [{ warehouse_code: 'NOPE-WH' }, 'warehouse_code', 'Warehouse NOPE-WH does not exist or is inactive.'],
  [
    { warehouse_code: 'WH-2101-CPO' },
    'warehouse_code',
    'Warehouse WH-2101-CPO does not belong to company 1000 of the SAP order.',
  ],
  [{ document_type: 'ZZ-S3P' }, 'document_type', 'Document type ZZ-S3P does not exist or is inactive.'],
  [{ vessel: 'NOPE-VESSEL' }, 'vessel', 'Vessel NOPE-VESSEL does not exist or is inactive.'],
  [{ vessel_code: 'NOPE-VESSEL' }, 'vessel_code', 'Vessel NOPE-VESSEL does not exist or is inactive.'],
  [{ trip_type: 'NOPE-TRIP' }, 'trip_type', 'Trip type NOPE-TRIP does not exist or is inactive.'],
  [{ charge_oa_company: '9999' }, 'charge_oa_company', 'Company 9999 does not exist or is inactive.'],
  [{ ln_inco_rule: 'NOPE-RULE' }, 'ln_inco_rule', 'Incoterm rule NOPE-RULE does not exist or is inactive.'],
  [
    { ln_type: 'LOCAL', ln_inco_rule: 'FOB-DUMAI' },
    'ln_inco_rule',
    'Incoterm rule FOB-DUMAI is not a rule of LN type LOCAL.',
  ],
];

interface OrderLine {
  id: number;
  sap_order_detail_id: string;
  qty: string;
  conversion_type: string | null;
}

export function orderIntegrity(ctx: IntegrityContext) {
  const { db, send } = ctx;
  const prefix = ctx.documentPrefix ?? '00177';
  let documents = 0;

  /** A fresh outstanding SO on the demo lane: lines of 25 and 26 TON, valid 2026-10-01 .. 2026-12-31. */
  const fresh = (options: Parameters<typeof importAssignable>[2] = {}): Promise<AssignableSapOrder> =>
    importAssignable(db(), `${prefix}${String(++documents).padStart(5, '0')}`, options);

  /** A relation SO: the customer collects (is_relation, shipment type RELATION). */
  async function relationSo(): Promise<AssignableSapOrder> {
    const so = await fresh({ header: { Shipment_Type: 'RELATION' } });
    await db()('sap_orders').where('id', so.id).update({ is_relation: true });
    return so;
  }

  const tanker = async () =>
    ((await db()('truck_types').where('truck_type_code', 'TANKER-25').first('id')) as { id: number }).id;

  /** The Assign customer/vendor panel's body for a relation SO: every line whole, the customer's tanker. */
  async function relationBody(so: AssignableSapOrder, overrides: Record<string, unknown> = {}) {
    return {
      id: [so.id],
      relation_truck_type_id: await tanker(),
      stuffing_date: ['2026-11-22'],
      details: so.lines.map((l) => ({ Id: l.Id, Qty: l.os_qty, include_merge: true })),
      ...overrides,
    };
  }

  /** A rejected order of a fresh SO (a relation one given to CUS001 when `relation`), as the workflow leaves it. */
  async function rejected(relation = false) {
    const so = relation ? await relationSo() : await fresh();
    const order = await insertOrder(db(), {
      sapDocuments: [so.documentNo],
      status: 'REJECTED',
      dispatchStatus: 'REJECTED',
      transporterCode: 'TRP002',
      relation,
      history: ['ASSIGNED TO TRANSPORTER', 'REJECTED'],
    });
    return { so, order };
  }

  /** The Edit assign transporter panel's model (edited_order) on the demo lane, with the entries given. */
  const editAssignModel = async (
    transporters: Record<string, unknown>[],
    extra: Record<string, unknown> = {},
  ) => ({
    shipment_type: 'INDIVIDUAL_TRUCK',
    loading_destination_from_id: await locationId(db(), LANE.from),
    loading_destination_to_id: await locationId(db(), LANE.to),
    trip_type: 'ONE_WAY',
    transporters,
    details: [],
    ...extra,
  });

  /**
   * The Edit order panel's body that keeps the order as it is (its lines and quantities, `transporter` its one
   * entry); `details[i]` and `extra` change what the test changes.
   */
  async function editBodyOf(orderId: number, transporter: string) {
    const lines = (await db()('order_details')
      .where('order_id', orderId)
      .orderBy('item_no')
      .select('id', 'sap_order_detail_id', 'qty', 'conversion_type')) as OrderLine[];
    return (details: Record<string, unknown>[] = [], extra: Record<string, unknown> = {}) => ({
      order_id: orderId,
      details: lines.map((l, i) => ({
        Id: Number(l.sap_order_detail_id),
        Order_Detail_Id: Number(l.id),
        Qty: Number(l.qty),
        include_merge: true,
        conversion_type: l.conversion_type,
        ...details[i],
      })),
      transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: transporter }] },
      ...extra,
    });
  }

  /** An order assigned to TRP003 through the assign save, and the edit body that keeps it as it is. */
  async function assigned() {
    const so = await fresh();
    const saved = await send(
      'post',
      '/api/saporder/assign_transporter',
      await assignBody(db(), [so], { transporters: [{ transporter_code: 'TRP003' }] }),
    );
    if (saved.status !== 200) {
      throw new Error(`assigned(): the assign save answered ${saved.status} ${JSON.stringify(saved.body)}`);
    }
    const orderId = (saved.body.data.orders as { Id: number }[])[0]!.Id;
    return { so, orderId, edit: await editBodyOf(orderId, 'TRP003') };
  }

  return { fresh, relationSo, tanker, relationBody, rejected, editAssignModel, editBodyOf, assigned };
}
