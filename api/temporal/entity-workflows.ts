// The API's side of every entity workflow (DESIGN §2 "One Temporal kit"): a domain declares its workflow (type, id
// of its business key, search attributes: workflows/kit/entity.ts) and the refusals its Update validators fail
// with, and gets the start, Updates that wait for their answer, Signals, Queries, and Temporal's failures mapped
// to plain outcomes, so routes never see a Temporal error:
//   - a refusal of the workflow keeps its reason (the ApplicationFailure type the validator or handler threw);
//   - no such workflow: WORKFLOW_NOT_FOUND;
//   - sent and not answered in time: WORKFLOW_TIMEOUT (it may still be applied once a worker takes it, so the user
//     is told to look again rather than that nothing happened);
//   - anything else (Temporal or the worker away): WORKFLOW_UNAVAILABLE.
// outcomeError turns a failed outcome into the envelope's error (its HTTP status and message key).
// A domain may declare how its workflow catches up with rows ahead of it (catchUp: a change its activity wrote
// whose Update Temporal then lost): an Update refused on the state the run holds is then sent once more after the
// run has taken the rows' state, so a lost Update does not leave the entity stuck behind its own rows.
// startWithUpdate starts the workflow and sends its first Update in one call (update-with-start, conflict policy
// USE_EXISTING: SDK 1.24's executeUpdateWithStart, which the dev server the product runs, 1.29.1, supports), so the
// entity's rows are written by the workflow from its first change and nothing is written when the call never
// reaches Temporal.
import {
  WithStartWorkflowOperation,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
} from '@temporalio/client';
import {
  ApplicationFailure,
  type QueryDefinition,
  type SignalDefinition,
  type UpdateDefinition,
} from '@temporalio/common';
import { isUpdateTimeout } from '../../workflows/client';
import { entityStartOptions, startEntityWorkflow, type EntityWorkflow } from '../../workflows/kit/entity';
import { AppError } from '../errors';

/** Why an Update did not answer, whatever the workflow: see the header. */
export type WorkflowFailure = 'WORKFLOW_NOT_FOUND' | 'WORKFLOW_UNAVAILABLE' | 'WORKFLOW_TIMEOUT';

/**
 * Whether an Update that failed with `code` may still be taken by its workflow: Temporal or the worker away, or an
 * answer late (not a refusal, and not a workflow that is not there). What the caller wrote for it stays as it is.
 */
export const mayStillBeTaken = (code: string): boolean =>
  code === 'WORKFLOW_UNAVAILABLE' || code === 'WORKFLOW_TIMEOUT';

export type UpdateOutcome<Result, Refusal extends string> =
  | { ok: true; result: Result }
  | {
      ok: false;
      code: Refusal | WorkflowFailure;
      detail?: string;
      /** A refusal's details (the ApplicationFailure's), where the workflow gives them. */
      details?: unknown[];
    };

export interface EntityWorkflowsDeclaration<Input, Key, Refusal extends string> extends EntityWorkflow<
  Input,
  Key
> {
  /** The workflow's refusals (ApplicationFailure types of its Update validators and handlers), by name. */
  refusals: Readonly<Record<string, Refusal>>;
  /**
   * The refusal an Update gets when it failed otherwise and the workflow turns out closed: a closed workflow has
   * decided, which is the answer (two approvers at once: the first decision ends the run, and an Update admitted
   * meanwhile fails without the workflow's own refusal). Absent: the failure is reported as it is.
   */
  closedRefusal?: Refusal;
  /**
   * How the workflow catches up with rows ahead of it (a change written whose Update Temporal lost): an Update
   * answering whether it took the rows' state, sent when an Update is refused with one of `on` (refusals that a
   * state left behind can give); when it caught up, the refused Update is sent once more. Absent: none.
   */
  catchUp?: { update: UpdateDefinition<{ caughtUp: boolean }, []>; on: readonly Refusal[] };
  /** The envelope of a failed outcome: message keys `<messagePrefix>.<code>`, HTTP statuses beyond the defaults. */
  messagePrefix?: string;
  statuses?: Partial<Record<Refusal | WorkflowFailure, number>>;
}

export interface EntityWorkflowOptions {
  taskQueue: string;
  /** How long an Update (or Query) may take before it is reported unanswered (no worker, say). */
  updateTimeoutMs?: number;
}

export interface EntityWorkflowClient<Input, Key, Refusal extends string> {
  /** Starts the workflow of the input's key; one already there (or closed, where refused) counts as done. */
  start(input: Input): Promise<void>;
  /**
   * Starts the input's workflow (a run of that id already there is used: USE_EXISTING) and sends it an Update in the
   * same call (update-with-start), waiting for its answer.
   */
  startWithUpdate<Result, Args extends unknown[]>(
    input: Input,
    definition: UpdateDefinition<Result, Args>,
    ...args: Args
  ): Promise<UpdateOutcome<Result, Refusal>>;
  /** Sends an Update to the key's workflow and waits for its answer. */
  update<Result, Arg>(
    key: Key,
    definition: UpdateDefinition<Result, [Arg]>,
    arg: Arg,
  ): Promise<UpdateOutcome<Result, Refusal>>;
  /** The same, to a workflow known by its id (a row that stored it). */
  updateWorkflow<Result, Arg>(
    workflowId: string,
    definition: UpdateDefinition<Result, [Arg]>,
    arg: Arg,
  ): Promise<UpdateOutcome<Result, Refusal>>;
  /** Sends a Signal; a workflow that is not there (finished long ago, never started) is not an error. */
  signalWorkflow<Arg>(workflowId: string, definition: SignalDefinition<[Arg]>, arg: Arg): Promise<void>;
  /** Asks a Query; null when there is no such workflow or it cannot be asked (the caller shows its rows). */
  query<Result>(key: Key, definition: QueryDefinition<Result, []>): Promise<Result | null>;
  /** Whether the key's workflow has ended (its latest run closed); false while it runs, is not there, or is unknown. */
  closed(key: Key): Promise<boolean>;
  /**
   * Has the key's workflow catch up with rows ahead of it (the declaration's catchUp); true when it took their state,
   * false when there was nothing to take, it could not be asked, or the workflow declares no catch-up.
   */
  catchUp(key: Key): Promise<boolean>;
}

/** The HTTP status of a failure that no declaration names: unreachable 503, late 504, gone 409, refused 422. */
const DEFAULT_STATUS: Record<WorkflowFailure, number> = {
  WORKFLOW_UNAVAILABLE: 503,
  WORKFLOW_TIMEOUT: 504,
  WORKFLOW_NOT_FOUND: 409,
};

/** A failed outcome as the API's error, with the declaration's status and message key for it. */
export function outcomeError<Refusal extends string>(
  declaration: Pick<EntityWorkflowsDeclaration<unknown, unknown, Refusal>, 'messagePrefix' | 'statuses'>,
  code: Refusal | WorkflowFailure,
): AppError {
  const status =
    declaration.statuses?.[code] ?? (DEFAULT_STATUS as Partial<Record<string, number>>)[code] ?? 422;
  return new AppError(status, code, `${declaration.messagePrefix ?? 'errors'}.${code}`);
}

/** The API runs without Temporal: the routes that need a workflow answer this. */
export function workflowsUnavailable(): AppError {
  return new AppError(503, 'WORKFLOW_UNAVAILABLE', 'errors.unavailable');
}

function isNotFound(err: unknown): boolean {
  return (
    err instanceof WorkflowNotFoundError ||
    // A query to an id that has no run is answered by the server with gRPC NOT_FOUND (5).
    (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 5)
  );
}

/** Whether the workflow's latest run is closed (completed, failed, cancelled, terminated); false when unknown. */
async function isClosed(handle: { describe(): Promise<{ status: { name: string } }> }): Promise<boolean> {
  try {
    const { status } = await handle.describe();
    return ['COMPLETED', 'FAILED', 'CANCELLED', 'TERMINATED', 'TIMED_OUT'].includes(status.name);
  } catch {
    return false;
  }
}

export function createEntityWorkflows<Input, Key, Refusal extends string>(
  client: Client,
  declaration: EntityWorkflowsDeclaration<Input, Key, Refusal>,
  options: EntityWorkflowOptions,
): EntityWorkflowClient<Input, Key, Refusal> {
  const timeoutMs = options.updateTimeoutMs ?? 15_000;
  const refusals = new Set<string>(Object.values(declaration.refusals));

  /** The refusal an Update failed with, if it is one of the workflow's: its type and details. */
  const refusalOf = (err: unknown): { code: Refusal; details?: unknown[] } | undefined => {
    if (!(err instanceof WorkflowUpdateFailedError)) return undefined;
    const cause = err.cause;
    if (!(cause instanceof ApplicationFailure && cause.type && refusals.has(cause.type))) return undefined;
    return {
      code: cause.type as Refusal,
      ...(cause.details?.length ? { details: [...cause.details] } : {}),
    };
  };

  /** Sends an Update (`send`, on the workflow `workflowId`) and maps what it answers or fails with. */
  const answerOf = async <Result>(
    workflowId: string,
    send: () => Promise<Result>,
  ): Promise<UpdateOutcome<Result, Refusal>> => {
    const deadline = Date.now() + timeoutMs;
    try {
      const result = await client.connection.withDeadline(deadline, send);
      return { ok: true, result };
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal) return { ok: false, ...refusal };
      if (declaration.closedRefusal && (await isClosed(client.workflow.getHandle(workflowId)))) {
        return { ok: false, code: declaration.closedRefusal };
      }
      const detail = err instanceof Error ? err.message : String(err);
      if (isNotFound(err)) return { ok: false, code: 'WORKFLOW_NOT_FOUND', detail };
      if (isUpdateTimeout(err, Date.now() >= deadline))
        return { ok: false, code: 'WORKFLOW_TIMEOUT', detail };
      return { ok: false, code: 'WORKFLOW_UNAVAILABLE', detail };
    }
  };

  const updateWorkflow = async <Result, Arg>(
    workflowId: string,
    definition: UpdateDefinition<Result, [Arg]>,
    arg: Arg,
  ): Promise<UpdateOutcome<Result, Refusal>> => {
    const handle = client.workflow.getHandle(workflowId);
    const send = () => answerOf(workflowId, () => handle.executeUpdate(definition, { args: [arg] }));
    const first = await send();
    const catchUp = declaration.catchUp;
    if (first.ok || !catchUp || !(catchUp.on as readonly string[]).includes(first.code)) return first;
    const caught = await answerOf(workflowId, () => handle.executeUpdate(catchUp.update));
    return caught.ok && caught.result.caughtUp ? send() : first;
  };

  return {
    async start(input) {
      await startEntityWorkflow(client, declaration, input, { taskQueue: options.taskQueue });
    },
    startWithUpdate: (input, definition, ...args) => {
      const start = entityStartOptions(declaration, input, { taskQueue: options.taskQueue });
      return answerOf(start.workflowId, () =>
        client.workflow.executeUpdateWithStart(definition, {
          args,
          startWorkflowOperation: new WithStartWorkflowOperation(declaration.workflowType, start),
        }),
      );
    },
    update: (key, definition, arg) => updateWorkflow(declaration.idOf(key), definition, arg),
    closed: (key) => isClosed(client.workflow.getHandle(declaration.idOf(key))),
    async catchUp(key) {
      const catchUp = declaration.catchUp;
      if (!catchUp) return false;
      const workflowId = declaration.idOf(key);
      const caught = await answerOf(workflowId, () =>
        client.workflow.getHandle(workflowId).executeUpdate(catchUp.update),
      );
      return caught.ok && caught.result.caughtUp;
    },
    updateWorkflow,
    async signalWorkflow(workflowId, definition, arg) {
      try {
        await client.workflow.getHandle(workflowId).signal(definition, arg);
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return;
        throw err;
      }
    },
    async query(key, definition) {
      try {
        return await client.connection.withDeadline(Date.now() + timeoutMs, () =>
          client.workflow.getHandle(declaration.idOf(key)).query(definition),
        );
      } catch {
        // No such workflow, or Temporal or the worker away: the caller shows the entity from PostgreSQL without
        // its live part rather than failing.
        return null;
      }
    },
  };
}
