/** The real service for benchmarks: fresh database (PGlite in memory, or DATABASE_URL), demo data, built app. */
import { resolve } from 'node:path';
import { buildServer } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDb, type Db } from '../src/server/db/driver';
import { migrate } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed';

export async function startBenchService(prepare?: (db: Db) => Promise<void>) {
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir: null,
    databaseUrl: process.env.DATABASE_URL || undefined,
    staticDir: resolve(__dirname, '..', 'dist'),
  };
  const db = await openDb({ databaseUrl: config.databaseUrl, poolSize: 10 });
  await migrate(db);
  await seedDemo(db, new Date());
  if (prepare) await prepare(db);
  const app = await buildServer({ db, config });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
