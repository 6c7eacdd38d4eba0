// What the API caches in memory (session tokens, status counters, lookup values, screen permissions) may
// serve only what the database still says. Triggers (db/migrations/007, 009, 013 and 021) send
// `NOTIFY tms_changes, '<topic>'` when a statement changes what a cache holds; the notification reaches every
// API process at commit, and each one drops its cached copies. A cache serves only while its feed is live:
// while the listening connection is down (or before it first listens) every read goes to the database, and
// when it comes back every cache is dropped, since notifications may have been missed in between.
//
// A notification travels on its own connection and may reach this process a moment after the writer's own
// answer; so this process watches its own statements too, and a request that follows the writer's answer never
// sees what was cached before it. A write drops the caches of the topics it can change (topicsOfWrite: the
// counters, which triggers on many tables keep, and each topic whose tables it names), as soon as it completes;
// inside a transaction, those topics are dropped again when its COMMIT is sent and, where their tables notify per
// statement (HELD_TOPICS), held, nothing of them kept, until their notification arrives (or HOLD_MS passed), since
// a read that ran while the commit was under way saw the rows as they were. Writes that cannot change a topic (an order, a shipment) leave its cache alone:
// a busy day of order changes does not send every request's session and permission reads to the database.
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../../db/connection';

export const CHANGE_CHANNEL = 'tms_changes';
export const CHANGE_TOPICS = [
  'auth',
  'counters',
  'lookups',
  'master-data',
  'permissions',
  'sap-order-values',
] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

export interface ChangeFeed {
  /** True while notifications are received: only then may a cache answer from memory. */
  readonly live: boolean;
  /** True while a commit of this process that changes the topic waits for its notification: keep nothing. */
  held(topic: ChangeTopic): boolean;
  /** Calls `drop` on every notification of the topic, and whenever the feed goes down or comes back. */
  subscribe(topic: ChangeTopic, drop: () => void): () => void;
  close(): Promise<void>;
}

/** Statements that cannot write: a plain select (a select that calls a writing function is not sent here). */
const READ_ONLY = /^\s*select\b/i;
/** Statements of a transaction's frame, which write nothing themselves. */
const FRAME =
  /^\s*(begin|savepoint|release\b|set\s+(local\s+)?(statement_timeout|lock_timeout|transaction)\b)/i;
const COMMIT = /^\s*commit\b/i;
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;
/** How long a committed topic is held at most when its notification does not come (a table only read). */
const HOLD_MS = 1000;
/**
 * Topics whose tables notify per statement, so that a commit that wrote one of them is always followed by its
 * notification: only these are held. The counters are written by triggers of other tables' rows, and a code of
 * sap_order_values notifies only when it is new (per row); holding them would keep their caches empty for HOLD_MS
 * after most commits. They are dropped when the write completes and again when the commit is sent.
 */
const HELD_TOPICS: ReadonlySet<ChangeTopic> = new Set(['auth', 'lookups', 'master-data', 'permissions']);

/**
 * The tables whose statements send each topic's notification (the triggers of migrations 007, 009, 013, 021 and
 * 022). Migrations are history and are never imported at run time, so the list is written here; the change-feed
 * test reads the triggers of a migrated database and fails when the two disagree.
 * `counters` is not here: triggers on orders, SAP orders, shipments and order transporters write the counters,
 * so every write may change them.
 */
export const TOPIC_TABLES: Record<Exclude<ChangeTopic, 'counters'>, readonly string[]> = {
  auth: ['auth_tokens', 'users'],
  lookups: ['lookups'],
  'master-data': [
    // 021: what an assignment reads on every save and check
    'locations',
    'material_conversions',
    'warehouses',
    'freight_rates',
    'transporters',
    'truck_types',
    'approval_matrices',
    'approval_matrix_approvers',
    'transporter_quotas',
    'auto_reject_settings',
    'customers',
    'vendors',
    'order_types',
    'lookups',
    'users',
    // 022: the labels of an order in the order list
    'product_categories',
    'incoterms',
    'companies',
  ],
  permissions: ['user_groups', 'user_group_members', 'menus', 'group_menus', 'user_plants'],
  'sap-order-values': ['sap_order_values'],
};
const TOPIC_PATTERNS = Object.entries(TOPIC_TABLES).map(
  ([topic, tables]) =>
    // A table named anywhere in the statement (target, subquery, CTE), bare or quoted, schema-qualified or not.
    [topic as ChangeTopic, new RegExp(`(?<![\\w$])"?(${tables.join('|')})"?(?![\\w$])`, 'i')] as const,
);

/**
 * The topics a statement of this process may change: none for a read or a transaction's frame; else `counters`
 * and every topic one of whose tables the statement names (naming is enough: a table only read inside a write
 * costs a needless drop, never a stale answer).
 */
export function topicsOfWrite(sql: string): ChangeTopic[] {
  if (READ_ONLY.test(sql) || FRAME.test(sql) || COMMIT.test(sql) || ROLLBACK.test(sql)) return [];
  return ['counters', ...TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(sql)).map(([topic]) => topic)];
}

class Subscribers {
  private readonly byTopic = new Map<ChangeTopic, Set<() => void>>();

  add(topic: ChangeTopic, drop: () => void): () => void {
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(drop);
    return () => void set.delete(drop);
  }

  fire(topic: string): void {
    for (const drop of this.byTopic.get(topic as ChangeTopic) ?? []) drop();
  }

  fireAll(): void {
    for (const set of this.byTopic.values()) for (const drop of set) drop();
  }
}

/** Topics held from a local commit until their notification arrives (or HOLD_MS passed). */
class Holds {
  private readonly until = new Map<ChangeTopic, number>();

  hold(topic: ChangeTopic): void {
    this.until.set(topic, Date.now() + HOLD_MS);
  }

  release(topic: string): void {
    this.until.delete(topic as ChangeTopic);
  }

  releaseAll(): void {
    this.until.clear();
  }

  held(topic: ChangeTopic): boolean {
    const until = this.until.get(topic);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.until.delete(topic);
    return false;
  }
}

interface LocalQuery {
  sql?: string;
  /** The connection's id, and the transaction's while one is open on it. */
  __knexUid?: string;
  __knexTxId?: string;
}

/**
 * This process's own statements (see the file comment): a write drops its topics when it completes, and one
 * inside a transaction is remembered per connection until that connection's COMMIT (dropped and held then) or
 * ROLLBACK.
 */
function watchLocalWrites(db: Db, subscribers: Subscribers, holds: Holds): () => void {
  const pending = new Map<string, Set<ChangeTopic>>();
  const onResponse = (_response: unknown, query: LocalQuery) => {
    if (typeof query?.sql !== 'string') return;
    const topics = topicsOfWrite(query.sql);
    if (!topics.length) return;
    for (const topic of topics) subscribers.fire(topic);
    // A statement outside a transaction is committed when it answers: nothing more to wait for.
    if (!query.__knexUid || !query.__knexTxId) return;
    let set = pending.get(query.__knexUid);
    if (!set) pending.set(query.__knexUid, (set = new Set()));
    for (const topic of topics) set.add(topic);
  };
  // COMMIT and ROLLBACK are announced ('query') but not answered ('query-response') by knex.
  const onQuery = (query: LocalQuery) => {
    if (typeof query?.sql !== 'string' || !query.__knexUid) return;
    const topics = pending.get(query.__knexUid);
    if (!topics) return;
    if (ROLLBACK.test(query.sql)) pending.delete(query.__knexUid);
    else if (COMMIT.test(query.sql)) {
      pending.delete(query.__knexUid);
      for (const topic of topics) {
        if (HELD_TOPICS.has(topic)) holds.hold(topic);
        subscribers.fire(topic);
      }
    }
  };
  db.on('query-response', onResponse);
  db.on('query', onQuery);
  return () => {
    db.removeListener('query-response', onResponse);
    db.removeListener('query', onQuery);
  };
}

/**
 * Listens on the database of `db` on a dedicated connection (a pooled one could be handed to a query), which
 * reconnects `retryMs` after it is lost: a restarted server, the embedded cluster started again after it died.
 */
export async function startChangeFeed(
  db: Db,
  logger: Logger,
  options: { retryMs?: number } = {},
): Promise<ChangeFeed> {
  const subscribers = new Subscribers();
  const holds = new Holds();
  const stopLocal = watchLocalWrites(db, subscribers, holds);

  const connection = (db.client as { config: { connection: string | pg.ClientConfig } }).config.connection;
  const retryMs = options.retryMs ?? 1000;
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const down = (err: unknown) => {
    if (!live && !client) return;
    live = false;
    subscribers.fireAll();
    holds.releaseAll();
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err }, 'change feed lost its database connection; caches are bypassed until it is back');
    retry = setTimeout(() => void connect().catch(down), retryMs);
  };

  const connect = async () => {
    const next = new pg.Client(
      typeof connection === 'string' ? { connectionString: connection } : connection,
    );
    next.on('notification', (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
      subscribers.fire(msg.payload);
      holds.release(msg.payload);
    });
    next.on('error', down);
    next.on('end', () => {
      if (client === next) down(new Error('connection ended'));
    });
    client = next;
    await next.connect();
    await next.query(`listen ${CHANGE_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    // Whatever was cached before this point may have missed a notification.
    subscribers.fireAll();
    live = true;
  };

  await connect().catch((err: unknown) => down(err));
  return feedOf(
    subscribers,
    () => live,
    (topic) => holds.held(topic),
    async () => {
      closed = true;
      live = false;
      stopLocal();
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  );
}

/** The feed around one listener: `stop` ends the listening; every cache is dropped as it closes. */
function feedOf(
  subscribers: Subscribers,
  isLive: () => boolean,
  held: (topic: ChangeTopic) => boolean,
  stop: () => Promise<void>,
): ChangeFeed {
  return {
    get live() {
      return isLive();
    },
    held,
    subscribe: (topic, drop) => subscribers.add(topic, drop),
    close: async () => {
      const stopping = stop();
      subscribers.fireAll();
      await stopping;
    },
  };
}

/**
 * Values read from the database, kept by key while the feed is live and dropped at every notification of the
 * topic. A read under way while a drop happens does not store what it read before it. Requests that miss while
 * a read of the same key is under way, with no drop since it began, share that read instead of each sending
 * their own (after a drop, a busy process would otherwise send one per request in flight).
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly reading = new Map<string, { generation: number; value: Promise<V | undefined> }>();
  private generation = 0;

  constructor(
    private readonly changes: ChangeFeed | undefined,
    private readonly topic: ChangeTopic,
    /** Entries kept at most; past it the cache starts again empty. */
    private readonly max = 10_000,
  ) {
    changes?.subscribe(topic, () => this.drop());
  }

  drop(): void {
    this.generation++;
    this.entries.clear();
    this.reading.clear();
  }

  /** The kept value of `key`, if there is one and the feed is live; reads nothing. */
  peek(key: string): V | undefined {
    return this.changes?.live === true ? this.entries.get(key) : undefined;
  }

  /**
   * The kept value of `key` while `fresh` accepts it, else `read()`'s, kept unless it is undefined. Callers must
   * not change what they are given.
   */
  async get(key: string, read: () => Promise<V | undefined>, fresh: (value: V) => boolean = () => true) {
    const live = this.changes?.live === true;
    if (live) {
      const hit = this.entries.get(key);
      if (hit !== undefined && fresh(hit)) return hit;
      const under = this.reading.get(key);
      if (under && under.generation === this.generation) return under.value;
    }
    const generation = this.generation;
    const reading = read();
    if (live) this.reading.set(key, { generation, value: reading });
    let value: V | undefined;
    try {
      value = await reading;
    } finally {
      if (this.reading.get(key)?.value === reading) this.reading.delete(key);
    }
    if (
      value !== undefined &&
      live &&
      this.changes?.live &&
      !this.changes.held(this.topic) &&
      generation === this.generation
    ) {
      if (this.entries.size >= this.max) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}
