/**
 * The back office's loyalty and wallet settings (issue 27 section 3; bodies
 * and answers in shared/protocol/staffLoyalty.ts, the work in
 * operations/backOffice/loyalty.ts). Registered inside http/staff.ts's
 * plugin: behind its door (STAFF_ROUTE_ACCESS: settings, rules and plans are
 * the owner's to change, owners and managers read them and look members up;
 * kitchen and cashier get 403) and error handler. Errors in the caller's
 * language; a stale version is 409 {"error", "current"}.
 *
 * An adjustment of a member's balance or points needs the caller's own PIN
 * (staff_account.pin_hash), with the same per-login back-off as
 * POST /staff/pin-check (http/staffAccounts.ts).
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { STAFF_ROUTES, type StaffAnswer, type StaffPath } from '../../shared/protocol/staff';
import type { Queryable } from '../db/driver';
import { langFromHeader, message, type Lang, type MessageKey } from '../messages';
import {
  adjustMember,
  BelowZero,
  createPlan,
  createRule,
  findMembers,
  foreignOutlets,
  generateCodes,
  listPlans,
  listRules,
  LoyaltyNotFound,
  memberDetail,
  OutOfStock,
  planCodes,
  readSettings,
  saveRule,
  savePlan,
  saveSettings,
  VersionConflict,
  type Record as AuditRecord,
} from '../operations/backOffice/loyalty';
import type { StaffDeps } from './staff';
import { actorOf, audit, type StaffActor } from './staffAuth';
import { verifySecret } from './staffPasswords';
import { hit, windowStart } from './rateLimit';
import { checkStaffAnswer, inputIssue } from './staffRoute';

class LoyaltyHttpError extends Error {
  constructor(
    readonly statusCode: number,
    msg: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
  }
}

type Input = { params: unknown; query: unknown; body: unknown };

export async function staffLoyaltyRoutes(app: FastifyInstance, { db, config, clock }: StaffDeps): Promise<void> {
  const langOf = (req: FastifyRequest): Lang => langFromHeader(req.headers['accept-language']);
  const fail = (req: FastifyRequest, status: number, key: MessageKey, values: Record<string, string | number> = {}, extra: Record<string, unknown> = {}) =>
    new LoyaltyHttpError(status, message(key, langOf(req), values), extra);

  function parse<T extends z.ZodType | undefined>(req: FastifyRequest, schema: T, value: unknown, where: string): T extends z.ZodType ? z.output<T> : undefined {
    if (!schema) return undefined as never;
    const result = schema.safeParse(value);
    if (result.success) return result.data as never;
    throw fail(req, 400, 'loyaltyBadInput', { detail: inputIssue(result.error, where) });
  }

  /** The enterprise the caller acts on: its account's (automation: the first enterprise with an owner account). */
  async function entOf(actor: StaffActor): Promise<string> {
    if (actor.kind === 'account') return actor.entId;
    if (actor.entId) return actor.entId;
    const [row] = await db.query<{ ent_id: string }>(`SELECT ent_id FROM staff_account WHERE role = 'owner' ORDER BY account_id LIMIT 1`);
    actor.entId = row?.ent_id ?? null;
    if (!actor.entId) throw new LoyaltyHttpError(404, 'no enterprise');
    return actor.entId;
  }

  const recorder =
    (req: FastifyRequest, tx: Queryable): AuditRecord =>
    (action, target, before, after) =>
      audit(tx, actorOf(req), action, target, before, after);

  /** Registers a route of the table: its input parsed, its answer checked (CHECK_RESULTS), the loyalty errors answered here. */
  function serve<K extends StaffPath>(
    key: K,
    handler: (i: { params: never; query: never; body: never; entId: string; req: FastifyRequest; reply: FastifyReply }) => Promise<StaffAnswer<K> | FastifyReply>,
  ) {
    const spec = STAFF_ROUTES[key] as unknown as { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
    const space = key.indexOf(' ');
    app.route({
      method: key.slice(0, space) as 'GET' | 'POST' | 'PUT',
      url: key.slice(space + 1),
      handler: async (req, reply) => {
        try {
          const input: Input = {
            params: parse(req, spec.params, req.params, 'path'),
            query: parse(req, spec.query, req.query, 'query'),
            body: parse(req, spec.body, req.body ?? undefined, 'body'),
          };
          const answer = await handler({ ...(input as { params: never; query: never; body: never }), entId: await entOf(actorOf(req)), req, reply });
          if (answer === reply) return reply;
          checkStaffAnswer(key, answer);
          return answer;
        } catch (err) {
          if (err instanceof LoyaltyHttpError) return reply.code(err.statusCode).send({ error: err.message, ...err.extra });
          if (err instanceof VersionConflict) return reply.code(409).send({ error: message('loyaltyChanged', langOf(req)), current: err.current });
          if (err instanceof LoyaltyNotFound) return reply.code(404).send({ error: message('loyaltyNotFound', langOf(req)) });
          if (err instanceof BelowZero) return reply.code(409).send({ error: message('loyaltyBelowZero', langOf(req)) });
          if (err instanceof OutOfStock) return reply.code(409).send({ error: message('loyaltyOutOfStock', langOf(req), { left: err.left }) });
          throw err;
        }
      },
    });
  }

  const now = () => clock.now();

  serve('GET /staff/loyalty/settings', async ({ entId }) => ({ settings: await readSettings(db, entId), rules: await listRules(db, entId) }));

  serve('PUT /staff/loyalty/settings', async ({ body, entId, req }) => ({
    settings: await db.transaction((tx) => saveSettings(tx, entId, body as never, recorder(req, tx))),
  }));

  serve('POST /staff/loyalty/recharge-rules', async ({ body, entId, req }) => ({
    rule: await db.transaction((tx) => createRule(tx, entId, body as never, now(), recorder(req, tx))),
  }));

  serve('PUT /staff/loyalty/recharge-rules/:id', async ({ params, body, entId, req }) => ({
    rule: await db.transaction((tx) => saveRule(tx, entId, (params as { id: string }).id, body as never, recorder(req, tx))),
  }));

  serve('GET /staff/loyalty/plans', async ({ entId }) => ({ plans: await listPlans(db, entId) }));

  async function checkOutlets(req: FastifyRequest, entId: string, outlets: readonly string[]) {
    const foreign = await foreignOutlets(db, entId, outlets);
    if (foreign.length > 0) throw fail(req, 400, 'loyaltyForeignOutlet', { outlets: foreign.join(', ') });
  }

  serve('POST /staff/loyalty/plans', async ({ body, entId, req }) => {
    const b = body as { outlets: string[] };
    await checkOutlets(req, entId, b.outlets);
    return { plan: await db.transaction((tx) => createPlan(tx, entId, body as never, now(), recorder(req, tx))) };
  });

  serve('PUT /staff/loyalty/plans/:id', async ({ params, body, entId, req }) => {
    const b = body as { outlets: string[] };
    await checkOutlets(req, entId, b.outlets);
    return { plan: await db.transaction((tx) => savePlan(tx, entId, (params as { id: string }).id, body as never, recorder(req, tx))) };
  });

  serve('POST /staff/loyalty/plans/:id/codes', async ({ params, body, entId, req }) =>
    db.transaction((tx) => generateCodes(tx, entId, (params as { id: string }).id, (body as { count: number }).count, now(), recorder(req, tx))),
  );

  serve('GET /staff/loyalty/plans/:id/codes', async ({ params, query, entId, reply }) => {
    const planId = (params as { id: string }).id;
    const codes = await planCodes(db, entId, planId);
    if ((query as { format: string }).format === 'csv') {
      const csv = stringify([['code', 'status', 'claimed', 'endAt'], ...codes.map((c) => [c.code, c.status, c.claimed ? 1 : 0, c.endAt])]);
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="coupon-codes-${planId}.csv"`).send(csv);
    }
    return { codes };
  });

  serve('GET /staff/loyalty/members', async ({ query, entId }) => ({ members: await findMembers(db, entId, (query as { q: string }).q) }));

  serve('GET /staff/loyalty/members/:id', async ({ params, entId, req }) => {
    const member = await memberDetail(db, entId, (params as { id: string }).id);
    await audit(db, actorOf(req), 'member.view', member.vipId, null, null);
    return { member };
  });

  serve('POST /staff/loyalty/members/:id/adjust', async ({ params, body, entId, req }) => {
    const b = body as { kind: 'balance' | 'points'; delta: string; reason: string; pin: string };
    if (b.kind === 'points' && !Number.isInteger(Number(b.delta))) throw fail(req, 400, 'loyaltyPointsWhole');
    await checkPin(req);
    const vipId = (params as { id: string }).id;
    return { member: await db.transaction((tx) => adjustMember(tx, entId, vipId, b, now(), recorder(req, tx))) };
  });

  /** The caller's own PIN (automation has none and needs none), with the per-login back-off of PIN checks. */
  async function checkPin(req: FastifyRequest) {
    const actor = actorOf(req);
    if (actor.kind !== 'account') return;
    const pin = (req.body as { pin: string }).pin;
    const key = `staff:pin:login:${actor.login.toLowerCase()}`;
    const t = now();
    const [count] = await db.query<{ count: number }>('SELECT count FROM rate_limit WHERE key = $1 AND window_start = $2', [key, windowStart(t)]);
    if (Number(count?.count ?? 0) >= config.staffAccounts.accountFailuresPerMinute) {
      throw fail(req, 429, 'staffSignInBackoff', { seconds: 60 });
    }
    const [row] = await db.query<{ pin_hash: string | null }>('SELECT pin_hash FROM staff_account WHERE account_id = $1', [actor.id]);
    if (!row?.pin_hash) throw fail(req, 403, 'loyaltyPinMissing');
    if (!(await verifySecret(pin, row.pin_hash))) {
      await hit(db, [{ key, max: config.staffAccounts.accountFailuresPerMinute }], t);
      await audit(db, actor, 'loyalty.adjust.refused', String((req.params as { id?: string }).id ?? ''), null, { reason: 'pin' });
      throw fail(req, 403, 'loyaltyPinWrong');
    }
  }
}
