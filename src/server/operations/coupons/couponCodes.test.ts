/**
 * Issue 22 item 12: coupon codes. Another member's code answers exactly as an
 * unknown one (no probing); claims by code, and using an unclaimed code on an
 * order, count against the plan's per-member limit; look-ups by code are rate
 * limited per member and per client IP (42900). Through the real HTTP service.
 */
import { ErrorCode, type Envelope } from '../../../shared/protocol/envelope';
import type { OperationName } from '../../../shared/protocol/catalogue';
import { DEMO } from '../../db/seed';
import { GatewayClient, startHarness, type Harness } from '../../test/harness';
import { giveCard, line, newMember, pickupHeader, submit } from '../../test/orders';

jest.setTimeout(120_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let codes = 0;
const nextCode = () => `T22${Date.now().toString(36).toUpperCase()}${(codes += 1)}`;
const BBQ = DEMO.goods.bbqPorkRice;
const threeRice = [line(BBQ, 144, { MQua: 3, Qua: 3 })];
const plans = DEMO.cardPlans;
const CODE_OPS: OperationName[] = [
  'EntCard_NYHVipCardQueryVerification_Add',
  'EntCard_NYHVipCardVerification_Update',
  'EntCard_ProvideVipCardDetail_Add',
  'EntCard_CardDetailGet_V1_Get',
];
const seen = (res: Envelope) => [res.errcode, res.errmsg, res.data];

test("another member's code (unused, used, claimed) answers exactly as a code that does not exist, in every operation that takes a code", async () => {
  const owner = await newMember(h);
  const prober = await newMember(h, 'zh-TW');
  const unused = nextCode();
  await giveCard(h, owner.vipId, plans.cash20, unused);
  const used = nextCode();
  await giveCard(h, owner.vipId, plans.cash20, used, { status: 1 });
  const unclaimable = nextCode();
  await h.db.query('UPDATE card_plan SET can_claim = false WHERE plan_id = $1', [plans.discount85]);
  await giveCard(h, null, plans.discount85, unclaimable);
  try {
    for (const op of CODE_OPS) {
      const unknown = await prober.call(op, [{ CardCode: nextCode() }]);
      expect(seen(unknown)).toEqual([ErrorCode.business, '優惠券不存在', {}]);
      for (const code of [unused, used, unclaimable]) expect([op, ...seen(await prober.call(op, [{ CardCode: code }]))]).toEqual([op, ...seen(unknown)]);
    }
    const unknownOrder = await submit(prober, pickupHeader({ CardCode: nextCode(), TotalAmo: 127 }), threeRice);
    for (const code of [unused, used, unclaimable]) {
      expect(seen(await submit(prober, pickupHeader({ CardCode: code, TotalAmo: 127 }), threeRice))).toEqual(seen(unknownOrder));
    }
  } finally {
    await h.db.query('UPDATE card_plan SET can_claim = true WHERE plan_id = $1', [plans.discount85]);
  }
  // The owner still reads and uses their own.
  expect((await owner.call('EntCard_NYHVipCardQueryVerification_Add', [{ CardCode: unused }])).errcode).toBe('0');
  expect((await owner.call('EntCard_NYHVipCardQueryVerification_Add', [{ CardCode: used }])).errmsg).toBe('This coupon is not available');
});

test("claims by code count against the plan's per-member limit (MOP$20 cash: one a member), whichever way the coupon is had", async () => {
  const claimedCount = async (vipId: string) =>
    Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_card WHERE plan_id = $1 AND vip_id = $2', [plans.cash20, vipId]))[0]!.n);
  const codeOf = async () => {
    const code = nextCode();
    await giveCard(h, null, plans.cash20, code);
    return code;
  };

  // Claimed from the plan first: no code of the plan after it, neither claimed nor used on an order.
  const a = await newMember(h);
  expect((await a.call('EntCard_ProvideVipCard_Add', [{ PlanID: plans.cash20 }])).errcode).toBe('0');
  const printed = await codeOf();
  for (const op of ['EntCard_NYHVipCardVerification_Update', 'EntCard_ProvideVipCardDetail_Add'] as const) {
    expect([op, (await a.call(op, [{ CardCode: printed }])).errmsg]).toEqual([op, 'You have already claimed this coupon.']);
  }
  expect((await submit(a, pickupHeader({ CardCode: printed, TotalAmo: 127 }), threeRice)).errmsg).toBe('You have already claimed this coupon.');
  expect(await claimedCount(a.vipId)).toBe(1);

  // A code first: a second code of the plan, or the plan itself, is refused.
  const b = await newMember(h);
  const first = await codeOf();
  expect((await b.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: first }])).errcode).toBe('0');
  // The same code again is their own: answered, not counted twice.
  expect((await b.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: first }])).errcode).toBe('0');
  expect((await b.call('EntCard_ProvideVipCardDetail_Add', [{ CardCode: await codeOf() }])).errmsg).toBe('You have already claimed this coupon.');
  expect((await b.call('EntCard_ProvideVipCard_Add', [{ PlanID: plans.cash20 }])).errmsg).toBe('You have already claimed this coupon.');
  expect(await claimedCount(b.vipId)).toBe(1);
  // Their own claimed code is still theirs to use on an order.
  expect((await submit(b, pickupHeader({ CardCode: first, TotalAmo: 127 }), threeRice)).errcode).toBe('0');

  // An unclaimed code used straight on an order is a claim too.
  const c = await newMember(h);
  expect((await submit(c, pickupHeader({ CardCode: await codeOf(), TotalAmo: 127 }), threeRice)).errcode).toBe('0');
  expect((await c.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: await codeOf() }])).errmsg).toBe('You have already claimed this coupon.');
  expect((await submit(c, pickupHeader({ CardCode: await codeOf(), TotalAmo: 127 }), threeRice)).errmsg).toBe('You have already claimed this coupon.');
  expect(await claimedCount(c.vipId)).toBe(1);

  // A plan that allows two: the second code passes, the third does not.
  await h.db.query('UPDATE card_plan SET per_member_limit = 2 WHERE plan_id = $1', [plans.cash20]);
  try {
    const d = await newMember(h);
    expect((await d.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: await codeOf() }])).errcode).toBe('0');
    expect((await d.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: await codeOf() }])).errcode).toBe('0');
    expect((await d.call('EntCard_NYHVipCardVerification_Update', [{ CardCode: await codeOf() }])).errmsg).toBe('You have claimed this coupon the most times allowed (2).');
  } finally {
    await h.db.query('UPDATE card_plan SET per_member_limit = 1 WHERE plan_id = $1', [plans.cash20]);
  }
});

describe('look-ups by code are rate limited per member and per IP', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({ trustProxy: true, couponLookupLimits: { memberPerMinute: 3, ipPerMinute: 5 } });
  });
  afterAll(() => limited.close());

  /** A member's client that calls from `ip`. */
  const memberAt = async (ip: string) => {
    const m = await newMember(limited);
    const client = new (class extends GatewayClient {
      override raw(body: string, headers: Record<string, string> = {}) {
        return super.raw(body, { ...headers, 'x-forwarded-for': ip });
      }
    })(limited.url);
    client.cookie = m.cookie;
    return client;
  };

  test('3 a minute per member, 5 per IP, failed guesses included; then 42900 for that member or that IP only', async () => {
    // This minute (the members' sessions are of real time), from its start.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    limited.setNow(new Date(minute + 1000));
    const guess = (c: GatewayClient, op: OperationName = 'EntCard_NYHVipCardQueryVerification_Add') => c.call(op, [{ CardCode: nextCode() }]).then((r) => r.errcode);
    const one = await memberAt('203.0.113.40');
    expect([await guess(one), await guess(one, 'EntCard_CardDetailGet_V1_Get'), await guess(one, 'EntCard_NYHVipCardVerification_Update'), await guess(one)]).toEqual([
      ErrorCode.business,
      ErrorCode.business,
      ErrorCode.business,
      ErrorCode.rateLimited,
    ]);
    // Another member at the same address: the IP's 4th and 5th, then refused.
    const two = await memberAt('203.0.113.40');
    expect([await guess(two), await guess(two), await guess(two)]).toEqual([ErrorCode.business, ErrorCode.business, ErrorCode.rateLimited]);
    // Elsewhere, another member is not affected.
    expect(await guess(await memberAt('198.51.100.40'))).toBe(ErrorCode.business);
    // The next minute, the first member may look again.
    limited.setNow(new Date(minute + 60_000));
    expect(await guess(one)).toBe(ErrorCode.business);
    limited.setNow(null);
  });
});
