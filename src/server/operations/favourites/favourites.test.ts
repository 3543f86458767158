/** A member's favourite goods (issue 29 section 1): stored per member, the same on every phone, refused to a guest. */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { DEMO } from '../../db/seed';
import { GatewayClient, startHarness, type Harness } from '../../test/harness';
import { guestClient, memberClient, newMember } from '../../test/orders';
import { MAX_FAVOURITES } from './handlers';

jest.setTimeout(90_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const LIST = 'VipFavorite_VipFavoriteGoodsListGet_Get';
const SET = 'VipFavorite_VipFavoriteGoodsSubmit_Update';

async function favourites(client: GatewayClient, shopId: string = DEMO.shops.main): Promise<string[]> {
  const res = await client.call(LIST, [{ ShopID: shopId }]);
  expect([res.errcode, res.errmsg]).toEqual(['0', '']);
  return res.data.table1!.map((r) => String(r.GoodsID));
}

async function mark(client: GatewayClient, goodsId: string, on: 0 | 1) {
  return client.call(SET, [{ GoodsID: goodsId, IsFavorite: on }]);
}

test('a member marks and unmarks goods; the latest marked first; marking again changes nothing', async () => {
  const m = await newMember(h);
  expect(await favourites(m)).toEqual([]);
  h.setNow(new Date('2026-11-20T10:00:00Z'));
  const first = await mark(m, DEMO.goods.bbqPorkRice, 1);
  expect([first.errcode, first.data.table1]).toEqual(['0', [{ GoodsID: DEMO.goods.bbqPorkRice, IsFavorite: 1 }]]);
  h.setNow(new Date('2026-11-20T10:01:00Z'));
  expect((await mark(m, DEMO.goods.milkTea, 1)).errcode).toBe('0');
  h.setNow(new Date('2026-11-20T10:02:00Z'));
  expect((await mark(m, DEMO.goods.bbqPorkRice, 1)).errcode).toBe('0');
  h.setNow(null);
  expect(await favourites(m)).toEqual([DEMO.goods.milkTea, DEMO.goods.bbqPorkRice]);

  const off = await mark(m, DEMO.goods.milkTea, 0);
  expect([off.errcode, off.data.table1]).toEqual(['0', [{ GoodsID: DEMO.goods.milkTea, IsFavorite: 0 }]]);
  expect((await mark(m, DEMO.goods.milkTea, 0)).errcode).toBe('0');
  expect(await favourites(m)).toEqual([DEMO.goods.bbqPorkRice]);
});

test("the member's other phone (another session) reads the same favourites", async () => {
  const phone1 = await newMember(h);
  const phone2 = await memberClient(h, phone1.vipId);
  expect(phone2.cookie).not.toBe(phone1.cookie);
  expect((await mark(phone1, DEMO.goods.eggTart, 1)).errcode).toBe('0');
  expect(await favourites(phone2)).toEqual([DEMO.goods.eggTart]);
  expect((await mark(phone2, DEMO.goods.eggTart, 0)).errcode).toBe('0');
  expect(await favourites(phone1)).toEqual([]);
});

test('a guest is refused (40300), no session asks to sign in (42000); nothing is written', async () => {
  const guest = await guestClient(h);
  const res = await mark(guest, DEMO.goods.bbqPorkRice, 1);
  expect(res.errcode).toBe(ErrorCode.forbidden);
  expect((await guest.call(LIST, [{ ShopID: DEMO.shops.main }])).errcode).toBe(ErrorCode.forbidden);
  const none = new GatewayClient(h.url);
  expect((await none.call(SET, [{ GoodsID: DEMO.goods.bbqPorkRice, IsFavorite: 1 }])).errcode).toBe(ErrorCode.sessionRequired);
  const rows = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_favourite WHERE vip_id = $1', [guest.vipId]);
  expect(rows[0]!.n).toBe(0);
});

test('goods not on the menu are refused in the caller\'s language; archived favourites are not listed', async () => {
  const m = await newMember(h, 'zh-TW');
  const unknown = await mark(m, '886000000000999', 1);
  expect([unknown.errcode, unknown.errmsg]).toEqual([ErrorCode.business, '該商品已下架']);
  expect((await mark(m, DEMO.goods.coke, 1)).errcode).toBe('0');
  expect((await mark(m, DEMO.goods.coffee, 1)).errcode).toBe('0');
  await h.db.query('UPDATE goods SET archived_at = now() WHERE goods_id = $1', [DEMO.goods.coke]);
  try {
    expect(await favourites(m)).toEqual([DEMO.goods.coffee]);
    const archived = await mark(m, DEMO.goods.coke, 1);
    expect(archived.errmsg).toBe('該商品已下架');
  } finally {
    await h.db.query('UPDATE goods SET archived_at = NULL WHERE goods_id = $1', [DEMO.goods.coke]);
  }
  // Back on the menu, the favourite is back.
  expect((await favourites(m)).sort()).toEqual([DEMO.goods.coffee, DEMO.goods.coke].sort());
});

test('at most MAX_FAVOURITES per member: one more is refused with the count and nothing written; re-marking one is not refused', async () => {
  const m = await newMember(h);
  // The demo menu has fewer goods than the limit: copies of one goods (ids FAVPAD...), favourited directly up to it.
  await h.db.query(
    `INSERT INTO goods SELECT (jsonb_populate_record(g, jsonb_build_object('goods_id', 'FAVPAD' || n, 'goods_code', 'FP' || n))).*
       FROM goods g, generate_series(1, $2::int) n WHERE g.goods_id = $1`,
    [DEMO.goods.bbqPorkRice, MAX_FAVOURITES],
  );
  await h.db.query(`INSERT INTO vip_favourite (vip_id, goods_id, created_at) SELECT $1, 'FAVPAD' || n, now() FROM generate_series(1, $2::int) n`, [
    m.vipId,
    MAX_FAVOURITES,
  ]);
  const refused = await mark(m, DEMO.goods.milkTea, 1);
  expect([refused.errcode, refused.errmsg]).toEqual([ErrorCode.business, `You can keep at most ${MAX_FAVOURITES} favourites. Remove one to add another.`]);
  expect(await favourites(m)).not.toContain(DEMO.goods.milkTea);
  expect((await mark(m, 'FAVPAD1', 1)).errcode).toBe('0');
  expect((await mark(m, 'FAVPAD1', 0)).errcode).toBe('0');
  expect((await mark(m, DEMO.goods.milkTea, 1)).errcode).toBe('0');
  await h.db.query(`DELETE FROM vip_favourite WHERE goods_id LIKE 'FAVPAD%'`);
  await h.db.query(`DELETE FROM goods WHERE goods_id LIKE 'FAVPAD%'`);
});
