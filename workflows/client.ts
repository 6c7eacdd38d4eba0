// The Temporal client side used by the API (starting workflows, sending updates and signals) and the health
// checks behind the status endpoint. Health functions never throw: a health page must answer even when the
// thing it reports on is down.
import { Client, Connection, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { optionalTsToMs } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';

/**
 * The Update was sent and not answered in time: the SDK's "timed out or cancelled" (whichever of gRPC
 * DEADLINE_EXCEEDED or CANCELLED came first when our deadline passed), DEADLINE_EXCEEDED (4) anywhere in the causes,
 * or any failure that came only once the deadline had passed (a busy server answers UNAVAILABLE then, say). The
 * server may still hold the Update and apply it, so this is never "nothing happened".
 */
export function isUpdateTimeout(err: unknown, deadlinePassed: boolean): boolean {
  if (deadlinePassed || err instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return true;
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === 4) return true;
  }
  return false;
}

export interface TemporalClientOptions {
  /** host:port of the frontend. */
  address: string;
  namespace: string;
}

export async function connectTemporal(
  options: TemporalClientOptions,
): Promise<{ connection: Connection; client: Client }> {
  const connection = await Connection.connect({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  return { connection, client };
}

export interface WorkerHealth {
  ok: boolean;
  /** Pollers seen on the workflow task queue within the liveness window. */
  pollers: number;
  /** ISO time of the most recent poll by any worker. */
  lastAccess?: string;
  error?: string;
}

/** A worker polls continuously (long polls of about a minute); silence longer than this means none is alive. */
export const WORKER_LIVENESS_MS = 60_000;
const HEALTH_DEADLINE_MS = 3_000;

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Whether any worker serves the task queue: the server remembers each poller's last access, so this needs no
 * cooperation from the workers. Only the workflow task queue is asked, since every worker polls it.
 */
export async function getWorkerHealth(
  target: Client | Connection,
  namespace: string,
  taskQueue: string,
): Promise<WorkerHealth> {
  const connection = target instanceof Client ? target.connection : target;
  try {
    const response = await connection.withDeadline(Date.now() + HEALTH_DEADLINE_MS, () =>
      connection.workflowService.describeTaskQueue({
        namespace,
        taskQueue: { name: taskQueue, kind: temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
        taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      }),
    );
    const now = Date.now();
    const accessTimes = (response.pollers ?? [])
      .map((p) => optionalTsToMs(p.lastAccessTime))
      .filter((ms): ms is number => ms !== undefined);
    const alive = accessTimes.filter((ms) => now - ms <= WORKER_LIVENESS_MS).length;
    const latest = accessTimes.length ? Math.max(...accessTimes) : undefined;
    return {
      ok: alive > 0,
      pollers: alive,
      ...(latest !== undefined ? { lastAccess: new Date(latest).toISOString() } : {}),
    };
  } catch (err) {
    return { ok: false, pollers: 0, error: errorMessage(err) };
  }
}

/** Whether the Temporal frontend answers, with a short deadline so a dead cluster cannot hang the caller. */
export async function getTemporalHealth(
  target: Client | Connection,
  deadlineMs = HEALTH_DEADLINE_MS,
): Promise<{ ok: boolean; error?: string }> {
  const connection = target instanceof Client ? target.connection : target;
  try {
    await connection.withDeadline(Date.now() + deadlineMs, () =>
      connection.workflowService.getSystemInfo({}),
    );
    return { ok: true };
  } catch (err) {
    return { ok: false, error: errorMessage(err) };
  }
}
