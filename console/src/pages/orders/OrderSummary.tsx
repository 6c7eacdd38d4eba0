// The order header summary block (spec/1 "Panels and dialogs", spec/2 §2.1), shown in the view, the history log and
// the edit-assign panel: order no, product category, warehouse and its location, incoterm, distribution, document
// type, the address (the delivery address, else the customer's or vendor's), shipment type and transporter notes.
// The view's header names some fields as spec/2 §3 does and the list as spec/1 §3 does: either is read.
import { useTranslation } from 'react-i18next';
import { pick } from './format';
import type { Row } from './types';
import { Fact, FactList } from './FactList';

/** The block's entries: label key and the fields that may hold the value, first found wins. */
const ENTRIES: [key: string, fields: string[]][] = [
  ['Order_No', ['Order_No']],
  ['Business_Segment_Name', ['Business_Segment_Name', 'business_segment_name']],
  ['Warehouse_Name', ['Warehouse_Name', 'warehouse_name', 'Warehouse_Code']],
  ['warehouse_location', ['warehouse_location_name', 'warehouse_location']],
  ['Incoterm_Name', ['Incoterm_Name', 'Incoterm']],
  ['Distribution', ['Distribution']],
  ['Document_Type', ['Document_Type']],
  ['address', ['Delivery_Address', 'Customer_Vendor_Address', 'customer_vendor_address']],
  ['shipment_type_name', ['shipment_type_name', 'Shipment_Type']],
  ['Transporter_Notes', ['Transporter_Notes']],
];

export function OrderSummary({ header, label }: { header: Row; label: string }) {
  const { t } = useTranslation();
  return (
    <FactList label={label}>
      {ENTRIES.map(([key, fields]) => (
        <Fact key={key} term={t(`order.fields.${key}`)}>
          {pick(header, ...fields) || '-'}
        </Fact>
      ))}
    </FactList>
  );
}
