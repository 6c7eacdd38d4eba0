// The sweep of entity workflows (DESIGN §2 "A schedule sweeps for entities whose workflow never started or died and
// restarts it"): every entity whose rows say its life is open must have its workflow running, since every change
// of it goes through that workflow. An entity declares its sweep (EntitySweep: which rows, and the input to start
// from a row) and the kit does the rest. Two ways a workflow can be missing:
//   - never started: the API committed the rows but the start was lost (Temporal away, the process killed between
//     the two). The entity names those rows (`unstarted`), by a mark the workflow's first write leaves.
//   - died: its run was terminated, failed or timed out. Found among the entity's runs that closed lately
//     (Temporal's visibility), kept when the rows say the entity is still open (`stillOpen`), and started again.
// Starting is idempotent (conflict policy USE_EXISTING, kit/entity.ts), so a sweep that races the API's own start,
// or a run that came back meanwhile, changes nothing.
import type { Client } from '@temporalio/client';
import { ApplicationFailure, type WorkflowIdReusePolicy } from '@temporalio/common';
import type { Db } from '../../db/connection';
import { startEntityWorkflow, type EntityWorkflow } from './entity';

/** How far back closed runs are looked at: a sweep that was stopped this long still finds what died meanwhile. */
export const SWEEP_LOOKBACK_MS = 24 * 3_600_000;
/** Entities never started, at most, per sweep (the next sweep takes the rest). */
export const SWEEP_BATCH = 500;

export interface EntitySweep<Row, Input, Key> {
  /** The workflow the rows should have running. */
  workflow: EntityWorkflow<Input, Key>;
  /** Rows whose workflow never started, oldest first, at most `limit`. */
  unstarted(db: Db, limit: number): Promise<Row[]>;
  /**
   * The row of a business key (a workflow id less its prefix) whose run closed, when the entity should still have
   * one running; undefined when its life is over.
   */
  stillOpen(db: Db, key: string): Promise<Row | undefined>;
  /** The input to start the row's workflow with; `resumed`: a run of it died (it takes up where its rows stand). */
  input(db: Db, row: Row, resumed: boolean): Promise<Input>;
  /** The row's business key, as the sweep reports it. */
  keyOf(row: Row): string;
  /** The Status search attribute of a run started from the row (the row's status), when not the input's. */
  status?(row: Row): string;
  /** How a run that died is started again under its id, when not the workflow's own reuse policy. */
  restartReusePolicy?: WorkflowIdReusePolicy;
}

/** Declares an entity's sweep (the identity function, to keep its types checked in one place). */
export function defineEntitySweep<Row, Input, Key>(
  sweep: EntitySweep<Row, Input, Key>,
): EntitySweep<Row, Input, Key> {
  return sweep;
}

export interface SweepInput {
  /** Where the started workflows run (the worker's task queue). */
  taskQueue: string;
  lookbackMs?: number;
  batch?: number;
}

/** A sweep's run as its schedule starts it (workflows/sweeps.ts names the entities). */
export interface EntitySweepInput extends SweepInput {
  entity: string;
}

/** The one activity every sweep's run calls (workflows/sweeps.ts). */
export interface EntitySweepActivities {
  sweepEntityWorkflows(input: EntitySweepInput): Promise<SweepResult>;
}

export interface SweepResult {
  /** Business keys whose workflow was started for the first time. */
  started: string[];
  /** Business keys whose dead run was started again. */
  resumed: string[];
}

export interface SweepDeps {
  db: Db;
  client?: Client;
}

/** Starts the entity's workflows that never started, and starts again those whose run died; see the header. */
export async function runEntitySweep<Row, Input, Key>(
  sweep: EntitySweep<Row, Input, Key>,
  { db, client }: SweepDeps,
  input: SweepInput,
): Promise<SweepResult> {
  if (!client) {
    throw ApplicationFailure.nonRetryable(
      'The sweep needs a Temporal client (createWorker client option).',
      'NO_TEMPORAL_CLIENT',
    );
  }
  const { workflow } = sweep;
  const result: SweepResult = { started: [], resumed: [] };
  const start = async (row: Row, resumed: boolean) =>
    startEntityWorkflow(client, workflow, await sweep.input(db, row, resumed), {
      taskQueue: input.taskQueue,
      ...(sweep.status ? { status: sweep.status(row) } : {}),
      ...(resumed && sweep.restartReusePolicy ? { reusePolicy: sweep.restartReusePolicy } : {}),
    });

  for (const row of await sweep.unstarted(db, input.batch ?? SWEEP_BATCH)) {
    if (await start(row, false)) result.started.push(sweep.keyOf(row));
  }

  const since = new Date(Date.now() - (input.lookbackMs ?? SWEEP_LOOKBACK_MS)).toISOString();
  const closed = new Set<string>();
  for await (const run of client.workflow.list({
    query: `WorkflowType = '${workflow.workflowType}' AND ExecutionStatus != 'Running' AND CloseTime > '${since}'`,
  })) {
    if (run.workflowId.startsWith(workflow.idPrefix)) closed.add(run.workflowId);
  }
  for (const workflowId of closed) {
    const row = await sweep.stillOpen(db, workflowId.slice(workflow.idPrefix.length));
    if (!row) continue;
    // The latest run of the id: one started since (by an earlier sweep, or the API) is running and is left alone.
    const { status } = await client.workflow.getHandle(workflowId).describe();
    if (status.name === 'RUNNING') continue;
    if (await start(row, true)) result.resumed.push(sweep.keyOf(row));
  }
  return result;
}
