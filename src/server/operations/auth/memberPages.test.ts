/**
 * The member's pages behind 'mine': balance history, top-up rules, coupons
 * and claiming, shipping addresses; always the session's member's.
 */
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

describe('balance', () => {
  test('top-up rules of the enterprise', async () => {
    const res = await new GatewayClient(h.url).call('VipRecharge_VipRechargeRuleListByPage_Get', [{ EntID: DEMO.entId }]);
    ok(res);
    expect(res.data.table1?.[0]).toEqual({ RuleID: '878000000001', Amo: '100.0000', GiftAmo: '10.0000', Sort: 1 });
    expect(res.data.table2).toEqual([{ TotalCount: 4 }]);
  });

  test('the member\'s balance history, newest first', async () => {
    const res = await chan.call('VipRecharge_EntVipAccountItemsListByPage_V2_Get', [{ PageIndex: 1, PageSize: 2 }]);
    ok(res);
    expect(res.data.table2).toEqual([{ TotalCount: 6 }]);
    expect(res.data.table1?.[0]).toMatchObject({ Kind: 'pay', Amo: '-60.0000', Balance: '500.0000', Remark: 'Order payment' });
    expect(res.data.table1).toHaveLength(2);
  });
});

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

describe('addresses', () => {
  const full = { CustName: 'Tester', CustPhone: '66990099', AreaNo: '853', Province: '澳門', City: '澳門半島', District: '大堂區', MainAddress: '新馬路 1 號', HouseNumber: '1樓A', GPS_Lng: 113.54, GPS_Lat: 22.19 };

  test('list: the member\'s own, the default first', async () => {
    const res = await chan.call('VipAddress_VipAddressListByPage_Get', [{ VipID: DEMO.members.lee.vipId, PageIndex: 1, PageSize: 999 }]);
    ok(res);
    expect(res.data.table1?.map((a) => a.AddressID)).toEqual(['877000000001', '877000000002']);
    expect(res.data.table1?.[0]).toMatchObject({ IsDefault: 1, CustName: 'Chan Tai Man', HouseNumber: '12樓A座', GPS_Lng: 113.5412 });
    expect(res.data.table2).toEqual([{ TotalCount: 2 }]);
  });

  test('another member\'s address is not found', async () => {
    for (const op of ['VipAddress_VipAddressDetailGet_Get', 'VipAddress_VipAddressSubmit_Update', 'VipAddress_VipAddressSubmit_Delete'] as const) {
      expect((await chan.call(op, [{ AddressID: '877000000003', ...full }])).errmsg).toBe('The address does not exist');
    }
  });

  test('add, make default, update, delete: one default at a time', async () => {
    const { client } = await signedInAsNewMember(h, 'oAddressTest0001');
    const first = await client.call('VipAddress_VipAddressSubmit_Add', [full]);
    ok(first);
    expect(first.data.table1?.[0]).toMatchObject({ ...full, IsDefault: 1 });
    const second = await client.call('VipAddress_VipAddressSubmit_Add', [{ ...full, HouseNumber: '2樓B', IsDefault: 1 }]);
    ok(second);
    const list = async () => (await client.call('VipAddress_VipAddressListByPage_Get', [{ PageSize: 999 }])).data.table1 ?? [];
    expect((await list()).map((a) => [a.HouseNumber, a.IsDefault])).toEqual([['2樓B', 1], ['1樓A', 0]]);

    const firstId = first.data.table1?.[0]?.AddressID;
    const updated = await client.call('VipAddress_VipAddressSubmit_Update', [{ AddressID: firstId, CustPhone: '6699 0098', IsDefault: 1 }]);
    ok(updated);
    expect(updated.data.table1?.[0]).toMatchObject({ CustPhone: '66990098', HouseNumber: '1樓A', IsDefault: 1 });
    expect((await list()).filter((a) => a.IsDefault === 1)).toHaveLength(1);

    ok(await client.call('VipAddress_VipAddressSubmit_Delete', [{ AddressID: firstId }]));
    expect((await list()).map((a) => [a.HouseNumber, a.IsDefault])).toEqual([['2樓B', 1]]);
    expect((await client.call('VipAddress_VipAddressDetailGet_Get', [{ AddressID: firstId }])).errmsg).toBe('The address does not exist');
  });

  test.each([
    [{ CustName: '' }, 'Please fill in your contact and mobile phone number'],
    [{ CustPhone: undefined }, 'Please fill in your contact and mobile phone number'],
    [{ HouseNumber: '' }, 'Please complete the shipping information'],
    [{ MainAddress: ' ' }, 'Please complete the shipping information'],
    [{ Province: '', City: '', District: '' }, 'Please complete the shipping information'],
    [{ CustPhone: 'abc' }, 'Please enter a valid mobile phone number.'],
  ])('an incomplete address is refused: %j', async (change, text) => {
    const row = { ...full, ...change };
    const res = await chan.call('VipAddress_VipAddressSubmit_Add', [row]);
    expect(res.errmsg).toBe(text);
  });

  test('the messages are in the caller\'s language', async () => {
    const zh = await signedInAsChan(h, 'zh-CN');
    expect((await zh.call('VipAddress_VipAddressSubmit_Add', [{ ...full, HouseNumber: '' }])).errmsg).toBe('请完善收货信息');
  });
});
