/**
 * Remarks (issue 23 item 15): the longest remark a customer may write, on an
 * order (checkout) and on a line (the spec chooser), one figure for both
 * programs: the app counts it down beside the field ("37/100") and stops
 * there with a message, the service's payload schema refuses anything longer
 * (schemas.ts), so neither cuts a remark silently.
 *
 * Lengths are counted in characters as a person counts them (code points: an
 * emoji or a rare Chinese character outside the BMP is one), the same way in
 * the counter and in the schema.
 */
export const REMARK_MAX = 100;

/** The length of a remark in characters (code points). */
export function remarkLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** The remark cut to at most `max` characters (code points), never splitting one. */
export function clipRemark(text: string, max: number = REMARK_MAX): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}
