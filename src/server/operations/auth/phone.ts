/**
 * Phones: verification codes by SMS, calling codes, and a member's phone change.
 *
 *   Phone_VerificationGet_V2_Add {Phone, AreaNo, Purpose?}  -> [{AreaNo, Phone, ExpiresIn, ResendIn}]
 *   Phone_SMSAreaGet_Get {}                                  -> [{AreaNo, AreaName, AreaNameTW, AreaNameEN, Sort}]
 *   EntVip_EntVipPhoneSubmit_Add {Phone, Code, AreaNo, SourceType} (member session)
 *     VipPhoneVerify: the code sent to the member's current phone (step 1 of a change)
 *     VipPhoneChange: the code sent to the new phone; sets it (step 2; after
 *                     step 1 within 15 minutes when the member has a phone)
 */
import { phoneKey } from '../../../shared/domain/member';
import { OpError, type HandlerMap, type RowOf } from '../context';
import { memberRow, requireMember } from './rows';
import { checkCode, CODE_TTL_SECONDS, requirePhone, RESEND_SECONDS, sendCode } from './smsCodes';

const VERIFIED_FOR_MS = 15 * 60_000;

export const phoneHandlers: HandlerMap = {
  async Phone_VerificationGet_V2_Add(ctx, { tableData: [row] }) {
    const phone = await requirePhone(ctx.tx, row!.AreaNo, row!.Phone);
    await sendCode(ctx, phone.key, row!.Purpose ?? 'login');
    return { table1: [{ AreaNo: phone.areaNo, Phone: phone.phone, ExpiresIn: CODE_TTL_SECONDS, ResendIn: RESEND_SECONDS }] };
  },

  async Phone_SMSAreaGet_Get(ctx) {
    const rows = await ctx.tx.query<RowOf<'Phone_SMSAreaGet_Get'>>(
      `SELECT area_no AS "AreaNo", area_name AS "AreaName", area_name_tw AS "AreaNameTW", area_name_en AS "AreaNameEN", sort AS "Sort"
         FROM sms_area ORDER BY sort, area_no`,
    );
    return { table1: rows };
  },

  async EntVip_EntVipPhoneSubmit_Add(ctx, { tableData: [row] }) {
    const session = requireMember(ctx);
    const { tx, now } = ctx;
    const phone = await requirePhone(tx, row!.AreaNo, row!.Phone);
    const [vip] = await tx.query<{ ent_id: string; area_no: string; phone: string }>(
      'SELECT ent_id, area_no, phone FROM vip WHERE vip_id = $1',
      [session.vipId],
    );
    const current = vip!.phone ? phoneKey(vip!.area_no, vip!.phone) : '';

    if (row!.SourceType === 'VipPhoneVerify') {
      if (phone.key !== current) throw new OpError('phoneNotCurrent');
      await checkCode(ctx, phone.key, row!.Code);
      await tx.query(
        `INSERT INTO vip_phone_verified (vip_id, phone_key, verified_at) VALUES ($1, $2, $3)
         ON CONFLICT (vip_id) DO UPDATE SET phone_key = EXCLUDED.phone_key, verified_at = EXCLUDED.verified_at`,
        [session.vipId, phone.key, now],
      );
      return { table1: [{ ...(await memberRow(tx, session.vipId, now)), SourceType: 'VipPhoneVerify' }] };
    }

    // VipPhoneChange
    if (phone.key === current) throw new OpError('phoneSame');
    const [other] = await tx.query(
      'SELECT 1 AS one FROM vip WHERE ent_id = $1 AND area_no = $2 AND phone = $3 AND NOT is_guest AND vip_id <> $4',
      [vip!.ent_id, phone.areaNo, phone.phone, session.vipId],
    );
    if (other) throw new OpError('phoneTaken');
    if (current) {
      const [verified] = await tx.query<{ verified_at: Date }>(
        'SELECT verified_at FROM vip_phone_verified WHERE vip_id = $1 AND phone_key = $2',
        [session.vipId, current],
      );
      if (!verified || now.getTime() - new Date(verified.verified_at).getTime() > VERIFIED_FOR_MS) throw new OpError('phoneVerifyFirst');
    }
    await checkCode(ctx, phone.key, row!.Code);
    await tx.query('DELETE FROM vip_phone_verified WHERE vip_id = $1', [session.vipId]);
    await tx.query('UPDATE vip SET area_no = $2, phone = $3 WHERE vip_id = $1', [session.vipId, phone.areaNo, phone.phone]);
    return { table1: [{ ...(await memberRow(tx, session.vipId, now)), SourceType: 'VipPhoneChange' }] };
  },
};
