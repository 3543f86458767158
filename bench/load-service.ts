/**
 * The service of the load benchmark (bench/load.ts), in a process of its own
 * so the load generator does not share its event loop: the demo service over
 * PGlite in memory, or over a fresh database on the server DATABASE_URL
 * names (dropped at the end). Extra env (BENCH_SERVICE_ENV, JSON) is passed
 * to the service's configuration (the submit scenario lifts the order
 * limits). Talks over IPC: sends {type: 'ready', url, kind}; answers 'cache'
 * with the menu cache's counters; on 'stop' closes and exits (a --cpu-prof
 * profile is written then).
 */
import { ownDatabase } from './ownDatabase';
import { menuCacheOf } from '../src/server/http/menuCache';
import { startDemoService } from '../src/server/test/demoService';

async function main() {
  const database = await ownDatabase('load');
  const env = JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}') as Record<string, string>;
  const service = await startDemoService({ databaseUrl: database.url, env });
  process.on('message', async (msg: { type: string }) => {
    if (msg.type === 'cache') {
      const cache = menuCacheOf(service.app);
      process.send!({ type: 'cache', stats: cache ? { ...cache.stats, healthy: cache.healthy, entries: cache.size, bytes: cache.heldBytes } : null });
      return;
    }
    if (msg.type !== 'stop') return;
    await service.close();
    await database.drop();
    process.exit(0);
  });
  process.send!({ type: 'ready', url: service.url, kind: service.db.kind });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
