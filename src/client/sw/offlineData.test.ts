/** Which data answers the service worker keeps for an offline start, under which key, and the bound. */
import { encodeForm } from '../../shared/protocol/envelope';
import { isKeptAnswer, isMenuPicture, keptRequest, OFFLINE_OPERATIONS, otherOutlets } from './offlineData';

const SCOPE = 'https://order.example/';
const body = (op: string, row: Record<string, unknown>) =>
  encodeForm({
    HBBWSType: '1',
    strKeyName: op,
    strJsonData: JSON.stringify({ tableData: [{ EntID: '881000000101', UserID: '888000000101', AppName: 'HBBOrder', ...row }] }),
    strAuthorizationCode: 'hbb',
    IsRSA: '0',
    APIEntID: '881000000101',
  });

test("a menu page is kept under its operation, language, outlet and row, whoever asks", () => {
  const row = { ShopID: '889000000101', BaseID: '005000000101', ClassID: '', PageIndex: 1, PageSize: 24 };
  const kept = keptRequest(SCOPE, body('HBBPos_GoodsClass_GoodsList_V9_Get', row), 'zh-TW')!;
  expect(kept.shopId).toBe('889000000101');
  const key = new URL(kept.key);
  expect(key.origin + key.pathname).toBe('https://order.example/__offline/data');
  expect(key.searchParams.get('op')).toBe('HBBPos_GoodsClass_GoodsList_V9_Get');
  expect(key.searchParams.get('lang')).toBe('zh-TW');
  expect(key.searchParams.get('shop')).toBe('889000000101');
  // Another guest (another UserID), or the page before it knew the shop's entity: the same key.
  const other = encodeForm({
    HBBWSType: '1',
    strKeyName: 'HBBPos_GoodsClass_GoodsList_V9_Get',
    strJsonData: JSON.stringify({ tableData: [{ PageSize: 24, PageIndex: 1, ClassID: '', BaseID: '005000000101', ShopID: '889000000101', AppName: 'HBBOrder', UserID: '888000000999', EntID: '881000000009' }] }),
    strAuthorizationCode: 'hbb',
    IsRSA: '0',
  });
  expect(keptRequest(SCOPE, other, 'zh-TW')!.key).toBe(kept.key);
  // Another language, page or outlet: another key.
  expect(keptRequest(SCOPE, body('HBBPos_GoodsClass_GoodsList_V9_Get', row), 'en')!.key).not.toBe(kept.key);
  expect(keptRequest(SCOPE, body('HBBPos_GoodsClass_GoodsList_V9_Get', { ...row, PageSize: 1000 }), 'zh-TW')!.key).not.toBe(kept.key);
  expect(keptRequest(SCOPE, body('HBBPos_GoodsClass_GoodsList_V9_Get', { ...row, ShopID: '889000000102' }), 'zh-TW')!.key).not.toBe(kept.key);
});

test('orders, carts, payments, sign-ins and member data are never kept', () => {
  for (const op of [
    'PosSalSheet_PosSalSheetSubmit_V9_Add',
    'PosSalSheet_CYPosSalSheetSubmit_Add',
    'PosSalSheet_PosSalSheetListByPage_V4_Get',
    'PosSalSheet_PosSalSheetAcctSubmit_V9_Add',
    'EntVip_EntVipGuestLogin_Add',
    'EntVip_EntVipDetailGet_V1_Get',
  ]) {
    expect(OFFLINE_OPERATIONS.has(op)).toBe(false);
    expect(keptRequest(SCOPE, body(op, { ShopID: '889000000101' }), 'en')).toBeNull();
  }
  // Not the endpoint's form: nothing kept.
  expect(keptRequest(SCOPE, 'strKeyName=HBBPos_AllGoodsClassGet_Get&strJsonData=%7Bbroken', 'en')).toBeNull();
});

test('the shop code and page are kept without an outlet; a new outlet replaces the other outlets only', () => {
  const code = keptRequest(SCOPE, body('Enterprise_EntIDByIDGet_Get', { Field: 'QRCode', Value: 'HBK-1' }), 'en')!;
  expect(code.shopId).toBeNull();
  const a = keptRequest(SCOPE, body('HBBPos_AllGoodsClassGet_Get', { ShopID: 'A' }), 'en')!.key;
  const b = keptRequest(SCOPE, body('HBBPos_AllGoodsClassGet_Get', { ShopID: 'B' }), 'en')!.key;
  const b2 = keptRequest(SCOPE, body('HBBPos_ShopGoodsBaseGet_Get', { ShopID: 'B', BaseID: '1' }), 'en')!.key;
  expect(otherOutlets([code.key, a, b, b2], 'B')).toEqual([a]);
  expect(otherOutlets([code.key, a, b, b2], 'A')).toEqual([b, b2]);
});

test('only answers that worked are kept', () => {
  expect(isKeptAnswer(JSON.stringify({ errcode: '0', resultcode: '0', data: {} }))).toBe(true);
  expect(isKeptAnswer(JSON.stringify({ errcode: 0, resultcode: 0 }))).toBe(true);
  expect(isKeptAnswer(JSON.stringify({ errcode: '0', resultcode: '-1', resultmsg: 'closed' }))).toBe(false);
  expect(isKeptAnswer(JSON.stringify({ errcode: '40001' }))).toBe(false);
  expect(isKeptAnswer('<html>502</html>')).toBe(false);
});

test("the menu's pictures: this origin's /oss/ and an object store's resized pictures, not map tiles or the app's files", () => {
  const origin = 'https://order.example';
  expect(isMenuPicture(new URL('https://order.example/oss/goods/g0101.svg?x-oss-process=image/resize,w_160,h_160'), origin)).toBe(true);
  expect(isMenuPicture(new URL('https://bucket.oss.example/goods/1.jpg?x-oss-process=image/resize,w_160'), origin)).toBe(true);
  expect(isMenuPicture(new URL('https://tiles.example/3/4/5.png'), origin)).toBe(false);
  expect(isMenuPicture(new URL('https://order.example/icons/icon-192.png'), origin)).toBe(false);
});
