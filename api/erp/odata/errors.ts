// SAP's answers that are not the data asked for, turned into an ErpError a user can read: SAP's own message and
// message code from a JSON or XML OData error body, or a short sentence for a gateway's HTML page (even one
// answered with 200, such as a logon page), a refused login or a timeout. The body itself is never the message
// (it goes to the call log, truncated).
import { ErpError } from '../types';

interface SapJsonError {
  error?: {
    code?: unknown;
    message?: { value?: unknown } | string;
    innererror?: { errordetails?: { code?: unknown; message?: unknown; severity?: unknown }[] };
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const clean = (text: string, max = 500) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

function fromJson(body: string): { message: string; code: string | null } | null {
  let parsed: SapJsonError;
  try {
    parsed = JSON.parse(body) as SapJsonError;
  } catch {
    return null;
  }
  const e = parsed?.error;
  if (!e || typeof e !== 'object') return null;
  const value = typeof e.message === 'string' ? e.message : e.message?.value;
  const code = typeof e.code === 'string' && e.code ? e.code : null;
  // The top message is sometimes only "An exception was raised"; the first error detail then says what.
  const detail = e.innererror?.errordetails?.find((d) => typeof d.message === 'string' && d.message);
  const message =
    typeof value === 'string' && value ? value : typeof detail?.message === 'string' ? detail.message : '';
  if (!message && !code) return null;
  return { message: clean(message || code!), code };
}

function fromXml(body: string): { message: string; code: string | null } | null {
  if (!/<(?:\w+:)?error[\s>]/.test(body)) return null;
  const code = /<(?:\w+:)?code>([\s\S]*?)<\/(?:\w+:)?code>/.exec(body)?.[1];
  const message = /<(?:\w+:)?message(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?message>/.exec(body)?.[1];
  if (!code && !message) return null;
  return {
    message: clean(decodeXml(message ?? code ?? '')),
    code: code ? clean(decodeXml(code), 60) : null,
  };
}

/** The title (or first heading) of an HTML page, so "502 Bad Gateway" reads as such. */
function htmlTitle(body: string): string | null {
  const raw =
    /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1];
  if (!raw) return null;
  const text = clean(decodeXml(raw.replace(/<[^>]*>/g, ' ')), 200);
  return text || null;
}

/** What an HTTP status means when SAP said nothing more useful. */
function statusSentence(status: number): string {
  if (status === 401)
    return 'SAP refused the user name or password (HTTP 401). Check SAP_ODATA_USER and SAP_ODATA_PASSWORD.';
  if (status === 403) return 'SAP refused the request (HTTP 403): the SAP user lacks the authorisation.';
  if (status === 404) return 'SAP does not know this document or service (HTTP 404).';
  if (status >= 500) return `SAP or its gateway failed (HTTP ${status}); try again later.`;
  if (status >= 300 && status < 400) {
    return `SAP redirected the call (HTTP ${status}), usually to a logon page: check SAP_ODATA_URL and that the service accepts basic authentication.`;
  }
  return `SAP answered HTTP ${status}.`;
}

/** An ErpError from a failed SAP answer: SAP's text and code when the body has them. */
export function sapError(status: number, body: string): ErpError {
  const sap = fromJson(body) ?? fromXml(body);
  if (sap) return new ErpError(sap.message, sap.code, status);
  const title = /<html[\s>]/i.test(body) ? htmlTitle(body) : null;
  const sentence = statusSentence(status);
  return new ErpError(title ? `${sentence} The gateway said: ${title}` : sentence, null, status);
}

/** Whether an answer is a web page (a logon or error page of SAP or a proxy) rather than OData. */
export function isWebPage(contentType: string | null, body: string): boolean {
  return /text\/html/i.test(contentType ?? '') || /^\s*<(!doctype\s+html|html[\s>])/i.test(body);
}

/** An ErpError for a web page SAP answered with a success status: a logon page in place of the data. */
export function webPageError(status: number, body: string): ErpError {
  const title = htmlTitle(body);
  return new ErpError(
    `SAP answered with a web page instead of data (HTTP ${status}), usually its logon page: check SAP_ODATA_URL and that the service accepts basic authentication.${title ? ` The page said: ${title}` : ''}`,
    'WEB_PAGE',
    status,
  );
}

export function timeoutError(ms: number): ErpError {
  return new ErpError(`SAP did not answer within ${ms} ms.`, 'TIMEOUT', null);
}

export function unreachableError(err: unknown): ErpError {
  const cause = (err as { cause?: { code?: unknown } })?.cause?.code;
  return new ErpError(
    `SAP could not be reached${typeof cause === 'string' ? ` (${cause})` : ''}. Check SAP_ODATA_URL and the network.`,
    'UNREACHABLE',
    null,
  );
}
