/**
 * The service's logs (issue 22, item 15): JSON lines from Fastify's logger
 * (pino), on by default with NODE_ENV=production (LOG, LOG_LEVEL), one line
 * per answered request with its request id:
 *
 *   {"level":30,"time":…,"reqId":"3f2a…","method":"POST","route":"/HBBAPI/GetData",
 *    "status":200,"operation":"PosSalSheet_NewCYSendSheetSubmit_Add","code":"0","ms":3.1,"msg":"answered"}
 *
 * The request id is the caller's X-Request-Id when it is a plain token (a
 * proxy's), else a random UUID; every answer carries it back in X-Request-Id.
 *
 * What never goes in: cookies (the session's secret, the table-scan proof),
 * the Authorization header (the staff and metrics tokens), bodies (phones,
 * SMS codes, addresses), query strings (`?phone=`, `?code=`) and path
 * parameters (a member code): a request is logged by its route pattern
 * ('/staff/members/by-code/:code'), or by its path without the query when no
 * route matched; an error by its type, message, code and stack only (a
 * database error's detail can quote a row's values).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { tagsOf } from './requestTags';

/** Where the logs go: true (stdout, at config.log.level), false (none), or a stream (tests). */
export type LogTarget = boolean | { stream: Writable; level?: string };

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** A path as the log may show it: without its query, at most 200 characters. */
export function loggablePath(url: string): string {
  const q = url.indexOf('?');
  return (q < 0 ? url : url.slice(0, q)).slice(0, 200);
}

function serializeError(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err).slice(0, 500) };
  return { type: err.name, message: err.message, code: (err as { code?: unknown }).code, stack: err.stack };
}

/**
 * Fastify's own request lines off (one line per request is written by
 * registerRequestLog, by route), and its "route not found" line too (it
 * quotes the raw URL, query and all); its error lines stay.
 */
class RequestLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ err: error }, 'request errored');
  }
  override routeNotFound(): void {}
}

/** Fastify's options for the logger and request ids. */
export function loggingOptions(config: Pick<Config, 'log'>, target: LogTarget | undefined): Partial<FastifyServerOptions> {
  const on = target === undefined ? config.log.enabled : target !== false;
  const level = typeof target === 'object' ? (target.level ?? config.log.level) : config.log.level;
  return {
    logger: on
      ? {
          level,
          ...(typeof target === 'object' ? { stream: target.stream } : {}),
          serializers: {
            // Fastify's own lines ("Server listening", errors) only: requests are logged below, by route.
            req: (req: { method?: string; url?: string }) => ({ method: req.method, path: loggablePath(req.url ?? '') }),
            res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            err: serializeError,
          },
        }
      : false,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logController: new RequestLogController({ requestIdLogLabel: 'reqId' }),
  } as Partial<FastifyServerOptions>;
}

/** X-Request-Id on every answer, and one log line per answered request (routes, never raw URLs). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    const tags = tagsOf(req);
    const quiet = route === '/healthz' || route === '/metrics';
    const line = {
      method: req.method,
      route: route ?? loggablePath(req.url),
      status: reply.statusCode,
      ...(tags.operation ? { operation: tags.operation } : {}),
      ...(tags.code ? { code: tags.code } : {}),
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (quiet) req.log.debug(line, 'answered');
    else req.log.info(line, 'answered');
  });
}
