// /api/health tells an operator whether the database, the Temporal frontend and a worker polling our task
// queue are up: 200 when all are, 503 otherwise, with a fixed word per failed check. Temporal is swapped for stub
// probes here; the database is the real test database.
import { createTestApp, type TestApp } from '../support/api';
import type { TemporalHealth } from '../../api/deps';
import { HEALTH_DATABASE_BUDGET_MS } from '../../api/health/routes';

async function withApp(
  temporal: TemporalHealth | undefined,
  run: (t: TestApp) => Promise<void>,
): Promise<void> {
  const t = await createTestApp({ seed: false, overrides: temporal ? { temporal } : {} });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('GET /api/health', () => {
  test('given no Temporal configured, when probed, then 503 with the database ok and temporal and worker "not configured"', async () => {
    await withApp(undefined, async (t) => {
      const res = await t.request().get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, message_code: 'DEGRADED' });
      expect(res.body.data.database).toMatchObject({ ok: true, latency_ms: expect.any(Number) });
      expect(res.body.data.temporal).toEqual({ ok: false, error: 'not configured' });
      expect(res.body.data.worker).toEqual({ ok: false, error: 'not configured' });
    });
  });

  test('given Temporal and a polling worker both up, when probed without a token, then 200 success with their details', async () => {
    await withApp(
      {
        temporal: () => Promise.resolve({ ok: true }),
        worker: () => Promise.resolve({ ok: true, pollers: 1 }),
      },
      async (t) => {
        const res = await t.request().get('/api/health');
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          success: true,
          message_code: 'OK',
          data: { database: { ok: true }, temporal: { ok: true }, worker: { ok: true, pollers: 1 } },
        });
      },
    );
  });

  test('given Temporal up but no worker polling, when probed, then 503 and the worker shows not ok', async () => {
    await withApp(
      {
        temporal: () => Promise.resolve({ ok: true }),
        worker: () => Promise.resolve({ ok: false, pollers: 0 }),
      },
      async (t) => {
        const res = await t.request().get('/api/health');
        expect(res.status).toBe(503);
        expect(res.body.success).toBe(false);
        expect(res.body.data.temporal).toEqual({ ok: true });
        expect(res.body.data.worker).toEqual({ ok: false, pollers: 0 });
      },
    );
  });

  test('given Temporal down, when probed, then 503 even though the worker probe says ok', async () => {
    await withApp(
      {
        temporal: () => Promise.resolve({ ok: false }),
        worker: () => Promise.resolve({ ok: true, pollers: 2 }),
      },
      async (t) => {
        const res = await t.request().get('/api/health');
        expect(res.status).toBe(503);
        expect(res.body.data.temporal).toEqual({ ok: false });
      },
    );
  });

  test('given Temporal refusing connections, when probed, then the answer names the failure with a fixed word and hides the address the client tried', async () => {
    await withApp(
      {
        temporal: () => Promise.resolve({ ok: false, error: 'connect ECONNREFUSED 10.20.30.40:7233' }),
        worker: () =>
          Promise.resolve({ ok: false, pollers: 0, error: '14 UNAVAILABLE: tms-temporal.internal' }),
      },
      async (t) => {
        const res = await t.request().get('/api/health');
        expect(res.status).toBe(503);
        expect(res.body.data.temporal).toEqual({ ok: false, error: 'unreachable' });
        expect(res.body.data.worker).toEqual({ ok: false, pollers: 0, error: 'unreachable' });
        expect(JSON.stringify(res.body)).not.toMatch(/10\.20|internal|ECONNREFUSED/);
      },
    );
  });

  test('given the database connection gone, when probed, then 503 with database "unavailable" and no driver text, not a crash', async () => {
    await withApp(
      {
        temporal: () => Promise.resolve({ ok: true }),
        worker: () => Promise.resolve({ ok: true, pollers: 1 }),
      },
      async (t) => {
        // Closing the pool makes every statement fail the way a lost server does.
        await t.deps.db.destroy();
        const res = await t.request().get('/api/health');
        expect(res.status).toBe(503);
        expect(res.body.success).toBe(false);
        expect(res.body.data.database.ok).toBe(false);
        // The driver's text ("aborted", pool messages, host names) stays in the log.
        expect(res.body.data.database.error).toBe('unavailable');
        expect(res.body.data.worker).toEqual({ ok: true, pollers: 1 });
      },
    );
  });

  test('given every pooled connection held (a database that does not answer), when probed, then 503 with database "unavailable" within the check\'s budget instead of waiting for a connection', async () => {
    await withApp(
      {
        temporal: () => Promise.resolve({ ok: true }),
        worker: () => Promise.resolve({ ok: true, pollers: 1 }),
      },
      async (t) => {
        const { max } = t.deps.db.client.pool as { max: number };
        const held = await Promise.all(Array.from({ length: max }, () => t.deps.db.transaction()));
        try {
          const started = Date.now();
          const res = await t.request().get('/api/health');
          const elapsed = Date.now() - started;
          expect(res.status).toBe(503);
          expect(res.body.data.database).toEqual({ ok: false, error: 'unavailable' });
          expect(elapsed).toBeGreaterThanOrEqual(HEALTH_DATABASE_BUDGET_MS - 50);
          expect(elapsed).toBeLessThan(HEALTH_DATABASE_BUDGET_MS + 1_500);
        } finally {
          await Promise.all(held.map((trx) => trx.rollback()));
        }
        // Once a connection is free again the check answers as before.
        const res = await t.request().get('/api/health');
        expect(res.body.data.database).toMatchObject({ ok: true });
      },
    );
  });
});
