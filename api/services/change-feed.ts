// What the API caches in memory (session tokens, the status counters) may serve only what the database still
// says. Triggers (db/migrations/007_change_notifications.ts) send `NOTIFY tms_changes, '<topic>'` when a
// statement changes what a cache holds; the notification reaches every API process at commit, and each one
// drops its cached copies. A cache serves only while its feed is live: while the listening connection is down
// (or before it first listens) every read goes to the database, and when it comes back every cache is dropped,
// since notifications may have been missed in between. A notification travels on its own connection and may
// reach this process a moment after the writer's own answer; so a statement this process itself sends that can
// write (anything but a plain select, a commit included) drops every cache the moment it completes, and a
// request that follows the writer's answer never sees what was cached before it.
import pg from 'pg';
import type { Logger } from 'pino';
import { pgliteOf, type Db } from '../../db/connection';

export const CHANGE_CHANNEL = 'tms_changes';
export const CHANGE_TOPICS = ['auth', 'counters'] as const;
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
 * Listens on the database of `db`: PGlite's own listener for the embedded database, else a dedicated
 * PostgreSQL connection (a pooled one could be handed to a query) that reconnects after `retryMs`.
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
  const pglite = pgliteOf(db);
  if (pglite) {
    const unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => subscribers.fire(payload));
    let live = true;
    return {
      get live() {
        return live;
      },
      subscribe: (topic, drop) => subscribers.add(topic, drop),
      close: async () => {
        live = false;
        stopLocal();
        subscribers.fireAll();
        await unlisten();
      },
    };
  }

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
  return {
    get live() {
      return live;
    },
    subscribe: (topic, drop) => subscribers.add(topic, drop),
    close: async () => {
      closed = true;
      live = false;
      stopLocal();
      clearTimeout(retry);
      subscribers.fireAll();
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
