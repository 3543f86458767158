/**
 * Pricing a line in its steps (issue 25 item 8), on menu rows given here
 * instead of read: the goods, sku, pack unit, bundle parts and add-ons as
 * chosen, the prices with the best running promotion, the line's Detail and
 * the promotions' per-order limits. The whole submit is orders.test.ts.
 */
import { OpError } from '../context';
import { bomLimits, checkPromoteLimits, lineDetail, priceLine, type MenuRows, type RequestLine } from './lines';

const opts = { shopId: 'P', now: new Date('2026-11-25T12:00:00Z'), formats: { AmoPoint: 1, PricePoint: 1 } };

function menu(): MenuRows {
  return {
    goods: new Map([
      ['rice', { goods_id: 'rice', shop_id: 'P', goods_name: '叉燒飯', shown_name: 'BBQ pork rice', goods_type: 0, sales_price: '48', sold_out: false, bag_count: 1 }],
      ['tea', { goods_id: 'tea', shop_id: 'P', goods_name: '奶茶', shown_name: 'Milk tea', goods_type: 0, sales_price: '20', sold_out: false, bag_count: 0 }],
      ['set', { goods_id: 'set', shop_id: 'P', goods_name: '套餐', shown_name: 'Set', goods_type: 0, sales_price: '60', sold_out: false, bag_count: 1 }],
      ['combo', { goods_id: 'combo', shop_id: 'P', goods_name: '小食拼盤', shown_name: 'Snack combo', goods_type: 3, sales_price: '50', sold_out: false, bag_count: 0 }],
    ]),
    skus: new Map([
      ['tea', [
        { sku_id: 'hot', goods_id: 'tea', sku_items: '熱', shown_items: 'Hot', sales_price: '20', sold_out: false },
        { sku_id: 'iced', goods_id: 'tea', sku_items: '凍', shown_items: 'Iced', sales_price: '22', sold_out: true },
      ]],
    ]),
    packs: new Map([['rice', [{ goods_id: 'rice', punit: '盒', punit_tw: '盒', punit_en: 'Box', ref: '2', sales_price: '90' }]]]),
    bomClasses: new Map([
      ['set', [{ goods_id: 'set', bom_class_id: 'drink', select_type: 0, select_qua: 1, select_min: 1 }]],
      // Choose 1 to 3 (issue 27).
      ['combo', [{ goods_id: 'combo', bom_class_id: 'sides', shown_name: 'Sides', select_type: 0, select_qua: 3, select_min: 1 }]],
    ]),
    bomItems: new Map([
      ['drink', [{ bom_class_id: 'drink', goods_id: 'tea', shown_name: 'Milk tea', bom_amo: '3', sold_out: false }]],
      ['sides', [
        { bom_class_id: 'sides', goods_id: 'wings', shown_name: 'Wings', bom_amo: '0', sold_out: false },
        { bom_class_id: 'sides', goods_id: 'fries', shown_name: 'Fries', bom_amo: '2', sold_out: false },
        { bom_class_id: 'sides', goods_id: 'tart', shown_name: 'Egg tart', bom_amo: '0', sold_out: false },
        { bom_class_id: 'sides', goods_id: 'salad', shown_name: 'Salad', bom_amo: '0', sold_out: false },
        // Switched off at the order's outlet.
        { bom_class_id: 'sides', goods_id: 'soup', shown_name: 'Soup', bom_amo: '0', sold_out: false, off_here: true },
      ]],
    ]),
    options: new Map([['rice', [{ goods_id: 'rice', option_id: 'egg', price: '5', sales_price: '5' }]]]),
    promos: new Map([['rice', [{ goods_id: 'rice', sku_id: '', promote_price: '40', plan_id: 'half', limit_qua: '2' }]]]),
  };
}

const line = (over: Partial<RequestLine>): RequestLine => ({ n: 1, GoodsID: 'rice', SkuID: '', PUnit: '', PQua: 0, MQua: 1, Amo: 0, bom: [], options: [], remarks: [], ...over });

function refusal(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (err) {
    if (err instanceof OpError) return err.key;
    throw err;
  }
}

describe('priceLine', () => {
  it('a promoted line: its price, the discount and its count for the limit', () => {
    const promoted = new Map();
    const priced = priceLine(menu(), opts, line({ MQua: 2, options: ['egg'], remarks: ['no onion'] }), promoted);
    // 40 promoted + 5 the egg, twice; 48 + 5 without the promotion.
    expect(priced).toMatchObject({ price: '45.0', amoMinor: 900, disMinor: 160, salType: 2, qua: 2, bags: 2, goodsName: '叉燒飯' });
    expect(JSON.parse(priced.detail)).toEqual({ bomList: [], attachmentList: [{ OptionID: 'egg', Value2: '5', Value3: '5' }], remarkList: ['no onion'] });
    expect([...promoted.values()]).toEqual([{ qua: 2, limit: 2, name: 'BBQ pork rice' }]);
  });

  it('a pack unit named in any language is stored as the base text', () => {
    const priced = priceLine(menu(), opts, line({ PUnit: 'Box', PQua: 1, MQua: 0 }), new Map());
    expect(priced).toMatchObject({ PUnit: '盒', ref: '2', qua: 2, punitPrice: '90.0', amoMinor: 900, salType: 0 });
  });

  it('a sku and a bundle part', () => {
    expect(priceLine(menu(), opts, line({ GoodsID: 'tea', SkuID: 'hot' }), new Map())).toMatchObject({ skuItems: '熱', amoMinor: 200 });
    expect(priceLine(menu(), opts, line({ GoodsID: 'set', bom: [{ BOMClassID: 'drink', GoodsID: 'tea' }] }), new Map())).toMatchObject({ amoMinor: 630 });
  });

  it.each<[string, Partial<RequestLine>, string]>([
    ['goods of another shop or none', { GoodsID: 'nothing' }, 'goodsNotFound'],
    ['a part of a unit that is counted whole', { MQua: 1.5 }, 'orderInvalid'],
    ['a sku that is sold out', { GoodsID: 'tea', SkuID: 'iced' }, 'soldOutItem'],
    ['no sku where the goods has them', { GoodsID: 'tea' }, 'choicesChanged'],
    ['a sku where the goods has none', { SkuID: 'hot' }, 'choicesChanged'],
    ['a pack unit it does not have', { PUnit: 'Crate', PQua: 1 }, 'choicesChanged'],
    ['packs without a pack unit', { PQua: 1 }, 'orderInvalid'],
    ['a bundle without its part', { GoodsID: 'set' }, 'bundleChoicesExactly'],
    ['the same part twice', { GoodsID: 'set', bom: [{ BOMClassID: 'drink', GoodsID: 'tea' }, { BOMClassID: 'drink', GoodsID: 'tea' }] }, 'choicesChanged'],
    ['an add-on of other goods', { options: ['cheese'] }, 'choicesChanged'],
    ['an add-on twice', { options: ['egg', 'egg'] }, 'choicesChanged'],
  ])('refuses %s', (_what, over, key) => {
    expect(refusal(() => priceLine(menu(), opts, line(over), new Map()))).toBe(key);
  });

  it('a group of 1 to 3: one, two or three parts are priced; none or four are refused with the limits in the message', () => {
    const sides = (...ids: string[]) => line({ GoodsID: 'combo', bom: ids.map((id) => ({ BOMClassID: 'sides', GoodsID: id })) });
    expect(priceLine(menu(), opts, sides('wings'), new Map())).toMatchObject({ amoMinor: 500 });
    expect(priceLine(menu(), opts, sides('wings', 'fries'), new Map())).toMatchObject({ amoMinor: 520 });
    expect(priceLine(menu(), opts, sides('wings', 'fries', 'tart'), new Map())).toMatchObject({ amoMinor: 520 });
    for (const ids of [[], ['wings', 'fries', 'tart', 'salad']]) {
      let caught: unknown;
      try {
        priceLine(menu(), opts, sides(...ids), new Map());
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(OpError);
      expect(caught).toMatchObject({ key: 'bundleChoices', values: { name: 'Snack combo', group: 'Sides', min: 1, max: 3 } });
    }
  });

  it('refuses a bundle part switched off at the order\'s outlet, by name', () => {
    let caught: unknown;
    try {
      priceLine(menu(), opts, line({ GoodsID: 'combo', bom: [{ BOMClassID: 'sides', GoodsID: 'soup' }] }), new Map());
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ key: 'notSoldHere', values: { name: 'Soup' } });
  });

  it('a group row written before its minimum reads as its type said', () => {
    expect(bomLimits({ select_type: 0, select_qua: 2 })).toEqual([2, 2]);
    expect(bomLimits({ select_type: 1, select_qua: 2, select_min: null })).toEqual([0, 2]);
    expect(bomLimits({ select_type: 0, select_qua: 3, select_min: 1 })).toEqual([1, 3]);
  });

  it('refuses sold-out goods', () => {
    const m = menu();
    m.goods.set('rice', { ...m.goods.get('rice')!, sold_out: true });
    expect(refusal(() => priceLine(m, opts, line({}), new Map()))).toBe('soldOutItem');
  });
});

describe('lineDetail and checkPromoteLimits', () => {
  it("a plain line's Detail is empty", () => {
    expect(lineDetail([], [], [])).toBe('');
    expect(JSON.parse(lineDetail([{ bom_class_id: 'drink', goods_id: 'tea', bom_amo: '3' }], [], []))).toEqual({ bomList: [{ BOMClassID: 'drink', GoodsID: 'tea', BOMAmo: '3' }], attachmentList: [], remarkList: [] });
  });

  it('refuses more promoted units than the plan allows per order', () => {
    expect(refusal(() => checkPromoteLimits(new Map([['k', { qua: 2, limit: 2, name: 'Rice' }]])))).toBeNull();
    expect(refusal(() => checkPromoteLimits(new Map([['k', { qua: 3, limit: 2, name: 'Rice' }]])))).toBe('promoteLimit');
  });
});
