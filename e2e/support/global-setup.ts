/**
 * Starts the real service once for the journeys: a fresh in-memory PGlite
 * with the demo data, serving the built app from dist/, on a free port of
 * 127.0.0.1. The URL reaches the tests through E2E_BASE_URL.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startService } from './service';

export default async function globalSetup() {
  const dist = resolve(__dirname, '..', '..', 'dist', 'index.html');
  if (!existsSync(dist)) throw new Error('dist/ is missing: run npm run build first (npm run test:e2e does)');
  const service = await startService();
  process.env.E2E_BASE_URL = service.url;
  return async () => {
    await service.close();
  };
}
