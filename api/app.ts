// The Koa application, exported without listen() so tests drive it in-process (supertest) and main.ts
// decides where it listens.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import helmet from 'koa-helmet';
import send from 'koa-send';
import compose from 'koa-compose';
import type { AppDeps } from './deps';
import { errorEnvelope } from './middleware/envelope';
import { mountRoutes, type RouteDef } from './http';
import { parseLanguage } from './i18n';
import { buildOpenApi } from './openapi';
import { authRoutes } from './auth/routes';
import { utilRoutes } from './shell/routes';
import { dashboardRoutes } from './dashboard/routes';
import { healthRoutes } from './health/routes';
import { adminRoutes } from './admin/routes';
import { erpApiLog, erpBodyReader, erpRoutes } from './erp/routes';
import { sapOrderApiRoutes } from './sap-orders/routes';
import { orderRoutes } from './orders/routes';
import { orderAssignRoutes } from './orders/assign-routes';
import { approvalRoutes } from './approvals/routes';
import { uploadTransporterRoutes } from './resources/upload-transporter';
import { resourceRoutes } from './resources/routes';
import { lookupRoutes } from './lookup';
import { sapOrderLookups } from './sap-orders/lookups';
import { orderLookups } from './orders/lookups';
import { RESOURCES } from '../db/resources/master';
import { projectRoot } from './config';

export const apiRoutes: RouteDef[] = [
  ...healthRoutes,
  ...authRoutes,
  ...utilRoutes,
  ...dashboardRoutes,
  ...adminRoutes,
  ...erpRoutes,
  // Before the SAP order routes: `saporder/orders/{id}`, `saporder/merge_simulate`... are not `saporder/{id}/{mode}`.
  ...orderRoutes,
  ...orderAssignRoutes,
  ...sapOrderApiRoutes,
  ...approvalRoutes,
  ...uploadTransporterRoutes,
  // A resource's messages name its fields by their labels.
  ...RESOURCES.flatMap((def) => resourceRoutes(def).map((route) => ({ labels: def.name, ...route }))),
  ...lookupRoutes([...sapOrderLookups, ...orderLookups]),
];

type RouteHandler = (ctx: Koa.Context) => Promise<void>;

export interface AppOptions {
  /** Built console to serve at /; default dist/console. Missing folder: only the API is served. */
  consoleDir?: string;
  /** false: every /api call goes through the router, as without the direct table (the tests compare the two). */
  directRoutes?: boolean;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Koa {
  const app = new Koa({ proxy: process.env.TRUST_PROXY === 'true' });
  const consoleDir = options.consoleDir ?? path.join(projectRoot, 'dist', 'console');

  app.use(async (ctx, next) => {
    ctx.state.requestId = ctx.get('x-request-id').slice(0, 64) || crypto.randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId as string);
    ctx.state.lang = parseLanguage(ctx.get('language'));
    const started = Date.now();
    await next();
    if (ctx.path.startsWith('/api/')) {
      deps.logger.debug({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Date.now() - started });
    }
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Fluent UI (Griffel) inserts style rules at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const api = new Router({ prefix: '/api' });
  // What every /api call goes through before its route, in this order.
  const jsonBody = bodyParser({ enableTypes: ['json'], jsonLimit: '5mb', encoding: 'utf-8' });
  const erpBody = erpBodyReader(deps);
  const apiMiddleware: Koa.Middleware[] = [
    // Calls of the ERP push API are logged with the answer the envelope gave them, so the log sits outside it.
    erpApiLog(deps),
    errorEnvelope(deps.logger),
    // The push API reads bigger bodies (api/erp/routes.ts: 20 MB, API key checked first); everything else 5 MB.
    (ctx, next) => (ctx.path.startsWith('/api/erp/') ? erpBody(ctx, next) : jsonBody(ctx, next)),
    deps.sessions.middleware(),
    async (ctx, next) => {
      ctx.set('Cache-Control', 'no-store');
      await next();
    },
  ];
  for (const middleware of apiMiddleware) api.use(middleware);
  const openapi = buildOpenApi(apiRoutes);
  api.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  const mounted = mountRoutes(api, apiRoutes, deps);
  // Unknown /api paths still answer with the envelope.
  api.all('/{*rest}', (ctx) => {
    ctx.status = 404;
  });
  // A call to a path without parameters goes straight to its route: the router would test it against each of
  // its 400-odd routes first. Everything else (and whatever the table misses) goes through the router.
  const direct: Map<string, RouteHandler> =
    options.directRoutes === false ? new Map<string, RouteHandler>() : directRoutes(api, mounted);
  const beforeRoute = compose(apiMiddleware);
  app.use(async (ctx, next) => {
    const route = direct.get(directKey(ctx.method, ctx.path));
    if (!route) {
      await next();
      return;
    }
    ctx.params = {};
    await beforeRoute(ctx, () => route(ctx));
  });
  app.use(api.routes());
  app.use(api.allowedMethods());

  // The built console: files by name, every other GET outside /api falls back to index.html so deep links
  // (/Order/Index, /Logout?sessionExpired=true) load the app.
  const hasConsole = fs.existsSync(path.join(consoleDir, 'index.html'));
  app.use(async (ctx, next) => {
    if (!hasConsole || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api')) {
      await next();
      return;
    }
    const file = path.join(consoleDir, path.normalize(ctx.path));
    if (
      file.startsWith(consoleDir) &&
      ctx.path !== '/' &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      const immutable = ctx.path.startsWith('/assets/');
      await send(ctx, ctx.path, {
        root: consoleDir,
        gzip: true,
        brotli: true,
        maxage: immutable ? 365 * 24 * 3600_000 : 0,
        immutable,
      });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: consoleDir });
  });

  app.on('error', (err: Error & { code?: string }) => {
    // A browser that navigates away mid-download closes the stream; nothing failed on our side.
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'EPIPE' || err.code === 'ECONNRESET')
      return;
    deps.logger.error({ err }, 'koa error');
  });
  return app;
}

/**
 * Method and path, the path as its route names it, with or without one trailing slash. Other spellings (the
 * router also matches a path in other letter cases) go through the router as before.
 */
function directKey(method: string, requestPath: string): string {
  const trimmed =
    requestPath.length > 1 && requestPath.endsWith('/') ? requestPath.slice(0, -1) : requestPath;
  return `${method} ${trimmed}`;
}

/**
 * The routes without path parameters, by method and path, each one only where the router itself picks that
 * route for its path (a parametrised route mounted earlier may take the same path; then the router decides).
 */
function directRoutes(
  router: Router,
  mounted: { def: RouteDef; handler: RouteHandler }[],
): Map<string, RouteHandler> {
  const direct = new Map<string, RouteHandler>();
  for (const { def, handler } of mounted) {
    if (/[:*({]/.test(def.path)) continue;
    const fullPath = `/api${def.path}`;
    const methods = def.method === 'get' ? ['GET', 'HEAD'] : [def.method.toUpperCase()];
    for (const method of methods) {
      const first = router.match(fullPath, method).pathAndMethod.find((layer) => layer.methods.length > 0);
      const key = directKey(method, fullPath);
      if (first?.stack.includes(handler) && !direct.has(key)) direct.set(key, handler);
    }
  }
  return direct;
}
