// Liveness of the pieces an operator cares about: database, Temporal frontend, and a worker polling our
// task queue. 200 when all are up, 503 otherwise. The route is public, so a failure is named by a fixed word and
// its detail (driver messages can carry host names and users) goes only to the log.
import { defineRoute } from '../http';

type Check = { ok: boolean; error?: string };

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
      const database = await deps.db
        .raw('select 1')
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
