/**
 * The staff fix an order (issue 26 section 5), written once for the service
 * (server/http/staffFix.ts, operations/orders/fixOrder.ts) and the staff
 * program (src/staff/fixOrder): each route's body and answer, spread into
 * STAFF_ROUTES (shared/protocol/staff.ts).
 *
 *   POST /staff/sheets/:id/lines/:itemId/void  {reason, note?, approver: {login, pin}}
 *        voids a line: it stays on the sheet, struck through, out of the
 *        totals; on a paid sheet the difference is refunded the way it was
 *        paid. Needs a manager's or owner's login and PIN (their own when a
 *        manager voids). 409 voided twice; 403 a wrong PIN or an approver who
 *        may not approve; 429 while PIN checks are backed off
 *   POST /staff/sheets/:id/lines  {lines: [...], remark?}
 *        adds a round to a table's open sheet, priced by the service as a
 *        customer's round (specs, packs, bundle parts, add-ons; sold out refused)
 *   POST /staff/sheets/:id/move   {tableId}
 *        moves a table's open sheet to a free table of the same outlet
 *   GET  /staff/chooser?baseId=…
 *        the outlet's menu for the add-items chooser: prices, specs, packs,
 *        bundle groups and add-ons in the caller's language
 */
import { z } from 'zod';
import { staffPin } from './staffAccounts';

/**
 * The sheet after the change: the service answers the whole staff sheet
 * (staff.ts staffSheetSchema, which spreads this table into STAFF_ROUTES, so
 * it is not imported here); these are the fields the screen reads.
 */
const sheetAnswer = z.object({
  sheetId: z.string(),
  baseId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  status: z.number(),
  payStatus: z.number(),
  totalAmo: z.string(),
  roundCount: z.number(),
});

/** Why a line is voided: the screen's list ('other' needs a note). */
export const VOID_REASONS = ['outOfStock', 'changedMind', 'wrongDish', 'other'] as const;
export type VoidReason = (typeof VOID_REASONS)[number];
/** The longest note of an 'other' reason. */
export const VOID_NOTE_MAX = 120;

const sheetParams = z.object({ id: z.string().trim().min(1).max(64) });
const itemParams = sheetParams.extend({ itemId: z.coerce.number().int().min(1).max(1_000_000) });

export const approverSchema = z.object({ login: z.string().trim().min(1).max(80), pin: staffPin });

export const voidBody = z
  .object({
    reason: z.enum(VOID_REASONS),
    note: z.string().trim().max(VOID_NOTE_MAX).optional(),
    approver: approverSchema,
  })
  .refine((b) => b.reason !== 'other' || Boolean(b.note), { message: 'a reason "other" needs a note', path: ['note'] });

/** How a void's money went back ('counter': paid at the counter, the cashier hands it back). */
export const REFUND_METHODS = ['balance', 'sandbox', 'counter'] as const;

export const fixLineSchema = z.object({
  goodsId: z.string().trim().min(1).max(64),
  skuId: z.string().trim().max(64).default(''),
  pUnit: z.string().trim().max(40).default(''),
  pQua: z.number().int().min(0).max(999).default(0),
  mQua: z.number().min(0).max(999).default(0),
  bom: z.array(z.object({ bomClassId: z.string().min(1).max(64), goodsId: z.string().min(1).max(64) })).max(40).default([]),
  options: z.array(z.string().min(1).max(64)).max(40).default([]),
  remarks: z.array(z.string().trim().min(1).max(60)).max(10).default([]),
});

const menuGoodsSchema = z.object({
  goodsId: z.string(),
  name: z.string(),
  price: z.string(),
  soldOut: z.boolean(),
  skus: z.array(z.object({ skuId: z.string(), spec: z.string(), price: z.string(), soldOut: z.boolean() })),
  packs: z.array(z.object({ pUnit: z.string(), name: z.string(), ref: z.string(), price: z.string() })),
  bomGroups: z.array(
    z.object({
      bomClassId: z.string(),
      name: z.string(),
      /** 0 required (selectMin >= 1), 1 optional (selectMin 0). */
      selectType: z.number(),
      /** The most parts. */
      selectQua: z.number(),
      /** Issue 27: the fewest parts (0 to selectQua). */
      selectMin: z.number(),
      parts: z.array(z.object({ goodsId: z.string(), name: z.string(), bomAmo: z.string(), soldOut: z.boolean() })),
    }),
  ),
  addOns: z.array(z.object({ optionId: z.string(), name: z.string(), price: z.string() })),
});

export const staffFixRoutes = {
  'POST /staff/sheets/:id/lines/:itemId/void': {
    params: itemParams,
    body: voidBody,
    answer: z.object({
      itemId: z.number(),
      voidReason: z.string(),
      refund: z.object({ method: z.enum(REFUND_METHODS), amount: z.string() }).nullable(),
      sheet: sheetAnswer,
    }),
  },
  'POST /staff/sheets/:id/lines': {
    params: sheetParams,
    body: z.object({ lines: z.array(fixLineSchema).min(1).max(50), remark: z.string().trim().max(200).optional() }),
    answer: z.object({ roundNo: z.number(), roundAmo: z.string(), sheet: sheetAnswer }),
  },
  'POST /staff/sheets/:id/move': {
    params: sheetParams,
    body: z.object({ tableId: z.string().trim().min(1).max(64) }),
    answer: z.object({ fromTableId: z.string(), sheet: sheetAnswer }),
  },
  'GET /staff/chooser': {
    query: z.object({ baseId: z.string().trim().min(1).max(64) }),
    answer: z.object({ goods: z.array(menuGoodsSchema), tables: z.array(z.object({ tableId: z.string(), name: z.string(), free: z.boolean() })) }),
  },
} as const;

export type StaffFixLine = z.input<typeof fixLineSchema>;
export type StaffMenuGoods = z.output<typeof menuGoodsSchema>;
export type StaffVoidBody = z.input<typeof voidBody>;
