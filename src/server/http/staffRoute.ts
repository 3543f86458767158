/**
 * Serves a route of the staff API's table (shared/protocol/staff.ts): parses
 * its path parameters, query and body with the entry's schemas (400 with the
 * first issue when they do not match) and hands them, with the caller's
 * language, to the handler, whose answer is typed from the entry. Under
 * tests and the journeys (NODE_ENV=test, or CHECK_RESULTS=1) every answer is
 * also parsed with the entry's answer schema, as the gateway does for the
 * operations' results: an answer that drifted from the table fails there
 * (500) instead of in the staff program.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { STAFF_ROUTES, type StaffAnswer, type StaffRouteSpec, type StaffBody, type StaffParams, type StaffPath, type StaffQuery } from '../../shared/protocol/staff';
import { langFromHeader, type Lang } from '../messages';
import { KitchenRefusal, type KitchenRefusalKind } from '../operations/orders/kitchen';

/** A refusal with its HTTP status, answered as {"error": message} (and `extra`'s fields: a stale change's fresh line). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(msg);
  }
}

/** As the gateway decides it: answers checked under tests (NODE_ENV=test) or CHECK_RESULTS=1. */
const checkAnswersOn = () => (process.env.CHECK_RESULTS ? process.env.CHECK_RESULTS === '1' : process.env.NODE_ENV === 'test');

/** A refused input's first issue as a person reads it: 'items.0.qua: Too small' (`where` when the input itself is wrong). */
export function inputIssue(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || where}: ${issue?.message ?? 'invalid'}`;
}

export function parseStaffInput<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(400, `${what}: ${inputIssue(result.error, what)}`);
}

/** What a handler of a staff route receives. */
export interface StaffRequest<K extends StaffPath> {
  params: StaffParams<K>;
  query: StaffQuery<K>;
  body: StaffBody<K>;
  /** The caller's language (Accept-Language): the texts of the answer. */
  lang: Lang;
  req: FastifyRequest;
}

/** Checks an answer against its route's schema (under CHECK_RESULTS); throws when it does not match. */
export function checkStaffAnswer<K extends StaffPath>(key: K, answer: unknown): void {
  if (!checkAnswersOn()) return;
  const result = STAFF_ROUTES[key].answer.safeParse(answer);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`the answer of ${key} does not match shared/protocol/staff.ts: ${issue?.path.join('.')}: ${issue?.message}`);
  }
}

/** Registers the handler of a route of the table on `app`. */
export function serveStaffRoute<K extends StaffPath>(app: FastifyInstance, key: K, handler: (r: StaffRequest<K>) => Promise<StaffAnswer<K>>): void {
  const spec: StaffRouteSpec = STAFF_ROUTES[key];
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  app.route({
    method,
    url: key.slice(space + 1),
    handler: async (req) => {
      const input = {
        params: (spec.params ? parseStaffInput(spec.params, req.params, 'path') : undefined) as StaffParams<K>,
        query: (spec.query ? parseStaffInput(spec.query, req.query, 'query') : undefined) as StaffQuery<K>,
        body: (spec.body ? parseStaffInput(spec.body, req.body ?? undefined, 'body') : undefined) as StaffBody<K>,
      };
      const answer = await handler({ ...input, lang: langFromHeader(req.headers['accept-language']), req });
      checkStaffAnswer(key, answer);
      return answer;
    },
  });
}

const REFUSAL_STATUS: Record<KitchenRefusalKind, number> = { notFound: 404, conflict: 409, provider: 502 };

/** The staff routes' errors as {"error": "..."}: refusals with their status, anything else a 500 (logged). */
export function staffErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    // A back-off (http/staffFix.ts BackedOff) says when to try again.
    const retryAfter = (err as HttpError & { retryAfter?: number }).retryAfter;
    if (retryAfter) reply.header('Retry-After', String(retryAfter));
    return reply.code(err.status).send({ ...err.extra, error: err.message });
  }
  if (err instanceof KitchenRefusal) return reply.code(REFUSAL_STATUS[err.kind]).send({ error: err.message });
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status < 500) return reply.code(status).send({ error: err.message });
  req.log.error({ err }, 'staff API failure');
  return reply.code(500).send({ error: 'the service had a problem' });
}
