/**
 * The real service for benchmarks: a fresh database (PGlite in memory, or one
 * of its own on the server DATABASE_URL names, dropped on close), demo data,
 * built app.
 */
import type { Db } from '../src/server/db/driver';
import { startDemoService } from '../src/server/test/demoService';
import { ownDatabase } from './ownDatabase';

export async function startBenchService(prepare?: (db: Db) => Promise<void>, env?: Record<string, string>) {
  const database = await ownDatabase('service');
  const service = await startDemoService({ prepare, databaseUrl: database.url, env });
  return {
    ...service,
    async close() {
      await service.close();
      await database.drop();
    },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
