// The one door to the server. Every call goes to `/api/<path>`, carries the session token as Authorization and the
// interface language as `language` (the server localises `message` by it), and answers the envelope
// `{success, message, message_code, data, errors?, totalRecords?}`. Non-2xx answers carry the same envelope
// (400 validation, 403, 404, 409, 422, 429), so they are returned, not thrown: callers read `success`/`message`.
// Only two things throw: a transport failure (ApiError) and an expired session (SessionExpiredError) — the latter
// after the registered handler has already sent the user to the session-expired logout (spec/1 §7).

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  message_code: string;
  data?: T;
  errors?: Record<string, string[]>;
  /** The same field messages in every language (a screen shows the current one; see util/message.ts). */
  errors_by_language?: Record<string, Record<string, string[]>>;
  totalRecords?: number;
}

/** An envelope plus the HTTP status it came with. */
export type ApiResult<T = unknown> = Envelope<T> & { status: number };

/** The request never produced an envelope: network down, proxy error page, non-JSON body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** HTTP 401 or `success=false, message "Unauthorized"`: the session is gone and the user is being logged out. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Unauthorized');
    this.name = 'SessionExpiredError';
  }
}

export const API_BASE = '/api';

let authToken: string | null = null;
let language = 'en';
let onUnauthorized: (() => void) | null = null;

export function setAuthToken(token: string | null): void {
  authToken = token;
}

export function getAuthToken(): string | null {
  return authToken;
}

export function setApiLanguage(lang: string): void {
  language = lang;
}

/** The shell registers what "session expired" means (clear the session, go to the Logout route). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** Absolute URL of an API path; absolute because fetch outside a browser page has no base to resolve against. */
export function apiUrl(path: string): string {
  const clean = path.replace(/^\/+/, '');
  return `${window.location.origin}${API_BASE}/${clean}`;
}

export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { language };
  if (authToken) headers.Authorization = authToken;
  return headers;
}

export interface RequestOptions {
  /** Do not turn a 401 into the session-expired logout (the logout call itself). */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'success' in value;
}

export async function request<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers = apiHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error));
  }

  let payload: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  const unauthorized =
    response.status === 401 ||
    (isEnvelope(payload) && !payload.success && payload.message === 'Unauthorized');
  if (unauthorized && !options.ignoreUnauthorized) {
    onUnauthorized?.();
    throw new SessionExpiredError();
  }

  if (!isEnvelope(payload)) {
    throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status);
  }
  return {
    success: payload.success,
    message: payload.message ?? '',
    message_code: payload.message_code ?? '',
    data: payload.data as T | undefined,
    errors: payload.errors,
    errors_by_language: payload.errors_by_language,
    totalRecords: payload.totalRecords,
    status: response.status,
  };
}

/** A file the server sent (export, import template), or the envelope it answered instead. */
export type FileResult = { file: Blob; fileName: string } | { file: null; envelope: ApiResult };

function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * A call that answers a file (exports, templates). A JSON answer is the envelope of a refusal (validation, 403,
 * ...) and is handed back as such; 401 leads to the session-expired logout as for every other call.
 */
export async function requestFile(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  fallbackName = 'download',
): Promise<FileResult> {
  const headers = apiHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : String(error));
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.includes('application/json')) {
    return {
      file: await response.blob(),
      fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
    };
  }
  let payload: unknown = null;
  try {
    payload = JSON.parse(await response.text());
  } catch {
    payload = null;
  }
  if (
    response.status === 401 ||
    (isEnvelope(payload) && !payload.success && payload.message === 'Unauthorized')
  ) {
    onUnauthorized?.();
    throw new SessionExpiredError();
  }
  if (!isEnvelope(payload))
    throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status);
  return {
    file: null,
    envelope: {
      success: payload.success,
      message: payload.message ?? '',
      message_code: payload.message_code ?? '',
      data: payload.data,
      errors: payload.errors,
      errors_by_language: payload.errors_by_language,
      status: response.status,
    },
  };
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body ?? {}, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
};
