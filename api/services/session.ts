// Session tokens are short JWTs (HS256) whose jti names a row of auth_tokens. The signature proves the
// token was issued here; the row lookup on every request makes logout, password change and deactivation
// take effect on the very next request. koa-jwt does the header parsing and verification; its isRevoked
// hook does the lookup and loads the user in the same query. With a live change feed the answer is kept in
// memory per token until a notification says a token or a user changed (api/services/change-feed.ts), so a
// revocation still takes effect on the next request, in every API process, without a query per request.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import koaJwt from 'koa-jwt';
import jwt from 'jsonwebtoken';
import type { Db } from '../../db/connection';
import type { ChangeFeed } from './change-feed';

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

  /** Token id -> its user, while the change feed is live (see the file comment). */
  private readonly cache = new Map<string, CachedSession>();
  /** Bumped at every drop, so a lookup that was under way during one does not store what it read before. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlHours: number,
    private readonly changes?: ChangeFeed,
  ) {
    this.secret = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
    changes?.subscribe('auth', () => this.drop());
  }

  private drop(): void {
    this.generation++;
    this.cache.clear();
  }

  /** The user of a valid, unrevoked token of an active user, or undefined. */
  private async sessionUser(tokenId: string, now: Date): Promise<AuthUser | undefined> {
    const live = this.changes?.live === true;
    if (live) {
      const hit = this.cache.get(tokenId);
      if (hit && hit.expires > now.getTime()) return { ...hit.user };
    }
    const generation = this.generation;
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
    if (live && this.changes?.live && generation === this.generation) {
      if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
      this.cache.set(tokenId, { user, expires: new Date(expires).getTime() });
    }
    return user;
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
    return koaJwt({
      // koa-jwt hands the secret to jsonwebtoken, which takes a KeyObject; its types only name strings and buffers.
      secret: this.secret as unknown as string,
      algorithms: ['HS256'],
      audience: AUDIENCE,
      passthrough: true,
      key: 'jwt',
      getToken: (ctx: Context) => tokenFromHeader(ctx),
      isRevoked: async (ctx: Context, decoded: object): Promise<boolean> => {
        const claims = decoded as { jti?: string; sub?: string };
        if (!claims.jti || !claims.sub) return true;
        const row = await this.sessionUser(claims.jti, new Date());
        if (!row || String(row.id) !== claims.sub) return true;
        ctx.state.user = row;
        ctx.state.tokenId = claims.jti;
        return false;
      },
    });
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
