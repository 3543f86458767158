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
  options: { prepare?: (db: Db) => Promise<void>; databaseUrl?: string; env?: Record<string, string>; staticDir?: string } = {},
) {
  const config = {
    // Journeys and benchmarks sign many customers in from 127.0.0.1 and open their streams from
    // there: the anonymous-write limits (issue 16) and the streams per IP (issue 22) are high
    // unless the caller's env sets them.
    ...loadConfig({ NODE_ENV: 'test', ANON_WRITE_LIMIT_IP: '100000', ANON_WRITE_LIMIT_GLOBAL: '100000', STREAMS_PER_IP: '100000', STREAMS_MAX: '100000', ...options.env }),
    dataDir: null,
    databaseUrl: options.databaseUrl,
    // The built app (dist/) unless told: a journey may serve a copy of its own (e2e/update.spec.ts).
    staticDir: options.staticDir ?? resolve(__dirname, '..', '..', '..', 'dist'),
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
  let app = await buildServer({ db, config });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const stopApp = async () => {
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
  };
  return {
    url,
    db,
    get app() {
      return app;
    },
    /**
     * A deploy of another build: the service stops (connections cut) and starts again at the same
     * address over `staticDir`, with the same database (a page's sessions and codes still hold).
     */
    async redeploy(staticDir: string) {
      await stopApp();
      app = await buildServer({ db, config: { ...config, staticDir } });
      await app.listen({ host: '127.0.0.1', port: Number(new URL(url).port) });
    },
    /** Stops at once, as a service that goes down does: open connections (a browser's keep-alive or preconnected sockets) are cut, not waited for. */
    async close() {
      await stopApp();
      await db.close();
    },
  };
}
