// Liveness of the pieces an operator cares about: database, Temporal frontend, and a worker polling our
// task queue. 200 when all are up, 503 otherwise, with the details either way.
import { defineRoute } from '../http';

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Database, Temporal and worker status.',
    access: 'public',
    handler: async ({ deps, ctx }) => {
      const started = Date.now();
      const database = await deps.db
        .raw('select 1')
        .then(() => ({ ok: true, latency_ms: Date.now() - started }))
        .catch((e: Error) => ({ ok: false, error: e.message.slice(0, 200) }));
      const notConfigured = { ok: false, error: 'not configured' };
      const [temporal, worker] = deps.temporal
        ? await Promise.all([deps.temporal.temporal(), deps.temporal.worker()])
        : [notConfigured, notConfigured];
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
