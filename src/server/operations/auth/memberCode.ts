/**
 * Member codes (the vipQrCode page): what a counter scans to find the member.
 *
 *   <VipCode>-<6 digits>
 *
 * The digits are an HMAC-SHA256 (MEMBER_CODE_SECRET, config.memberCodeSecret)
 * of the member's VipID and the minute window (UTC epoch minutes, on the
 * service's clock), truncated the way HOTP does (RFC 4226). A new code each
 * minute, so a screenshot goes stale; the staff route
 * (GET /staff/members/by-code/:code) accepts the current and the previous
 * minute's code, so a code scanned at the turn of a minute still works.
 * Without a secret (production, MEMBER_CODE_SECRET unset) no code is issued
 * and none is accepted.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { maskPhone } from '../../../shared/domain/memberName';
import { decimal4 } from '../../../shared/protocol/envelope';
import type { StaffMemberJson } from '../../../shared/protocol/staff';
import type { Queryable } from '../../db/driver';

export const MEMBER_CODE_WINDOW_MS = 60_000;
/** The windows a code is accepted in: the current one and the previous one. */
export const MEMBER_CODE_ACCEPTED_WINDOWS = 2;

const CODE = /^(.{1,64})-(\d{6})$/;

export function minuteWindow(now: Date): number {
  return Math.floor(now.getTime() / MEMBER_CODE_WINDOW_MS);
}

/** The six digits of a member in a window. */
export function memberCodeDigits(secret: string, vipId: string, window: number): string {
  const mac = createHmac('sha256', secret).update(`member-code:${vipId}:${window}`, 'utf8').digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** The member's code now and the seconds it has left; null without a secret. */
export function issueMemberCode(
  secret: string,
  member: { vipId: string; vipCode: string },
  now: Date,
): { MemberCode: string; MemberCodeExpiresIn: number } | null {
  if (!secret || !member.vipCode) return null;
  const window = minuteWindow(now);
  const endsAt = (window + 1) * MEMBER_CODE_WINDOW_MS;
  return {
    MemberCode: `${member.vipCode}-${memberCodeDigits(secret, member.vipId, window)}`,
    MemberCodeExpiresIn: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** A scanned code's parts, or null when it is not shaped like one. */
export function parseMemberCode(code: string): { vipCode: string; digits: string } | null {
  const m = CODE.exec(code.trim());
  return m ? { vipCode: m[1]!, digits: m[2]! } : null;
}

/** Whether the digits are this member's for the current or the previous minute. */
export function memberCodeValid(secret: string, vipId: string, digits: string, now: Date): boolean {
  if (!secret || !/^\d{6}$/.test(digits)) return false;
  const current = minuteWindow(now);
  let valid = false;
  // Every window is checked (no early exit), in constant time each.
  for (let i = 0; i < MEMBER_CODE_ACCEPTED_WINDOWS; i++) {
    const expected = Buffer.from(memberCodeDigits(secret, vipId, current - i));
    if (timingSafeEqual(expected, Buffer.from(digits))) valid = true;
  }
  return valid;
}

/**
 * The member behind a scanned member code (the staff's lookup, GET
 * /staff/members/by-code/:code) of the current or the previous minute, or
 * null for any other code (stale, forged, a guest's, malformed). The phone is
 * masked: the screen names a member who has set no name by it
 * (shared/domain/memberName.ts, issue 23).
 */
export async function memberByCode(db: Queryable, secret: string, code: string, now: Date): Promise<StaffMemberJson | null> {
  const parsed = parseMemberCode(code);
  if (!parsed) return null;
  const candidates = await db.query<{ vip_id: string; vip_name: string; vip_code: string; phone: string; balance: string; score: string }>(
    'SELECT vip_id, vip_name, vip_code, phone, balance, score FROM vip WHERE vip_code = $1 AND NOT is_guest ORDER BY vip_id LIMIT 20',
    [parsed.vipCode],
  );
  const member = candidates.find((v) => memberCodeValid(secret, v.vip_id, parsed.digits, now));
  if (!member) return null;
  return { VipID: member.vip_id, VipName: member.vip_name, VipCode: member.vip_code, Phone: maskPhone(member.phone ?? ''), Balance: decimal4(member.balance), Score: decimal4(member.score) };
}
