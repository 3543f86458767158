/**
 * Enterprise number formats, exact rounding and money in minor units
 * (SPEC sections 3, 5 and 9).
 *
 * - Every figure the app shows or stores is rounded to the enterprise's
 *   configured decimals, **half away from zero** ("half rounded up" in the
 *   SPEC, taken symmetrically: 1.005 -> 1.01 and -1.005 -> -1.01).
 * - Rounding is done on the decimal digits, never with
 *   `Math.round(x * 10 ** d)`: a JavaScript number is first written as its
 *   shortest round-tripping decimal (`String(1.005) === '1.005'`), which is
 *   the value the person or the service meant, and that decimal is rounded
 *   with BigInt arithmetic. Strings are rounded exactly as written.
 * - Money is held as integer minor units at a given scale (scale 2: 1250 is
 *   12.50); arithmetic on it goes through dinero.js v2, but for prices times
 *   quantities (multiplyMoney, sumOfProducts): exact decimals, whose full
 *   precision may pass 2^53 before the result is rounded. The currency is MOP
 *   (the shops are in Macau); the currency only labels the dinero objects,
 *   the shown symbol is the enterprise's own (default '¥', SPEC section 3).
 * - No result is ever negative zero, as a number or as text.
 *
 * Invalid input (NaN, Infinity, a string that is not a plain decimal
 * number, decimals outside 0..20) throws a RangeError: these are
 * programming errors, and the wire values should be checked at the boundary.
 */
import {
  add,
  dinero,
  halfAwayFromZero,
  toDecimal,
  toSnapshot,
  transformScale,
  MOP,
  type Dinero,
  type DineroCurrency,
} from 'dinero.js';

/** The enterprise's configured decimals for each kind of figure. */
export interface NumberFormats {
  /** Amounts (line totals, order totals, balances). */
  AmoPoint: number;
  /** Discounts. */
  DiscountPoint: number;
  /** Package (pack unit) quantities. */
  PQuaPoint: number;
  /** Unit prices. */
  PricePoint: number;
  /** Main-unit quantities. */
  QuaPoint: number;
}

/** SPEC section 3 / 9: amounts and prices 2, quantities and discounts 0. */
export const DEFAULT_NUMBER_FORMATS: Readonly<NumberFormats> = Object.freeze({
  AmoPoint: 2,
  DiscountPoint: 0,
  PQuaPoint: 0,
  PricePoint: 2,
  QuaPoint: 0,
});

/** The currency symbol when the enterprise names none: the yen sign. */
export const DEFAULT_CURRENCY_SYMBOL = '¥';

/** The largest number of decimals accepted anywhere in this module. */
export const MAX_DECIMALS = 20;

const FORMAT_KEYS = ['AmoPoint', 'DiscountPoint', 'PQuaPoint', 'PricePoint', 'QuaPoint'] as const;

/**
 * Reads number formats as the service sends them (values may be strings,
 * missing or junk): each valid integer 0..MAX_DECIMALS is taken, anything
 * else falls back to the default for that key.
 */
export function normalizeNumberFormats(
  raw: Partial<Record<keyof NumberFormats, unknown>> | null | undefined,
): NumberFormats {
  const out: NumberFormats = { ...DEFAULT_NUMBER_FORMATS };
  if (!raw) return out;
  for (const key of FORMAT_KEYS) {
    const value = raw[key];
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && value.trim() !== ''
          ? Number(value)
          : NaN;
    if (Number.isInteger(n) && n >= 0 && n <= MAX_DECIMALS) out[key] = n;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Exact decimals

/** A decimal as sign, digits and scale: (-1)^negative * digits / 10^scale. */
interface Decimal {
  negative: boolean;
  digits: bigint;
  scale: number;
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const MAX_EXPONENT = 1000;

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}

/** Parses a number (via its shortest decimal form) or a decimal string. */
function parseDecimal(value: number | string): Decimal {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    text = String(value);
  } else {
    text = value.trim();
  }
  const m = DECIMAL_RE.exec(text);
  const intPart = m?.[2] ?? '';
  const fracPart = m?.[3] ?? '';
  if (!m || (intPart === '' && fracPart === ''))
    throw new RangeError(`not a decimal number: ${JSON.stringify(value)}`);
  const exponent = m[4] === undefined ? 0 : Number(m[4]);
  if (Math.abs(exponent) > MAX_EXPONENT)
    throw new RangeError(`exponent out of range: ${JSON.stringify(value)}`);
  let digits = BigInt(intPart + fracPart || '0');
  let scale = fracPart.length - exponent;
  if (scale < 0) {
    digits *= pow10(-scale);
    scale = 0;
  }
  return { negative: m[1] === '-' && digits !== 0n, digits, scale };
}

/** Rounds half away from zero to `decimals` places; the result has scale `decimals`. */
function roundDecimal(d: Decimal, decimals: number): Decimal {
  if (d.scale <= decimals) {
    return { negative: d.negative, digits: d.digits * pow10(decimals - d.scale), scale: decimals };
  }
  const divisor = pow10(d.scale - decimals);
  let q = d.digits / divisor;
  const r = d.digits % divisor;
  if (2n * r >= divisor) q += 1n;
  return { negative: d.negative && q !== 0n, digits: q, scale: decimals };
}

/** Fixed-point text of a decimal: '-1234.50'; never '-0'. */
function decimalToString(d: Decimal): string {
  let s = d.digits.toString();
  if (d.scale > 0) {
    s = s.padStart(d.scale + 1, '0');
    s = `${s.slice(0, -d.scale)}.${s.slice(-d.scale)}`;
  }
  return d.negative && d.digits !== 0n ? `-${s}` : s;
}

/** `Number(text)`, with negative zero made zero. */
function toPlainNumber(text: string): number {
  const n = Number(text);
  return n === 0 ? 0 : n;
}

/**
 * Rounds half away from zero to `decimals` places, exactly on the decimal
 * value: roundHalfUp(1.005, 2) === 1.01, roundHalfUp(2.675, 2) === 2.68,
 * roundHalfUp(-1.005, 2) === -1.01, roundHalfUp('0.125', 2) === 0.13.
 * Never returns -0.
 */
export function roundHalfUp(value: number | string, decimals: number): number {
  return toPlainNumber(toFixedHalfUp(value, decimals));
}

/**
 * Like roundHalfUp, but returns fixed-point text with exactly `decimals`
 * places and no grouping: toFixedHalfUp(1.005, 2) === '1.01',
 * toFixedHalfUp(-0.001, 2) === '0.00'. Exact for values beyond 2^53.
 */
export function toFixedHalfUp(value: number | string, decimals: number): string {
  checkDecimals(decimals);
  return decimalToString(roundDecimal(parseDecimal(value), decimals));
}

// ---------------------------------------------------------------------------
// Formatting

interface LocaleSymbols {
  integer: Intl.NumberFormat;
  decimal: string;
  minus: string;
}

const symbolsCache = new Map<string, LocaleSymbols>();

function localeSymbols(locale: string): LocaleSymbols {
  let symbols = symbolsCache.get(locale);
  if (!symbols) {
    // Latin digits always: the fraction digits are ours, not the locale's.
    const integer = new Intl.NumberFormat(locale, {
      numberingSystem: 'latn',
      useGrouping: true,
      maximumFractionDigits: 0,
    });
    const parts = new Intl.NumberFormat(locale, {
      numberingSystem: 'latn',
      minimumFractionDigits: 1,
    }).formatToParts(-1.5);
    symbols = {
      integer,
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      minus: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
    };
    symbolsCache.set(locale, symbols);
  }
  return symbols;
}

/**
 * Rounds (half away from zero) and writes a number with exactly `decimals`
 * places and thousands separators: formatNumber(1234567.5, 2) ===
 * '1,234,567.50'. The locale (default 'en'; the app's 'zh-CN', 'zh-TW' and
 * 'en' all write '1,234,567.50') supplies the grouping, the decimal mark and
 * the minus sign; digits are always Latin. Never writes '-0'.
 */
export function formatNumber(value: number | string, decimals: number, locale = 'en'): string {
  const fixed = toFixedHalfUp(value, decimals);
  const negative = fixed.startsWith('-');
  const unsigned = negative ? fixed.slice(1) : fixed;
  const [intPart = '0', fracPart] = unsigned.split('.');
  const symbols = localeSymbols(locale);
  const grouped = symbols.integer.format(BigInt(intPart));
  return `${negative ? symbols.minus : ''}${grouped}${fracPart === undefined ? '' : symbols.decimal + fracPart}`;
}

/** What a figure is, to pick its decimals from the NumberFormats. */
export type NumberKind = 'amount' | 'price' | 'quantity' | 'packQuantity' | 'discount';

const KIND_KEY: Record<NumberKind, keyof NumberFormats> = {
  amount: 'AmoPoint',
  price: 'PricePoint',
  quantity: 'QuaPoint',
  packQuantity: 'PQuaPoint',
  discount: 'DiscountPoint',
};

/** The configured decimals for a kind of figure. */
export function decimalsFor(
  kind: NumberKind,
  formats: NumberFormats = DEFAULT_NUMBER_FORMATS,
): number {
  return formats[KIND_KEY[kind]];
}

/** Rounds a figure of the given kind to its configured decimals (half away from zero). */
export function roundAs(
  kind: NumberKind,
  value: number | string,
  formats: NumberFormats = DEFAULT_NUMBER_FORMATS,
): number {
  return roundHalfUp(value, decimalsFor(kind, formats));
}

function currencyPrefix(
  negative: boolean,
  symbol: string | null | undefined,
  minus: string,
): string {
  const sym = symbol == null || symbol === '' ? DEFAULT_CURRENCY_SYMBOL : symbol;
  return `${negative ? minus : ''}${sym}`;
}

function formatWithSymbol(
  value: number | string,
  decimals: number,
  symbol: string | null | undefined,
  locale: string,
): string {
  const text = formatNumber(value, decimals, locale);
  const minus = localeSymbols(locale).minus;
  const negative = text.startsWith(minus) && minus !== '';
  return currencyPrefix(negative, symbol, minus) + (negative ? text.slice(minus.length) : text);
}

/**
 * An amount with the currency symbol, at AmoPoint decimals:
 * formatMoney(1234.5, formats) === '¥1,234.50'; formatMoney(-3, formats,
 * 'MOP$') === '-MOP$3.00' (the sign goes before the symbol). The symbol is
 * the enterprise's own when given (non-empty), else the yen sign.
 */
export function formatMoney(
  value: number | string,
  formats: NumberFormats = DEFAULT_NUMBER_FORMATS,
  symbol?: string | null,
  locale = 'en',
): string {
  return formatWithSymbol(value, formats.AmoPoint, symbol, locale);
}

/** A unit price with the currency symbol, at PricePoint decimals. */
export function formatPrice(
  value: number | string,
  formats: NumberFormats = DEFAULT_NUMBER_FORMATS,
  symbol?: string | null,
  locale = 'en',
): string {
  return formatWithSymbol(value, formats.PricePoint, symbol, locale);
}

// ---------------------------------------------------------------------------
// Money in integer minor units (dinero.js)

/** The currency of the dinero objects (labels only; see the module comment). */
export const MONEY_CURRENCY: DineroCurrency<number> = MOP;

function checkMinor(minor: number, what = 'minor units'): void {
  if (!Number.isSafeInteger(minor))
    throw new RangeError(`${what} must be a safe integer, got ${minor}`);
}

function money(minor: number, scale: number): Dinero<number> {
  checkMinor(minor);
  return dinero({ amount: minor, currency: MONEY_CURRENCY, scale });
}

/** Minor units of a dinero object at `scale`, rounding half away from zero. */
function minorAt(d: Dinero<number>, scale: number): number {
  const { amount } = toSnapshot(transformScale(d, scale, halfAwayFromZero));
  checkMinor(amount, 'result');
  return amount === 0 ? 0 : amount;
}

/**
 * A decimal amount as integer minor units at `scale` (its decimals),
 * rounding half away from zero: toMinor('12.345', 2) === 1235,
 * toMinor(1.005, 2) === 101. Throws when the result is not a safe integer.
 */
export function toMinor(amount: string | number, scale: number): number {
  checkDecimals(scale);
  const d = roundDecimal(parseDecimal(amount), scale);
  const minor = Number(d.negative ? -d.digits : d.digits);
  checkMinor(minor, 'result');
  return minor === 0 ? 0 : minor;
}

/** Integer minor units at `scale` as a decimal number: fromMinor(1250, 2) === 12.5. */
export function fromMinor(minor: number, scale: number): number {
  return toPlainNumber(minorToString(minor, scale));
}

/** Integer minor units at `scale` as fixed-point text: minorToString(-5, 2) === '-0.05'. */
export function minorToString(minor: number, scale: number): string {
  checkDecimals(scale);
  return toDecimal(money(minor, scale));
}

/** Adds amounts in minor units of one scale (an empty list sums to 0). */
export function sumMoney(minors: readonly number[]): number {
  let total = money(0, 0);
  for (const m of minors) total = add(total, money(m, 0));
  return minorAt(total, 0);
}

/**
 * A unit price times a quantity: `priceMinor` is in minor units at
 * PricePoint decimals, `quantity` is a decimal (weights may be fractional;
 * it is used exactly as written). The result is in minor units at AmoPoint
 * decimals, rounded half away from zero:
 * multiplyMoney(333, 3) === 999; multiplyMoney(1999, '0.125') === 250
 * (19.99 x 0.125 = 2.49875 -> 2.50).
 */
export function multiplyMoney(
  priceMinor: number,
  quantity: number | string,
  formats: Pick<NumberFormats, 'AmoPoint' | 'PricePoint'> = DEFAULT_NUMBER_FORMATS,
): number {
  return sumOfProducts([[priceMinor, quantity]], formats);
}

/**
 * Unit prices times quantities, summed exactly and rounded once, half away
 * from zero, to minor units at AmoPoint (prices in minor units at
 * PricePoint, quantities as multiplyMoney's). The products are exact
 * decimals (BigInt): one past 2^53 at full precision, e.g. 9,007.2900 x
 * 99,998.9925, is fine so long as the rounded result is a safe integer;
 * a result that is not throws.
 */
export function sumOfProducts(
  terms: readonly (readonly [priceMinor: number, quantity: number | string])[],
  formats: Pick<NumberFormats, 'AmoPoint' | 'PricePoint'> = DEFAULT_NUMBER_FORMATS,
): number {
  checkDecimals(formats.PricePoint);
  checkDecimals(formats.AmoPoint);
  const products = terms.map(([priceMinor, quantity]) => {
    checkMinor(priceMinor, 'price');
    const q = parseDecimal(quantity);
    return { digits: BigInt(priceMinor) * (q.negative ? -q.digits : q.digits), scale: formats.PricePoint + q.scale };
  });
  const scale = Math.max(formats.AmoPoint, ...products.map((p) => p.scale));
  const total = products.reduce((sum, p) => sum + p.digits * pow10(scale - p.scale), 0n);
  const rounded = roundDecimal({ negative: total < 0n, digits: total < 0n ? -total : total, scale }, formats.AmoPoint);
  const minor = Number(rounded.negative ? -rounded.digits : rounded.digits);
  checkMinor(minor, 'result');
  return minor === 0 ? 0 : minor;
}
