// The state the assign transporter save leaves for one order, written straight to the tables for workflow tests:
// a SAP order line of 10 TON of CPO and an order holding 4 of it (os_qty 6). Each test gives the order's own
// columns (status, parties, ...) and a prefix that keeps its order numbers apart from other files'.
import type { Knex } from 'knex';

export interface HeldOrder {
  orderId: number;
  orderNo: string;
  sapLineId: number;
  /** The SAP document number (also the order's SAP_No). */
  sapNo: string;
}

let made = 0;

export async function insertHeldOrder(
  db: Knex,
  prefix: string,
  orderColumns: Record<string, unknown>,
): Promise<HeldOrder> {
  const n = `${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++made).padStart(3, '0')}`;
  const orderNo = `${prefix}${n}`;
  const sapNo = `SO${n}`;
  return db.transaction(async (trx) => {
    const [sap] = (await trx('sap_orders')
      .insert({
        document_no: sapNo,
        status: 'APPROVED',
        type: 'SYNC SAP',
        order_type: 'SO',
        order_type_code: 'SO',
        document_date: '2026-11-20',
        company_code: '1000',
        plant: '1101',
        customer_vendor_code: 'CUS001',
        created_by: 'logistic',
      })
      .returning('id')) as { id: number }[];
    const [line] = (await trx('sap_order_details')
      .insert({
        sap_order_id: sap!.id,
        item_no: '000010',
        material_code: 'FG-CPO',
        qty: 10,
        os_qty: 6,
        uom: 'TON',
      })
      .returning('id')) as { id: number }[];
    const [order] = (await trx('orders')
      .insert({ order_no: orderNo, sap_no: sapNo, created_by: 'logistic', ...orderColumns })
      .returning('id')) as { id: number }[];
    await trx('order_details').insert({
      order_id: order!.id,
      sap_order_detail_id: line!.id,
      item_no: '000010',
      sap_no: sapNo,
      sap_item_no: '000010',
      material_code: 'FG-CPO',
      qty: 4,
      // Nothing shipped yet: all of it is outstanding, as the assign save writes it.
      os_qty: 4,
      uom: 'TON',
      // Weighed as the assign save weighs a line (TON to KG), so the Approval screen totals it in KG.
      conversion: 1000,
    });
    return { orderId: order!.id, orderNo, sapLineId: Number(line!.id), sapNo };
  });
}
