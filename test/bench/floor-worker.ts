// The worker of the order benchmark's floor (orders-floor.ts): floor.workflow.ts on a task queue of its own
// (BENCH_FLOOR_TASK_QUEUE) of the Temporal at BENCH_FLOOR_TEMPORAL_ADDRESS, its one local activity a no-op. A
// process of its own with the V8 flags and the SDK's default worker options, as the product's worker
// (api/worker-main.ts, workflows/worker.ts) runs beside it. Prints `running` once it polls; stops on SIGTERM
// after its running tasks.
import '../../api/runtime';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { FloorActivities } from './floor.workflow';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`floor-worker: ${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const connection = await NativeConnection.connect({ address: required('BENCH_FLOOR_TEMPORAL_ADDRESS') });
  const activities: FloorActivities = { floorWrite: async () => {} };
  const worker = await Worker.create({
    connection,
    namespace: 'default',
    taskQueue: required('BENCH_FLOOR_TASK_QUEUE'),
    workflowsPath: require.resolve('./floor.workflow'),
    activities,
  });
  const shutdown = () => {
    if (worker.getState() === 'RUNNING') worker.shutdown();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  process.stdout.write('running\n');
  try {
    await worker.run();
  } finally {
    await connection.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
