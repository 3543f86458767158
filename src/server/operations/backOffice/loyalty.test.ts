/**
 * Issue 27 section 3: loyalty and wallet settings through the real HTTP
 * server, on PGlite (and PostgreSQL with DATABASE_URL): versions (the second
 * of two saves from the same version is refused with the fresh values), the
 * audit of every change, validation in the caller's language with nothing
 * half-written, coupon codes and their export, member look-up, and a
 * manager's adjustment as a ledger row with the caller's PIN; roles on the
 * service (kitchen and cashier 403 everywhere, the rules the owner's).
 */
import { parse } from 'csv-parse/sync';
import { DEMO, DEMO_STAFF } from '../../db/seed';
import { startHarness, type Harness } from '../../test/harness';

jest.setTimeout(180_000);

let h: Harness;
let owner: string;
let manager: string;
let kitchen: string;
let cashier: string;
const VIP = 'VIPLOYALTY0001';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let ipSeq = 60;

async function call(method: string, path: string, cookie: string | null, body?: unknown, lang = 'en') {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'accept-language': lang,
      'x-forwarded-for': '192.0.2.77',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, json: (type.includes('json') && text ? JSON.parse(text) : {}) as Json, text };
}

async function signIn(login: string): Promise<string> {
  const staff = DEMO_STAFF.find((s) => s.login === login)!;
  const res = await fetch(`${h.url}/staff/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(ipSeq += 1)}` },
    body: JSON.stringify({ login, password: staff.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const audits = (action: string, target?: string) =>
  h.db.query<{ actor: string; before: unknown; after: unknown }>(
    `SELECT actor, before, after FROM staff_audit WHERE action = $1 AND ($2::text IS NULL OR target = $2) ORDER BY audit_id`,
    [action, target ?? null],
  );

const plan = (over: Json = {}) => ({
  name: '滿100減20',
  nameTw: '滿100減20',
  nameEn: '20 off 100',
  cardType: 1,
  faceValue: '20',
  minAmount: '100',
  validDays: 30,
  stock: 10,
  perMemberLimit: 2,
  beginDate: '2026-12-01',
  endDate: '2026-12-31',
  outlets: [DEMO.bases.dineIn],
  ...over,
});

beforeAll(async () => {
  h = await startHarness({ staffToken: 'loyalty-test-token', trustProxy: true, staffAuthFailuresPerMinute: 1000, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
  [owner, manager, kitchen, cashier] = [await signIn('owner'), await signIn('manager'), await signIn('kitchen'), await signIn('cashier')];
  await h.db.query(`INSERT INTO vip (vip_id, ent_id, vip_name, phone, area_no, is_guest, vip_code, created_at) VALUES ($1, $2, 'Lei Loyal', '66987654', '853', false, 'LOY0001', now())`, [VIP, DEMO.entId]);
});
afterAll(() => h?.close());

describe('roles hold on the service', () => {
  test('kitchen and cashier get 403 on every loyalty route; managers read but do not change the rules', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/staff/loyalty/settings'],
      ['PUT', '/staff/loyalty/settings', { scoreUnit: '1', rechargeMin: '1', rechargeMax: '100', version: 1 }],
      ['POST', '/staff/loyalty/recharge-rules', { amount: '100', gift: '10' }],
      ['PUT', '/staff/loyalty/recharge-rules/x', { amount: '100', gift: '10', version: 1 }],
      ['GET', '/staff/loyalty/plans'],
      ['POST', '/staff/loyalty/plans', plan()],
      ['PUT', '/staff/loyalty/plans/x', { ...plan(), version: 1 }],
      ['POST', '/staff/loyalty/plans/x/codes', { count: 1 }],
      ['GET', '/staff/loyalty/plans/x/codes'],
      ['GET', '/staff/loyalty/members?q=6612'],
      ['GET', `/staff/loyalty/members/${VIP}`],
      ['POST', `/staff/loyalty/members/${VIP}/adjust`, { kind: 'balance', delta: '10', reason: 'goodwill', pin: '9753' }],
    ];
    for (const [method, path, body] of routes) {
      for (const [who, cookie] of [['kitchen', kitchen], ['cashier', cashier]] as const) {
        expect([who, method, path, (await call(method, path, cookie, body)).status]).toEqual([who, method, path, 403]);
      }
      expect([method, path, (await call(method, path, null, body)).status]).toEqual([method, path, 401]);
    }
    const ownerOnly = routes.filter(([m, p]) => m !== 'GET' && !p.includes('/adjust'));
    for (const [method, path, body] of [...ownerOnly, ['GET', '/staff/loyalty/plans/x/codes'] as [string, string]]) {
      expect(['manager', method, path, (await call(method, path, manager, body)).status]).toEqual(['manager', method, path, 403]);
    }
    expect((await call('GET', '/staff/loyalty/settings', manager)).status).toBe(200);
    expect((await call('GET', '/staff/loyalty/plans', manager)).status).toBe(200);
    // Nothing was written by the refused calls.
    expect(await audits('loyalty.settings')).toEqual([]);
  });
});

describe('the points rule and the top-up rules', () => {
  test('a save carries the version read; a stale one is refused with the fresh values; both are audited', async () => {
    const read = await call('GET', '/staff/loyalty/settings', owner);
    expect(read.status).toBe(200);
    const v = read.json.settings.version as number;
    const first = await call('PUT', '/staff/loyalty/settings', owner, { scoreUnit: '10', rechargeMin: '50', rechargeMax: '5000', version: v });
    expect(first.status).toBe(200);
    expect(first.json.settings).toEqual({ scoreUnit: '10.00', rechargeMin: '50.00', rechargeMax: '5000.00', version: v + 1 });
    const second = await call('PUT', '/staff/loyalty/settings', owner, { scoreUnit: '5', rechargeMin: '1', rechargeMax: '100', version: v }, 'zh-TW');
    expect(second.status).toBe(409);
    expect(second.json.error).toBe('已被其他人修改：以下是目前的數值。');
    expect(second.json.current.settings).toEqual(first.json.settings);
    const [row] = await h.db.query<{ score_unit: string }>('SELECT score_unit::text AS score_unit FROM enterprise WHERE ent_id = $1', [DEMO.entId]);
    expect(Number(row!.score_unit)).toBe(10);
    const rows = await audits('loyalty.settings', DEMO.entId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: DEMO_STAFF[0]!.accountId, before: { version: v }, after: { scoreUnit: '10.00', version: v + 1 } });
  });

  test('limits that make no sense are refused in the caller language, nothing written', async () => {
    const { json } = await call('GET', '/staff/loyalty/settings', owner);
    const v = json.settings.version as number;
    const bad = [
      { scoreUnit: '-1', rechargeMin: '1', rechargeMax: '100', version: v },
      { scoreUnit: '1', rechargeMin: '500', rechargeMax: '100', version: v },
      { scoreUnit: '1', rechargeMin: '0', rechargeMax: '100', version: v },
      { scoreUnit: '1.234', rechargeMin: '1', rechargeMax: '100', version: v },
    ];
    for (const body of bad) {
      const res = await call('PUT', '/staff/loyalty/settings', owner, body, 'zh-CN');
      expect([body, res.status]).toEqual([body, 400]);
      expect(res.json.error).toMatch(/^请检查：/);
    }
    expect((await call('GET', '/staff/loyalty/settings', owner)).json.settings).toEqual(json.settings);
  });

  test('a top-up rule (pay X get Y): created, edited with its version, disabled rules are not offered to customers', async () => {
    const created = await call('POST', '/staff/loyalty/recharge-rules', owner, { amount: '300', gift: '45', sort: 9 });
    expect(created.status).toBe(200);
    const rule = created.json.rule;
    expect(rule).toMatchObject({ amount: '300.00', gift: '45.00', sort: 9, disabled: false, version: 1 });
    expect((await call('POST', '/staff/loyalty/recharge-rules', owner, { amount: '100', gift: '150' })).status).toBe(400);
    const off = await call('PUT', `/staff/loyalty/recharge-rules/${rule.ruleId}`, owner, { amount: '300', gift: '45', sort: 9, disabled: true, version: 1 });
    expect(off.json.rule).toMatchObject({ disabled: true, version: 2 });
    const stale = await call('PUT', `/staff/loyalty/recharge-rules/${rule.ruleId}`, owner, { amount: '300', gift: '60', sort: 9, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.current.rule).toEqual(off.json.rule);
    const client = await (await import('../../test/orders')).guestClient(h);
    const answer = await client.call('VipRecharge_VipRechargeRuleListByPage_Get', [{ EntID: DEMO.entId }]);
    const offered = ((answer.data as { table1: { RuleID: string }[] }).table1 ?? []).map((r) => r.RuleID);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(rule.ruleId);
    expect(await audits('loyalty.rule.update', rule.ruleId)).toHaveLength(1);
  });
});

describe('coupon plans and their codes', () => {
  test('a plan is created with its outlets, dates and limits; invalid ones are refused with nothing written', async () => {
    const before = await h.db.query('SELECT plan_id FROM card_plan');
    for (const body of [
      plan({ faceValue: '-5' }),
      plan({ cardType: 2, faceValue: '120' }),
      plan({ endDate: '2026-11-01' }),
      plan({ beginDate: '2026-02-30' }),
      plan({ stock: -1 }),
      plan({ perMemberLimit: 0 }),
      plan({ minAmount: '10' }),
      plan({ outlets: ['999999'] }),
      plan({ name: '' }),
    ]) {
      const res = await call('POST', '/staff/loyalty/plans', owner, body);
      expect([body, res.status]).toEqual([body, 400]);
    }
    expect(await h.db.query('SELECT plan_id FROM card_plan')).toHaveLength(before.length);
    const res = await call('POST', '/staff/loyalty/plans', owner, plan());
    expect(res.status).toBe(200);
    expect(res.json.plan).toMatchObject({ name: '滿100減20', faceValue: '20.00', minAmount: '100.00', stock: 10, perMemberLimit: 2, beginDate: '2026-12-01', endDate: '2026-12-31', outlets: [DEMO.bases.dineIn], version: 1, codes: 0 });
    expect(await audits('loyalty.plan.create', res.json.plan.planId)).toHaveLength(1);
  });

  test('two concurrent saves of a plan: the second is refused with "changed by someone else" and the fresh values', async () => {
    const { json } = await call('POST', '/staff/loyalty/plans', owner, plan({ name: 'Concurrent' }));
    const id = json.plan.planId as string;
    const [a, b] = await Promise.all([
      call('PUT', `/staff/loyalty/plans/${id}`, owner, { ...plan({ name: 'Saved by A', stock: 50 }), version: 1 }),
      call('PUT', `/staff/loyalty/plans/${id}`, owner, { ...plan({ name: 'Saved by B', stock: 70 }), version: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(lost.json.error).toBe('Changed by someone else: here are the current values.');
    expect(lost.json.current.plan).toMatchObject({ name: won.json.plan.name, version: 2 });
    const [row] = await h.db.query<{ plan_name: string; version: number }>('SELECT plan_name, version FROM card_plan WHERE plan_id = $1', [id]);
    expect(row).toEqual({ plan_name: won.json.plan.name, version: 2 });
    const [audit] = await audits('loyalty.plan.update', id);
    expect(audit).toMatchObject({ before: { name: 'Concurrent', version: 1 }, after: { name: won.json.plan.name, version: 2 } });
  });

  test('codes: N generated (unique, unclaimed, within the stock), exported as CSV, claimable by a customer', async () => {
    const { json } = await call('POST', '/staff/loyalty/plans', owner, plan({ name: 'Codes', stock: 6, beginDate: null, endDate: null }));
    const id = json.plan.planId as string;
    const made = await call('POST', `/staff/loyalty/plans/${id}/codes`, owner, { count: 5 });
    expect(made.status).toBe(200);
    const codes = made.json.codes as string[];
    expect(new Set(codes).size).toBe(5);
    expect(made.json.plan).toMatchObject({ codes: 5, claimed: 0 });
    const over = await call('POST', `/staff/loyalty/plans/${id}/codes`, owner, { count: 2 });
    expect(over.status).toBe(409);
    expect(over.json.error).toBe('Only 1 coupons are left in stock.');
    expect((await call('POST', `/staff/loyalty/plans/${id}/codes`, owner, { count: 0 })).status).toBe(400);
    const csv = await call('GET', `/staff/loyalty/plans/${id}/codes?format=csv`, owner);
    expect(csv.status).toBe(200);
    const rows = parse(csv.text, { columns: true }) as { code: string; claimed: string }[];
    expect(rows.map((r) => r.code).sort()).toEqual([...codes].sort());
    expect((await call('GET', `/staff/loyalty/plans/${id}/codes`, owner)).json.codes).toHaveLength(5);
    // A customer claims one with the code.
    const member = await (await import('../../test/orders')).newMember(h);
    const claim = await member.call('EntCard_ProvideVipCardDetail_Add', [{ CardCode: codes[0] }]);
    expect(claim.errcode).toBe('0');
    expect((await call('GET', '/staff/loyalty/plans', owner)).json.plans.find((p: Json) => p.planId === id)).toMatchObject({ codes: 4, claimed: 1 });
    expect(await audits('loyalty.plan.codes', id)).toHaveLength(1);
  });
});

describe('members and adjustments', () => {
  test('look-up by phone or member number shows balance, points, coupons and orders', async () => {
    const found = await call('GET', '/staff/loyalty/members?q=7654', manager);
    expect(found.status).toBe(200);
    expect(found.json.members).toEqual([expect.objectContaining({ vipId: VIP, phone: '66****54', balance: '0.00', score: '0' })]);
    expect((await call('GET', '/staff/loyalty/members?q=LOY0001', manager)).json.members).toHaveLength(1);
    const one = await call('GET', `/staff/loyalty/members/${VIP}`, manager);
    expect(one.json.member).toMatchObject({ vipId: VIP, coupons: [], orders: [], balanceItems: [] });
    expect((await call('GET', '/staff/loyalty/members/nobody', manager)).status).toBe(404);
  });

  test("an adjustment is a ledger row with the reason and the caller's PIN, never an overwrite", async () => {
    const body = { kind: 'balance', delta: '25.50', reason: 'Refund for a cold dish', pin: '1357' };
    const wrong = await call('POST', `/staff/loyalty/members/${VIP}/adjust`, manager, { ...body, pin: '0000' }, 'zh-CN');
    expect(wrong.status).toBe(403);
    expect(wrong.json.error).toBe('PIN 码错误。');
    // The owner's PIN is not the manager's.
    expect((await call('POST', `/staff/loyalty/members/${VIP}/adjust`, manager, { ...body, pin: '2580' })).status).toBe(403);
    expect(await h.db.query('SELECT 1 FROM vip_account_item WHERE vip_id = $1', [VIP])).toHaveLength(0);

    const up = await call('POST', `/staff/loyalty/members/${VIP}/adjust`, manager, body);
    expect(up.status).toBe(200);
    expect(up.json.member.balance).toBe('25.50');
    const down = await call('POST', `/staff/loyalty/members/${VIP}/adjust`, owner, { kind: 'balance', delta: '-5.5', reason: 'Typo', pin: '2580' });
    expect(down.json.member.balance).toBe('20.00');
    const tooMuch = await call('POST', `/staff/loyalty/members/${VIP}/adjust`, owner, { kind: 'balance', delta: '-20.01', reason: 'Too much', pin: '2580' });
    expect(tooMuch.status).toBe(409);
    expect((await call('POST', `/staff/loyalty/members/${VIP}/adjust`, owner, { kind: 'balance', delta: '5', reason: '', pin: '2580' })).status).toBe(400);
    expect((await call('POST', `/staff/loyalty/members/${VIP}/adjust`, owner, { kind: 'points', delta: '1.5', reason: 'half', pin: '2580' })).status).toBe(400);
    const points = await call('POST', `/staff/loyalty/members/${VIP}/adjust`, owner, { kind: 'points', delta: '120', reason: 'Birthday', pin: '2580' });
    expect(points.json.member.score).toBe('120');

    const ledger = await h.db.query<{ kind: string; amount: string; balance: string; remark: string }>(
      'SELECT kind, amount::text AS amount, balance::text AS balance, remark FROM vip_account_item WHERE vip_id = $1 ORDER BY seq',
      [VIP],
    );
    expect(ledger.map((r) => [r.kind, Number(r.amount), Number(r.balance), r.remark])).toEqual([
      ['adjust', 25.5, 25.5, 'Refund for a cold dish'],
      ['adjust', -5.5, 20, 'Typo'],
    ]);
    const [v] = await h.db.query<{ balance: string; score: string; sum: string; ssum: string }>(
      `SELECT balance::text AS balance, score::text AS score, (SELECT sum(amount) FROM vip_account_item WHERE vip_id = $1)::text AS sum,
              (SELECT sum(score) FROM vip_score_item WHERE vip_id = $1)::text AS ssum FROM vip WHERE vip_id = $1`,
      [VIP],
    );
    expect(Number(v!.balance)).toBe(Number(v!.sum));
    expect(Number(v!.score)).toBe(Number(v!.ssum));
    const rows = await audits('loyalty.adjust.balance', VIP);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ actor: DEMO_STAFF[1]!.accountId, before: { balance: '0.00' }, after: { balance: '25.50', delta: '25.50', reason: 'Refund for a cold dish' } });
    expect(await audits('loyalty.adjust.refused', VIP)).toHaveLength(2);
  });
});
