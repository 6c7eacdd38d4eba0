// The columns of the SAP order list (spec/2 §2.4) and the lines of an expanded row, as the definition lists them
// (db/resources/sap-order.ts `list`), each shown, sorted and filtered as its field says: the server
// (api/sap-orders/list.ts) whitelists the same. Labels are the SAP order's field labels (locales/*/resources.json
// `SAPOrder.fields`, the audit columns from `common.fields`), the ones the editor and the server's messages use.
import type { TFunction } from 'i18next';
import { defaultFilter, entityField } from '../../../../../db/resources/engine';
import { SAP_ORDER_TYPES, SapOrder, SapOrderLine } from '../../../../../db/resources/sap-order';
import { cellKindOf, type GridColumn } from '../../../components/grid/columns';

type Kind = GridColumn['kind'];

/** The wire names of the list's columns, in order (the tests and the e2e journey read them). */
export const SAP_ORDER_LIST_FIELDS: readonly string[] = SapOrder.list;

/** Narrower than the default text width: short codes. */
const WIDTHS: Record<string, number> = {
  Type: 130,
  Company_Code: 120,
  order_type_name: 130,
  Plant: 100,
  Status: 200,
  Incoterm: 110,
  Incoterm2: 140,
  Freight_Cost_Per: 130,
  Freight_Cost_UOM: 130,
  has_order: 120,
};

const YES_NO = [
  { value: 'Y', text: 'Y' },
  { value: 'N', text: 'N' },
];

/** A field's label: the SAP order's own, else the audit columns' common one. */
export function sapOrderLabel(t: TFunction, field: string): string {
  return t([`SAPOrder.fields.${field}`, `common.fields.${field}`], { ns: 'resources', defaultValue: field });
}

/**
 * The list's columns. The Type cell shows its create type's label, while sorts, filters and exports keep the code;
 * Status filters by one of the master list's statuses once they are known; has_order by Y/N.
 */
export function sapOrderColumns(t: TFunction, statuses: { code: string; text: string }[]): GridColumn[] {
  return SapOrder.list.map((name) => {
    const field = entityField(SapOrder, name);
    const kind = cellKindOf(field);
    const statusChoice = name === 'Status' && statuses.length > 0;
    return {
      field: name,
      header: sapOrderLabel(t, name),
      kind,
      scale: kind === 'decimal' ? field.scale : undefined,
      sortable: field.sortable ?? true,
      filter: statusChoice ? 'equals' : (field.filter ?? defaultFilter(field)),
      options:
        kind === 'bool'
          ? YES_NO
          : statusChoice
            ? statuses.map((s) => ({ value: s.code, text: s.text }))
            : name === 'Type'
              ? SAP_ORDER_TYPES.map((code) => ({ value: code, text: t(`sapOrderList.types.${code}`) }))
              : undefined,
      width: WIDTHS[name],
    };
  });
}

/** The lines of an expanded row (spec/2 §2.4). */
export const LINE_FIELDS: [field: string, kind: Kind][] = SapOrderLine.list.map((name) => [
  name,
  cellKindOf(entityField(SapOrderLine, name)),
]);
