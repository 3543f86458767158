/**
 * The member's own profile. Always the session's member: a VipID in the
 * payload is ignored (DESIGN.md, "Who the caller is comes from the session").
 *
 *   EntVip_EntVipDetailGet_V1_Get {VipID?}                  -> [member row] (a guest session: the guest's row);
 *       a registered member's row also carries MemberCode and MemberCodeExpiresIn (memberCode.ts)
 *   EntVip_EntVipSubmit_Update {VipName?, Sex?, HeadImg?, Birthy?} -> [member row]
 *   EntVip_EntVipScoreItemsByPage_V1_Get {PageIndex, PageSize} -> points history, [{TotalCount}]
 *   File_BatchFileNameGet_Add {ClassID, FileName, FileSize, FileType, ...} -> [signed upload]
 */
import { ErrorCode, decimal4 } from '../../../shared/protocol/envelope';
import { MAX_UPLOAD_BYTES, FILE_CLASSES, IMAGE_TYPES, isImageType, storageProvider } from '../../providers/storage';
import { OpError, type HandlerMap } from '../context';
import { isValidBirthday, isValidMemberName } from '../../../shared/domain/member';
import { objectKey, todayIn } from './identity';
import { issueMemberCode } from './memberCode';
import { iso, memberRow, paging, requireMember } from './rows';

export const profileHandlers: HandlerMap = {
  async EntVip_EntVipDetailGet_V1_Get(ctx) {
    const { session } = ctx;
    if (!session?.vipId) throw new OpError('loginRequired', ErrorCode.sessionRequired);
    const row = await memberRow(ctx.tx, session.vipId, ctx.now, ctx.lang);
    // The code a counter scans: registered members only, a new one each minute.
    const code =
      session.role === 'member' && row.IsGuest === 0
        ? issueMemberCode(ctx.config.memberCodeSecret, { vipId: session.vipId, vipCode: String(row.VipCode ?? '') }, ctx.now)
        : null;
    return { table1: [code ? { ...row, ...code } : row] };
  },

  async EntVip_EntVipSubmit_Update(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { tx, now } = ctx;
    const r = row!;
    const sets: string[] = [];
    const params: unknown[] = [vipId];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (r.VipName !== undefined) {
      const name = r.VipName.trim();
      if (!name) throw new OpError('vipNameRequired');
      if (!isValidMemberName(name)) throw new OpError('vipNameInvalid');
      set('vip_name', name);
    }
    if (r.Sex !== undefined) {
      if (![0, 1, 2].includes(r.Sex)) throw new OpError('sexInvalid');
      set('sex', r.Sex);
    }
    if (r.Birthy !== undefined) {
      if (r.Birthy === '') set('birthy', null);
      else if (!isValidBirthday(r.Birthy, todayIn(ctx))) throw new OpError('birthdayInvalid');
      else set('birthy', r.Birthy);
    }
    if (r.HeadImg !== undefined) {
      const [current] = await tx.query<{ head_img: string }>('SELECT head_img FROM vip WHERE vip_id = $1', [vipId]);
      if (r.HeadImg !== '' && r.HeadImg !== current?.head_img) {
        // Only a name issued to this member, and only once the file is there.
        const [issued] = await tx.query('SELECT 1 AS one FROM file_name_issue WHERE file_name = $1 AND vip_id = $2', [r.HeadImg, vipId]);
        const storage = storageProvider(ctx.config);
        if (!issued || !storage || !(await storage.exists(tx, r.HeadImg))) throw new OpError('headImgInvalid');
      }
      set('head_img', r.HeadImg);
    }
    if (sets.length) await tx.query(`UPDATE vip SET ${sets.join(', ')} WHERE vip_id = $1`, params);
    return { table1: [await memberRow(tx, vipId, now)] };
  },

  async EntVip_EntVipScoreItemsByPage_V1_Get(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const { limit, offset } = paging(row!);
    const rows = await ctx.tx.query<{ item_id: string; score: string; balance: string; remark: string; sheet_id: string; created_at: Date }>(
      `SELECT item_id::text, score, balance, remark, sheet_id, created_at FROM vip_score_item
        WHERE vip_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      [vipId, limit, offset],
    );
    const [total] = await ctx.tx.query<{ n: number }>('SELECT count(*)::int AS n FROM vip_score_item WHERE vip_id = $1', [vipId]);
    return {
      table1: rows.map((r) => ({
        ItemID: r.item_id,
        Score: decimal4(r.score),
        Balance: decimal4(r.balance),
        Remark: r.remark,
        SheetID: r.sheet_id,
        CreatedDate: iso(r.created_at),
      })),
      table2: [{ TotalCount: total?.n ?? 0 }],
    };
  },

  async File_BatchFileNameGet_Add(ctx, { tableData: [row] }) {
    const { vipId } = requireMember(ctx);
    const r = row!;
    const classId = r.ClassID?.trim() || 'EntCert';
    if (!(FILE_CLASSES as readonly string[]).includes(classId)) throw new OpError('fileClassInvalid');
    const type = r.FileType.trim().toLowerCase();
    if (!isImageType(type)) throw new OpError('fileTypeInvalid');
    if (r.FileSize > MAX_UPLOAD_BYTES) throw new OpError('fileTooLarge');
    const storage = storageProvider(ctx.config);
    if (!storage) throw new OpError('storageUnavailable');
    const key = objectKey(classId, IMAGE_TYPES[type], ctx.now);
    await ctx.tx.query(
      'INSERT INTO file_name_issue (file_name, vip_id, class_id, content_type, created_at) VALUES ($1, $2, $3, $4, $5)',
      [key, vipId, classId, type, ctx.now],
    );
    const ticket = storage.issueUpload(key, type, ctx.now);
    return { table1: [{ ...ticket }] };
  },
};
