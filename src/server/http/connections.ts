/**
 * The HTTP server's bounds (issue 22, item 5): how many sockets it keeps
 * open, how long a request may take to arrive, how long a silent or idle
 * socket is kept; and what a body over the limit costs the client.
 *
 * - `requestTimeout`: the whole request (headers and body) must have arrived
 *   within config.connections.requestTimeoutMs, or Node answers 408 and closes
 *   the socket: a POST whose body never comes does not hold a socket for
 *   ever. Node looks every `connectionsCheckingInterval`, set here to a tenth
 *   of the timeout (between 250 ms and 5 s), so the bound is the timeout plus
 *   that tenth. Headers alone must arrive within the smaller of 10 s and
 *   the request timeout.
 * - `connectionTimeout`: a socket that sends and receives nothing for
 *   connectionTimeoutMs is closed (live streams write a beat every 15 s).
 * - `keepAliveTimeout`, `maxRequestsPerSocket`: an idle keep-alive socket's
 *   life, and the requests one socket may carry (0: any number).
 * - `server.maxConnections`: beyond it, Node closes a new socket at once.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** The Fastify options that carry config.connections. */
export function serverOptions(config: Pick<Config, 'connections'>): Partial<FastifyServerOptions> {
  const c = config.connections;
  return {
    requestTimeout: c.requestTimeoutMs,
    connectionTimeout: c.connectionTimeoutMs,
    keepAliveTimeout: c.keepAliveTimeoutMs,
    maxRequestsPerSocket: c.maxRequestsPerSocket,
    http: {
      headersTimeout: Math.min(10_000, c.requestTimeoutMs),
      requestTimeout: c.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(c.requestTimeoutMs / 10))),
    },
  } as Partial<FastifyServerOptions>;
}

/** Sets what Fastify has no option for: the most sockets open at once. */
export function limitConnections(app: FastifyInstance, config: Pick<Config, 'connections'>): void {
  app.server.maxConnections = config.connections.max;
}

/** The most of a refused body's excess read (and thrown away) before its answer, and for how long. */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
export const DISCARD_MAX_MS = 10_000;

/**
 * Reads the rest of a request body that is refused (too large), throwing it
 * away, so that the socket is closed after the client has sent everything:
 * closed while the client is still sending, the server's TCP answers the
 * rest with a reset, and a client that writes its whole body before it reads
 * (many do) loses the answer (issue 22, item 7). Bounded: at most maxBytes
 * more (a declared Content-Length beyond what is left of that is not waited
 * for) and maxMs; resolves true when the body was read to its end.
 */
export function discardBody(req: IncomingMessage, maxBytes = DISCARD_MAX_BYTES, maxMs = DISCARD_MAX_MS): Promise<boolean> {
  if (req.complete || req.readableEnded) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFail);
      req.off('close', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer | string) => {
      read += chunk.length;
      if (read > maxBytes) {
        req.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    const onClose = () => finish(req.complete);
    const timer = setTimeout(() => {
      req.pause();
      finish(false);
    }, maxMs);
    timer.unref();
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFail);
    req.on('close', onClose);
    req.resume();
  });
}
