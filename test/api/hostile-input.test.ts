// Every route of the route table (apiRoutes, the master-data routes of each resource included) fed a table of
// hostile values wherever its input goes: the fields of its body, its query and path parameters, the cells of an
// imported file, and the body as a whole. A route's case starts from a valid input (checked against the route's
// own schema, so the hostile value really reaches validation), sent as a user allowed to use the route (admin,
// or the ERP API key). Each value goes into at least one place of its kind in every route, and every place gets
// at least one value (see cover); a NUL goes into every column of an imported file. Then:
//   - phase A: every hostile value answers 4xx with the envelope (success false, message, message_code;
//     `errors` naming the field for a validation error, the row and column in an import report), never 500, and
//     writes nothing: a fingerprint of every table (row count and md5 of its rows) is the same before and after,
//     except the API log, which grows by one row per ERP call;
//   - phase B: SQL and HTML metacharacters in text are legitimate data: stored as sent or refused cleanly, never
//     a 500, never executed;
//   - phase C: every order endpoint probed by an outside party (a transporter, a relation) for what is not its own
//     (issue 27): the ids of an order still with the company's approvers and of another transporter's, filters and
//     sorts on the fields it does not read, the status tabs of staff: refused or answered without any of it;
//   - phase D: every order endpoint that writes (every one but GET of the order and assign routes) fed, on real
//     SAP orders and orders in the state it acts on, what crosses or breaks an order (issue 27 items 4, 6, 7): a
//     party of the wrong kind (a customer where a transporter goes, a transporter on a relation order), codes that
//     are not in the master data or not of the document's company, a quantity below the 0.001 unit; each refused
//     with its status, naming the field (or the item, for a rule's refusal), writing nothing and sending nothing to
//     the order's workflow. An item that does not apply to a route is listed with the reason.
//   - the server still answers afterwards.
// A route without a case fails the file: a new route needs one in HAND_CASES (resources get theirs from their
// definition), and a new order route that writes one in INTEGRITY_CASES.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { ZodType } from 'zod';
import { apiRoutes } from '../../api/app';
import type { ApprovalWorkflows } from '../../api/approvals/workflows';
import type { RouteDef } from '../../api/http';
import { orderAssignRoutes } from '../../api/orders/assign-routes';
import { orderRoutes } from '../../api/orders/routes';
import { sapOrderSaveSchema } from '../../api/sap-orders/editor';
import { allFields, fieldSchema, type FieldDef, type ResourceDef } from '../../db/resources/engine';
import { RESOURCES, resourceByName } from '../../db/resources/master';
import { DEMO_ERP_API_KEY } from '../../db/seeds/demo';
import { createTestApp, loginAs, type TestApp } from '../support/api';
import {
  leaks,
  ORDER_ENDPOINTS,
  requestsOf,
  seedOutsideOrders,
  type OrderRequest,
  type OutsideOrders,
} from '../support/order-audience';
import { assignBody } from '../support/order-assign';
import { orderIntegrity, WRONG_ASSIGN_CODES } from '../support/order-integrity';
import { insertOrder, stubOrderWorkflows } from '../support/orders';
import { resourceSampler } from '../support/resource-samples';
import { manualPoBody, sapDocument } from '../support/sap-orders';

let t: TestApp;
let admin: string;
/** Staff who assign and edit orders (phase D). */
let staff: string;
/** Tokens of the outside parties of phase C. */
const outside: Record<'transporter' | 'customer', string> = { transporter: '', customer: '' };
let server: http.Server;
let origin: string;
const sampler = resourceSampler(
  () => t,
  () => admin,
);

/** Decisions reach a stand-in for the approval workflows (no Temporal here). */
const approvalWorkflows: ApprovalWorkflows = {
  decide: () => Promise.resolve({ ok: false, failure: 'NOT_WAITING' } as never),
  cancel: () => Promise.resolve(),
};

beforeAll(async () => {
  t = await createTestApp({ masterData: true });
  Object.assign(t.deps, { startSapApprovalWorkflow: () => Promise.resolve(), approvalWorkflows });
  admin = await loginAs(t, 'admin');
  // Before phase A's failed logins use up this address's allowance.
  outside.transporter = await loginAs(t, 'transporter');
  outside.customer = await loginAs(t, 'customer');
  staff = await loginAs(t, 'logistic');
  // One server for the whole file, reached with keep-alive (supertest would start one per request).
  server = http.createServer((req, res) => void t.server(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

// ------------------------------------------------------------------------------------------- the values

/** What a slot holds, which decides the hostile values it gets. */
type Kind = 'text' | 'number' | 'date' | 'datetime' | 'flag';
const ALL_KINDS: readonly Kind[] = ['text', 'number', 'date', 'datetime', 'flag'];

/** Stands for the JSON number 1e400 (JSON.parse reads it as Infinity), written into the body's text. */
const INFINITY = '\u0001hostile-1e400\u0001';

function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

interface JsonValue {
  name: string;
  kinds: readonly Kind[];
  value: unknown;
}

const JSON_VALUES: JsonValue[] = [
  { name: 'a NUL byte', kinds: ALL_KINDS, value: 'a\u0000b' },
  { name: 'a lone surrogate', kinds: ALL_KINDS, value: 'a\ud800b' },
  { name: 'a 1 MB string', kinds: ALL_KINDS, value: 'x'.repeat(1 << 20) },
  { name: '3,000 levels of nesting', kinds: ALL_KINDS, value: nested(3000) },
  { name: 'an object (a wrong type)', kinds: ALL_KINDS, value: { '<b>': 1 } },
  { name: 'the hex string "0x10"', kinds: ['number'], value: '0x10' },
  { name: 'the boolean true', kinds: ['number'], value: true },
  { name: 'the array [5]', kinds: ['number'], value: [5] },
  { name: '1e30', kinds: ['number'], value: 1e30 },
  { name: '1e400 (Infinity once parsed)', kinds: ['number'], value: INFINITY },
  { name: 'the date 2026-02-30', kinds: ['date'], value: '2026-02-30' },
  { name: 'the date 0000-01-01', kinds: ['date'], value: '0000-01-01' },
  { name: 'the date 9999-99-99', kinds: ['date'], value: '9999-99-99' },
  {
    name: 'the date-time 2026-02-30T08:00:00+07:00',
    kinds: ['datetime'],
    value: '2026-02-30T08:00:00+07:00',
  },
  { name: 'the date-time 0000-01-01T00:00:00Z', kinds: ['datetime'], value: '0000-01-01T00:00:00Z' },
  { name: 'the flag "maybe"', kinds: ['flag'], value: 'maybe' },
  { name: 'the flag 5', kinds: ['flag'], value: 5 },
];

interface UrlValue {
  name: string;
  kinds: readonly Kind[];
  /** As it appears in the URL (already %-escaped). */
  raw: string;
  /** Query parameters only: the parameter given twice (a list where one value is expected). */
  twice?: boolean;
  /** Refused by the edge whatever parameter holds it: what a parameter no route reads is sent. */
  anywhere?: boolean;
}

// The URL of a 1 MB value never reaches the app: Node refuses request heads over 16 KB (431) by itself; a
// 10,000-character value stands for it.
const URL_VALUES: UrlValue[] = [
  { name: 'a NUL byte', kinds: ALL_KINDS, raw: 'a%00b', anywhere: true },
  { name: 'a lone surrogate (as the bytes ED A0 80)', kinds: ALL_KINDS, raw: 'a%ED%A0%80b', anywhere: true },
  { name: 'bytes that are not UTF-8', kinds: ALL_KINDS, raw: 'a%FF%FEb', anywhere: true },
  { name: 'a 10,000-character string', kinds: ALL_KINDS, raw: 'x'.repeat(10_000), anywhere: true },
  { name: 'the parameter twice', kinds: ALL_KINDS, raw: '1', twice: true },
  { name: 'the hex string "0x10"', kinds: ['number'], raw: '0x10' },
  { name: 'the boolean true', kinds: ['number'], raw: 'true' },
  { name: '1e30', kinds: ['number'], raw: '1e30' },
  { name: 'Infinity', kinds: ['number'], raw: 'Infinity' },
  { name: 'the date 30/02/2026', kinds: ['date'], raw: '30%2F02%2F2026' },
  { name: 'the date 0000-01-01', kinds: ['date'], raw: '0000-01-01' },
];

/** Legitimate text that would do harm if it were ever run as SQL or shown as HTML unescaped. */
const PWNED = 'pwned-by-hostile-input';
const METACHARACTERS = [
  `x'); update users set full_name = '${PWNED}' where ('1' = '1`,
  `<img src=x onerror=alert(1)>`,
  `100% _off_ \\ "quoted"`,
];

/**
 * Cell values of an imported file, by the kind of its column: the bytes of a CSV cell, or what stands in a
 * workbook's XML (where a NUL or half a surrogate pair can only be written as OOXML's _xHHHH_ escape).
 */
interface CellValue {
  name: string;
  kinds: readonly Kind[];
  csv?: Buffer | string;
  xlsx?: Buffer | string;
}

const INVALID_BYTES = Buffer.from([0x41, 0xff, 0xfe, 0xc3]);
const CELL_VALUES: CellValue[] = [
  {
    name: 'bytes that are not UTF-8',
    kinds: ALL_KINDS,
    csv: INVALID_BYTES,
    xlsx: INVALID_BYTES,
  },
  { name: 'a NUL byte', kinds: ALL_KINDS, csv: 'a\u0000b', xlsx: Buffer.from('a_x0000_b') },
  { name: 'a lone surrogate', kinds: ALL_KINDS, xlsx: Buffer.from('a_xD800_b') },
  {
    name: 'a 1 MB text',
    kinds: ['text'],
    csv: 'x'.repeat(1 << 20),
    xlsx: 'x'.repeat(1 << 20),
  },
  { name: 'the hex number 0x10', kinds: ['number'], csv: '0x10', xlsx: '0x10' },
  { name: 'the number 1e30', kinds: ['number'], csv: '1e30', xlsx: '1e30' },
  { name: 'the date 30/02/2026', kinds: ['date'], csv: '30/02/2026', xlsx: '30/02/2026' },
  { name: 'the date 2026-02-30', kinds: ['date'], csv: '2026-02-30', xlsx: '2026-02-30' },
];

// ------------------------------------------------------------------------------------------- the cases

type Auth = 'admin' | 'apiKey' | 'none';

interface Slot {
  in: 'body' | 'query' | 'params';
  path: string[];
  kind: Kind;
}

/** An imported file: its header and one data row, and which columns are of which kind. */
interface FileInput {
  format: 'csv' | 'xlsx';
  /** xlsx: the sheet's name. */
  sheet?: string;
  header: string[];
  row: string[];
  kinds: (Kind | undefined)[];
}

interface Case {
  auth: Auth;
  /** The route's path with `:name` placeholders, as in its definition. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The valid body; undefined for routes that read none. */
  body?: Record<string, unknown>;
  slots: Slot[];
  /** A body field carrying `file` as base64. */
  file?: { field: string; input: FileInput };
  /** The route answers the record it stored: phase B checks it holds the metacharacters as sent. */
  echoes?: boolean;
}

/** Slots of a value by its leaves: numbers, flags and texts (date-like texts as dates); arrays by their first item. */
function slotsOf(
  value: unknown,
  where: Slot['in'],
  kinds: Record<string, Kind> = {},
  path: string[] = [],
): Slot[] {
  const given = kinds[path.join('.')] ?? kinds[path[path.length - 1] ?? ''];
  if (given) return [{ in: where, path, kind: given }];
  if (typeof value === 'number') return [{ in: where, path, kind: 'number' }];
  if (typeof value === 'boolean') return [{ in: where, path, kind: 'flag' }];
  if (typeof value === 'string') {
    if (/^\d{2}\/\d{2}\/\d{4}$|^\d{4}-\d{2}-\d{2}$/.test(value)) return [{ in: where, path, kind: 'date' }];
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return [{ in: where, path, kind: 'datetime' }];
    return [{ in: where, path, kind: 'text' }];
  }
  if (Array.isArray(value)) return value.length ? slotsOf(value[0], where, kinds, [...path, '0']) : [];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => slotsOf(v, where, kinds, [...path, k]));
  }
  return [];
}

const KIND_OF_TYPE: Record<FieldDef['type'], Kind | undefined> = {
  text: 'text',
  textarea: 'text',
  lookup: 'text',
  ref: 'text',
  enum: 'text',
  integer: 'number',
  decimal: 'number',
  bool: 'flag',
  date: 'date',
  datetime: 'datetime',
  json: undefined,
};

/** The slots of a record body: each writable field by its type, and the first row of each child list. */
function recordSlots(def: ResourceDef, body: Record<string, unknown>): Slot[] {
  const slots: Slot[] = [];
  for (const f of allFields(def)) {
    const kind = KIND_OF_TYPE[f.type];
    if (kind && f.name in body) slots.push({ in: 'body', path: [f.name], kind });
  }
  for (const child of def.children ?? []) {
    const rows = body[child.name];
    if (!Array.isArray(rows) || !rows.length) continue;
    for (const f of child.fields) {
      const kind = KIND_OF_TYPE[f.type];
      if (kind && f.name in (rows[0] as object))
        slots.push({ in: 'body', path: [child.name, '0', f.name], kind });
    }
  }
  return slots;
}

/** A list-protocol body (a sort, a contains filter, a date filter, a tab) and its slots. */
const listCase = (fields: { text?: string; date?: string; sort?: string }) => {
  const body: Record<string, unknown> = {
    start: 0,
    rows: 15,
    sorts: fields.sort ? [{ field: fields.sort, order: 'asc' }] : [],
    filters: [
      ...(fields.text ? [{ field: fields.text, value: 'a', matchMode: 'contains' }] : []),
      ...(fields.date ? [{ field: fields.date, value: '01/03/2026', matchMode: 'date' }] : []),
    ],
    tab_status: 'ALL',
  };
  return { body, slots: slotsOf(body, 'body') };
};

/** A list request with a contains filter on a text field and a date filter where the resource has a date. */
function listInput(def: ResourceDef) {
  const listed = allFields(def).filter((f) => f.type !== 'json' && !f.secret);
  const text = listed.find((f) => ['text', 'textarea', 'ref'].includes(f.type) && f.filter !== false);
  const date = listed.find((f) => f.type === 'date' && f.filter !== false);
  return listCase({ text: text?.name, date: date?.name, sort: def.key ?? listed[1]?.name });
}

/** A record's field as an import cell (the template's formats). */
function cellOf(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'bool') return value ? 'Y' : 'N';
  return String(value as string | number);
}

/** The records made for cases, one per resource, and the ids other cases use. */
const made = new Map<string, { id: number; body: Record<string, unknown> }>();

async function sample(def: ResourceDef) {
  let record = made.get(def.name);
  if (!record) {
    record = await sampler.createRecord(def);
    made.set(def.name, record);
  }
  return record;
}

/** The case of one route of a resource, by what its path says it does. */
async function resourceCase(def: ResourceDef, route: RouteDef): Promise<Case | undefined> {
  const p = `/${def.path}`;
  const is = (method: RouteDef['method'], path: string) => route.method === method && route.path === path;
  if (is('post', `${p}/list`)) return { auth: 'admin', path: route.path, ...listInput(def) };
  if (is('post', `${p}/export`)) {
    const { body } = listInput(def);
    const withFormat = { ...body, format: 'csv' };
    return { auth: 'admin', path: route.path, body: withFormat, slots: slotsOf(withFormat, 'body') };
  }
  if (is('get', `${p}/:id/:mode`)) {
    const { id } = await sample(def);
    return {
      auth: 'admin',
      path: route.path,
      params: { id: String(id), mode: 'view' },
      slots: [
        { in: 'params', path: ['id'], kind: 'number' },
        { in: 'params', path: ['mode'], kind: 'text' },
      ],
    };
  }
  if (is('delete', `${p}/:id`)) {
    const { id } = await sample(def);
    return {
      auth: 'admin',
      path: route.path,
      params: { id: String(id) },
      slots: [{ in: 'params', path: ['id'], kind: 'number' }],
    };
  }
  if (is('post', p)) {
    const body = await sampler.sampleBody(def);
    return { auth: 'admin', path: route.path, body, slots: recordSlots(def, body), echoes: true };
  }
  if (is('put', p)) {
    const { id, body: created } = await sample(def);
    const body = { ...created, Id: id };
    return {
      auth: 'admin',
      path: route.path,
      body,
      slots: [{ in: 'body', path: ['Id'], kind: 'number' }, ...recordSlots(def, body)],
      echoes: true,
    };
  }
  if (is('get', `${p}/template`)) {
    return {
      auth: 'admin',
      path: route.path,
      query: { format: 'csv' },
      slots: [{ in: 'query', path: ['format'], kind: 'text' }],
    };
  }
  if (is('post', `${p}/import`)) {
    const record = await sampler.sampleBody(def);
    const fields = allFields(def).filter((f) => !f.readOnly && !f.secret && f.name in record);
    const input: FileInput = {
      format: 'csv',
      header: fields.map((f) => f.name),
      row: fields.map((f) => cellOf(f, record[f.name])),
      kinds: fields.map((f) => KIND_OF_TYPE[f.type]),
    };
    const body = { file_name: `${def.path}.csv`, content_base64: fileContent(input).toString('base64') };
    return {
      auth: 'admin',
      path: route.path,
      body,
      slots: [{ in: 'body', path: ['file_name'], kind: 'text' }],
      file: { field: 'content_base64', input },
    };
  }
  if (is('get', `/list/${def.path}`)) {
    const key = def.fields.find((f) => f.name === def.key);
    return {
      auth: def.public ? 'none' : 'admin',
      path: route.path,
      query: { q: 'a', page: '1', ...(key ? { [key.name]: 'K1' } : {}) },
      slots: [
        { in: 'query', path: ['q'], kind: 'text' },
        { in: 'query', path: ['page'], kind: 'number' },
        ...(key ? [{ in: 'query' as const, path: [key.name], kind: 'text' as const }] : []),
      ],
    };
  }
  return undefined;
}

const noInput =
  (auth: Auth = 'admin') =>
  async (route: RouteDef): Promise<Case> => ({
    auth,
    path: route.path,
    slots: [],
  });

const lookupCase = async (route: RouteDef): Promise<Case> => ({
  auth: 'admin',
  path: route.path,
  query: { q: 'a', page: '1' },
  slots: [
    { in: 'query', path: ['q'], kind: 'text' },
    { in: 'query', path: ['page'], kind: 'number' },
  ],
});

const bodyCase =
  (
    auth: Auth,
    body: () => Record<string, unknown> | Promise<Record<string, unknown>>,
    kinds?: Record<string, Kind>,
  ) =>
  async (route: RouteDef): Promise<Case> => {
    const b = await body();
    return { auth, path: route.path, body: b, slots: slotsOf(b, 'body', kinds) };
  };

const queryCase =
  (query: Record<string, string>, kinds: Record<string, Kind> = {}) =>
  async (route: RouteDef): Promise<Case> => ({
    auth: 'admin',
    path: route.path,
    query,
    slots: Object.keys(query).map((name) => ({ in: 'query', path: [name], kind: kinds[name] ?? 'text' })),
  });

const CREDENTIALS = {
  Username: 'hostile-nobody',
  Password: 'Wrong#Password1',
  Captcha: 'ABCDE',
  Captcha_Id: 'no-such-captcha',
};

async function transporterWorkbook(): Promise<FileInput> {
  const def = resourceByName('Transporter')!;
  const record = await sampler.sampleBody(def);
  const fields = allFields(def).filter((f) => !f.readOnly && !f.secret && f.name in record);
  return {
    format: 'xlsx',
    sheet: 'Transporter',
    header: fields.map((f) => f.name),
    row: fields.map((f) => cellOf(f, record[f.name])),
    kinds: fields.map((f) => KIND_OF_TYPE[f.type]),
  };
}

/** The cases of the routes that are not a resource's, by method and path. */
// The assignment calls (api/orders/assign-routes.ts): documents and locations that do not exist, so an accepted
// hostile value changes nothing.
const ASSIGN_FREIGHT_BODY = {
  loading: 999_999,
  destination: 999_998,
  materials: [{ Id: 999_999, Qty: 1, conversion_type: 'NET' }],
  container: 1,
  charge_oa_company: '1000',
  warehouse_code: 'WH-1101-CPO',
  freight_date: '20/11/2026',
  trip_type: 'ONE_WAY',
  exclude_transporters: ['TRP013'],
  selected_transporters: ['TRP001'],
};
const ASSIGN_MODEL_BODY = {
  id: [999_999],
  charge_oa_company: '1000',
  warehouse_code: 'WH-1101-CPO',
  document_type: 'OR',
  loading_destination_from_id: 999_999,
  loading_destination_to_id: 999_998,
  shipment_type: 'INDIVIDUAL_TRUCK',
  freight_date: '20/11/2026',
  stuffing_date: ['21/11/2026', '22/11/2026'],
  trip_type: 'ONE_WAY',
  relation_truck_type_id: 1,
  transporter_notes: 'Bring tarpaulins',
  transporters: [
    {
      transporter_code: 'TRP001',
      freight_cost: 320,
      user_not: 1,
      assign_reason: 'OTHERS',
      assign_reason_others: 'x',
    },
  ],
  details: [{ Id: 999_999, Qty: 1, include_merge: true, conversion_type: 'NET', SO_Factory_No: 'SOF-1' }],
  show_conversion_type: 'N',
};

const HAND_CASES: Record<string, (route: RouteDef) => Promise<Case>> = {
  // The order routes (api/orders/routes.ts): orders that do not exist, so an accepted hostile value changes nothing.
  'get /order/master_list': noInput(),
  'post /order/list': async (route) => ({
    auth: 'admin',
    path: route.path,
    ...listCase({ text: 'Order_No', date: 'Order_Date', sort: 'Order_No' }),
  }),
  'post /order/export': async (route) => {
    const { body } = listCase({ text: 'Order_No', date: 'Order_Date', sort: 'Order_No' });
    const withFormat = { ...body, format: 'csv' };
    return { auth: 'admin', path: route.path, body: withFormat, slots: slotsOf(withFormat, 'body') };
  },
  'get /order/view_history/:id': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: '999999' },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'get /order/process/:id': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: '999999' },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'post /order/transporter_action': async (route) => {
    // The body is a list of items, not an object.
    const body = [{ id: 999_999, status: 'REJECTED', reason: 'No truck', ref_no: '0010000001 / ORD-1' }];
    return { auth: 'admin', path: route.path, body: body as never, slots: slotsOf(body, 'body') };
  },
  'put /order/edit_assign_transporter': bodyCase('admin', () => ({
    id: 999_999,
    edited_order: ASSIGN_MODEL_BODY,
  })),
  'put /order/cancel': bodyCase('admin', () => ({ id: 999_999, reason: 'Customer withdrew' })),
  'put /order/mark_complete/:id': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: '999999' },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'put /order/unmark_complete/:id': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: '999999' },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'put /order/change_stuffing_date': bodyCase('admin', () => ({
    order_id: 999_999,
    stuffing_date_from: '2026-12-01',
    stuffing_date_to: '2026-12-03',
  })),
  'post /order/edit_merge_simulate': bodyCase('admin', () => ({
    order_id: 999_999,
    sap_no: ['0010000001'],
    is_first: false,
    is_edit: true,
  })),
  'post /order/sync_do_sap': bodyCase('admin', () => ({ order_id: 999_999, Details: [] })),
  'put /order/edit': bodyCase('admin', () => ({
    order_id: 999_999,
    transporter_notes: 'Call before loading',
    details: [{ Id: 999_999, Order_Detail_Id: 999_999, Qty: 1, include_merge: true }],
    transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'TRP001' }] },
  })),
  'post /util/refresh_freight_cost_order': bodyCase('admin', () => ({
    order_id: 999_999,
    details: [{ Id: 999_999, Qty: 1, include_merge: true }],
  })),
  'put /order/reassign_do': bodyCase('admin', () => ({
    order_id: 999_999,
    details: [{ Id: 999_999, Qty: 1 }],
  })),
  'get /order/:id/:mode': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: '999999', mode: 'view' },
    slots: [
      { in: 'params', path: ['id'], kind: 'number' },
      { in: 'params', path: ['mode'], kind: 'text' },
    ],
  }),
  'get /saporder/orders/:id': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: '999999' },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'get /saporder/do_transporters/:ref': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { ref: 'NO-SUCH-DOC' },
    slots: [{ in: 'params', path: ['ref'], kind: 'text' }],
  }),
  'post /saporder/merge_simulate': bodyCase('admin', () => ({
    sap_no: 'NO-SUCH-DOC',
    is_first: false,
    company_code: '1000',
    order_type: 'SO',
    warehouse_code: 'WH-1101-CPO',
  })),
  'post /list/transporter_freight': bodyCase('admin', () => ASSIGN_FREIGHT_BODY),
  'post /util/refresh_freight_cost': bodyCase('admin', () => ASSIGN_FREIGHT_BODY),
  'get /util/transporter_exceed_quota': queryCase({ transporter_code: 'TRP001', order_ids: '999999;999998' }),
  'get /util/default_conversion_type/:warehouse/:company': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { warehouse: 'WH-1101-CPO', company: '1000' },
    slots: [
      { in: 'params', path: ['warehouse'], kind: 'text' },
      { in: 'params', path: ['company'], kind: 'text' },
    ],
  }),
  'post /util/check_approval': bodyCase('admin', () => ASSIGN_MODEL_BODY),
  'post /saporder/assign_transporter': bodyCase('admin', () => ASSIGN_MODEL_BODY),
  'post /saporder/assign_customer_vendor': bodyCase('admin', () => ASSIGN_MODEL_BODY),
  'get /health': noInput('none'),
  'get /auth/captcha': noInput('none'),
  'post /auth/check_consent': bodyCase('none', () => CREDENTIALS),
  'post /auth/save_consent': bodyCase('none', () => CREDENTIALS),
  'post /auth/login': bodyCase('none', () => CREDENTIALS),
  'post /auth/change_password': bodyCase('none', () => ({
    username: 'hostile-nobody',
    currentPass: 'Wrong#Password1',
    newPass: 'New#Hostile2026',
    confirmPass: 'New#Hostile2026',
    changeFirstLogin: false,
  })),
  'get /auth/get_privacy_consent_url': noInput('none'),
  'get /auth/download_mobile': noInput('none'),
  // Without a token: an accepted call would end the admin's session.
  'post /logout': noInput('none'),
  'post /auth/permission': bodyCase('admin', () => ({
    menu_controller: 'Company',
    menu_action: 'Index',
    menu_check: 'Company',
  })),
  'post /auth': bodyCase('admin', () => ({
    menu_controller: 'Company',
    menu_action: 'Index',
    menu_check: 'x',
  })),
  'post /util/change_language': bodyCase('admin', () => ({ language: 'en' })),
  'get /util/version': noInput('none'),
  'get /util/changelog': noInput(),
  'get /util/important_notice': noInput(),
  'get /dashboard/status_count': noInput(),
  'get /dashboard/completed': noInput(),
  'get /group/:id/permissions': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: String((await sample(resourceByName('Group')!)).id) },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'put /group/:id/permissions': async (route) => {
    const body = {
      permissions: [{ Menu_Code: 'Company', View: true, Create: false, Edit: false, Delete: false }],
    };
    return {
      auth: 'admin',
      path: route.path,
      params: { id: String((await sample(resourceByName('Group')!)).id) },
      body,
      slots: [{ in: 'params', path: ['id'], kind: 'number' }, ...slotsOf(body, 'body')],
    };
  },
  'get /user/:id/groups': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: String((await sample(resourceByName('User')!)).id) },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'put /user/:id/groups': async (route) => {
    const body = { groups: ['LOGISTIC'] };
    return {
      auth: 'admin',
      path: route.path,
      params: { id: String((await sample(resourceByName('User')!)).id) },
      body,
      slots: [{ in: 'params', path: ['id'], kind: 'number' }, ...slotsOf(body, 'body')],
    };
  },
  'post /user/:id/reset_password': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: String((await sample(resourceByName('User')!)).id) },
    slots: [{ in: 'params', path: ['id'], kind: 'number' }],
  }),
  'post /erp/sap_orders': bodyCase('apiKey', () => ({
    documents: [
      {
        ...sapDocument('8900000001', { header: { Freight_Cost: 1500, Valid_From: '2026-10-15' } }),
        Details: [
          { ...sapDocument('8900000001').Details[0], Tolerance: 5, Deleted: false, SO_DO_No: '8900000001' },
        ],
      },
    ],
  })),
  'get /saporder/master_list': noInput(),
  'post /saporder/list': async (route) => ({
    auth: 'admin',
    path: route.path,
    ...listCase({ text: 'Document_No', date: 'Document_Date', sort: 'Document_No' }),
  }),
  'post /saporder/sync_do_sap': bodyCase('admin', () => ({
    Id: 0,
    Type: 'MANUAL',
    Document_No: 'MSO-HOSTILE',
    Order_Type: 'SO',
    Details: [
      { Item_No: '000010', Material_Code: 'FG-CPO', Qty: 25, UOM: 'TON', PO_SO_No: 'x', SO_DO_No: 'y' },
    ],
  })),
  'post /saporder/filter': bodyCase(
    'admin',
    () => ({
      filter_order_type: 'SO',
      filter_transfer_type: 'OUT',
      filter_sap_no: '0010000001 0010000002',
      filter_document_date_from: '01/10/2026',
      filter_document_date_to: '31/10/2026',
      filter_company: '1000',
      filter_location: 'LOC',
      filter_document_type: 'OR',
      filter_business_segment: 'CPO',
      filter_plant: '1101',
      filter_distribution: 'LOCAL',
      filter_material: 'FG-CPO',
      filter_create_by: 'SAPUSER1',
      filter_discharge_port: 'PORT',
    }),
    { filter_sap_no: 'text', filter_company: 'text', filter_plant: 'text' },
  ),
  'post /saporder/save_filter': bodyCase('admin', () => ({ rows: [{ document_no: '0010000001' }] })),
  'get /saporder/:id/:mode': async (route) => ({
    auth: 'admin',
    path: route.path,
    params: { id: '0', mode: 'create' },
    slots: [
      { in: 'params', path: ['id'], kind: 'number' },
      { in: 'params', path: ['mode'], kind: 'text' },
    ],
  }),
  'post /saporder': async (route) => {
    const body = manualPoBody({
      Details: [{ Material_Code: 'SP-NPK15', Qty: 12.5, UOM: 'TON', Tolerance: 2 }],
    });
    return { auth: 'admin', path: route.path, body, slots: slotsOf(body, 'body') };
  },
  'get /util/order_type_fields': queryCase({ id: '1' }, { id: 'number' }),
  'get /util/order_type_fields_code': queryCase({ code: 'SO' }),
  'get /util/order_type_fields_code_name': queryCase({ code: 'STO', name: 'STO OUT' }),
  'get /util/order_is_relation': queryCase({ incoterm: 'FCA', order_type: 'SO' }),
  'post /util/check_sap_order_type': bodyCase('admin', () => ({ type: 'MANUAL', order_type: 'SO' })),
  'get /approval/master_list': noInput(),
  'post /approval/list': async (route) => ({
    auth: 'admin',
    path: route.path,
    ...listCase({ text: 'Document_No', sort: 'Document_No' }),
  }),
  'post /approval/approve': bodyCase('admin', () => ({ ids: [999_999], remark: 'ok' })),
  'post /approval/reject': bodyCase('admin', () => ({ ids: [999_999], remark: 'not this one' })),
  'get /upload/transporter/template': noInput(),
  'post /upload/transporter': async (route) => {
    const input = await transporterWorkbook();
    const body = {
      file_name: 'transporters.xlsx',
      content_base64: (await workbookContent(input)).toString('base64'),
    };
    return {
      auth: 'admin',
      path: route.path,
      body,
      slots: [{ in: 'body', path: ['file_name'], kind: 'text' }],
      file: { field: 'content_base64', input },
    };
  },
};

/** The SAP order screens' lookups (api/sap-orders/lookups.ts) all take q and page. */
for (const route of apiRoutes) {
  if (route.method === 'get' && route.path.startsWith('/list/') && !route.labels) {
    HAND_CASES[`get ${route.path}`] ??= lookupCase;
  }
}

async function caseOf(route: RouteDef): Promise<Case | undefined> {
  const def = route.labels ? resourceByName(route.labels) : undefined;
  if (def && RESOURCES.includes(def)) return resourceCase(def, route);
  return HAND_CASES[`${route.method} ${route.path}`]?.(route);
}

// ------------------------------------------------------------------------------------------- requests

interface Sent {
  method: string;
  url: string;
  body?: string;
  auth: Auth;
}

interface Answer {
  status: number;
  type: string;
  json: Record<string, unknown> | undefined;
}

async function send(request: Sent): Promise<Answer> {
  const headers: Record<string, string> = { language: 'en' };
  if (request.auth === 'admin') headers.Authorization = admin;
  if (request.auth === 'apiKey') headers['X-API-Key'] = DEMO_ERP_API_KEY;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${origin}/api${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let json: Record<string, unknown> | undefined;
  if (type.includes('json')) json = JSON.parse(text) as Record<string, unknown>;
  return { status: res.status, type, json };
}

function url(c: Case, params: Record<string, string>, query: string): string {
  const path = c.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  return query ? `${path}?${query}` : path;
}

function queryString(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

function jsonText(body: unknown): string {
  return JSON.stringify(body).replace(JSON.stringify(INFINITY), '1e400');
}

// ------------------------------------------------------------------------------------------- files

function csvCell(value: string): string {
  return /[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function fileContent(input: FileInput, column?: number, cell?: Buffer | string): Buffer {
  const header = Buffer.from(`${input.header.map(csvCell).join(',')}\r\n`);
  const cells = input.row.map((v, i) =>
    i === column && cell !== undefined
      ? Buffer.isBuffer(cell)
        ? cell
        : Buffer.from(csvCell(cell))
      : Buffer.from(csvCell(v)),
  );
  const parts: Buffer[] = [header];
  cells.forEach((c, i) => parts.push(...(i ? [Buffer.from(','), c] : [c])));
  parts.push(Buffer.from('\r\n'));
  return Buffer.concat(parts);
}

const MARK = 'HOSTILECELLMARK';

/** A workbook of the input; the cell at `column` holds `cell` (bytes written into the sheet's XML as they are). */
async function workbookContent(input: FileInput, column?: number, cell?: Buffer | string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(input.sheet ?? 'Sheet1');
  ws.addRow(input.header);
  const row = input.row.map((v, i) => (i === column ? (typeof cell === 'string' ? cell : MARK) : v));
  ws.addRow(row);
  const content = Buffer.from(await wb.xlsx.writeBuffer());
  if (!Buffer.isBuffer(cell)) return content;
  // Bytes no spreadsheet program would write: put them in the XML after the fact.
  const zip = await JSZip.loadAsync(content);
  for (const name of Object.keys(zip.files).filter((n) => n.endsWith('.xml'))) {
    const xml = await zip.file(name)!.async('nodebuffer');
    const at = xml.indexOf(MARK);
    if (at >= 0) zip.file(name, Buffer.concat([xml.subarray(0, at), cell, xml.subarray(at + MARK.length)]));
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}

// ------------------------------------------------------------------------------------------- checks

/** Every table but the API log: its row count and the md5 of its rows. */
async function fingerprint(): Promise<Record<string, string>> {
  const started = Date.now();
  try {
    return await takeFingerprint();
  } finally {
    totals.fingerprintMs += Date.now() - started;
  }
}

async function takeFingerprint(): Promise<Record<string, string>> {
  const tables = (
    await t.deps.db.raw<{ rows: { name: string }[] }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> 'api_logs'
        order by 1`,
    )
  ).rows.map((r) => r.name);
  const sql = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as print from "${name}" x`,
    )
    .join(' union all ');
  const rows = (await t.deps.db.raw<{ rows: { name: string; print: string }[] }>(sql)).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

async function apiLogCount(): Promise<number> {
  const [row] = await t.deps.db('api_logs').count<{ n: string }[]>('* as n');
  return Number(row!.n);
}

/** Whether an errors key names the slot (the slot itself, something inside it, or the list it is a row of). */
function names(key: string, slot: string): boolean {
  return key === slot || key.startsWith(`${slot}.`) || slot.startsWith(`${key}.`);
}

/** Whether an import report (data.rows, or data.sheets[].rows) names the column of the data row. */
function reportNames(data: unknown, column: string): boolean {
  const reports: { row: number; errors: Record<string, unknown> }[] = [];
  const collect = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const rows = (node as { rows?: unknown }).rows;
    if (Array.isArray(rows)) reports.push(...(rows as typeof reports));
    const sheets = (node as { sheets?: unknown }).sheets;
    if (Array.isArray(sheets)) sheets.forEach(collect);
  };
  collect(data);
  return reports.some((r) => r.row === 2 && column in r.errors);
}

/** An import refused by a report naming the data row's column, or as a file that cannot be read at all. */
function fileRefused(env: Record<string, unknown> | undefined, column: string): boolean {
  const errors = env?.errors as Record<string, unknown> | undefined;
  return (
    reportNames(env?.data, column) || (env?.message_code === 'VALIDATION' && !!errors && 'file' in errors)
  );
}

/** What is wrong with a refusal (nothing: undefined). */
function refusalProblem(answer: Answer, slot?: string): string | undefined {
  if (answer.status < 400 || answer.status >= 500) return `answered ${answer.status}`;
  const env = answer.json;
  if (!env) return `answered ${answer.status} without the envelope (${answer.type})`;
  if (env.success !== false || typeof env.message !== 'string' || typeof env.message_code !== 'string') {
    return `answered an envelope without success false, message and message_code: ${JSON.stringify(env).slice(0, 300)}`;
  }
  if (env.message_code === 'VALIDATION') {
    const errors = env.errors as Record<string, string[]> | undefined;
    if (!errors || !Object.keys(errors).length) return 'answered VALIDATION without errors';
    if (slot && !Object.keys(errors).some((key) => names(key, slot))) {
      return `answered errors that do not name ${slot}: ${Object.keys(errors).join(', ')}`;
    }
  }
  return undefined;
}

/** The route's schemas accept the case's valid input, so a refusal is the hostile value's doing. */
function expectValidBase(route: RouteDef, c: Case) {
  const accepts = (schema: ZodType | undefined, value: unknown, what: string) => {
    if (!schema) return;
    const result = schema.safeParse(value ?? {});
    expect([what, result.success ? 'valid' : JSON.stringify(result.error.issues)]).toEqual([what, 'valid']);
  };
  accepts(route.body, c.body, 'body');
  accepts(route.query, c.query, 'query');
  accepts(route.params, c.params, 'params');
  if (route.path === '/saporder' && route.method === 'post') accepts(sapOrderSaveSchema, c.body, 'body');
  const def = route.labels ? resourceByName(route.labels) : undefined;
  if (def && c.echoes && c.body) {
    for (const f of allFields(def)) {
      if (f.readOnly || !(f.name in c.body)) continue;
      accepts(fieldSchema(f), c.body[f.name], f.name);
    }
  }
}

// ------------------------------------------------------------------------------------------- the run

interface Attempt {
  what: string;
  request: Sent;
  /** The field (path, or parameter name) the refusal must name. */
  slot?: string;
  /** A file whose data row holds `cell` in `column` (made when the attempt runs: a workbook takes a moment). */
  file?: { column: number; name: string; cell: Buffer | string };
}

/**
 * Which value goes into which slot: every value into at least one slot of its kinds, and every slot with at
 * least one value of its kind (the values are the same primitives in every field, db/resources/input.ts, so a
 * covering finds a field that does not use them, at a fraction of every value in every slot). `offset` turns
 * the pairs from route to route.
 */
function cover<V extends { kinds: readonly Kind[]; twice?: boolean }>(
  values: readonly V[],
  slots: readonly Slot[],
  offset: number,
): (readonly [V, Slot])[] {
  const fits = (v: V, slot: Slot) => v.kinds.includes(slot.kind) && !(v.twice && slot.in !== 'query');
  const pairs: (readonly [V, Slot])[] = [];
  const covered = new Set<Slot>();
  values.forEach((v, i) => {
    const fit = slots.filter((slot) => fits(v, slot));
    const slot = fit[(i + offset) % fit.length];
    if (!slot) return;
    pairs.push([v, slot]);
    covered.add(slot);
  });
  slots.forEach((slot, i) => {
    if (covered.has(slot)) return;
    const fit = values.filter((v) => fits(v, slot));
    const v = fit[(i + offset) % fit.length];
    if (v) pairs.push([v, slot]);
  });
  return pairs;
}

async function attempts(route: RouteDef, c: Case, offset: number): Promise<Attempt[]> {
  const method = route.method.toUpperCase();
  const params = c.params ?? {};
  const query = c.query ?? {};
  const baseQuery = queryString(query);
  const baseBody = c.body === undefined ? undefined : jsonText(c.body);
  const list: Attempt[] = [];
  const request = (u: string, body = baseBody): Sent => ({ method, url: u, body, auth: c.auth });

  const jsonSlots = c.slots.filter((slot) => slot.in === 'body');
  const urlSlots = c.slots.filter((slot) => slot.in !== 'body');
  const jsonAttempt = (v: JsonValue, slot: Slot): Attempt => ({
    what: `${v.name} in body ${slot.path.join('.')}`,
    request: request(url(c, params, baseQuery), jsonText(withValue(c.body, slot.path, v.value))),
    slot: slot.path.join('.'),
  });
  const urlAttempt = (v: UrlValue, slot: Slot): Attempt | undefined => {
    const name = slot.path.join('.');
    if (slot.in === 'params') {
      if (v.twice) return undefined;
      return {
        what: `${v.name} in path parameter ${name}`,
        request: request(url(c, { ...params, [name]: v.raw }, baseQuery)),
        slot: name,
      };
    }
    const others = queryString(Object.fromEntries(Object.entries(query).filter(([k]) => k !== name)));
    const own = v.twice
      ? `${encodeURIComponent(name)}=${encodeURIComponent(query[name] ?? '')}&${encodeURIComponent(name)}=1`
      : `${encodeURIComponent(name)}=${v.raw}`;
    return {
      what: `${v.name} in query parameter ${name}`,
      request: request(url(c, params, [others, own].filter(Boolean).join('&'))),
      slot: name,
    };
  };
  for (const [v, slot] of cover(JSON_VALUES, jsonSlots, offset)) list.push(jsonAttempt(v, slot));
  for (const [v, slot] of cover(URL_VALUES, urlSlots, offset)) {
    const attempt = urlAttempt(v, slot);
    if (attempt) list.push(attempt);
  }
  // A parameter no route reads: refused by the edge like any other.
  for (const v of URL_VALUES.filter((v) => v.anywhere).slice(0, urlSlots.length ? 1 : 2)) {
    list.push({
      what: `${v.name} in an unknown query parameter`,
      request: request(url(c, params, [baseQuery, `x=${v.raw}`].filter(Boolean).join('&'))),
      slot: 'x',
    });
  }
  if (c.file) {
    const { input } = c.file;
    const columns: Slot[] = input.kinds.flatMap((kind, column) =>
      kind ? [{ in: 'body' as const, path: [String(column)], kind }] : [],
    );
    const values = CELL_VALUES.filter((v) => v[input.format] !== undefined);
    // A NUL in every column (a cell is looked up before it is validated where it is a key, or part of one)
    // besides the covering pairs.
    const nul = values.find((v) => v.name === 'a NUL byte');
    const pairs = [
      ...cover(values, columns, offset),
      ...(nul ? columns.map((column) => [nul, column] as const) : []),
    ];
    for (const [v, slot] of pairs) {
      const column = Number(slot.path[0]);
      list.push({
        what: `${v.name} in the imported cell ${input.header[column]}`,
        request: { method, url: url(c, params, baseQuery), auth: c.auth },
        file: { column, name: input.header[column]!, cell: v[input.format]! },
      });
    }
  }
  // The body as a whole, for every route a body reaches (the body parser reads none on GET and DELETE).
  if (method !== 'GET' && method !== 'DELETE') {
    const base = (c.body ?? {}) as Record<string, unknown>;
    list.push(
      { what: 'a body that is not JSON', request: request(url(c, params, baseQuery), '{"documents": [') },
      {
        what: 'a NUL byte in a key of the body',
        request: request(url(c, params, baseQuery), jsonText({ ...base, 'key\u0000': 1 })),
      },
      {
        what: '3,000 levels of nesting beside the body',
        request: request(url(c, params, baseQuery), jsonText({ ...base, nested: nested(3000) })),
      },
    );
  }
  return list;
}

async function fileBody(c: Case, column: number, cell: Buffer | string): Promise<string> {
  const { field, input } = c.file!;
  const content =
    input.format === 'csv' ? fileContent(input, column, cell) : await workbookContent(input, column, cell);
  return jsonText({ ...c.body, [field]: content.toString('base64') });
}

/** Phase B: metacharacters in every text slot, accepted as data or refused cleanly. */
async function metacharacterAttempts(route: RouteDef, c: Case): Promise<Attempt[]> {
  const method = route.method.toUpperCase();
  const params = c.params ?? {};
  const query = c.query ?? {};
  const list: Attempt[] = [];
  // One of the texts in each text slot, in turn (each slot gets one; the route gets all of them where it has three).
  c.slots
    .filter((s) => s.kind === 'text')
    .forEach((slot, i) => {
      const name = slot.path.join('.');
      const text = METACHARACTERS[i % METACHARACTERS.length]!;
      const sent: Sent =
        slot.in === 'body'
          ? {
              method,
              url: url(c, params, queryString(query)),
              body: jsonText(withValue(c.body, slot.path, text)),
              auth: c.auth,
            }
          : slot.in === 'params'
            ? {
                method,
                url: url(c, { ...params, [name]: encodeURIComponent(text) }, queryString(query)),
                auth: c.auth,
              }
            : { method, url: url(c, params, queryString({ ...query, [name]: text })), auth: c.auth };
      if (sent.method !== 'GET' && sent.body === undefined && c.body !== undefined)
        sent.body = jsonText(c.body);
      list.push({ what: `${JSON.stringify(text)} in ${slot.in} ${name}`, request: sent, slot: name });
    });
  return list;
}

const routeNames = apiRoutes.map((route, i) => {
  const name = `${route.method.toUpperCase()} /api${route.path}`;
  const earlier = apiRoutes
    .slice(0, i)
    .filter((r) => r.method === route.method && r.path === route.path).length;
  return [
    earlier ? `${name} (#${earlier + 1}: shadowed by the first, reached at the same path)` : name,
    route,
  ] as const;
});

/** Each route's case, made once (phase A) and used again (phase B). */
const cases = new Map<RouteDef, Case>();
/** The fingerprint the last phase A test ended with: where the next one starts (phase A writes nothing). */
let lastPrint: Record<string, string> | undefined;
/** Totals for the summary line. */
const totals = { routes: 0, refused: 0, metacharacters: 0, started: 0, fingerprintMs: 0, casesMs: 0 };

/** Runs `work` on every item, `limit` at a time (the app's database waits overlap). */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

describe('phase A: hostile values are refused with the envelope and write nothing', () => {
  // Every case first: making them writes (sample records), refusing hostile values must not.
  beforeAll(async () => {
    totals.started = Date.now();
    for (const route of apiRoutes) {
      const c = await caseOf(route);
      if (c) cases.set(route, c);
    }
    totals.casesMs = Date.now() - totals.started;
  }, 120_000);

  test.each(routeNames)('%s', async (_name, route) => {
    const c = cases.get(route);
    if (!c) throw new Error(`no hostile-input case for ${route.method} ${route.path}: add one to HAND_CASES`);
    expectValidBase(route, c);
    const list = await attempts(route, c, apiRoutes.indexOf(route));
    const problems: string[] = [];
    const logBefore = await apiLogCount();
    const before = lastPrint ?? (await fingerprint());
    await inParallel(list, 4, async (attempt) => {
      const { file } = attempt;
      const sent = file
        ? { ...attempt.request, body: await fileBody(c, file.column, file.cell) }
        : attempt.request;
      const answer = await send(sent);
      let problem = refusalProblem(answer, attempt.slot);
      if (!problem && file && !fileRefused(answer.json, file.name)) {
        problem = `answered ${JSON.stringify(answer.json).slice(0, 300)}, not naming row 2, column ${file.name}`;
      }
      if (problem) problems.push(`${attempt.what}: ${problem}`);
    });
    const after = await fingerprint();
    lastPrint = after;
    const written = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect({ problems: problems.sort(), written }).toEqual({ problems: [], written: [] });
    if (route.access === 'apiKey') expect(await apiLogCount()).toBe(logBefore + list.length);
    totals.routes++;
    totals.refused += list.length;
  });
});

describe('phase B: SQL and HTML metacharacters in text are data, stored as sent or refused cleanly', () => {
  test.each(routeNames)('%s', async (_name, route) => {
    const c = cases.get(route);
    if (!c) throw new Error(`no hostile-input case for ${route.method} ${route.path}: add one to HAND_CASES`);
    const problems: string[] = [];
    const meta = await metacharacterAttempts(route, c);
    // A route that answers the record it stored is sent one attempt at a time: attempts on the same record at once
    // would each write the whole record, and one could answer what another wrote meanwhile.
    await inParallel(meta, c.echoes ? 1 : 4, async (attempt) => {
      const answer = await send(attempt.request);
      if (answer.status >= 500) problems.push(`${attempt.what}: answered ${answer.status}`);
      else if (answer.status >= 400) {
        const problem = refusalProblem(answer);
        if (problem) problems.push(`${attempt.what}: ${problem}`);
      } else if (c.echoes && answer.json) {
        // A record route answers the record it stored.
        const data = answer.json.data as Record<string, unknown>;
        const field = attempt.slot!;
        const sent = (JSON.parse(attempt.request.body!) as Record<string, unknown>)[field];
        if (!field.includes('.') && field in data && data[field] !== sent) {
          problems.push(`${attempt.what}: stored as ${JSON.stringify(data[field])}`);
        }
      }
    });
    expect(problems.sort()).toEqual([]);
    totals.metacharacters += meta.length;
  });
});

describe('phase C: an outside party probing every order endpoint for what is not its own is refused or told nothing', () => {
  let orders: OutsideOrders;
  beforeAll(async () => {
    orders = await seedOutsideOrders(t.deps.db);
    Object.assign(t.deps, { orderWorkflows: stubOrderWorkflows() });
  });

  /** Fields an outside party does not read or search (api/orders/audience.ts), and what is not a list field at all. */
  const HIDDEN = [
    'Created_By',
    'Edited_By',
    'Freight_Suggested',
    'freight_suggested',
    'Assign_Reason',
    'Assign_Reason_Others',
    'freight_master',
    'freight_criteria',
    'zfrcost_no',
    'approvers',
    'workflow_url',
    'workflow_id',
  ];
  /** Hostile list requests: searching or sorting by what it does not read, staff's status tabs, odd answer tabs. */
  const listProbes = (format?: string): { body: object; refused: boolean }[] => {
    const withFormat = (body: object) => (format ? { ...body, format } : body);
    return [
      ...HIDDEN.flatMap((field) => [
        {
          body: withFormat({ filters: [{ field, value: 'logistic', matchMode: 'contains' }] }),
          refused: true,
        },
        { body: withFormat({ filters: [{ field, value: 765.43, matchMode: 'equals' }] }), refused: true },
        { body: withFormat({ sorts: [{ field, order: 'ASC' }] }), refused: true },
      ]),
      ...['WAITING FOR ASSIGN TO TRANSPORTER APPROVAL', 'CANCELLED', 'ASSIGNED TO TRANSPORTER'].map(
        (tab) => ({
          body: withFormat({ tab_status: tab }),
          refused: true,
        }),
      ),
      // Its own answer tabs, however spelt, are its own.
      ...['waiting', ' REJECTED '].map((tab) => ({ body: withFormat({ tab_status: tab }), refused: false })),
      ...[
        { value: 'ORD-AX-APR', matchMode: 'contains' },
        { value: 'ORD-AX-OTH', matchMode: 'equals' },
        { value: '%', matchMode: 'contains' },
        { value: "' OR '1'='1", matchMode: 'contains' },
      ].map((f) => ({ body: withFormat({ filters: [{ field: 'Order_No', ...f }] }), refused: false })),
      ...[['WAITING', 'ACCEPTED'], ['WAITING'], 'WAITING;ACCEPTED', null, ''].map((value) => ({
        body: withFormat({ filters: [{ field: 'Dispatch_Status', value, matchMode: 'in' }] }),
        refused: false,
      })),
    ];
  };

  async function ask(
    token: string,
    request: OrderRequest,
  ): Promise<{ status: number; text: string; code?: string }> {
    const url = `/api${request.path}`;
    const base = t.request()[request.method](url).set('Authorization', token);
    const res = request.body === undefined ? await base : await base.send(request.body as object);
    const body = res.body as { message_code?: string } | undefined;
    return { status: res.status, text: res.text ?? JSON.stringify(res.body), code: body?.message_code };
  }

  const names = ORDER_ENDPOINTS.map(
    (route) => [`${route.method.toUpperCase()} /api${route.path}`, route] as const,
  );
  test.each(names)('%s', async (_name, route) => {
    const problems: string[] = [];
    const check = async (who: string, token: string, request: OrderRequest, refused: boolean) => {
      const { status, text, code } = await ask(token, request);
      const where = `${who}: ${request.method.toUpperCase()} ${request.path} ${JSON.stringify(request.body ?? '')}`;
      for (const leak of leaks(text)) problems.push(`${where}: answered ${leak}`);
      if (status >= 500) problems.push(`${where}: ${status}`);
      else if (refused && (status < 400 || !code))
        problems.push(`${where}: ${status} ${code ?? 'no envelope'}`);
    };
    for (const [who, token] of Object.entries(outside)) {
      // Not its own: the order with the approvers and another transporter's, by id.
      for (const order of [orders.approval, orders.other]) {
        for (const request of requestsOf(route, { ...orders, id: order.id })) {
          const byId = /:id/.test(route.path) || request.body !== undefined;
          const listing = route.path === '/order/list' || route.path === '/order/export';
          await check(who, token, request, byId && !listing && route.path !== '/order/master_list');
        }
      }
      if (route.path === '/order/list' || route.path === '/order/export') {
        const format = route.path === '/order/export' ? 'csv' : undefined;
        for (const probe of listProbes(format)) {
          await check(who, token, { method: 'post', path: route.path, body: probe.body }, probe.refused);
        }
      }
      if (route.path === '/order/transporter_action') {
        // Its own order beside the others: each answered on its own, the others without their numbers.
        const mixed = [orders.collective, orders.relation, orders.approval, orders.other].map((o) => ({
          id: o.id,
          status: 'REJECTED',
          reason: "<b>x</b>' --",
        }));
        await check(who, token, { method: 'post', path: route.path, body: mixed }, false);
      }
    }
    expect(problems.sort()).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------- phase D

/** What an order endpoint that writes is fed in phase D (issue 27). */
type IntegrityItem = 'party' | 'codes' | 'quantity';
const INTEGRITY_ITEMS: readonly IntegrityItem[] = ['party', 'codes', 'quantity'];

/** One request of phase D and the refusal it must get. */
interface IntegrityProbe {
  what: string;
  method: 'post' | 'put';
  /** Under /api. */
  path: string;
  body: unknown;
  status: number;
  code: string;
  /**
   * What the refusal names: the keys of its `errors` (a validation error names the field as the body does), or,
   * for a rule's refusal (422, no `errors`), words of its message (the item, the code, the kind of order).
   */
  names: { errors: string[] } | { message: string };
}

type Integrity = ReturnType<typeof orderIntegrity>;
/** The probes of one item on one route, made on SAP orders and orders of their own. */
type ProbeMaker = (h: Integrity) => Promise<IntegrityProbe[]>;

/** A case that names a field of the body (400 VALIDATION). */
const invalid = (
  what: string,
  method: IntegrityProbe['method'],
  path: string,
  body: unknown,
  field: string,
): IntegrityProbe => ({
  what,
  method,
  path,
  body,
  status: 400,
  code: 'VALIDATION',
  names: { errors: [field] },
});
/** A case a business rule refuses (422), its message naming `message`. */
const ruled = (
  what: string,
  method: IntegrityProbe['method'],
  path: string,
  body: unknown,
  code: string,
  message: string,
): IntegrityProbe => ({ what, method, path, body, status: 422, code, names: { message } });

/**
 * The wrong codes every assign panel's model carries: a warehouse nobody has (NOPE-WH) or of another company
 * (WH-2101-CPO), a document type (ZZ-S3P) and a vessel (NOPE-VESSEL) nobody has.
 */
const PANEL_CODES = WRONG_ASSIGN_CODES.filter(([, field]) =>
  ['warehouse_code', 'document_type', 'vessel'].includes(field),
);

const db = () => t.deps.db;
const ASSIGN = '/saporder/assign_transporter';
const RELATION = '/saporder/assign_customer_vendor';
const EDIT_ASSIGN = '/order/edit_assign_transporter';
const EDIT = '/order/edit';
const REASSIGN = '/order/reassign_do';

/** Reasons shared by the routes that only read (a POST for its body), or act on an order as it is. */
const READS =
  'reads only (a POST for its body): writes nothing, so there is nothing to refuse; the saves are probed';
const NO_PARTY = 'names no party: the order keeps the transporter or relation it has';
const NO_CODE = 'carries no master-data code: order ids and its own values only';
const NO_QUANTITY = 'carries no quantity';
const readsOnly = { party: READS, codes: READS, quantity: READS };

/**
 * Every order endpoint that writes, by `method path` as the route table declares it: per item, the probes that
 * feed it, or why the item does not apply. A route that writes without an entry fails phase D.
 */
const INTEGRITY_CASES: Record<string, Record<IntegrityItem, ProbeMaker | string>> = {
  'post /order/list': readsOnly,
  'post /order/export': readsOnly,
  'post /order/edit_merge_simulate': readsOnly,
  'post /saporder/merge_simulate': readsOnly,
  'post /list/transporter_freight': readsOnly,
  'post /util/refresh_freight_cost': readsOnly,
  'post /util/refresh_freight_cost_order': readsOnly,
  'post /util/check_approval': readsOnly,
  'post /order/transporter_action': {
    party: 'the transporter (or the relation) answers for itself: names no party',
    codes: 'carries no master-data code: order ids, an answer and a reason text',
    quantity: NO_QUANTITY,
  },
  'post /order/sync_do_sap': {
    party: NO_PARTY,
    codes: NO_CODE,
    quantity:
      "its Details are not read: the order's own SAP order is synced (api/orders/edit.ts syncOrderWithSap)",
  },
  'put /order/cancel': { party: NO_PARTY, codes: NO_CODE, quantity: NO_QUANTITY },
  'put /order/mark_complete/:id': { party: NO_PARTY, codes: NO_CODE, quantity: NO_QUANTITY },
  'put /order/unmark_complete/:id': { party: NO_PARTY, codes: NO_CODE, quantity: NO_QUANTITY },
  'put /order/change_stuffing_date': {
    party: NO_PARTY,
    codes: 'carries no master-data code: the stuffing range only (its rule: order-integrity.test.ts item 5)',
    quantity: NO_QUANTITY,
  },
  'post /saporder/assign_transporter': {
    party: async (h) => {
      const so = await h.fresh();
      const relation = await h.relationSo();
      return [
        ruled(
          'a transporter SO given to the customer CUS001',
          'post',
          ASSIGN,
          await assignBody(db(), [so], { transporters: [{ transporter_code: 'CUS001' }] }),
          'RELATION_NOT_TRANSPORTER',
          'Item 1: CUS001 is a customer or vendor, not a transporter.',
        ),
        ruled(
          'a relation SO given to the transporter TRP003',
          'post',
          ASSIGN,
          await assignBody(db(), [relation], { transporters: [{ transporter_code: 'TRP003' }] }),
          'RELATION_ORDER',
          'This is a relation order',
        ),
      ];
    },
    codes: async (h) => {
      const so = await h.fresh();
      const base = { transporters: [{ transporter_code: 'TRP003' }] };
      return [
        ...(await Promise.all(
          WRONG_ASSIGN_CODES.map(async ([override, field]) =>
            invalid(
              `${JSON.stringify(override)}`,
              'post',
              ASSIGN,
              await assignBody(db(), [so], { ...base, ...override }),
              field,
            ),
          ),
        )),
        ruled(
          'the transporter NOPE-TRP nobody has',
          'post',
          ASSIGN,
          await assignBody(db(), [so], { transporters: [{ transporter_code: 'NOPE-TRP' }] }),
          'TRANSPORTER_NOT_FOUND',
          'Item 1: transporter NOPE-TRP does not exist.',
        ),
      ];
    },
    quantity: async (h) => {
      const so = await h.fresh();
      const [first, second] = so.lines;
      const base = { transporters: [{ transporter_code: 'TRP003' }] };
      return [
        ruled(
          'an order whose only line is 0.0001',
          'post',
          ASSIGN,
          await assignBody(db(), [so], {
            ...base,
            details: [{ Id: first!.Id, Qty: 0.0001, include_merge: true }],
          }),
          'QTY_REQUIRED',
          'Item 000010:',
        ),
        ruled(
          'a whole line and a line of 0.0001',
          'post',
          ASSIGN,
          await assignBody(db(), [so], {
            ...base,
            details: [
              { Id: first!.Id, Qty: first!.os_qty, include_merge: true },
              { Id: second!.Id, Qty: '0.0001', include_merge: true },
            ],
          }),
          'QTY_REQUIRED',
          'Item 000020:',
        ),
      ];
    },
  },
  'post /saporder/assign_customer_vendor': {
    party: async (h) => {
      const so = await h.fresh();
      const relation = await h.relationSo();
      return [
        ruled(
          'a transporter SO given to its customer',
          'post',
          RELATION,
          await h.relationBody(so),
          'NOT_RELATION',
          'not a relation order',
        ),
        ruled(
          'a relation SO given to the transporter TRP003',
          'post',
          RELATION,
          await h.relationBody(relation, { transporters: [{ transporter_code: 'TRP003' }] }),
          'RELATION_ORDER_PARTY',
          'its own customer or vendor CUS001',
        ),
      ];
    },
    codes: async (h) => {
      const so = await h.relationSo();
      return Promise.all(
        PANEL_CODES.map(async ([override, field]) =>
          invalid(JSON.stringify(override), 'post', RELATION, await h.relationBody(so, override), field),
        ),
      );
    },
    quantity: async (h) => {
      const so = await h.relationSo();
      return [
        ruled(
          'a relation order whose only line is 0.0001',
          'post',
          RELATION,
          await h.relationBody(so, { details: [{ Id: so.lines[0]!.Id, Qty: 0.0001, include_merge: true }] }),
          'QTY_REQUIRED',
          'Item 000010:',
        ),
      ];
    },
  },
  'put /order/edit_assign_transporter': {
    party: async (h) => {
      const { order } = await h.rejected();
      const { order: relation } = await h.rejected(true);
      const again = async (id: number, transporters: Record<string, unknown>[], extra = {}) => ({
        id,
        edited_order: await h.editAssignModel(transporters, extra),
      });
      return [
        ruled(
          'a rejected transporter order given to the customer CUS001',
          'put',
          EDIT_ASSIGN,
          await again(order.id, [{ transporter_code: 'CUS001' }]),
          'RELATION_NOT_TRANSPORTER',
          'Item 1: CUS001 is a customer or vendor, not a transporter.',
        ),
        ruled(
          'a rejected transporter order given a relation shipment type',
          'put',
          EDIT_ASSIGN,
          await again(order.id, [{ transporter_code: 'TRP001' }], { shipment_type: 'RELATION' }),
          'RELATION_ORDER',
          'This is a relation order',
        ),
        ruled(
          'a rejected relation order given to the transporter TRP003',
          'put',
          EDIT_ASSIGN,
          await again(relation.id, [{ transporter_code: 'TRP003', freight_cost: 1, user_not: 1 }]),
          'RELATION_ORDER_PARTY',
          'its own customer or vendor CUS001',
        ),
      ];
    },
    codes: async (h) => {
      const { order } = await h.rejected();
      const entry = [{ transporter_code: 'TRP003' }];
      return [
        ...(await Promise.all(
          PANEL_CODES.map(async ([override, field]) =>
            invalid(
              JSON.stringify(override),
              'put',
              EDIT_ASSIGN,
              { id: order.id, edited_order: await h.editAssignModel(entry, override) },
              `edited_order.${field}`,
            ),
          ),
        )),
        ruled(
          'the transporter NOPE-TRP nobody has',
          'put',
          EDIT_ASSIGN,
          { id: order.id, edited_order: await h.editAssignModel([{ transporter_code: 'NOPE-TRP' }]) },
          'TRANSPORTER_NOT_FOUND',
          'Item 1: transporter NOPE-TRP does not exist.',
        ),
      ];
    },
    quantity:
      'edited_order.details are not read: a rejected order is assigned again with its own lines and quantities ' +
      '(api/orders/actions.ts editAssignTransporter)',
  },
  'put /order/edit': {
    party: async (h) => {
      const { edit } = await h.assigned();
      const relationSo = await h.relationSo();
      const relation = await insertOrder(db(), { sapDocuments: [relationSo.documentNo], relation: true });
      const relationEdit = await h.editBodyOf(relation.id, 'CUS001');
      return [
        ruled(
          'a transporter order edited to go to the customer CUS001',
          'put',
          EDIT,
          edit([], {
            transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'CUS001' }] },
          }),
          'RELATION_NOT_TRANSPORTER',
          'Item 1: CUS001 is a customer or vendor, not a transporter.',
        ),
        ruled(
          'a relation order edited to go to the transporter TRP003',
          'put',
          EDIT,
          relationEdit([], {
            transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'TRP003' }] },
          }),
          'RELATION_ORDER_PARTY',
          'its own customer or vendor CUS001',
        ),
      ];
    },
    codes: async (h) => {
      const { edit } = await h.assigned();
      const model = (extra: Record<string, unknown>) => ({
        transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'TRP003' }], ...extra },
      });
      return [
        invalid(
          'the vessel NOPE-VESSEL',
          'put',
          EDIT,
          edit([], model({ vessel: 'NOPE-VESSEL' })),
          'transporter_model.vessel',
        ),
        invalid(
          'the vessel code NOPE-VESSEL',
          'put',
          EDIT,
          edit([], model({ vessel_code: 'NOPE-VESSEL' })),
          'transporter_model.vessel_code',
        ),
        invalid(
          'the trip type NOPE-TRIP',
          'put',
          EDIT,
          edit([], model({ trip_type: 'NOPE-TRIP' })),
          'transporter_model.trip_type',
        ),
        invalid(
          'a line charged to company 9999',
          'put',
          EDIT,
          edit([{ Company_To_Charge: '9999' }]),
          'details.0.Company_To_Charge',
        ),
        invalid(
          'a line incoterm rule NOPE-RULE',
          'put',
          EDIT,
          edit([{ Incoterm_Rule: 'NOPE-RULE' }]),
          'details.0.Incoterm_Rule',
        ),
        invalid(
          'the incoterm rule NOPE-RULE',
          'put',
          EDIT,
          edit([], { ln_inco_rule: 'NOPE-RULE' }),
          'ln_inco_rule',
        ),
        ruled(
          'the transporter NOPE-TRP nobody has',
          'put',
          EDIT,
          edit([], {
            transporter_model: { trip_type: 'ONE_WAY', transporters: [{ transporter_code: 'NOPE-TRP' }] },
          }),
          'TRANSPORTER_NOT_FOUND',
          'Item 1: transporter NOPE-TRP does not exist.',
        ),
      ];
    },
    quantity: async (h) => {
      const { edit } = await h.assigned();
      return [
        ruled(
          'an edit that leaves a line at 0.0001',
          'put',
          EDIT,
          edit([{ Qty: 0.0001 }]),
          'QTY_REQUIRED',
          'Item 000010:',
        ),
        ruled(
          'an edit that leaves a line at 0.0004 beside a whole one',
          'put',
          EDIT,
          edit([{}, { Qty: '0.0004' }]),
          'QTY_REQUIRED',
          'Item 000020:',
        ),
      ];
    },
  },
  'put /order/reassign_do': {
    party: 'gives part of an order back to its SAP order: names no party',
    codes: 'carries no master-data code: order lines by id and quantities',
    quantity: async (h) => {
      const so = await h.fresh();
      const order = await insertOrder(db(), {
        sapDocuments: [so.documentNo],
        status: 'ACCEPTED',
        dispatchStatus: 'ACCEPTED',
        transporterCode: 'TRP003',
      });
      const lines = (await db()('order_details')
        .where('order_id', order.id)
        .orderBy('item_no')
        .pluck('id')) as number[];
      return [
        invalid(
          'a line given back 0.0001',
          'put',
          REASSIGN,
          { order_id: order.id, details: [{ Id: Number(lines[0]), Qty: 0.0001 }] },
          'details',
        ),
        invalid(
          'every line given back 0.0004',
          'put',
          REASSIGN,
          { order_id: order.id, details: lines.map((id) => ({ Id: Number(id), Qty: 0.0004 })) },
          'details',
        ),
      ];
    },
  },
};

/** The order endpoints that write: every route of the order and assign declarations (or under /order/) but GET. */
const ORDER_ROUTE_DEFS = new Set<RouteDef>([...orderRoutes, ...orderAssignRoutes]);
const writeRoutes = apiRoutes.filter(
  (route) => route.method !== 'get' && (ORDER_ROUTE_DEFS.has(route) || route.path.startsWith('/order/')),
);
const routeKey = (route: RouteDef) => `${route.method} ${route.path}`;

/** A request as staff who assign and edit orders. */
function asStaff(method: 'post' | 'put', path: string, body: unknown, language = 'en') {
  const agent = t.request();
  const req = method === 'post' ? agent.post(path) : agent.put(path);
  return req
    .set('Authorization', staff)
    .set('language', language)
    .send(body as object);
}

/** What is wrong with the answer to a probe (nothing: undefined). */
function integrityProblem(
  probe: IntegrityProbe,
  res: { status: number; body: Record<string, unknown> },
): string | undefined {
  const { status, body } = res;
  const errors = (body.errors ?? {}) as Record<string, unknown>;
  const message = typeof body.message === 'string' ? body.message : '';
  const answered = `answered ${status} ${String(body.message_code)} ${JSON.stringify(body.errors ?? message)}`;
  if (status !== probe.status || body.message_code !== probe.code || body.success !== false) return answered;
  if ('errors' in probe.names) {
    const keys = Object.keys(errors).sort();
    if (JSON.stringify(keys) !== JSON.stringify([...probe.names.errors].sort())) {
      return `${answered}: not naming ${probe.names.errors.join(', ')} alone`;
    }
  } else if (!message.includes(probe.names.message)) {
    return `${answered}: the message does not name "${probe.names.message}"`;
  }
  return undefined;
}

describe('phase D: every order endpoint that writes refuses a crossing party, a wrong code and a quantity below 0.001, naming the field, and writes nothing', () => {
  let workflows: ReturnType<typeof stubOrderWorkflows>;
  let integrity: Integrity;
  beforeAll(async () => {
    workflows = stubOrderWorkflows({ creates: t.deps.db });
    Object.assign(t.deps, { orderWorkflows: workflows });
    integrity = orderIntegrity({
      db,
      documentPrefix: '00188',
      send: asStaff,
    });
  });

  test('given the order and assign routes, then every case of phase D names a route that writes, and each item that does not apply says why', () => {
    const keys = new Set(writeRoutes.map(routeKey));
    expect(Object.keys(INTEGRITY_CASES).filter((key) => !keys.has(key))).toEqual([]);
    const unexplained = Object.entries(INTEGRITY_CASES).flatMap(([key, items]) =>
      INTEGRITY_ITEMS.filter(
        (item) => typeof items[item] === 'string' && !(items[item] as string).trim(),
      ).map((item) => `${key} ${item}`),
    );
    expect(unexplained).toEqual([]);
    // The three routes that take a party, codes and quantities are probed on every item.
    for (const key of [
      'post /saporder/assign_transporter',
      'post /saporder/assign_customer_vendor',
      'put /order/edit',
    ]) {
      expect([
        key,
        INTEGRITY_ITEMS.filter((item) => typeof INTEGRITY_CASES[key]?.[item] !== 'function'),
      ]).toEqual([key, []]);
    }
  });

  test.each(writeRoutes.map((route) => [`${route.method.toUpperCase()} /api${route.path}`, route] as const))(
    '%s',
    async (name, route) => {
      const items = INTEGRITY_CASES[routeKey(route)];
      if (!items) {
        throw new Error(
          `no phase-D case for ${name}: add one to INTEGRITY_CASES (per item its probes, or why it does not apply)`,
        );
      }
      const probes: IntegrityProbe[] = [];
      for (const item of INTEGRITY_ITEMS) {
        const maker = items[item];
        if (typeof maker === 'string') continue;
        const made = await maker(integrity);
        // An item that applies is fed something.
        expect([item, made.length > 0]).toEqual([item, true]);
        probes.push(...made);
      }
      const calls = workflows.calls.length;
      const before = await fingerprint();
      const problems: string[] = [];
      for (const probe of probes) {
        expect(`${probe.method} ${probe.path}`).toBe(routeKey(route));
        const res = await asStaff(probe.method, `/api${probe.path}`, probe.body);
        const problem = integrityProblem(probe, res);
        if (problem) problems.push(`${probe.what}: ${problem}`);
      }
      const after = await fingerprint();
      const written = Object.keys(before).filter((table) => before[table] !== after[table]);
      expect({ problems, written, workflowCalls: workflows.calls.slice(calls) }).toEqual({
        problems: [],
        written: [],
        workflowCalls: [],
      });
    },
  );
});

describe('afterwards', () => {
  test('given every route fed hostile input, when the server is asked again, then it answers, and no metacharacter ran as SQL', async () => {
    expect((await send({ method: 'GET', url: '/util/version', auth: 'none' })).status).toBe(200);
    const list = await send({ method: 'POST', url: '/company/list', body: '{}', auth: 'admin' });
    expect([list.status, list.json?.success]).toEqual([200, true]);
    const [pwned] = await t.deps.db('users').where({ full_name: PWNED }).count<{ n: string }[]>('* as n');
    expect(Number(pwned!.n)).toBe(0);
    // The run's size, for whoever reads the log.
    console.info(
      `hostile input: ${totals.routes} routes, ${totals.refused} hostile requests refused, ` +
        `${totals.metacharacters} with metacharacters, in ${((Date.now() - totals.started) / 1000).toFixed(1)} s ` +
        `(cases ${(totals.casesMs / 1000).toFixed(1)} s, fingerprints ${(totals.fingerprintMs / 1000).toFixed(1)} s)`,
    );
  });
});
