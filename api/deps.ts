// Everything a request handler may use, built once per process (api/main.ts) or per test, and passed in
// explicitly so tests can swap a piece (a captcha generator with a known answer, a clock, a Temporal stub).
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from '../db/connection';
import type { CaptchaService } from './services/captcha';
import type { LoginGuard } from './services/login-guard';
import type { PermissionService } from './services/permissions';
import type { SessionService } from './services/session';
import type { CounterService } from './services/counters';
import type { LookupService } from './services/lookups';
import type { SapOrderCodeValues } from './sap-orders/code-values';
import type { ChangeFeed } from './services/change-feed';
import type { ApiKeyService } from './services/api-keys';
import type { ErpAdapter } from './erp/types';
import type { StartSapApprovalWorkflow } from './sap-orders/approval';
import type { ApprovalWorkflows } from './approvals/workflows';
import type { BulkRunner } from './bulk/types';
import type { OrderWorkflows } from './orders/workflows';

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
  /** The status counters (tab and dashboard counts). */
  counters: CounterService;
  /** Lookup values by group (master lists). */
  lookups: LookupService;
  /** The codes the SAP orders hold, by list filter pattern. */
  sapOrderCodes: SapOrderCodeValues;
  /**
   * Notifications that let the sessions, counters, lookups and permissions cache (main.ts starts it); absent:
   * no caching.
   */
  changes?: ChangeFeed;
  permissions: PermissionService;
  captcha: CaptchaService;
  loginGuard: LoginGuard;
  /** Machine callers (the ERP push API) identified by API key. */
  apiKeys: ApiKeyService;
  /** Absent when the API runs without Temporal (some tests); /api/health then reports it as not configured. */
  temporal?: TemporalHealth;
  /** The configured ERP (api/erp/index.ts createErpAdapter); absent: the SAP order routes make one (services.ts). */
  erp?: ErpAdapter;
  /** Starts `sap-approval:<Id>`; absent (no Temporal): the approvals row is written and nothing is started. */
  startSapApprovalWorkflow?: StartSapApprovalWorkflow;
  /** Sends approval decisions to their workflows; absent (no Temporal): approve/reject answer 503. */
  approvalWorkflows?: ApprovalWorkflows;
  /** Starts order workflows and sends them users' actions; absent (no Temporal): those routes answer 503. */
  orderWorkflows?: OrderWorkflows;
  /** Where file imports and ERP pushes run: bulk threads (main.ts), or this event loop (tests). */
  bulk: BulkRunner;
  now: () => Date;
}
