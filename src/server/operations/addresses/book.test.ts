/** The member's address book; always the session's member's. */
import { DEMO } from '../../db/seed';
import { startHarness, type GatewayClient, type Harness } from '../../test/harness';
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
