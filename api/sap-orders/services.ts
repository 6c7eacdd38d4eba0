// What the SAP order routes need beyond AppDeps: the ERP adapter and the starter of the approval workflow.
// Both are read from the deps object when something put them there (a test, or the process wiring once
// AppDeps carries them); otherwise the adapter the configuration names is made once per deps object and the
// approval runs without a workflow start (the approvals row is still written; see approval.ts).
import type { AppDeps } from '../deps';
import { createErpAdapter, type ErpAdapter } from '../erp';
import type { StartSapApprovalWorkflow } from './approval';

export interface SapOrderServices {
  erp?: ErpAdapter;
  startSapApprovalWorkflow?: StartSapApprovalWorkflow;
}

const adapters = new WeakMap<object, ErpAdapter>();

/** The ERP adapter of these deps: `deps.erp` when set, else the one ERP_ADAPTER names (made once). */
export function erpOf(deps: AppDeps): ErpAdapter {
  const own = (deps as AppDeps & SapOrderServices).erp;
  if (own) return own;
  let adapter = adapters.get(deps);
  if (!adapter) {
    adapter = createErpAdapter(deps.config, { db: deps.db, logger: deps.logger });
    adapters.set(deps, adapter);
  }
  return adapter;
}

export function approvalStarterOf(deps: AppDeps): StartSapApprovalWorkflow | undefined {
  return (deps as AppDeps & SapOrderServices).startSapApprovalWorkflow;
}
