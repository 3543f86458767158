/** Reads shared by the sign-in and member-page handlers. */
import { decimal4, ErrorCode } from '../../../shared/protocol/envelope';
import type { Queryable } from '../../db/driver';
import { OpError, type OpContext, type RowOf, type Session } from '../context';
import { message, type Lang } from '../../messages';

/** The member row every sign-in and member operation answers (schemas.ts memberRow). */
export type MemberRow = RowOf<'EntVip_EntVipDetailGet_V1_Get'>;

export async function memberRow(q: Queryable, vipId: string, now: Date, lang: Lang = 'en'): Promise<MemberRow> {
  const [row] = await q.query<MemberRow>(
    `SELECT v.vip_id AS "VipID", CASE WHEN v.is_guest THEN $3 ELSE v.vip_name END AS "VipName", v.sex AS "Sex", v.head_img AS "HeadImg",
            v.phone AS "Phone", v.area_no AS "AreaNo", COALESCE(to_char(v.birthy, 'YYYY-MM-DD'), '') AS "Birthy",
            v.vip_code AS "VipCode", v.balance AS "Balance", v.score AS "Score",
            (SELECT count(*) FROM vip_card c WHERE c.vip_id = v.vip_id AND c.status = 0 AND c.end_at > $2)::int AS "CouponCount",
            CASE WHEN v.is_guest THEN 1 ELSE 0 END AS "IsGuest", v.ent_id AS "EntID"
       FROM vip v WHERE v.vip_id = $1`,
    [vipId, now, message('guestName', lang)],
  );
  if (!row) throw new OpError('memberNotFound', ErrorCode.memberNotFound);
  return { ...row, Balance: decimal4(row.Balance), Score: decimal4(row.Score) };
}

/** The session of a registered member, or a refusal (guests may not). */
export function requireMember(ctx: OpContext): Session & { vipId: string } {
  const { session } = ctx;
  if (!session || !session.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
  if (session.role !== 'member') throw new OpError('memberRequired', ErrorCode.forbidden);
  return session as Session & { vipId: string };
}

/** The enterprise of a request: the row's EntID (the app's params.EntID), which must exist. */
export async function requireEnterprise(q: Queryable, entId: string | undefined): Promise<string> {
  if (!entId) throw new OpError('entNotFound');
  const [ent] = await q.query('SELECT ent_id FROM enterprise WHERE ent_id = $1', [entId]);
  if (!ent) throw new OpError('entNotFound');
  return entId;
}

/** A page of a list: 1-based index, size capped. */
export function paging(row: { PageIndex?: number; PageSize?: number }, defaultSize = 20, maxSize = 100) {
  const size = Math.min(row.PageSize ?? defaultSize, maxSize);
  const index = row.PageIndex ?? 1;
  return { limit: size, offset: (index - 1) * size };
}

export const iso = (value: unknown): string => (value ? new Date(value as string | Date).toISOString() : '');
