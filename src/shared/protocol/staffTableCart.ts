/**
 * The staff API's view of a pay-after table's live cart (issue 28 section 1:
 * diners change their own lines, others' "with their confirmation, or
 * staff"). Served by server/http/staffTableCart.ts (the change itself is
 * operations/table/cart.ts changeCartLine, the diners' own); the staff
 * program's src/staff/tableCart shows it. Spread into STAFF_ROUTES
 * (shared/protocol/staff.ts).
 *
 *   GET  /staff/tables/:id/cart                   the table's cart lines, in the caller's language
 *   POST /staff/tables/:id/cart/lines/:lineId     {delta} (+1/-1, of packs when the line has a pack unit)
 *                                                 or {qua, version} (0 removes it): the line and the cart after
 *
 * Roles: the counter's (owner, manager, cashier) of the table's outlet; the
 * kitchen's are refused (403). An absolute change of a line that moved since
 * `version` is 409 with the line as it is now (`line`, null when it is gone):
 * never a silent overwrite. Each change bumps the cart's version and reaches
 * the table's phones on their stream (kind 'cart'), as a diner's does.
 */
import { z } from 'zod';

export const staffCartLineSchema = z.object({
  lineId: z.string(),
  goodsId: z.string(),
  /** In the caller's language. */
  goodsName: z.string(),
  /** The spec's values ('Large;Iced'), in the caller's language; '' without a spec. */
  skuItems: z.string(),
  /** The pack unit ('' none): qua then counts packs. */
  pUnit: z.string(),
  /** What −/+ change: packs when pUnit, else pieces. */
  qua: z.number(),
  /** Its bundle parts, add-ons and remark as JSON (shared/domain/orderStates.ts detailWords reads it), in the caller's language. */
  detail: z.string(),
  remark: z.string(),
  /** The line's price (decimal, the outlet's places); '0.0000' when sold out. */
  amo: z.string(),
  soldOut: z.boolean(),
  /** Who added it: a member's name, else '' with their place at the table ("Guest 2"). */
  byName: z.string(),
  byPlace: z.number(),
  /** The line's version: what {qua, version} names. */
  version: z.number(),
});

export const staffTableCartSchema = z.object({
  tableId: z.string(),
  tableName: z.string(),
  /** The cart's version (moves with every change of any line). */
  version: z.number(),
  totalAmo: z.string(),
  lines: z.array(staffCartLineSchema),
});

const tableParams = z.object({ id: z.string().trim().min(1).max(64) });

export const staffCartLineBody = z.union([
  z.object({ delta: z.number().int().min(-99).max(99).refine((d) => d !== 0, 'delta: +1 or -1, not 0') }).strict(),
  z.object({ qua: z.number().min(0).max(999), version: z.number().int().min(1) }).strict(),
]);

export const staffTableCartRoutes = {
  // Plain entries (as staffCalls.ts's): staff.ts imports this file.
  'GET /staff/tables/:id/cart': {
    params: tableParams,
    answer: z.object({ cart: staffTableCartSchema }),
  },
  'POST /staff/tables/:id/cart/lines/:lineId': {
    params: tableParams.extend({ lineId: z.string().trim().min(1).max(64) }),
    body: staffCartLineBody,
    /** line: the line after the change (null: removed). */
    answer: z.object({ removed: z.boolean(), line: staffCartLineSchema.nullable(), cart: staffTableCartSchema }),
  },
};

export type StaffCartLineJson = z.output<typeof staffCartLineSchema>;
export type StaffTableCartJson = z.output<typeof staffTableCartSchema>;
export type StaffCartLineBody = z.input<typeof staffCartLineBody>;
