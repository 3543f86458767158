/**
 * `npm run owner`: the first owner account of an empty database (SEED_DEMO=0),
 * without SQL (src/server/db/firstOwner.ts). Uses the service's database
 * settings (DATABASE_URL, else PGlite in DATA_DIR) and applies the
 * migrations first.
 *
 *   OWNER_PASSWORD='…' npm run owner -- --login ana --name "Ana Lei" --business "Casa Ana" --outlet "Casa Ana Taipa"
 *
 * --business and --outlet are needed while the database has no enterprise
 * (they create it, its shop and its first outlet); with one enterprise
 * without an owner, --login and --name are enough (--ent to choose among
 * several). The password comes from OWNER_PASSWORD (never the command line,
 * which other users and the shell's history see); without it one is drawn
 * and printed once.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { createFirstOwner, FirstOwnerRefused, generatedPassword } from '../src/server/db/firstOwner';
import { openDb } from '../src/server/db/driver';
import { migrate } from '../src/server/db/migrate';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { login: { type: 'string' }, name: { type: 'string' }, business: { type: 'string' }, outlet: { type: 'string' }, ent: { type: 'string' } },
    strict: true,
  });
  const config = loadConfig();
  if (!config.databaseUrl && config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir ?? undefined });
  try {
    await migrate(db);
    const given = process.env.OWNER_PASSWORD;
    const password = given || generatedPassword();
    const owner = await createFirstOwner(
      db,
      { login: values.login ?? '', name: values.name ?? '', password, business: values.business, outlet: values.outlet, entId: values.ent },
      new Date(),
    );
    console.log(`Owner account "${owner.login}" created${owner.baseId ? ` with the business ${owner.entId} and its first outlet ${owner.baseId}` : ` for the enterprise ${owner.entId}`}.`);
    if (!given) console.log(`Its password (shown once; change it in the staff program): ${password}`);
    console.log(`Start the service (npm start, or npm run serve after a build) and sign in at ${config.publicUrl ?? `http://127.0.0.1:${config.port}`}/staff/`);
    return 0;
  } catch (err) {
    if (err instanceof FirstOwnerRefused) {
      console.error(`No owner created: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
