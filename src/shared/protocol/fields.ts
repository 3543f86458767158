/**
 * Field types of payload rows. Real clients send ids and numbers sometimes as
 * strings and sometimes as numbers, so both are accepted and normalised;
 * anything else (objects, arrays, booleans where a number belongs, text that is
 * not a number) is refused with the field's path.
 */
import { z } from 'zod';

const MAX_ID = 64;
const DECIMAL = /^-?\d{1,14}(\.\d{1,8})?$/;

/** An id: a non-empty string or a non-negative integer, as a string. */
export const id = z
  .union([z.string().trim().min(1).max(MAX_ID), z.number().int().nonnegative()])
  .transform(String);

/** An id that may be empty ('' means none). */
export const optionalId = z
  .union([z.string().trim().max(MAX_ID), z.number().int().nonnegative()])
  .transform(String);

/** Free text up to max characters. */
export const text = (max = 200) => z.string().max(max);

/** A decimal number, sent as a number or a numeric string. */
export const num = z
  .union([z.number().finite(), z.string().trim().regex(DECIMAL, 'expected a decimal number')])
  .transform(Number);

/** An integer, sent as a number or a digit string. */
export const int = z
  .union([z.number().int(), z.string().trim().regex(/^-?\d{1,15}$/, 'expected an integer')])
  .transform(Number);

/** A page index (1-based) or page size. */
export const page = int.pipe(z.number().int().min(1).max(10_000));

/** A flag sent as 0/1, '0'/'1' or a boolean. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');

/** The fields every tableData row carries (PROTOCOL.md). */
export const baseRow = {
  EntID: optionalId.optional(),
  UserID: optionalId.optional(),
  AppID: text(128).optional(),
  Secret: text(128).optional(),
  BSN: text(128).optional(),
  AppName: text(64).optional(),
};

/** A payload of one tableData row list with the given fields, and optional extra lists. */
export function rows<S extends z.ZodRawShape>(shape: S) {
  return z.array(z.object({ ...baseRow, ...shape })).min(1, 'tableData needs at least one row').max(200);
}

export function payload<S extends z.ZodRawShape, X extends z.ZodRawShape = Record<never, never>>(
  shape: S,
  extra?: X,
) {
  return z.object({ tableData: rows(shape), ...(extra ?? ({} as X)) });
}

/** Result table of rows with the given fields (wire field names, values as sent). */
export function table<S extends z.ZodRawShape>(shape: S) {
  return z.array(z.object(shape));
}

/** Decimal as the service sends it: a string with four places. */
export const dec = z.string();
export const str = z.string();
export const n = z.number();
