// The chaos monkey of the reliability test (test/workflows/order-chaos.test.ts, issue 16 "Reliability"): the
// product's worker as a real child process (chaos-worker.ts) that is killed with SIGKILL at random moments of its
// work and started again at once, the way a node dies in production: no shutdown, activities cut mid-transaction,
// workflow tasks left on the dead worker's sticky queue. It counts the kills, so the test can show they happened,
// and tells apart an exit it caused from a worker that fell over by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowBundleOptions } from '../../workflows/worker';

const ROOT = path.resolve(__dirname, '../..');
const WORKER_ENTRY = path.join(__dirname, 'chaos-worker.ts');
/** What the worker prints once it polls (passed to it, so nothing here imports the worker's entry). */
const READY = 'CHAOS_WORKER_READY';

/** Writes the workflow bundle once, for every start of the chaos worker (chaos-worker.ts says why). */
export async function writeWorkflowBundle(dir: string): Promise<string> {
  const { code } = await bundleWorkflowCode({
    workflowsPath: workflowBundleOptions.workflowsPath,
    // webpack's summary of every module is noise in a test's output.
    logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  });
  const file = path.join(dir, 'workflow-bundle.js');
  fs.writeFileSync(file, code);
  return file;
}

export interface ChaosWorkerOptions {
  databaseUrl: string;
  temporalAddress: string;
  taskQueue: string;
  bundlePath: string;
  /** More environment for the worker (CHAOS_DIE_AFTER_WRITE, chaos-worker.ts). */
  env?: Record<string, string>;
}

export interface ChaosStats {
  /** Workers this monkey killed with SIGKILL. */
  kills: number;
  /** Workers started (the first one included). */
  starts: number;
  /** Exits it did not cause (a crash, a failed start), with the end of their stderr. */
  unexpectedExits: { code: number | null; signal: string | null; stderr: string }[];
}

/** Failed starts after which the chaos gives up (the test then fails on them rather than at its timeout). */
const MAX_FAILED_STARTS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

/** One worker process at a time, started again after each kill. */
export class ChaosWorker {
  readonly stats: ChaosStats = { kills: 0, starts: 0, unexpectedExits: [] };
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private killing = false;

  constructor(private readonly options: ChaosWorkerOptions) {}

  /** Starts a worker and waits until it polls its task queue. */
  async start(timeoutMs = 60_000): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: this.options.databaseUrl,
      TEMPORAL_ADDRESS: this.options.temporalAddress,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: this.options.taskQueue,
      CHAOS_WORKFLOW_BUNDLE: this.options.bundlePath,
      CHAOS_READY_MARKER: READY,
      LOG_LEVEL: 'warn',
      ...this.options.env,
    };
    // jest's VM-module flags are the test runner's, not the worker's.
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.stats.starts++;
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    let stdout = '';
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout = (stdout + chunk.toString()).slice(-4000);
        if (stdout.includes(READY)) resolve();
      });
      child.once('exit', () => reject(new Error(`the chaos worker exited before it was ready:\n${stderr}`)));
    });
    this.exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        if (!(this.killing && signal === 'SIGKILL')) {
          this.stats.unexpectedExits.push({ code, signal, stderr });
        }
        if (this.child === child) this.child = null;
        resolve();
      });
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the chaos worker was not ready in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    // Settled either way, so an exit after the timeout is no unhandled rejection.
    ready.catch(() => undefined);
    try {
      await Promise.race([ready, timeout]);
    } catch (err) {
      if (this.child === child) {
        this.stats.unexpectedExits.push({ code: null, signal: 'NOT READY IN TIME', stderr });
        await this.kill(false);
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL, and wait until the process is gone; `counted`: one of the chaos's kills. */
  async kill(counted = true): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.killing = true;
    child.kill('SIGKILL');
    await this.exited;
    this.killing = false;
    if (counted) this.stats.kills++;
  }

  /**
   * Kills the worker at a random moment of its work (upMs after it began polling) and starts it again, over and
   * over, until `stop()` says to stop and at least `minKills` kills were made; the last worker is left running.
   */
  async rampage(stop: () => boolean, options: { minKills: number; upMs: [number, number] }): Promise<void> {
    for (;;) {
      if (!this.child) {
        // A start that fails is in stats.unexpectedExits for the test to see; the chaos goes on.
        const started = await this.start().then(
          () => true,
          () => false,
        );
        if (!started) {
          // A worker that cannot start at all ends the chaos; the test reports its exits.
          if (this.stats.unexpectedExits.length >= MAX_FAILED_STARTS) return;
          await sleep(500);
          continue;
        }
      }
      await sleep(between(...options.upMs));
      if (stop() && this.stats.kills >= options.minKills) return;
      await this.kill();
    }
  }

  /** Resolves once the worker running now (if any) has exited, whoever ended it. */
  whenExited(): Promise<void> {
    return this.exited;
  }

  /** Ends the worker (the test is over). */
  async close(): Promise<void> {
    await this.kill(false);
  }
}
