// Process configuration, read once from the environment and validated with zod so a typo in a variable
// fails at start with a clear message instead of at the first request.
import path from 'node:path';
import { z } from 'zod';
import { DB_TIMEOUTS } from '../db/connection';
import { isTimeZone } from './time-zones';

export const projectRoot = path.resolve(__dirname, '..');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  /** Label shown in the top bar and the page title (e.g. DEV, QA, PROD). */
  APP_ENVIRONMENT: z.string().default('DEV'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  /** Unset: `npm start` runs a PostgreSQL cluster of its own under DATA_DIR. Set: that PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /** The longest one statement may run before PostgreSQL cancels it; 0: no limit. Migrations lift it. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(DB_TIMEOUTS.statementMs),
  /**
   * Port of the embedded cluster (127.0.0.1 only). Not PostgreSQL's usual 5432, where a PostgreSQL of the
   * machine may already listen.
   */
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(5438),
  /** Unset: `npm start` launches the Temporal dev server. Set: a real Temporal frontend (host:port). */
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('tms'),
  TEMPORAL_CLI_PATH: z.string().optional(),
  TEMPORAL_PORT: z.coerce.number().int().default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().default(8233),
  // Where operations open a workflow in the Temporal UI (the order view's link); unset: the embedded dev
  // server's UI on 127.0.0.1:TEMPORAL_UI_PORT.
  TEMPORAL_UI_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Milliseconds one AutoRejectSetting hour lasts (an order's answer deadline); tests shrink it. */
  AUTO_REJECT_HOUR_MS: z.coerce.number().int().min(1).max(3_600_000).default(3_600_000),
  DATA_DIR: z.string().default(path.join(projectRoot, '.data')),
  /** HMAC secret for session tokens. In the embedded default a random one is generated and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  PRIVACY_POLICY_URL: z.string().default('/privacy-policy.html'),
  TERMS_OF_SERVICE_URL: z.string().default('/terms-of-service.html'),
  /** Android driver app offered on the login page; "File not found" when the file does not exist. */
  MOBILE_APK_PATH: z.string().default(path.join(projectRoot, '.data', 'mobile', 'tms-driver.apk')),
  /**
   * Demo accounts with a known password (README). Default: on for the embedded database, off when
   * DATABASE_URL is set, where the first start creates one administrator instead.
   */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Initial password of the first administrator on a real database; unset: a random one, logged once. */
  ADMIN_INITIAL_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Days without a login after which the inactivity schedule deactivates an account (spec/3 §6). */
  INACTIVITY_DAYS: z.coerce.number().int().positive().default(90),
  /** Which ERP the TMS talks to (DESIGN §4 "ERP adapters"): the embedded sandbox, or SAP over OData v2. */
  ERP_ADAPTER: z.enum(['sandbox', 'sap-odata']).default('sandbox'),
  /** SAP's OData root, e.g. https://s4.example.com/sap/opu/odata/sap (the service names are appended). */
  SAP_ODATA_URL: z.url({ protocol: /^https?$/ }).optional(),
  SAP_ODATA_USER: z.string().min(1).optional(),
  SAP_ODATA_PASSWORD: z.string().min(1).optional(),
  /** SAP client (mandant), e.g. 100; unset: the system's default client. */
  SAP_ODATA_CLIENT: z
    .string()
    .regex(/^\d{3}$/, 'expected a three-digit SAP client')
    .optional(),
  SAP_ODATA_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * The time zone of SAP's own clock: SAP keeps dates and times such as a delivery's creation time in the
   * system's local time, which the pull must turn into moments (IANA name, e.g. Asia/Jakarta for WIB).
   */
  SAP_TIME_ZONE: z
    .string()
    .default('Asia/Jakarta')
    .refine(isTimeZone, 'expected a time zone name such as Asia/Jakarta'),
  /**
   * API keys of the ERP push API (`POST /api/erp/...`) as comma-separated `name:key` pairs; the name is what
   * the API log records. Keys may also live hashed in the api_keys table (the demo seed adds one).
   */
  ERP_API_KEYS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const keys: { name: string; key: string }[] = [];
      for (const pair of (v ?? '').split(',').map((p) => p.trim())) {
        if (!pair) continue;
        const at = pair.indexOf(':');
        const name = at > 0 ? pair.slice(0, at).trim() : '';
        const key = at > 0 ? pair.slice(at + 1).trim() : '';
        if (!name || name.length > 100 || key.length < 16) {
          ctx.addIssue({
            code: 'custom',
            message: 'expected name:key pairs with keys of at least 16 characters',
          });
          return z.NEVER;
        }
        keys.push({ name, key });
      }
      return keys;
    }),
});

/** SAP cannot be reached without these; say so at start rather than at the first Filter from SAP. */
const configSchema = envSchema.superRefine((env, ctx) => {
  if (env.ERP_ADAPTER !== 'sap-odata') return;
  for (const name of ['SAP_ODATA_URL', 'SAP_ODATA_USER', 'SAP_ODATA_PASSWORD'] as const) {
    if (!env[name]) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when ERP_ADAPTER is sap-odata' });
    }
  }
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

/** Demo accounts are seeded on the embedded database unless switched off, and on a real one only on request. */
export function demoSeedWanted(config: Pick<Config, 'SEED_DEMO' | 'DATABASE_URL'>): boolean {
  return config.SEED_DEMO ?? !config.DATABASE_URL;
}
