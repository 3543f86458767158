/** The real service for benchmarks: fresh database (PGlite in memory, or DATABASE_URL), demo data, built app. */
import type { Db } from '../src/server/db/driver';
import { startDemoService } from '../src/server/test/demoService';

export function startBenchService(prepare?: (db: Db) => Promise<void>, env?: Record<string, string>) {
  return startDemoService({ prepare, databaseUrl: process.env.DATABASE_URL || undefined, env });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
