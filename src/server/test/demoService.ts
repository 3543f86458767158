/**
 * The real service over a fresh database with the demo data, serving the
 * built app: for browser journeys and benchmarks. PGlite in memory unless
 * DATABASE_URL names a PostgreSQL server.
 */
import { resolve } from 'node:path';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { openDb, type Db } from '../db/driver';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';

export async function startDemoService(
  options: { prepare?: (db: Db) => Promise<void>; databaseUrl?: string; env?: Record<string, string> } = {},
) {
  const config = {
    // Journeys and benchmarks sign many customers in from 127.0.0.1 and open their streams from
    // there: the anonymous-write limits (issue 16) and the streams per IP (issue 22) are high
    // unless the caller's env sets them.
    ...loadConfig({ NODE_ENV: 'test', ANON_WRITE_LIMIT_IP: '100000', ANON_WRITE_LIMIT_GLOBAL: '100000', STREAMS_PER_IP: '100000', STREAMS_MAX: '100000', ...options.env }),
    dataDir: null,
    databaseUrl: options.databaseUrl,
    staticDir: resolve(__dirname, '..', '..', '..', 'dist'),
  };
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPool.size,
    maxQueue: config.dbPool.maxQueue,
    maxWaitMs: config.dbPool.maxWaitMs,
  });
  await migrate(db);
  await seedDemo(db, new Date());
  if (options.prepare) await options.prepare(db);
  const app = await buildServer({ db, config });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    db,
    app,
    /** Stops at once, as a service that goes down does: open connections (a browser's keep-alive or preconnected sockets) are cut, not waited for. */
    async close() {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await db.close();
    },
  };
}
