// One bulk thread (threads.ts starts them): it lowers its own CPU priority, opens its own database pool and runs
// the tasks it is sent, answering each with its outcome in wire form (runner.ts).
import '../runtime';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { createDb } from '../../db/connection';
import { outcomeToWire, errorToWire, type WireOutcome } from './runner';
import { runBulkTask } from './tasks';
import type { BulkTask } from './types';

export interface BulkThreadData {
  databaseUrl: string;
  statementTimeoutMs?: number;
  /** Connections of this thread's pool. */
  poolMax: number;
  /** Niceness of the thread (0 to 19). */
  nice: number;
  /** Niceness given to the pool's server processes, when they run on this host as ours (embedded cluster). */
  backendNice?: number;
  logLevel: string;
}

export type BulkRequest = { id: number; task: BulkTask } | { id: number; close: true };
export interface BulkReply {
  id: number;
  outcome: WireOutcome;
}

const data = workerData as BulkThreadData;
const port = parentPort!;
const logger = pino({ level: data.logLevel, base: { thread: 'bulk' } });
try {
  // On Linux a thread's niceness is its own: the API's event loop keeps its priority.
  os.setPriority(0, data.nice);
} catch (err) {
  logger.warn({ err }, 'bulk thread: priority not lowered');
}
const db = createDb({
  databaseUrl: data.databaseUrl,
  poolMax: data.poolMax,
  statementTimeoutMs: data.statementTimeoutMs,
  backendNice: data.backendNice,
  logger,
});

port.on('message', (request: BulkRequest) => {
  if ('close' in request) {
    void db.destroy().finally(() => port.postMessage({ id: request.id, outcome: {} } satisfies BulkReply));
    return;
  }
  void runBulkTask(db, request.task)
    .then((outcome) => outcomeToWire(outcome))
    .catch((err: unknown) => ({ error: errorToWire(err) }))
    .then((outcome) => port.postMessage({ id: request.id, outcome } satisfies BulkReply));
});
