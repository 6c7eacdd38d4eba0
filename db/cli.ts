// `npm run db:migrate` / `npm run db:seed` against DATABASE_URL, or the embedded database when unset.
import path from 'node:path';
import { loadConfig } from '../api/config';
import { createDb } from './connection';
import { migrateLatest } from './migrate';
import { seedDemo } from './seeds/demo';
import { hashPassword } from '../api/services/passwords';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pgdata') });
  try {
    const command = process.argv[2];
    if (command === 'migrate' || command === 'seed') {
      const applied = await migrateLatest(db);
      console.log(
        applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.',
      );
    }
    if (command === 'seed') {
      await seedDemo(db, hashPassword);
      console.log('Demo data is in place.');
    }
    if (command !== 'migrate' && command !== 'seed') throw new Error('usage: db/cli.ts migrate|seed');
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
