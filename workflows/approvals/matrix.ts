// The Approval Matrix choice, for every kind of approval (SAP orders typed in the console: Info1 SAP_ORDER; an
// order's transporter assignment: Info1 the freight criterion that applies). A matrix answers one Info1 for one
// company and order type (by Name); its other scope fields (business segment, purchase organisation, document
// type, distribution) match any value when empty, and the matching matrix that fills most of them wins (ties: the
// lowest matrix code). Only active matrices count, and of their approvers only active users; a level left without
// one is skipped, so the levels asked are 1..n without gaps.
//
// Read by the SAP order approval's activity (activities.ts) and by the API's check of an assignment
// (api/orders/approval-check.ts), which caches the answers as master data.
import type { Knex } from 'knex';
import type { ApproverRef } from './messages';

/** The fields of a SAP order that choose its matrix (sap_orders columns). */
export interface MatrixScope {
  company_code: string | null;
  /** The order type's Name ("SO", "TO OUT", ...). */
  order_type: string;
  product_category: string | null;
  purchase_organization: string | null;
  document_type: string | null;
  distribution: string | null;
}

export interface ApprovalMatrixRef {
  id: number;
  approval_matrix_code: string;
}

/** The most specific active matrix of one Info1 for the scope; undefined when none (or the scope has no company). */
export async function findApprovalMatrix(
  db: Knex,
  scope: MatrixScope,
  info1: string,
): Promise<ApprovalMatrixRef | undefined> {
  if (!scope.company_code) return undefined;
  const query = db('approval_matrices as m')
    .where('m.is_active', true)
    .whereRaw('upper(m.info1) = ?', [info1.toUpperCase()])
    .whereRaw('lower(m.company_code) = lower(?)', [scope.company_code])
    .whereRaw('lower(m.order_type) = lower(?)', [scope.order_type]);
  const fields: [column: string, value: string | null][] = [
    ['m.business_segment_code', scope.product_category],
    ['m.purchase_organization_code', scope.purchase_organization],
    ['m.document_type', scope.document_type],
    ['m.distribution', scope.distribution],
  ];
  for (const [column, value] of fields) {
    // An empty scope field matches any order; a filled one only orders with that value.
    if (value === null) query.whereNull(column);
    else query.where((q) => void q.whereNull(column).orWhereRaw('lower(??) = lower(?)', [column, value]));
  }
  return (await query
    .orderByRaw(
      `((m.business_segment_code is not null)::int + (m.purchase_organization_code is not null)::int +
        (m.document_type is not null)::int + (m.distribution is not null)::int) desc`,
    )
    .orderBy('m.approval_matrix_code')
    .first('m.id', 'm.approval_matrix_code')) as ApprovalMatrixRef | undefined;
}

/** The matrix's active approvers, by level then name, their levels renumbered 1..n (a level of inactive users drops). */
export async function matrixApprovers(db: Knex, matrixId: number): Promise<ApproverRef[]> {
  const rows = (await db('approval_matrix_approvers as a')
    .joinRaw('join users as u on lower(u.username) = lower(a.username)')
    .where('a.approval_matrix_id', matrixId)
    .where('u.is_active', true)
    .orderBy([{ column: 'a.level' }, { column: 'u.username' }])
    .select('u.username', 'a.level')) as ApproverRef[];
  const levels = [...new Set(rows.map((r) => r.level))];
  return rows.map((r) => ({ username: r.username, level: levels.indexOf(r.level) + 1 }));
}
