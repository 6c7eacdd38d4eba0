// What an edit of a stored SAP order may change (spec/3 §4.2). Editing proper is allowed only while a manual or
// transfer order waits for approval; warehouse, shipment type, delivery address and destination plant/factory
// stay editable in edit mode, which is what an order that came from SAP (SYNC SAP) is left with: the rest of it
// is SAP's document (header and lines), changed only by SAP through the import. The spec ties those fields to
// edit mode, not to a status; an order from SAP is taken as editable while it is APPROVED (how it arrives), so a
// rejected one stays as it was. The list's can_edit, the editor's GET in edit mode and the save all ask here.
import { CREATE_TYPES, SYNC_SAP } from '../../db/resources/sap-order';

/** Orders of these create types may be edited while they wait for approval. */
const EDITABLE_TYPES: readonly string[] = CREATE_TYPES;

/** `order`: everything of a manual or transfer order; `delivery`: the fields marked fromSap in the definition. */
export type EditScope = 'order' | 'delivery';

export function editScope(row: { Status?: unknown; Type?: unknown }): EditScope | null {
  if (row.Status === 'WAITING FOR APPROVAL' && EDITABLE_TYPES.includes(row.Type as string)) return 'order';
  if (row.Status === 'APPROVED' && row.Type === SYNC_SAP) return 'delivery';
  return null;
}

export function isEditable(row: { Status?: unknown; Type?: unknown }): boolean {
  return editScope(row) !== null;
}
