// The sweep of SAP order approval workflows, declared on the kit's sweep (workflows/kit/sweep.ts): every SAP order
// approval still WAITING FOR APPROVAL must have its `sap-approval:<Id>` running, since only it decides.
//   - never started: the start was lost, or the approval was opened by a process without Temporal. The workflow's
//     first activity writes the approvers (resolveSapApprovers), so a waiting approval without approvers has
//     never had a run get that far: started from the approvals row and its SAP order.
//   - died: its run was terminated, failed or timed out while the approval waits. Started again from the same rows:
//     the new run reads back the approvers and the level reached (resolveSapApprovers answers what is stored), so
//     nobody decides a level twice. A completed run is never restarted (reuse policy ALLOW_DUPLICATE_FAILED_ONLY):
//     an approval is decided once.
import type { Db } from '../../db/connection';
import { SAP_APPROVAL_TRANSACTION_TYPE } from '../../db/resources/approvals';
import { defineEntitySweep } from '../kit/sweep';
import { sapApprovalEntity } from './entity';
import type { SapOrderApprovalInput } from './messages';

interface WaitingApprovalRow {
  id: number;
  document_id: string;
  document_no: string;
  company_code: string | null;
  created_by: string | null;
  order_type: string;
  order_created_by: string | null;
}

const waitingApprovals = (db: Db) =>
  db('approvals as a')
    .joinRaw('join sap_orders as o on o.id::text = a.document_id')
    .where({ 'a.transaction_type': SAP_APPROVAL_TRANSACTION_TYPE, 'a.status': 'WAITING FOR APPROVAL' })
    .select(
      'a.id',
      'a.document_id',
      'a.document_no',
      'a.company_code',
      'a.created_by',
      'o.order_type',
      'o.created_by as order_created_by',
    );

export const sapApprovalSweep = defineEntitySweep({
  workflow: sapApprovalEntity,
  unstarted: async (db, limit) =>
    (await waitingApprovals(db)
      .whereNotExists(
        (q) => void q.select(1).from('approval_approvers as p').whereRaw('p.approval_id = a.id'),
      )
      .orderBy('a.id')
      .limit(limit)) as WaitingApprovalRow[],
  stillOpen: async (db, sapOrderId) =>
    (await waitingApprovals(db).where('a.document_id', sapOrderId).first()) as WaitingApprovalRow | undefined,
  // What api/sap-orders/approval.ts starts it with, read back from the rows it wrote.
  input: (_db, row: WaitingApprovalRow): Promise<SapOrderApprovalInput> =>
    Promise.resolve({
      approvalId: row.id,
      sapOrderId: Number(row.document_id),
      documentNo: row.document_no,
      companyCode: row.company_code,
      orderType: row.order_type,
      requestedBy: row.created_by ?? row.order_created_by ?? '',
    }),
  keyOf: (row) => row.document_id,
  restartReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
});
