/**
 * The one set of row readers the feature APIs convert answers with (house
 * style 12). The catalogue types which fields a row has (app/operation.ts);
 * these only normalise the values as they arrive: a server of the same
 * protocol may leave a field out, send null, or send an id or a decimal as a
 * number instead of text, and the app's view types never see any of that.
 */

/** Text: '' for a missing field (absent or null); a number as its digits. */
export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** A number, or a decimal sent as text, as a number; 0 when missing or not a number. */
export const num = (v: unknown): number => Number(v ?? 0) || 0;

/** A 0/1 flag (1, '1' or true is set; anything else, missing included, is not). */
export const flag = (v: unknown): boolean => v === true || v === 1 || v === '1';

/** A decimal as the text the app keeps (amounts, prices): '0' when missing or empty. */
export const decimal = (v: unknown): string => text(v) || '0';

/** A count or coordinate that may be unknown: null when missing, empty or not a finite number. */
export const numberOrNull = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const x = Number(v);
  return Number.isFinite(x) ? x : null;
};

/** table2's TotalCount of a paged answer; null when the service does not say. */
export const totalCount = (table: readonly { TotalCount?: unknown }[] | undefined): number | null =>
  numberOrNull(table?.[0]?.TotalCount);

/** Names in the three languages, as the service sends them (the app's LocalNames). */
export interface Names {
  zh: string;
  tw: string;
  en: string;
}

/** Names in the three languages, from a field and its TW and EN twins. */
export function namesOf<F extends string>(row: { readonly [K in F | `${F}TW` | `${F}EN`]?: string | null }, field: F): Names {
  const r = row as Record<string, unknown>;
  return { zh: text(r[field]), tw: text(r[`${field}TW`]), en: text(r[`${field}EN`]) };
}
