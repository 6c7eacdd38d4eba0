// The ERP adapter for SAP S/4HANA (ERP_ADAPTER=sap-odata) over the standard OData v2 APIs: sales orders
// (API_SALES_ORDER_SRV), purchase orders incl. stock transport orders (API_PURCHASEORDER_PROCESS_SRV) and
// outbound deliveries (API_OUTBOUND_DELIVERY_SRV;v=0002). HTTP, CSRF and logging live in client.ts, SAP → TMS
// fields in mapping.ts, value formats in values.ts, error bodies in errors.ts.
//
// Filter: the criteria SAP can apply to headers go into $filter (numbers, dates, company or sales
// organisation, creator, document type, distribution channel); the rest (material, plant, locations: item or
// TMS-side fields, which OData v2 cannot filter on) is applied to what comes back, with matchesErpFilter, page
// by page until `limit` documents matched or `maxPages` pages were read.
//
// Pull: each service is a change stream of its own with its own mark (sales, purchase, delivery): orders carry
// their last change as a moment, deliveries only its day on SAP's clock (SAP_TIME_ZONE).
//
// Sync of a delivery order: read the document (its ETag), PATCH it with no field changed — SAP takes its lock
// and checks it, so a document someone holds answers with SAP's message (e.g. VL/046) — then read it back and
// answer its lines. A refusal SAP explains (4xx with a message) is an unsuccessful ErpSyncResult carrying SAP's
// text and code; a failure to talk to SAP at all (timeout, login, 5xx) is an ErpError.
import { matchesErpFilter, newestFirst } from '../filter';
import { ErpError, type ErpAdapter, type ErpDocument, type ErpFilter, type ErpSyncResult } from '../types';
import { ODataClient, parseJson, type ODataClientOptions } from './client';
import {
  DEFAULT_MAPPING,
  mapSapDocument,
  readsAs,
  SAP_SOURCES,
  SOURCE_OF_ORDER_TYPE,
  type MappingOptions,
  type SapEntity,
  type SapSource,
} from './mapping';
import { EMPTY_MASTER_MAP, type ErpMasterMap } from './master-map';
import { zonedDay } from '../../time-zones';
import { anyOf, dateTimeLiteral, dateTimeOffsetLiteral, stringLiteral } from './values';

export interface SapODataAdapterOptions extends ODataClientOptions {
  /** The time zone of SAP's local dates and times (SAP_TIME_ZONE, e.g. Asia/Jakarta). */
  timeZone: string;
  /** $top of each page; default 100. */
  pageSize?: number;
  /** At most this many pages per filter call; default 20. */
  maxPages?: number;
  /** The TMS master data the mapping needs (master-map.ts); none by default. */
  masterMap?: () => Promise<ErpMasterMap>;
  mapping?: Partial<Omit<MappingOptions, 'timeZone'>>;
}

/** The pull's streams: one per service. */
const PULL_SOURCES: readonly SapSource[] = ['sales', 'purchase', 'delivery'];

const isPullSource = (stream: string): stream is SapSource =>
  (PULL_SOURCES as readonly string[]).includes(stream);

interface PullCursor {
  skip: number;
  /** SAP's own next-page link, when it paged itself. */
  next?: string;
}

function encodeCursor(c: PullCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(value: string): PullCursor {
  try {
    const c = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<PullCursor>;
    if (Number.isInteger(c.skip) && c.skip! >= 0 && (c.next === undefined || typeof c.next === 'string')) {
      return { skip: c.skip!, ...(c.next ? { next: c.next } : {}) };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new ErpError('The ERP page cursor is not valid; start again without one.', 'INVALID_CURSOR');
}

function sourceOf(orderType: string): { source: SapSource; documentType?: string } {
  const s = SOURCE_OF_ORDER_TYPE[orderType];
  if (!s) throw new ErpError(`Documents of order type ${orderType} cannot be read from SAP.`, 'UNSUPPORTED');
  return s;
}

/** The $filter for the Filter screen's criteria that SAP can apply to the header. */
function headerFilter(
  source: SapSource,
  defaultDocumentType: string | undefined,
  f: ErpFilter,
  master: ErpMasterMap,
  mapping: MappingOptions,
): string | undefined {
  const def = SAP_SOURCES[source];
  const terms: (string | null)[] = [];
  if (f.sapNos?.length) terms.push(anyOf(def.numbers, f.sapNos));
  if (f.documentDateFrom) terms.push(`${def.date} ge ${dateTimeLiteral(f.documentDateFrom)}`);
  if (f.documentDateTo) terms.push(`${def.date} le ${dateTimeLiteral(f.documentDateTo)}`);
  if (f.companies?.length) {
    if (source === 'purchase') terms.push(anyOf(['CompanyCode'], f.companies));
    else {
      const orgs = f.companies.flatMap((c) => master.salesOrganizationsByCompany.get(c) ?? []);
      // With no known sales organisation the company is checked on the answer instead.
      if (orgs.length) terms.push(anyOf(['SalesOrganization'], orgs));
    }
  }
  if (f.createdBy?.length)
    terms.push(
      anyOf(
        ['CreatedByUser'],
        f.createdBy.map((u) => u.toUpperCase()),
      ),
    );
  const documentType = f.documentType ?? defaultDocumentType;
  if (documentType) terms.push(`${def.documentType} eq ${stringLiteral(documentType)}`);
  if (f.distribution && source === 'sales') {
    const channels = Object.entries(mapping.distributionChannels)
      .filter(([, d]) => d === f.distribution)
      .map(([c]) => c);
    if (channels.length) terms.push(anyOf(['DistributionChannel'], channels));
  }
  const present = terms.filter((t): t is string => !!t);
  return present.length ? present.join(' and ') : undefined;
}

/** SAP's informational message on a successful write (the `sap-message` header), if any. */
function sapMessage(headers: Headers): { message: string; code: string | null } | null {
  const raw = headers.get('sap-message');
  if (!raw) return null;
  try {
    const m = JSON.parse(raw) as { code?: unknown; message?: unknown };
    if (typeof m.message !== 'string' || !m.message) return null;
    return { message: m.message, code: typeof m.code === 'string' && m.code ? m.code : null };
  } catch {
    return null;
  }
}

export function createSapODataAdapter(options: SapODataAdapterOptions): ErpAdapter {
  const client = new ODataClient(options);
  const pageSize = options.pageSize ?? 100;
  const maxPages = options.maxPages ?? 20;
  const mapping: MappingOptions = { ...DEFAULT_MAPPING, ...options.mapping, timeZone: options.timeZone };
  const masterMap = options.masterMap ?? (() => Promise.resolve(EMPTY_MASTER_MAP));

  const entityPath = (source: SapSource, documentNo: string) =>
    `${SAP_SOURCES[source].entitySet}(${encodeURIComponent(stringLiteral(documentNo))})`;

  /**
   * One document by key from one service; null when that service does not know it, or (`strict`) when it is not
   * a document of `orderType` (a standard PO asked for as an STO IN).
   */
  async function readFrom(
    source: SapSource,
    documentNo: string,
    orderType: string | null,
    operation: string,
    strict = false,
  ): Promise<ErpDocument | null> {
    const def = SAP_SOURCES[source];
    const url = client.url(def.service, entityPath(source, documentNo), { $expand: def.expand });
    const answer = await client.getJson(url, { operation, reference: documentNo }, { notFound: 'null' });
    if (!answer) return null;
    const body = parseJson<{ d?: SapEntity }>(answer.text, answer.status);
    if (!body.d) throw new ErpError('SAP answered without the document.', null, answer.status);
    if (strict && orderType && !readsAs(source, body.d, orderType)) return null;
    const mapped = mapSapDocument(source, body.d, orderType, await masterMap(), mapping);
    if ('error' in mapped) {
      throw new ErpError(`SAP's document ${documentNo} cannot be used: ${mapped.error}`, 'UNUSABLE_DOCUMENT');
    }
    return mapped.document;
  }

  return {
    name: 'sap-odata',

    async filterDocuments(filter, limit) {
      if (limit <= 0) return [];
      const { source, documentType } = sourceOf(filter.orderType);
      const def = SAP_SOURCES[source];
      const master = await masterMap();
      const url = client.url(def.service, def.entitySet, {
        $filter: headerFilter(source, documentType, filter, master, mapping),
        $orderby: `${def.date} desc,${def.key} desc`,
        $expand: def.expand,
      });
      const found: ErpDocument[] = [];
      await client.getPages(
        url,
        pageSize,
        { operation: 'filter' },
        (rows) => {
          for (const row of rows) {
            const mapped = mapSapDocument(source, row as SapEntity, filter.orderType, master, mapping);
            if ('document' in mapped && matchesErpFilter(mapped.document, filter))
              found.push(mapped.document);
          }
          return found.length < limit;
        },
        maxPages,
      );
      return found.sort(newestFirst).slice(0, limit);
    },

    pullStreams: PULL_SOURCES,

    async readDocument(documentNo, orderType) {
      // Asked as a type: from the service that type reads, as that type (the Filter screen's save).
      if (orderType) return readFrom(sourceOf(orderType).source, documentNo, orderType, 'read', true);
      // Else the service the number range suggests first (SAP's defaults: deliveries 8..., purchasing 45/46/49...).
      const n = documentNo.replace(/^0+/, '');
      const first: SapSource = /^8/.test(n) ? 'delivery' : /^4[5-9]/.test(n) ? 'purchase' : 'sales';
      for (const source of [first, ...PULL_SOURCES.filter((s) => s !== first)]) {
        const doc = await readFrom(source, documentNo, null, 'read');
        if (doc) return doc;
      }
      return null;
    },

    async changedSince(stream, since, cursor) {
      if (!isPullSource(stream)) {
        throw new ErpError(`SAP has no change stream ${stream}.`, 'INVALID_STREAM');
      }
      const c: PullCursor = cursor ? decodeCursor(cursor) : { skip: 0 };
      const def = SAP_SOURCES[stream];
      // Deliveries carry only the day of their last change, on SAP's clock: those changed on the day `since`
      // falls on there are read again by every pull that day, and the import writes only those whose content
      // changed.
      const day = dateTimeLiteral(zonedDay(since, options.timeZone));
      const changed =
        stream === 'delivery'
          ? `(LastChangeDate ge ${day} or CreationDate ge ${day})`
          : `LastChangeDateTime ge ${dateTimeOffsetLiteral(since)}`;
      const url =
        c.next ??
        client.url(def.service, def.entitySet, {
          $filter: changed,
          $orderby: `${stream === 'delivery' ? 'LastChangeDate' : 'LastChangeDateTime'} asc,${def.key} asc`,
          $expand: def.expand,
          $top: pageSize,
          $skip: c.skip || undefined,
        });
      const answer = (await client.getJson(url, { operation: 'changed_since' }))!;
      const body = parseJson<{ d?: { results?: unknown[]; __next?: string } }>(answer.text, answer.status);
      const rows = body.d?.results;
      if (!Array.isArray(rows))
        throw new ErpError('SAP answered without a list of documents.', null, answer.status);
      const master = await masterMap();
      const documents = rows.flatMap((row) => {
        const mapped = mapSapDocument(stream, row as SapEntity, null, master, mapping);
        return 'document' in mapped ? [mapped.document] : [];
      });
      let next: PullCursor | null;
      if (body.d?.__next) next = { skip: 0, next: client.nextLink(body.d.__next, url) };
      else if (rows.length >= pageSize) next = { skip: c.skip + rows.length };
      else next = null;
      return { documents, next: next ? encodeCursor(next) : null };
    },

    async syncDeliveryOrder(document): Promise<ErpSyncResult> {
      const { source } = sourceOf(document.Order_Type);
      const def = SAP_SOURCES[source];
      const reference = document.Document_No;
      const entityUrl = client.url(def.service, entityPath(source, reference));
      try {
        const current = (await client.getJson(entityUrl, { operation: 'sync_do_read', reference }))!;
        const body = parseJson<{ d?: { __metadata?: { etag?: unknown } } }>(current.text, current.status);
        const etagValue = body.d?.__metadata?.etag;
        const etag = current.headers.get('etag') ?? (typeof etagValue === 'string' ? etagValue : null) ?? '*';
        const written = await client.write(
          'PATCH',
          def.service,
          entityUrl,
          {},
          { operation: 'sync_do', reference },
          {
            'If-Match': etag,
          },
        );
        const doc = await readFrom(source, reference, document.Order_Type, 'sync_do_lines');
        if (!doc) throw new ErpError(`SAP no longer has document ${reference}.`, null, 404);
        const info = sapMessage(written.headers);
        return {
          success: true,
          message: info?.message ?? `${document.Order_Type} ${reference} is up to date in SAP`,
          messageCode: info?.code ?? null,
          details: doc.Details,
        };
      } catch (err) {
        // SAP explained why it will not (a lock, a blocked or unknown document): the user's answer, not an outage.
        if (
          err instanceof ErpError &&
          err.status !== null &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 401 &&
          err.code !== 'CSRF'
        ) {
          return { success: false, message: err.message, messageCode: err.code, details: [] };
        }
        throw err;
      }
    },
  };
}
