// Session tokens are short JWTs (HS256) whose jti names a row of auth_tokens. The signature proves the
// token was issued here; the row lookup on every request makes logout, password change and deactivation
// take effect on the very next request. koa-jwt does the header parsing and verification (once per token and
// process; the expiry is checked on every call); the lookup loads the user in the same query. With a live
// change feed the answer is kept in memory per token until a notification says a token or a user changed
// (api/services/change-feed.ts), so a revocation still takes effect on the next request, in every API
// process, without a query per request.
import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import koaJwt from 'koa-jwt';
import jwt from 'jsonwebtoken';
import type { Db } from '../../db/connection';
import { FeedCache, type ChangeFeed } from './change-feed';

export interface AuthUser {
  id: number;
  username: string;
  full_name: string;
  employee_number: string | null;
  email: string | null;
  role: 'USER' | 'TRANSPORTER' | 'DRIVER' | 'CUSTOMER' | 'VENDOR';
  is_admin: boolean;
  use_ad: boolean;
  department: 'WAREHOUSE' | 'LOGISTIC' | null;
  language: 'en' | 'id';
  transporter_code: string | null;
  customer_vendor_code: string | null;
}

export const AUTH_USER_COLUMNS = [
  'id',
  'username',
  'full_name',
  'employee_number',
  'email',
  'role',
  'is_admin',
  'use_ad',
  'department',
  'language',
  'transporter_code',
  'customer_vendor_code',
] as const;

const AUDIENCE = 'tms-api';
const CHANGE_AUDIENCE = 'tms-password-change';

/** Staff of the company (as opposed to transporters, relations and drivers). */
export function isInternal(user: Pick<AuthUser, 'role' | 'is_admin'>): boolean {
  return user.is_admin || user.role === 'USER';
}

export function tokenFromHeader(ctx: Context): string | null {
  const header = ctx.get('authorization').trim();
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

interface VerifiedClaims {
  jti: string;
  sub: string;
  expiresMs: number;
}

interface CachedSession {
  user: AuthUser;
  expires: number;
}

/** Sessions kept in memory at most; past it the cache starts again empty. */
const SESSION_CACHE_MAX = 10_000;

export class SessionService {
  /**
   * The signing secret as a KeyObject: given a string, jsonwebtoken first tries it as a PEM public key and
   * catches the failure on every call, which cost about a millisecond of CPU per request.
   */
  private readonly secret: crypto.KeyObject;

  /** Token text -> the claims koa-jwt verified (middleware). */
  private readonly verified = new Map<string, VerifiedClaims>();
  /** Token id -> its user, while the change feed is live (see the file comment). */
  private readonly cache: FeedCache<CachedSession>;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlHours: number,
    changes?: ChangeFeed,
  ) {
    this.secret = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    this.cache = new FeedCache(changes, 'auth', SESSION_CACHE_MAX);
  }

  private drop(): void {
    this.cache.drop();
  }

  /** The user of a valid, unrevoked token of an active user, or undefined. */
  private async sessionUser(tokenId: string, now: Date): Promise<AuthUser | undefined> {
    const session = await this.cache.get(
      tokenId,
      async () => {
        const row = (await this.db('auth_tokens as t')
          .join('users as u', 'u.id', 't.user_id')
          .where('t.id', tokenId)
          .whereNull('t.revoked_date')
          .where('t.expires_date', '>', now)
          .where('u.is_active', true)
          .first([...AUTH_USER_COLUMNS.map((c) => `u.${c}`), 't.expires_date as token_expires'])) as
          (AuthUser & { token_expires: Date }) | undefined;
        if (!row) return undefined;
        const { token_expires: expires, ...user } = row;
        return { user, expires: new Date(expires).getTime() };
      },
      (hit) => hit.expires > now.getTime(),
    );
    return session && { ...session.user };
  }

  async issue(
    userId: number,
    meta: { ip: string; userAgent: string },
    now = new Date(),
  ): Promise<{ token: string; tokenId: string; expires: Date }> {
    const tokenId = crypto.randomUUID();
    const expires = new Date(now.getTime() + this.ttlHours * 3600_000);
    await this.db('auth_tokens').insert({
      id: tokenId,
      user_id: userId,
      created_date: now,
      expires_date: expires,
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 300),
    });
    const token = jwt.sign({ sub: String(userId) }, this.secret, {
      algorithm: 'HS256',
      audience: AUDIENCE,
      jwtid: tokenId,
      expiresIn: Math.floor((expires.getTime() - now.getTime()) / 1000),
    });
    return { token, tokenId, expires };
  }

  async revoke(tokenId: string, reason: string, db: Db = this.db): Promise<void> {
    await db('auth_tokens').where({ id: tokenId }).whereNull('revoked_date').update({
      revoked_date: new Date(),
      revoked_reason: reason,
    });
    // This process's own copy goes at once; the notification at commit takes everyone's.
    this.drop();
  }

  async revokeAllOfUser(userId: number, reason: string, db: Db = this.db): Promise<number> {
    const n = await db('auth_tokens').where({ user_id: userId }).whereNull('revoked_date').update({
      revoked_date: new Date(),
      revoked_reason: reason,
    });
    this.drop();
    return n;
  }

  /**
   * Reads the token when one is sent. An invalid or revoked token leaves the request anonymous; routes
   * that need a user then answer 401 "Unauthorized", which the console turns into its session-expired
   * logout. Public routes (login) keep working for a browser that still holds a stale token.
   */
  middleware() {
    // koa-jwt reads and verifies a token the first time this process sees it; its isRevoked hook keeps the
    // verified claims (the same text always verifies the same way), so the token's later calls skip straight to
    // the expiry check and the lookup.
    const verifyFirst = koaJwt({
      // koa-jwt hands the secret to jsonwebtoken, which takes a KeyObject; its types only name strings and buffers.
      secret: this.secret as unknown as string,
      algorithms: ['HS256'],
      audience: AUDIENCE,
      passthrough: true,
      key: 'jwt',
      getToken: (ctx: Context) => tokenFromHeader(ctx),
      isRevoked: async (ctx: Context, decoded: object, token: string): Promise<boolean> => {
        const claims = this.remember(token, decoded as { jti?: unknown; sub?: unknown; exp?: unknown });
        return !claims || !(await this.admit(ctx, claims, new Date()));
      },
    });
    return async (ctx: Context, next: Next): Promise<void> => {
      const token = tokenFromHeader(ctx);
      const claims = token ? this.verified.get(token) : undefined;
      if (!claims) return (verifyFirst as (ctx: Context, next: Next) => Promise<void>)(ctx, next);
      const now = new Date();
      // As jsonwebtoken decides: expired from the second of `exp` on.
      if (now.getTime() < claims.expiresMs) await this.admit(ctx, claims, now);
      await next();
    };
  }

  /** Keeps the claims of a token that verified; undefined when they do not name a token and a user. */
  private remember(
    token: string,
    decoded: { jti?: unknown; sub?: unknown; exp?: unknown },
  ): VerifiedClaims | undefined {
    if (typeof decoded.jti !== 'string' || typeof decoded.sub !== 'string' || !decoded.jti || !decoded.sub)
      return undefined;
    const claims = {
      jti: decoded.jti,
      sub: decoded.sub,
      expiresMs: typeof decoded.exp === 'number' ? decoded.exp * 1000 : Infinity,
    };
    if (this.verified.size >= SESSION_CACHE_MAX) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  /** Signs the request in as the token's user when its session is valid; false when it is not. */
  private async admit(ctx: Context, claims: VerifiedClaims, now: Date): Promise<boolean> {
    const row = await this.sessionUser(claims.jti, now);
    if (!row || String(row.id) !== claims.sub) return false;
    ctx.state.user = row;
    ctx.state.tokenId = claims.jti;
    return true;
  }

  /** A short-lived ticket that lets the first-login / reset dialog change the password it was issued for. */
  changeTicket(userId: number, passwordHash: string): string {
    return jwt.sign({ sub: String(userId), pw: passwordFingerprint(passwordHash) }, this.secret, {
      algorithm: 'HS256',
      audience: CHANGE_AUDIENCE,
      expiresIn: 15 * 60,
    });
  }

  /** The user id the ticket was issued for, if it is valid and the password has not changed since. */
  readChangeTicket(ticket: string, currentHash: string | null): number | undefined {
    try {
      const claims = jwt.verify(ticket, this.secret, {
        algorithms: ['HS256'],
        audience: CHANGE_AUDIENCE,
      }) as {
        sub: string;
        pw: string;
      };
      if (!currentHash || claims.pw !== passwordFingerprint(currentHash)) return undefined;
      return Number(claims.sub);
    } catch {
      return undefined;
    }
  }
}

function passwordFingerprint(passwordHash: string): string {
  return crypto.createHash('sha256').update(passwordHash).digest('hex').slice(0, 16);
}
