// The bulk threads (runner.ts): a few worker threads, each with its own database pool, that take the bulk tasks
// off the API's event loop. A task goes to the thread with the fewest under way. A thread that dies fails the
// tasks it held (500) and is replaced.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { outcomeFromWire } from './runner';
import type { BulkReply, BulkRequest, BulkThreadData } from './thread';
import type { BulkOutcome, BulkRunner, BulkTask } from './types';

export interface BulkThreadsOptions extends Omit<BulkThreadData, 'logLevel'> {
  threads: number;
  logger: Logger;
}

interface Thread {
  worker: Worker;
  pending: Map<number, (outcome: BulkOutcome) => void>;
  /** The tasks under way, to wait for when closing. */
  running: Set<Promise<BulkOutcome>>;
}

/** How the API runs its bulk threads: two, so an import and a push do not wait for each other. */
export const BULK_THREADS = {
  threads: 2,
  /** Connections of each thread's pool: an import holds one for its transaction. */
  poolMax: 2,
  /** Below the event loop's 0: when the CPU is short, the bulk work waits, not the users' requests. */
  nice: 10,
} as const;

const ENTRY = path.join(__dirname, 'thread-entry.cjs');

export function startBulkThreads(options: BulkThreadsOptions): BulkRunner {
  const { threads: count, logger, ...data } = options;
  const workerData: BulkThreadData = { ...data, logLevel: logger.level };
  let nextId = 1;
  let closing = false;

  const spawn = (): Thread => {
    const thread: Thread = {
      worker: new Worker(ENTRY, { workerData }),
      pending: new Map(),
      running: new Set(),
    };
    thread.worker.on('message', (reply: BulkReply) => {
      const settle = thread.pending.get(reply.id);
      thread.pending.delete(reply.id);
      settle?.(outcomeFromWire(reply.outcome));
    });
    thread.worker.on('error', (err) => logger.error({ err }, 'bulk thread failed'));
    thread.worker.on('exit', (code) => {
      for (const settle of thread.pending.values()) {
        settle({ error: new Error(`the bulk thread stopped (exit ${code}) before the task ended`) });
      }
      thread.pending.clear();
      const at = pool.indexOf(thread);
      if (closing || at < 0) return;
      logger.error({ code }, 'bulk thread stopped; starting another');
      pool[at] = spawn();
    });
    // An idle thread does not keep the process alive.
    thread.worker.unref();
    return thread;
  };
  const pool: Thread[] = Array.from({ length: count }, spawn);

  const send = (thread: Thread, message: { task: BulkTask } | { close: true }): Promise<BulkOutcome> => {
    const id = nextId++;
    const answered = new Promise<BulkOutcome>((resolve) => {
      thread.pending.set(id, resolve);
      thread.worker.ref();
      thread.worker.postMessage({ id, ...message } satisfies BulkRequest);
    }).finally(() => {
      thread.running.delete(answered);
      if (thread.pending.size === 0) thread.worker.unref();
    });
    thread.running.add(answered);
    return answered;
  };

  return {
    run(task: BulkTask): Promise<BulkOutcome> {
      if (closing) return Promise.resolve({ error: new Error('the bulk threads are stopping') });
      const thread = pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      return send(thread, { task });
    },
    async close(): Promise<void> {
      closing = true;
      await Promise.all(
        pool.map(async (thread) => {
          // Tasks under way finish; then the thread closes its pool and ends.
          await Promise.all([...thread.running]);
          await send(thread, { close: true });
          await thread.worker.terminate();
        }),
      );
    },
  };
}
