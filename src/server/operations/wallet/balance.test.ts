/** The member's balance history and top-up rules; always the session's member's. */
import { DEMO } from '../../db/seed';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { ok, signedInAsChan } from '../../test/signIn';

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
