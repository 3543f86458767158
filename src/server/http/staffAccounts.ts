/**
 * Staff accounts (issue 26 section 1): sign-in with a staff session cookie,
 * sign-out, the accounts an owner manages, PINs for approvals at the screen,
 * and the audit the owner reads. Bodies and answers are typed in
 * shared/protocol/staffAccounts.ts.
 *
 *   POST   /staff/session                 sign in {login, password}: sets the cookie
 *   DELETE /staff/session                 sign out
 *   GET    /staff/me                      who the caller is
 *   GET    /staff/accounts                owner: the enterprise's; manager: its outlets'
 *   POST   /staff/accounts                owner: a new account
 *   PATCH  /staff/accounts/:id            owner: role, outlets, disabled, name, with the version read
 *   POST   /staff/accounts/:id/password   oneself with the old password; the owner without
 *   POST   /staff/accounts/:id/pin        oneself; the owner
 *   POST   /staff/pin-check               an approval: a manager's or owner's login and PIN
 *   GET    /staff/audit                   owner: who did what, newest first
 *
 * The cookie: HttpOnly, SameSite=Strict, Path=/staff, Secure when the request
 * came over https (or SECURE_COOKIES), for STAFF_SESSION_HOURS. Wrong
 * passwords (and PINs) are counted per login name (STAFF_ACCOUNT_FAILURES a
 * minute) and per client IP (STAFF_AUTH_FAILURES) in the rate_limit
 * counters; past either, 429 with Retry-After until the minute ends (a right
 * password too). Errors in the caller's language (messages.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { staffAccountRoutes, type StaffAccount, type StaffRole } from '../../shared/protocol/staffAccounts';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/driver';
import { langFromHeader, message, type MessageKey } from '../messages';
import { hit, windowStart, WINDOW_MS } from './rateLimit';
import { ALL_ROLES, audit, MANAGERS, OWNER, STAFF_COOKIE, staffAccess, staffSessionHash, type StaffAccountColumns, type StaffActor } from './staffAuth';
import { inputIssue } from './staffRoute';
import { hashSecret, verifySecret } from './staffPasswords';

export interface StaffAccountDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

class StaffHttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

type AccountRow = StaffAccountColumns & {
  password_hash: string;
  pin_hash: string | null;
  disabled: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
};

const ACCOUNT_COLUMNS = `a.account_id, a.ent_id, a.login, a.display_name, a.role,
  CASE WHEN a.role = 'owner' THEN ARRAY(SELECT b.base_id FROM base b WHERE b.ent_id = a.ent_id ORDER BY b.base_id) ELSE a.outlets END AS outlets,
  a.password_hash, a.pin_hash, a.disabled, a.version, a.created_at, a.updated_at`;

const iso = (d: Date | string) => new Date(d).toISOString();

export function accountJson(a: AccountRow): StaffAccount {
  return {
    accountId: a.account_id,
    entId: a.ent_id,
    login: a.login,
    displayName: a.display_name,
    role: a.role,
    outlets: a.outlets ?? [],
    hasPin: Boolean(a.pin_hash),
    disabled: a.disabled,
    version: a.version,
    createdAt: iso(a.created_at),
    updatedAt: iso(a.updated_at),
  };
}

async function accountById(tx: Queryable, id: string, lock = false): Promise<AccountRow | null> {
  const [row] = await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_account a WHERE a.account_id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row ?? null;
}

/** Inserts an account (hashing its password and PIN); 409 when the login is taken. */
export async function createStaffAccount(
  tx: Queryable,
  fields: { entId: string; login: string; displayName: string; role: StaffRole; outlets: readonly string[]; password: string; pin?: string | null },
  now: Date,
): Promise<AccountRow> {
  const [taken] = await tx.query('SELECT 1 AS one FROM staff_account WHERE lower(login) = lower($1)', [fields.login]);
  if (taken) throw new StaffHttpError(409, 'staffLoginTaken');
  const id = `STF${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;
  await tx.query(
    `INSERT INTO staff_account (account_id, ent_id, login, display_name, role, outlets, password_hash, pin_hash, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $9)`,
    [
      id,
      fields.entId,
      fields.login.toLowerCase(),
      fields.displayName,
      fields.role,
      fields.role === 'owner' ? [] : [...new Set(fields.outlets)],
      await hashSecret(fields.password),
      fields.pin ? await hashSecret(fields.pin) : null,
      now,
    ],
  );
  return (await accountById(tx, id))!;
}

/**
 * SEED_DEMO=0 (issue 26): the first owner account from STAFF_OWNER_LOGIN and
 * STAFF_OWNER_PASSWORD, when its enterprise (STAFF_OWNER_ENT, or the only
 * one with outlets) has no owner yet and the login is free. Answers what it
 * did, for the start's log.
 */
export async function ensureOwnerAccount(db: Db, config: Config, now: Date): Promise<string | null> {
  const owner = config.staffAccounts.owner;
  if (!owner) return null;
  return db.transaction(async (tx) => {
    const ents = owner.entId
      ? await tx.query<{ ent_id: string }>('SELECT ent_id FROM enterprise WHERE ent_id = $1', [owner.entId])
      : await tx.query<{ ent_id: string }>('SELECT DISTINCT ent_id FROM base ORDER BY ent_id');
    if (ents.length !== 1) return `STAFF_OWNER_LOGIN: no owner created (${ents.length === 0 ? 'no enterprise with outlets yet: npm run owner creates the business and its owner' : 'several enterprises: set STAFF_OWNER_ENT'})`;
    const entId = ents[0]!.ent_id;
    const [hasOwner] = await tx.query("SELECT 1 AS one FROM staff_account WHERE ent_id = $1 AND role = 'owner'", [entId]);
    const [taken] = await tx.query('SELECT 1 AS one FROM staff_account WHERE lower(login) = lower($1)', [owner.login]);
    if (hasOwner || taken) return null;
    const account = await createStaffAccount(tx, { entId, login: owner.login, displayName: owner.login, role: 'owner', outlets: [], password: owner.password }, now);
    await audit(tx, { kind: 'automation', id: 'automation', name: 'automation', entId, baseId: null, at: now }, 'account.create', account.account_id, null, accountJson(account));
    return `Staff owner account "${account.login}" created (STAFF_OWNER_LOGIN)`;
  });
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new StaffHttpError(400, 'staffInvalidInput', { detail: inputIssue(result.error, 'body') });
}

export async function staffAccountRoutesPlugin(app: FastifyInstance, { db, config, clock }: StaffAccountDeps): Promise<void> {
  const requireStaff = staffAccess({ db, config, clock });
  const R = staffAccountRoutes;

  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply: FastifyReply) => {
    const lang = langFromHeader(req.headers['accept-language']);
    if (err instanceof StaffHttpError) return reply.code(err.status).send({ error: message(err.key, lang, err.values) });
    if (err.statusCode && err.statusCode < 500) return reply.code(err.statusCode).send({ error: err.message });
    req.log.error({ err }, 'staff accounts failure');
    return reply.code(500).send({ error: message('internal', lang) });
  });

  /** Counts of sign-in (or PIN) failures this minute; past a limit, 429 is thrown. */
  async function refuseWhileBackedOff(kind: 'signin' | 'pin', login: string, req: FastifyRequest, reply: FastifyReply, now: Date) {
    const keys = { ip: `staff:${kind}:ip:${req.ip}`, login: `staff:${kind}:login:${login}` };
    const start = windowStart(now);
    const rows = await db.query<{ key: string; count: number }>('SELECT key, count FROM rate_limit WHERE key = ANY ($1::text[]) AND window_start = $2', [[keys.ip, keys.login], start]);
    const count = (key: string) => Number(rows.find((r) => r.key === key)?.count ?? 0);
    if (count(keys.ip) >= config.staffAuthFailuresPerMinute || count(keys.login) >= config.staffAccounts.accountFailuresPerMinute) {
      const seconds = Math.max(1, Math.ceil((start.getTime() + WINDOW_MS - now.getTime()) / 1000));
      reply.header('Retry-After', String(seconds));
      throw new StaffHttpError(429, 'staffSignInBackoff', { seconds });
    }
    return async () => {
      await hit(db, [
        { key: keys.ip, max: config.staffAuthFailuresPerMinute },
        { key: keys.login, max: config.staffAccounts.accountFailuresPerMinute },
      ], now);
    };
  }

  const secure = (req: FastifyRequest) => req.protocol === 'https' || config.secureCookies;

  app.post('/staff/session', async (req, reply) => {
    const body = parse(R['POST /staff/session'].body, req.body);
    const login = body.login.toLowerCase();
    const now = clock.now();
    const countFailure = await refuseWhileBackedOff('signin', login, req, reply, now);
    const [account] = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_account a WHERE lower(a.login) = $1`, [login]);
    const right = await verifySecret(body.password, account?.password_hash);
    if (!account || !right || account.disabled) {
      await countFailure();
      if (account) {
        await audit(db, { kind: 'account', id: account.account_id, name: account.display_name, login: account.login, role: account.role, entId: account.ent_id, outlets: [], baseId: null, sessionHash: '', at: now }, 'session.refused', account.account_id, null, { reason: right ? 'disabled' : 'password', ip: req.ip });
      }
      throw new StaffHttpError(401, 'staffSignInWrong');
    }
    const secret = randomBytes(32).toString('base64url');
    const expires = new Date(now.getTime() + config.staffAccounts.sessionHours * 3_600_000);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO staff_session (session_hash, account_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)', [staffSessionHash(secret), account.account_id, now, expires]);
      // Expired sessions of this account go when it signs in again.
      await tx.query('DELETE FROM staff_session WHERE account_id = $1 AND expires_at <= $2', [account.account_id, now]);
      await audit(tx, { kind: 'account', id: account.account_id, name: account.display_name, login: account.login, role: account.role, entId: account.ent_id, outlets: account.outlets, baseId: null, sessionHash: '', at: now }, 'session.signIn', account.account_id, null, { ip: req.ip });
    });
    reply.setCookie(STAFF_COOKIE, secret, { path: '/staff', httpOnly: true, sameSite: 'strict', secure: secure(req), maxAge: config.staffAccounts.sessionHours * 3600 });
    return { account: accountJson(account), expiresAt: expires.toISOString() };
  });

  app.delete('/staff/session', async (req, reply) => {
    const secret = req.cookies?.[STAFF_COOKIE];
    let signedOut = false;
    if (secret && secret.length <= 100) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ account_id: string; display_name: string; ent_id: string; login: string; role: StaffRole; session_hash: string }>(
          `DELETE FROM staff_session s USING staff_account a WHERE s.session_hash = $1 AND a.account_id = s.account_id
           RETURNING s.account_id, s.session_hash, a.display_name, a.ent_id, a.login, a.role`,
          [staffSessionHash(secret)],
        );
        if (row) {
          signedOut = true;
          const who: StaffActor = { kind: 'account', id: row.account_id, name: row.display_name, login: row.login, role: row.role, entId: row.ent_id, outlets: [], baseId: null, sessionHash: row.session_hash, at: now };
          await audit(tx, who, 'session.signOut', row.account_id, null, null);
        }
      });
    }
    reply.clearCookie(STAFF_COOKIE, { path: '/staff', httpOnly: true, sameSite: 'strict', secure: secure(req) });
    return { signedOut };
  });

  app.get('/staff/me', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: ALL_ROLES });
    if (!actor) return reply;
    if (actor.kind === 'automation') return { kind: 'automation' as const };
    return { kind: 'account' as const, account: accountJson((await accountById(db, actor.id))!) };
  });

  app.get<{ Querystring: { entId?: string } }>('/staff/accounts', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: MANAGERS });
    if (!actor) return reply;
    const rows =
      actor.kind === 'automation'
        ? await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_account a WHERE ($1::text IS NULL OR a.ent_id = $1) ORDER BY a.ent_id, a.login`, [req.query.entId ? String(req.query.entId).slice(0, 64) : null])
        : actor.role === 'owner'
          ? await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_account a WHERE a.ent_id = $1 ORDER BY a.login`, [actor.entId])
          : // A manager sees the accounts of its outlets (not the owners').
            await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_account a WHERE a.ent_id = $1 AND a.role <> 'owner' AND a.outlets && $2::text[] ORDER BY a.login`, [actor.entId, actor.outlets]);
    return { accounts: rows.map(accountJson) };
  });

  /** The enterprise an owner (or automation) acts in, and the outlets named checked against it. */
  async function entAndOutlets(tx: Queryable, actor: StaffActor, entId: string | undefined, outlets: readonly string[]): Promise<string> {
    let ent = actor.kind === 'account' ? actor.entId : (entId ?? null);
    if (!ent && outlets.length > 0) {
      const [b] = await tx.query<{ ent_id: string }>('SELECT ent_id FROM base WHERE base_id = $1', [outlets[0]]);
      ent = b?.ent_id ?? null;
    }
    if (!ent) throw new StaffHttpError(400, 'staffInvalidInput', { detail: 'entId (or outlets) is required' });
    const known = await tx.query<{ base_id: string }>('SELECT base_id FROM base WHERE ent_id = $1 AND base_id = ANY ($2::text[])', [ent, [...outlets]]);
    const unknown = outlets.filter((o) => !known.some((k) => k.base_id === o));
    if (unknown.length > 0) throw new StaffHttpError(400, 'staffInvalidInput', { detail: `outlets: not of this enterprise: ${unknown.join(', ')}` });
    return ent;
  }

  const withEnt = (actor: StaffActor, entId: string): StaffActor => (actor.kind === 'automation' ? { ...actor, entId } : actor);

  app.post('/staff/accounts', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: OWNER });
    if (!actor) return reply;
    const body = parse(R['POST /staff/accounts'].body, req.body);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const entId = await entAndOutlets(tx, actor, body.entId, body.outlets);
      const account = await createStaffAccount(tx, { entId, login: body.login, displayName: body.displayName, role: body.role, outlets: body.outlets, password: body.password, pin: body.pin }, now);
      await audit(tx, withEnt(actor, entId), 'account.create', account.account_id, null, accountJson(account));
      reply.code(201);
      return { account: accountJson(account) };
    });
  });

  /** The account `id` of the caller's enterprise (any, for automation), locked; 404 otherwise. */
  async function targetAccount(tx: Queryable, actor: StaffActor, id: string): Promise<AccountRow> {
    const account = await accountById(tx, String(id).slice(0, 64), true);
    if (!account || (actor.kind === 'account' && account.ent_id !== actor.entId)) throw new StaffHttpError(404, 'staffAccountNotFound');
    return account;
  }

  /** Whether the enterprise keeps an active owner besides `except`. */
  async function otherOwner(tx: Queryable, entId: string, except: string): Promise<boolean> {
    const [row] = await tx.query("SELECT 1 AS one FROM staff_account WHERE ent_id = $1 AND role = 'owner' AND NOT disabled AND account_id <> $2 LIMIT 1", [entId, except]);
    return Boolean(row);
  }

  app.patch<{ Params: { id: string } }>('/staff/accounts/:id', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: OWNER });
    if (!actor) return reply;
    const body = parse(R['PATCH /staff/accounts/:id'].body, req.body);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const before = await targetAccount(tx, actor, req.params.id);
      if (before.version !== body.version) throw new StaffHttpError(409, 'staffVersionConflict');
      if (body.outlets) await entAndOutlets(tx, withEnt(actor, before.ent_id), before.ent_id, body.outlets);
      const role = body.role ?? before.role;
      const disabled = body.disabled ?? before.disabled;
      const stopsOwning = before.role === 'owner' && !before.disabled && (role !== 'owner' || disabled);
      if (stopsOwning && !(await otherOwner(tx, before.ent_id, before.account_id))) throw new StaffHttpError(409, 'staffLastOwner');
      const [stored] = await tx.query<{ outlets: string[] }>('SELECT outlets FROM staff_account WHERE account_id = $1', [before.account_id]);
      const outlets = role === 'owner' ? [] : (body.outlets ?? stored!.outlets);
      await tx.query(
        `UPDATE staff_account SET role = $2, outlets = $3::text[], disabled = $4, display_name = $5, version = version + 1, updated_at = $6 WHERE account_id = $1`,
        [before.account_id, role, [...new Set(outlets)], disabled, body.displayName ?? before.display_name, now],
      );
      // A disabled account is signed out everywhere at once.
      if (disabled) await tx.query('DELETE FROM staff_session WHERE account_id = $1', [before.account_id]);
      const after = (await accountById(tx, before.account_id))!;
      await audit(tx, withEnt(actor, before.ent_id), 'account.update', before.account_id, accountJson(before), accountJson(after));
      return { account: accountJson(after) };
    });
  });

  app.post<{ Params: { id: string } }>('/staff/accounts/:id/password', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: ALL_ROLES });
    if (!actor) return reply;
    const now = clock.now();
    const self = actor.kind === 'account' && actor.id === req.params.id;
    if (!self && actor.kind === 'account' && actor.role !== 'owner') throw new StaffHttpError(403, 'staffRoleForbidden', { role: actor.role });
    const body = parse(R['POST /staff/accounts/:id/password'].body, req.body);
    if (self) {
      // One's own password only with the old one, counted as a sign-in attempt (outside the transaction).
      const countFailure = await refuseWhileBackedOff('signin', actor.login, req, reply, now);
      const [own] = await db.query<{ password_hash: string }>('SELECT password_hash FROM staff_account WHERE account_id = $1', [actor.id]);
      if (!(await verifySecret(body.oldPassword ?? '', own?.password_hash))) {
        await countFailure();
        throw new StaffHttpError(403, 'staffOldPasswordWrong');
      }
    }
    const passwordHash = await hashSecret(body.password);
    return db.transaction(async (tx) => {
      const account = await targetAccount(tx, actor, req.params.id);
      await tx.query('UPDATE staff_account SET password_hash = $2, version = version + 1, updated_at = $3 WHERE account_id = $1', [account.account_id, passwordHash, now]);
      // Its other sessions end (the person changing their own keeps this one).
      await tx.query('DELETE FROM staff_session WHERE account_id = $1 AND session_hash <> $2', [account.account_id, self && actor.kind === 'account' ? actor.sessionHash : '']);
      await audit(tx, withEnt(actor, account.ent_id), self ? 'account.password.change' : 'account.password.reset', account.account_id, null, { passwordChanged: true });
      return { account: accountJson((await accountById(tx, account.account_id))!) };
    });
  });

  app.post<{ Params: { id: string } }>('/staff/accounts/:id/pin', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: ALL_ROLES });
    if (!actor) return reply;
    const self = actor.kind === 'account' && actor.id === req.params.id;
    if (!self && actor.kind === 'account' && actor.role !== 'owner') throw new StaffHttpError(403, 'staffRoleForbidden', { role: actor.role });
    const body = parse(R['POST /staff/accounts/:id/pin'].body, req.body);
    const now = clock.now();
    const pinHash = await hashSecret(body.pin);
    return db.transaction(async (tx) => {
      const account = await targetAccount(tx, actor, req.params.id);
      await tx.query('UPDATE staff_account SET pin_hash = $2, version = version + 1, updated_at = $3 WHERE account_id = $1', [account.account_id, pinHash, now]);
      await audit(tx, withEnt(actor, account.ent_id), 'account.pin', account.account_id, { hasPin: Boolean(account.pin_hash) }, { hasPin: true });
      return { account: accountJson((await accountById(tx, account.account_id))!) };
    });
  });

  app.post('/staff/pin-check', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: ALL_ROLES });
    if (!actor) return reply;
    const body = parse(R['POST /staff/pin-check'].body, req.body);
    const login = body.login.toLowerCase();
    const now = clock.now();
    const countFailure = await refuseWhileBackedOff('pin', login, req, reply, now);
    const [approver] = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM staff_account a WHERE lower(a.login) = $1`, [login]);
    const right = await verifySecret(body.pin, approver?.pin_hash);
    const approved =
      Boolean(approver && right && !approver.disabled && MANAGERS.includes(approver.role)) &&
      (actor.kind === 'automation' || approver!.ent_id === actor.entId) &&
      (!body.baseId || approver!.outlets.includes(body.baseId));
    if (!right) await countFailure();
    await audit(db, { ...actor, baseId: body.baseId ?? null, ...(actor.kind === 'automation' && approver ? { entId: approver.ent_id } : {}) }, 'pin.check', approver?.account_id ?? login, null, {
      approved,
      action: body.action ?? '',
      ...(approved ? {} : { reason: !approver || !right ? 'pin' : 'not-allowed' }),
    });
    return approved && approver
      ? { approved: true, approver: { accountId: approver.account_id, displayName: approver.display_name, role: approver.role } }
      : { approved: false };
  });

  app.get('/staff/audit', async (req, reply) => {
    const actor = await requireStaff(req, reply, { roles: OWNER });
    if (!actor) return reply;
    const q = parse(R['GET /staff/audit'].query, req.query);
    const rows = await db.query<{ audit_id: string | number; at: Date; actor: string; actor_name: string; base_id: string | null; action: string; target: string; before: unknown; after: unknown }>(
      `SELECT audit_id, at, actor, actor_name, base_id, action, target, before, after FROM staff_audit
        WHERE ($1::text IS NULL OR ent_id = $1) AND ($2::bigint IS NULL OR audit_id < $2)
          AND ($3::text IS NULL OR action = $3) AND ($4::text IS NULL OR target = $4)
        ORDER BY audit_id DESC LIMIT $5`,
      [actor.kind === 'account' ? actor.entId : null, q.before ?? null, q.action || null, q.target || null, q.limit ?? 100],
    );
    const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
    return {
      entries: rows.map((r) => ({
        id: Number(r.audit_id),
        at: iso(r.at),
        actor: r.actor,
        actorName: r.actor_name,
        baseId: r.base_id,
        action: r.action,
        target: r.target,
        before: json(r.before),
        after: json(r.after),
      })),
    };
  });
}
