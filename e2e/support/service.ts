/** The real service over a fresh in-memory database, for journeys. */
import { resolve } from 'node:path';
import { buildServer } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDb } from '../../src/server/db/driver';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';

export async function startService(port = 0) {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), dataDir: null, databaseUrl: undefined, staticDir: resolve(__dirname, '..', '..', 'dist') };
  const db = await openDb({});
  await migrate(db);
  await seedDemo(db, new Date());
  const app = await buildServer({ db, config });
  const url = await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
