/**
 * The menu answer cache (issue 15): the whole answer of a menu read (the
 * envelope, serialised once, and its brotli and gzip forms, made once) kept
 * per shop, language and payload, answered with an ETag (304 to an
 * If-None-Match that names it) and sent as the stored bytes: no database, no
 * JSON serialising, no compression per request.
 *
 * What a cached answer depends on, and how each is covered:
 * - the payload fields the handler reads (CACHED below: ShopID, ClassID,
 *   BaseID, PageIndex, PageSize): in the key; every other field (EntID,
 *   UserID, AppName, the placeholders) is unread by these handlers;
 * - the caller's language (Accept-Language, the three languages): in the key;
 * - the session: not read by these handlers (public menu, `anyone`); a cached
 *   read is answered the same with or without one, and never sets a cookie
 *   (a handler that tried to would make the read fall through to the gateway);
 * - the menu's rows (goods, classes, skus, pack units, bundle groups, add-ons,
 *   promotions, the shop, the enterprise's time zone and AppLanguage): every
 *   change NOTIFYs 'hbb_menu' from a trigger in the changing transaction
 *   (migrations/011_menu_cache.sql), so every instance LISTENing drops the
 *   answers it names when the change commits;
 * - the clock (a promotion starts or ends, a week-day promotion's day turns):
 *   each answer holds the span of time it is right for (from the last
 *   promotion edge at or before its now to the next one after, within the
 *   enterprise's local day when a week-day promotion touches it) and is used
 *   only while the service's clock (the settable one) is inside that span.
 *
 * Races: a read that started before a change commits may finish after the
 * change's notification; it is answered but not stored (the epoch moved). A
 * notification cannot arrive before its commit, so a stored answer is never
 * older than the last notification received. When the listening connection
 * drops, notifications in the gap are lost: the cache is cleared when it comes
 * back, and a ping through the channel every PING_MS finds a listener that
 * stopped hearing: the cache is then bypassed (every read goes to the
 * gateway) until a ping comes through again.
 *
 * Consistency: a change is seen by the next read once its notification has
 * reached the instance (on PostgreSQL about a millisecond after the commit,
 * over the listener's own connection). A read sent in that gap, right after
 * a write made on another connection, can still get the answer before the
 * change; `settled()` waits the gap out (the tests that write with SQL and read
 * at once use it). Order submits and the stock poll never read the cache.
 *
 * Requests the cache does not answer (another operation, a malformed or
 * refused request, an unknown shop, the cache off) go on to the gateway
 * unchanged, which answers them as before. Order submits never read prices
 * from here: they read the database in their own transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogue, type OperationName } from '../../shared/protocol/catalogue';
import { GATEWAY_PATH, type ResultTables } from '../../shared/protocol/envelope';
import { schemas } from '../../shared/protocol/schemas';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/driver';
import { langFromHeader, type Lang } from '../messages';
import type { HandlerMap, OpContext } from '../operations/context';
import { FormError, parseForm, parseJsonData } from './form';
import { checkResult, envelope } from './gateway';
import { tagCode, tagOperation } from './requestTags';

export const MENU_CHANNEL = 'hbb_menu';

/** The cached operations and the payload fields their handlers read (all of them: the key is made of these). */
export const CACHED: Partial<Record<OperationName, readonly string[]>> = {
  HBBPos_GoodsClass_GoodsList_V9_Get: ['ShopID', 'ClassID', 'BaseID', 'PageIndex', 'PageSize'],
  Goods_GoodsShopHomeGoodsByPage_Get: ['ShopID', 'PageIndex', 'PageSize'],
  HBBPos_AllGoodsClassGet_Get: ['ShopID', 'BaseID'],
};

const FORM_TYPE = 'application/x-www-form-urlencoded';
const PING_MS = 5_000;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface MenuCacheOptions {
  /** Most bytes held (the JSON and both compressed forms of every answer). Default 64 MiB. */
  maxBytes?: number;
  /** Ping the channel this often to find a listener that stopped hearing (ms; 0 off). */
  pingMs?: number;
}

export interface MenuCacheDeps {
  db: Db;
  config: Config;
  handlers: HandlerMap;
  clock: () => Date;
  options?: MenuCacheOptions;
}

interface Entry {
  key: string;
  shopId: string;
  entId: string;
  etag: string;
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The span of the service's time this answer is right for: [since, until). */
  since: number;
  until: number;
  bytes: number;
}

/** What a request asks for, once its form and payload are known to be valid. */
interface Ask {
  name: OperationName;
  shopId: string;
  fields: string;
  payload: unknown;
}

/** The span of time around `now` in which no promotion of the shop starts or ends (see the header). */
const WINDOW_SQL = `
  WITH d AS (
    SELECT s.ent_id, s.shop_id,
           date_trunc('day', $2::timestamptz AT TIME ZONE e.time_zone) AT TIME ZONE e.time_zone AS day_start,
           (date_trunc('day', $2::timestamptz AT TIME ZONE e.time_zone) + interval '1 day') AT TIME ZONE e.time_zone AS day_end
      FROM shop s JOIN enterprise e ON e.ent_id = s.ent_id WHERE s.shop_id = $1)
  SELECT d.ent_id AS "entId", d.day_start AS "dayStart", d.day_end AS "dayEnd",
         (SELECT max(v.t) FROM promote_plan pp CROSS JOIN LATERAL (VALUES (pp.begin_at), (pp.end_at)) v(t)
           WHERE pp.shop_id = d.shop_id AND v.t <= $2::timestamptz) AS "since",
         (SELECT min(v.t) FROM promote_plan pp CROSS JOIN LATERAL (VALUES (pp.begin_at), (pp.end_at)) v(t)
           WHERE pp.shop_id = d.shop_id AND v.t > $2::timestamptz) AS "until",
         EXISTS (SELECT 1 FROM promote_plan pp WHERE pp.shop_id = d.shop_id AND btrim(pp.week_days) <> ''
                    AND pp.begin_at < d.day_end AND pp.end_at > d.day_start) AS "weekly"
    FROM d`;

interface WindowRow {
  entId: string;
  dayStart: Date;
  dayEnd: Date;
  since: Date | null;
  until: Date | null;
  weekly: boolean;
}

const time = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/** The encoding to send: brotli, else gzip, else none (q=0 refuses one; `*` stands for any not named). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(token.trim(), qp ? Number(qp.slice(2)) || 0 : 1);
  }
  const accepts = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** True when an If-None-Match header names the ETag (weak or strong), or is `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export class MenuCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byShop = new Map<string, Set<string>>();
  private readonly inFlight = new Map<string, Promise<Entry | null>>();
  /** Validated strJsonData texts (the same text is the same payload): skips JSON and schema work on a hit. */
  private readonly asks = new Map<string, Ask | null>();
  private bytes = 0;
  /** Moves on every invalidation: a read that began in an older epoch is not stored. */
  private epoch = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private pingTimer: NodeJS.Timeout | undefined;
  private readonly instance = randomBytes(6).toString('hex');
  private pingsSent = 0;
  /** The last ping the database took (sent; its notification must come back before the next tick). */
  private pingConfirmed = 0;
  private pingSeen = 0;
  private syncsSent = 0;
  private readonly syncs = new Map<string, () => void>();
  /** False while the listener is not known to hear notifications: the cache is bypassed. */
  healthy = false;
  readonly stats = { hits: 0, misses: 0, notModified: 0, invalidations: 0, bypassed: 0 };
  private readonly maxBytes: number;

  constructor(private readonly deps: MenuCacheDeps) {
    this.maxBytes = deps.options?.maxBytes ?? 64 * 1024 * 1024;
  }

  async start(): Promise<void> {
    this.stopListening = await this.deps.db.listen(MENU_CHANNEL, (payload) => this.onNotify(payload), () => this.onReconnect());
    this.healthy = true;
    const every = this.deps.options?.pingMs ?? PING_MS;
    if (every > 0) {
      this.pingTimer = setInterval(() => void this.ping(), every);
      this.pingTimer.unref();
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.pingTimer);
    const stop = this.stopListening;
    this.stopListening = null;
    this.healthy = false;
    await stop?.();
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  /** A notification from the channel (a trigger's 'shop:…', 'ent:…', 'all', or a ping). */
  onNotify(payload: string): void {
    if (payload.startsWith('sync:')) {
      this.syncs.get(payload)?.();
      return;
    }
    if (payload.startsWith('ping:')) {
      const [, from, n] = payload.split(':');
      if (from === this.instance) {
        this.pingSeen = Math.max(this.pingSeen, Number(n));
        if (this.pingSeen >= this.pingConfirmed) this.healthy = true;
      }
      return;
    }
    this.epoch += 1;
    this.stats.invalidations += 1;
    if (payload.startsWith('shop:')) this.dropShop(payload.slice(5));
    else if (payload.startsWith('ent:')) {
      const entId = payload.slice(4);
      for (const e of [...this.entries.values()]) if (e.entId === entId) this.drop(e.key);
    } else this.clear();
  }

  /**
   * Resolves when this instance has heard every notification of the changes
   * committed before the call (notifications reach a listener in commit order,
   * so a token sent now comes after them): for a reader that must see a write
   * it just made on another connection (tests; at most 5 s).
   */
  async settled(): Promise<void> {
    if (!this.stopListening) return;
    const token = `sync:${this.instance}:${(this.syncsSent += 1)}`;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 5000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.syncs.set(token, done);
      this.deps.db.query('SELECT pg_notify($1, $2)', [MENU_CHANNEL, token]).catch(done);
    });
    this.syncs.delete(token);
  }

  private onReconnect(): void {
    // Notifications of the gap are lost: nothing cached before it can be trusted.
    this.epoch += 1;
    this.clear();
  }

  private async ping(): Promise<void> {
    // The previous ping never came back: the listener does not hear; stop trusting the cache.
    if (this.pingConfirmed && this.pingSeen < this.pingConfirmed && this.healthy) {
      this.healthy = false;
      this.epoch += 1;
      this.clear();
    }
    // A ping the database refused (busy) is not counted: only one it took must come back.
    const n = (this.pingsSent += 1);
    const sent = await this.deps.db
      .query('SELECT pg_notify($1, $2)', [MENU_CHANNEL, `ping:${this.instance}:${n}`])
      .then(() => true, () => false);
    if (sent) this.pingConfirmed = Math.max(this.pingConfirmed, n);
  }

  clear(): void {
    this.entries.clear();
    this.byShop.clear();
    this.bytes = 0;
  }

  private dropShop(shopId: string): void {
    const keys = this.byShop.get(shopId);
    if (!keys) return;
    for (const key of [...keys]) this.drop(key);
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
    const keys = this.byShop.get(e.shopId);
    keys?.delete(key);
    if (keys && keys.size === 0) this.byShop.delete(e.shopId);
  }

  private store(e: Entry): void {
    if (e.bytes > this.maxBytes / 4) return;
    this.drop(e.key);
    this.entries.set(e.key, e);
    this.bytes += e.bytes;
    let keys = this.byShop.get(e.shopId);
    if (!keys) this.byShop.set(e.shopId, (keys = new Set()));
    keys.add(e.key);
    // Least recently used first (a hit moves its entry to the end).
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  /**
   * The request as a cacheable read, or null when it is not one (or not a
   * valid one: the gateway then answers it, with its own error).
   */
  private askOf(req: FastifyRequest): Ask | null {
    const contentType = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== FORM_TYPE || typeof req.body !== 'string') return null;
    let form: Map<string, string>;
    try {
      form = parseForm(req.body);
    } catch {
      return null;
    }
    const name = form.get('strKeyName') as OperationName | undefined;
    if (!name || !Object.hasOwn(CACHED, name)) return null;
    if (form.get('strAuthorizationCode') !== this.deps.config.authorizationCode) return null;
    if (form.get('HBBWSType')?.trim() !== String(catalogue[name].service)) return null;
    const isRsa = form.get('IsRSA');
    if (isRsa !== undefined && isRsa !== '0') return null;
    const jsonText = form.get('strJsonData');
    if (jsonText === undefined) return null;
    const memoKey = `${name}\n${jsonText}`;
    const known = this.asks.get(memoKey);
    if (known !== undefined) return known;
    let ask: Ask | null = null;
    try {
      const json = parseJsonData(jsonText, { maxDepth: this.deps.config.maxJsonDepth });
      const parsed = schemas[name].payload.safeParse(json);
      if (parsed.success) {
        const payload = parsed.data as { tableData: Record<string, unknown>[] };
        const row = payload.tableData[0] ?? {};
        const fields = JSON.stringify(CACHED[name]!.map((f) => row[f] ?? null));
        ask = { name, shopId: String(row.ShopID ?? ''), fields, payload };
      }
    } catch (err) {
      if (!(err instanceof FormError)) throw err;
    }
    if (this.asks.size >= 5000) this.asks.clear();
    this.asks.set(memoKey, ask);
    return ask;
  }

  /** Answers a cacheable read from the cache (reading it into the cache first if need be); false: the gateway answers. */
  async serve(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!this.healthy) return false;
    const ask = this.askOf(req);
    if (!ask || !ask.shopId) return false;
    const lang = langFromHeader(req.headers['accept-language']);
    const key = `${ask.name}\n${lang}\n${ask.fields}`;
    const now = this.deps.clock().getTime();
    let entry = this.entries.get(key);
    if (entry && now >= entry.since && now < entry.until) {
      this.stats.hits += 1;
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      entry = (await this.read(key, ask, lang, req)) ?? undefined;
      if (!entry) {
        this.stats.bypassed += 1;
        return false;
      }
      this.stats.misses += 1;
    }
    tagOperation(req, ask.name);
    tagCode(req, '0');
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', 'Accept-Encoding, Accept-Language');
    if (matches(req.headers['if-none-match'], entry.etag)) {
      this.stats.notModified += 1;
      reply.code(304).send();
      return true;
    }
    reply.header('Content-Type', 'application/json; charset=utf-8');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    reply.send(encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.json);
    return true;
  }

  /** Reads the answer (one reader per key at a time); null when the gateway should answer instead. */
  private read(key: string, ask: Ask, lang: Lang, req: FastifyRequest): Promise<Entry | null> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const epoch = this.epoch;
    const reading = this.compute(key, ask, lang, req)
      .then((entry) => {
        if (entry && epoch === this.epoch && this.healthy) this.store(entry);
        return entry;
      })
      .catch(() => null)
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, reading);
    return reading;
  }

  private async compute(key: string, ask: Ask, lang: Lang, req: FastifyRequest): Promise<Entry | null> {
    const { db, config, handlers } = this.deps;
    const handler = handlers[ask.name] as ((ctx: OpContext, p: unknown) => Promise<ResultTables>) | undefined;
    if (!handler) return null;
    const nowDate = this.deps.clock();
    const { data, window } = await db.transaction(async (tx: Queryable) => {
      const ctx: OpContext = {
        tx,
        session: null,
        lang,
        now: nowDate,
        config,
        credentials: config.credentials,
        ip: req.ip,
        scannedTables: [],
        startSession() {
          throw new Error('a cached menu read may not start a session');
        },
        rememberScan() {
          throw new Error('a cached menu read may not remember a table');
        },
      };
      const result = await handler(ctx, ask.payload);
      const [row] = await tx.query<WindowRow & Record<string, unknown>>(WINDOW_SQL, [ask.shopId, nowDate]);
      return { data: result, window: row };
    });
    if (!window) return null;
    if (checkResultsOn()) checkResult(ask.name, data);
    const now = nowDate.getTime();
    let since = time(window.since) ?? -Infinity;
    let until = time(window.until) ?? Infinity;
    if (window.weekly) {
      since = Math.max(since, time(window.dayStart)!);
      until = Math.min(until, time(window.dayEnd)!);
    }
    if (!(now >= since && now < until)) return null;
    const json = Buffer.from(JSON.stringify(envelope(data)));
    const [br, gzipped] = await Promise.all([
      brotli(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
      gz(json, { level: 9 }),
    ]);
    const etag = `"m${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return {
      key,
      shopId: ask.shopId,
      entId: window.entId,
      etag,
      json,
      br,
      gzip: gzipped,
      since,
      until,
      bytes: json.length + br.length + gzipped.length + key.length * 2 + 200,
    };
  }
}

/** As the gateway decides it: result schemas checked under tests (NODE_ENV=test) or CHECK_RESULTS=1. */
const checkResultsOn = () => (process.env.CHECK_RESULTS ? process.env.CHECK_RESULTS === '1' : process.env.NODE_ENV === 'test');

const caches = new WeakMap<FastifyInstance, MenuCache>();

/** The menu cache of a server built by buildServer (undefined when it is off): for tests and benchmarks. */
export function menuCacheOf(app: FastifyInstance): MenuCache | undefined {
  return caches.get(app);
}

/**
 * Puts the cache in front of the gateway: a preHandler on the gateway's route
 * (register before the gateway's routes, so the route inherits it). Returns
 * the cache (tests read its stats); it starts listening now and stops when
 * the server closes.
 */
export async function registerMenuCache(app: FastifyInstance, deps: MenuCacheDeps): Promise<MenuCache> {
  const cache = new MenuCache(deps);
  await cache.start();
  caches.set(app, cache);
  app.addHook('onClose', async () => {
    await cache.stop();
  });
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'POST' || req.routeOptions.url !== GATEWAY_PATH) return;
    if (await cache.serve(req, reply)) return reply;
  });
  return cache;
}
