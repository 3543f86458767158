/**
 * The service of bench/load/submit.ts run alone, in a process of its own:
 * the demo service (PGlite in memory, or a fresh database on the server
 * DATABASE_URL names, dropped at the end). Sends {url, kind} over IPC when
 * ready; stops on {type: 'stop'} (so a --cpu-prof profile is written).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startDemoService } from '../../src/server/test/demoService';

async function ownDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => undefined };
  const name = `bench_submit_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function main() {
  const database = await ownDatabase();
  const env: Record<string, string> = {};
  for (const key of ['RATE_LIMIT_MEMBER', 'RATE_LIMIT_IP', 'DB_POOL_SIZE', 'DB_POOL_QUEUE']) {
    if (process.env[key]) env[key] = process.env[key]!;
  }
  const service = await startDemoService({ databaseUrl: database.url, env });
  process.on('message', async (msg: { type: string }) => {
    if (msg.type !== 'stop') return;
    await service.close();
    await database.drop();
    process.exit(0);
  });
  process.send!({ url: service.url, kind: service.db.kind });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
