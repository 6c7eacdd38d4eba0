// Workflow tests run against the real Temporal dev server (the `temporal` CLI), never a mock and never a
// downloaded binary: the CLI is found the same way the product finds it, and its absence is a clear
// instruction rather than a network timeout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IllegalStateError } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { findTemporalCli } from '../../workflows/devserver/cli';
import { customSearchAttributes } from '../../workflows/search-attributes';

export function requireTemporalCli(): string {
  const cli = findTemporalCli({ TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH });
  if (!cli) {
    throw new Error(
      'The Temporal CLI was not found (TEMPORAL_CLI_PATH, PATH, .tools/bin). Run `npm run temporal:install` ' +
        'to build it, then run the workflow tests again.',
    );
  }
  return cli;
}

export interface TestTemporalOptions {
  /** Register the product's custom search attributes at start (default true). */
  registerSearchAttributes?: boolean;
  namespace?: string;
}

/**
 * Keeps the SDK's per-worker INFO lines (state changes, bundle sizes) out of test output; warnings and errors
 * still show. Must run before anything instantiates the runtime, so startTestTemporal calls it first.
 */
export function quietTemporalRuntime(): void {
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch (err) {
    // Already installed or instantiated in this test file: keep whatever is there.
    if (!(err instanceof IllegalStateError)) throw err;
  }
}

/** A fresh in-memory dev server on a free port, with a client and a native connection for workers. */
export async function startTestTemporal(options: TestTemporalOptions = {}): Promise<TestWorkflowEnvironment> {
  const cliPath = requireTemporalCli();
  quietTemporalRuntime();
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: cliPath },
      ip: '127.0.0.1',
      ui: false,
      ...(options.namespace ? { namespace: options.namespace } : {}),
      ...(options.registerSearchAttributes === false
        ? {}
        : { searchAttributes: [...customSearchAttributes] }),
    },
  });
}

/** A new empty directory under the OS temp folder; remove it with removeDir when done. */
export function tmpDataDir(prefix = 'tms-temporal-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
