// api/erp/types.ts: what a document reads as after the schema every ERP path parses it with. Optional texts are
// trimmed and read as null when empty or missing (set once per object, not by a transform per field); the other
// rules stay each field's own.
import { erpDocumentSchema, erpLineSchema } from '../../api/erp/types';

const line = { Item_No: '000010', Material_Code: 'MAT-CPO', Qty: '12.5', UOM: 'KG' };
const document = {
  Document_No: ' 0010000001 ',
  Order_Type: 'SO',
  Document_Date: '2026-03-02',
  Changed_At: '2026-03-02T08:00:00+07:00',
  Company_Code: '1000',
  Details: [line],
};

describe('erpDocumentSchema', () => {
  it('given optional texts empty, blank, null or missing, then each reads as null; given text, trimmed', () => {
    const parsed = erpDocumentSchema.parse({
      ...document,
      Plant: '',
      Incoterm: '   ',
      Address: null,
      Incoterm2: '  Dumai ',
      Details: [{ ...line, PO_SO_No: ' ', SO_DO_No: ' 8000001 ' }],
    });
    expect(parsed).toMatchObject({
      Document_No: '0010000001',
      Plant: null,
      Incoterm: null,
      Address: null,
      Customer_Vendor_Code: null,
      Incoterm2: 'Dumai',
    });
    // A missing date stays missing: only optional texts become null.
    expect(parsed.Valid_From).toBeUndefined();
    expect(parsed.Details[0]).toMatchObject({
      PO_SO_No: null,
      SO_DO_No: '8000001',
      Sales_District: null,
      Qty: 12.5,
      Deleted: false,
    });
    // Zod's output is its own object: the caller's stays as sent.
    const input = { ...document, Plant: '' };
    erpDocumentSchema.parse(input);
    expect(input.Plant).toBe('');
  });

  it('given an optional text too long, a required one blank or a bad line, then each is named at its path', () => {
    const result = erpDocumentSchema.safeParse({
      ...document,
      Company_Code: '  ',
      Plant: 'P'.repeat(11),
      Details: [{ ...line, UOM: '', Sales_District: 'x'.repeat(51) }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'Company_Code',
      'Details.0.Sales_District',
      'Details.0.UOM',
      'Plant',
    ]);
  });

  it('given a line alone, then its optional texts read as null too', () => {
    const parsed = erpLineSchema.parse(line);
    expect(parsed).toMatchObject({ PO_SO_No: null, LN_STO_Item_No: null });
    expect(parsed.Tolerance).toBeUndefined();
  });
});
