// An entity workflow declared once (DESIGN §2 "One Temporal kit"): its workflow type, the id of its business key,
// its search attributes and what a start finds of a closed run of the same id. The API's client
// (api/temporal/entity-workflows.ts) and the sweep (kit/sweep.ts) both start through startEntityWorkflow, so the
// start and its search attributes are written here only. Client side: never imported by workflow code.
import {
  WorkflowExecutionAlreadyStartedError,
  type Client,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { SearchAttributePair, WorkflowIdReusePolicy } from '@temporalio/common';
import { Status } from '../search-attributes';

export interface EntityWorkflow<Input, Key> {
  /**
   * The workflow function's name in the bundle (workflows/workflows.ts); test/unit/entity-workflows.test.ts checks
   * every declared entity's against the bundle's exports (the kit sits below the bundle and does not import it).
   */
  workflowType: string;
  /** The business key a start input is for. */
  keyOf(input: Input): Key;
  /** The workflow id of a business key (`order:<Order_No>`, `sap-approval:<Id>`). */
  idOf(key: Key): string;
  /** What every id starts with: the sweep tells the entity's runs apart by it. */
  idPrefix: string;
  /** The custom search attributes a run starts with, Status among them (workflows/search-attributes.ts). */
  searchAttributes(input: Input): SearchAttributePair[];
  /** What a start finds of a closed run of the same id; Temporal's default (a new run is allowed) when absent. */
  reusePolicy?: WorkflowIdReusePolicy;
}

/** Declares an entity workflow (the identity function, to keep its types checked in one place). */
export function defineEntityWorkflow<Input, Key>(
  entity: EntityWorkflow<Input, Key>,
): EntityWorkflow<Input, Key> {
  return entity;
}

export interface EntityStartOptions {
  taskQueue: string;
  /** The Status search attribute when it is not what the input says (a run restarted from its rows). */
  status?: string;
  /** Replaces the entity's reuse policy (the sweep restarting a run that died). */
  reusePolicy?: WorkflowIdReusePolicy;
}

/**
 * How the entity's workflow is started (a plain start, or the start of an update-with-start): its id, input, search
 * attributes and policies. A run of that id that is there is kept as it is (conflict policy USE_EXISTING: a
 * retried request, the sweep and the API at the same moment make one run).
 */
export function entityStartOptions<Input, Key>(
  entity: EntityWorkflow<Input, Key>,
  input: Input,
  options: EntityStartOptions,
): WorkflowStartOptions & { workflowIdConflictPolicy: 'USE_EXISTING' } {
  const status = options.status;
  const attributes = entity
    .searchAttributes(input)
    .map((pair): SearchAttributePair =>
      status !== undefined && pair.key.name === Status.name ? { key: Status, value: status } : pair,
    );
  const reusePolicy = options.reusePolicy ?? entity.reusePolicy;
  return {
    taskQueue: options.taskQueue,
    workflowId: entity.idOf(entity.keyOf(input)),
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    ...(reusePolicy ? { workflowIdReusePolicy: reusePolicy } : {}),
    typedSearchAttributes: attributes,
  };
}

/**
 * Starts the entity's workflow (entityStartOptions). Answers false when a closed run of the id refused the start
 * (the reuse policy); throws when the start did not happen for any other reason.
 */
export async function startEntityWorkflow<Input, Key>(
  client: Client,
  entity: EntityWorkflow<Input, Key>,
  input: Input,
  options: EntityStartOptions,
): Promise<boolean> {
  try {
    await client.workflow.start(entity.workflowType, entityStartOptions(entity, input, options));
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}
