/**
 * Signing in with a host's identity, and registering (SPEC sections 4 and 7):
 *
 *   EntVip_WebiteUserAccessToken_Get  {Code, Provider}       -> [{openid, unionid, accessToken, ExpiresIn}]
 *   EntVip_WebiteUserInfo_Get         {AccessToken, OpenID}  -> [{openid, unionid, nikeName, pic, phone, sex}]
 *   EntVip_EntVipLoginGet_V1_Get      {OpenID, MinaID, LoginType, AccessToken}
 *       -> the member row and a member session; no member: errcode 40401 (memberNotFound)
 *   EntVip_EntVipRegisterSubmit_V2_Add {RegisterType, Phone, Code, AreaNo, OpenID, MinaID, AccessToken, VipName, Sex, Birthy, HeadImg, ...}
 *       -> the member row and a member session
 *
 * An openid is only ever taken from a live access token the service minted
 * itself after exchanging the provider's code (tokens.ts): nobody signs in as
 * someone else's openid.
 */
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { ErrorCode } from '../../../shared/protocol/envelope';
import { isValidBirthday, isValidMemberName } from '../../../shared/domain/member';
import type { Queryable } from '../../db/driver';
import {
  identityProvider,
  parseAvatarUrl,
  sandboxAvatarPng,
  type IdentityProviderId,
} from '../../providers/identity';
import { storageProvider } from '../../providers/storage';
import { OpError, type HandlerMap, type OpContext } from '../context';
import { newVipId } from './member';
import { startMemberSession } from './mergeGuest';
import { memberRow, requireEnterprise } from './rows';
import { checkCode, requirePhone } from './smsCodes';
import { mintAccessToken, proveOpenId, TOKEN_TTL_SECONDS, type TokenRow } from './tokens';

/** Exchanges a provider's one-time code server-side and mints the service's token. */
export async function exchangeForToken(
  q: Queryable,
  config: OpContext['config'],
  provider: IdentityProviderId,
  code: string,
  now: Date,
  check?: { appId?: string; state?: string },
) {
  const idp = identityProvider(config, provider);
  if (!idp) return { ok: false as const, reason: 'unavailable' as const };
  const outcome = await idp.exchangeCode(q, code, now, check);
  if (!outcome.ok) return outcome;
  const accessToken = await mintAccessToken(q, provider, outcome.profile, now);
  return { ok: true as const, profile: outcome.profile, accessToken };
}

/** Serialises sign-ups of one identity (phone or openid) across instances. */
async function lockIdentity(q: Queryable, ...keys: string[]) {
  for (const key of [...keys].sort()) await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`vip-identity:${key}`]);
}

async function linkedMember(q: Queryable, entId: string, token: TokenRow, minaId: string): Promise<string | null> {
  const [row] = await q.query<{ vip_id: string; ent_id: string }>(
    `SELECT l.vip_id, v.ent_id FROM vip_open_id l JOIN vip v ON v.vip_id = l.vip_id
      WHERE l.provider = $1 AND l.mina_id = $2 AND l.open_id = $3 AND NOT v.is_guest`,
    [token.provider, minaId, token.open_id],
  );
  if (!row) return null;
  return row.ent_id === entId ? row.vip_id : null;
}

/** Copies the sandbox provider's own avatar into storage (class UserHeadImg); '' when it cannot. */
async function copyAvatar(ctx: OpContext, vipId: string, url: string): Promise<string> {
  const avatar = parseAvatarUrl(url);
  const storage = storageProvider(ctx.config);
  if (!avatar || !storage || !identityProvider(ctx.config, avatar.provider)) return '';
  try {
    const key = objectKey('UserHeadImg', 'png', ctx.now);
    await storage.put(ctx.tx, key, 'image/png', sandboxAvatarPng(avatar.name), ctx.now);
    await ctx.tx.query(
      'INSERT INTO file_name_issue (file_name, vip_id, class_id, content_type, created_at) VALUES ($1, $2, $3, $4, $5)',
      [key, vipId, 'UserHeadImg', 'image/png', ctx.now],
    );
    return key;
  } catch {
    return '';
  }
}

/** A new object key: '<class>/<yyyy>/<MM>/<random>.<ext>'. */
export function objectKey(classId: string, ext: string, now: Date): string {
  const month = DateTime.fromJSDate(now, { zone: 'utc' }).toFormat('yyyy/LL');
  return `${classId}/${month}/${randomBytes(16).toString('hex')}.${ext}`;
}

function checkProfile(ctx: OpContext, row: { VipName?: string; Sex?: number; Birthy?: string }) {
  if (row.VipName !== undefined && row.VipName !== '' && !isValidMemberName(row.VipName)) throw new OpError('vipNameInvalid');
  if (row.Sex !== undefined && ![0, 1, 2].includes(row.Sex)) throw new OpError('sexInvalid');
  if (row.Birthy && !isValidBirthday(row.Birthy, todayIn(ctx))) throw new OpError('birthdayInvalid');
}

/** Today in the service's home zone (Macau). */
export const todayIn = (ctx: OpContext) => DateTime.fromJSDate(ctx.now, { zone: 'Asia/Macau' }).toISODate()!;

export const identityHandlers: HandlerMap = {
  async EntVip_WebiteUserAccessToken_Get(ctx, { tableData: [row] }) {
    const provider = row!.Provider ?? 'chat';
    const result = await exchangeForToken(ctx.tx, ctx.config, provider, row!.Code.trim(), ctx.now);
    if (!result.ok) {
      if (result.reason === 'unavailable') throw new OpError('signInUnavailable');
      // A temporary failure leaves the code usable (its try count is kept).
      if (result.reason === 'retry') throw new OpError('signInRetry', ErrorCode.business, {}, { commit: true });
      throw new OpError('signInCodeInvalid');
    }
    return {
      table1: [{ openid: result.profile.openid, unionid: result.profile.unionid, accessToken: result.accessToken, ExpiresIn: TOKEN_TTL_SECONDS }],
    };
  },

  async EntVip_WebiteUserInfo_Get(ctx, { tableData: [row] }) {
    const token = await proveOpenId(ctx.tx, row!.AccessToken, row!.OpenID, ctx.now);
    return {
      table1: [{ openid: token.open_id, unionid: token.union_id, nikeName: token.nickname, pic: token.head_img, phone: token.phone, sex: token.sex }],
    };
  },

  async EntVip_EntVipLoginGet_V1_Get(ctx, { tableData: [row] }) {
    const entId = await requireEnterprise(ctx.tx, row!.EntID);
    const token = await proveOpenId(ctx.tx, row!.AccessToken, row!.OpenID, ctx.now);
    const vipId = await linkedMember(ctx.tx, entId, token, row!.MinaID ?? '');
    if (!vipId) throw new OpError('memberNotFound', ErrorCode.memberNotFound);
    await startMemberSession(ctx, entId, vipId);
    return { table1: [await memberRow(ctx.tx, vipId, ctx.now, ctx.lang)] };
  },

  /**
   * RegisterType 1 (phone and code): the code must be right; the member with
   * that phone signs in (and gets the openid linked), or a new member is made.
   * RegisterType 0 (phone only) and 2 (neither) are for in-app hosts: they
   * need an OpenID proved by its AccessToken. With 0, a phone already
   * registered is refused unless the provider itself vouched for it (the
   * token's phone), and then that member signs in. An openid already linked
   * signs its member in (a repeated register is harmless).
   */
  async EntVip_EntVipRegisterSubmit_V2_Add(ctx, { tableData: [row] }) {
    const { tx, now } = ctx;
    const r = row!;
    const entId = await requireEnterprise(tx, r.EntID);
    const type = r.RegisterType;
    const minaId = r.MinaID ?? '';
    const openId = r.OpenID?.trim() || '';
    const token = openId ? await proveOpenId(tx, r.AccessToken, openId, now) : null;
    if (type !== 1 && !token) throw new OpError('identityRequired');
    const phone = type === 2 ? null : await requirePhone(tx, r.AreaNo, r.Phone);
    checkProfile(ctx, r);
    if (type === 1) await checkCode(ctx, phone!.key, r.Code);

    await lockIdentity(tx, ...(phone ? [`${entId}:${phone.key}`] : []), ...(token ? [`${token.provider}:${minaId}:${token.open_id}`] : []));

    const linked = token ? await linkedMember(tx, entId, token, minaId) : null;
    let phoneMember: string | null = null;
    if (phone) {
      const [found] = await tx.query<{ vip_id: string }>(
        'SELECT vip_id FROM vip WHERE ent_id = $1 AND area_no = $2 AND phone = $3 AND NOT is_guest',
        [entId, phone.areaNo, phone.phone],
      );
      phoneMember = found?.vip_id ?? null;
    }
    if (linked && phoneMember && linked !== phoneMember) throw new OpError('openIdLinked');
    if (type === 0 && phoneMember && !linked && token?.phone !== phone!.key) throw new OpError('phoneRegistered');

    let vipId = linked ?? phoneMember;
    // A linked member without a phone gets the one just proved (by code, or vouched for by the provider).
    if (linked && phone && !phoneMember && (type === 1 || token?.phone === phone.key)) {
      await tx.query(`UPDATE vip SET area_no = $2, phone = $3 WHERE vip_id = $1 AND phone = ''`, [linked, phone.areaNo, phone.phone]);
    }
    if (!vipId) {
      vipId = newVipId(now);
      await tx.query(
        `INSERT INTO vip (vip_id, ent_id, vip_name, sex, head_img, area_no, phone, birthy, is_guest, vip_code, created_at)
         VALUES ($1, $2, $3, $4, '', $5, $6, $7, false, $8, $9)`,
        [vipId, entId, r.VipName || token?.nickname || '', r.Sex ?? 0, phone?.areaNo ?? '', phone?.phone ?? '', r.Birthy || null, vipId.slice(3), now],
      );
      if (r.HeadImg) {
        const headImg = await copyAvatar(ctx, vipId, r.HeadImg);
        if (headImg) await tx.query('UPDATE vip SET head_img = $2 WHERE vip_id = $1', [vipId, headImg]);
      }
    }
    if (token && !linked) {
      const [taken] = await tx.query<{ vip_id: string }>(
        `INSERT INTO vip_open_id (provider, mina_id, open_id, vip_id, union_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (provider, mina_id, open_id) DO NOTHING RETURNING vip_id`,
        [token.provider, minaId, token.open_id, vipId, token.union_id],
      );
      // Linked to a member of another enterprise (same app id): refuse rather than move it.
      if (!taken) throw new OpError('openIdLinked');
    }
    await startMemberSession(ctx, entId, vipId);
    return { table1: [await memberRow(tx, vipId, now)] };
  },
};
