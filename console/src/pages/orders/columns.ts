// The columns of the order list (spec/1 §2 "Order list screen") and of an expanded row's lines, as the order's
// definition lists them (db/resources/order.ts `Order.list`, `OrderLine.list`), each sorted and filtered as its
// field says: the server whitelists the same. Status does not filter (the tabs do); Dispatch_Status and the
// shipment type filter by a choice list; has_shipment by Y/N. A customer or vendor signed in (a relation) reads
// "Customer/Vendor" where others read "Transporter" (spec/1 §1). A transporter or relation reads its company's name
// in Created By / Edited By, which the server will not filter or sort for it: those columns offer neither.
import type { TFunction } from 'i18next';
import { defaultFilter, entityField } from '../../../../db/resources/engine';
import { DISPATCH_STATUSES, Order, OrderLine, OUTSIDE_UNSEARCHABLE } from '../../../../db/resources/order';
import { cellKindOf, type GridColumn } from '../../components/grid/columns';
import type { CodeText } from './types';

/** The wire names of the list's columns, in order. */
export const ORDER_LIST_FIELDS: readonly string[] = Order.list;

/** Roles that see their own orders as the party that moves the goods (spec/3 §6). */
export const RELATION_ROLES = ['CUSTOMER', 'VENDOR'];
export const PARTY_ROLES = ['TRANSPORTER', ...RELATION_ROLES];

const WIDTHS: Record<string, number> = {
  Order_No: 150,
  Order_Type_Name: 130,
  Status: 230,
  Dispatch_Status: 170,
  Incoterm2: 140,
  has_shipment: 120,
};

const YES_NO = [
  { value: 'Y', text: 'Y' },
  { value: 'N', text: 'N' },
];

/** A field's label in the order screens. */
export function orderLabel(t: TFunction, field: string, relation = false): string {
  if (relation && field === 'Transporter_Name') return t('order.customerVendor');
  return t(`order.fields.${field}`, { defaultValue: field });
}

export function orderColumns(
  t: TFunction,
  options: { statuses: CodeText[]; shipmentTypes: CodeText[]; relation: boolean; party: boolean },
): GridColumn[] {
  return Order.list.map((name) => {
    const field = entityField(Order, name);
    const searchable = !(options.party && OUTSIDE_UNSEARCHABLE.includes(name));
    const kind = cellKindOf(field);
    const choices =
      name === 'Dispatch_Status'
        ? DISPATCH_STATUSES.map((code) => ({ value: code, text: t(`order.dispatchStatuses.${code}`) }))
        : name === 'shipment_type_name' && options.shipmentTypes.length
          ? options.shipmentTypes.map((s) => ({ value: s.code, text: s.text }))
          : name === 'Status' && options.statuses.length
            ? options.statuses.map((s) => ({ value: s.code, text: s.text }))
            : kind === 'bool'
              ? YES_NO
              : undefined;
    return {
      field: name,
      header: orderLabel(t, name, options.relation),
      kind,
      scale: kind === 'decimal' ? field.scale : undefined,
      sortable: searchable && (field.sortable ?? false),
      filter: searchable ? (field.filter ?? defaultFilter(field)) : false,
      options: choices,
      width: WIDTHS[name],
    };
  });
}

/** The lines of an expanded row; the conversion columns only when the order shows them. */
export function lineFields(showConversion: boolean): string[] {
  const all = OrderLine.list as readonly string[];
  return showConversion ? [...all] : all.filter((f) => f !== 'Conversion_Type' && f !== 'Conversion');
}

export const QTY_FIELDS = ['Qty', 'os_qty', 'real_qty', 'order_qty', 'sap_os_qty', 'Revert_Qty'];
