/**
 * Issue 26 section 1: staff accounts through the real HTTP server. Hashes
 * (scrypt, no plaintext), sign-in and sign-out with the session cookie's
 * flags, the session's lifetime, back-off per login and per IP (with the
 * sandbox clock), the role x route table of every staff route, outlet scope,
 * an owner's password reset, PINs, and the audit of staff actions.
 */
import type { ResultTables } from '../../shared/protocol/envelope';
import { DEMO, DEMO_STAFF, seedDemo } from '../db/seed';
import { issueMemberCode } from '../operations/auth/memberCode';
import { guestClient, line, pickupHeader, submit } from '../test/orders';
import { startHarness, type Harness } from '../test/harness';
import { ensureOwnerAccount } from './staffAccounts';
import { hashParams, hashSecret, SCRYPT_PARAMS, verifySecret } from './staffPasswords';

jest.setTimeout(120_000);

const TOKEN = 'staff-token-for-account-tests';
let h: Harness;
let quickSheet: string;

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, trustProxy: true, staffAuthFailuresPerMinute: 10, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
  const client = await guestClient(h);
  const res = await submit(client, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
  expect(res.errcode).toBe('0');
  quickSheet = String((res.data as ResultTables).table1![0]!.SheetID);
});
afterAll(() => h.close());

const demo = (login: string) => DEMO_STAFF.find((s) => s.login === login)!;
type Json = Record<string, unknown>;
let ipSeq = 10;
/** Each sign-in from an address of its own, so the per-IP back-off of one test does not reach the next. */
const freshIp = () => `198.51.100.${(ipSeq += 1)}`;

interface Call {
  status: number;
  json: Json;
  headers: Headers;
}
async function call(method: string, path: string, opts: { cookie?: string; token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {}): Promise<Call> {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': opts.ip ?? '192.0.2.10',
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json, headers: res.headers };
}

/** Signs in as `login` (the demo password unless told) and answers the cookie pair. */
async function signIn(login: string, password = demo(login).password, ip = freshIp()): Promise<string> {
  const res = await call('POST', '/staff/session', { body: { login, password }, ip });
  expect([login, res.status]).toEqual([login, 200]);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

describe('hashes', () => {
  test('scrypt with its own salt and stored parameters; never the plaintext', async () => {
    const a = await hashSecret('correct horse battery');
    const b = await hashSecret('correct horse battery');
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct');
    expect(hashParams(a)).toEqual({ ...SCRYPT_PARAMS, saltBytes: 16, keyBytes: 32 });
    expect(SCRYPT_PARAMS).toEqual({ ln: 14, r: 8, p: 1 });
    expect(await verifySecret('correct horse battery', a)).toBe(true);
    expect(await verifySecret('correct horse batterY', a)).toBe(false);
    expect(await verifySecret('x', 'plaintext')).toBe(false);
    // The stored parameters are the ones used: a hash made with others still checks.
    const cheaper = await hashSecret('1234', { ln: 10, r: 8, p: 1 });
    expect(cheaper).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect(await verifySecret('1234', cheaper)).toBe(true);
  });

  test("the demo's stored hashes match its printed passwords and PINs, and the table holds no plaintext", async () => {
    const rows = await h.db.query<{ login: string; password_hash: string; pin_hash: string }>('SELECT login, password_hash, pin_hash FROM staff_account ORDER BY login');
    expect(rows.map((r) => r.login)).toEqual(['cashier', 'kitchen', 'manager', 'owner']);
    for (const r of rows) {
      const d = demo(r.login);
      expect(r.password_hash).not.toContain(d.password);
      expect(hashParams(r.password_hash)).toEqual({ ...SCRYPT_PARAMS, saltBytes: 16, keyBytes: 32 });
      expect([r.login, await verifySecret(d.password, r.password_hash), await verifySecret(d.pin, r.pin_hash)]).toEqual([r.login, true, true]);
    }
  });
});

describe('sign-in and sign-out', () => {
  test('the cookie is HttpOnly, SameSite=Strict, Path=/staff, for STAFF_SESSION_HOURS; Secure over https; the table keeps only its hash', async () => {
    const res = await call('POST', '/staff/session', { body: { login: 'Kitchen', password: demo('kitchen').password }, ip: freshIp() });
    expect(res.status).toBe(200);
    expect(res.json.account).toMatchObject({ login: 'kitchen', role: 'kitchen', outlets: [DEMO.bases.dineIn, DEMO.bases.lateNight, DEMO.bases.quick] });
    expect(JSON.stringify(res.json)).not.toMatch(/scrypt|password/i);
    const cookie = res.headers.getSetCookie()[0]!;
    const flags = cookie.split(';').map((p) => p.trim());
    expect(flags).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/staff', `Max-Age=${12 * 3600}`]));
    expect(flags).not.toContain('Secure');
    const secret = flags[0]!.split('=')[1]!;
    const sessions = await h.db.query<{ session_hash: string }>('SELECT session_hash FROM staff_session');
    expect(sessions.some((s) => s.session_hash === secret)).toBe(false);
    // Over https (a trusted proxy says so) the cookie is Secure.
    const https = await call('POST', '/staff/session', { body: { login: 'kitchen', password: demo('kitchen').password }, ip: freshIp(), headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.getSetCookie()[0]!.split(';').map((p) => p.trim())).toContain('Secure');
  });

  test('signed in: /staff/me is the account; signed out: the cookie is cleared and the session gone', async () => {
    const cookie = await signIn('cashier');
    const me = await call('GET', '/staff/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ kind: 'account', account: { login: 'cashier', role: 'cashier', hasPin: true } });
    expect((await call('GET', '/staff/me', { token: TOKEN })).json).toEqual({ kind: 'automation' });
    const out = await call('DELETE', '/staff/session', { cookie });
    expect(out.json).toEqual({ signedOut: true });
    expect(out.headers.getSetCookie()[0]).toMatch(/^hbb_staff=;.*Path=\/staff/);
    expect((await call('GET', '/staff/me', { cookie })).status).toBe(401);
    expect((await call('GET', `/staff/sheets?baseId=${DEMO.bases.dineIn}`, { cookie })).status).toBe(401);
  });

  test('a wrong password, an unknown login, a disabled account: 401 with the same message in the caller\'s language', async () => {
    const wrong = await call('POST', '/staff/session', { body: { login: 'manager', password: 'nope-nope' }, ip: freshIp() });
    const unknown = await call('POST', '/staff/session', { body: { login: 'nobody', password: 'nope-nope' }, ip: freshIp() });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json).toEqual({ error: 'The login name or the password is wrong.' });
    expect(unknown.json).toEqual(wrong.json);
    const zh = await call('POST', '/staff/session', { body: { login: 'manager', password: 'nope-nope' }, ip: freshIp(), headers: { 'accept-language': 'zh-TW' } });
    expect(zh.json).toEqual({ error: '登入名稱或密碼不正確。' });
    expect(zh.headers.getSetCookie()).toEqual([]);
  });

  test('a session ends after STAFF_SESSION_HOURS (the service clock)', async () => {
    h.setNow(new Date('2031-05-01T08:00:00Z'));
    const cookie = await signIn('kitchen');
    h.setNow(new Date('2031-05-01T19:59:00Z'));
    expect((await call('GET', '/staff/me', { cookie })).status).toBe(200);
    h.setNow(new Date('2031-05-01T20:00:01Z'));
    expect((await call('GET', '/staff/me', { cookie })).status).toBe(401);
    h.setNow(null);
  });
});

describe('back-off', () => {
  test('5 wrong passwords for one login: 429 with Retry-After (a right password too) until the minute ends, then allowed', async () => {
    h.setNow(new Date('2031-06-01T09:00:20Z'));
    const statuses: number[] = [];
    // From several addresses: the count is the login's.
    for (let i = 0; i < 6; i += 1) statuses.push((await call('POST', '/staff/session', { body: { login: 'owner', password: `guess-${i}-x` }, ip: freshIp() })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await call('POST', '/staff/session', { body: { login: 'owner', password: demo('owner').password }, ip: freshIp() });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('40');
    expect(right.json).toEqual({ error: 'Too many wrong attempts. Try again in 40 s.' });
    expect(right.headers.getSetCookie()).toEqual([]);
    // Another login is not held back.
    expect((await call('POST', '/staff/session', { body: { login: 'kitchen', password: demo('kitchen').password }, ip: freshIp() })).status).toBe(200);
    h.setNow(new Date('2031-06-01T09:01:00Z'));
    expect((await call('POST', '/staff/session', { body: { login: 'owner', password: demo('owner').password }, ip: freshIp() })).status).toBe(200);
    h.setNow(null);
  });

  test('STAFF_AUTH_FAILURES wrong sign-ins from one IP: that IP is 429 for every login until the minute ends', async () => {
    h.setNow(new Date('2031-06-01T10:00:00Z'));
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await call('POST', '/staff/session', { body: { login: `spray${i}`, password: 'password1' }, ip })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await call('POST', '/staff/session', { body: { login: 'kitchen', password: demo('kitchen').password }, ip })).status).toBe(429);
    expect((await call('POST', '/staff/session', { body: { login: 'kitchen', password: demo('kitchen').password }, ip: freshIp() })).status).toBe(200);
    h.setNow(new Date('2031-06-01T10:01:00Z'));
    expect((await call('POST', '/staff/session', { body: { login: 'kitchen', password: demo('kitchen').password }, ip })).status).toBe(200);
    h.setNow(null);
  });
});

describe('roles and outlets hold on the service', () => {
  const D = DEMO.bases.dineIn;
  // Each staff route, called so that an allowed caller gets past the door (200, or the route's own 400/404/409).
  const routes: { name: string; method: string; path: (who: string) => string; body?: unknown; allowed: string[] }[] = [
    { name: 'list sheets', method: 'GET', path: () => `/staff/sheets?baseId=${D}&limit=1`, allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'move a round', method: 'POST', path: () => `/staff/sheets/${DEMO.sheets.closed}/progress`, body: { progress: 'preparing' }, allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'close paid at the counter', method: 'POST', path: () => `/staff/sheets/${DEMO.sheets.closed}/close`, body: { paidAtCounter: true }, allowed: ['owner', 'manager', 'cashier'] },
    { name: 'force close', method: 'POST', path: () => `/staff/sheets/${DEMO.sheets.closed}/close`, body: { force: true }, allowed: ['owner', 'manager'] },
    { name: 'cancel a payment', method: 'POST', path: () => `/staff/sheets/${DEMO.sheets.closed}/cancel-payment`, allowed: ['owner', 'manager', 'cashier'] },
    { name: 'goods sold out', method: 'POST', path: () => `/staff/goods/${DEMO.goods.bbqPorkRice}/sold-out`, body: { soldOut: false }, allowed: ['owner', 'manager', 'kitchen'] },
    { name: 'sku sold out', method: 'POST', path: () => `/staff/skus/${DEMO.skus.milkTeaRegularHot}/sold-out`, body: { soldOut: false }, allowed: ['owner', 'manager', 'kitchen'] },
    { name: 'member by code', method: 'GET', path: () => '/staff/members/by-code/0000-123456', allowed: ['owner', 'manager', 'cashier'] },
    { name: 'outlets', method: 'GET', path: () => '/staff/outlets', allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'goods', method: 'GET', path: () => `/staff/goods?baseId=${D}`, allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'stations', method: 'GET', path: () => `/staff/stations?baseId=${D}`, allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'printers', method: 'GET', path: () => `/staff/printers?baseId=${D}`, allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'add a printer', method: 'POST', path: () => '/staff/printers', body: {}, allowed: ['owner', 'manager'] },
    { name: 'remove a printer', method: 'DELETE', path: () => '/staff/printers/PR-none', allowed: ['owner', 'manager'] },
    { name: 'reprint a round', method: 'POST', path: () => `/staff/sheets/${DEMO.sheets.closed}/reprint`, body: { round: 1 }, allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'me', method: 'GET', path: () => '/staff/me', allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'list accounts', method: 'GET', path: () => '/staff/accounts', allowed: ['owner', 'manager'] },
    { name: 'create an account', method: 'POST', path: () => '/staff/accounts', body: {}, allowed: ['owner'] },
    { name: 'change an account', method: 'PATCH', path: () => `/staff/accounts/${demo('kitchen').accountId}`, body: {}, allowed: ['owner'] },
    { name: "reset another's password", method: 'POST', path: (who) => `/staff/accounts/${demo(who === 'owner' ? 'manager' : 'owner').accountId}/password`, body: {}, allowed: ['owner'] },
    { name: "set another's PIN", method: 'POST', path: (who) => `/staff/accounts/${demo(who === 'owner' ? 'manager' : 'owner').accountId}/pin`, body: {}, allowed: ['owner'] },
    { name: 'PIN check', method: 'POST', path: () => '/staff/pin-check', body: {}, allowed: ['owner', 'manager', 'cashier', 'kitchen'] },
    { name: 'audit', method: 'GET', path: () => '/staff/audit?limit=1', allowed: ['owner'] },
  ];

  test('each role against each staff route: allowed, or 403 (automation: every one)', async () => {
    const cookies = Object.fromEntries(await Promise.all(['owner', 'manager', 'cashier', 'kitchen'].map(async (r) => [r, await signIn(r)] as const)));
    const table: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      for (const who of ['owner', 'manager', 'cashier', 'kitchen', 'automation']) {
        const res = await call(route.method, route.path(who), { body: route.body, ...(who === 'automation' ? { token: TOKEN } : { cookie: cookies[who] }) });
        const allowed = who === 'automation' || route.allowed.includes(who);
        table.push(`${route.name} / ${who}: ${res.status === 403 ? 403 : res.status === 401 || res.status === 429 ? res.status : 'in'}`);
        expected.push(`${route.name} / ${who}: ${allowed ? 'in' : 403}`);
      }
    }
    expect(table).toEqual(expected);
    // The stream too: a kitchen account reads its outlet's events.
    const stream = await fetch(`${h.url}/staff/events?baseId=${D}`, { headers: { cookie: cookies.kitchen!, accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
  });

  test("a manager of one outlet is refused (403) on another's orders, stream and goods; sees only its outlets", async () => {
    const cookie = await signIn('manager');
    const Q = DEMO.bases.quick;
    expect((await call('GET', `/staff/sheets?baseId=${Q}`, { cookie })).status).toBe(403);
    const move = await call('POST', `/staff/sheets/${quickSheet}/progress`, { cookie, body: { progress: 'preparing' } });
    expect(move.status).toBe(403);
    expect(move.json).toEqual({ error: 'Your account is not for this outlet.' });
    expect((await call('GET', `/staff/goods?baseId=${DEMO.bases.eggTart}`, { cookie })).status).toBe(403);
    // A printer for another outlet: refused on the body's outlet.
    const printer = { baseId: Q, name: 'Scope test printer', host: '127.0.0.1', port: 9100, stations: ['*'], encoding: 'utf8', width: 80 };
    expect((await call('POST', '/staff/printers', { cookie, body: printer })).status).toBe(403);
    expect(await h.db.query("SELECT 1 FROM printer WHERE name = 'Scope test printer'")).toEqual([]);
    expect((await call('POST', `/staff/goods/${DEMO.goods.bbqPorkRice}/sold-out`, { cookie, body: { soldOut: false } })).status).toBe(200);
    const stream = await fetch(`${h.url}/staff/events?baseId=${Q}`, { headers: { cookie, accept: 'text/event-stream' } });
    expect(stream.status).toBe(403);
    await stream.body?.cancel();
    const outlets = await call('GET', '/staff/outlets', { cookie });
    expect((outlets.json.outlets as { baseId: string }[]).map((o) => o.baseId)).toEqual([D]);
    // Nothing moved.
    const [sheet] = await h.db.query<{ progress: string }>('SELECT progress FROM sheet WHERE sheet_id = $1', [quickSheet]);
    expect(sheet!.progress).not.toBe('preparing');
    // The owner covers every outlet of the enterprise.
    const owner = await signIn('owner');
    expect((await call('GET', `/staff/sheets?baseId=${Q}`, { cookie: owner })).status).toBe(200);
  });
});

describe('accounts', () => {
  test('an owner creates an account, changes it with the version it read (409 when stale), and may not remove the last owner', async () => {
    const owner = await signIn('owner');
    const created = await call('POST', '/staff/accounts', { cookie: owner, body: { login: 'Wok.Lam', displayName: 'Lam (wok)', role: 'kitchen', outlets: [DEMO.bases.quick], password: 'wok-station-7', pin: '4321' } });
    expect(created.status).toBe(201);
    const account = created.json.account as { accountId: string; version: number; login: string };
    expect(account).toMatchObject({ login: 'wok.lam', role: 'kitchen', outlets: [DEMO.bases.quick], hasPin: true, version: 1 });
    expect((await call('POST', '/staff/accounts', { cookie: owner, body: { login: 'wok.lam', displayName: 'x', role: 'kitchen', password: 'wok-station-7' } })).status).toBe(409);
    expect((await call('POST', '/staff/accounts', { cookie: owner, body: { login: 'far.away', displayName: 'x', role: 'kitchen', outlets: ['005999999999'], password: 'wok-station-7' } })).status).toBe(400);
    const wok = await signIn('wok.lam', 'wok-station-7');
    const changed = await call('PATCH', `/staff/accounts/${account.accountId}`, { cookie: owner, body: { version: 1, outlets: [DEMO.bases.dineIn] } });
    expect(changed.status).toBe(200);
    expect(changed.json.account).toMatchObject({ outlets: [DEMO.bases.dineIn], version: 2 });
    expect((await call('PATCH', `/staff/accounts/${account.accountId}`, { cookie: owner, body: { version: 1, role: 'manager' } })).status).toBe(409);
    // Its scope changed at once; disabling it signs it out everywhere.
    expect((await call('GET', `/staff/sheets?baseId=${DEMO.bases.quick}`, { cookie: wok })).status).toBe(403);
    expect((await call('PATCH', `/staff/accounts/${account.accountId}`, { cookie: owner, body: { version: 2, disabled: true } })).status).toBe(200);
    expect((await call('GET', '/staff/me', { cookie: wok })).status).toBe(401);
    expect((await call('POST', '/staff/session', { body: { login: 'wok.lam', password: 'wok-station-7' }, ip: freshIp() })).status).toBe(401);
    const me = (await call('GET', '/staff/me', { cookie: owner })).json.account as { accountId: string; version: number };
    const last = await call('PATCH', `/staff/accounts/${me.accountId}`, { cookie: owner, body: { version: me.version, role: 'manager' } });
    expect(last.status).toBe(409);
    expect(last.json).toEqual({ error: 'An enterprise keeps at least one active owner.' });
  });

  test("an owner resets another's password (its sessions end); a person changes their own only with the old one", async () => {
    const owner = await signIn('owner');
    const cashier = await signIn('cashier');
    const id = demo('cashier').accountId;
    expect((await call('POST', `/staff/accounts/${demo('kitchen').accountId}/password`, { cookie: cashier, body: { password: 'not-mine-to-set' } })).status).toBe(403);
    expect((await call('POST', `/staff/accounts/${id}/password`, { cookie: cashier, body: { password: 'new-cashier-pass' } })).status).toBe(403);
    const mine = await call('POST', `/staff/accounts/${id}/password`, { cookie: cashier, body: { password: 'new-cashier-pass', oldPassword: demo('cashier').password } });
    expect(mine.status).toBe(200);
    expect((await call('GET', '/staff/me', { cookie: cashier })).status).toBe(200);
    const reset = await call('POST', `/staff/accounts/${id}/password`, { cookie: owner, body: { password: 'reset-by-owner-1' } });
    expect(reset.status).toBe(200);
    expect((await call('GET', '/staff/me', { cookie: cashier })).status).toBe(401);
    expect((await call('POST', '/staff/session', { body: { login: 'cashier', password: 'new-cashier-pass' }, ip: freshIp() })).status).toBe(401);
    await signIn('cashier', 'reset-by-owner-1');
    const [row] = await h.db.query<{ password_hash: string }>('SELECT password_hash FROM staff_account WHERE account_id = $1', [id]);
    expect(row!.password_hash).not.toContain('reset-by-owner-1');
    // Back to the demo's for the other tests.
    expect((await call('POST', `/staff/accounts/${id}/password`, { token: TOKEN, body: { password: demo('cashier').password } })).status).toBe(200);
  });

  test("PIN approvals at the screen: a manager's PIN at its outlet approves; a wrong PIN, another outlet, a cashier's PIN do not", async () => {
    const kitchen = await signIn('kitchen');
    const check = (body: Json) => call('POST', '/staff/pin-check', { cookie: kitchen, body, ip: freshIp() });
    const ok = await check({ login: 'manager', pin: demo('manager').pin, baseId: DEMO.bases.dineIn, action: 'void' });
    expect(ok.json).toEqual({ approved: true, approver: { accountId: demo('manager').accountId, displayName: demo('manager').displayName, role: 'manager' } });
    expect((await check({ login: 'manager', pin: '0000', baseId: DEMO.bases.dineIn })).json).toEqual({ approved: false });
    expect((await check({ login: 'manager', pin: demo('manager').pin, baseId: DEMO.bases.quick })).json).toEqual({ approved: false });
    expect((await check({ login: 'cashier', pin: demo('cashier').pin })).json).toEqual({ approved: false });
    expect((await check({ login: 'owner', pin: demo('owner').pin, baseId: DEMO.bases.quick })).json.approved).toBe(true);
    // A new PIN (4-6 digits) replaces the old one.
    const manager = await signIn('manager');
    expect((await call('POST', `/staff/accounts/${demo('manager').accountId}/pin`, { cookie: manager, body: { pin: '12a4' } })).status).toBe(400);
    expect((await call('POST', `/staff/accounts/${demo('manager').accountId}/pin`, { cookie: manager, body: { pin: '864209' } })).status).toBe(200);
    expect((await check({ login: 'manager', pin: demo('manager').pin })).json).toEqual({ approved: false });
    expect((await check({ login: 'manager', pin: '864209' })).json.approved).toBe(true);
    const [row] = await h.db.query<{ pin_hash: string }>('SELECT pin_hash FROM staff_account WHERE login = $1', ['manager']);
    expect(row!.pin_hash).not.toContain('864209');
  });
});

describe('the audit', () => {
  test('a staff move is recorded with who, when, what, before and after; the owner reads it, others may not', async () => {
    h.setNow(new Date('2031-07-01T12:00:00Z'));
    const kitchen = await signIn('kitchen');
    const moved = await call('POST', `/staff/sheets/${quickSheet}/progress`, { cookie: kitchen, body: { progress: 'preparing' } });
    expect(moved.status).toBe(200);
    const byToken = await call('POST', `/staff/sheets/${quickSheet}/progress`, { token: TOKEN, body: { progress: 'ready' } });
    expect(byToken.status).toBe(200);
    const owner = await signIn('owner');
    const res = await call('GET', `/staff/audit?action=sheet.progress&target=${quickSheet}`, { cookie: owner });
    expect(res.status).toBe(200);
    expect(res.json.entries).toEqual([
      { id: expect.any(Number), at: '2031-07-01T12:00:00.000Z', actor: 'automation', actorName: 'automation', baseId: DEMO.bases.quick, action: 'sheet.progress', target: quickSheet, before: { round: 1, progress: 'preparing' }, after: { round: 1, progress: 'ready' } },
      { id: expect.any(Number), at: '2031-07-01T12:00:00.000Z', actor: demo('kitchen').accountId, actorName: 'Kitchen tablet', baseId: DEMO.bases.quick, action: 'sheet.progress', target: quickSheet, before: { round: 1, progress: expect.any(String) }, after: { round: 1, progress: 'preparing' } },
    ]);
    // Sign-ins are there too.
    const signIns = await call('GET', '/staff/audit?action=session.signIn&limit=500', { cookie: owner });
    expect((signIns.json.entries as { actor: string }[]).some((e) => e.actor === demo('kitchen').accountId)).toBe(true);
    expect((await call('GET', '/staff/audit', { cookie: kitchen })).status).toBe(403);
    // A sold-out mark: before and after.
    await call('POST', `/staff/goods/${DEMO.goods.roastGooseRice}/sold-out`, { cookie: kitchen, body: { soldOut: true } });
    await call('POST', `/staff/goods/${DEMO.goods.roastGooseRice}/sold-out`, { cookie: kitchen, body: { soldOut: false } });
    const marks = await call('GET', `/staff/audit?action=goods.soldOut&target=${DEMO.goods.roastGooseRice}`, { cookie: owner });
    expect((marks.json.entries as Json[]).map((e) => [e.before, e.after])).toEqual([
      [{ soldOut: true }, { soldOut: false }],
      [{ soldOut: false }, { soldOut: true }],
    ]);
    h.setNow(null);
    // A member looked up at the counter: who looked whom up.
    const cashier = await signIn('cashier');
    const code = issueMemberCode(h.config.memberCodeSecret, { vipId: DEMO.members.chan.vipId, vipCode: '8530000001' }, new Date())!;
    expect((await call('GET', `/staff/members/by-code/${code.MemberCode}`, { cookie: cashier })).status).toBe(200);
    const lookups = await call('GET', '/staff/audit?action=member.lookup', { cookie: owner });
    expect((lookups.json.entries as Json[]).map((e) => [e.actor, e.target])).toEqual([[demo('cashier').accountId, DEMO.members.chan.vipId]]);
  });
});

describe('without the demo (SEED_DEMO=0)', () => {
  test('the first owner comes from STAFF_OWNER_LOGIN / STAFF_OWNER_PASSWORD, once, and signs in', async () => {
    const fresh = await startHarness({ staffToken: TOKEN }, { seed: false });
    try {
      const config = { ...fresh.config, staffAccounts: { ...fresh.config.staffAccounts, owner: { login: 'Boss', password: 'first-owner-pass', entId: null } } };
      // No enterprise yet: nothing to own.
      expect(await ensureOwnerAccount(fresh.db, config, new Date())).toMatch(/no owner created/);
      await seedDemo(fresh.db, new Date());
      await fresh.db.query('DELETE FROM staff_account');
      expect(await ensureOwnerAccount(fresh.db, config, new Date())).toBe('Staff owner account "boss" created (STAFF_OWNER_LOGIN)');
      expect(await ensureOwnerAccount(fresh.db, config, new Date())).toBeNull();
      const res = await fetch(`${fresh.url}/staff/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'boss', password: 'first-owner-pass' }) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Json).account).toMatchObject({ login: 'boss', role: 'owner', entId: DEMO.entId });
      const [row] = await fresh.db.query<{ password_hash: string }>("SELECT password_hash FROM staff_account WHERE login = 'boss'");
      expect(row!.password_hash).not.toContain('first-owner-pass');
    } finally {
      await fresh.close();
    }
  });
});
