/**
 * The menu and shop reads end to end, through the real HTTP server, over the
 * demo data (and, last, a 5,000-goods menu from seedLargeMenu).
 */
import { DateTime } from 'luxon';
import type { ResultTables } from '../../../shared/protocol/envelope';
import { DEMO, seedLargeMenu } from '../../db/seed';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';

jest.setTimeout(60_000);

let h: Harness;
let client: GatewayClient;
/** When the demo data was seeded (the promotion runs from 30 days before to 365 days after). */
let seededAt: Date;
const DAY = 86_400_000;

beforeAll(async () => {
  seededAt = new Date();
  h = await startHarness();
  client = new GatewayClient(h.url);
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));

type Row = Record<string, unknown>;
const ok = (res: { errcode: string; errmsg: string }) => {
  expect(res.errmsg).toBe('');
  expect(res.errcode).toBe('0');
};
const refused = (res: { errcode: string; errmsg: string }, errcode: string, errmsg: string | RegExp) => {
  expect(res.errcode).toBe(errcode);
  if (typeof errmsg === 'string') expect(res.errmsg).toBe(errmsg);
  else expect(res.errmsg).toMatch(errmsg);
};
const rows = (res: { data: ResultTables }, table: keyof ResultTables = 'table1'): Row[] => res.data[table] ?? [];
const byId = (list: Row[], id: string, key = 'GoodsID') => list.find((r) => r[key] === id);
const main = DEMO.shops.main;
const GOODS_NOT_FOUND = 'This item is no longer on the menu';

const listGoods = (row: Row) => client.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: main, ...row }]);

describe('HBBPos_AllGoodsClassGet_Get', () => {
  test("lists the shop's classes in order with their goods counts", async () => {
    const res = await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: main }]);
    ok(res);
    const classes = rows(res);
    expect(classes).toHaveLength(8);
    // Texts in the caller's language (this client's is English; localized.test.ts reads all three).
    expect(classes[0]).toEqual({ ClassID: '885000000101', ClassName: 'Signature Rice', Sort: 1, GoodsCount: 10, BusinessMode: '0' });
    // The takeaway extras are offered for takeout only (issue 23: not to a diner at a table).
    expect(classes.filter((c) => c.BusinessMode !== '0').map((c) => [c.ClassName, c.BusinessMode])).toEqual([['Takeaway Extras', '1']]);
    expect(classes.map((c) => c.ClassName)).toEqual(['Signature Rice', 'Noodles', 'Snacks', 'Soups', 'Set Meals', 'Drinks', 'Desserts', 'Takeaway Extras']);
    expect(classes.reduce((n, c) => n + (c.GoodsCount as number), 0)).toBe(60);
  });

  test("with BaseID: a class with no goods sold at that outlet is not on its menu (issue 27)", async () => {
    const all = rows(await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: main }]));
    const desserts = all.find((c) => c.ClassName === 'Desserts')!;
    const soups = all.find((c) => c.ClassName === 'Soups')!;
    const dessertGoods = (await h.db.query<{ goods_id: string }>('SELECT goods_id FROM goods WHERE class_id = $1', [desserts.ClassID])).map((g) => g.goods_id);
    const [oneSoup] = await h.db.query<{ goods_id: string }>('SELECT goods_id FROM goods WHERE class_id = $1 ORDER BY goods_id LIMIT 1', [soups.ClassID]);
    // Every dessert switched off at San Ma Lo, one soup too: the desserts go, the soups stay with one goods fewer.
    for (const g of [...dessertGoods, oneSoup!.goods_id]) await h.db.query('INSERT INTO goods_outlet_off (goods_id, base_id) VALUES ($1, $2)', [g, DEMO.bases.dineIn]);
    try {
      const here = rows(await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: main, BaseID: DEMO.bases.dineIn }]));
      expect(here.map((c) => c.ClassName)).toEqual(['Signature Rice', 'Noodles', 'Snacks', 'Soups', 'Set Meals', 'Drinks', 'Takeaway Extras']);
      expect(here.find((c) => c.ClassID === soups.ClassID)!.GoodsCount).toBe((soups.GoodsCount as number) - 1);
      // The other outlets of the shop, and the shop as a whole, still list them.
      const there = rows(await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: main, BaseID: DEMO.bases.quick }]));
      expect(there.find((c) => c.ClassID === desserts.ClassID)).toMatchObject({ GoodsCount: desserts.GoodsCount });
      expect(rows(await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: main }])).map((c) => c.ClassName)).toContain('Desserts');
      // A class switched off at the outlet itself is left out too.
      await h.db.query('INSERT INTO goods_class_outlet_off (class_id, base_id) VALUES ($1, $2)', [soups.ClassID, DEMO.bases.quick]);
      const quick = rows(await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: main, BaseID: DEMO.bases.quick }]));
      expect(quick.map((c) => c.ClassName)).not.toContain('Soups');
    } finally {
      await h.db.query('DELETE FROM goods_outlet_off WHERE base_id = $1', [DEMO.bases.dineIn]);
      await h.db.query('DELETE FROM goods_class_outlet_off WHERE base_id = $1', [DEMO.bases.quick]);
    }
  });

  test('a food-court shop has its own classes', async () => {
    const res = await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: DEMO.shops.eggTart }]);
    expect(rows(res).map((c) => [c.ClassName, c.GoodsCount])).toEqual([['Tarts', 3], ['Drinks', 1]]);
  });

  test('an unknown shop', async () => {
    refused(await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: 'nope' }]), '50000', 'The shop does not exist');
  });

  test('a missing ShopID is a malformed request', async () => {
    refused(await client.call('HBBPos_AllGoodsClassGet_Get', [{}]), '40000', /tableData\[0\]\.ShopID/);
  });
});

describe('HBBPos_GoodsClass_GoodsList_V9_Get', () => {
  test('the whole menu in menu order, one row per goods with every field', async () => {
    const res = await listGoods({ ClassID: '' });
    ok(res);
    const goods = rows(res);
    expect(goods).toHaveLength(60);
    expect(res.data.table2).toEqual([{ TotalCount: 60 }]);
    expect(goods[0]).toEqual({
      GoodsID: DEMO.goods.bbqPorkRice,
      GoodsCode: '101',
      GoodsName: 'BBQ Pork Rice',
      ClassID: '885000000101',
      GoodsTypeID: '0',
      Skus: '0',
      Unit: 'plate',
      Price: '48.0000',
      SalesPrice: '48.0000',
      PromotePrice: '',
      PromotePlanID: '',
      Pic: 'goods/g0101.svg',
      SoldOut: 0,
      PUnitCount: 0,
      HasBom: 0,
      HasCharging: 1,
      BagCount: 1,
      // Issue 29: gluten and soybeans, may contain sesame, free of the rest; not vegetarian, vegan or halal; not spicy. Goes with the milk tea, lemon tea, egg tart.
      Diet: '200002000010000000',
      Pairs: `${DEMO.goods.milkTea},886000000140,${DEMO.goods.eggTart}`,
    });
    // A dish that states nothing carries neither field.
    expect(goods.find((g) => g.GoodsCode === '103')).not.toHaveProperty('Diet');
    // Only what the list shows (issue 14): the remarks come with the goods detail.
    const detail = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.bbqPorkRice }]);
    ok(detail);
    expect(rows(detail)[0]).toMatchObject({ Sort: 1, GoodsRemarks: 'Honey-glazed BBQ pork on rice' });
    // Class order, then goods order: the bag is last.
    expect(goods.at(-1)).toMatchObject({ GoodsID: DEMO.goods.bag, GoodsCode: 'BAG', GoodsTypeID: '9' });
    const classOrder = goods.map((g) => g.ClassID as string);
    expect(classOrder).toEqual([...classOrder].sort());
  });

  test('flags: sold out, skus, pack units, bundles, add-ons, promotions', async () => {
    const goods = rows(await listGoods({}));
    expect(byId(goods, DEMO.goods.soldOut)).toMatchObject({ SoldOut: 1, GoodsName: 'Shrimp Roe Lo Mein' });
    // One sold-out sku does not sell out the goods.
    expect(byId(goods, DEMO.goods.coffee)).toMatchObject({ SoldOut: 0, Skus: '2', Price: '25.0000' });
    expect(goods.filter((g) => g.SoldOut === 1).map((g) => g.GoodsID)).toEqual([DEMO.goods.soldOut]);
    expect(byId(goods, DEMO.goods.wontonNoodles)).toMatchObject({ Skus: '1' });
    expect(byId(goods, DEMO.goods.dumplings)).toMatchObject({ PUnitCount: 1, Unit: 'piece', Price: '4.0000' });
    expect(byId(goods, DEMO.goods.riceSet)).toMatchObject({ GoodsTypeID: '3', HasBom: 1, Price: '68.0000', SalesPrice: '65.0000' });
    expect(byId(goods, DEMO.goods.roastGooseByCatty)).toMatchObject({ GoodsTypeID: '7', Unit: 'catty' });
    expect(byId(goods, DEMO.goods.roastGooseRice)).toMatchObject({ Price: '58.0000', PromotePrice: '49.0000', PromotePlanID: DEMO.promotePlanId });
    // A sku-level promotion gives the goods its "from" price.
    expect(byId(goods, DEMO.goods.milkTea)).toMatchObject({ Price: '22.0000', PromotePrice: '18.0000', PromotePlanID: DEMO.promotePlanId });
    expect(goods.filter((g) => g.PromotePrice !== '').map((g) => g.GoodsID).sort()).toEqual(
      [DEMO.goods.roastGooseRice, DEMO.goods.milkTea, DEMO.goods.eggTart].sort(),
    );
    expect(goods.filter((g) => g.HasBom === 1)).toHaveLength(4);
  });

  test('one class', async () => {
    const res = await listGoods({ ClassID: '885000000102' });
    ok(res);
    expect(rows(res)).toHaveLength(8);
    expect(rows(res).every((g) => g.ClassID === '885000000102')).toBe(true);
    expect(res.data.table2).toEqual([{ TotalCount: 8 }]);
  });

  test('an unknown class of a real shop is an empty list', async () => {
    const res = await listGoods({ ClassID: 'nope' });
    ok(res);
    expect(res.data).toEqual({ table1: [], table2: [{ TotalCount: 0 }] });
  });

  test('pages through the menu', async () => {
    const all = rows(await listGoods({})).map((g) => g.GoodsID);
    const pages = [];
    for (const PageIndex of [1, 2, 3]) {
      const res = await listGoods({ PageIndex, PageSize: 25 });
      ok(res);
      expect(res.data.table2).toEqual([{ TotalCount: 60 }]);
      pages.push(...rows(res).map((g) => g.GoodsID));
    }
    expect(pages).toEqual(all);
    const beyond = await listGoods({ PageIndex: 4, PageSize: 25 });
    expect(beyond.data).toEqual({ table1: [], table2: [{ TotalCount: 60 }] });
    // An exactly full last page still counts right.
    const full = await listGoods({ PageIndex: 3, PageSize: 20 });
    expect([rows(full).length, full.data.table2]).toEqual([20, [{ TotalCount: 60 }]]);
  });

  test('a promotion price only within its period', async () => {
    const promoted = async () => byId(rows(await listGoods({ ClassID: '885000000101' })), DEMO.goods.roastGooseRice)!.PromotePrice;
    expect(await promoted()).toBe('49.0000');
    h.setNow(new Date(seededAt.getTime() - 31 * DAY));
    expect(await promoted()).toBe('');
    h.setNow(new Date(seededAt.getTime() - 29 * DAY));
    expect(await promoted()).toBe('49.0000');
    h.setNow(new Date(seededAt.getTime() + 366 * DAY));
    expect(await promoted()).toBe('');
  });

  test('a promotion limited to week days runs only on those days (in the enterprise time zone)', async () => {
    const now = new Date(seededAt.getTime() + 2 * DAY);
    h.setNow(now);
    const today = DateTime.fromJSDate(now).setZone('Asia/Macau').weekday; // 1 Monday ... 7 Sunday
    const other = (today % 7) + 1;
    const promoted = async () => byId(rows(await listGoods({ ClassID: '885000000101' })), DEMO.goods.roastGooseRice)!.PromotePrice;
    try {
      await h.db.query('UPDATE promote_plan SET week_days = $1 WHERE plan_id = $2', [String(other), DEMO.promotePlanId]);
      await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
      expect(await promoted()).toBe('');
      await h.db.query('UPDATE promote_plan SET week_days = $1 WHERE plan_id = $2', [`${other}, ${today}`, DEMO.promotePlanId]);
      await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
      expect(await promoted()).toBe('49.0000');
    } finally {
      await h.db.query(`UPDATE promote_plan SET week_days = '' WHERE plan_id = $1`, [DEMO.promotePlanId]);
      await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
    }
  });

  test('bad input', async () => {
    refused(await listGoods({ ShopID: 'nope' }), '50000', 'The shop does not exist');
    refused(await listGoods({ PageSize: 10_001 }), '40000', /PageSize/);
    refused(await listGoods({ PageIndex: 0 }), '40000', /PageIndex/);
    refused(await listGoods({ PageSize: 'ten' }), '40000', /PageSize/);
  });
});

describe('Goods_GoodsShopHomeGoodsByPage_Get', () => {
  test("the shop's home goods, paged", async () => {
    const res = await client.call('Goods_GoodsShopHomeGoodsByPage_Get', [{ ShopID: main, PageIndex: 1, PageSize: 100 }]);
    ok(res);
    const home = rows(res);
    expect(home).toHaveLength(9);
    expect(res.data.table2).toEqual([{ TotalCount: 9 }]);
    expect(home[0]).toMatchObject({ GoodsID: DEMO.goods.bbqPorkRice, GoodsName: 'BBQ Pork Rice', Price: '48.0000' });
    expect(byId(home, DEMO.goods.eggTart)).toMatchObject({ PromotePrice: '8.0000', PUnitCount: 1 });
    const last = await client.call('Goods_GoodsShopHomeGoodsByPage_Get', [{ ShopID: main, PageIndex: 3, PageSize: 4 }]);
    expect(rows(last)).toHaveLength(1);
    expect(last.data.table2).toEqual([{ TotalCount: 9 }]);
  });

  test('a shop without home goods, an unknown shop', async () => {
    const none = await client.call('Goods_GoodsShopHomeGoodsByPage_Get', [{ ShopID: DEMO.shops.noodle, PageIndex: 1, PageSize: 10 }]);
    expect(none.data).toEqual({ table1: [], table2: [{ TotalCount: 0 }] });
    refused(await client.call('Goods_GoodsShopHomeGoodsByPage_Get', [{ ShopID: 'nope', PageIndex: 1, PageSize: 10 }]), '50000', 'The shop does not exist');
  });
});

describe('EShop_GoodsDetailGet_V2_Get', () => {
  test('a two-attribute goods with its skus and its pack unit', async () => {
    const res = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.bottledLemonTea }]);
    ok(res);
    const [goods] = rows(res);
    expect(goods).toMatchObject({ GoodsID: DEMO.goods.bottledLemonTea, Skus: '2', PUnitCount: 1, SkuAttributes: 'Size;Sweetness', Price: '15.0000' });
    expect(JSON.parse(goods!.SkuAttributeValues as string)).toEqual([
      { name: 'Size', values: ['350ml', '500ml'] },
      { name: 'Sweetness', values: ['Regular', 'Less Sugar'] },
    ]);
    expect(rows(res, 'table2')).toEqual([
      { SkuID: '88700000142' + '1', SkuCode: '142-1', SkuItems: '350ml;Regular', Price: '15.0000', SalesPrice: '15.0000', PromotePrice: '', SoldOut: 0, Qua: '0.0000' },
      { SkuID: '88700000142' + '2', SkuCode: '142-2', SkuItems: '350ml;Less Sugar', Price: '15.0000', SalesPrice: '15.0000', PromotePrice: '', SoldOut: 0, Qua: '0.0000' },
      { SkuID: '88700000142' + '3', SkuCode: '142-3', SkuItems: '500ml;Regular', Price: '20.0000', SalesPrice: '20.0000', PromotePrice: '', SoldOut: 0, Qua: '0.0000' },
      { SkuID: '88700000142' + '4', SkuCode: '142-4', SkuItems: '500ml;Less Sugar', Price: '20.0000', SalesPrice: '20.0000', PromotePrice: '', SoldOut: 0, Qua: '0.0000' },
    ]);
    expect(rows(res, 'table3')).toEqual([
      { PCode: '142-6', PUnit: 'Pack', Ref: '6.0000', Price: '90.0000', SalesPrice: '80.0000' },
    ]);
  });

  test('a sold-out sku and a sku promotion', async () => {
    const coffee = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.coffee }]);
    expect(rows(coffee, 'table2').map((s) => [s.SkuItems, s.SoldOut])).toEqual([
      ['Regular;Hot', 0],
      ['Regular;Iced', 0],
      ['Large;Hot', 0],
      ['Large;Iced', 1],
    ]);
    const milkTea = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.milkTea }]);
    expect(rows(milkTea, 'table2').map((s) => [s.SkuID, s.PromotePrice])).toEqual([
      [DEMO.skus.milkTeaRegularHot, '18.0000'],
      [expect.any(String), ''],
      [expect.any(String), ''],
      [expect.any(String), ''],
    ]);
    expect(rows(milkTea, 'table3')).toEqual([]);
    h.setNow(new Date(seededAt.getTime() - 40 * DAY));
    const before = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.milkTea }]);
    expect(rows(before, 'table2').map((s) => s.PromotePrice)).toEqual(['', '', '', '']);
    expect(rows(before)[0]).toMatchObject({ PromotePrice: '', PromotePlanID: '' });
  });

  test("issue 29: a sku's own allergens, diets and spice; a sku that states nothing carries no Diet", async () => {
    const before = rows(await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.wontonNoodles }]), 'table2');
    expect(before.filter((k) => 'Diet' in k)).toEqual([]);
    const small = before.find((k) => k.SkuID !== DEMO.skus.wontonNoodlesLarge)!.SkuID as string;
    // The large bowl contains milk, is vegetarian, not spicy; the small one has a row that states nothing.
    await h.db.query(
      `INSERT INTO goods_diet (shop_id, sku_id, allergens, vegetarian, spice) VALUES ($1, $2, '00000020000000', true, 0), ($1, $3, '--------------', NULL, NULL)`,
      [main, DEMO.skus.wontonNoodlesLarge, small],
    );
    try {
      const wonton = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.wontonNoodles }]);
      ok(wonton);
      const skus = rows(wonton, 'table2');
      expect(byId(skus, DEMO.skus.wontonNoodlesLarge, 'SkuID')).toMatchObject({ Diet: '00000020000000' + '1--0' });
      expect(byId(skus, small, 'SkuID')).not.toHaveProperty('Diet');
    } finally {
      await h.db.query('DELETE FROM goods_diet WHERE sku_id = ANY($1)', [[DEMO.skus.wontonNoodlesLarge, small]]);
    }
  });

  test('a single-attribute goods and a plain one', async () => {
    const wonton = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.wontonNoodles }]);
    expect(rows(wonton, 'table2').map((s) => s.SkuItems)).toEqual(['Small，', 'Large，']);
    const plain = await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.bbqPorkRice, ShopID: main }]);
    ok(plain);
    expect(rows(plain)[0]).toMatchObject({ SkuAttributes: '', SkuAttributeValues: '', Skus: '0' });
    expect([rows(plain, 'table2'), rows(plain, 'table3')]).toEqual([[], []]);
  });

  test('an unknown goods, or one of another shop', async () => {
    refused(await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: 'nope' }]), '50000', GOODS_NOT_FOUND);
    refused(await client.call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: DEMO.goods.coke, ShopID: DEMO.shops.eggTart }]), '50000', GOODS_NOT_FOUND);
    const zh = await new GatewayClient(h.url, 'zh-CN').call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: 'nope' }]);
    expect(zh.errmsg).toBe('该商品已下架');
    const tw = await new GatewayClient(h.url, 'zh-TW').call('EShop_GoodsDetailGet_V2_Get', [{ GoodsID: 'nope' }]);
    expect(tw.errmsg).toBe('該商品已下架');
  });
});

describe('HBBPos_GoodsBomList_V3_Get', () => {
  test('a set meal: required and optional groups with their parts', async () => {
    const res = await client.call('HBBPos_GoodsBomList_V3_Get', [{ GoodsID: DEMO.goods.riceSet }]);
    ok(res);
    const groups = rows(res);
    // SelectMin (issue 27): the fewest parts; a required group's is its SelectQua here, an optional one's 0.
    expect(groups.map((g) => [g.ClassName, g.SelectType, g.SelectMin, g.SelectQua, g.Sort])).toEqual([
      ['Main', 0, 1, 1, 1],
      ['Drink', 0, 1, 1, 2],
      ['Add a snack', 1, 0, 2, 3],
    ]);
    expect(groups[0]).toEqual({ BOMClassID: groups[0]!.BOMClassID, ClassName: 'Main', SelectType: 0, SelectMin: 1, SelectQua: 1, Sort: 1 });
    const items = rows(res, 'table2');
    expect(items).toHaveLength(12);
    expect(items[0]).toEqual({
      BOMClassID: groups[0]!.BOMClassID,
      GoodsID: DEMO.goods.bbqPorkRice,
      GoodsName: 'BBQ Pork Rice',
      BOMAmo: '0.0000',
      BOMQua: '1.0000',
      BOMGoodsPUnit: '',
      IsDefault: 1,
      SoldOut: 0,
      Pic: 'goods/g0101.svg',
      // Issue 29: the part's own statement (gluten, soybeans, may contain sesame).
      Diet: '200002000010000000',
    });
    expect(items[1]).toMatchObject({ GoodsID: DEMO.goods.roastGooseRice, BOMAmo: '6.0000', IsDefault: 0 });
    const snacks = items.filter((i) => i.BOMClassID === groups[2]!.BOMClassID);
    expect(snacks.map((i) => [i.GoodsName, i.BOMAmo])).toEqual([['Curry Fish Balls', '12.0000'], ['Spring Rolls', '15.0000'], ['French Fries', '10.0000']]);
    // A drink with a surcharge.
    expect(items.find((i) => i.GoodsName === 'Fresh Orange Juice')).toMatchObject({ BOMAmo: '8.0000' });
    // A part that states nothing carries no Diet; one with peanuts says so.
    expect(items.find((i) => i.GoodsName === 'Hainanese Chicken Rice')).not.toHaveProperty('Diet');
    expect(items.find((i) => i.GoodsName === 'Curry Fish Balls')!.Diet as string).toMatch(/^.{4}2/);
  });

  test('a goods without a bundle, an unknown goods', async () => {
    const plain = await client.call('HBBPos_GoodsBomList_V3_Get', [{ GoodsID: DEMO.goods.bbqPorkRice }]);
    expect(plain.data).toEqual({ table1: [], table2: [] });
    refused(await client.call('HBBPos_GoodsBomList_V3_Get', [{ GoodsID: 'nope' }]), '50000', GOODS_NOT_FOUND);
  });
});

describe('Cust_GmGoodsChargingListGet_V1_Get', () => {
  test("a goods' add-ons with list and current prices", async () => {
    const res = await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ GoodsID: DEMO.goods.bbqPorkRice }]);
    ok(res);
    expect(rows(res)).toEqual([
      // Issue 29: the egg states its allergens (eggs, free of the rest; vegetarian, not vegan); the rice nothing.
      { OptionID: DEMO.options.egg, Value: 'Extra egg', Value2: '5.0000', Value3: '5.0000', Sort: 1, Diet: '00200000000000' + '10--' },
      { OptionID: DEMO.options.extraRice, Value: 'Extra rice', Value2: '8.0000', Value3: '6.0000', Sort: 5 },
    ]);
    const same = await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ GoodsID: DEMO.goods.bbqPorkRice, ShopID: main }]);
    expect(rows(same)).toEqual(rows(res));
  });

  test("a shop's add-ons", async () => {
    const res = await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ ShopID: main }]);
    ok(res);
    expect(rows(res).map((o) => o.Value)).toEqual(['Extra egg', 'Extra cheese', 'Less ice', 'Less sugar', 'Extra rice', 'No spring onion']);
    // The whole shop's list (the back office's) carries no Diet.
    expect(rows(res).filter((o) => 'Diet' in o)).toEqual([]);
    const none = await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ ShopID: DEMO.shops.eggTart }]);
    expect(rows(none)).toEqual([]);
  });

  test('a goods without add-ons; bad input', async () => {
    expect(rows(await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ GoodsID: DEMO.goods.bag }]))).toEqual([]);
    refused(await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ GoodsID: 'nope' }]), '50000', GOODS_NOT_FOUND);
    refused(await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ GoodsID: DEMO.goods.bbqPorkRice, ShopID: DEMO.shops.noodle }]), '50000', GOODS_NOT_FOUND);
    refused(await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ ShopID: 'nope' }]), '50000', 'The shop does not exist');
    refused(await client.call('Cust_GmGoodsChargingListGet_V1_Get', [{ GoodsID: '', ShopID: '' }]), '40000', /GoodsID: send GoodsID or ShopID/);
  });
});

describe('HBBPos_ShopGoodsBaseGet_Get', () => {
  const poll = (row: Row = {}) => client.call('HBBPos_ShopGoodsBaseGet_Get', [{ ShopID: main, BaseID: DEMO.bases.dineIn, ...row }]);

  test('every sold-out goods and sku of the shop, and a change stamp', async () => {
    const res = await poll();
    ok(res);
    expect(rows(res)).toEqual([
      { GoodsID: DEMO.goods.soldOut, SkuID: '', SoldOut: 1 },
      { GoodsID: DEMO.goods.coffee, SkuID: DEMO.skus.coffeeLargeIcedSoldOut, SoldOut: 1 },
    ]);
    const [stamp] = rows(res, 'table2');
    expect(stamp).toEqual({ GoodsCount: 60, UpdatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
  });

  test('a change to a goods or sku shows up, with a later stamp', async () => {
    const before = rows(await poll(), 'table2')[0]!.UpdatedAt as string;
    await new Promise((r) => setTimeout(r, 5));
    try {
      await h.db.query('UPDATE goods_sku SET sold_out = true WHERE sku_id = $1', [DEMO.skus.wontonNoodlesLarge]);
      const afterSku = await poll();
      expect(rows(afterSku)).toContainEqual({ GoodsID: DEMO.goods.wontonNoodles, SkuID: DEMO.skus.wontonNoodlesLarge, SoldOut: 1 });
      const stampSku = rows(afterSku, 'table2')[0]!.UpdatedAt as string;
      expect(new Date(stampSku).getTime()).toBeGreaterThan(new Date(before).getTime());
      await new Promise((r) => setTimeout(r, 5));
      await h.db.query('UPDATE goods SET sold_out = true WHERE goods_id = $1', [DEMO.goods.coke]);
      await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
      const afterGoods = await poll();
      expect(rows(afterGoods)).toContainEqual({ GoodsID: DEMO.goods.coke, SkuID: '', SoldOut: 1 });
      expect(new Date(rows(afterGoods, 'table2')[0]!.UpdatedAt as string).getTime()).toBeGreaterThan(new Date(stampSku).getTime());
      // The goods list agrees with the poll.
      expect(byId(rows(await listGoods({})), DEMO.goods.coke)).toMatchObject({ SoldOut: 1 });
    } finally {
      await h.db.query('UPDATE goods_sku SET sold_out = false WHERE sku_id = $1', [DEMO.skus.wontonNoodlesLarge]);
      await h.db.query('UPDATE goods SET sold_out = false WHERE goods_id = $1', [DEMO.goods.coke]);
      await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
    }
    expect(rows(await poll())).toHaveLength(2);
  });

  test('all skus sold out sells out the goods in the lists', async () => {
    try {
      await h.db.query('UPDATE goods_sku SET sold_out = true WHERE goods_id = $1', [DEMO.goods.chickenWings]);
      await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
      expect(byId(rows(await listGoods({})), DEMO.goods.chickenWings)).toMatchObject({ SoldOut: 1 });
    } finally {
      await h.db.query('UPDATE goods_sku SET sold_out = false WHERE goods_id = $1', [DEMO.goods.chickenWings]);
      await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
    }
  });

  test('a shop with nothing sold out, an unknown shop', async () => {
    const res = await poll({ ShopID: DEMO.shops.eggTart, BaseID: '' });
    expect(rows(res)).toEqual([]);
    expect(rows(res, 'table2')[0]).toMatchObject({ GoodsCount: 4 });
    refused(await poll({ ShopID: 'nope' }), '50000', 'The shop does not exist');
  });
});

describe('Promote_AvailablePromoteGoodsGet_Get', () => {
  test('the promotion rows running now', async () => {
    const res = await client.call('Promote_AvailablePromoteGoodsGet_Get', [{ ShopID: main, BaseID: DEMO.bases.dineIn }]);
    ok(res);
    const promos = rows(res);
    expect(promos).toHaveLength(3);
    const begin = (promos[0]!.BeginTime as string);
    expect(promos[0]).toEqual({
      PlanID: DEMO.promotePlanId,
      PlanName: 'Monthly Specials',
      GoodsID: DEMO.goods.roastGooseRice,
      SkuID: '',
      PromotePrice: '49.0000',
      LimitQua: '',
      BeginTime: begin,
      EndTime: expect.stringMatching(/Z$/),
    });
    // Seeded 30 days before the harness started (give or take the seeding time).
    expect(Math.abs(new Date(begin).getTime() - (seededAt.getTime() - 30 * DAY))).toBeLessThan(60_000);
    expect(promos.map((p) => [p.GoodsID, p.SkuID, p.PromotePrice])).toEqual([
      [DEMO.goods.roastGooseRice, '', '49.0000'],
      [DEMO.goods.milkTea, DEMO.skus.milkTeaRegularHot, '18.0000'],
      [DEMO.goods.eggTart, '', '8.0000'],
    ]);
  });

  test('none before it begins or after it ends; limits are sent', async () => {
    h.setNow(new Date(seededAt.getTime() - 31 * DAY));
    expect(rows(await client.call('Promote_AvailablePromoteGoodsGet_Get', [{ ShopID: main }]))).toEqual([]);
    h.setNow(new Date(seededAt.getTime() + 366 * DAY));
    expect(rows(await client.call('Promote_AvailablePromoteGoodsGet_Get', [{ ShopID: main }]))).toEqual([]);
    h.setNow(null);
    try {
      await h.db.query('UPDATE promote_plan SET limit_qua = 2 WHERE plan_id = $1', [DEMO.promotePlanId]);
      const limited = rows(await client.call('Promote_AvailablePromoteGoodsGet_Get', [{ ShopID: main }]));
      expect(limited.map((p) => p.LimitQua)).toEqual(['2.0000', '2.0000', '2.0000']);
    } finally {
      await h.db.query('UPDATE promote_plan SET limit_qua = NULL WHERE plan_id = $1', [DEMO.promotePlanId]);
    }
  });

  test('a shop without promotions, an unknown shop', async () => {
    expect(rows(await client.call('Promote_AvailablePromoteGoodsGet_Get', [{ ShopID: DEMO.shops.eggTart }]))).toEqual([]);
    refused(await client.call('Promote_AvailablePromoteGoodsGet_Get', [{ ShopID: 'nope' }]), '50000', 'The shop does not exist');
  });
});

describe('Shop_ShopInfoByPage_Get', () => {
  const shops = (row: Row) => client.call('Shop_ShopInfoByPage_Get', [{ ShopID: DEMO.shops.district, PageIndex: 1, PageSize: 1000, ...row }]);

  test("a business district's external shops and their outlets", async () => {
    const res = await shops({ PosType: '2,7' });
    ok(res);
    expect(rows(res)).toEqual([
      { ShopID: DEMO.shops.eggTart, ShopName: 'Cunha Egg Tart House', PosType: '2', Logo: '', Notice: '' },
      expect.objectContaining({ ShopID: DEMO.shops.noodle, PosType: '7', ShopName: 'Old Taipa Noodle House' }),
      expect.objectContaining({ ShopID: DEMO.shops.porkChopBun, PosType: '2' }),
    ]);
    expect(rows(res, 'table2')).toEqual([
      {
        BaseID: DEMO.bases.eggTart,
        ShopID: DEMO.shops.eggTart,
        BaseName: 'Cunha Egg Tart House (Food Court)',
        BaseCode: 'TFC11',
        CYType: '1',
        BusinessMode: '0',
        PayMode: 'prepay',
      },
      expect.objectContaining({ BaseID: DEMO.bases.noodle, ShopID: DEMO.shops.noodle }),
      expect.objectContaining({ BaseID: DEMO.bases.porkChopBun, ShopID: DEMO.shops.porkChopBun }),
    ]);
    // Both pos types by default.
    expect(rows(await shops({}))).toHaveLength(3);
  });

  test('by pos type, and paged', async () => {
    expect(rows(await shops({ PosType: '7' })).map((s) => s.ShopID)).toEqual([DEMO.shops.noodle]);
    expect(rows(await shops({ PosType: ' 2 ' })).map((s) => s.ShopID)).toEqual([DEMO.shops.eggTart, DEMO.shops.porkChopBun]);
    const second = await shops({ PageIndex: 2, PageSize: 2 });
    expect(rows(second).map((s) => s.ShopID)).toEqual([DEMO.shops.porkChopBun]);
    expect(rows(second, 'table2').map((b) => b.BaseID)).toEqual([DEMO.bases.porkChopBun]);
  });

  test('a shop that is not a district, an unknown one, a bad pos type list', async () => {
    refused(await shops({ ShopID: DEMO.shops.main }), '50000', 'The shop does not exist');
    refused(await shops({ ShopID: DEMO.shops.eggTart }), '50000', 'The shop does not exist');
    refused(await shops({ ShopID: 'nope' }), '50000', 'The shop does not exist');
    refused(await shops({ PosType: '2;7' }), '40000', /PosType/);
  });
});

describe('Base_BaseInfoByGPSGet_Get', () => {
  const SAN_MA_LO = { lng: 113.5405, lat: 22.1936 };
  const bases = (row: Row, c = client) =>
    c.call('Base_BaseInfoByGPSGet_Get', [{ EntID: DEMO.entId, PageIndex: 1, PageSize: 1000, BaseClass: 0, ...row }]);
  /** Great-circle distance in km, as the service computes it. */
  const haversine = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
    const rad = (d: number) => (d * Math.PI) / 180;
    const h2 = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
    return 6371 * 2 * Math.asin(Math.sqrt(h2));
  };

  test("the enterprise's outlets, nearest first, with distances in km", async () => {
    const res = await bases({ GPS_Lng: SAN_MA_LO.lng, GPS_Lat: SAN_MA_LO.lat });
    ok(res);
    const list = rows(res);
    expect(list).toHaveLength(7);
    expect(res.data.table2).toEqual([{ TotalCount: 7 }]);
    expect(list[0]).toMatchObject({ BaseID: DEMO.bases.dineIn, Distance: '0.0000', Address: 'G/F, 123 Avenida de Almeida Ribeiro, Macau', Phone: '28123456', BaseCode: 'HBK01' });
    const distances = list.map((b) => Number(b.Distance));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const b of list) {
      expect(b.Distance).toMatch(/^\d+\.\d{4}$/);
      expect(Math.abs(Number(b.Distance) - haversine(SAN_MA_LO, { lat: b.GPS_Lat as number, lng: b.GPS_Lng as number }))).toBeLessThan(0.0001);
    }
    // The quick-service outlet on Horta e Costa is about 1.2 km away; Coloane is the farthest.
    expect(Number(byId(list, DEMO.bases.quick, 'BaseID')!.Distance)).toBeCloseTo(1.24, 2);
    expect(list.at(-1)).toMatchObject({ BaseID: DEMO.bases.closed });
    // The full outlet row, as shop.ts sends it, plus Distance.
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['BaseID', 'ShopID', 'BaseName', 'BaseCode', 'BusinessMode', 'CYType', 'BeginTime', 'EndTime', 'WebOrderDuration', 'PayMode', 'IsPayLaterOnlineCheckout', 'OpeningHours', 'Address', 'Phone', 'GPS_Lng', 'GPS_Lat', 'TimeZone', 'ServiceChargeBp', 'TipEnabled', 'Distance'].sort(),
    );
    // Issue 28: the outlet's service charge (basis points) and whether it takes tips, for the app's menu, confirm page and bill.
    expect(byId(list, DEMO.bases.dineIn, 'BaseID')).toMatchObject({ ServiceChargeBp: 1000, TipEnabled: 0 });
    expect(byId(list, DEMO.bases.lateNight, 'BaseID')).toMatchObject({ ServiceChargeBp: 1000, TipEnabled: 1 });
    expect(byId(list, DEMO.bases.quick, 'BaseID')).toMatchObject({ ServiceChargeBp: 0, TipEnabled: 0 });
  });

  test('without a position: no distances, in outlet order', async () => {
    for (const row of [{}, { GPS_Lng: '', GPS_Lat: '' }, { GPS_Lng: 0, GPS_Lat: 0 }]) {
      const list = rows(await bases(row));
      expect(list).toHaveLength(7);
      expect(list.every((b) => b.Distance === '')).toBe(true);
      expect(list.slice(0, 2).map((b) => b.BaseID)).toEqual([DEMO.bases.dineIn, DEMO.bases.eggTart]);
    }
  });

  test("one shop's outlets, paged", async () => {
    const res = await bases({ ShopID: main, GPS_Lng: SAN_MA_LO.lng, GPS_Lat: SAN_MA_LO.lat, PageIndex: 2, PageSize: 3 });
    ok(res);
    expect(rows(res).map((b) => b.BaseID)).toEqual([DEMO.bases.closed]);
    expect(res.data.table2).toEqual([{ TotalCount: 4 }]);
    expect(rows(await bases({ ShopID: DEMO.shops.district }))).toEqual([]);
  });

  test("the session's enterprise when the row has none", async () => {
    const guest = new GatewayClient(h.url);
    ok(await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]));
    expect(rows(await bases({ EntID: '' }, guest))).toHaveLength(7);
    refused(await bases({ EntID: '' }), '50000', 'The merchant does not exist');
  });

  test('bad input', async () => {
    refused(await bases({ EntID: 'nope' }), '50000', 'The merchant does not exist');
    refused(await bases({ ShopID: 'nope' }), '50000', 'The shop does not exist');
    refused(await bases({ PageSize: 1001 }), '40000', /PageSize/);
    refused(await bases({ GPS_Lng: 113.5 }), '40000', /GPS_Lat: send both GPS_Lng and GPS_Lat, or neither/);
    refused(await bases({ GPS_Lng: 113.5, GPS_Lat: 91 }), '40000', /GPS_Lat/);
    refused(await bases({ GPS_Lng: 'east', GPS_Lat: 22 }), '40000', /GPS_Lng/);
  });
});

describe('a 5,000-goods menu (seedLargeMenu)', () => {
  test('lists in one page of 10,000, by class and paged', async () => {
    const big = await seedLargeMenu(h.db, DEMO.bigMenuShopId, 5000);
    expect(big.inserted).toBe(5000);
    expect(big.qrCodes).toEqual([expect.stringMatching(/^BIG-[a-z2-7]{16}$/), expect.stringMatching(/^BIG-[a-z2-7]{16}$/)]);
    expect(await seedLargeMenu(h.db, DEMO.bigMenuShopId, 5000)).toMatchObject({ inserted: 0, qrCodes: big.qrCodes });

    const started = performance.now();
    const res = await client.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: big.shopId, ClassID: '', PageIndex: 1, PageSize: 10_000 }]);
    const ms = performance.now() - started;
    ok(res);
    expect(rows(res)).toHaveLength(5000);
    expect(res.data.table2).toEqual([{ TotalCount: 5000 }]);
    expect(new Set(rows(res).map((g) => g.GoodsID)).size).toBe(5000);
    expect(rows(res)[0]).toMatchObject({ GoodsCode: 'B00001', GoodsName: 'Item 1', ClassID: big.classIds[0], Pic: expect.stringMatching(/^goods\/g\d{4}\.svg$/) });
    expect(rows(res).filter((g) => g.SoldOut === 1)).toHaveLength(Math.floor(5000 / 97));
    console.log(`5,000-goods menu in one page: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(15_000);

    const classes = rows(await client.call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: big.shopId }]));
    expect(classes).toHaveLength(20);
    expect(classes.every((c) => c.GoodsCount === 250)).toBe(true);
    const page = await client.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: big.shopId, ClassID: big.classIds[19], PageIndex: 2, PageSize: 100 }]);
    expect(rows(page)).toHaveLength(100);
    expect(page.data.table2).toEqual([{ TotalCount: 250 }]);
    const table = await client.call('Enterprise_EntIDByIDGet_Get', [{ Field: 'QRCode', Value: big.qrCodes[1] }]);
    expect(rows(table)[0]).toMatchObject({ EntID: DEMO.entId, ShopID: big.shopId, BaseID: big.baseId, TableID: big.tableIds[1] });
    const home = await client.call('Goods_GoodsShopHomeGoodsByPage_Get', [{ ShopID: big.shopId, PageIndex: 1, PageSize: 1000 }]);
    expect(home.data.table2).toEqual([{ TotalCount: 100 }]);
  });
});
