/**
 * One small database interface, two drivers: embedded PGlite (the default; on
 * disk or in memory) and a real PostgreSQL server through `pg` when a
 * connection string is given. Both return the same JavaScript values for the
 * same SQL: numeric and int8 as strings (exact, and the protocol sends decimals
 * as strings), date as 'YYYY-MM-DD', timestamptz as Date.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { PGlite, protocol as pgliteProtocol, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';
// node-postgres's own value serialisation (text), for the PGlite runner below.
import { prepareValue } from 'pg/lib/utils';

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
  /**
   * Statements sent to the database so far (each query, BEGIN, COMMIT and
   * ROLLBACK is one round trip): tests and benchmarks read it before and
   * after a request to count the round trips it cost.
   */
  readonly roundTrips: number;
  /** The connection gate: connections in use, callers waiting for one, and its limits; its counters (GateStats) for /metrics. */
  readonly gate: { readonly active: number; readonly waiting: number; readonly size: number; readonly maxQueue: number; readonly stats: Readonly<GateStats> };
}

/**
 * Thrown instead of waiting when every connection is in use and the queue of
 * callers waiting for one is full (or a caller has waited longer than
 * maxWaitMs): the service answers "busy, try again" at once (nothing was
 * written) rather than letting every answer wait longer and longer.
 */
export class DbBusyError extends Error {
  constructor(readonly reason: 'queueFull' | 'waitedTooLong') {
    super(`database busy: ${reason === 'queueFull' ? 'the queue for a connection is full' : 'waited too long for a connection'}`);
  }
}

/** What the gate counted since it opened: callers that had to wait, their waiting in all, and the refused. */
export interface GateStats {
  waits: number;
  waitSeconds: number;
  refusedQueueFull: number;
  refusedWaitedTooLong: number;
}

/**
 * Back-pressure in front of the connections: at most `size` callers hold
 * one, at most `maxQueue` wait (in order) for one, each at most maxWaitMs;
 * beyond that acquire() throws DbBusyError.
 */
export class Gate {
  active = 0;
  readonly stats: GateStats = { waits: 0, waitSeconds: 0, refusedQueueFull: 0, refusedWaitedTooLong: 0 };
  private readonly queue: { grant: () => void; timer: NodeJS.Timeout | undefined }[] = [];
  constructor(
    readonly size: number,
    readonly maxQueue: number,
    readonly maxWaitMs: number,
  ) {}

  get waiting(): number {
    return this.queue.length;
  }

  acquire(): Promise<void> | void {
    if (this.active < this.size && this.queue.length === 0) {
      this.active += 1;
      return;
    }
    if (this.queue.length >= this.maxQueue) {
      this.stats.refusedQueueFull += 1;
      throw new DbBusyError('queueFull');
    }
    this.stats.waits += 1;
    const since = performance.now();
    const waited = () => (this.stats.waitSeconds += (performance.now() - since) / 1000);
    return new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          waited();
          this.active += 1;
          resolve();
        },
        timer: undefined as NodeJS.Timeout | undefined,
      };
      if (this.maxWaitMs > 0 && Number.isFinite(this.maxWaitMs)) {
        entry.timer = setTimeout(() => {
          const i = this.queue.indexOf(entry);
          if (i >= 0) this.queue.splice(i, 1);
          waited();
          this.stats.refusedWaitedTooLong += 1;
          reject(new DbBusyError('waitedTooLong'));
        }, this.maxWaitMs);
      }
      this.queue.push(entry);
    });
  }

  release(): void {
    this.active -= 1;
    const next = this.queue.shift();
    if (next) next.grant();
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }
}

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;
const asText = (value: string): string => value;

export interface DbOptions {
  /** A PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; when absent, PGlite runs in memory. */
  dataDir?: string;
  /** Connections to PostgreSQL (default: defaultPoolSize()); PGlite has one. */
  poolSize?: number;
  /** Callers that may wait for a connection before the next is refused as busy (default DEFAULT_POOL_QUEUE). */
  maxQueue?: number;
  /** The longest a caller waits for a connection before it is refused as busy (default DEFAULT_POOL_WAIT_MS). */
  maxWaitMs?: number;
}

/**
 * The pool size for a PostgreSQL on the same machine: enough connections to
 * keep its cores busy while others wait on the network or a lock, few enough
 * that they do not fight over them (PostgreSQL's own rule of thumb: about
 * two per core, plus a couple): 2 x cores + 2, so 6 on 2 cores.
 */
export function defaultPoolSize(): number {
  return 2 * availableParallelism() + 2;
}
export const DEFAULT_POOL_QUEUE = 200;
export const DEFAULT_POOL_WAIT_MS = 2_000;

export async function openDb(options: DbOptions): Promise<Db> {
  const gate = (size: number) => new Gate(size, options.maxQueue ?? DEFAULT_POOL_QUEUE, options.maxWaitMs ?? DEFAULT_POOL_WAIT_MS);
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, gate(options.poolSize ?? defaultPoolSize()))
    : openPglite(options.dataDir, gate(1));
}

const gateView = (gate: Gate): Db['gate'] => ({
  get active() {
    return gate.active;
  },
  get waiting() {
    return gate.waiting;
  },
  size: gate.size,
  maxQueue: gate.maxQueue,
  stats: gate.stats,
});

/**
 * Named (prepared) statements: a data statement (SELECT, INSERT, UPDATE,
 * DELETE, WITH) sent a second time gets a name, so each connection parses
 * and plans it once and then only binds and executes it. One-off texts
 * (migrations, seeding, SQL built with a varying number of values) stay
 * unnamed, and both the texts remembered and the names given are bounded.
 */
const MAX_NAMED = 2_000;
const MAX_REMEMBERED = 10_000;
const MAX_NAMED_LENGTH = 8_192;
const DATA_STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
class StatementNames {
  private readonly seen = new Map<string, string | null>();
  private named = 0;
  nameOf(sql: string): string | undefined {
    const known = this.seen.get(sql);
    if (known) return known;
    if (known === null) {
      if (this.named >= MAX_NAMED) return undefined;
      this.named += 1;
      const name = `s_${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
      this.seen.set(sql, name);
      return name;
    }
    if (this.seen.size < MAX_REMEMBERED && sql.length <= MAX_NAMED_LENGTH && DATA_STATEMENT.test(sql)) this.seen.set(sql, null);
    return undefined;
  }
}

async function openPglite(dataDir: string | undefined, gate: Gate): Promise<Db> {
  const db = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, {
    parsers: {
      [pgliteTypes.INT8]: asText,
      [pgliteTypes.NUMERIC]: asText,
      [pgliteTypes.DATE]: asText,
    },
  });
  let roundTrips = 0;
  const run = pgliteRunner(db, new StatementNames());
  const wrap = (inTransaction: boolean): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      roundTrips += 1;
      return (await run(sql, params, inTransaction)) as T[];
    },
  });
  const top = wrap(false);
  const inTx = wrap(true);
  return {
    kind: 'pglite',
    get roundTrips() {
      return roundTrips;
    },
    gate: gateView(gate),
    // The gate lets one caller at a time at PGlite (it has one connection), so its transaction is this caller's.
    query: (sql, params) => gate.run(() => top.query(sql, params)),
    transaction: (fn) =>
      gate.run(async () => {
        roundTrips += 1;
        await simple(db, 'BEGIN', false);
        let result;
        try {
          result = await fn(inTx);
        } catch (err) {
          roundTrips += 1;
          await simple(db, 'ROLLBACK', true).catch(() => undefined);
          throw err;
        }
        roundTrips += 1;
        try {
          await simple(db, 'COMMIT', true);
        } catch (err) {
          await simple(db, 'ROLLBACK', true).catch(() => undefined);
          throw err;
        }
        return result;
      }),
    exec: async (sql) => {
      await gate.run(() => db.exec(sql));
    },
    close: () => db.close(),
    // LISTEN and UNLISTEN through the gate too: never inside another caller's transaction.
    listen: async (channel, onPayload) => {
      const stop = await gate.run(() => db.listen(channel, onPayload));
      return async () => {
        if (!db.closed) await gate.run(() => stop());
      };
    },
  };
}

/** A statement without parameters over the simple protocol (BEGIN, COMMIT, ROLLBACK). */
async function simple(db: PGlite, sql: string, syncToFs: boolean): Promise<void> {
  await db.execProtocol(pgliteProtocol.serialize.query(sql), { syncToFs });
}

const concatBytes = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * PGlite's query() sends Parse, Describe, Bind, Describe, Execute and Sync as
 * six calls into its WebAssembly PostgreSQL, and parses and plans the
 * statement every time. This sends them as one message, with a named
 * statement for SQL sent before (parsed and planned once: StatementNames),
 * the values as text the way node-postgres sends them (the server infers
 * their types, as it does for the pg driver), and reads the rows with
 * PGlite's own type parsers, so the answers are the same. Callers run one at
 * a time (the gate), so nothing else is between BEGIN and COMMIT.
 */
function pgliteRunner(db: PGlite, names: StatementNames) {
  const { serialize } = pgliteProtocol;
  const prepared = new Set<string>();
  return async (sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> => {
    // Binary values (none of the service's statements send them) go the library's way.
    if (params.some((p) => p instanceof Uint8Array)) return (await db.query<Row>(sql, params as unknown[])).rows;
    const name = names.nameOf(sql);
    const parts: Uint8Array[] = [];
    const parse = !name || !prepared.has(name);
    if (parse) parts.push(serialize.parse({ name: name ?? '', text: sql, types: [] }));
    const values = params.map((v) => {
      const value = prepareValue(v) as unknown;
      return value === null || value === undefined ? null : String(value);
    });
    parts.push(serialize.bind({ statement: name ?? '', values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
    const { messages } = await db.execProtocol(concatBytes(parts), { throwOnError: false, syncToFs: !inTransaction });
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: Row[] = [];
    let error: Error | undefined;
    for (const m of messages) {
      if (m.name === 'parseComplete' && name) prepared.add(name);
      else if (m.name === 'rowDescription') fields = (m as unknown as { fields: { name: string; dataTypeID: number }[] }).fields;
      else if (m.name === 'dataRow') {
        const values = (m as unknown as { fields: (string | null)[] }).fields;
        const row: Row = {};
        for (let i = 0; i < fields.length; i += 1) {
          const f = fields[i]!;
          row[f.name] = pgliteTypes.parseType(values[i] ?? null, f.dataTypeID, db.parsers);
        }
        rows.push(row);
      } else if (m instanceof pgliteProtocol.messages.DatabaseError) error ??= m;
    }
    if (error) throw error;
    return rows;
  };
}

async function openPostgres(connectionString: string, gate: Gate): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    // The gate lets at most this many callers at the pool, so the pool's own queue stays empty.
    max: gate.size,
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
  let roundTrips = 0;
  const names = new StatementNames();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      roundTrips += 1;
      const name = names.nameOf(sql);
      const result = await q.query<T>(name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] });
      return result.rows;
    },
  });
  const top = wrap(pool);
  return {
    kind: 'postgres',
    get roundTrips() {
      return roundTrips;
    },
    gate: gateView(gate),
    query: (sql, params) => gate.run(() => top.query(sql, params)),
    transaction: (fn) =>
      gate.run(async () => {
        const client = await pool.connect();
        try {
          roundTrips += 1;
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          roundTrips += 1;
          await client.query('COMMIT');
          return result;
        } catch (err) {
          roundTrips += 1;
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      }),
    exec: async (sql) => {
      await gate.run(() => pool.query(sql));
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
