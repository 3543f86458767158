/**
 * The back office's menu (issue 27 section 1): classes and goods as the
 * owner and managers edit them. Served by server/http/staffMenu.ts; what a
 * write does is server/operations/backOffice/menu.ts.
 *
 * Texts come in the three languages ({zh, tw, en}; '' when missing): the
 * enterprise's own language is required, the others optional. Prices are
 * decimal strings ('12.50'), checked by the service against the enterprise's
 * price decimals. A save names the `version` it read: when the row moved on
 * since, 409 {"error": "changed by someone else", "current": <fresh row>}.
 * Refused input: 400 {"error", "fields": [{field, message}]} in the caller's
 * language.
 *
 * Not JSON, so not in this table (their access rows are in
 * server/http/staffAuth.ts): POST /staff/goods/:id/picture (the picture's
 * bytes, image/jpeg|png|webp, at most 5 MB), GET /staff/menu/export.csv and
 * POST /staff/menu/import?dryRun=1 (text/csv).
 */
import { z } from 'zod';
import type { StaffRouteSpec, StaffRouteTable } from './staff';

// Not imported from ./staff (which spreads this table: a cycle at load time).
const staffRoute = <const S extends StaffRouteSpec>(spec: S): S => spec;
const idParams = z.object({ id: z.string().trim().min(1).max(64) });

const text = (max: number) => z.string().trim().max(max);
export const menuTextsSchema = (max = 80) => z.object({ zh: text(max).default(''), tw: text(max).default(''), en: text(max).default('') });
export type MenuTexts = { zh: string; tw: string; en: string };

/** SPEC section 4: common 0, with bundle parts 3, catering 5, prescription 6, by weight 7, bag 9. */
export const GOODS_TYPES = [0, 3, 5, 6, 7, 9] as const;
/** SPEC section 4's business modes: '0' all, '1' takeout, '2' dine-in. */
export const CLASS_MODES = ['0', '1', '2'] as const;

const money = z.string().trim().max(24);
const outlets = z.array(z.string().trim().min(1).max(64)).max(200);

export const menuClassSchema = z.object({
  classId: z.string(),
  shopId: z.string(),
  names: z.object({ zh: z.string(), tw: z.string(), en: z.string() }),
  sort: z.number(),
  businessMode: z.enum(CLASS_MODES),
  /** The outlets whose menus show it. */
  outlets: z.array(z.string()),
  goodsCount: z.number(),
  version: z.number(),
  archived: z.boolean(),
});

export const specAttributeSchema = z.object({ name: z.string().trim().min(1).max(40), values: z.array(z.string().trim().min(1).max(40)).min(1).max(20) });

export const menuSkuSchema = z.object({
  skuId: z.string(),
  /** One value per attribute, in the attributes' order. */
  values: z.array(z.string()),
  price: z.string(),
  salesPrice: z.string(),
  soldOut: z.boolean(),
});

export const menuGoodsSchema = z.object({
  goodsId: z.string(),
  shopId: z.string(),
  classId: z.string(),
  code: z.string(),
  names: z.object({ zh: z.string(), tw: z.string(), en: z.string() }),
  descriptions: z.object({ zh: z.string(), tw: z.string(), en: z.string() }),
  goodsType: z.number(),
  unit: z.string(),
  price: z.string(),
  salesPrice: z.string(),
  /** The outlets that sell it. */
  outlets: z.array(z.string()),
  soldOut: z.boolean(),
  attributes: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  skus: z.array(menuSkuSchema),
  /** The stored picture's key under /oss/ ('' none). */
  pic: z.string(),
  version: z.number(),
  archived: z.boolean(),
});

const skuInput = z.object({ values: z.array(z.string().trim().max(40)).max(2), price: money, salesPrice: money.optional(), soldOut: z.boolean().optional() });

export const classInputSchema = z.object({
  shopId: z.string().trim().max(64).optional(),
  names: menuTextsSchema(40),
  businessMode: z.enum(CLASS_MODES).default('0'),
  outlets: outlets.optional(),
});

export const goodsInputSchema = z.object({
  shopId: z.string().trim().max(64).optional(),
  classId: z.string().trim().max(64),
  code: z.string().trim().max(20),
  names: menuTextsSchema(80),
  descriptions: menuTextsSchema(500).optional(),
  goodsType: z.number().int().default(0),
  unit: z.string().trim().max(20).optional(),
  price: money,
  salesPrice: money.optional(),
  outlets: outlets.optional(),
  soldOut: z.boolean().optional(),
  /** Up to two attributes (SPEC 4: sku type single or two attributes); [] none. */
  attributes: z.array(specAttributeSchema).max(2).optional(),
  /** The skus' prices by their values; a combination left out takes the goods' price. */
  skus: z.array(skuInput).max(400).optional(),
});
export type GoodsInput = z.output<typeof goodsInputSchema>;
export type ClassInput = z.output<typeof classInputSchema>;

const versioned = { version: z.number().int().min(1) };

export const menuOutletSchema = z.object({ baseId: z.string(), shopId: z.string(), name: z.string() });

export const staffMenuRoutes = {
  /** The shop's classes and goods (archived ones too), its outlets, the enterprise's language and price decimals. */
  'GET /staff/menu': staffRoute({
    query: z.object({ shopId: z.string().trim().max(64).default('') }),
    answer: z.object({
      shopId: z.string(),
      shops: z.array(z.object({ shopId: z.string(), name: z.string() })),
      outlets: z.array(menuOutletSchema),
      /** The enterprise's language ('zh' | 'tw' | 'en'): names in it are required. */
      language: z.enum(['zh', 'tw', 'en']),
      priceDecimals: z.number(),
      classes: z.array(menuClassSchema),
      goods: z.array(menuGoodsSchema),
    }),
  }),
  'POST /staff/classes': staffRoute({ body: classInputSchema, answer: z.object({ class: menuClassSchema }) }),
  'PATCH /staff/classes/:id': staffRoute({ params: idParams, body: classInputSchema.extend(versioned), answer: z.object({ class: menuClassSchema }) }),
  /** The shop's classes in this order (drag or arrows). */
  'PUT /staff/classes/order': staffRoute({
    body: z.object({ shopId: z.string().trim().max(64), classIds: z.array(z.string().trim().min(1).max(64)).min(1).max(500) }),
    answer: z.object({ classes: z.array(menuClassSchema) }),
  }),
  'POST /staff/classes/:id/archive': staffRoute({ params: idParams, body: z.object({ archived: z.boolean() }), answer: z.object({ class: menuClassSchema }) }),
  'POST /staff/goods': staffRoute({ body: goodsInputSchema, answer: z.object({ goods: menuGoodsSchema }) }),
  'PATCH /staff/goods/:id': staffRoute({ params: idParams, body: goodsInputSchema.partial().extend(versioned), answer: z.object({ goods: menuGoodsSchema }) }),
  /** Archives (or brings back) a goods: off every menu, kept for the orders that name it. */
  'POST /staff/goods/:id/archive': staffRoute({ params: idParams, body: z.object({ archived: z.boolean() }), answer: z.object({ goods: menuGoodsSchema }) }),
  /** Deletes a goods no order names; one that open orders or past orders name is archived instead. */
  'DELETE /staff/goods/:id': staffRoute({ params: idParams, answer: z.object({ deleted: z.boolean(), archived: z.boolean() }) }),
} satisfies StaffRouteTable;

/** The answer of POST /staff/menu/import. */
export const menuImportAnswerSchema = z.object({
  dryRun: z.boolean(),
  /** Whether anything was written (never on a dry run or with errors). */
  written: z.boolean(),
  rows: z.number(),
  changes: z.array(z.object({ code: z.string(), action: z.enum(['create', 'update', 'unchanged']), fields: z.array(z.string()) })),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});
export type MenuImportAnswer = z.output<typeof menuImportAnswerSchema>;
export type MenuGoodsJson = z.output<typeof menuGoodsSchema>;
export type MenuClassJson = z.output<typeof menuClassSchema>;
export type MenuAnswer = z.output<(typeof staffMenuRoutes)['GET /staff/menu']['answer']>;
