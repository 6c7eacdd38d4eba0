// Workflow tests run against the real Temporal dev server (the `temporal` CLI), never a mock and never a
// downloaded binary: the CLI is found the same way the product finds it, and its absence is a clear
// instruction rather than a network timeout.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { IllegalStateError } from '@temporalio/common';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { findTemporalCli } from '../../workflows/devserver/cli';
import { customSearchAttributes } from '../../workflows/search-attributes';
import { workflowBundleOptions } from '../../workflows/worker';

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

type History = proto.temporal.api.history.v1.IHistory;
interface ProtoJson {
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): History;
}

/**
 * A recorded history (the JSON `temporal workflow show --output json` writes, kept under test/replay/) as replay
 * takes it. Not @temporalio/common's historyFromJSON: with protobufjs 7 at the top of node_modules, common and
 * proto each get a copy of protobufjs 8 of their own, and common's JSON reader refuses proto's types ("type must
 * be a Type"); the reader of proto's own copy reads them.
 */
export function historyFromFixture(file: string): History {
  const fromProto = createRequire(require.resolve('@temporalio/proto'));
  const { fromJson } = fromProto('protobufjs/ext/protojson') as ProtoJson;
  // The generated root's type lacks lookupType, which the patched root has.
  const root = patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown };
  const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  return fromJson(root.lookupType('temporal.api.history.v1.History'), json, { ignoreUnknownFields: true });
}

/** The order workflow's recorded histories (test/replay/orders/README.md). */
export const ORDER_REPLAY_DIR = path.join(__dirname, '../replay/orders');

/**
 * With RECORD_ORDER_REPLAY=1, writes a workflow's history to ORDER_REPLAY_DIR/<name>.json as
 * `temporal workflow show --output json` does; otherwise does nothing.
 */
export function recordOrderHistory(address: string, workflowId: string, name: string): void {
  if (process.env.RECORD_ORDER_REPLAY !== '1') return;
  fs.mkdirSync(ORDER_REPLAY_DIR, { recursive: true });
  const json = execFileSync(
    requireTemporalCli(),
    ['workflow', 'show', '--workflow-id', workflowId, '--output', 'json', '--address', address],
    { encoding: 'utf8' },
  );
  fs.writeFileSync(path.join(ORDER_REPLAY_DIR, `${name}.json`), json);
}

/**
 * Replays every recorded history of a folder of test/replay/ with the current workflow code: the fixtures' file
 * names and, per file, the replay's error message (null when it took the same steps).
 */
export async function replayFixtures(
  dir: string,
): Promise<{ files: string[]; outcomes: [string, string | null][] }> {
  quietTemporalRuntime();
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  const histories = files.map((file) => ({
    workflowId: file,
    history: historyFromFixture(path.join(dir, file)),
  }));
  const outcomes: [string, string | null][] = [];
  for await (const result of Worker.runReplayHistories(
    { workflowsPath: workflowBundleOptions.workflowsPath },
    histories,
  )) {
    outcomes.push([result.workflowId, result.error?.message ?? null]);
  }
  return { files, outcomes };
}
