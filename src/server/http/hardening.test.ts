/**
 * Issue 16, one test per defect, through the real HTTP service: control
 * characters and integer overflow are refused at the schema (40000 naming the
 * field) instead of failing in SQL (59999); anonymous writes are limited per
 * IP and for the whole service (42900); feedback storage is capped; the app's
 * pages carry security headers.
 */
import { ErrorCode } from '../../shared/protocol/envelope';
import { DEMO } from '../db/seed';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { signedInAsChan } from '../test/signIn';

let h: Harness;
let anon: GatewayClient;
let member: GatewayClient;

beforeAll(async () => {
  h = await startHarness();
  anon = new GatewayClient(h.url);
  member = await signedInAsChan(h);
}, 60_000);
afterAll(() => h.close());

describe('defect 1: control characters are refused at the schema', () => {
  test.each([
    ['Setting_SetHelpFeedbackAddSubmit_Add', { FbContent: 'a\u0000b', FbType: 0 }, 'FbContent'],
    ['EShop_EShopShopPageGet_Get', { QRCode: 'QR\u0000' }, 'QRCode'],
    ['PosSalSheet_PosSalSheetDetailGet_V2_Get', { SheetID: `${DEMO.sheets.open}\u0000` }, 'SheetID'],
    ['Enterprise_EntIDByIDGet_Get', { Field: 'QRCode', Value: 'x\u001by' }, 'Value'],
    ['EntVip_EntVipGuestLogin_Add', { UserName: 'a\u0007', ShopID: DEMO.shops.main }, 'UserName'],
  ])('%s with a control character: 40000 naming %s', async (name, row, field) => {
    const res = await anon.call(name, [{ EntID: DEMO.entId, ...row }]);
    expect(res.errcode).toBe(ErrorCode.badRequest);
    expect(res.errmsg).toContain(field);
    expect(res.errmsg).toMatch(/control characters/);
  });

  test('a member operation with NUL in an address field: 40000 naming it', async () => {
    const res = await member.call('VipAddress_VipAddressSubmit_Add', [
      { CustName: 'Chan', CustPhone: '66123456', AreaNo: '853', Province: '澳門', City: '澳門', District: '\u0000', MainAddress: 'x', HouseNumber: '1' },
    ]);
    expect(res.errcode).toBe(ErrorCode.badRequest);
    expect(res.errmsg).toContain('District');
  });

  test('remarks and feedback keep line breaks and tabs', async () => {
    const res = await anon.call('Setting_SetHelpFeedbackAddSubmit_Add', [{ EntID: DEMO.entId, FbContent: 'TypeError: x\n\tat y (app.js:1:2)', FbType: 0 }]);
    expect(res.errcode).toBe('0');
  });
});

describe('defect 2: integers carry the range of their column', () => {
  test.each([
    ['PosSalSheet_PosSalSheetListByPage_V4_Get', { Status: 2147483648 }, 'Status', 'member'],
    ['Base_BaseInfoByGPSGet_Get', { BaseClass: 2147483648 }, 'BaseClass', 'anon'],
    ['Setting_SetHelpFeedbackAddSubmit_Add', { FbContent: 'x', FbType: 2147483648 }, 'FbType', 'anon'],
    ['Setting_SetHelpFeedbackAddSubmit_Add', { FbContent: 'x', FbType: '-2147483649' }, 'FbType', 'anon'],
    ['EntVip_EntVipSubmit_Update', { Sex: 99999999999 }, 'Sex', 'member'],
    ['VipRecharge_VipAccountRechargeSumbit_V3_Add', { Amo: 1e15 }, 'Amo', 'member'],
  ] as const)('%s with %j: 40000 naming %s', async (name, row, field, who) => {
    const res = await (who === 'member' ? member : anon).call(name, [{ EntID: DEMO.entId, ...row }]);
    expect(res.errcode).toBe(ErrorCode.badRequest);
    expect(res.errmsg).toContain(field);
  });

  test('the largest int still passes the schema', async () => {
    const res = await member.call('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ Status: 2147483647 }]);
    expect(res.errcode).toBe('0');
    expect(res.data.table1).toEqual([]);
  });
});
