/**
 * The demo enterprise's customer-facing texts in three languages
 * (migrations/010_translations.sql): enterprise names, the shop notice,
 * outlet addresses, units, goods specs (attribute names, values, sku items)
 * and the promotion's name. `translateDemo` fills a table's translation
 * columns and puts the simplified Chinese text in the base column, as
 * operations/localized.ts expects. Names of goods, classes, bundle groups,
 * pack units, add-ons, shops and outlets carry their three texts in demo.ts.
 */
import { ENT_ID, GUEST_ENT_ID, SHOP, type Tri } from './demo';

type Row = Record<string, unknown>;

const ENT_NAMES: Readonly<Record<string, Tri>> = {
  [GUEST_ENT_ID]: ['HBB 平台', 'HBB 平台', 'HBB Platform'],
  [ENT_ID]: ['澳门港湾厨房集团', '澳門港灣廚房集團', 'Macau Harbour Kitchen Group'],
};

const SHOP_NOTICES: Readonly<Record<string, Tri>> = {
  [SHOP.main]: ['外卖胶袋每个收费 MOP$1', '外賣膠袋每個收費 MOP$1', 'Takeaway bags are MOP$1 each'],
};

/** Keyed by the address demo.ts gives (traditional Chinese). */
const ADDRESSES: Readonly<Record<string, Tri>> = {
  '澳門新馬路 123 號地下': ['澳门新马路 123 号地下', '澳門新馬路 123 號地下', 'G/F, 123 Avenida de Almeida Ribeiro, Macau'],
  '澳門氹仔官也街 18 號': ['澳门氹仔官也街 18 号', '澳門氹仔官也街 18 號', '18 Rua do Cunha, Taipa, Macau'],
  '澳門高士德大馬路 45 號': ['澳门高士德大马路 45 号', '澳門高士德大馬路 45 號', '45 Avenida de Horta e Costa, Macau'],
  '澳門路環市區十月初五馬路 9 號': ['澳门路环市区十月初五马路 9 号', '澳門路環市區十月初五馬路 9 號', '9 Avenida de Cinco de Outubro, Coloane, Macau'],
  '澳門氹仔美食廣場 11 號舖': ['澳门氹仔美食广场 11 号铺', '澳門氹仔美食廣場 11 號舖', 'Shop 11, Taipa Food Court, Macau'],
  '澳門氹仔美食廣場 12 號舖': ['澳门氹仔美食广场 12 号铺', '澳門氹仔美食廣場 12 號舖', 'Shop 12, Taipa Food Court, Macau'],
  '澳門氹仔美食廣場 13 號舖': ['澳门氹仔美食广场 13 号铺', '澳門氹仔美食廣場 13 號舖', 'Shop 13, Taipa Food Court, Macau'],
};

/** Keyed by the unit demo.ts gives. English units read after "per" and "Single (...)". */
const UNITS: Readonly<Record<string, Tri>> = {
  碟: ['碟', '碟', 'plate'],
  碗: ['碗', '碗', 'bowl'],
  個: ['个', '個', 'piece'],
  隻: ['只', '隻', 'piece'],
  份: ['份', '份', 'portion'],
  籠: ['笼', '籠', 'basket'],
  盅: ['盅', '盅', 'pot'],
  鍋: ['锅', '鍋', 'pot'],
  套: ['套', '套', 'set'],
  杯: ['杯', '杯', 'cup'],
  樽: ['樽', '樽', 'bottle'],
  罐: ['罐', '罐', 'can'],
  盒: ['盒', '盒', 'box'],
  串: ['串', '串', 'skewer'],
  斤: ['斤', '斤', 'catty'],
};

interface SpecText {
  attributes: { name: Tri; values: Tri[] }[];
}

const size = (): SpecText['attributes'][number] => ({ name: ['杯型', '杯型', 'Size'], values: [['标准', '標準', 'Regular'], ['大杯', '大杯', 'Large']] });
const temperature = (): SpecText['attributes'][number] => ({ name: ['温度', '溫度', 'Temperature'], values: [['热', '熱', 'Hot'], ['冻', '凍', 'Iced']] });

/**
 * Goods specs, keyed by the goods id: each attribute's name and values in
 * order, the order demo.ts gives them in; a sku's items are its values in the
 * same language (single attribute: 'value，', two: 'a;b').
 */
const SPECS: Readonly<Record<string, SpecText>> = {
  '886000000111': { attributes: [{ name: ['规格', '規格', 'Size'], values: [['细', '細', 'Small'], ['大', '大', 'Large']] }] },
  '886000000123': { attributes: [{ name: ['份量', '份量', 'Portion'], values: [['3只', '3隻', '3 wings'], ['6只', '6隻', '6 wings']] }] },
  '886000000153': { attributes: [{ name: ['温度', '溫度', 'Temperature'], values: [['热', '熱', 'Hot'], ['冻', '凍', 'Cold']] }] },
  '886000000139': { attributes: [size(), temperature()] },
  '886000000140': { attributes: [size(), temperature()] },
  '886000000144': { attributes: [size(), temperature()] },
  '886000000142': {
    attributes: [
      { name: ['容量', '容量', 'Size'], values: [['350毫升', '350毫升', '350ml'], ['500毫升', '500毫升', '500ml']] },
      { name: ['甜度', '甜度', 'Sweetness'], values: [['正常', '正常', 'Regular'], ['少糖', '少糖', 'Less Sugar']] },
    ],
  },
};

const PLAN_NAMES: Readonly<Record<string, Tri>> = {
  '882000000001': ['本月特价', '本月特價', 'Monthly Specials'],
};

const LANGS = [0, 1, 2] as const;
const SUFFIXES = ['', '_tw', '_en'] as const;

/** Sets column, column_tw and column_en from a Tri. */
function tri(column: string, text: Tri | undefined, fallback: unknown): Row {
  if (!text) return { [column]: fallback, [`${column}_tw`]: '', [`${column}_en`]: '' };
  return Object.fromEntries(LANGS.map((i) => [`${column}${SUFFIXES[i]}`, text[i]]));
}

/** The spec of a goods in one language: attribute names ('a;b') and the attribute JSON. */
function specIn(spec: SpecText, i: 0 | 1 | 2) {
  const attributes = spec.attributes.map((a) => ({ name: a.name[i], values: a.values.map((v) => v[i]) }));
  return { names: attributes.map((a) => a.name).join(';'), json: JSON.stringify(attributes) };
}

/** A sku's items in each language, found by its values in demo.ts's text. */
function skuItems(spec: SpecText, items: string): Tri {
  const single = spec.attributes.length === 1;
  const given = items.split(single ? '，' : ';').filter(Boolean);
  const at = given.map((value, a) => {
    const n = spec.attributes[a]!.values.findIndex((v) => v.includes(value));
    if (n < 0) throw new Error(`seed: no translation of the sku value ${value}`);
    return n;
  });
  const join = (i: 0 | 1 | 2) => {
    const values = at.map((n, a) => spec.attributes[a]!.values[n]![i]);
    return single ? `${values[0]}，` : values.join(';');
  };
  return [join(0), join(1), join(2)];
}

/** Rows of a demo table with their translation columns (others unchanged). */
export function translateDemo(table: string, rows: readonly object[]): readonly object[] {
  const each = (f: (row: Row) => Row) => rows.map((row) => ({ ...(row as Row), ...f(row as Row) }));
  switch (table) {
    case 'enterprise':
      return each((r) => tri('ent_name', ENT_NAMES[String(r.ent_id)], r.ent_name));
    case 'shop':
      return each((r) => tri('notice', SHOP_NOTICES[String(r.shop_id)], r.notice));
    case 'base':
      return each((r) => tri('address', ADDRESSES[String(r.address)], r.address));
    case 'promote_plan':
      return each((r) => tri('plan_name', PLAN_NAMES[String(r.plan_id)], r.plan_name));
    case 'goods':
      return each((r) => {
        const spec = SPECS[String(r.goods_id)];
        const specColumns: Row = spec
          ? Object.fromEntries(LANGS.flatMap((i) => {
              const s = specIn(spec, i);
              return [[`sku_attributes${SUFFIXES[i]}`, s.names], [`sku_attribute_values${SUFFIXES[i]}`, s.json]];
            }))
          : { sku_attributes_tw: '', sku_attributes_en: '', sku_attribute_values_tw: '', sku_attribute_values_en: '' };
        return { ...tri('unit', UNITS[String(r.unit)], r.unit), ...specColumns };
      });
    case 'goods_sku':
      return each((r) => {
        const spec = SPECS[String(r.goods_id)];
        return spec ? tri('sku_items', skuItems(spec, String(r.sku_items)), r.sku_items) : tri('sku_items', undefined, r.sku_items);
      });
    case 'sheet_item':
      // Demo orders store their sku's base (simplified Chinese) items, as a submit does.
      return each((r) => {
        const spec = SPECS[String(r.goods_id)];
        return spec && r.sku_items ? { sku_items: skuItems(spec, String(r.sku_items))[0] } : {};
      });
    default:
      return rows;
  }
}
