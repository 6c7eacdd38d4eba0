// SAP orders waiting for approval, made the way the editor makes them (api/sap-orders/editor.ts): the order and its
// line, then the approval seam (startSapOrderApproval) in the same transaction, with or without a workflow start.
// On the master demo data: companies 1000 / 2000 / 3000 with plants 1101 / 2101 / 3101, CUS001, VEN001.
import type { Db } from '../../db/connection';
import {
  startSapOrderApproval,
  type SapApprovalStarted,
  type StartSapApprovalWorkflow,
} from '../../api/sap-orders/approval';
import { PLANT_OF } from './sap-orders';

let made = 0;

export interface WaitingOrder extends SapApprovalStarted {
  sapOrderId: number;
  documentNo: string;
}

export async function createWaitingSapOrder(
  db: Db,
  options: {
    company?: string;
    orderType?: string;
    requestedBy?: string;
    startWorkflow?: StartSapApprovalWorkflow;
  } = {},
): Promise<WaitingOrder> {
  const company = options.company ?? '1000';
  const orderType = options.orderType ?? 'PO';
  const documentNo = `MSOT${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++made).padStart(3, '0')}`;
  const requestedBy = options.requestedBy ?? 'logistic';
  return db.transaction(async (trx) => {
    const [row] = (await trx('sap_orders')
      .insert({
        document_no: documentNo,
        status: 'WAITING FOR APPROVAL',
        type: 'MANUAL',
        order_type: orderType,
        order_type_code: orderType.split(' ')[0],
        document_date: '2026-10-20',
        company_code: company,
        plant: PLANT_OF[company],
        customer_vendor_code: ['PO', 'IPB IN'].includes(orderType) ? 'VEN001' : 'CUS001',
        source: 'console',
        created_by: requestedBy,
      })
      .returning('id')) as { id: number }[];
    const sapOrderId = row!.id;
    await trx('sap_order_details').insert({
      sap_order_id: sapOrderId,
      item_no: '000010',
      material_code: 'FG-CPO',
      qty: 12.5,
      os_qty: 12.5,
      uom: 'TON',
    });
    const started = await startSapOrderApproval(
      { db: trx, now: () => new Date(), startWorkflow: options.startWorkflow },
      {
        Id: sapOrderId,
        Document_No: documentNo,
        Company_Code: company,
        Order_Type: orderType,
        Created_By: requestedBy,
      },
    );
    return { ...started, sapOrderId, documentNo };
  });
}

/** Polls `probe` until it answers something truthy (a workflow's activity is asynchronous to the test). */
export async function eventually<T>(probe: () => Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
