/**
 * A rolling restart without dropping a table (issue 22, item 14). On SIGTERM
 * (main.ts calls gracefulClose):
 *
 * 1. the service stops taking new requests: a request that arrives from then
 *    on is answered at once, not run: the data endpoint's envelope 50300
 *    "busy, try again" (HTTP 200, as every envelope; nothing done), anything
 *    else 503; both with Retry-After and Connection: close, so the client's
 *    next try opens a new connection, which the load balancer sends to
 *    another instance. /healthz answers 503 from then on.
 * 2. its live streams are told to reconnect (`retry:` and `event: reconnect`,
 *    events/streams.ts) and closed; they resume elsewhere with Last-Event-ID.
 * 3. the requests in flight (taken before the SIGTERM) finish, for at most
 *    config.shutdownGraceMs; their answers carry Connection: close. The drain
 *    lasts at least DRAIN_MIN_MS, so that a request already on the wire when
 *    the signal came is answered "try again" rather than cut by the close.
 * 4. then the server closes (it stops listening; idle sockets are closed; a
 *    request still running after the grace is cut), and main.ts closes the
 *    database.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, GATEWAY_PATH } from '../../shared/protocol/envelope';
import type { OpenStreams } from '../events/streams';
import { langFromHeader, message } from '../messages';
import { errorEnvelope } from './gateway';
import { tagCode } from './requestTags';

/** Seconds a client refused while the service drains is told to wait (Retry-After). */
export const DRAIN_RETRY_AFTER_S = 1;
/** The shortest drain (unless the grace is shorter). */
export const DRAIN_MIN_MS = 250;

export class Lifecycle {
  draining = false;
  /** Requests taken before the drain began and not yet answered (live streams included until they close). */
  inFlight = 0;
  /** Requests answered "try again" because the service was draining. */
  refusedWhileDraining = 0;
  private readonly taken = new WeakSet<FastifyRequest>();
  private readonly idle: (() => void)[] = [];

  constructor(
    readonly streams: OpenStreams,
    private readonly streamRoutes: ReadonlySet<string>,
  ) {}

  /** The hooks: count what is taken, refuse what comes during the drain. Register first. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (req, reply) => {
      if (this.draining) return;
      this.taken.add(req);
      this.inFlight += 1;
      reply.raw.once('close', () => {
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const wake of this.idle.splice(0)) wake();
      });
    });
    // After the body has been read (closing a socket before would lose the answer: see http/connections.ts).
    app.addHook('preHandler', async (req, reply) => {
      if (!this.draining) return;
      reply.header('Connection', 'close');
      if (this.taken.has(req)) return;
      // Streams are let through: they are told to reconnect elsewhere (events/streams.ts).
      if (this.streamRoutes.has(req.routeOptions.url ?? '')) return;
      return this.refuse(req, reply);
    });
  }

  /** Whether a request was taken before the drain began (its route runs). */
  tookIn(req: FastifyRequest): boolean {
    return this.taken.has(req);
  }

  private refuse(req: FastifyRequest, reply: FastifyReply) {
    this.refusedWhileDraining += 1;
    reply.header('Retry-After', String(DRAIN_RETRY_AFTER_S)).header('Cache-Control', 'no-store');
    if (req.routeOptions.url === GATEWAY_PATH) {
      tagCode(req, ErrorCode.busy);
      return reply.code(200).send(errorEnvelope(ErrorCode.busy, message('busy', langFromHeader(req.headers['accept-language']))));
    }
    return reply.code(503).send({ error: 'the service is restarting: try again in a moment' });
  }

  /** Resolves when no request taken before the drain is left, or after ms. */
  settled(ms: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = this.idle.indexOf(wake);
        if (i >= 0) this.idle.splice(i, 1);
        resolve(this.inFlight === 0);
      }, ms);
      this.idle.push(wake);
    });
  }
}

const lifecycles = new WeakMap<FastifyInstance, Lifecycle>();

export function registerLifecycle(app: FastifyInstance, lifecycle: Lifecycle): void {
  lifecycles.set(app, lifecycle);
  lifecycle.register(app);
}

export function lifecycleOf(app: FastifyInstance): Lifecycle | undefined {
  return lifecycles.get(app);
}

export interface ShutdownReport {
  /** From the signal to the server closed. */
  ms: number;
  /** Requests still running when the grace ran out (cut). */
  cut: number;
  /** Requests answered "try again" meanwhile. */
  refused: number;
}

/**
 * Drains and closes the server (steps 1-4 above); the database is the
 * caller's to close after. Requests in flight get at most graceMs.
 */
export async function gracefulClose(app: FastifyInstance, graceMs: number): Promise<ShutdownReport> {
  const started = performance.now();
  const lifecycle = lifecycleOf(app);
  if (!lifecycle) {
    await app.close();
    return { ms: Math.round(performance.now() - started), cut: 0, refused: 0 };
  }
  lifecycle.draining = true;
  lifecycle.streams.closeAll();
  await Promise.all([lifecycle.settled(graceMs), new Promise((r) => setTimeout(r, Math.min(DRAIN_MIN_MS, graceMs)))]);
  const cut = lifecycle.inFlight;
  const closing = app.close();
  // Fastify closes the idle keep-alive sockets; answers during the drain carry Connection: close, so
  // the rest close as their answers go out. Whatever is still open when the grace is over is cut.
  const left = Math.max(0, graceMs - (performance.now() - started));
  const force = setTimeout(() => app.server.closeAllConnections(), cut > 0 ? 0 : Math.max(left, 1_000));
  force.unref();
  await closing;
  clearTimeout(force);
  return { ms: Math.round(performance.now() - started), cut, refused: lifecycle.refusedWhileDraining };
}
