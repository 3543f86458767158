/**
 * One small database interface, two drivers: embedded PGlite (the default; on
 * disk or in memory) and a real PostgreSQL server through `pg` when a
 * connection string is given. Both return the same JavaScript values for the
 * same SQL: numeric and int8 as strings (exact, and the protocol sends decimals
 * as strings), date as 'YYYY-MM-DD', timestamptz as Date.
 */
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements of plain SQL (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTENs on a channel: onPayload gets each NOTIFY payload (sent at its
   * transaction's commit, by any connection to the database). PostgreSQL holds a
   * dedicated connection and opens a new one when it drops, then calls
   * onReconnect (notifications in the gap are lost: catch up from the source).
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
}

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;
const asText = (value: string): string => value;

export interface DbOptions {
  /** A PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; when absent, PGlite runs in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  const db = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, {
    parsers: {
      [pgliteTypes.INT8]: asText,
      [pgliteTypes.NUMERIC]: asText,
      [pgliteTypes.DATE]: asText,
    },
  });
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  const top = wrap(db);
  return {
    kind: 'pglite',
    query: top.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
    listen: async (channel, onPayload) => {
      const stop = await db.listen(channel, onPayload);
      return async () => {
        if (!db.closed) await stop();
      };
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: string) => {
        if (oid === OID.INT8 || oid === OID.NUMERIC || oid === OID.DATE) return asText;
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  await pool.query('SELECT 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: 'postgres',
    query: wrap(pool).query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    listen: (channel, onPayload, onReconnect) => listenPostgres(connectionString, channel, onPayload, onReconnect),
  };
}

/** One dedicated connection per listener (LISTEN holds its connection), opened again after a drop. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', (err) => {
      console.error(`postgres listen (${channel}) error:`, err.message);
    });
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      scheduleReconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().then(
        () => onReconnect?.(),
        () => scheduleReconnect(),
      );
    }, 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
