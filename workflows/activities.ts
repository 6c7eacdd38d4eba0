// All activities the worker registers, built from each domain's factory with explicit dependencies so tests
// can pass an in-memory database (or fakes) and production passes the real pool.
import type { Db } from '../db/connection';
import { createMaintenanceActivities } from './maintenance/activities';
import { createUserActivities } from './users/activities';

export interface ActivityDeps {
  db: Db;
}

export function createActivities(deps: ActivityDeps) {
  return {
    ...createUserActivities(deps),
    ...createMaintenanceActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
