/**
 * Every customer-facing text of the menu and shop reads in the caller's
 * language (operations/localized.ts), through the real HTTP server over the
 * demo data: each read in each of the three languages, no field mixing
 * scripts where a translation exists, and per-field fallback to the
 * enterprise's AppLanguage when one is missing.
 */
import type { ResultTables } from '../../shared/protocol/envelope';
import { DEMO } from '../db/seed';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { guestClient, line, pickupHeader, submit } from '../test/orders';

jest.setTimeout(60_000);

type Lang = 'zh-CN' | 'zh-TW' | 'en';
const LANGS: readonly Lang[] = ['zh-CN', 'zh-TW', 'en'];
type Row = Record<string, unknown>;

let h: Harness;
const clients = {} as Record<Lang, GatewayClient>;

beforeAll(async () => {
  h = await startHarness();
  for (const l of LANGS) clients[l] = new GatewayClient(h.url, l);
});
afterAll(() => h.close());

const main = DEMO.shops.main;
const rows = (res: { data: ResultTables }, table: keyof ResultTables = 'table1'): Row[] => res.data[table] ?? [];
async function read(lang: Lang, op: string, row: Row): Promise<{ data: ResultTables }> {
  const res = await clients[lang].call(op, [row]);
  expect({ op, errcode: res.errcode, errmsg: res.errmsg }).toEqual({ op, errcode: '0', errmsg: '' });
  return res;
}

/** The customer-facing text fields of the reads below. */
const TEXT_FIELDS = [
  'EntName', 'ShopName', 'BaseName', 'Address', 'Notice', 'ClassName', 'GoodsName', 'Unit', 'GoodsRemarks',
  'SkuAttributes', 'SkuAttributeValues', 'SkuItems', 'PUnit', 'BOMGoodsPUnit', 'Value', 'PlanName',
] as const;

const HAN = /\p{Script=Han}/u;
/** Latin words a Chinese text may carry: the currency, metric units, a floor ("G/F" is not used in Chinese). */
const LATIN_WORD = /[A-Za-z]{2,}/g;
const LATIN_ALLOWED = new Set(['MOP', 'ml', 'HBB']);
/** Characters whose simplified and traditional forms differ, seen in the demo's texts. */
const TRADITIONAL_ONLY = /[麵飯燒雞魚蝦醬湯飲裝規細隻溫熱凍個門號馬檔廣場環區價撻樂鵝灣廚]/u;
const SIMPLIFIED_ONLY = /[面饭烧鸡鱼虾酱汤饮装规细只温热冻个门号马档广场环区价挞乐鹅湾厨]/u;

/** Why a text is not in `lang` alone, or null when it is. */
function mixed(text: string, lang: Lang): string | null {
  if (text === '') return null;
  if (lang === 'en') return HAN.test(text) ? 'Chinese characters in English' : null;
  const latin = (text.match(LATIN_WORD) ?? []).filter((w) => !LATIN_ALLOWED.has(w));
  if (latin.length > 0) return `Latin words ${latin.join(', ')} in Chinese`;
  if (lang === 'zh-CN' && hasOnly(text, TRADITIONAL_ONLY, SIMPLIFIED_ONLY)) return 'traditional characters in simplified Chinese';
  if (lang === 'zh-TW' && hasOnly(text, SIMPLIFIED_ONLY, TRADITIONAL_ONLY)) return 'simplified characters in traditional Chinese';
  return null;
}

/** The text has a character of `wrong` (that `right` does not also list). */
function hasOnly(text: string, wrong: RegExp, right: RegExp): boolean {
  return [...text].some((c) => wrong.test(c) && !right.test(c));
}

/** Every text field of the answers that is not in `lang` alone. */
function mixedFields(answers: Record<string, Row[]>, lang: Lang): string[] {
  const found: string[] = [];
  for (const [where, list] of Object.entries(answers)) {
    for (const row of list) {
      for (const field of TEXT_FIELDS) {
        const value = row[field];
        if (typeof value !== 'string') continue;
        // The attribute JSON: each name and value is a text.
        const texts = field === 'SkuAttributeValues' && value
          ? (JSON.parse(value) as { name: string; values: string[] }[]).flatMap((a) => [a.name, ...a.values])
          : [value];
        for (const text of texts) {
          const why = mixed(text, lang);
          if (why) found.push(`${where}.${field} "${text}": ${why}`);
        }
      }
    }
  }
  return found;
}

/** The menu and shop reads a customer's visit makes, by where they come from. */
async function visit(lang: Lang): Promise<Record<string, Row[]>> {
  const page = await read(lang, 'EShop_EShopShopPageGet_Get', { BaseID: DEMO.bases.dineIn });
  const classes = await read(lang, 'HBBPos_AllGoodsClassGet_Get', { ShopID: main });
  const list = await read(lang, 'HBBPos_GoodsClass_GoodsList_V9_Get', { ShopID: main, ClassID: '', PageIndex: 1, PageSize: 1000 });
  const home = await read(lang, 'Goods_GoodsShopHomeGoodsByPage_Get', { ShopID: main, PageIndex: 1, PageSize: 20 });
  const details = await Promise.all(
    [DEMO.goods.wontonNoodles, DEMO.goods.chickenWings, DEMO.goods.milkTea, DEMO.goods.roastGooseByCatty, DEMO.goods.dumplings].map((GoodsID) =>
      read(lang, 'EShop_GoodsDetailGet_V2_Get', { GoodsID }),
    ),
  );
  const bundle = await read(lang, 'HBBPos_GoodsBomList_V3_Get', { GoodsID: DEMO.goods.riceSet });
  const addOns = await read(lang, 'Cust_GmGoodsChargingListGet_V1_Get', { ShopID: main });
  const promotions = await read(lang, 'Promote_AvailablePromoteGoodsGet_Get', { ShopID: main });
  const outlets = await read(lang, 'Base_BaseInfoByGPSGet_Get', { EntID: DEMO.entId, GPS_Lng: 113.54, GPS_Lat: 22.19, PageIndex: 1, PageSize: 1000, BaseClass: 0 });
  const district = await read(lang, 'Shop_ShopInfoByPage_Get', { ShopID: DEMO.shops.district, PageIndex: 1, PageSize: 1000 });
  const outlet = await read(lang, 'PosSalSheet_ShopBaseDetailGet_Get', { BaseID: DEMO.bases.dineIn });
  return {
    'shop page entity': rows(page),
    'shop page shop': rows(page, 'table2'),
    'shop page outlet': rows(page, 'table3'),
    classes: rows(classes),
    'goods list': rows(list),
    'home goods': rows(home),
    'goods detail': details.flatMap((d) => rows(d)),
    skus: details.flatMap((d) => rows(d, 'table2')),
    'pack units': details.flatMap((d) => rows(d, 'table3')),
    'bundle groups': rows(bundle),
    'bundle parts': rows(bundle, 'table2'),
    'add-ons': rows(addOns),
    promotions: rows(promotions),
    'outlets by GPS': rows(outlets),
    'district shops': rows(district),
    'district outlets': rows(district, 'table2'),
    'outlet detail shop': rows(outlet),
    'outlet detail': rows(outlet, 'table2'),
  };
}

const goodsOf = (answers: Record<string, Row[]>, id: string) => answers['goods detail']!.find((g) => g.GoodsID === id)!;
const skusOf = (answers: Record<string, Row[]>, prefix: string) => answers.skus!.filter((s) => String(s.SkuID).startsWith(prefix));

describe('the menu and shop reads answer in the caller\'s language', () => {
  test.each(LANGS)('%s: no text mixes languages, and no copies in other languages', async (lang) => {
    const answers = await visit(lang);
    expect(mixedFields(answers, lang)).toEqual([]);
    // One language per answer: no GoodsNameTW / ShopNameEN... copies.
    const copies = Object.values(answers).flatMap((list) => list.flatMap((r) => Object.keys(r).filter((k) => /(TW|EN)$/.test(k))));
    expect([...new Set(copies)]).toEqual([]);
    // Every read has texts to check.
    for (const [where, list] of Object.entries(answers)) expect({ where, n: list.length > 0 }).toEqual({ where, n: true });
  });

  test('specs, units, add-ons, bundles, classes, promotions, outlets and names in each language', async () => {
    const [cn, tw, en] = await Promise.all(LANGS.map(visit));
    const spec = (a: Record<string, Row[]>, id: string) => {
      const g = goodsOf(a, id);
      return { attributes: g.SkuAttributes, values: JSON.parse(String(g.SkuAttributeValues)), unit: g.Unit };
    };
    expect(spec(cn!, DEMO.goods.wontonNoodles)).toEqual({ attributes: '规格', values: [{ name: '规格', values: ['细', '大'] }], unit: '碗' });
    expect(spec(tw!, DEMO.goods.wontonNoodles)).toEqual({ attributes: '規格', values: [{ name: '規格', values: ['細', '大'] }], unit: '碗' });
    expect(spec(en!, DEMO.goods.wontonNoodles)).toEqual({ attributes: 'Size', values: [{ name: 'Size', values: ['Small', 'Large'] }], unit: 'bowl' });
    expect(spec(tw!, DEMO.goods.chickenWings).values).toEqual([{ name: '份量', values: ['3隻', '6隻'] }]);
    expect(spec(en!, DEMO.goods.chickenWings).values).toEqual([{ name: 'Portion', values: ['3 wings', '6 wings'] }]);
    expect(spec(cn!, DEMO.goods.milkTea).values).toEqual([{ name: '杯型', values: ['标准', '大杯'] }, { name: '温度', values: ['热', '冻'] }]);
    expect(spec(en!, DEMO.goods.milkTea).values).toEqual([{ name: 'Size', values: ['Regular', 'Large'] }, { name: 'Temperature', values: ['Hot', 'Iced'] }]);
    // A sku's items are its values in the same language, so the app finds the sku the customer chose.
    expect(skusOf(cn!, DEMO.skus.wontonNoodlesLarge.slice(0, -1)).map((s) => s.SkuItems)).toEqual(['细，', '大，']);
    expect(skusOf(tw!, DEMO.skus.wontonNoodlesLarge.slice(0, -1)).map((s) => s.SkuItems)).toEqual(['細，', '大，']);
    expect(skusOf(en!, DEMO.skus.milkTeaRegularHot.slice(0, -1)).map((s) => s.SkuItems)).toEqual(['Regular;Hot', 'Regular;Iced', 'Large;Hot', 'Large;Iced']);
    expect(skusOf(tw!, DEMO.skus.milkTeaRegularHot.slice(0, -1)).map((s) => s.SkuItems)).toEqual(['標準;熱', '標準;凍', '大杯;熱', '大杯;凍']);
    // Units, pack units.
    expect([cn, tw, en].map((a) => goodsOf(a!, DEMO.goods.roastGooseByCatty).Unit)).toEqual(['斤', '斤', 'catty']);
    expect([cn, tw, en].map((a) => goodsOf(a!, DEMO.goods.dumplings).Unit)).toEqual(['只', '隻', 'piece']);
    expect([cn, tw, en].map((a) => a!['pack units']!.map((p) => p.PUnit))).toEqual([['盒'], ['盒'], ['Box']]);
    // Add-ons, bundle groups and parts, classes, promotions.
    expect([cn, tw, en].map((a) => a!['add-ons']![0]!.Value)).toEqual(['加蛋', '加蛋', 'Extra egg']);
    expect([cn, tw, en].map((a) => a!['bundle groups']!.map((g) => g.ClassName))).toEqual([
      ['主食', '饮品', '加配小食'],
      ['主食', '飲品', '加配小食'],
      ['Main', 'Drink', 'Add a snack'],
    ]);
    expect([cn, tw, en].map((a) => a!['bundle parts']![0]!.GoodsName)).toEqual(['叉烧饭', '叉燒飯', 'BBQ Pork Rice']);
    expect([cn, tw, en].map((a) => a!.classes![1]!.ClassName)).toEqual(['面食', '麵食', 'Noodles']);
    expect([cn, tw, en].map((a) => a!.promotions![0]!.PlanName)).toEqual(['本月特价', '本月特價', 'Monthly Specials']);
    // Outlets, shops, the enterprise.
    const first = (a: Record<string, Row[]>) => a['outlets by GPS']![0]!;
    expect([cn, tw, en].map((a) => [first(a!).BaseName, first(a!).Address])).toEqual([
      ['港湾厨房·新马路店', '澳门新马路 123 号地下'],
      ['港灣廚房·新馬路店', '澳門新馬路 123 號地下'],
      ['Harbour Kitchen San Ma Lo', 'G/F, 123 Avenida de Almeida Ribeiro, Macau'],
    ]);
    expect([cn, tw, en].map((a) => [a!['shop page entity']![0]!.EntName, a!['shop page shop']![0]!.ShopName, a!['shop page shop']![0]!.Notice])).toEqual([
      ['澳门港湾厨房集团', '港湾厨房', '外卖胶袋每个收费 MOP$1'],
      ['澳門港灣廚房集團', '港灣廚房', '外賣膠袋每個收費 MOP$1'],
      ['Macau Harbour Kitchen Group', 'Harbour Kitchen', 'Takeaway bags are MOP$1 each'],
    ]);
    expect([cn, tw, en].map((a) => a!['district shops']![0]!.ShopName)).toEqual(['官也街蛋挞屋', '官也街蛋撻屋', 'Cunha Egg Tart House']);
  });

  test('an unknown or missing Accept-Language gets English', async () => {
    const res = await new GatewayClient(h.url, 'fr-FR').call('HBBPos_AllGoodsClassGet_Get', [{ ShopID: main }]);
    expect(rows(res)[0]!.ClassName).toBe('Signature Rice');
  });
});

describe('a missing translation falls back to the enterprise\'s language, per field', () => {
  afterEach(async () => {
    await h.db.query(`UPDATE ent_parm SET parm_value = 'LANGUAGE_ZH_TD' WHERE ent_id = $1 AND parm_id = 'AppLanguage'`, [DEMO.entId]);
    await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
  });

  test('an English caller gets the enterprise\'s traditional Chinese for the untranslated fields only', async () => {
    await h.db.query(`UPDATE goods SET goods_name_en = '', unit_en = '' WHERE goods_id = $1`, [DEMO.goods.dumplings]);
    await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
    const list = rows(await read('en', 'HBBPos_GoodsClass_GoodsList_V9_Get', { ShopID: main, ClassID: '' }));
    expect(list.find((g) => g.GoodsID === DEMO.goods.dumplings)).toMatchObject({ GoodsName: '鮮蝦水餃', Unit: '隻' });
    // The remarks come with the goods detail (the list sends only what it shows).
    const dumplings = rows(await read('en', 'EShop_GoodsDetailGet_V2_Get', { GoodsID: DEMO.goods.dumplings }))[0]!;
    expect(dumplings).toMatchObject({ GoodsName: '鮮蝦水餃', Unit: '隻', GoodsRemarks: 'By the piece or a box of 12' });
    // Each field is whole: the name is all traditional Chinese, the remarks all English.
    expect(mixed(String(dumplings.GoodsName), 'zh-TW')).toBeNull();
    expect(mixed(String(dumplings.GoodsRemarks), 'en')).toBeNull();
    // Another enterprise language: the fallback follows it.
    await h.db.query(`UPDATE ent_parm SET parm_value = 'LANGUAGE_ZH' WHERE ent_id = $1 AND parm_id = 'AppLanguage'`, [DEMO.entId]);
    await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
    const again = rows(await read('en', 'EShop_GoodsDetailGet_V2_Get', { GoodsID: DEMO.goods.dumplings }))[0]!;
    expect(again).toMatchObject({ GoodsName: '鲜虾水饺', Unit: '只', GoodsRemarks: 'By the piece or a box of 12' });
    // A simplified Chinese caller with no simplified text gets the enterprise's (or any) text, never ''.
    await h.db.query(`UPDATE goods_class SET class_name = '' WHERE class_id = '885000000102'`);
    await h.menuSettled(); // the menu answer cache hears the change (http/menuCache.ts)
    const classes = rows(await read('zh-CN', 'HBBPos_AllGoodsClassGet_Get', { ShopID: main }));
    expect(classes[1]!.ClassName).toBe('麵食');
  });

  test("an untranslated spec falls back as a whole: names, values and the skus' items in one language", async () => {
    await h.db.query(
      `UPDATE goods SET sku_attributes_en = '', sku_attribute_values_en = '' WHERE goods_id = $1`,
      [DEMO.goods.milkTea],
    );
    const detail = await read('en', 'EShop_GoodsDetailGet_V2_Get', { GoodsID: DEMO.goods.milkTea });
    const goods = rows(detail)[0]!;
    expect(goods).toMatchObject({ GoodsName: 'HK Milk Tea', SkuAttributes: '杯型;溫度' });
    expect(JSON.parse(String(goods.SkuAttributeValues))).toEqual([{ name: '杯型', values: ['標準', '大杯'] }, { name: '溫度', values: ['熱', '凍'] }]);
    // The skus' English items exist, but the spec is one text: they follow the values.
    expect(rows(detail, 'table2').map((s) => s.SkuItems)).toEqual(['標準;熱', '標準;凍', '大杯;熱', '大杯;凍']);
  });

  test('an outlet address without an English text', async () => {
    await h.db.query(`UPDATE base SET address_en = '' WHERE base_id = $1`, [DEMO.bases.dineIn]);
    const page = await read('en', 'EShop_EShopShopPageGet_Get', { BaseID: DEMO.bases.dineIn });
    expect(rows(page, 'table3')[0]).toMatchObject({ BaseName: 'Harbour Kitchen San Ma Lo', Address: '澳門新馬路 123 號地下' });
  });
});

describe("the guest's name", () => {
  test.each([
    ['en', 'Walk-in guest'],
    ['zh-CN', '散客'],
    ['zh-TW', '散客'],
  ] as const)('%s: %s', async (lang, name) => {
    const guest = new GatewayClient(h.url, lang);
    const res = await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
    expect(rows(res)[0]).toMatchObject({ IsGuest: 1, VipName: name });
  });
});

describe("an order's texts in the caller's language", () => {
  test("an order's lines: goods names, sku items and pack units in the language of whoever reads them", async () => {
    const owner = await guestClient(h, 'zh-TW');
    const placed = await submit(owner, pickupHeader({ TotalAmo: 126 }), [
      line(DEMO.goods.wontonNoodles, 46, { SkuID: DEMO.skus.wontonNoodlesLarge }),
      line(DEMO.goods.bottledLemonTea, 80, { ItemID: 2, SkuID: '887000001423', PUnit: '6樽裝', PQua: 1, MQua: 0, Qua: 6, Ref: 6, PUnitPrice: 80, Price: 20 }),
    ]);
    expect([placed.errcode, placed.errmsg]).toEqual(['0', '']);
    const sheetId = String(placed.data.table1?.[0]?.SheetID);
    const readIn = async (lang: Lang) => {
      const reader = new GatewayClient(h.url, lang);
      reader.cookie = owner.cookie;
      const res = await reader.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
      expect(res.errmsg).toBe('');
      return rows(res, 'table2').map((i) => [i.GoodsName, i.SkuItems, i.PUnit]);
    };
    expect(await readIn('zh-CN')).toEqual([['云吞面', '大，', ''], ['樽装冻柠茶', '500毫升;正常', '6樽装']]);
    expect(await readIn('zh-TW')).toEqual([['雲吞麵', '大，', ''], ['樽裝凍檸茶', '500毫升;正常', '6樽裝']]);
    expect(await readIn('en')).toEqual([['Wonton Noodles', 'Large，', ''], ['Bottled Iced Lemon Tea', '500ml;Regular', 'Pack']]);
  });

  test('a submit with the pack unit the customer saw, and its refusals, name goods in the caller\'s language', async () => {
    for (const [lang, punit, soldOut] of [
      ['en', 'Pack', 'Sold out: Coffee Large;Iced'],
      ['zh-TW', '6樽裝', '已售罄：咖啡 大杯;凍'],
    ] as const) {
      const client = await guestClient(h, lang);
      const placed = await submit(client, pickupHeader({ TotalAmo: 80 }), [
        line(DEMO.goods.bottledLemonTea, 80, { SkuID: '887000001423', PUnit: punit, PQua: 1, MQua: 0, Qua: 6, Ref: 6, PUnitPrice: 80, Price: 20 }),
      ]);
      expect([lang, placed.errcode, placed.errmsg]).toEqual([lang, '0', '']);
      const refused = await submit(client, pickupHeader({ TotalAmo: 32 }), [line(DEMO.goods.coffee, 32, { SkuID: DEMO.skus.coffeeLargeIcedSoldOut })]);
      expect(refused.errmsg).toBe(soldOut);
      const list = await client.call('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ PageIndex: 1, PageSize: 1 }]);
      expect(rows(list)[0]).toMatchObject(
        lang === 'en'
          ? { ShopName: 'Harbour Kitchen', BaseName: 'Harbour Express Horta e Costa', FirstGoodsName: 'Bottled Iced Lemon Tea' }
          : { ShopName: '港灣廚房', BaseName: '港灣快餐·高士德店', FirstGoodsName: '樽裝凍檸茶' },
      );
    }
  });
});
