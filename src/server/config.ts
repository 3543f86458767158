/** The service's configuration, from the environment, with the demo's defaults. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_AUTHORIZATION_CODE } from '../shared/protocol/envelope';
import { DEFAULT_POOL_QUEUE, DEFAULT_POOL_WAIT_MS } from './db/driver';

export interface Config {
  host: string;
  port: number;
  /** PGlite data folder; ignored when databaseUrl is set. null: in memory. */
  dataDir: string | null;
  databaseUrl: string | undefined;
  authorizationCode: string;
  credentials: { AppID: string; Secret: string; BSN: string };
  /** The built app to serve; null serves no static files. */
  staticDir: string | null;
  /** Gateway body limit in bytes. */
  bodyLimit: number;
  /** Deepest nesting allowed in strJsonData. */
  maxJsonDepth: number;
  /** Sandbox providers (sign-in, payment, SMS, storage) on: the demo and tests. */
  sandbox: boolean;
  /** Seeds the demo enterprise into an empty database. */
  seedDemo: boolean;
  /** Session lifetime in days. */
  sessionDays: number;
  /** Marks the session cookie Secure (behind HTTPS in production). */
  secureCookies: boolean;
  /** The public origin the app is served from, for printed links. */
  publicUrl: string | null;
  /** Trust X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /**
   * The bearer token of the staff HTTP API (http/staff.ts), from STAFF_TOKEN.
   * Default 'demo-staff-token', except with NODE_ENV=production, where an
   * unset STAFF_TOKEN leaves the staff API off (null).
   */
  staffToken: string | null;
  /**
   * Fixed-window rate limits of the gateway's order submits and payment
   * operations (http/rateLimit.ts), per minute: per member (session) and per
   * client IP. RATE_LIMIT_MEMBER, RATE_LIMIT_IP.
   */
  rateLimits: { memberPerMinute: number; ipPerMinute: number };
  /**
   * The database connections and the back-pressure in front of them
   * (db/driver.ts): DB_POOL_SIZE connections to PostgreSQL (default 2 x
   * cores + 2; PGlite has one), at most DB_POOL_QUEUE requests waiting for
   * one, each at most DB_POOL_WAIT_MS; beyond either the answer is 50300
   * "busy, try again".
   */
  dbPool: { size: number | undefined; maxQueue: number; maxWaitMs: number };
  /**
   * The key of the payment provider's callback signatures (HMAC-SHA256). A
   * demo value unless NODE_ENV=production, where it must be set
   * (PAYMENT_SECRET); '' turns third-party payments off.
   */
  paymentSecret: string;
  /**
   * Sign-in (operations/auth, providers/{identity,sms,storage}): the key of
   * the upload policies' signatures (STORAGE_SECRET) and the access key id the
   * policies name (STORAGE_ACCESS_KEY_ID); the key SMS codes are hashed with
   * (SIGN_IN_SECRET). Demo values unless NODE_ENV=production.
   */
  storageSecret: string;
  storageAccessKeyId: string;
  signInSecret: string;
  /**
   * The key of the member codes counters scan (operations/auth/memberCode.ts,
   * MEMBER_CODE_SECRET): a demo value unless NODE_ENV=production, where an
   * unset key issues no member codes.
   */
  memberCodeSecret: string;
  /** SMS verification codes per phone and per client IP per (UTC) day: SMS_PHONE_DAILY_LIMIT, SMS_IP_DAILY_LIMIT. */
  smsLimits: { phonePerDay: number; ipPerDay: number };
  /**
   * Writes a caller without a member can make (guest sign-in, registration,
   * sign-in by openid, feedback, phone verification...: http/gateway.ts
   * `anonymousWrites`), per minute per client IP and for the whole service:
   * ANON_WRITE_LIMIT_IP, ANON_WRITE_LIMIT_GLOBAL. Over either, 42900.
   */
  anonymousWriteLimits: {
    ipPerMinute: number;
    globalPerMinute: number;
    /** Issue 22: per network (IPv4 /24, IPv6 /64): ANON_WRITE_LIMIT_NETWORK. */
    networkPerMinute: number;
    /** Failed anonymous writes (a bad code exchange...), counted apart, per IP and per network: ANON_FAIL_LIMIT_IP, ANON_FAIL_LIMIT_NETWORK. */
    failedIpPerMinute: number;
    failedNetworkPerMinute: number;
    /** Over globalPerMinute in a minute, each anonymous write waits this long first (ANON_WRITE_SLOW_MS); never refused for it. */
    slowMs: number;
  };
  // Issue 22, limits and identities (one block) ------------------------------------------
  /** Wrong staff tokens allowed per client IP per minute (STAFF_AUTH_FAILURES); beyond it every staff request from that IP is 429 with Retry-After until the minute ends. */
  staffAuthFailuresPerMinute: number;
  /**
   * Staff accounts (issue 26, http/staffAuth.ts): a staff session lasts
   * STAFF_SESSION_HOURS (12); wrong passwords (and PINs) per login name per
   * minute, STAFF_ACCOUNT_FAILURES (5), beyond which that login is 429 until
   * the minute ends (per client IP: STAFF_AUTH_FAILURES). With
   * STAFF_OWNER_LOGIN and STAFF_OWNER_PASSWORD set, the start creates that
   * owner account when the enterprise (STAFF_OWNER_ENT, or the only one with
   * outlets) has none.
   */
  staffAccounts: { sessionHours: number; accountFailuresPerMinute: number; owner: { login: string; password: string; entId: string | null } | null };
  /** Coupon look-ups (by code, and a coupon's details) per minute per member and per client IP: COUPON_LOOKUP_LIMIT_MEMBER, COUPON_LOOKUP_LIMIT_IP. */
  couponLookupLimits: { memberPerMinute: number; ipPerMinute: number };
  /** STAGING=1: a staging site, the only way NODE_ENV=production may run with SANDBOX=1. */
  staging: boolean;
  /** What main.ts prints on every start (a production staging site with the sandbox on). */
  warnings: string[];
  /** SERVE_SOURCE_MAPS=1 serves the build's .map files; otherwise they are 404. */
  serveSourceMaps: boolean;
  /**
   * The background pruning of sessions (http/sessionPruning.ts): every
   * intervalMs (SESSION_PRUNE_SECONDS, 60), at most `batch` expired sessions
   * and `batch` idle guests (nothing of theirs but sessions, created more than
   * GUEST_IDLE_DAYS ago, default 7) are deleted. 0 seconds turns it off.
   */
  sessionPruning: { intervalMs: number; batch: number; guestIdleDays: number };
  // ---------------------------------------------------------------------------------------
  /**
   * The key of the table-scan proofs (http/tableScan.ts): TABLE_SCAN_SECRET; a
   * demo value unless NODE_ENV=production, where an unset key is drawn at
   * random at start-up (set it when several instances share the traffic).
   */
  scanSecret: string;
  /**
   * What the Content-Security-Policy of the app's pages allows besides this
   * origin (http/securityHeaders.ts): the map tiles (MAP_TILES_URL), the API
   * and identity hosts the app was built for (API_HOST, TEST_API_HOST,
   * IDENTITY_BASE), and CSP_EXTRA_ORIGINS (space-separated origins for
   * images and connections: the object store, the identity providers'
   * avatar hosts).
   */
  csp: { mapTilesUrl: string | null; connectOrigins: string[]; extraOrigins: string[] };
  /** New error reports stored per enterprise per (UTC) day: FEEDBACK_DAILY_LIMIT; beyond it 42900 (a repeated report still counts on its record). */
  feedbackDailyLimit: number;
  /**
   * The address map's tiles (http/mapTiles.ts): MAP_TILES_URL, any XYZ tile
   * server's URL template ('https://tile.example.org/{z}/{x}/{y}.png'), with
   * MAP_ATTRIBUTION its credit line. Unset: the service draws its own simple
   * tiles from its street gazetteer at /map/tiles/{z}/{x}/{y}.svg, so the map
   * works with no network.
   */
  mapTilesUrl: string | null;
  mapAttribution: string;
  /**
   * The menu answer cache (http/menuCache.ts): the most it holds, in bytes
   * (MENU_CACHE_MB, default 64); 0 turns it off (every menu read goes to the
   * database, as before issue 15).
   */
  menuCacheBytes: number;
  /**
   * How long a third-party payment may stay pending before it expires
   * (operations/payments/expiry.ts): PAYMENT_PENDING_MINUTES, default 10.
   * Past it, the next touch of its sheet asks the provider and then releases
   * the table (or records the payment as paid, if the provider says so).
   */
  paymentPendingMinutes: number;

  // ---- Connections, live streams, shutdown, metrics and logs (issue 22, items 5, 14, 15) ----
  /**
   * The HTTP server's bounds (http/connections.ts): MAX_CONNECTIONS open
   * sockets (default three quarters of the open-file limit, at most 10,000);
   * REQUEST_TIMEOUT_MS for a whole request, headers and body, to arrive (a POST
   * whose body never comes is closed); CONNECTION_TIMEOUT_MS of silence on a
   * socket; KEEP_ALIVE_TIMEOUT_MS an idle keep-alive socket is kept;
   * MAX_REQUESTS_PER_SOCKET (0: no limit).
   */
  connections: { max: number; requestTimeoutMs: number; connectionTimeoutMs: number; keepAliveTimeoutMs: number; maxRequestsPerSocket: number };
  /**
   * Open live streams (events/streams.ts): STREAMS_PER_SESSION per session and
   * STREAMS_PER_IP per client IP (over either the oldest is closed: the newest
   * wins); STREAMS_MAX in all (over it a new stream is refused).
   */
  streams: { perSession: number; perIp: number; max: number };
  /** SIGTERM (http/shutdown.ts): the longest requests in flight are waited for before the service closes; SHUTDOWN_GRACE_MS. */
  shutdownGraceMs: number;
  /**
   * GET /metrics (http/metrics.ts): its bearer token, METRICS_TOKEN (the staff
   * token is taken too); METRICS_LOOPBACK=1 also answers a caller on this
   * machine with no token and no forwarding header (default on unless
   * NODE_ENV=production).
   */
  metrics: { token: string | null; loopback: boolean };
  /** JSON logs (pino, http/logging.ts): LOG=1/0 (default on with NODE_ENV=production), LOG_LEVEL (default info). */
  log: { enabled: boolean; level: string };
  // ---- Printed kitchen tickets (issue 26 section 3, server/printing/) ----
  /**
   * The print worker (printing/worker.ts) of this instance: PRINT_WORKER=0
   * turns it off (jobs still queue; another instance sends them). Every
   * PRINT_POLL_MS it claims due jobs, at most PRINT_CONCURRENCY printers at
   * once; a send gets PRINT_SEND_TIMEOUT_MS to connect and deliver; a failed
   * job is retried after PRINT_RETRY_MS, doubled per attempt up to
   * PRINT_RETRY_MAX_MS; a claim held longer than PRINT_CLAIM_MS (an instance
   * that died mid-send) is taken over by another worker.
   */
  print: {
    worker: boolean;
    pollMs: number;
    concurrency: number;
    sendTimeoutMs: number;
    retryMs: number;
    retryMaxMs: number;
    claimMs: number;
    /** PRINT_RETENTION_DAYS (default 14): printed jobs older than this are deleted by the worker's housekeeping. */
    retentionDays?: number;
    /** PRINT_HOUSEKEEPING_MS (default an hour): how often the worker deletes old printed jobs. */
    housekeepingMs?: number;
  };
  /**
   * E-receipts (issue 29 section 4, mail/worker.ts): mail is sent over SMTP to
   * SMTP_URL (smtp://user:pass@host:587, smtps:// for TLS) from MAIL_FROM. With
   * the sandbox on and no SMTP_URL, the service starts its own mail sink
   * (mail/sink.ts) on 127.0.0.1 (MAIL_SINK_PORT, a free port by default) and
   * sends there: the demo's mail shows at /sandbox/mail. Without either,
   * receipts queue and are not sent. MAIL_WORKER=0 turns this instance's
   * worker off; it polls every MAIL_POLL_MS (and at once when a mail is
   * queued here), retries after MAIL_RETRY_MS doubled per attempt up to
   * MAIL_RETRY_MAX_MS, and gives up after MAIL_MAX_ATTEMPTS.
   */
  mail: { smtpUrl: string | null; from: string; sink: boolean; sinkPort: number; worker: boolean; pollMs: number; retryMs: number; retryMaxMs: number; maxAttempts: number; sendTimeoutMs: number };
}

/** The demo's payment callback key: never use it in production. */
export const DEMO_PAYMENT_SECRET = 'demo-payment-secret-not-for-production';

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not ${raw}`);
  return n;
}

function nonNegativeInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be 0 or a positive integer, not ${raw}`);
  return n;
}

// Issue 22, limits and identities (one block) ----------------------------------------------

/** The least a production STAFF_TOKEN must carry, in bits. */
export const STAFF_TOKEN_MIN_BITS = 128;

/**
 * What a staff token is worth against guessing, in bits: its length times
 * log2 of the smallest alphabet it is drawn from (digits 10, hex 16, lower
 * case letters and digits 36, letters and digits 62, base64/base64url 64,
 * printable ASCII 95), and 0 for a token of fewer than 8 distinct
 * characters (aaaa..., a word repeated). 128 bits: 32 hex characters, 22
 * base64 characters (`openssl rand -base64 24`, `openssl rand -hex 16`).
 */
export function staffTokenBits(token: string): number {
  if (new Set(token).size < 8) return 0;
  const alphabets: [RegExp, number][] = [
    [/^[0-9]+$/, 10],
    [/^[0-9a-f]+$/i, 16],
    [/^[0-9a-z]+$/, 36],
    [/^[0-9A-Za-z]+$/, 62],
    [/^[0-9A-Za-z+/_=-]+$/, 64],
  ];
  const size = alphabets.find(([re]) => re.test(token))?.[1] ?? 95;
  return Math.floor(token.length * Math.log2(size));
}

function issue22Config(env: NodeJS.ProcessEnv, production: boolean) {
  const sandbox = env.SANDBOX ? env.SANDBOX === '1' : !production;
  const staging = env.STAGING === '1';
  const warnings: string[] = [];
  if (production && sandbox) {
    if (!staging) {
      throw new Error(
        'NODE_ENV=production with SANDBOX=1: the sandbox sign-in, SMS outbox and clock would let anyone take over any member. ' +
          'Unset SANDBOX, or set STAGING=1 if this is a staging site.',
      );
    }
    warnings.push('WARNING: a staging site (STAGING=1): NODE_ENV=production with the sandbox on (sign-in, SMS outbox, clock, payments). Never serve real customers from it.');
  }
  if (production && env.STAFF_TOKEN) {
    const bits = staffTokenBits(env.STAFF_TOKEN);
    if (bits < STAFF_TOKEN_MIN_BITS) {
      throw new Error(
        `STAFF_TOKEN is too weak for production (about ${bits} bits; at least ${STAFF_TOKEN_MIN_BITS}): ` +
          'use 22 or more random base64 characters or 32 hex characters, e.g. `openssl rand -base64 24`.',
      );
    }
  }
  const pruneSeconds = nonNegativeInt(env, 'SESSION_PRUNE_SECONDS', 60);
  return {
    staffAuthFailuresPerMinute: positiveInt(env, 'STAFF_AUTH_FAILURES', 10),
    staffAccounts: {
      sessionHours: positiveInt(env, 'STAFF_SESSION_HOURS', 12),
      accountFailuresPerMinute: positiveInt(env, 'STAFF_ACCOUNT_FAILURES', 5),
      owner: env.STAFF_OWNER_LOGIN && env.STAFF_OWNER_PASSWORD ? { login: env.STAFF_OWNER_LOGIN, password: env.STAFF_OWNER_PASSWORD, entId: env.STAFF_OWNER_ENT || null } : null,
    },
    couponLookupLimits: {
      memberPerMinute: positiveInt(env, 'COUPON_LOOKUP_LIMIT_MEMBER', 10),
      ipPerMinute: positiveInt(env, 'COUPON_LOOKUP_LIMIT_IP', 60),
    },
    staging,
    warnings,
    serveSourceMaps: env.SERVE_SOURCE_MAPS === '1',
    sessionPruning: { intervalMs: pruneSeconds * 1000, batch: 1000, guestIdleDays: positiveInt(env, 'GUEST_IDLE_DAYS', 7) },
  };
}
// ------------------------------------------------------------------------------------------

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    // An empty DATA_DIR is the default, not the working directory itself.
    dataDir: env.DATA_DIR === ':memory:' ? null : resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    authorizationCode: env.AUTHORIZATION_CODE ?? DEFAULT_AUTHORIZATION_CODE,
    credentials: {
      AppID: env.HBB_APP_ID ?? 'demo-app',
      Secret: env.HBB_SECRET ?? 'demo-secret',
      BSN: env.HBB_BSN ?? 'demo-bsn',
    },
    staticDir: env.STATIC_DIR === '' ? null : resolve(env.STATIC_DIR ?? 'dist'),
    bodyLimit: Number(env.BODY_LIMIT ?? 256 * 1024),
    maxJsonDepth: Number(env.MAX_JSON_DEPTH ?? 8),
    sandbox: env.SANDBOX ? env.SANDBOX === '1' : !production,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : !production,
    sessionDays: Number(env.SESSION_DAYS ?? 30),
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === '1' : production,
    publicUrl: env.PUBLIC_URL ?? null,
    trustProxy: env.TRUST_PROXY === '1',
    staffToken: env.STAFF_TOKEN ? env.STAFF_TOKEN : production ? null : 'demo-staff-token',
    rateLimits: {
      memberPerMinute: positiveInt(env, 'RATE_LIMIT_MEMBER', 20),
      ipPerMinute: positiveInt(env, 'RATE_LIMIT_IP', 120),
    },
    dbPool: {
      size: env.DB_POOL_SIZE ? positiveInt(env, 'DB_POOL_SIZE', 1) : undefined,
      maxQueue: positiveInt(env, 'DB_POOL_QUEUE', DEFAULT_POOL_QUEUE),
      maxWaitMs: positiveInt(env, 'DB_POOL_WAIT_MS', DEFAULT_POOL_WAIT_MS),
    },
    paymentSecret: env.PAYMENT_SECRET ?? (production ? '' : DEMO_PAYMENT_SECRET),
    storageSecret: env.STORAGE_SECRET ?? (production ? '' : 'demo-storage-secret-not-for-production'),
    storageAccessKeyId: env.STORAGE_ACCESS_KEY_ID ?? 'sandbox-access-key',
    signInSecret: env.SIGN_IN_SECRET ?? (production ? '' : 'demo-sign-in-secret-not-for-production'),
    memberCodeSecret: env.MEMBER_CODE_SECRET ?? (production ? '' : 'demo-member-code-secret-not-for-production'),
    smsLimits: {
      phonePerDay: positiveInt(env, 'SMS_PHONE_DAILY_LIMIT', 10),
      ipPerDay: positiveInt(env, 'SMS_IP_DAILY_LIMIT', 50),
    },
    anonymousWriteLimits: {
      ipPerMinute: positiveInt(env, 'ANON_WRITE_LIMIT_IP', 60),
      globalPerMinute: positiveInt(env, 'ANON_WRITE_LIMIT_GLOBAL', 1200),
      networkPerMinute: positiveInt(env, 'ANON_WRITE_LIMIT_NETWORK', 240),
      failedIpPerMinute: positiveInt(env, 'ANON_FAIL_LIMIT_IP', 20),
      failedNetworkPerMinute: positiveInt(env, 'ANON_FAIL_LIMIT_NETWORK', 60),
      slowMs: nonNegativeInt(env, 'ANON_WRITE_SLOW_MS', 500),
    },
    // Issue 22, limits and identities (one block) ----------------------------------------
    ...issue22Config(env, production),
    // -------------------------------------------------------------------------------------
    feedbackDailyLimit: positiveInt(env, 'FEEDBACK_DAILY_LIMIT', 1000),
    csp: {
      mapTilesUrl: env.MAP_TILES_URL || null,
      connectOrigins: [env.API_HOST, env.TEST_API_HOST, env.IDENTITY_BASE].filter((v): v is string => Boolean(v)),
      extraOrigins: (env.CSP_EXTRA_ORIGINS ?? '').split(/\s+/).filter(Boolean),
    },
    scanSecret: env.TABLE_SCAN_SECRET || (production ? randomBytes(32).toString('hex') : 'demo-table-scan-secret-not-for-production'),
    mapTilesUrl: env.MAP_TILES_URL || null,
    mapAttribution: env.MAP_ATTRIBUTION ?? '',
    menuCacheBytes: Math.max(0, Number(env.MENU_CACHE_MB ?? 64) || 0) * 1024 * 1024,
    paymentPendingMinutes: positiveInt(env, 'PAYMENT_PENDING_MINUTES', 10),

    // ---- Connections, live streams, shutdown, metrics and logs (issue 22, items 5, 14, 15) ----
    ...connectionSettings(env, production),
  };
}

function connectionSettings(env: NodeJS.ProcessEnv, production: boolean) {
  const maxConnections = positiveInt(env, 'MAX_CONNECTIONS', defaultMaxConnections());
  return {
    connections: {
      max: maxConnections,
      requestTimeoutMs: positiveInt(env, 'REQUEST_TIMEOUT_MS', 30_000),
      connectionTimeoutMs: positiveInt(env, 'CONNECTION_TIMEOUT_MS', 60_000),
      keepAliveTimeoutMs: positiveInt(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000),
      maxRequestsPerSocket: nonNegativeInt(env, 'MAX_REQUESTS_PER_SOCKET', 0),
    },
    streams: {
      perSession: positiveInt(env, 'STREAMS_PER_SESSION', 4),
      perIp: positiveInt(env, 'STREAMS_PER_IP', 64),
      max: positiveInt(env, 'STREAMS_MAX', Math.max(1, Math.floor(maxConnections / 2))),
    },
    shutdownGraceMs: nonNegativeInt(env, 'SHUTDOWN_GRACE_MS', 10_000),
    metrics: { token: env.METRICS_TOKEN || null, loopback: env.METRICS_LOOPBACK ? env.METRICS_LOOPBACK === '1' : !production },
    log: { enabled: env.LOG ? env.LOG === '1' : production, level: env.LOG_LEVEL || 'info' },
    print: printSettings(env),
    mail: mailSettings(env, production),
  };
}

function mailSettings(env: NodeJS.ProcessEnv, production: boolean): Config['mail'] {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${smtpUrl}`);
  const sandbox = env.SANDBOX ? env.SANDBOX === '1' : !production;
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || 'HBB Order <receipts@hbb-order.invalid>',
    sink: !smtpUrl && sandbox && env.MAIL_SINK !== '0',
    sinkPort: nonNegativeInt(env, 'MAIL_SINK_PORT', 0),
    worker: env.MAIL_WORKER ? env.MAIL_WORKER === '1' : true,
    pollMs: positiveInt(env, 'MAIL_POLL_MS', 5_000),
    retryMs: positiveInt(env, 'MAIL_RETRY_MS', 5_000),
    retryMaxMs: positiveInt(env, 'MAIL_RETRY_MAX_MS', 300_000),
    maxAttempts: positiveInt(env, 'MAIL_MAX_ATTEMPTS', 10),
    sendTimeoutMs: positiveInt(env, 'MAIL_SEND_TIMEOUT_MS', 15_000),
  };
}

function printSettings(env: NodeJS.ProcessEnv): Config['print'] {
  const sendTimeoutMs = positiveInt(env, 'PRINT_SEND_TIMEOUT_MS', 5_000);
  return {
    worker: env.PRINT_WORKER ? env.PRINT_WORKER === '1' : true,
    pollMs: positiveInt(env, 'PRINT_POLL_MS', 500),
    concurrency: positiveInt(env, 'PRINT_CONCURRENCY', 8),
    sendTimeoutMs,
    retryMs: positiveInt(env, 'PRINT_RETRY_MS', 1_000),
    retryMaxMs: positiveInt(env, 'PRINT_RETRY_MAX_MS', 30_000),
    // Longer than a send can take, so a live worker's claim never runs out under it.
    claimMs: Math.max(positiveInt(env, 'PRINT_CLAIM_MS', 60_000), sendTimeoutMs * 2),
    retentionDays: positiveInt(env, 'PRINT_RETENTION_DAYS', 14),
    housekeepingMs: positiveInt(env, 'PRINT_HOUSEKEEPING_MS', 3_600_000),
  };
}

/** Three quarters of the process's open-file limit (Linux), at most 10,000: the default MAX_CONNECTIONS. */
export function defaultMaxConnections(): number {
  let soft = 4096;
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (line) soft = line[1] === 'unlimited' ? 1_000_000 : Number(line[1]);
  } catch {
    // not Linux: the default stands
  }
  return Math.max(64, Math.min(10_000, Math.floor(soft * 0.75)));
}
