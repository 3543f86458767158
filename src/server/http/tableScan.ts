/**
 * Proof that a browser scanned a table's code (issue 16): the shop page
 * (EShop_EShopShopPageGet_Get) or the code lookup (Enterprise_EntIDByIDGet_Get)
 * answered for the table's QR code. Table codes are unguessable, so knowing
 * one is what makes someone a diner at that table. The proof is an httpOnly
 * cookie signed with config.scanSecret, listing the last few tables scanned
 * with when; it is good for SCAN_VALID_HOURS. A table's open sheet is shared
 * with the browsers that hold a proof for its table (operations/orders/sheet.ts,
 * operations/orders/handlers.ts); settling it online needs one.
 *
 * A cookie and not a row of the session: the app scans before it signs in
 * (the sign-in saga starts once the shop is entered).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SCAN_COOKIE = 'hbb_scan';
/** How long a scan lets its browser share the table's sheet. */
export const SCAN_VALID_HOURS = 12;
/** Tables remembered per browser (the newest kept). */
const MAX_TABLES = 5;

export interface TableScan {
  tableId: string;
  /** When it was scanned. */
  at: Date;
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`table-scan:${body}`).digest('base64url');
}

/** The cookie value for these scans. */
export function encodeScans(secret: string, scans: readonly TableScan[]): string {
  const body = Buffer.from(JSON.stringify(scans.slice(-MAX_TABLES).map((s) => [s.tableId, Math.floor(s.at.getTime() / 1000)]))).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The valid scans a cookie value proves at `now` (none for a missing, tampered or expired one). */
export function decodeScans(secret: string, value: string | undefined, now: Date): TableScan[] {
  if (!value || value.length > 2000) return [];
  const dot = value.lastIndexOf('.');
  if (dot < 1) return [];
  const body = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  try {
    const list = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(list)) return [];
    const oldest = now.getTime() - SCAN_VALID_HOURS * 3_600_000;
    return list
      .filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number')
      .map(([tableId, at]) => ({ tableId, at: new Date(at * 1000) }))
      .filter((s) => s.at.getTime() >= oldest && s.at.getTime() <= now.getTime() + 60_000);
  } catch {
    return [];
  }
}

/** The scans with this table (re)scanned at `now`, newest last. */
export function withScan(scans: readonly TableScan[], tableId: string, now: Date): TableScan[] {
  return [...scans.filter((s) => s.tableId !== tableId), { tableId, at: now }].slice(-MAX_TABLES);
}
