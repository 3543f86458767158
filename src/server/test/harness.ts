/**
 * Integration-test harness: the real HTTP server on a free 127.0.0.1 port over
 * a fresh database. PGlite in memory by default; with DATABASE_URL set (the
 * PostgreSQL pass of .ci/run), a new database on that server per harness,
 * dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import type { LogTarget } from '../http/logging';
import { menuCacheOf } from '../http/menuCache';
import { createClock, type Clock } from '../clock';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/driver';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import type { HandlerMap } from '../operations/context';
import { encodeForm, DEFAULT_AUTHORIZATION_CODE, type Envelope } from '../../shared/protocol/envelope';
import { catalogue, type OperationName } from '../../shared/protocol/catalogue';

export interface Harness {
  url: string;
  db: Db;
  config: Config;
  app: FastifyInstance;
  /** The service's clock (the one the gateway and POST /sandbox/clock use). */
  clock: Clock;
  /** Sets the service's clock; null returns to real time. */
  setNow(now: Date | null): void;
  /** Waits until the menu answer cache has heard every change committed so far (http/menuCache.ts settled()). */
  menuSettled(): Promise<void>;
  close(): Promise<void>;
}

/** The database behind each running harness, by its URL: how a client finds a table's code to scan (GatewayClient.scanTable). */
const harnessDbs = new Map<string, Db>();

/** A fresh database on the PostgreSQL server `adminUrl` names, for one test file: its URL, and how to drop it. */
export async function throwawayDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function startHarness(
  overrides: Partial<Config> = {},
  options: { seed?: boolean; handlers?: HandlerMap; logger?: LogTarget } = {},
): Promise<Harness> {
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (adminUrl) ({ url: databaseUrl, drop: dropDatabase } = await throwawayDatabase(adminUrl));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    port: 0,
    dataDir: null,
    databaseUrl,
    staticDir: null,
    // Every test client signs in from 127.0.0.1: the anonymous-write limits (issue 16) are
    // lifted unless a test sets them (http/hardening.test.ts does).
    anonymousWriteLimits: { ipPerMinute: 100_000, globalPerMinute: 100_000, networkPerMinute: 100_000, failedIpPerMinute: 100_000, failedNetworkPerMinute: 100_000, slowMs: 0 },
    // Issue 22: the coupon look-up limits are lifted and the background pruning is off (tests move the
    // clock) unless a test sets them (operations/coupons/couponCodes.test.ts, operations/auth/signOut.test.ts do).
    couponLookupLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 },
    sessionPruning: { intervalMs: 0, batch: 1000, guestIdleDays: 7 },
    // ...and open their live streams from there: the per-IP cap (issue 22) is lifted the same way.
    streams: { perSession: 4, perIp: 100_000, max: 100_000 },
    // Issue 26: no print worker unless a test turns it on (printing/*.test.ts do): the demo's printers are the simulator's.
    print: { ...loadConfig({ NODE_ENV: 'test' }).print, worker: false },
    // Issue 29: no mail worker nor mail sink unless a test turns them on (receipts/*.test.ts do).
    mail: { ...loadConfig({ NODE_ENV: 'test' }).mail, worker: false, sink: false },
    ...overrides,
  };
  const db = await openDb({ databaseUrl, poolSize: config.dbPool.size ?? 5, maxQueue: config.dbPool.maxQueue, maxWaitMs: config.dbPool.maxWaitMs });
  await migrate(db);
  const clock = createClock();
  if (options.seed !== false) await seedDemo(db, new Date());
  const app = await buildServer({ db, config, clock, handlers: options.handlers, logger: options.logger });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  harnessDbs.set(address, db);
  return {
    url: address,
    db,
    config,
    app,
    clock,
    setNow: (now) => clock.set(now),
    menuSettled: async () => {
      await menuCacheOf(app)?.settled();
    },
    async close() {
      harnessDbs.delete(address);
      await app.close();
      await db.close();
      await dropDatabase?.();
    },
  };
}

/** A client that talks to the gateway the way the app does, keeping its cookie. */
export class GatewayClient {
  cookie = '';
  /** The tables this client scanned the code of (scan, scanTable). */
  readonly scannedTables = new Set<string>();
  constructor(
    readonly baseUrl: string,
    readonly lang = 'en',
  ) {}

  async raw(body: string, headers: Record<string, string> = {}): Promise<{ status: number; json: Envelope; headers: Headers }> {
    const res = await fetch(`${this.baseUrl}/HBBAPI/GetData`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': this.lang,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body,
    });
    // Every cookie set is kept (the session's and the table-scan proof), as a browser does.
    const set = res.headers.getSetCookie();
    if (set.length > 0) {
      const jar = new Map(this.cookie.split('; ').filter(Boolean).map((c) => [c.slice(0, c.indexOf('=')), c] as const));
      for (const header of set) {
        const pair = header.split(';')[0]!;
        jar.set(pair.slice(0, pair.indexOf('=')), pair);
      }
      this.cookie = [...jar.values()].join('; ');
    }
    const text = await res.text();
    let json: Envelope;
    try {
      json = JSON.parse(text) as Envelope;
    } catch {
      throw new Error(`not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, json, headers: res.headers };
  }

  /** Scans a table's code as the app does on entry (the shop page): this client may then share the table's sheet. */
  async scan(qrCode: string) {
    const res = await this.call('EShop_EShopShopPageGet_Get', [{ QRCode: qrCode }]);
    if (res.errcode !== '0') throw new Error(`scan ${qrCode}: ${res.errcode} ${res.errmsg}`);
    const tableId = res.data.table5?.[0]?.TableID;
    if (tableId) this.scannedTables.add(String(tableId));
    return res;
  }

  /** Scans the code of the table `tableId` of this client's harness (as a diner at it does, from its QR code). */
  async scanTable(tableId: string) {
    const db = harnessDbs.get(this.baseUrl);
    if (!db) throw new Error(`scanTable: no harness at ${this.baseUrl}`);
    const [t] = await db.query<{ qr_code: string }>('SELECT qr_code FROM dining_table WHERE table_id = $1', [tableId]);
    if (!t) return null; // no such table: nothing to scan (the order is refused for it)
    return this.scan(t.qr_code);
  }

  /** Calls an operation with tableData rows shaped like PROTOCOL.md's. */
  async call(name: OperationName | string, rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
    const service = (catalogue as Record<string, { service: number }>)[name]?.service ?? 1;
    const tableData = rows.map((row, i) => ({
      EntID: '881000000009',
      UserID: '888000000009',
      AppID: '@AppID',
      Secret: '@Secret',
      BSN: '@BSN',
      ...(i === 0 ? { AppName: 'test' } : {}),
      ...row,
    }));
    const body = encodeForm({
      HBBWSType: String(service),
      strKeyName: name,
      strJsonData: JSON.stringify({ tableData, ...extra }),
      strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
      IsRSA: '0',
      APIEntID: String(tableData[0]?.EntID ?? ''),
    });
    return (await this.raw(body)).json;
  }
}
