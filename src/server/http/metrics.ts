/**
 * GET /metrics in Prometheus' text format (prom-client; issue 22, item 15),
 * one registry per server:
 *
 *   hbb_gateway_requests_total{operation,code}            data endpoint answers by operation (strKeyName) and errcode
 *   hbb_gateway_request_duration_seconds{operation,code}  their latency (histogram)
 *   hbb_http_requests_total{method,route,status}          every HTTP answer, by route pattern
 *   hbb_rate_limit_refusals_total{operation}              42900 envelopes by operation, 429 answers by route
 *   hbb_busy_answers_total{reason}                        50300 envelopes: db (the connection gate) or draining (shutdown)
 *   hbb_db_pool_{size,in_use,waiting}                     the connection gate now
 *   hbb_db_pool_waits_total, hbb_db_pool_wait_seconds_total, hbb_db_pool_refusals_total{reason}
 *   hbb_event_streams_open{kind}                          open live streams (orders, sheet, staff)
 *   hbb_event_streams_closed_total{reason}, hbb_event_streams_refused_total
 *   hbb_requests_in_flight, hbb_draining
 *   and prom-client's process metrics (CPU, memory, event loop lag, GC), prefixed hbb_.
 *
 * Who may read it: `Authorization: Bearer <METRICS_TOKEN>` or the staff
 * token; with config.metrics.loopback (on unless NODE_ENV=production) also a
 * caller on this machine that came through no proxy (no X-Forwarded-For,
 * Forwarded or X-Real-IP). Anyone else gets 401. Labels hold operation names,
 * route patterns and codes only: never a session, a phone or an id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ErrorCode, GATEWAY_PATH } from '../../shared/protocol/envelope';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { STREAM_KINDS, type OpenStreams } from '../events/streams';
import type { Lifecycle } from './shutdown';
import { staffTokenCheck } from './staffAuth';
import { tagCode, tagsOf } from './requestTags';

export interface MetricsDeps {
  config: Config;
  db: Db;
  streams: OpenStreams;
  lifecycle: Lifecycle;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the caller may read /metrics. */
export function metricsAccess(config: Pick<Config, 'metrics' | 'staffToken'>): (req: FastifyRequest) => boolean {
  const checks = [config.metrics.token, config.staffToken].filter((t): t is string => Boolean(t)).map(staffTokenCheck);
  return (req) => {
    if (checks.some((check) => check(req))) return true;
    if (!config.metrics.loopback) return false;
    const h = req.headers;
    return LOOPBACK.has(req.socket.remoteAddress ?? '') && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
  };
}

/** Counters whose running totals are kept elsewhere (the gate, the streams): read at scrape time. */
function totals<T extends string>(counter: Counter<T>, values: [Partial<Record<T, string>>, number][]): void {
  counter.reset();
  for (const [labels, value] of values) counter.inc(labels, value);
}

/**
 * prom-client's process metrics, once per process (they watch the event loop
 * and the GC for as long as the process lives; several servers in one
 * process, as in the tests, share them).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'hbb_' });
  }
  return processRegistry;
}

export function metricsRoutes(app: FastifyInstance, { config, db, streams, lifecycle }: MetricsDeps): Registry {
  const processWide = processMetrics();
  const register = new Registry();

  const gatewayRequests = new Counter({
    name: 'hbb_gateway_requests_total',
    help: 'Answers of the data endpoint by operation (strKeyName; "-" when the form named none or an unknown one) and errcode.',
    labelNames: ['operation', 'code'] as const,
    registers: [register],
  });
  const gatewayDuration = new Histogram({
    name: 'hbb_gateway_request_duration_seconds',
    help: 'Latency of the data endpoint, from the request to its answer, by operation and errcode.',
    labelNames: ['operation', 'code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const httpRequests = new Counter({
    name: 'hbb_http_requests_total',
    help: 'HTTP answers by method, route pattern ("unmatched" for no route) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const rateLimited = new Counter({
    name: 'hbb_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit: 42900 envelopes by operation, HTTP 429 answers by route.',
    labelNames: ['operation'] as const,
    registers: [register],
  });
  const busy = new Counter({
    name: 'hbb_busy_answers_total',
    help: 'Answers "busy, try again" (50300): db when the database connections and their queue were full, draining while the service shut down.',
    labelNames: ['reason'] as const,
    registers: [register],
  });

  const gate = db.gate;
  new Gauge({ name: 'hbb_db_pool_size', help: 'Database connections the gate lets in at once.', registers: [register], collect() { this.set(gate.size); } });
  new Gauge({ name: 'hbb_db_pool_in_use', help: 'Database connections in use.', registers: [register], collect() { this.set(gate.active); } });
  new Gauge({ name: 'hbb_db_pool_waiting', help: 'Callers waiting for a database connection.', registers: [register], collect() { this.set(gate.waiting); } });
  new Counter({
    name: 'hbb_db_pool_waits_total',
    help: 'Callers that had to wait for a database connection.',
    registers: [register],
    collect() {
      totals(this, [[{}, gate.stats.waits]]);
    },
  });
  new Counter({
    name: 'hbb_db_pool_wait_seconds_total',
    help: 'Time callers spent waiting for a database connection, in all.',
    registers: [register],
    collect() {
      totals(this, [[{}, gate.stats.waitSeconds]]);
    },
  });
  new Counter({
    name: 'hbb_db_pool_refusals_total',
    help: 'Callers refused a database connection: queue_full, or waited_too_long.',
    labelNames: ['reason'] as const,
    registers: [register],
    collect() {
      totals(this, [
        [{ reason: 'queue_full' }, gate.stats.refusedQueueFull],
        [{ reason: 'waited_too_long' }, gate.stats.refusedWaitedTooLong],
      ]);
    },
  });
  new Gauge({
    name: 'hbb_event_streams_open',
    help: 'Open live streams by kind.',
    labelNames: ['kind'] as const,
    registers: [register],
    collect() {
      const open = streams.byKind();
      for (const kind of STREAM_KINDS) this.set({ kind }, open[kind]);
    },
  });
  new Counter({
    name: 'hbb_event_streams_closed_total',
    help: 'Live streams closed by the service: evicted_session, evicted_ip (a newer one over the cap), shutdown (told to reconnect).',
    labelNames: ['reason'] as const,
    registers: [register],
    collect() {
      totals(this, [
        [{ reason: 'evicted_session' }, streams.counts.evictedSession],
        [{ reason: 'evicted_ip' }, streams.counts.evictedIp],
        [{ reason: 'shutdown' }, streams.counts.toldToReconnect],
      ]);
    },
  });
  new Counter({
    name: 'hbb_event_streams_refused_total',
    help: 'Live streams refused because the instance held STREAMS_MAX.',
    registers: [register],
    collect() {
      totals(this, [[{}, streams.counts.refusedFull]]);
    },
  });
  new Gauge({ name: 'hbb_requests_in_flight', help: 'Requests being answered (live streams included).', registers: [register], collect() { this.set(lifecycle.inFlight); } });
  new Gauge({ name: 'hbb_draining', help: '1 while the service shuts down.', registers: [register], collect() { this.set(lifecycle.draining ? 1 : 0); } });

  // The envelope's errcode, as the gateway (or the shutdown) sends it.
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (req.routeOptions.url === GATEWAY_PATH && payload && typeof payload === 'object' && typeof (payload as { errcode?: unknown }).errcode === 'string') {
      tagCode(req, (payload as { errcode: string }).errcode);
    }
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    if (route === GATEWAY_PATH && req.method === 'POST') {
      const tags = tagsOf(req);
      const labels = { operation: tags.operation ?? '-', code: tags.code ?? `http_${reply.statusCode}` };
      gatewayRequests.inc(labels);
      gatewayDuration.observe(labels, reply.elapsedTime / 1000);
      if (tags.code === ErrorCode.rateLimited) rateLimited.inc({ operation: labels.operation });
      if (tags.code === ErrorCode.busy) busy.inc({ reason: lifecycle.draining && !lifecycle.tookIn(req) ? 'draining' : 'db' });
    } else if (reply.statusCode === 429) {
      rateLimited.inc({ operation: route });
    }
  });

  const allowed = metricsAccess(config);
  app.get('/metrics', async (req, reply) => {
    if (!allowed(req)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .header('Cache-Control', 'no-store')
        .send({ error: 'a metrics token is required: Authorization: Bearer <METRICS_TOKEN>' });
    }
    const text = (await register.metrics()) + (await processWide.metrics());
    return reply.header('Content-Type', register.contentType).header('Cache-Control', 'no-store').send(text);
  });
  return register;
}
