/**
 * A database of the bench's own: a fresh one on the PostgreSQL server
 * DATABASE_URL names (created here, dropped by `drop`), so a bench never
 * writes into the database the URL points at; without DATABASE_URL, none
 * (the service opens PGlite in memory) and `drop` does nothing.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function ownDatabase(prefix: string): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => undefined };
  const name = `bench_${prefix}_${randomBytes(5).toString('hex')}`;
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
