/** The member's coupons, the plans and claiming; always the session's member's. */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { DEMO } from '../../db/seed';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { ok, signedInAsChan, signedInAsNewMember } from '../../test/signIn';

jest.setTimeout(90_000);

let h: Harness;
let chan: GatewayClient;

beforeAll(async () => {
  h = await startHarness();
  chan = await signedInAsChan(h);
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));


describe('coupons', () => {
  const cards = (client: GatewayClient, Status?: number) => client.call('EntCard_VipCardList_Get', [Status === undefined ? {} : { Status }]);

  test('the member\'s coupons by state', async () => {
    const unused = await cards(chan, 0);
    ok(unused);
    expect(unused.data.table1?.map((c) => c.CardCode).sort()).toEqual([DEMO.cardCodes.chanCash, DEMO.cardCodes.chanDiscount, DEMO.cardCodes.chanVoucher].sort());
    expect(unused.data.table1?.[0]).toMatchObject({ Status: 0, UsedTime: '' });
    expect((await cards(chan, 1)).data.table1).toEqual([expect.objectContaining({ CardCode: DEMO.cardCodes.chanUsed, Status: 1 })]);
    expect((await cards(chan, 2)).data.table1).toEqual([expect.objectContaining({ CardCode: DEMO.cardCodes.chanExpired, Status: 2 })]);
    expect((await cards(chan)).data.table2).toEqual([{ TotalCount: 5 }]);
  });

  test('an unused coupon past its end is expired', async () => {
    h.setNow(new Date(Date.now() + 61 * 86_400_000));
    const later = await signedInAsChan(h); // the first session has ended by then
    expect((await cards(later, 0)).data.table1).toEqual([]);
    expect((await cards(later, 2)).data.table2).toEqual([{ TotalCount: 4 }]);
    expect((await later.call('EntVip_EntVipDetailGet_V1_Get', [{}])).data.table1?.[0]?.CouponCount).toBe(0);
  });

  test('plans: list, detail, claim once', async () => {
    const { client } = await signedInAsNewMember(h, 'oCouponTest0001');
    const plans = await client.call('EntCard_EntCardPlanList_Get', [{ EntID: DEMO.entId }]);
    ok(plans);
    expect(plans.data.table1).toHaveLength(5); // three of demo.ts, two of seed/wallet.ts
    expect(plans.data.table1?.[0]).toEqual({
      PlanID: DEMO.cardPlans.cash20, PlanName: '20元现金券', PlanNameTW: '20元現金券', PlanNameEN: 'MOP$20 Cash Coupon', CardType: '1',
      FaceValue: '20.0000', MinAmount: '100.0000', ValidDays: 60, CanClaim: 1, Claimed: 0, Remark: 'Spend MOP$100 or more',
      ClaimedCount: 0, PerMemberLimit: 1, Stock: 200,
    });
    const claim = await client.call('EntCard_ProvideVipCard_Add', [{ PlanID: DEMO.cardPlans.cash20 }]);
    ok(claim);
    expect(claim.data.table1?.[0]).toMatchObject({ PlanID: DEMO.cardPlans.cash20, Status: 0, FaceValue: '20.0000' });
    expect(String(claim.data.table1?.[0]?.CardCode)).toMatch(/^C[0-9A-F]{12}$/);
    expect((await client.call('EntCard_ProvideVipCard_Add', [{ PlanID: DEMO.cardPlans.cash20 }])).errmsg).toBe('You have already claimed this coupon.');
    const detail = await client.call('EntCard_VipEntCardPlanDetail_Get', [{ PlanID: DEMO.cardPlans.cash20 }]);
    expect(detail.data.table1?.[0]).toMatchObject({ Claimed: 1 });
    expect((await client.call('EntVip_EntVipDetailGet_V1_Get', [{}])).data.table1?.[0]?.CouponCount).toBe(1);
    expect((await cards(client, 0)).data.table1).toHaveLength(1);
  });

  test('concurrent claims of one plan give one coupon', async () => {
    const { client, vipId } = await signedInAsNewMember(h, 'oCouponTest0002');
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.call('EntCard_ProvideVipCard_Add', [{ PlanID: DEMO.cardPlans.voucher50 }])));
    expect(answers.filter((a) => a.errcode === '0')).toHaveLength(1);
    const [row] = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_card WHERE vip_id = $1', [vipId]);
    expect(row!.n).toBe(1);
  });

  test('refusals', async () => {
    expect((await chan.call('EntCard_ProvideVipCard_Add', [{ PlanID: 'nope' }])).errmsg).toBe('The coupon does not exist');
    expect((await chan.call('EntCard_VipEntCardPlanDetail_Get', [{ PlanID: 'nope' }])).errmsg).toBe('The coupon does not exist');
    await h.db.query('UPDATE card_plan SET can_claim = false WHERE plan_id = $1', [DEMO.cardPlans.discount85]);
    expect((await chan.call('EntCard_ProvideVipCard_Add', [{ PlanID: DEMO.cardPlans.discount85 }])).errmsg).toBe('This coupon is not available');
    await h.db.query('UPDATE card_plan SET can_claim = true WHERE plan_id = $1', [DEMO.cardPlans.discount85]);
    expect((await new GatewayClient(h.url).call('EntCard_VipCardList_Get', [{}])).errcode).toBe(ErrorCode.sessionRequired);
  });
});
