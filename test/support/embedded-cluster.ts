// Jest's global setup and teardown for the projects that need a database (jest.config.mjs). With DATABASE_URL
// set (CI: the machine's PostgreSQL) they do nothing. Without it they start ONE embedded PostgreSQL cluster for
// the whole run, in a temporary folder on a free port, and point DATABASE_URL at it: every test file then makes
// its own database there (test/support/db.ts), as it does on a server. Workers inherit the variable, since
// jest starts them after the global setup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded-postgres';
import { freePort } from '../../workflows/devserver/ports';

interface Started {
  cluster: EmbeddedPostgres;
  dir: string;
}

/** Shared by the setup and the teardown module, which jest loads separately in its own process. */
const state = globalThis as { tmsTestCluster?: Started };

export async function setup(): Promise<void> {
  if (process.env.DATABASE_URL || state.tmsTestCluster) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-test-pg-'));
  // Root runs the cluster as the OS user postgres, which must be able to enter the folder.
  fs.chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    logger: pino({ level: process.env.TEST_PG_LOG_LEVEL ?? 'warn' }),
    throwaway: true,
  });
  state.tmsTestCluster = { cluster, dir };
  process.env.DATABASE_URL = cluster.url('postgres');
}

export async function teardown(): Promise<void> {
  const started = state.tmsTestCluster;
  if (!started) return;
  state.tmsTestCluster = undefined;
  delete process.env.DATABASE_URL;
  await started.cluster.stop();
  fs.rmSync(started.dir, { recursive: true, force: true });
}
