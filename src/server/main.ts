/**
 * Start-up: configuration, database (PGlite on disk by default, PostgreSQL
 * when DATABASE_URL is set), migrations, demo data on an empty database, HTTP.
 * Prints the table links a customer would scan.
 */
import { mkdirSync } from 'node:fs';
import { loadConfig } from './config';
import { openDb } from './db/driver';
import { migrate } from './db/migrate';
import { DEMO_STAFF, listTableLinks, seedDemo } from './db/seed';
import { ensureOwnerAccount } from './http/staffAccounts';
import { buildServer } from './app';
import { gracefulClose } from './http/shutdown';

/**
 * `built`: the build `npm start` runs beside the database's start (scripts/start.ts, issue 24): the
 * migrations and the demo data go on while webpack works, and the service opens once both are done.
 */
export async function main(options: { built?: Promise<unknown> } = {}) {
  const started = performance.now();
  const config = loadConfig();
  for (const warning of config.warnings) console.warn(warning);
  if (!config.databaseUrl && config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir ?? undefined,
    poolSize: config.dbPool.size,
    maxQueue: config.dbPool.maxQueue,
    maxWaitMs: config.dbPool.maxWaitMs,
  });
  const applied = await migrate(db);
  const seeded = config.seedDemo ? await seedDemo(db, new Date()) : false;
  // SEED_DEMO=0: the first owner account from STAFF_OWNER_LOGIN / STAFF_OWNER_PASSWORD (issue 26).
  const ownerNote = await ensureOwnerAccount(db, config, new Date());
  await options.built;
  const app = await buildServer({ db, config });
  const address = await app.listen({ host: config.host, port: config.port });
  const origin = config.publicUrl ?? address.replace('0.0.0.0', '127.0.0.1');
  const ms = Math.round(performance.now() - started);

  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir ?? 'memory'}`;
  console.log(`Ordering service on ${origin} (${where}; ${applied.length} migrations applied${seeded ? ', demo data loaded' : ''}; ready in ${ms} ms)`);
  if (config.seedDemo) {
    const links = await listTableLinks(db);
    console.log('Table links a customer would scan (the codes are random, drawn when the demo data was loaded):');
    let base = '';
    let shown = '';
    for (const link of links) {
      if (link.base !== base) {
        base = link.base;
        shown = link.demonstrates;
        console.log(`  ${base}${shown ? `: ${shown}` : ''}`);
      }
      // A table that shows something of its own (the demo sheets: open, expired, checked out, closed).
      const sheet = link.demonstrates && link.demonstrates !== shown ? `   <- ${link.demonstrates}` : '';
      console.log(`    ${link.table}  ${origin}/#/?QRCode=${encodeURIComponent(link.qrCode)}${sheet}`);
    }
    // The demo's staff accounts whose password is still the demo's (issue 26).
    const stored = await db.query<{ login: string; password_hash: string }>('SELECT login, password_hash FROM staff_account WHERE login = ANY ($1::text[])', [DEMO_STAFF.map((s) => s.login)]);
    const demoStaff = DEMO_STAFF.filter((s) => stored.some((r) => r.login === s.login && r.password_hash === s.passwordHash));
    if (demoStaff.length > 0) {
      console.log(`Staff accounts of the demo (sign in at ${origin}/staff/; the automation key stays STAFF_TOKEN):`);
      const names = new Map((await db.query<{ base_id: string; base_name_en: string }>('SELECT base_id, base_name_en FROM base')).map((b) => [b.base_id, b.base_name_en || b.base_id]));
      for (const s of demoStaff) {
        const where = s.outlets.length ? s.outlets.map((o) => names.get(o) ?? o).join(', ') : 'every outlet';
        console.log(`    ${s.role.padEnd(8)} login ${s.login.padEnd(8)} password ${s.password.padEnd(21)} PIN ${s.pin}  (${where})`);
      }
    }
  }
  if (ownerNote) console.log(ownerNote);

  // A rolling restart (http/shutdown.ts): new requests are told to try again, live streams to
  // reconnect elsewhere, requests in flight get SHUTDOWN_GRACE_MS to finish; a second signal ends at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: draining (requests in flight get up to ${config.shutdownGraceMs} ms; new ones are told to try again)`);
    try {
      const report = await gracefulClose(app, config.shutdownGraceMs);
      console.log(`closed in ${report.ms} ms (${report.refused} requests told to try again, ${report.cut} cut at the grace's end)`);
      await db.close();
      process.exit(0);
    } catch (err) {
      console.error('shutdown failed:', err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
