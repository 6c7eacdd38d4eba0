// Everything a request handler may use, built once per process (api/main.ts) or per test, and passed in
// explicitly so tests can swap a piece (a captcha generator with a known answer, a clock, a Temporal stub).
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from '../db/connection';
import type { CaptchaService } from './services/captcha';
import type { LoginGuard } from './services/login-guard';
import type { PermissionService } from './services/permissions';
import type { SessionService } from './services/session';

/** A probe answer: ok plus whatever details it has (pollers, latency, error). */
export interface HealthProbe {
  ok: boolean;
}

export interface TemporalHealth {
  temporal(): Promise<HealthProbe>;
  worker(): Promise<HealthProbe>;
}

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  sessions: SessionService;
  permissions: PermissionService;
  captcha: CaptchaService;
  loginGuard: LoginGuard;
  /** Absent when the API runs without Temporal (some tests); /api/health then reports it as not configured. */
  temporal?: TemporalHealth;
  now: () => Date;
}
