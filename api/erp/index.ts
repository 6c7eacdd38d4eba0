// The ERP domain's named module (DESIGN §2 "One domain, one name in every folder"): what other domains use of
// it, and the only file of this folder another domain's folder may import (eslint.config.mjs refuses the rest).
//
// The ERP adapter the configuration asks for (DESIGN §4 "ERP adapters"): `sandbox` (embedded default, documents
// in erp_sandbox_documents, seeded at start by seedErpSandbox) or `sap-odata` (SAP S/4HANA OData v2). Both log
// every call to api_response_logs.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createCallLogger } from './call-log';
import { createSapODataAdapter } from './odata/adapter';
import { cachedErpMasterMap } from './odata/master-map';
import { createSandboxAdapter } from './sandbox/adapter';
import { ErpError, type ErpAdapter, type ErpCallLog } from './types';

export type ErpConfig = Pick<
  Config,
  | 'ERP_ADAPTER'
  | 'SAP_ODATA_URL'
  | 'SAP_ODATA_USER'
  | 'SAP_ODATA_PASSWORD'
  | 'SAP_ODATA_CLIENT'
  | 'SAP_ODATA_TIMEOUT_MS'
  | 'SAP_TIME_ZONE'
>;

export interface ErpDeps {
  db: Knex;
  logger?: Pick<Logger, 'warn'>;
  /** Replaces the api_response_logs writer (tests). */
  log?: (entry: ErpCallLog) => void | Promise<void>;
  /** Replaces global fetch for the OData adapter (tests). */
  fetch?: typeof fetch;
}

export function createErpAdapter(config: ErpConfig, deps: ErpDeps): ErpAdapter {
  const log = deps.log ?? createCallLogger(deps.db, deps.logger);
  if (config.ERP_ADAPTER === 'sandbox') return createSandboxAdapter({ db: deps.db, log });
  const { SAP_ODATA_URL: url, SAP_ODATA_USER: user, SAP_ODATA_PASSWORD: password } = config;
  // loadConfig refuses this already; a config built by hand gets the same clear words.
  if (!url || !user || !password) {
    throw new ErpError('ERP_ADAPTER=sap-odata needs SAP_ODATA_URL, SAP_ODATA_USER and SAP_ODATA_PASSWORD.');
  }
  return createSapODataAdapter({
    baseUrl: url,
    sapClient: config.SAP_ODATA_CLIENT ?? null,
    user,
    password,
    timeoutMs: config.SAP_ODATA_TIMEOUT_MS,
    timeZone: config.SAP_TIME_ZONE,
    log,
    fetch: deps.fetch,
    masterMap: cachedErpMasterMap(deps.db),
  });
}

export { erpPullPort } from './pull';
export { iterateErpDocuments, seedErpSandbox } from './sandbox/generator';
export { importErpDocuments } from './import';
export { erpPush } from './routes';
export {
  ErpError,
  type ErpAdapter,
  type ErpDocument,
  type ErpFilter,
  type ErpLine,
  type ErpSyncResult,
} from './types';
