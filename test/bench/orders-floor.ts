// Temporal's own floor for the order benchmark (orders.ts, DESIGN §6 "Workflows"): what the lifecycle the
// benchmark drives costs with nothing of the product in it, measured on the same dev server in the same run.
// The floor's worker (floor-worker.ts) is a process of its own on the task queue FLOOR_TASK_QUEUE, running
// floor.workflow.ts: the order's messages in the order's shape, each change one no-op local activity. Its
// client is the benchmark's own, a Temporal client as the API's (workflows/client.ts connectTemporal),
// calling as the API's order routes call (api/orders/workflows.ts): a start with USE_EXISTING, Updates
// through a handle under a 15 s deadline.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { WithStartWorkflowOperation, type WorkflowStartOptions } from '@temporalio/client';
import { connectTemporal } from '../../workflows/client';
import {
  floorAcceptUpdate,
  floorApproveUpdate,
  floorAssignUpdate,
  type floorLifecycleWorkflow,
  type FloorInput,
  type FloorStage,
} from './floor.workflow';
import type { BenchChild } from './orders-support';

export const FLOOR_TASK_QUEUE = 'bench-floor';
const projectRoot = path.resolve(__dirname, '..', '..');

/** The floor's worker process on the Temporal at `temporalAddress`; answers once it polls. */
export async function startFloorWorker(temporalAddress: string): Promise<BenchChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'floor-worker.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      BENCH_FLOOR_TEMPORAL_ADDRESS: temporalAddress,
      BENCH_FLOOR_TASK_QUEUE: FLOOR_TASK_QUEUE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  // The SDK's own lines (the bundle's build, state changes): only its warnings and errors show.
  const important = (line: string) => /WARN|ERROR|Error|error/.test(line);
  // Without the terminal colours of the SDK's log lines.
  // eslint-disable-next-line no-control-regex
  const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');
  const show = (chunk: string) => {
    for (const line of chunk.split('\n').map(plain))
      if (line !== 'running' && important(line)) process.stderr.write(`[floor worker] ${line}\n`);
  };
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', show);
  child.stdout!.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    let out = '';
    let running = false;
    child.stdout!.on('data', (chunk: string) => {
      show(chunk);
      if (running) return;
      out += chunk;
      if (/^running$/m.test(out)) {
        running = true;
        resolve();
      }
    });
    child.once('exit', (code) => {
      if (!running) reject(new Error(`the floor worker exited (${code}) before it ran`));
      else process.stderr.write(`[floor worker] exited (${code})\n`);
    });
  });
  return {
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', kill);
    },
  };
}

export interface FloorOptions {
  /** The assignment as the Update of an update-with-start rather than with the start. */
  assignByUpdate: boolean;
  /** The transporter's deadline: long enough that no timer fires during the run. */
  deadlineMs?: number;
}

/** The floor's client: each call answers how long it took, in ms. */
export async function connectFloor(address: string, options: FloorOptions) {
  const { connection, client } = await connectTemporal({ address, namespace: 'default' });
  const UPDATE_TIMEOUT_MS = 15_000;
  const timed = async (fn: () => Promise<unknown>): Promise<number> => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  const update = (workflowId: string, definition: typeof floorApproveUpdate) =>
    timed(() =>
      client.connection.withDeadline(Date.now() + UPDATE_TIMEOUT_MS, () =>
        client.workflow.getHandle(workflowId).executeUpdate(definition),
      ),
    );
  const assign = (workflowId: string, approvalLevels: number) => {
    const input: FloorInput = {
      approvalLevels,
      deadlineMs: options.deadlineMs ?? 3_600_000,
      assignByUpdate: options.assignByUpdate,
    };
    const start = {
      taskQueue: FLOOR_TASK_QUEUE,
      workflowId,
      args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING',
    } satisfies WorkflowStartOptions<typeof floorLifecycleWorkflow>;
    if (!options.assignByUpdate)
      return timed(() =>
        client.workflow.start<typeof floorLifecycleWorkflow>('floorLifecycleWorkflow', start),
      );
    return timed(() =>
      client.connection.withDeadline(Date.now() + UPDATE_TIMEOUT_MS, () =>
        client.workflow.executeUpdateWithStart<typeof floorLifecycleWorkflow, FloorStage, []>(
          floorAssignUpdate,
          {
            startWorkflowOperation: new WithStartWorkflowOperation<typeof floorLifecycleWorkflow>(
              'floorLifecycleWorkflow',
              start,
            ),
          },
        ),
      ),
    );
  };
  return {
    assign,
    approve: (workflowId: string) => update(workflowId, floorApproveUpdate),
    accept: (workflowId: string) => update(workflowId, floorAcceptUpdate),
    close: () => connection.close(),
  };
}
export type FloorClient = Awaited<ReturnType<typeof connectFloor>>;

export interface FloorLifecycle {
  assign: number;
  approve: number;
  accept: number;
  total: number;
  /** performance.now() when the accept answered. */
  doneAt: number;
}

/** The benchmark's lifecycle on the floor: assign with one approval level, approve, accept. */
export async function floorLifecycle(floor: FloorClient, workflowId: string): Promise<FloorLifecycle> {
  const started = performance.now();
  const assign = await floor.assign(workflowId, 1);
  const approve = await floor.approve(workflowId);
  const accept = await floor.accept(workflowId);
  const doneAt = performance.now();
  return { assign, approve, accept, total: doneAt - started, doneAt };
}

/**
 * `count` floor lifecycles waiting for the transporter's answer, as the accept measurement's orders wait: assigned
 * with one approval level and approved, `clients` at a time, so their assignment is written before the accept.
 */
export async function prepareFloorAccepts(
  floor: FloorClient,
  ids: string[],
  clients: number,
): Promise<{ ready: string[]; failures: string[] }> {
  const ready: string[] = [];
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let id = ids[next++]; id !== undefined; id = ids[next++]) {
        try {
          await floor.assign(id, 1);
          await floor.approve(id);
          ready.push(id);
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  return { ready, failures };
}
