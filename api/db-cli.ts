// `npm run db:migrate` / `npm run db:seed`: against DATABASE_URL, or else the embedded cluster under DATA_DIR
// (the one `npm start` is running, or one started for this command and stopped after it).
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config';
import { hashApiKey } from './services/api-keys';
import { hashPassword } from './services/passwords';
import { createDb } from '../db/connection';
import { openEmbeddedPostgres } from '../db/embedded-postgres';
import { migrateLatest } from '../db/migrate';
import { seedDemo } from '../db/seeds/demo';

async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'migrate' && command !== 'seed') throw new Error('usage: api/db-cli.ts migrate|seed');
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const cluster = config.DATABASE_URL
    ? undefined
    : await openEmbeddedPostgres({
        dir: path.join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_POSTGRES_PORT,
        database: 'tms',
        logger,
      });
  const db = createDb({
    databaseUrl: config.DATABASE_URL ?? cluster!.url(),
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    logger,
  });
  try {
    const applied = await migrateLatest(db);
    console.log(
      applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.',
    );
    if (command === 'seed') {
      await seedDemo(db, { hashPassword, hashApiKey });
      console.log('Demo data is in place.');
    }
  } finally {
    await db.destroy();
    await cluster?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
