// Liveness of the pieces an operator cares about: database, Temporal frontend, and a worker polling our
// task queue. 200 when all are up, 503 otherwise. The route is public, so a failure is named by a fixed word and
// its detail (driver messages can carry host names and users) goes only to the log.
import { defineRoute } from '../http';

type Check = { ok: boolean; error?: string };

/**
 * How long the database check may take. A dead database refuses connections at once, but a stuck one (every
 * pooled connection busy, a server that stopped answering) would hold the check until the pool's own timeout:
 * the check answers "unavailable" after this instead, so a monitor learns of it within its own deadline.
 */
export const HEALTH_DATABASE_BUDGET_MS = 2_000;

/** `work`'s answer, or a timeout error after `ms`; `work` is left to finish on its own. */
function within<T>(work: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Database, Temporal and worker status.',
    access: 'public',
    handler: async ({ deps, ctx }) => {
      const withoutDetail = <T extends Check>(name: string, check: T, word: string): T => {
        if (check.ok || !check.error || check.error === 'not configured') return check;
        deps.logger.warn({ check: name, error: check.error }, 'health: check failed');
        return { ...check, error: word };
      };
      const started = Date.now();
      const database = await within(deps.db.raw('select 1'), HEALTH_DATABASE_BUDGET_MS)
        .then(() => ({ ok: true, latency_ms: Date.now() - started }))
        .catch((err: unknown) => {
          deps.logger.warn({ err }, 'health: database check failed');
          return { ok: false, error: 'unavailable' };
        });
      const notConfigured = { ok: false, error: 'not configured' };
      const [temporalRaw, workerRaw] = deps.temporal
        ? await Promise.all([deps.temporal.temporal(), deps.temporal.worker()])
        : [notConfigured, notConfigured];
      const temporal = withoutDetail('temporal', temporalRaw, 'unreachable');
      const worker = withoutDetail('worker', workerRaw, 'unreachable');
      const ok = database.ok && temporal.ok && worker.ok;
      ctx.status = ok ? 200 : 503;
      ctx.body = {
        success: ok,
        message: ok ? 'OK' : 'DEGRADED',
        message_code: ok ? 'OK' : 'DEGRADED',
        data: { database, temporal, worker },
      };
    },
  }),
];
