/**
 * The back office's goods extras (issue 27 section 1, the rest of the menu):
 * a goods' pack units, bundle groups, add-ons and the translations of its
 * spec, as SPEC section 4 and the customer's menu read them (goods_punit,
 * goods_bom_class/goods_bom_item, goods_charging/goods_charging_link, the
 * goods' sku_attribute*_tw/_en and its skus' sku_items_tw/_en). Served by
 * server/http/staffMenu.ts; what a write does is
 * server/operations/backOffice/menuExtras.ts.
 *
 * Each write names the goods' `version` it read and moves it on: when the
 * goods moved on since, 409 {"error", "current": <fresh goods>, "extras":
 * <fresh extras>}. Refused input: 400 {"error", "fields"} in the caller's
 * language. Every write answers the goods and its extras as stored.
 *
 * Bundle groups follow the data model the customer's chooser reads
 * (SelectType, SelectQua, and SelectMin since migrations/035): a group is
 * chosen from `min` to `choose` (its most) times; it is required when `min`
 * is at least 1. A write without `min` means what it meant before: a required
 * group exactly `choose` times, an optional one at most `choose` times.
 */
import { z } from 'zod';
import { menuGoodsSchema, menuTextsSchema } from './staffMenu';
import type { StaffRouteSpec, StaffRouteTable } from './staff';

// Not imported from ./staff (which spreads this table: a cycle at load time).
const staffRoute = <const S extends StaffRouteSpec>(spec: S): S => spec;
const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const money = z.string().trim().max(24);
const texts = z.object({ zh: z.string(), tw: z.string(), en: z.string() });
const versioned = { version: z.number().int().min(1) };

export const packUnitSchema = z.object({
  /** PCode: the pack's code within the goods. */
  pcode: z.string(),
  names: texts,
  /** Main units per pack (a whole number). */
  ref: z.number(),
  price: z.string(),
  salesPrice: z.string(),
});

export const bundleItemSchema = z.object({
  /** The part: another goods of the shop. */
  goodsId: z.string(),
  /** What choosing it adds to the price (BOMAmo). */
  extraPrice: z.string(),
  isDefault: z.boolean(),
});

export const bundleGroupSchema = z.object({
  bomClassId: z.string(),
  names: texts,
  /** Required (SelectType 0): `min` is at least 1; optional (1): `min` is 0. */
  required: z.boolean(),
  /** The most parts (SelectQua). */
  choose: z.number(),
  /** The fewest parts (SelectMin), 0 to `choose`. */
  min: z.number(),
  items: z.array(bundleItemSchema),
});

export const addOnSchema = z.object({
  optionId: z.string(),
  names: texts,
  price: z.string(),
  salesPrice: z.string(),
  /** How many goods of the shop offer it (this one included when it does). */
  goodsCount: z.number(),
});

/** A spec in one language: the attributes' names and values, aligned with the goods' own (`attributes`). */
export const specTextSchema = z.array(z.object({ name: z.string(), values: z.array(z.string()) }));

export const goodsExtrasSchema = z.object({
  goodsId: z.string(),
  version: z.number(),
  packUnits: z.array(packUnitSchema),
  bundleGroups: z.array(bundleGroupSchema),
  /** The add-ons this goods offers, in the menu's order. */
  addOns: z.array(z.string()),
  /** Every add-on of the shop (to offer one another goods has). */
  shopAddOns: z.array(addOnSchema),
  /** The spec's texts by language: zh is the goods' own attributes; tw and en [] when not translated. */
  spec: z.object({ zh: specTextSchema, tw: specTextSchema, en: specTextSchema }),
});
export type GoodsExtras = z.output<typeof goodsExtrasSchema>;

const inTexts = (max: number) => menuTextsSchema(max);
export const packUnitsInputSchema = z.object({
  ...versioned,
  packUnits: z
    .array(z.object({ pcode: z.string().trim().max(20).optional(), names: inTexts(20), ref: z.number(), price: money, salesPrice: money.optional() }))
    .max(10),
});
export const bundleGroupsInputSchema = z.object({
  ...versioned,
  groups: z
    .array(
      z.object({
        bomClassId: z.string().trim().max(64).optional(),
        names: inTexts(40),
        required: z.boolean(),
        choose: z.number(),
        /** The fewest parts; absent: `choose` when required, else 0. Given, it decides `required` (min >= 1). */
        min: z.number().optional(),
        items: z.array(z.object({ goodsId: z.string().trim().min(1).max(64), extraPrice: money.default('0'), isDefault: z.boolean().default(false) })).max(50),
      }),
    )
    .max(20),
});
export const addOnsInputSchema = z.object({
  ...versioned,
  addOns: z.array(z.object({ optionId: z.string().trim().max(64).optional(), names: inTexts(40), price: money, salesPrice: money.optional() })).max(30),
});
const specTextInput = z.array(z.object({ name: z.string().trim().max(40), values: z.array(z.string().trim().max(40)).max(20) })).max(2);
export const specTextsInputSchema = z.object({ ...versioned, tw: specTextInput, en: specTextInput });
export type PackUnitsInput = z.output<typeof packUnitsInputSchema>;
export type BundleGroupsInput = z.output<typeof bundleGroupsInputSchema>;
export type AddOnsInput = z.output<typeof addOnsInputSchema>;
export type SpecTextsInput = z.output<typeof specTextsInputSchema>;

const answer = z.object({ goods: menuGoodsSchema, extras: goodsExtrasSchema });

export const staffMenuExtrasRoutes = {
  /** A goods' pack units, bundle groups, add-ons (and the shop's) and spec translations, at the goods' version. */
  'GET /staff/goods/:id/extras': staffRoute({ params: idParams, answer: goodsExtrasSchema }),
  'PUT /staff/goods/:id/pack-units': staffRoute({ params: idParams, body: packUnitsInputSchema, answer }),
  'PUT /staff/goods/:id/bundle-groups': staffRoute({ params: idParams, body: bundleGroupsInputSchema, answer }),
  /** The add-ons the goods offers: an optionId names a shop's add-on (its names and prices saved too: every goods offering it shows them), none makes a new one. */
  'PUT /staff/goods/:id/add-ons': staffRoute({ params: idParams, body: addOnsInputSchema, answer }),
  'PUT /staff/goods/:id/spec-texts': staffRoute({ params: idParams, body: specTextsInputSchema, answer }),
} satisfies StaffRouteTable;
