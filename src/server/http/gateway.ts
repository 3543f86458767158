/**
 * The one data endpoint: POST /HBBAPI/GetData. Decodes the form strictly,
 * looks the operation up in the catalogue, checks the caller's role,
 * validates the payload against the operation's schema, runs the handler in
 * one transaction and answers with the envelope. Every failure is an envelope
 * with a non-"0" code and a message that says what is wrong; never a 500.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { catalogue, isOperationName, type OperationName } from '../../shared/protocol/catalogue';
import {
  ErrorCode,
  GATEWAY_PATH,
  PLACEHOLDERS,
  SUCCESS,
  type Envelope,
  type ResultTables,
} from '../../shared/protocol/envelope';
import { schemas } from '../../shared/protocol/schemas';
import type { Config } from '../config';
import { DbBusyError, type Db, type Queryable } from '../db/driver';
import { langFromHeader, message, type Lang } from '../messages';
import { OpError, type HandlerMap, type OpContext, type Session } from '../operations/context';
import { discardBody } from './connections';
import { FormError, parseForm, parseJsonData } from './form';
import { GlobalGauge, hit, networkOf, sessionWithCounts, usedUp, type Limit } from './rateLimit';
import { createSession, deleteSession, findSession, SESSION_COOKIE } from './session';
import { tagOperation } from './requestTags';
import { decodeScans, encodeScans, SCAN_COOKIE, SCAN_VALID_HOURS, withScan } from './tableScan';

export interface GatewayDeps {
  db: Db;
  config: Config;
  handlers: HandlerMap;
  /** The service's idea of now; tests set it. */
  clock: () => Date;
  /** Parse every answer with its result schema (default: under NODE_ENV=test or CHECK_RESULTS=1). */
  checkResults?: boolean;
  /** The last known count of the service's anonymous writes this minute (issue 22: over the figure they are slowed). */
  anonGauge?: GlobalGauge;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The operations the rate limiter counts (http/rateLimit.ts), by class. Each
 * class has its own counters per member (the session's) and per client IP,
 * limited by config.rateLimits per minute; over a limit the answer is
 * ErrorCode.rateLimited. (Finance_PaySubmit_V2_Update is left out: the app
 * polls it while a payment is open.) Coupon look-ups (issue 22: by code, and
 * a coupon's details) have their own class, limited by
 * config.couponLookupLimits, so codes cannot be probed.
 */
export const limits: Partial<Record<OperationName, 'order' | 'payment' | 'coupon'>> = {
  PosSalSheet_NewCYSendSheetSubmit_Add: 'order',
  PosSalSheet_CYPosSalSheetSubmit_Add: 'order',
  PosSalSheet_PosSalSheetSubmit_V9_Add: 'order',
  PosSalSheet_CYSettleSheetSubmit_V2_Add: 'payment',
  PosSalSheet_PosSalSheetAcctSubmit_V9_Add: 'payment',
  PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update: 'payment',
  PosSalSheet_PosSalSheetCloseSubmit_V5_Add: 'payment',
  Finance_PosPaySubmit_V5_Add: 'payment',
  VipRecharge_VipAccountRechargeSumbit_V3_Add: 'payment',
  EntCard_CardDetailGet_V1_Get: 'coupon',
  EntCard_NYHVipCardQueryVerification_Add: 'coupon',
  EntCard_NYHVipCardVerification_Update: 'coupon',
  EntCard_ProvideVipCardDetail_Add: 'coupon',
};

/**
 * Writes a caller without a member may make (no session, or a guest's): each
 * is counted per client IP and per network (IPv4 /24, IPv6 /64: networkOf),
 * limited by config.anonymousWriteLimits per minute (42900 over either).
 * Those that fail (a bad code exchange, a bad payload) are counted apart,
 * per IP and per network, so failures do not use up the honest callers'
 * quota; over those, 42900 for that IP or network only. The whole service's
 * count is never a refusal: over its figure each anonymous write is slowed
 * (issue 22). A member's calls are not counted here (the order and payment
 * limits count them).
 * The SMS code request is not counted here: it has limits of its own (per
 * phone, per IP and per day: providers/sms.ts).
 */
export const anonymousWrites: ReadonlySet<OperationName> = new Set<OperationName>([
  'EntVip_EntVipGuestLogin_Add',
  'EntVip_EntVipRegisterSubmit_V2_Add',
  'EntVip_EntVipLoginGet_V1_Get',
  'EntVip_WebiteUserAccessToken_Get',
  'EntVip_WebiteUserInfo_Get',
  'Setting_SetHelpFeedbackAddSubmit_Add',
  'Finance_GetUserPayInfo_Get',
]);

/**
 * The limits a request of `name` counts against, once its session is known:
 * its class's per-IP and per-member counters (limits above), and for a
 * caller without a member the anonymous-write counters.
 */
function limitsOf(name: OperationName, session: Session | null, ip: string, config: Config, use: 'check' | 'success' | 'failure'): Limit[] {
  const keys: Limit[] = [];
  const limitClass = limits[name];
  if (limitClass) {
    const max = limitClass === 'coupon' ? config.couponLookupLimits : config.rateLimits;
    keys.push({ key: `${limitClass}:ip:${ip}`, max: max.ipPerMinute });
    if (session?.vipId) keys.push({ key: `${limitClass}:member:${session.vipId}`, max: max.memberPerMinute });
  }
  if (anonymousWrites.has(name) && session?.role !== 'member') {
    const anon = config.anonymousWriteLimits;
    const net = networkOf(ip);
    if (use !== 'failure') {
      keys.push({ key: `anon:ip:${ip}`, max: anon.ipPerMinute }, { key: `anon:net:${net}`, max: anon.networkPerMinute });
    }
    if (use !== 'success') {
      keys.push({ key: `anonfail:ip:${ip}`, max: anon.failedIpPerMinute }, { key: `anonfail:net:${net}`, max: anon.failedNetworkPerMinute });
    }
    // Counted, never refused: over its figure anonymous writes are slowed (serveOperation).
    if (use !== 'check') keys.push({ key: ANON_ALL, max: Number.POSITIVE_INFINITY });
  }
  return keys;
}

/** The whole service's count of anonymous writes (successful and failed) in the current minute. */
const ANON_ALL = 'anon:all';

/** The keys whose counts the session lookup reads before the session is known (limitsOf's checks, but the member's). */
function candidateKeys(name: OperationName, ip: string): { keys: string[]; memberPrefix: string | null } {
  const limitClass = limits[name];
  const keys = limitClass ? [`${limitClass}:ip:${ip}`] : [];
  if (anonymousWrites.has(name)) {
    const net = networkOf(ip);
    keys.push(`anon:ip:${ip}`, `anon:net:${net}`, `anonfail:ip:${ip}`, `anonfail:net:${net}`);
  }
  return { keys, memberPrefix: limitClass ? `${limitClass}:member:` : null };
}

/**
 * A limited request that failed for another reason than its limit (a
 * tampered total, a bad payload) still counts: its transaction was rolled
 * back, so it is counted here, in a statement of its own. An anonymous
 * write's failure counts against the failure counters, not the honest ones.
 */
async function countFailure(req: FastifyRequest, deps: GatewayDeps, name: OperationName, now: Date): Promise<void> {
  const { db, config } = deps;
  const session = await findSession(db, req.cookies[SESSION_COOKIE], now);
  const keys = limitsOf(name, session, req.ip, config, 'failure');
  if (keys.length > 0) deps.anonGauge?.note(now, (await hit(db, keys, now)).counts?.[ANON_ALL]);
}

export function envelope(data: ResultTables): Envelope {
  return { errcode: SUCCESS, resultcode: SUCCESS, errmsg: '', resultmsg: '', data };
}

export function errorEnvelope(code: string, msg: string): Envelope {
  return { errcode: code, resultcode: code, errmsg: msg, resultmsg: msg, data: {} };
}

class RequestError extends Error {
  constructor(
    readonly code: string,
    msg: string,
  ) {
    super(msg);
  }
}

export async function gatewayRoutes(app: FastifyInstance, gatewayDeps: GatewayDeps): Promise<void> {
  const deps = { ...gatewayDeps, checkResults: gatewayDeps.checkResults ?? checkResultsOn(), anonGauge: gatewayDeps.anonGauge ?? new GlobalGauge() };
  const { config } = deps;

  // Take every body as text and decide here: a wrong content type is an
  // envelope, not Fastify's 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: config.bodyLimit }, (_req, body, done) => {
    done(null, body);
  });

  app.setErrorHandler(async (err: Error & { code?: string; statusCode?: number }, req, reply) => {
    const lang = langFromHeader(req.headers['accept-language']);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Read the rest first (bounded): closed while the client still sends, it may never read this answer.
      await discardBody(req.raw);
      return reply.code(200).send(errorEnvelope(ErrorCode.tooLarge, `request body is larger than ${config.bodyLimit} bytes`));
    }
    if (err.statusCode && err.statusCode < 500) {
      return reply.code(200).send(errorEnvelope(ErrorCode.badRequest, `bad request: ${err.message}`));
    }
    req.log.error({ err }, 'gateway failure');
    return reply.code(200).send(errorEnvelope(ErrorCode.internal, message('internal', lang)));
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = langFromHeader(req.headers['accept-language']);
    try {
      const answer = await serve(req, reply, lang, deps);
      return reply.send(answer);
    } catch (err) {
      if (err instanceof RequestError) return reply.send(errorEnvelope(err.code, err.message));
      if (err instanceof DbBusyError) {
        // Nothing was written (no connection was had): the same request may simply be sent again.
        return reply.header('retry-after', '1').send(errorEnvelope(ErrorCode.busy, message('busy', lang)));
      }
      if (err instanceof OpError) return reply.send(errorEnvelope(err.code, message(err.key, lang, err.values)));
      req.log.error({ err }, 'operation failed');
      return reply.send(errorEnvelope(ErrorCode.internal, message('internal', lang)));
    }
  };

  app.post(GATEWAY_PATH, handle);
  // GET, PUT... on the endpoint: say how to call it.
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH'],
    url: GATEWAY_PATH,
    handler: async (_req, reply) =>
      reply.send(errorEnvelope(ErrorCode.badRequest, `use POST with ${FORM_TYPE} on ${GATEWAY_PATH}`)),
  });
}

async function serve(req: FastifyRequest, reply: FastifyReply, lang: Lang, deps: GatewayDeps): Promise<Envelope> {
  const { config } = deps;
  const contentType = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== FORM_TYPE) {
    throw new RequestError(ErrorCode.badRequest, `Content-Type must be ${FORM_TYPE}`);
  }
  let form: Map<string, string>;
  try {
    form = parseForm(typeof req.body === 'string' ? req.body : '');
  } catch (err) {
    throw new RequestError(ErrorCode.badRequest, (err as Error).message);
  }

  const authCode = form.get('strAuthorizationCode');
  if (authCode === undefined) throw new RequestError(ErrorCode.badAuthorization, 'strAuthorizationCode is missing');
  if (authCode !== config.authorizationCode) throw new RequestError(ErrorCode.badAuthorization, 'strAuthorizationCode is wrong');

  const name = form.get('strKeyName');
  if (!name) throw new RequestError(ErrorCode.badRequest, 'strKeyName is missing');
  if (!isOperationName(name)) throw new RequestError(ErrorCode.unknownOperation, `unknown operation: ${name.slice(0, 100)}`);
  tagOperation(req, name);
  const entry = catalogue[name];

  const serviceType = form.get('HBBWSType');
  if (serviceType === undefined) throw new RequestError(ErrorCode.badRequest, 'HBBWSType is missing');
  if (serviceType.trim() !== String(entry.service)) {
    throw new RequestError(
      ErrorCode.badRequest,
      `HBBWSType ${serviceType.slice(0, 10)} does not match ${name}, which is service type ${entry.service}`,
    );
  }
  const limited = name in limits || anonymousWrites.has(name);
  const call: GatewayCall = { req, reply, lang, deps, name };
  let done: Committed;
  try {
    done = await runOperation(call, readPayload(form, name, config));
  } catch (err) {
    // Nothing was committed. A limited request refused for another reason than its limit still
    // counts (rateLimit.ts); one whose transaction committed has been counted in it.
    const refusedByLimit = err instanceof RequestError && err.code === ErrorCode.rateLimited;
    if (limited && !refusedByLimit && !(err instanceof DbBusyError)) {
      await countFailure(req, deps, name, deps.clock()).catch((e: unknown) => req.log.error({ err: e }, 'counting a failed request'));
    }
    throw err;
  }
  return answerCommitted(call, done);
}

/** One call of an operation: who asked, in what language, which operation, with the gateway's dependencies. */
interface GatewayCall {
  req: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
  deps: GatewayDeps;
  name: OperationName;
}

/** The cookies an operation changed: a new session, an ended one, the tables scanned. */
interface CookieChanges {
  newSession: { secret: string; expires: Date } | null;
  clearSession: boolean;
  scans: ReturnType<typeof decodeScans> | null;
}

/** What a committed transaction gives: the handler's answer (or a refusal that kept its writes) and the cookies to set. */
interface Committed {
  data: ResultTables | OpError;
  cookies: CookieChanges;
  now: Date;
}

/** Step 1: the payload from the form: plain JSON (no RSA), parsed within bounds, checked by the catalogue's schema, placeholders substituted. */
export function readPayload(form: Map<string, string>, name: OperationName, config: Pick<Config, 'maxJsonDepth' | 'credentials'>): { tableData: Record<string, unknown>[] } {
  const isRsa = form.get('IsRSA');
  if (isRsa !== undefined && isRsa !== '0') {
    throw new RequestError(ErrorCode.badRequest, 'IsRSA must be 0: encrypted payloads are not accepted');
  }
  const jsonText = form.get('strJsonData');
  if (jsonText === undefined || jsonText.trim() === '') throw new RequestError(ErrorCode.badRequest, 'strJsonData is missing');
  let json: Record<string, unknown>;
  try {
    json = parseJsonData(jsonText, { maxDepth: config.maxJsonDepth });
  } catch (err) {
    if (err instanceof FormError) throw new RequestError(ErrorCode.badRequest, err.message);
    throw err;
  }
  const parsed = schemas[name].payload.safeParse(json);
  if (!parsed.success) throw new RequestError(ErrorCode.badRequest, describeZodError(name, parsed.error));
  const payload = parsed.data as { tableData: Record<string, unknown>[] };
  for (const row of payload.tableData) substitutePlaceholders(row, config.credentials);
  return payload;
}

/** Step 2: may this caller call it (the catalogue's role), and does the service have it? */
export function checkAccess(name: OperationName, session: Session | null, hasHandler: boolean): void {
  const { role } = catalogue[name];
  if (role === 'session' && !session) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  if (role === 'member' && (!session || session.role !== 'member')) {
    throw new OpError(session ? 'memberRequired' : 'loginRequired', session ? ErrorCode.forbidden : ErrorCode.sessionRequired);
  }
  if (role === 'staff') throw new OpError('loginRequired', ErrorCode.forbidden);
  if (!hasHandler) throw new OpError('notSupported', ErrorCode.notSupported, { name });
}

/**
 * Step 3: the operation in one transaction: the caller's session (and a
 * limited operation's counters) in one statement, the access rule, the
 * handler, then the count, last before the commit.
 */
async function runOperation(call: GatewayCall, payload: unknown): Promise<Committed> {
  const { req, lang, deps, name } = call;
  const { db, config, handlers } = deps;
  const handler = handlers[name] as ((ctx: OpContext, p: unknown) => Promise<ResultTables>) | undefined;
  const now = deps.clock();
  const cookies: CookieChanges = { newSession: null, clearSession: false, scans: null };
  const scans = decodeScans(config.scanSecret, req.cookies[SCAN_COOKIE], now);
  const candidates = candidateKeys(name, req.ip);
  // Over the minute's figure of anonymous writes, each is slowed before it takes a connection, never refused (issue 22).
  const anon = config.anonymousWriteLimits;
  if (anonymousWrites.has(name) && anon.slowMs > 0 && deps.anonGauge?.over(now, anon.globalPerMinute)) {
    await new Promise((resolve) => setTimeout(resolve, anon.slowMs));
  }
  const data = await db.transaction(async (tx) => {
    const { session, keys } = await sessionAndLimits(call, tx, candidates, now);
    checkAccess(name, session, handler !== undefined);
    const ctx = operationContext(call, tx, session, now, scans, cookies);
    let answer: ResultTables | OpError;
    try {
      answer = await handler!(ctx, payload);
    } catch (err) {
      // A refusal that keeps its writes: commit, then answer the refusal.
      if (err instanceof OpError && err.commit) answer = err;
      else throw err;
    }
    // The count, last before the commit: over a limit (others counted meanwhile), nothing is written.
    if (keys.length > 0) {
      const counted = await hit(tx, keys, now);
      deps.anonGauge?.note(now, counted.counts?.[ANON_ALL]);
      if (!counted.allowed) throw new RequestError(ErrorCode.rateLimited, message('tooMany', lang));
    }
    return answer;
  });
  return { data, cookies, now };
}

/** The caller's session and, for a limited operation, its counters so far (one statement); refused when a limit is used up. */
async function sessionAndLimits(call: GatewayCall, tx: Queryable, candidates: ReturnType<typeof candidateKeys>, now: Date): Promise<{ session: Session | null; keys: Limit[] }> {
  const { req, deps, name, lang } = call;
  const cookieSecret = req.cookies[SESSION_COOKIE];
  if (candidates.keys.length === 0) return { session: await findSession(tx, cookieSecret, now), keys: [] };
  const found = await sessionWithCounts(tx, cookieSecret, now, candidates.keys, candidates.memberPrefix);
  if (usedUp(limitsOf(name, found.session, req.ip, deps.config, 'check'), found.counts)) throw new RequestError(ErrorCode.rateLimited, message('tooMany', lang));
  return { session: found.session, keys: limitsOf(name, found.session, req.ip, deps.config, 'success') };
}

/** What a handler is given: the transaction, the session, and the ways to start or end one and to remember a table's scan. */
function operationContext(call: GatewayCall, tx: Queryable, session: Session | null, now: Date, scans: ReturnType<typeof decodeScans>, cookies: CookieChanges): OpContext {
  const { req, lang, deps } = call;
  const { config } = deps;
  const ctx: OpContext = {
    tx,
    session,
    lang,
    now,
    config,
    credentials: config.credentials,
    ip: req.ip,
    scannedTables: scans.map((s) => s.tableId),
    rememberScan(tableId) {
      cookies.scans = withScan(cookies.scans ?? scans, tableId, now);
    },
    async startSession(entId, vipId, role): Promise<Session> {
      const created = await createSession(tx, { entId, vipId, role }, now, config.sessionDays);
      cookies.newSession = { secret: created.secret, expires: created.expires };
      ctx.session = created.session;
      return created.session;
    },
    async endSession() {
      if (ctx.session) await deleteSession(tx, ctx.session.sessionId);
      ctx.session = null;
      cookies.newSession = null;
      cookies.clearSession = true;
    },
  };
  return ctx;
}

/** Step 4: the answer of a committed call: a refusal that kept its writes, or the result (checked under CHECK_RESULTS) with its cookies. */
function answerCommitted({ reply, deps, name }: GatewayCall, { data, cookies, now }: Committed): Envelope {
  if (data instanceof OpError) throw data;
  if (deps.checkResults) checkResult(name, data);
  setCookies(reply, deps.config, cookies, now);
  return envelope(data);
}

function setCookies(reply: FastifyReply, config: Config, cookies: CookieChanges, now: Date): void {
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  if (cookies.newSession) reply.setCookie(SESSION_COOKIE, cookies.newSession.secret, { ...base, expires: cookies.newSession.expires });
  if (cookies.clearSession) reply.clearCookie(SESSION_COOKIE, base);
  if (cookies.scans) {
    reply.setCookie(SCAN_COOKIE, encodeScans(config.scanSecret, cookies.scans), { ...base, expires: new Date(now.getTime() + SCAN_VALID_HOURS * 3_600_000) });
  }
}

/**
 * The catalogue's result schemas hold the service to the contract: under
 * tests and the journeys (NODE_ENV=test, or CHECK_RESULTS=1) every answer is
 * parsed with its operation's result schema, and a handler whose answer
 * drifted from it fails the call (59999), so the drift fails CI. Off in
 * production, where it would only cost time.
 */
const checkResultsOn = () => (process.env.CHECK_RESULTS ? process.env.CHECK_RESULTS === '1' : process.env.NODE_ENV === 'test');

export class ResultDriftError extends Error {}

export function checkResult(name: OperationName, data: unknown): void {
  const parsed = schemas[name].result.safeParse(data);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  const path = issue ? issue.path.map(String).join('.') : '';
  throw new ResultDriftError(`the answer of ${name} does not match its result schema: ${path}: ${issue?.message ?? ''}`);
}

function substitutePlaceholders(row: Record<string, unknown>, credentials: Record<keyof typeof PLACEHOLDERS, string>) {
  for (const key of Object.keys(PLACEHOLDERS) as (keyof typeof PLACEHOLDERS)[]) {
    if (row[key] === undefined || row[key] === PLACEHOLDERS[key]) row[key] = credentials[key];
  }
}

function describeZodError(name: OperationName, error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return `payload of ${name} is not valid`;
  const path = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
  return `payload of ${name} is not valid: ${path || 'strJsonData'}: ${issue.message}`;
}
