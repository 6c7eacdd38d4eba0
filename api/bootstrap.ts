// Builds the request-handling dependencies from a config and a database. Shared by main.ts and the tests,
// so tests run the same wiring as production with only the pieces they name swapped.
import crypto from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import type { Db } from '../db/connection';
import type { AppDeps, TemporalHealth } from './deps';
import { CaptchaService, type CaptchaGenerator } from './services/captcha';
import { LoginGuard, DEFAULT_LOGIN_LIMITS, type LoginLimits } from './services/login-guard';
import { PermissionService } from './services/permissions';
import { SessionService } from './services/session';
import { ApiKeyService } from './services/api-keys';
import { CounterService } from './services/counters';
import { LookupService } from './services/lookups';
import { SapOrderCodeValues } from './sap-orders/code-values';
import type { ChangeFeed } from './services/change-feed';
import { inProcessBulk } from './bulk/runner';
import type { BulkRunner } from './bulk/types';
import { installMasterDataCache } from './services/master-data';

const JWT_SECRET_KEY = 'JWT_SECRET';

/**
 * The signing secret: JWT_SECRET when configured, otherwise one generated once and kept in app_settings,
 * so every API process on the same database signs and verifies with the same key.
 */
export async function resolveJwtSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db('app_settings')
    .insert({
      key: JWT_SECRET_KEY,
      value: crypto.randomBytes(48).toString('base64url'),
      created_by: 'system',
    })
    .onConflict('key')
    .ignore();
  const row = (await db('app_settings').where({ key: JWT_SECRET_KEY }).first('value')) as { value: string };
  return row.value;
}

export interface DepsOverrides {
  logger?: Logger;
  temporal?: TemporalHealth;
  captchaGenerator?: CaptchaGenerator;
  loginLimits?: Partial<LoginLimits>;
  now?: () => Date;
  /** Lets sessions, counters, lookups and permissions cache (api/services/change-feed.ts); the caller closes it. */
  changes?: ChangeFeed;
  /** Bulk threads (api/bulk/threads.ts); by default bulk tasks run on this event loop. */
  bulk?: BulkRunner;
}

export async function buildDeps(config: Config, db: Db, overrides: DepsOverrides = {}): Promise<AppDeps> {
  const logger = overrides.logger ?? pino({ level: config.LOG_LEVEL });
  const secret = await resolveJwtSecret(db, config.JWT_SECRET);
  if (overrides.changes) installMasterDataCache(db, overrides.changes);
  return {
    config,
    db,
    logger,
    sessions: new SessionService(db, secret, config.TOKEN_TTL_HOURS, overrides.changes),
    counters: new CounterService(db, overrides.changes),
    lookups: new LookupService(db, overrides.changes),
    sapOrderCodes: new SapOrderCodeValues(db, overrides.changes),
    changes: overrides.changes,
    permissions: new PermissionService(db, overrides.changes),
    captcha: new CaptchaService(db, overrides.captchaGenerator),
    loginGuard: new LoginGuard(db, { ...DEFAULT_LOGIN_LIMITS, ...overrides.loginLimits }),
    apiKeys: new ApiKeyService(db, config.ERP_API_KEYS),
    temporal: overrides.temporal,
    bulk: overrides.bulk ?? inProcessBulk(db),
    now: overrides.now ?? (() => new Date()),
  };
}
