// The embedded default's database (db/embedded-postgres.ts): a real PostgreSQL cluster in a process of its own,
// made and started here as `npm start` makes it under .data/, in a temporary folder on a free port. It keeps its
// data across a stop and a start; when its postmaster dies (kill -9) the API's health check says so within 5 s,
// the cluster is started again, and the API, its change feed and the data are back without a restart of the API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { buildDeps } from '../../api/bootstrap';
import { loadConfig } from '../../api/config';
import { startChangeFeed } from '../../api/services/change-feed';
import { createDb } from '../../db/connection';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded-postgres';
import { migrateLatest } from '../../db/migrate';
import { freePort } from '../../workflows/devserver/ports';

const silent = pino({ level: 'silent' });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('embedded PostgreSQL', () => {
  let dir: string;
  let port: number;
  const started: EmbeddedPostgres[] = [];

  const start = async () => {
    const cluster = await startEmbeddedPostgres({ dir, port, database: 'tms', logger: silent });
    started.push(cluster);
    return cluster;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-embedded-pg-'));
    // Started by root, PostgreSQL runs as the OS user postgres, which must be able to enter the folder.
    fs.chmodSync(dir, 0o755);
    port = await freePort();
  });
  afterAll(async () => {
    for (const cluster of started) await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('given an empty folder, when started, then a PostgreSQL 15 in a process of its own answers on 127.0.0.1 with a password, the application database and pg_trgm exist, and a stop leaves no process behind', async () => {
    const cluster = await start();
    const pid = cluster.pid!;
    expect(pid).not.toBe(process.pid);
    expect(isRunning(pid)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.statSync(path.join(dir, 'password')).mode & 0o077).toBe(0);

    const client = new pg.Client({ connectionString: cluster.url() });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string; db: string }>(
        `select current_setting('server_version_num') as version, current_database() as db`,
      );
      expect(rows[0]).toEqual({ version: expect.stringMatching(/^15/), db: 'tms' });
      await client.query('create extension if not exists pg_trgm');
    } finally {
      await client.end();
    }
    const wrong = new URL(cluster.url());
    wrong.password = 'not-the-password';
    await expect(
      (async () => {
        const intruder = new pg.Client({ connectionString: wrong.toString() });
        try {
          await intruder.connect();
        } finally {
          await intruder.end().catch(() => undefined);
        }
      })(),
    ).rejects.toThrow(/password authentication failed/);

    await cluster.stop();
    expect(isRunning(pid)).toBe(false);
  }, 60_000);

  test('given a running cluster, when a second start is made on the same folder, then it is refused and the first keeps running', async () => {
    const cluster = await start();
    await expect(startEmbeddedPostgres({ dir, port, logger: silent })).rejects.toThrow(/already running/);
    expect(isRunning(cluster.pid!)).toBe(true);
    await cluster.stop();
  }, 60_000);

  test('given the API on the cluster, when its postmaster is killed, then health reports the database unavailable within 5 s, the cluster is started again, and health, the change feed and the committed data are back', async () => {
    const cluster = await start();
    const db = createDb({ databaseUrl: cluster.url(), poolMax: 3, logger: silent });
    const feed = await startChangeFeed(db, silent, { retryMs: 200 });
    try {
      await migrateLatest(db);
      await db.raw('create table if not exists survivors (note text)');
      await db('survivors').insert({ note: 'written before the crash' });
      const deps = await buildDeps(loadConfig({ LOG_LEVEL: 'silent' }), db, {
        logger: silent,
        changes: feed,
        temporal: {
          temporal: () => Promise.resolve({ ok: true }),
          worker: () => Promise.resolve({ ok: true, pollers: 1 }),
        },
      });
      const request = supertest(createApp(deps, { consoleDir: '/nonexistent' }).callback());
      const health = async () => (await request.get('/api/health')).body.data.database as { ok: boolean };
      expect(await health()).toMatchObject({ ok: true });
      expect(feed.live).toBe(true);

      const killed = cluster.pid!;
      const killedAt = Date.now();
      process.kill(killed, 'SIGKILL');
      const down = await until('health reports the database down', 5_000, async () => {
        const answer = await health();
        return answer.ok ? undefined : answer;
      });
      expect(Date.now() - killedAt).toBeLessThan(5_000);
      expect(down).toEqual({ ok: false, error: 'unavailable' });

      await until('health reports the database up again', 30_000, async () =>
        (await health()).ok ? true : undefined,
      );
      // The supervisor counts the restart once its own check of the new postmaster answered.
      await until('the restart is counted', 5_000, () =>
        Promise.resolve(cluster.restarts === 1 ? true : undefined),
      );
      expect(cluster.pid).not.toBe(killed);
      expect(isRunning(killed)).toBe(false);
      expect(await db('survivors').pluck('note')).toEqual(['written before the crash']);

      // The feed listens again: a notification sent by another session reaches it.
      await until('the change feed is live again', 10_000, () =>
        Promise.resolve(feed.live ? true : undefined),
      );
      const notified = new Promise<void>((resolve) => {
        const stop = feed.subscribe('lookups', () => {
          stop();
          resolve();
        });
      });
      const other = new pg.Client({ connectionString: cluster.url() });
      await other.connect();
      await other.query(`select pg_notify('tms_changes', 'lookups')`);
      await other.end();
      await notified;
    } finally {
      await feed.close();
      await db.destroy();
      await cluster.stop();
    }
  }, 90_000);

  test('given data written and the cluster stopped, when started again on the same folder, then the data is still there', async () => {
    const first = await start();
    const write = createDb({ databaseUrl: first.url(), poolMax: 1 });
    await write.raw('create table if not exists kept (n int)');
    await write('kept').insert({ n: 42 });
    await write.destroy();
    await first.stop();

    const second = await start();
    const read = createDb({ databaseUrl: second.url(), poolMax: 1 });
    try {
      expect(await read('kept').pluck('n')).toEqual([42]);
    } finally {
      await read.destroy();
      await second.stop();
    }
  }, 60_000);
});

// Started by root, the cluster runs as the OS user postgres, which cannot enter a folder that mktemp -d made
// (0700): the start is refused before initdb, naming that folder and the chmod that lets the user in.
const asRoot = process.getuid?.() === 0;
(asRoot ? describe : describe.skip)(
  'embedded PostgreSQL started by root in a folder only root may enter',
  () => {
    let closed: string;
    let cluster: EmbeddedPostgres | undefined;

    beforeAll(() => {
      closed = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-closed-'));
      expect(fs.statSync(closed).mode & 0o777).toBe(0o700);
    });
    afterAll(async () => {
      await cluster?.stop();
      fs.rmSync(closed, { recursive: true, force: true });
    });

    test('given the cluster folder inside it, when started, then it is refused naming the folder and chmod o+x, nothing is made there; after that chmod it starts', async () => {
      const dir = path.join(closed, 'project', '.data', 'postgres');
      const options = { dir, port: await freePort(), database: 'tms', logger: silent };
      const refused = await startEmbeddedPostgres(options).then(
        () => 'started',
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
      expect(refused).toContain(`which cannot enter ${closed} (mode 700, owner uid 0), on the way to ${dir}`);
      expect(refused).toContain(`chmod o+x ${closed}`);
      expect(refused).not.toContain('EACCES');
      expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);

      fs.chmodSync(closed, 0o701);
      cluster = await startEmbeddedPostgres(options);
      const client = new pg.Client({ connectionString: cluster.url() });
      await client.connect();
      try {
        expect((await client.query<{ db: string }>('select current_database() as db')).rows[0]).toEqual({
          db: 'tms',
        });
      } finally {
        await client.end();
      }
    }, 90_000);
  },
);
