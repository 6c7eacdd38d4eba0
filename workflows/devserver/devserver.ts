// The embedded Temporal dev server (`temporal server start-dev`) for `npm start` on a plain machine.
//
// State lives in a SQLite file under the data directory, so orders, shipments and schedules survive a restart
// of the product. Our custom search attributes are registered by the CLI at every start. We never attach to a
// dev server that is already listening: it may belong to another checkout or an earlier run with other
// settings, and silently sharing it would mix their histories.
//
// The SQLite file is written in WAL mode with synchronous=NORMAL (DEV_SERVER_SQLITE_PRAGMAS): the CLI's default
// (a rollback journal, synchronous=FULL) syncs the disk several times per transaction, and on a 2-core machine
// that made the dev server the largest CPU user of an order's life (bench:orders: 104 ms of 271 ms per
// lifecycle; 41 of 142 with WAL/NORMAL, 5.3 -> 11.7 lifecycles/s in the same hour). A transaction committed in
// WAL mode survives the process being killed (test/workflows/inactivity.test.ts kills it); only a power cut can
// lose the last commits, and the product is built for that: every projection write is idempotent (replayed
// local activities find their history row) and the order sweep starts again a workflow that never started.
// A production deployment runs a Temporal cluster on PostgreSQL and none of this applies.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { customSearchAttributes, devServerSearchAttributeArgs } from '../search-attributes';
import { isPortOpen } from './ports';

/** `--sqlite-pragma` values of the embedded server (see the header). */
export const DEV_SERVER_SQLITE_PRAGMAS = ['journal_mode=wal', 'synchronous=normal'] as const;

/** Minimal logger shape; a pino logger fits. */
export interface DevServerLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface DevServerOptions {
  cliPath: string;
  dataDir: string;
  port: number;
  uiPort: number;
  namespace: string;
  /** Interface to bind; loopback by default so the embedded server is never exposed to the network. */
  ip?: string;
  log?: DevServerLog;
  /** How long to wait for the frontend to answer (a cold start on a slow disk takes a few seconds). */
  startTimeoutMs?: number;
  /** Grace period after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
}

export interface DevServer {
  /** host:port of the gRPC frontend. */
  address: string;
  uiUrl: string;
  /** The SQLite file that holds the server's state. */
  dbFile: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

const TAIL_LINES = 40;

async function answersAsTemporal(address: string, timeoutMs: number): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: timeoutMs });
    await connection.withDeadline(Date.now() + timeoutMs, () =>
      connection!.workflowService.getSystemInfo({}),
    );
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

/** Ready = the namespace exists and our search attributes are registered, i.e. a worker can start now. */
async function isReady(address: string, namespace: string, timeoutMs: number): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: timeoutMs });
    const conn = connection;
    const deadline = Date.now() + timeoutMs;
    await conn.withDeadline(deadline, () => conn.workflowService.describeNamespace({ namespace }));
    const attrs = await conn.withDeadline(deadline, () =>
      conn.operatorService.listSearchAttributes({ namespace }),
    );
    const custom = attrs.customAttributes ?? {};
    return customSearchAttributes.every((key) => key.name in custom);
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const ip = options.ip ?? '127.0.0.1';
  const address = `${ip}:${options.port}`;
  const uiUrl = `http://${ip}:${options.uiPort}`;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;

  if (await isPortOpen(options.port, ip)) {
    if (await answersAsTemporal(address, 2_000)) {
      throw new Error(
        `A Temporal server is already listening on ${address} (probably a dev server from an earlier run that is ` +
          `still alive). Stop that process, choose another TEMPORAL_PORT, or set TEMPORAL_ADDRESS=${address} to use it.`,
      );
    }
    throw new Error(
      `Port ${options.port} on ${ip} is in use by another program; choose another TEMPORAL_PORT.`,
    );
  }
  if (await isPortOpen(options.uiPort, ip)) {
    throw new Error(
      `Port ${options.uiPort} on ${ip} (Temporal UI) is in use; choose another TEMPORAL_UI_PORT.`,
    );
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const dbFile = path.join(options.dataDir, 'temporal.sqlite');
  const args = [
    'server',
    'start-dev',
    '--db-filename',
    dbFile,
    '--port',
    String(options.port),
    '--ui-port',
    String(options.uiPort),
    '--namespace',
    options.namespace,
    '--ip',
    ip,
    '--log-level',
    'warn',
    ...devServerSearchAttributeArgs(),
    ...DEV_SERVER_SQLITE_PRAGMAS.flatMap((pragma) => ['--sqlite-pragma', pragma]),
  ];
  const child = spawn(options.cliPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });

  const tail: string[] = [];
  const remember = (level: 'info' | 'warn') => (data: Buffer) => {
    for (const line of data.toString().split(/\r?\n/)) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      options.log?.[level](`[temporal] ${line}`);
    }
  };
  child.stdout?.on('data', remember('info'));
  child.stderr?.on('data', remember('warn'));

  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  // If this process ends without calling stop(), do not leave an orphaned server holding the port.
  const killOnExit = () => {
    if (!exited) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.off('exit', killOnExit);
      if (exited || child.exitCode !== null) return;
      child.kill('SIGTERM');
      if (await waitForExit(child, stopTimeoutMs)) return;
      options.log?.warn(`[temporal] dev server did not stop within ${stopTimeoutMs} ms; killing it`);
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    })();
    return stopping;
  };

  const describeFailure = (what: string) =>
    `${what}\nCommand: ${options.cliPath} ${args.join(' ')}\n` +
    (tail.length ? `Last output of the server:\n${tail.join('\n')}` : 'The server printed nothing.');

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (spawnError) {
      await stop();
      throw new Error(
        describeFailure(`Could not start the Temporal CLI at ${options.cliPath}: ${spawnError.message}`),
      );
    }
    if (exited) {
      process.off('exit', killOnExit);
      throw new Error(
        describeFailure(
          `The Temporal dev server exited during start-up (exit code ${String(child.exitCode)}).`,
        ),
      );
    }
    if (await isReady(address, options.namespace, 1_000)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        describeFailure(
          `The Temporal dev server did not become ready on ${address} within ${startTimeoutMs} ms.`,
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  options.log?.info(`Temporal dev server ready on ${address}, UI ${uiUrl}, state in ${dbFile}`);
  return { address, uiUrl, dbFile, pid: child.pid, stop };
}
