// All activities the worker registers, built from each domain's factory with explicit dependencies so tests
// can pass an in-memory database (or fakes) and production passes the real pool.
import type { Db } from '../db/connection';
import type { ErpAdapter } from '../api/erp/types';
import { createApprovalActivities } from './approvals/activities';
import { createErpActivities } from './erp/activities';
import { createMaintenanceActivities } from './maintenance/activities';
import { createUserActivities } from './users/activities';

export interface ActivityDeps {
  db: Db;
  /** The configured ERP (api/erp/index.ts createErpAdapter); without it the ERP activities fail, not retried. */
  erp?: ErpAdapter;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createUserActivities(deps),
    ...createMaintenanceActivities(deps),
    ...createErpActivities(deps),
    ...createApprovalActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
