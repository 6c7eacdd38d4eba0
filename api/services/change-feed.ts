// What the API caches in memory (session tokens, status counters, lookup values, screen permissions) may
// serve only what the database still says. Triggers (db/migrations/007 and 009) send
// `NOTIFY tms_changes, '<topic>'` when a statement changes what a cache holds; the notification reaches every
// API process at commit, and each one drops its cached copies. A cache serves only while its feed is live:
// while the listening connection is down (or before it first listens) every read goes to the database, and
// when it comes back every cache is dropped, since notifications may have been missed in between. A
// notification travels on its own connection and may reach this process a moment after the writer's own
// answer; so a statement this process itself sends that can write (anything but a plain select, a commit
// included) drops every cache the moment it completes, and a request that follows the writer's answer never
// sees what was cached before it.
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../../db/connection';

export const CHANGE_CHANNEL = 'tms_changes';
export const CHANGE_TOPICS = ['auth', 'counters', 'lookups', 'permissions', 'sap-order-values'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

export interface ChangeFeed {
  /** True while notifications are received: only then may a cache answer from memory. */
  readonly live: boolean;
  /** Calls `drop` on every notification of the topic, and whenever the feed goes down or comes back. */
  subscribe(topic: ChangeTopic, drop: () => void): () => void;
  close(): Promise<void>;
}

/** Statements that cannot write: a plain select (a select that calls a writing function is not sent here). */
const READ_ONLY = /^\s*select\b/i;

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
  const onLocalWrite = (_response: unknown, query: { sql?: string }) => {
    if (typeof query?.sql === 'string' && !READ_ONLY.test(query.sql)) subscribers.fireAll();
  };
  db.on('query-response', onLocalWrite);
  const stopLocal = () => void db.removeListener('query-response', onLocalWrite);

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
      if (msg.channel === CHANGE_CHANNEL && msg.payload) subscribers.fire(msg.payload);
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
function feedOf(subscribers: Subscribers, isLive: () => boolean, stop: () => Promise<void>): ChangeFeed {
  return {
    get live() {
      return isLive();
    },
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
    topic: ChangeTopic,
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
    if (value !== undefined && live && this.changes?.live && generation === this.generation) {
      if (this.entries.size >= this.max) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}
