/**
 * The first operations end to end: requests shaped like PROTOCOL.md's,
 * through the real HTTP server, over the demo data.
 */
import { DEMO, demoCodes, type DemoCodes } from '../db/seed';
import { startHarness, GatewayClient, type Harness } from '../test/harness';

let h: Harness;
let client: GatewayClient;
/** The demo tables' codes: random at seeding. */
let codes: DemoCodes;

beforeAll(async () => {
  h = await startHarness();
  client = new GatewayClient(h.url);
  codes = await demoCodes(h.db);
});
afterAll(() => h.close());

const ok = (res: { errcode: string; errmsg: string }) => {
  expect(res.errmsg).toBe('');
  expect(res.errcode).toBe('0');
};

describe('Enterprise_EntIDByIDGet_Get', () => {
  test.each([
    ['QRCode', () => codes.qrCodes.dineIn, DEMO.tables.dineInA01],
    ['TableID', () => DEMO.tables.dineInA01, DEMO.tables.dineInA01],
    ['BaseID', () => DEMO.bases.dineIn, ''],
  ])('by %s', async (Field, valueOf, TableID) => {
    const Value = valueOf();
    const res = await client.call('Enterprise_EntIDByIDGet_Get', [{ TableName: 'Table', Field, Value }]);
    ok(res);
    expect(res.data.table1).toEqual([{ EntID: DEMO.entId, ShopID: DEMO.shops.main, BaseID: DEMO.bases.dineIn, TableID }]);
  });

  test('by ShopID', async () => {
    const res = await client.call('Enterprise_EntIDByIDGet_Get', [{ Field: 'ShopID', Value: DEMO.shops.main }]);
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ EntID: DEMO.entId, ShopID: DEMO.shops.main });
  });

  test.each([
    ['QRCode', 'Invalid QR Code'],
    ['TableID', 'Table No. not found.'],
    ['ShopID', 'The shop does not exist'],
  ])('an unknown %s', async (Field, message) => {
    const res = await client.call('Enterprise_EntIDByIDGet_Get', [{ Field, Value: 'nope' }]);
    expect(res.errcode).toBe('50000');
    expect(res.errmsg).toBe(message);
  });

  test('the unknown shop message in Chinese is 店铺不存在', async () => {
    const zh = new GatewayClient(h.url, 'zh-CN');
    const res = await zh.call('Enterprise_EntIDByIDGet_Get', [{ Field: 'ShopID', Value: 'nope' }]);
    expect(res.errmsg).toBe('店铺不存在');
  });
});

describe('EShop_EShopShopPageGet_Get', () => {
  test('a table code gives entity, user, base, sign sheet and extra', async () => {
    const res = await client.call('EShop_EShopShopPageGet_Get', [{ QRCode: codes.qrCodes.dineIn }]);
    ok(res);
    const { table1, table2, table3, table4, table5 } = res.data;
    expect(table1?.[0]).toMatchObject({ EntID: DEMO.entId, UserID: DEMO.userId, Currency: 'MOP', AmoPoint: 2, PricePoint: 2, QuaPoint: 0, OssCustomerDomain: '/oss/' });
    expect(table2?.[0]).toMatchObject({ ShopID: DEMO.shops.main, PosType: '0' });
    expect(String(table2?.[0]?.ShopNameEN)).not.toBe('');
    expect(table3?.[0]).toMatchObject({ BaseID: DEMO.bases.dineIn, CYType: '0', PayMode: 'postpay', IsPayLaterOnlineCheckout: '1' });
    expect(table4).toEqual([]);
    expect(table5?.[0]).toMatchObject({ TableID: DEMO.tables.dineInA01, QRCode: codes.qrCodes.dineIn });
  });

  test('an outlet without a table', async () => {
    const res = await client.call('EShop_EShopShopPageGet_Get', [{ BaseID: DEMO.bases.quick }]);
    ok(res);
    expect(res.data.table3?.[0]).toMatchObject({ BaseID: DEMO.bases.quick, CYType: '1', PayMode: 'prepay' });
    expect(res.data.table5).toEqual([]);
  });

  test("a table's QR code with another outlet's BaseID is refused", async () => {
    const res = await client.call('EShop_EShopShopPageGet_Get', [{ QRCode: codes.qrCodes.dineIn, BaseID: DEMO.bases.quick }]);
    expect(res.errmsg).toBe('The QR code is invalid');
  });

  test('a sheet that does not belong to the outlet is refused', async () => {
    const res = await client.call('EShop_EShopShopPageGet_Get', [{ QRCode: codes.qrCodes.dineIn, SheetID: 'S-nope' }]);
    expect(res.errmsg).toBe('The order does not exist');
  });

  test('nothing to look up', async () => {
    const res = await client.call('EShop_EShopShopPageGet_Get', [{}]);
    expect(res.errcode).toBe('50000');
  });
});

describe('parameters', () => {
  test('SysParm_EntSysParmGet_Get lists AppLanguage and CYSheetGoodsQuaEdit', async () => {
    const res = await client.call('SysParm_EntSysParmGet_Get', [{ Other_EntID: DEMO.entId }]);
    ok(res);
    expect(res.data.table1).toEqual(
      expect.arrayContaining([
        { ParmID: 'AppLanguage', ParmValue: 'LANGUAGE_ZH_TD' },
        { ParmID: 'CYSheetGoodsQuaEdit', ParmValue: '1' },
      ]),
    );
  });

  test('SysParm_BaseParmGet_Get sends OpeningHours as escaped JSON', async () => {
    const res = await client.call('SysParm_BaseParmGet_Get', [{ BaseID: DEMO.bases.lateNight, ParmID: 'OpeningHours' }]);
    ok(res);
    const value = String(res.data.table1?.[0]?.ParmValue);
    expect(value).toMatch(/^%7B/);
    const hours = JSON.parse(unescape(value)) as { times: { begin: string; end: string }[] };
    expect(hours.times[0]).toEqual({ begin: '18:00', end: '02:00' });
  });

  test('SysParm_BaseParmGet_Get gives IsPayLaterOnlineCheckout', async () => {
    const on = await client.call('SysParm_BaseParmGet_Get', [{ BaseID: DEMO.bases.dineIn, ParmID: 'IsPayLaterOnlineCheckout' }]);
    const off = await client.call('SysParm_BaseParmGet_Get', [{ BaseID: DEMO.bases.lateNight, ParmID: 'IsPayLaterOnlineCheckout' }]);
    expect(on.data.table1?.[0]?.ParmValue).toBe('1');
    expect(off.data.table1?.[0]?.ParmValue).toBe('0');
  });

  test('an unknown outlet', async () => {
    const res = await client.call('SysParm_BaseParmGet_Get', [{ BaseID: 'nope' }]);
    expect(res.errmsg).toBe('The outlet does not exist');
  });
});

describe('tables, outlets, links', () => {
  test('Table_BaseTablesListByPage_Get pages through the 14 tables', async () => {
    const first = await client.call('Table_BaseTablesListByPage_Get', [{ BaseID: DEMO.bases.dineIn, PageIndex: 1, PageSize: 5 }]);
    const last = await client.call('Table_BaseTablesListByPage_Get', [{ BaseID: DEMO.bases.dineIn, PageIndex: 3, PageSize: 5 }]);
    ok(first);
    expect(first.data.table1).toHaveLength(5);
    expect(last.data.table1).toHaveLength(4);
    expect(first.data.table2).toEqual([{ TotalCount: 14 }]);
  });

  test('PosSalSheet_ShopBaseDetailGet_Get', async () => {
    const res = await client.call('PosSalSheet_ShopBaseDetailGet_Get', [{ ShopID: DEMO.shops.main, BaseID: DEMO.bases.quick }]);
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ ShopID: DEMO.shops.main });
    expect(res.data.table2?.[0]).toMatchObject({ BaseID: DEMO.bases.quick, BusinessMode: '0' });
  });

  test('PosSalSheet_ShopBaseDetailGet_Get refuses an outlet of another shop', async () => {
    const res = await client.call('PosSalSheet_ShopBaseDetailGet_Get', [{ ShopID: DEMO.shops.district, BaseID: DEMO.bases.quick }]);
    expect(res.errmsg).toBe('The outlet does not exist');
  });

  test('Common_ServiceLinkGet_Get gives the OSS domain', async () => {
    const res = await client.call('Common_ServiceLinkGet_Get', [{}]);
    ok(res);
    expect(res.data.table1).toEqual(expect.arrayContaining([{ LinkKey: 'OssCustomerDomain', LinkValue: '/oss/' }]));
  });
});

describe('sessions and feedback', () => {
  test('EntVip_EntVipGuestLogin_Add starts an HttpOnly session for a guest of the enterprise', async () => {
    const guest = new GatewayClient(h.url);
    const res = await guest.raw(
      new URLSearchParams({
        HBBWSType: '1',
        strKeyName: 'EntVip_EntVipGuestLogin_Add',
        strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO.entId, UserID: DEMO.userId, AppID: '@AppID', Secret: '@Secret', BSN: '@BSN', AppName: 't', ShopID: DEMO.shops.main }] }),
        strAuthorizationCode: 'hbb',
        IsRSA: '0',
      }).toString(),
    );
    expect(res.json.errcode).toBe('0');
    expect(res.json.data.table1?.[0]).toMatchObject({ VipName: 'Walk-in guest', IsGuest: 1, EntID: DEMO.entId });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^hbb_sid=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // The same caller again keeps its guest.
    const again = await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
    expect(again.data.table1?.[0]?.VipID).toBe(res.json.data.table1?.[0]?.VipID);
    // A session is not a member: member operations still refuse it.
    const member = await guest.call('EntVip_EntVipScoreItemsByPage_V1_Get', [{}]);
    expect(member.errcode).toBe('40300');
    // The cookie's secret is not what the database stores.
    const secret = guest.cookie.split('=')[1]!;
    const rows = await h.db.query('SELECT 1 FROM session WHERE session_id = $1', [secret]);
    expect(rows).toHaveLength(0);
  });

  test('the default guest entity works before any code is scanned', async () => {
    const res = await new GatewayClient(h.url).call('EntVip_EntVipGuestLogin_Add', [{}]);
    expect(res.data.table1?.[0]).toMatchObject({ EntID: DEMO.guest.entId, VipName: 'Walk-in guest' });
  });

  test('Setting_SetHelpFeedbackAddSubmit_Add counts the same error once', async () => {
    const content = `TypeError: x is undefined ${Date.now()}`;
    const first = await client.call('Setting_SetHelpFeedbackAddSubmit_Add', [{ FbContent: content, FbType: 0 }]);
    const second = await client.call('Setting_SetHelpFeedbackAddSubmit_Add', [{ FbContent: content, FbType: 0 }]);
    ok(first);
    expect(second.data.table1?.[0]).toEqual({ FeedbackID: first.data.table1?.[0]?.FeedbackID, Occurrences: 2 });
  });
});

test("PROTOCOL.md's order submit shape is accepted by the gateway", async () => {
  // The request passes the gateway's checks and reaches the handler (operations/orders/submit.ts),
  // which reads it as a delivery (a freight is sent) and asks for the contact and address.
  const body = new URLSearchParams({
    strKeyName: 'PosSalSheet_PosSalSheetSubmit_V9_Add',
    HBBWSType: '7',
    strJsonData: JSON.stringify({
      tableData: [{ EntID: DEMO.entId, UserID: DEMO.userId, AppID: '@AppID', Secret: '@Secret', BSN: '@BSN', UserName: 'x', ShopID: DEMO.shops.main, ShopName: 'x', BaseID: DEMO.bases.quick, BaseCode: '1', BaseName: 'x', VipID: 'VIP1', VipName: 'x', CustProvince: '', CustCity: '', CustDistrict: '', CustMainAddress: '', CustPhone: '', CustName: '', Remark: '', Count: 1, Qua: 1, SalesAmo: 15, Amo: 15, DisAmo: 0, FeeAmo: 8, CouponAmo: 0, TotalAmo: 23, LocalSheetID: '20200304170433689123970', AppName: 'x', PosType: '3' }],
      Item1: [{ GoodsID: '886', GoodsCode: '0202', GoodsName: 'x', GoodsTypeID: '0', Unit: 'x', PUnit: '', SkuID: '887', SkuItems: '', SalesPrice: 15, PUnitPrice: 15, Price: 15, SalesAmo: 15, Amo: 15, DisAmo: 0, Qua: 1, PQua: 0, MQua: 1, Ref: 1, ItemID: 1, SalType: '2', PromotePlanSheetID: '133759694' }],
    }),
    strAuthorizationCode: 'hbb',
    IsRSA: '0',
  });
  const guest = new GatewayClient(h.url);
  await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
  const res = await guest.raw(body.toString());
  expect(res.json.errcode).toBe('50000');
  expect(res.json.errmsg).toBe('Please fill in your contact and mobile phone number');
});
