// The HTTP side of SAP's OData v2 services: basic authentication, sap-client, JSON, a timeout on every call,
// the session cookies SAP hands out, the CSRF token every write needs, paging, and one ErpCallLog per call.
//
// CSRF: SAP Gateway refuses a write without a token bound to the session cookie. The token is fetched once
// (`GET <service>/` with `x-csrf-token: Fetch`, keeping the Set-Cookie values), reused for later writes, and
// when SAP answers 403 with `x-csrf-token: Required` (the session or token expired) fetched again and the write
// retried once.
//
// Every call asks for English (sap-language=EN): SAP answers units and texts in the logon language, and the unit
// table of mapping.ts knows SAP's English codes.
//
// Nothing secret is logged: the Authorization header, cookies and the token never enter the log entry.
import { ErpError, type ErpCallLog } from '../types';
import { isWebPage, sapError, timeoutError, unreachableError, webPageError } from './errors';

export interface ODataClientOptions {
  /** Where the services live, e.g. https://s4.example.com/sap/opu/odata/sap (service names are appended). */
  baseUrl: string;
  /** SAP client (mandant), sent as the sap-client parameter when set. */
  sapClient?: string | null;
  user: string;
  password: string;
  timeoutMs: number;
  /** Receives every call, successful or not. */
  log: (entry: ErpCallLog) => void | Promise<void>;
  fetch?: typeof fetch;
}

export interface CallInfo {
  operation: string;
  /** The document the call is about, for finding its calls in the log. */
  reference?: string | null;
}

export interface ODataAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** One page of a collection: SAP's `d.results`, and `d.__next` when SAP pages on its own. */
interface CollectionBody {
  d?: { results?: unknown[]; __next?: string };
}

/** Log bodies are for people reading a failure, not for archiving SAP's data. */
const LOG_BODY_LIMIT = 16_000;

export class ODataClient {
  private readonly base: URL;
  private readonly fetchImpl: typeof fetch;
  private readonly authorization: string;
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;

  constructor(private readonly options: ODataClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    if (this.base.username || this.base.password) {
      throw new ErpError('SAP_ODATA_URL may not contain a user name or password; use SAP_ODATA_USER.');
    }
    this.fetchImpl = options.fetch ?? fetch;
    this.authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`, 'utf8').toString('base64')}`;
  }

  /** The URL of `path` within `service`, with $format=json, sap-client, sap-language and the given query options. */
  url(service: string, path: string, query: Record<string, string | number | null | undefined> = {}): string {
    const u = new URL(`${service}/${path}`, this.base);
    const parts: string[] = [];
    for (const [k, v] of Object.entries(query)) {
      if (v === null || v === undefined || v === '') continue;
      // encodeURIComponent leaves ' ( ) unescaped, which SAP's $filter and key syntax need as they are.
      parts.push(`${k}=${encodeURIComponent(String(v))}`);
    }
    parts.push('$format=json');
    if (this.options.sapClient) parts.push(`sap-client=${encodeURIComponent(this.options.sapClient)}`);
    parts.push(`sap-language=${SAP_LANGUAGE}`);
    u.search = parts.join('&');
    return u.toString();
  }

  /** A GET answered with JSON; throws an ErpError for anything else. `notFound: 'null'` answers null for a 404. */
  async getJson(url: string, info: CallInfo, opts: { notFound?: 'null' } = {}): Promise<ODataAnswer | null> {
    const answer = await this.send('GET', url, info);
    if (answer.status === 404 && opts.notFound === 'null') return null;
    const failure = failureOf(answer);
    if (failure) throw failure;
    return answer;
  }

  /**
   * Reads a collection page by page ($top/$skip, or SAP's own `__next` link when it gives one) and hands each
   * page to `onPage`, until `onPage` answers false, a page comes back short, or `maxPages` pages were read.
   */
  async getPages(
    firstUrl: string,
    pageSize: number,
    info: CallInfo,
    onPage: (rows: unknown[]) => boolean,
    maxPages = 50,
  ): Promise<{ pages: number; exhausted: boolean }> {
    let url = withPaging(firstUrl, pageSize, 0);
    let skip = 0;
    for (let page = 1; page <= maxPages; page++) {
      const answer = (await this.getJson(url, info))!;
      const body = parseJson<CollectionBody>(answer.text, answer.status);
      const rows = body.d?.results;
      if (!Array.isArray(rows))
        throw new ErpError('SAP answered without a list of documents.', null, answer.status);
      const more = onPage(rows);
      const next = body.d?.__next;
      if (!more) return { pages: page, exhausted: false };
      if (next) {
        url = this.nextLink(next, url);
      } else if (rows.length < pageSize) {
        return { pages: page, exhausted: true };
      } else {
        skip += rows.length;
        url = withPaging(firstUrl, pageSize, skip);
      }
    }
    return { pages: maxPages, exhausted: false };
  }

  /** A write (PATCH, POST, ...) with the CSRF token, fetched when needed and refreshed once on SAP's demand. */
  async write(
    method: 'POST' | 'PATCH' | 'PUT' | 'MERGE' | 'DELETE',
    service: string,
    url: string,
    body: unknown,
    info: CallInfo,
    headers: Record<string, string> = {},
  ): Promise<ODataAnswer> {
    for (let attempt = 1; ; attempt++) {
      const token = this.csrfToken ?? (await this.fetchCsrfToken(service, info));
      const answer = await this.send(method, url, info, {
        body,
        headers: { 'Content-Type': 'application/json', 'x-csrf-token': token, ...headers },
      });
      const tokenRefused =
        answer.status === 403 && (answer.headers.get('x-csrf-token') ?? '').toLowerCase() === 'required';
      if (tokenRefused && attempt === 1) {
        this.csrfToken = null;
        continue;
      }
      if (tokenRefused) {
        throw new ErpError(
          'SAP refused the CSRF token twice; the SAP session could not be kept.',
          'CSRF',
          403,
        );
      }
      const failure = failureOf(answer);
      if (failure) throw failure;
      return answer;
    }
  }

  private async fetchCsrfToken(service: string, info: CallInfo): Promise<string> {
    const answer = await this.send(
      'GET',
      this.url(service, ''),
      { ...info, operation: 'csrf_token' },
      {
        headers: { 'x-csrf-token': 'Fetch' },
      },
    );
    const failure = failureOf(answer);
    if (failure) throw failure;
    const token = answer.headers.get('x-csrf-token');
    if (!token || token.toLowerCase() === 'required') {
      throw new ErpError('SAP gave no CSRF token, so nothing can be written to it.', 'CSRF', answer.status);
    }
    this.csrfToken = token;
    return token;
  }

  /**
   * A next-page link SAP sent, to follow: never off SAP's host (the credentials must only ever go to
   * SAP_ODATA_URL), and in English like every call.
   */
  nextLink(link: string, from: string): string {
    const u = new URL(link, from);
    if (u.origin !== this.base.origin) {
      throw new ErpError('SAP sent a next-page link to another host; it was not followed.', null, null);
    }
    if (!/(^|&)sap-language=/.test(u.search.slice(1))) {
      u.search = `${u.search ? `${u.search.slice(1)}&` : ''}sap-language=${SAP_LANGUAGE}`;
    }
    return u.toString();
  }

  private keepCookies(headers: Headers): void {
    for (const cookie of headers.getSetCookie()) {
      const pair = cookie.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  /** One HTTP exchange, timed out, logged, and never thrown for an HTTP status (callers decide). */
  private async send(
    method: string,
    url: string,
    info: CallInfo,
    extra: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ODataAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra.headers };
    const requestBody = extra.body === undefined ? undefined : JSON.stringify(extra.body);
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    const logged = {
      // What may be read back later: never Authorization, cookies or the token itself.
      headers: Object.fromEntries(
        Object.entries(headers).map(([k, v]) =>
          k.toLowerCase() === 'x-csrf-token' && v.toLowerCase() !== 'fetch' ? [k, '(token)'] : [k, v],
        ),
      ),
      body: extra.body ?? null,
    };
    let answer: ODataAnswer;
    try {
      const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await this.fetchImpl(url, {
        method,
        headers: { ...headers, Authorization: this.authorization, ...(cookie ? { Cookie: cookie } : {}) },
        body: requestBody,
        signal: controller.signal,
        redirect: 'manual',
      });
      const text = await res.text();
      answer = { status: res.status, headers: res.headers, text };
      this.keepCookies(res.headers);
    } catch (err) {
      const error = controller.signal.aborted ? timeoutError(this.options.timeoutMs) : unreachableError(err);
      await this.report({
        operation: info.operation,
        method,
        url,
        statusCode: null,
        success: false,
        message: error.message,
        durationMs: Math.round(performance.now() - started),
        reference: info.reference ?? null,
        request: logged,
        response: null,
      });
      throw error;
    } finally {
      clearTimeout(timer);
    }
    const failure = failureOf(answer);
    await this.report({
      operation: info.operation,
      method,
      url,
      statusCode: answer.status,
      success: !failure,
      message: failure?.message ?? null,
      durationMs: Math.round(performance.now() - started),
      reference: info.reference ?? null,
      request: logged,
      response:
        answer.text.length > LOG_BODY_LIMIT ? `${answer.text.slice(0, LOG_BODY_LIMIT)}…` : answer.text,
    });
    return answer;
  }

  private async report(entry: Omit<ErpCallLog, 'system'>): Promise<void> {
    try {
      await this.options.log({ system: 'sap-odata', ...entry });
    } catch {
      // A failing log never turns SAP's answer into a failure; the logger reports its own trouble.
    }
  }
}

const SAP_LANGUAGE = 'EN';

/** What went wrong with an answer, or null for data: a failure status, or a web page where data belonged. */
function failureOf(answer: ODataAnswer): ErpError | null {
  if (answer.status < 200 || answer.status >= 300) return sapError(answer.status, answer.text);
  if (isWebPage(answer.headers.get('content-type'), answer.text))
    return webPageError(answer.status, answer.text);
  return null;
}

/** The URL with $top and $skip set (replacing any there). */
function withPaging(url: string, top: number, skip: number): string {
  const u = new URL(url);
  const kept = u.search
    .slice(1)
    .split('&')
    .filter((p) => p && !p.startsWith('$top=') && !p.startsWith('$skip='));
  kept.push(`$top=${top}`);
  if (skip > 0) kept.push(`$skip=${skip}`);
  u.search = kept.join('&');
  return u.toString();
}

export function parseJson<T>(text: string, status: number): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ErpError('SAP answered with something that is not JSON.', null, status);
  }
}
