/** "Order again": what goes to the cart at today's price, what is re-priced, and what is listed with its reason. */
import { toGoods, type Goods, type GoodsClass, type GoodsDetail } from '../menu';
import { neededReads, planReorder, type PastLine, type Today } from './reorder';

const SHOP = { ShopID: 'S1', BaseID: 'B1' };
const FORMATS = { PricePoint: 2 };

function goods(id: string, name: string, price: string, over: Partial<Goods> = {}): Goods {
  return { ...toGoods({ GoodsID: id, GoodsName: name, ClassID: 'C1', SalesPrice: price, Price: price }), ...over };
}
function past(GoodsID: string, name: string, price: string, over: Partial<PastLine> = {}): PastLine {
  return { GoodsID, SkuID: '', PUnit: '', name, skuItems: '', price, punitPrice: '0', pQua: '0', mQua: '1', detail: '', voided: false, ...over };
}
const CLASSES: GoodsClass[] = [
  { ClassID: 'C1', name: 'Rice', goodsCount: 3, businessMode: '0' },
  { ClassID: 'TA', name: 'Takeaway extras', goodsCount: 1, businessMode: '1' },
];

function today(over: Partial<Today> = {}): Today {
  const list = [
    goods('G1', 'BBQ Pork Rice', '48.0000'),
    goods('G2', 'Milk Tea', '20.0000', { skuType: 1 }),
    goods('G3', 'Coke', '10.0000', { soldOut: true }),
    goods('BAG', 'Bag', '1.0000', { ClassID: 'TA' }),
    goods('G5', 'Wonton Noodles', '38.0000', { promotePrice: '35.0000' }),
  ];
  const milkTea: GoodsDetail = {
    goods: list[1]!,
    attributes: [],
    skus: [
      { SkuID: 'K1', SkuCode: '1', SkuItems: 'Hot', price: '20.0000', salesPrice: '20.0000', promotePrice: null, soldOut: false },
      { SkuID: 'K2', SkuCode: '2', SkuItems: 'Iced', price: '22.0000', salesPrice: '22.0000', promotePrice: null, soldOut: true },
    ],
    packUnits: [],
  };
  return {
    goods: new Map(list.map((g) => [g.GoodsID, g])),
    classes: CLASSES,
    mode: '2',
    soldOutGoods: new Set(),
    soldOutSkus: new Set(),
    details: new Map([['G2', milkTea]]),
    addOns: new Map([['G1', [{ OptionID: 'O1', name: 'Egg', price: '6.0000', salesPrice: '5.0000' }]]]),
    bundles: new Map(),
    ...over,
  };
}

test('a line at the same price is added as it was, with its quantity and remark; nothing is noted', () => {
  const [o] = planReorder([past('G1', 'BBQ Pork Rice', '48.0000', { mQua: '2.0000', detail: JSON.stringify({ remarkList: ['no chilli'] }) })], today(), SHOP, FORMATS);
  expect(o).toMatchObject({ kind: 'added', repriced: false, line: { SkuID: '', Price: '48.00', mQua: 2, pQua: 0, remarkList: ['no chilli'] } });
  expect(o!.kind === 'added' && o!.goodsDetails).toMatchObject({ GoodsID: 'G1', ShopID: 'S1', BaseID: 'B1', GoodsName: 'BBQ Pork Rice' });
});

test("a re-priced line: the same size and add-ons at today's price, with both prices", () => {
  const lines = [
    past('G2', 'Milk Tea', '18.0000', { SkuID: 'K1', skuItems: 'Hot' }),
    // 48 + an egg at 5 today; sold at 48 + 4.
    past('G1', 'BBQ Pork Rice', '52.0000', { detail: JSON.stringify({ attachmentList: [{ OptionID: 'O1', Value: 'Egg', Value3: '4' }] }) }),
    // Today's promotion price is the price.
    past('G5', 'Wonton Noodles', '38.0000'),
  ];
  const outcomes = planReorder(lines, today(), SHOP, FORMATS);
  expect(outcomes.map((o) => o.kind === 'added' && [o.name, o.was, o.now, o.repriced])).toEqual([
    ['Milk Tea (Hot)', '18.0000', '20.00', true],
    ['BBQ Pork Rice', '52.0000', '53.00', true],
    ['Wonton Noodles', '38.0000', '35.00', true],
  ]);
  expect(outcomes[0]).toMatchObject({ line: { SkuID: 'K1', Price: '20.00' } });
  expect(outcomes[1]).toMatchObject({ line: { attachmentList: [{ OptionID: 'O1', Value: 'Egg', Value2: '6.0000', Value3: '5.0000' }] } });
});

test('what cannot be ordered now is listed with its reason, never dropped; a voided line is not ordered again', () => {
  const lines = [
    past('G3', 'Coke', '10.0000'),
    past('GONE', 'Roast Goose Rice', '58.0000'),
    past('BAG', 'Bag', '1.0000'),
    past('G2', 'Milk Tea', '22.0000', { SkuID: 'K2', skuItems: 'Iced' }),
    past('G2', 'Milk Tea', '22.0000', { SkuID: 'K9', skuItems: 'Large' }),
    past('G1', 'BBQ Pork Rice', '55.0000', { detail: JSON.stringify({ attachmentList: [{ OptionID: 'O-OLD' }] }) }),
    past('G1', 'BBQ Pork Rice', '48.0000', { voided: true }),
  ];
  const outcomes = planReorder(lines, today(), SHOP, FORMATS);
  expect(outcomes).toEqual([
    { kind: 'missing', name: 'Coke', reason: 'soldOut' },
    { kind: 'missing', name: 'Roast Goose Rice', reason: 'gone' },
    { kind: 'missing', name: 'Bag', reason: 'notOffered' },
    { kind: 'missing', name: 'Milk Tea (Iced)', reason: 'soldOut' },
    { kind: 'missing', name: 'Milk Tea (Large)', reason: 'gone' },
    { kind: 'missing', name: 'BBQ Pork Rice', reason: 'gone' },
  ]);
  // Sold out by the stock poll (not yet in the menu's rows) counts too; the takeaway extra is offered for takeout.
  const takeout = planReorder([past('G1', 'BBQ Pork Rice', '48'), past('BAG', 'Bag', '1')], today({ mode: '1', soldOutGoods: new Set(['G1']) }), SHOP, FORMATS);
  expect(takeout.map((o) => o.kind === 'missing' ? o.reason : 'added')).toEqual(['soldOut', 'added']);
});

test('a pack line compares the pack price; the reads needed are only those the lines use', () => {
  const detail: GoodsDetail = {
    goods: goods('G6', 'Roast Goose', '60.0000'),
    attributes: [],
    skus: [],
    packUnits: [{ PCode: 'P1', name: 'catty', Ref: '2', price: '110.0000', salesPrice: '110.0000' }],
  };
  const t = today({ goods: new Map([['G6', goods('G6', 'Roast Goose', '60.0000', { punitCount: 1 })]]), details: new Map([['G6', detail]]) });
  const [o] = planReorder([past('G6', 'Roast Goose', '60.0000', { PUnit: 'catty', punitPrice: '110.0000', pQua: '1.0000', mQua: '0.0000' })], t, SHOP, FORMATS);
  expect(o).toMatchObject({ kind: 'added', repriced: false, was: '110.0000', now: '110.00', line: { PUnit: 'catty', PUnitPrice: '110.00', Ref: '2', pQua: 1, mQua: 0, isPack: true } });
  expect(
    neededReads([
      past('G6', 'Roast Goose', '60', { PUnit: 'catty' }),
      past('G2', 'Milk Tea', '20', { SkuID: 'K1' }),
      past('G1', 'Rice', '48', { detail: JSON.stringify({ attachmentList: [{ OptionID: 'O1' }], bomList: [{ BOMClassID: 'B', GoodsID: 'X' }] }) }),
      past('G7', 'Tea', '8'),
    ]),
  ).toEqual({ details: ['G6', 'G2'], addOns: ['G1'], bundles: ['G1'] });
});
