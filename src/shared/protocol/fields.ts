/**
 * Field types of payload rows. Real clients send ids and numbers sometimes as
 * strings and sometimes as numbers, so both are accepted and normalised;
 * anything else (objects, arrays, booleans where a number belongs, text that is
 * not a number) is refused with the field's path.
 */
import { z } from 'zod';

const MAX_ID = 64;
const DECIMAL = /^-?\d{1,14}(\.\d{1,8})?$/;

/**
 * The ranges of the database's column types (src/server/db/migrations): every
 * numeric payload field is one of these primitives, so no value the schema
 * lets through can overflow the column (or the query parameter) behind it.
 * `int` is PostgreSQL's 32-bit integer; `numeric(18,4)` (money and
 * quantities) keeps 14 digits before the point.
 */
export const COLUMN_RANGES = {
  smallint: { min: -32_768, max: 32_767 },
  int: { min: -2_147_483_648, max: 2_147_483_647 },
  /** numeric(18,4): below 10^14 in magnitude. */
  'numeric(18,4)': { min: -99_999_999_999_999.9999, max: 99_999_999_999_999.9999 },
} as const;
export type ColumnType = keyof typeof COLUMN_RANGES;

/**
 * C0 control characters and DEL. NUL cannot be stored in a PostgreSQL text
 * column at all, and none of the others belongs in a name, code or id.
 */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The same, but line breaks and tabs are allowed (remarks, feedback). */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const NO_CONTROL = 'must not contain control characters';

/** A string without control characters, at most max characters. */
const plain = (max: number) => z.string().max(max).refine((v) => !CONTROL.test(v), NO_CONTROL);

/** An id: a non-empty string or a non-negative integer, as a string. */
export const id = z
  .union([plain(MAX_ID).trim().min(1), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform(String);

/** An id that may be empty ('' means none). */
export const optionalId = z
  .union([plain(MAX_ID).trim(), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform(String);

/** Free text on one line, up to max characters, without control characters. */
export const text = (max = 200) => plain(max);

/** Free text that may span lines (\n, \r, \t allowed; other control characters not): remarks, feedback. */
export const multiline = (max = 200) => z.string().max(max).refine((v) => !CONTROL_BUT_LINES.test(v), NO_CONTROL);

/** A decimal number of a column of the given type, sent as a number or a numeric string. */
export const decimal = (column: ColumnType = 'numeric(18,4)') =>
  z
    .union([z.number().finite(), z.string().trim().regex(DECIMAL, 'expected a decimal number')])
    .transform(Number)
    .pipe(z.number().min(COLUMN_RANGES[column].min).max(COLUMN_RANGES[column].max));

/** An integer of a column of the given type, sent as a number or a digit string. */
export const integer = (column: ColumnType = 'int') =>
  z
    .union([z.number().int(), z.string().trim().regex(/^-?\d{1,15}$/, 'expected an integer')])
    .transform(Number)
    .pipe(z.number().int().min(COLUMN_RANGES[column].min).max(COLUMN_RANGES[column].max));

/** A decimal number of a numeric(18,4) column (money, quantities). */
export const num = decimal('numeric(18,4)');

/** An integer of an int column (32 bits). */
export const int = integer('int');

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

/**
 * Issue 28: what a payment of a table's sheet covers (Finance_PosPaySubmit_V5_Add
 * and the balance payment). None of Share, Amo, Units: the rest (as before).
 * Share {n, of}: n of `of` even shares; Amo: a custom amount; Units: units of
 * lines (LineID is the line's ItemID). TipAmo: the payer's tip (where the
 * outlet offers one), on top. Ranges are checked by the service, which
 * answers in the diner's language.
 */
export const payPart = {
  Share: z.object({ n: z.number().int().min(-1000).max(1000), of: z.number().int().min(-1000).max(1000) }).optional(),
  Amo: num.optional(),
  Units: z.array(z.object({ LineID: z.number().int().min(0).max(1_000_000), Qua: z.number().int().min(-1000).max(1000) })).max(200).optional(),
  TipAmo: num.optional(),
};

/** Issue 28: a sheet's bill fields beside TotalAmo (service charge, tips, paid, left to pay). */
export const billHead = {
  /** The service charge, part of TotalAmo. */
  ServiceAmo: dec.optional(),
  /** Tips paid with the sheet's payments, not part of TotalAmo. */
  TipAmo: dec.optional(),
  /** What paid payments cover of TotalAmo (tips left out). */
  PaidAmo: dec.optional(),
  /** What is left to pay: TotalAmo - paid - being paid. */
  RestAmo: dec.optional(),
  /** The even split in progress: N (0 for none) and how many of its shares are paid or being paid. */
  SharesOf: z.number().optional(),
  SharesTaken: z.number().optional(),
};

/** Issue 28: a line's units as split payments see them. */
export const billLine = {
  /** Units of the line paid. */
  PaidQua: z.number().optional(),
  /** Units being paid (a pending payment), locked for the others. */
  HeldQua: z.number().optional(),
  /** Who is paying the held units (a member's name, '' for a guest). */
  HeldBy: str.optional(),
  /** Units of the line (a weighed line is one). */
  Units: z.number().optional(),
  /** 1 when the caller added the line (sheet_item.added_by, else the round's sender). */
  AddedByMe: z.number().optional(),
};
