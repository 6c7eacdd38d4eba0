// API keys of machine callers (SAP pushing documents to /api/erp/...). A key is sent as `X-API-Key: <key>` or
// `Authorization: ApiKey <key>` and is known either from configuration (ERP_API_KEYS, for deployments) or from
// the api_keys table, where only its SHA-256 is kept. A caller is identified by the key's name, which the API
// log records; the key itself is never stored or logged.
import crypto from 'node:crypto';
import type { Context } from 'koa';
import type { Db } from '../../db/connection';

export interface ApiClient {
  /** The key's name (api_keys.name or the name in ERP_API_KEYS). */
  name: string;
}

export function hashApiKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key a request carries, or null. */
export function apiKeyFromHeaders(ctx: Pick<Context, 'get'>): string | null {
  const header = ctx.get('x-api-key').trim();
  if (header) return header;
  const match = /^ApiKey\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  return match ? match[1]! : null;
}

const STATE_KEY = 'apiClient';

export class ApiKeyService {
  /** Configured keys by their hash. */
  private readonly configured: Map<string, string>;

  constructor(
    private readonly db: Db,
    configured: readonly { name: string; key: string }[] = [],
  ) {
    this.configured = new Map(configured.map((k) => [hashApiKey(k.key), k.name]));
  }

  /**
   * The caller of this request, or null when it sent no key or an unknown or inactive one. The answer is kept
   * on the request, so the API log and the route's access check ask the database once.
   */
  async identify(ctx: Pick<Context, 'get' | 'state'>): Promise<ApiClient | null> {
    const state = ctx.state as Record<string, unknown>;
    if (state[STATE_KEY] !== undefined) return state[STATE_KEY] as ApiClient | null;
    const key = apiKeyFromHeaders(ctx);
    let client: ApiClient | null = null;
    if (key && key.length <= 200) {
      const hash = hashApiKey(key);
      const name = this.configured.get(hash);
      if (name) client = { name };
      else {
        const row = (await this.db('api_keys').where({ key_hash: hash, is_active: true }).first('name')) as
          { name: string } | undefined;
        if (row) client = { name: row.name };
      }
    }
    state[STATE_KEY] = client;
    return client;
  }
}
