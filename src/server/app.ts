/**
 * Builds the HTTP service: the gateway, the built app (long-lived caching for
 * hashed files, compression), a health check and, when config.sandbox is on,
 * the sandbox routes. main.ts listens; tests call buildServer and listen on a
 * free port. One settable clock serves the gateway and the sandbox.
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
import { sandboxRoutes } from './http/sandbox';
import { handlers as defaultHandlers } from './operations';
import type { HandlerMap } from './operations/context';

export interface ServerDeps {
  db: Db;
  config: Config;
  /** The service's clock (shared by the gateway and the sandbox); a plain function is wrapped. Default: real time. */
  clock?: Clock | (() => Date);
  handlers?: HandlerMap;
  logger?: boolean;
}

/** Hashed asset names (app.3f9a1c2e.js) never change content: cache them for a year. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|svg|png|woff2?)$/;

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { db, config } = deps;
  const clock = toClock(deps.clock);
  const app = Fastify({
    logger: deps.logger ? { level: 'info' } : false,
    // Bodies are limited per route; this is the ceiling for everything else.
    bodyLimit: Math.max(config.bodyLimit, 1024 * 1024),
    trustProxy: true,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  await app.register(gatewayRoutes, { db, config, handlers: deps.handlers ?? defaultHandlers, clock: () => clock.now() });
  if (config.sandbox) await app.register(sandboxRoutes, { clock });

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
      setHeaders(reply, path) {
        reply.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
