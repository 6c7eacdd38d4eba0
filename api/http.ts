// Routes are declared, not hand-wired: each one names its method, path, the access it needs (public, any
// signed-in user, a menu controller + permission, or an API key for machine callers such as SAP), and the zod
// schemas of its input. mountRoutes turns the declarations into @koa/router handlers that authenticate,
// authorise, hold all input to the edge's rules (validate.ts), validate and wrap the answer in the envelope,
// so handlers stay thin and never try/catch. The same declarations generate /api/openapi.json.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z, ZodType } from 'zod';
import type { AppDeps } from './deps';
import { ForbiddenError, UnauthorizedError } from './errors';
import { translate, type Language, type MessageParams } from './i18n';
import { checkRequestInput, parseInput } from './validate';
import type { AuthUser } from './services/session';
import type { ApiClient } from './services/api-keys';
import type { PermissionAction } from './services/permissions';

export type { PermissionAction };
/** `apiKey`: a machine caller with a key of api_keys or ERP_API_KEYS (services/api-keys.ts); no user token. */
export type Access = 'public' | 'authenticated' | 'apiKey' | { controller: string; action: PermissionAction };

/**
 * Data already serialised as JSON (by PostgreSQL, for the hot list pages): put into the envelope as it is
 * instead of being parsed and serialised again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface Answer {
  /** Any JSON value, or a JsonText. */
  data?: unknown;
  /** Message key (translated) or literal text when `literal` is set. */
  message?: string;
  messageParams?: MessageParams;
  messageCode?: string;
  status?: number;
  success?: boolean;
  /** Extra top-level fields, e.g. totalRecords for lists. */
  extra?: Record<string, unknown>;
}

export interface RouteInput<B, Q, P> {
  ctx: Context;
  deps: AppDeps;
  body: B;
  query: Q;
  params: P;
  lang: Language;
  /** Present on every route whose access is neither 'public' nor 'apiKey'. */
  user: AuthUser;
  /** Present on routes whose access is 'apiKey': the calling key's name. */
  client?: ApiClient;
  /** Present when the caller sent a valid token, even on public routes. */
  tokenId?: string;
}

export interface RouteDef<
  B extends ZodType = ZodType,
  Q extends ZodType = ZodType,
  P extends ZodType = ZodType,
> {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * Top-level body fields that carry a file (base64): exempt from the length every other text is held to
   * (validate.ts INPUT_LIMITS), their schema gives their own.
   */
  files?: readonly string[];
  /**
   * The handler reads the body's text itself (ctx.request.rawBody, as the path's body reader left it) and
   * checks it against `body`, which then only describes it (API description, tests).
   */
  rawBody?: boolean;
  /** The resource whose labels name this route's fields in messages (`<labels>.<field>`, see i18n.ts). */
  labels?: string;
  /** A raw route (file download) sets ctx.body itself and returns undefined. */
  handler: (input: RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<Answer | void> | Answer | void;
}

export function defineRoute<B extends ZodType, Q extends ZodType, P extends ZodType>(
  def: RouteDef<B, Q, P>,
): RouteDef {
  return def as unknown as RouteDef;
}

/** Mounts each route on the router, in order, and returns the handlers it mounted. */
export function mountRoutes(
  router: Router,
  defs: RouteDef[],
  deps: AppDeps,
): { def: RouteDef; handler: (ctx: Context) => Promise<void> }[] {
  return defs.map((def) => {
    const handler = routeHandler(def, deps);
    router[def.method](def.path, handler);
    return { def, handler };
  });
}

/** The handler of one route: access, input, the route's own handler, then the envelope. */
function routeHandler(def: RouteDef, deps: AppDeps): (ctx: Context) => Promise<void> {
  return async (ctx: Context) => {
    const lang = ctx.state.lang as Language;
    const user = ctx.state.user as AuthUser | undefined;
    let client: ApiClient | undefined;
    if (def.access === 'apiKey') {
      client = (await deps.apiKeys.identify(ctx)) ?? undefined;
      if (!client) throw new UnauthorizedError();
    } else if (def.access !== 'public') {
      if (!user) throw new UnauthorizedError();
      if (typeof def.access === 'object') {
        const allowed = await deps.permissions.can(user, def.access.controller, def.access.action);
        if (!allowed) throw new ForbiddenError();
      }
    }
    checkRequestInput(ctx, {
      files: def.files,
      label: def.labels ? (name) => `${def.labels}.${name}` : undefined,
    });
    const body =
      def.body && !def.rawBody ? parseInput(def.body, (ctx.request as { body?: unknown }).body) : undefined;
    const query = def.query ? parseInput(def.query, ctx.query) : undefined;
    const params = def.params ? parseInput(def.params, ctx.params) : undefined;
    const answer = await def.handler({
      ctx,
      deps,
      body,
      query,
      params,
      lang,
      user: user as AuthUser,
      client,
      tokenId: ctx.state.tokenId as string | undefined,
    });
    if (!answer) return;
    ctx.status = answer.status ?? 200;
    const envelope = {
      success: answer.success ?? true,
      // A handler may switch the reply language (change_language answers in the language just chosen).
      message: answer.message
        ? translate(ctx.state.lang as Language, answer.message, answer.messageParams)
        : '',
      message_code: answer.messageCode ?? '',
      ...(answer.data !== undefined ? { data: answer.data } : {}),
      ...answer.extra,
    };
    if (answer.data instanceof JsonText) {
      // The same envelope, keys in the same order, with the serialised data spliced in.
      const parts: string[] = [];
      for (const [key, value] of Object.entries(envelope)) {
        const json = value instanceof JsonText ? value.text : JSON.stringify(value);
        if (json !== undefined) parts.push(`${JSON.stringify(key)}:${json}`);
      }
      ctx.type = 'application/json';
      ctx.body = `{${parts.join(',')}}`;
    } else {
      ctx.body = envelope;
    }
  };
}
