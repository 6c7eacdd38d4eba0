// All activities the worker registers, built from each domain's factory with explicit dependencies so tests
// can pass an in-memory database (or fakes) and production passes the real pool.
import type { Client } from '@temporalio/client';
import type { Db } from '../db/connection';
import { createApprovalActivities } from './approvals/activities';
import { createErpActivities } from './erp/activities';
import type { ErpPullPort } from './erp/port';
import { createMaintenanceActivities } from './maintenance/activities';
import { createOrderActivities } from './orders/activities';
import { createOrderSweepActivities } from './orders/sweep';
import { createEntitySweepActivities } from './sweeps';
import { createUserActivities } from './users/activities';

export interface ActivityDeps {
  db: Db;
  /** The configured ERP and its import (workflows/erp/port.ts); without it the ERP activities fail, not retried. */
  erp?: ErpPullPort;
  /** Temporal, for the activities that start workflows (the sweeps); without it they fail, not retried. */
  client?: Client;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createUserActivities(deps),
    ...createMaintenanceActivities(deps),
    ...createErpActivities(deps),
    ...createApprovalActivities(deps),
    ...createOrderActivities(deps),
    ...createOrderSweepActivities(deps),
    ...createEntitySweepActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
