// `npm start`'s embedded default as a process, end to end: api/main.ts (--api-only: no Temporal, which is not what
// is tested here) without DATABASE_URL, in a temporary DATA_DIR with free ports. It starts its own PostgreSQL; when
// that postmaster is killed, /api/health says so within 5 s and then recovers without a restart of the API; a stop
// leaves no PostgreSQL behind; a second start finds the data the first one saved.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../api/config';
import { DEMO_PASSWORD } from '../../db/seeds/demo';
import { freePort } from '../../workflows/devserver/ports';

jest.setTimeout(240_000);

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
}

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
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start on its embedded PostgreSQL', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let running: Started | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-start-'));
    // Started by root, PostgreSQL runs as the OS user postgres, which must be able to enter the folder.
    fs.chmodSync(dataDir, 0o755);
    const { DATABASE_URL: _ignored, TEMPORAL_ADDRESS: _none, ...rest } = process.env;
    env = {
      ...rest,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(async () => {
    if (running) await stop(running);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<Started> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'api', 'main.ts'), '--api-only'],
      {
        cwd: projectRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = { child, base: `http://127.0.0.1:${env.PORT}`, output: () => output };
    running = started;
    await until('the API answers with the database up', 120_000, async () => {
      if (child.exitCode !== null) throw new Error(`api/main.ts exited:\n${output}`);
      return (await health(started)).ok ? true : undefined;
    }).catch((err: Error) => {
      throw new Error(`${err.message}\n${output}`);
    });
    return started;
  }

  async function stop(started: Started): Promise<void> {
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGTERM');
    await exited;
    running = undefined;
  }

  const health = async (started: Started) => {
    const res = await fetch(`${started.base}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return ((await res.json()) as { data: { database: { ok: boolean; error?: string } } }).data.database;
  };

  const login = async (started: Started) => {
    const res = await fetch(`${started.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'admin', Password: DEMO_PASSWORD }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };

  const postmasterPid = () =>
    Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

  test('given a first start, when the postmaster is killed, then health reports the database unavailable within 5 s and recovers, a stop leaves no PostgreSQL running, and a second start finds the saved data', async () => {
    const first = await start();
    const token = await login(first);
    const saved = await fetch(`${first.base}/api/company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ Company_Code: 'KEEP1', Company_Name: 'PT Survives Restarts' }),
    });
    expect(saved.status).toBe(200);

    const killed = postmasterPid();
    const killedAt = Date.now();
    process.kill(killed, 'SIGKILL');
    const down = await until('health reports the database down', 5_000, async () => {
      const answer = await health(first);
      return answer.ok ? undefined : answer;
    });
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(down).toEqual({ ok: false, error: 'unavailable' });
    await until('health reports the database up again', 60_000, async () =>
      (await health(first)).ok ? true : undefined,
    );
    expect(postmasterPid()).not.toBe(killed);
    expect(first.output()).toMatch(/embedded PostgreSQL stopped unexpectedly/);

    const restarted = postmasterPid();
    await stop(first);
    expect(isRunning(restarted)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'))).toBe(false);

    const second = await start();
    const list = await fetch(`${second.base}/api/company/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: await login(second) },
      body: JSON.stringify({
        start: 0,
        filters: [{ field: 'Company_Code', value: 'KEEP1', matchMode: 'equals' }],
      }),
    });
    const body = (await list.json()) as { data: { Company_Name: string }[] };
    expect(body.data.map((c) => c.Company_Name)).toEqual(['PT Survives Restarts']);
    await stop(second);
  });
});
