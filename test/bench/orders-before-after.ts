// Benchmark: the order's lifecycle and accept Update, this checkout against an earlier commit, in one run
// (`npm run bench:orders-before-after`). The machine's speed moves 2x from day to day, so a figure measured
// yesterday says nothing about a change made today; this runs both codes one after the other, in turns, on the
// same machine and the same kind of database, and prints each round and the ratio of the medians.
//
// BEFORE (a commit, default 826bc01: the order domain before its workflow became a pure state machine with one
// ledger) and AFTER (default HEAD) are checked out with `git worktree` into temporary folders that borrow this
// checkout's node_modules (the earlier commit's dependencies are a subset of today's), so nothing edited here
// while it runs is measured. Each round runs each checkout's own `test/bench/orders.ts` with
// PHASES=lifecycles,accept, alternately (which goes first swaps
// every round), each a fresh database, dev server, worker and API as the benchmark always makes them. The
// figures read are the lines both versions print: "(1) lifecycles: N complete in D s = R/s" and "(2) accept
// (Update) ...: p50 a / p99 b". The floor is not run here (orders.ts prints it against Temporal on its own).
//
//   BEFORE=826bc01 AFTER=HEAD ROUNDS=2 DURATION_S=30 LIFECYCLE_CLIENTS=16 ACCEPT_RATE=10
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverage } from './support';

const BEFORE = process.env.BEFORE ?? '826bc01';
const AFTER = process.env.AFTER ?? 'HEAD';
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const DURATION_S = Number(process.env.DURATION_S ?? 30);
const ROOT = path.resolve(__dirname, '../..');

interface Figures {
  lifecyclesPerS: number;
  acceptP99Ms: number;
  acceptP50Ms: number;
}

const log = (text: string) => console.log(`[load ${loadAverage()}] ${text}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs one checkout's orders benchmark and reads its two figures from what it prints. */
function runBench(dir: string, label: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['test/bench/orders.ts'], {
      cwd: dir,
      env: { ...process.env, PHASES: 'lifecycles,accept', DURATION_S: String(DURATION_S) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => {
      const lifecycles = /\(1\) lifecycles: \d+ complete in \d+ s = ([\d.]+)\/s/.exec(out);
      const accept = /\(2\) accept \(Update\)[^:]*: p50 ([\d.]+) \/ p99 ([\d.]+)/.exec(out);
      if (!lifecycles || !accept) {
        reject(new Error(`${label}: the benchmark printed no figures:\n${out.slice(-3000)}`));
        return;
      }
      resolve({
        lifecyclesPerS: Number(lifecycles[1]),
        acceptP50Ms: Number(accept[1]),
        acceptP99Ms: Number(accept[2]),
      });
    });
  });
}

async function main() {
  const head = execFileSync('git', ['rev-parse', '--short', AFTER], { cwd: ROOT }).toString().trim();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tms-before-after-'));
  const beforeDir = path.join(tmp, 'before');
  const afterDir = path.join(tmp, 'after');
  const checkouts: string[] = [];
  try {
    for (const [dir, ref] of [
      [beforeDir, BEFORE],
      [afterDir, AFTER],
    ] as const) {
      execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: ROOT, stdio: 'ignore' });
      checkouts.push(dir);
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      if (existsSync(path.join(ROOT, '.tools')))
        symlinkSync(path.join(ROOT, '.tools'), path.join(dir, '.tools'));
    }
    const runs: { before: Figures[]; after: Figures[] } = { before: [], after: [] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = round % 2 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const which of order) {
        const dir = which === 'before' ? beforeDir : afterDir;
        const figures = await runBench(dir, which);
        runs[which].push(figures);
        log(
          `round ${round} ${which.padEnd(6)} (${which === 'before' ? BEFORE : head}): ` +
            `${figures.lifecyclesPerS} lifecycles/s, accept p50 ${figures.acceptP50Ms} / p99 ${figures.acceptP99Ms} ms`,
        );
      }
    }
    const round2 = (n: number) => Math.round(n * 100) / 100;
    const m = (which: 'before' | 'after', k: keyof Figures) => round2(median(runs[which].map((f) => f[k])));
    const lifecycles = round2(m('after', 'lifecyclesPerS') / m('before', 'lifecyclesPerS'));
    const p99 = round2(m('after', 'acceptP99Ms') / m('before', 'acceptP99Ms'));
    log(`medians over ${ROUNDS} rounds of ${DURATION_S} s each:`);
    log(
      `  lifecycles/s: before ${m('before', 'lifecyclesPerS')}, after ${m('after', 'lifecyclesPerS')} ` +
        `(after/before ×${lifecycles}) ${lifecycles >= 1 ? 'no worse' : 'WORSE'}`,
    );
    log(
      `  accept p99: before ${m('before', 'acceptP99Ms')} ms, after ${m('after', 'acceptP99Ms')} ms ` +
        `(after/before ×${p99}) ${p99 <= 1 ? 'no worse' : 'WORSE'}`,
    );
    console.log(
      JSON.stringify(
        {
          benchmark: 'orders-before-after',
          before: BEFORE,
          after: head,
          rounds: ROUNDS,
          duration_s: DURATION_S,
          runs,
        },
        null,
        2,
      ),
    );
  } finally {
    for (const dir of checkouts) {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
