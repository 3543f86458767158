/**
 * Starts the real service for the journeys, one per lane (support/lanes.ts):
 * each a fresh in-memory PGlite with the demo data, serving the built app
 * from dist/, on a free port of 127.0.0.1. The URLs reach the tests through
 * E2E_BASE_URL_<lane> (and the first as E2E_BASE_URL).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { LANES, laneVariable } from './lanes';
import { startService } from './service';

export default async function globalSetup() {
  const dist = resolve(__dirname, '..', '..', 'dist', 'index.html');
  if (!existsSync(dist)) throw new Error('dist/ is missing: run npm run build first (npm run test:e2e does)');
  // One after the other: two seedings at once would only slow each other.
  const services: Awaited<ReturnType<typeof startService>>[] = [];
  for (let lane = 0; lane < LANES; lane += 1) {
    const service = await startService();
    services.push(service);
    process.env[laneVariable(lane)] = service.url;
  }
  process.env.E2E_BASE_URL = services[0]!.url;
  return async () => {
    await Promise.all(services.map((s) => s.close()));
  };
}
