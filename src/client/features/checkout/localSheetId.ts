/**
 * The client's id of an order (LocalSheetID): the shop's local time as
 * yyyyMMddHHmmssSSS plus 6 random digits from crypto.getRandomValues (SPEC
 * section 9). The service is idempotent on it, so it is made once per
 * confirmed order and reused on every retry of that same order (a network
 * cut, a second tap); a new one is made only after the order is placed or
 * when what is ordered changes.
 *
 * The ids live in sessionStorage (they survive a reload of the tab), keyed
 * by a fingerprint of the whole request: an unchanged order finds its id
 * again, a changed one (another line, quantity, address, coupon or figure)
 * gets a new one and can never be mistaken for the first.
 */
import { DateTime } from 'luxon';

export const LOCAL_SHEET_IDS_KEY = 'checkout.localSheetIds';

type Random = (buffer: Uint32Array<ArrayBuffer>) => unknown;

const secureRandom: Random = (buffer) => globalThis.crypto.getRandomValues(buffer);

/** Six uniformly random digits (rejection sampling: no modulo bias). */
export function sixRandomDigits(random: Random = secureRandom): string {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  do random(buffer);
  while (buffer[0]! >= limit);
  return String(buffer[0]! % 1_000_000).padStart(6, '0');
}

export function newLocalSheetId(now: Date, zone: string, random: Random = secureRandom): string {
  let at = DateTime.fromJSDate(now, { zone });
  if (!at.isValid) at = DateTime.fromJSDate(now);
  return `${at.toFormat('yyyyMMddHHmmssSSS')}${sixRandomDigits(random)}`;
}

/** A 53-bit hash of a text (cyrb53), as hex: enough to tell orders apart in one tab. */
export function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

const memory = new Map<string, string>();

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readAll(): Record<string, string> {
  const storage = session();
  if (!storage) return Object.fromEntries(memory);
  try {
    const parsed = JSON.parse(storage.getItem(LOCAL_SHEET_IDS_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeAll(ids: Record<string, string>): void {
  const storage = session();
  memory.clear();
  for (const [k, v] of Object.entries(ids)) memory.set(k, v);
  if (!storage) return;
  try {
    if (Object.keys(ids).length === 0) storage.removeItem(LOCAL_SHEET_IDS_KEY);
    else storage.setItem(LOCAL_SHEET_IDS_KEY, JSON.stringify(ids));
  } catch {
    // Storage refused: the id lives in memory for this page's life.
  }
}

/** The id of the order with this fingerprint: the one made before, or a new one (remembered). */
export function localSheetIdFor(key: string, make: () => string): string {
  const ids = readAll();
  const known = ids[key];
  if (known) return known;
  const id = make();
  writeAll({ ...ids, [key]: id });
  return id;
}

/** The order was placed: its id is done with (and so is any other pending one of this tab). */
export function forgetLocalSheetIds(): void {
  writeAll({});
}
