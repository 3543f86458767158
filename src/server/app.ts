/**
 * Builds the HTTP service: the gateway, the built app (long-lived caching for
 * hashed files, compression), a health check and, when config.sandbox is on,
 * the sandbox routes; the payment callback (and, in the sandbox, the payment
 * provider's pages). main.ts listens; tests call buildServer and listen on a
 * free port. One settable clock serves the gateway and the sandbox.
 *
 * Around every route (issue 22): the server's connection bounds
 * (http/connections.ts), the shutdown's drain (http/shutdown.ts), the request
 * log and ids (http/logging.ts) and GET /metrics (http/metrics.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { toClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/driver';
import { gatewayRoutes } from './http/gateway';
import { identityRoutes, registerFoodAppBridge } from './http/identity';
import { mapTileRoutes } from './http/mapTiles';
import { registerMenuCache } from './http/menuCache';
import { paymentRoutes } from './http/payments';
import { sandboxRoutes } from './http/sandbox';
import { sandboxMailRoutes } from './http/sandboxMail';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerSessionPruning } from './http/sessionPruning';
import { registerPrintWorker } from './printing/worker';
import { registerMail } from './mail/worker';
import { staffRoutes } from './http/staff';
import { staffScreenRoutes } from './http/staffScreen';
import { staffAccountRoutesPlugin } from './http/staffAccounts';
import { staffBoardRoutesPlugin } from './http/staffBoard';
import { eventRoutes, STREAM_ROUTES, type EventStreamOptions } from './events/routes';
import { OpenStreams } from './events/streams';
import { limitConnections, serverOptions } from './http/connections';
import { loggingOptions, registerRequestLog, type LogTarget } from './http/logging';
import { metricsRoutes } from './http/metrics';
import { Lifecycle, registerLifecycle } from './http/shutdown';
import { storageRoutes } from './http/storage';
import { handlers as defaultHandlers } from './operations';
import type { HandlerMap } from './operations/context';

export interface ServerDeps {
  db: Db;
  config: Config;
  /** The service's clock (shared by the gateway and the sandbox); a plain function is wrapped. Default: real time. */
  clock?: Clock | (() => Date);
  handlers?: HandlerMap;
  /** Logs (http/logging.ts): default config.log; false for none; a stream to capture them (tests). */
  logger?: LogTarget;
  /** Live streams' heartbeat, per-client buffer and resume limits (events/routes.ts). */
  events?: Partial<EventStreamOptions>;
}

/** A source map, or a compressed copy of one. */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

/** Hashed asset names (app.3f9a1c2e.js) never change content: cache them for a year. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|png|woff2?)$/;

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { db, config } = deps;
  const clock = toClock(deps.clock);
  const app = Fastify({
    ...loggingOptions(config, deps.logger),
    ...serverOptions(config),
    // The drain answers requests that come while the server closes (http/shutdown.ts), not Fastify's bare 503.
    return503OnClosing: false,
    // Bodies are limited per route; this is the ceiling for everything else.
    bodyLimit: Math.max(config.bodyLimit, 1024 * 1024),
    // Only behind a proxy that sets X-Forwarded-For itself may it be trusted; otherwise a
    // client could choose its own IP and dodge the per-IP limits.
    trustProxy: config.trustProxy,
  });
  limitConnections(app, config);
  // First of all hooks: the drain counts every request taken and refuses new ones while it lasts.
  const streams = new OpenStreams(config.streams);
  const lifecycle = new Lifecycle(streams, STREAM_ROUTES);
  registerLifecycle(app, lifecycle);
  registerRequestLog(app);
  metricsRoutes(app, { config, db, streams, lifecycle });
  await app.register(fastifyCookie);
  // Security headers on every answer, the app's page and files first of all (issue 16).
  registerSecurityHeaders(app, config);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  // Menu reads answered from the menu answer cache (issue 15), in front of the gateway's route.
  if (config.menuCacheBytes > 0) {
    await registerMenuCache(app, {
      db,
      config,
      handlers: deps.handlers ?? defaultHandlers,
      clock: () => clock.now(),
      options: { maxBytes: config.menuCacheBytes },
    });
  }
  await app.register(gatewayRoutes, { db, config, handlers: deps.handlers ?? defaultHandlers, clock: () => clock.now() });
  if (config.sandbox) await app.register(sandboxRoutes, { clock, db, config });
  // What the sandbox's mail sink received (issue 29): /sandbox/mail.
  if (config.sandbox) await app.register(sandboxMailRoutes, { db });
  // Sign-in providers, SMS outbox and object storage (sandbox), before the
  // static /oss/ files so uploaded objects are found; the food-app host object.
  if (config.sandbox) {
    await app.register(identityRoutes, { db, config, clock });
    await app.register(storageRoutes, { db, config, clock });
    registerFoodAppBridge(app, config);
  }
  await app.register(paymentRoutes, { db, config, clock });
  // The address map's tile source, and its own tiles for when none is configured.
  await app.register(mapTileRoutes, { config });

  // The staff API: staff accounts' sessions, or the automation key STAFF_TOKEN (off without one: the production default).
  await app.register(staffRoutes, { db, config, clock });
  // What the kitchen and counter screen (/staff/) reads besides: outlets, goods to mark sold out.
  await app.register(staffScreenRoutes, { db, config, clock });
  // Staff accounts: sign-in, sign-out, accounts, PINs, the audit (issue 26).
  await app.register(staffAccountRoutesPlugin, { db, config, clock });
  // The ready board: its links (managers) and its read by a link's token (issue 26 section 4).
  await app.register(staffBoardRoutesPlugin, { db, config, clock });

  // Live order events (Server-Sent Events) for customers, a table's sheet and the staff.
  await app.register(eventRoutes, { db, config, clock, options: deps.events, streams });

  // Expired sessions and idle guests, pruned in the background (issue 22).
  registerSessionPruning(app, { db, config, clock });
  // Kitchen tickets: this instance's print worker (issue 26 section 3, printing/worker.ts).
  registerPrintWorker(app, { db, config });
  // E-receipts: this instance's mail worker, and the sandbox's mail sink (issue 29, mail/worker.ts).
  await registerMail(app, { db, config });

  app.get('/healthz', async () => {
    await db.query('SELECT 1');
    return { ok: true, db: db.kind };
  });

  const publicOss = join(__dirname, '..', '..', 'public', 'oss');
  if (existsSync(publicOss)) {
    await app.register(fastifyStatic, {
      root: publicOss,
      prefix: '/oss/',
      decorateReply: false,
      maxAge: '1d',
    });
  }

  if (config.staticDir && existsSync(config.staticDir)) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes each text file also as .br and .gz (scripts/precompress-plugin.ts): those are
      // sent as they are, and @fastify/compress leaves an encoded answer alone.
      preCompressed: true,
      // Our Cache-Control only (send's own would replace it).
      cacheControl: false,
      // The build's source maps (and their compressed copies) only when asked for (SERVE_SOURCE_MAPS=1; issue 22).
      allowedPath: (path) => config.serveSourceMaps || !SOURCE_MAP.test(path),
      setHeaders(res, path) {
        // Each file may go out as its brotli, gzip or plain copy: caches must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
        // A compressed copy's path ends in .br or .gz: its file's name decides.
        res.setHeader('Cache-Control', HASHED.test(path.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
