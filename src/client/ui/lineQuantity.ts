/**
 * A line's quantity and pack unit in words, one wording for the cart, the
 * checkout and the order's details (issue 23 item 14): a line sold by a pack
 * reads "1 × Box of 6" (how many packs, the pack and how many units it
 * holds), never "Box × 6" (six boxes?) or "1 × Box"; a loose line reads
 * "× 2". The chooser names its packs the same way ("Box of 6").
 */
import type { IntlShape } from 'react-intl';
import { defineMessages } from '../i18n/defineMessages';

export const lineQuantityMessages = defineMessages({
  packOf: { id: 'line.packOf', defaultMessage: '{pack} of {ref}' },
  packCount: { id: 'line.packCount', defaultMessage: '{count} × {packOf}' },
  count: { id: 'line.count', defaultMessage: '× {count}' },
});

export interface LineQuantity {
  /** Packs for a packed line, else main units. */
  count: number;
  /** The pack unit's name ('' for a loose line). */
  pack: string;
  /** Main units in one pack. */
  ref: number;
}

/** A pack by name with what it holds: "Box of 6" (just "Box" when it holds one or the figure is unknown). */
export function packName(intl: Pick<IntlShape, 'formatMessage'>, pack: string, ref: number): string {
  return Number.isFinite(ref) && ref > 1 ? intl.formatMessage(lineQuantityMessages.packOf, { pack, ref }) : pack;
}

/** "1 × Box of 6" for a packed line, "× 2" for a loose one. */
export function lineQuantityText(intl: Pick<IntlShape, 'formatMessage'>, q: LineQuantity): string {
  if (!q.pack) return intl.formatMessage(lineQuantityMessages.count, { count: q.count });
  return intl.formatMessage(lineQuantityMessages.packCount, { count: q.count, packOf: packName(intl, q.pack, q.ref) });
}

/**
 * A line of the order's details as the service answers it: Qua main units in
 * all, PQua packs of PUnit, MQua loose units. A line mixing packs and loose
 * units (a counter's) keeps its main units.
 */
export function sheetLineQuantity(line: { punit: string; qua: string | number; pQua: string | number; mQua: string | number }): LineQuantity {
  const qua = Number(line.qua);
  const pQua = Number(line.pQua);
  const mQua = Number(line.mQua);
  if (!line.punit || !(pQua > 0) || mQua > 0) return { count: qua, pack: '', ref: 1 };
  return { count: pQua, pack: line.punit, ref: qua / pQua };
}
