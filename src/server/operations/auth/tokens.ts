/**
 * The service's own access tokens for a provider's user. After the service
 * has exchanged a provider's one-time code (server-side), it mints a token
 * bound to that provider and openid: 32 random bytes, stored as SHA-256, valid
 * 2 hours, carrying the profile the provider gave. The app passes it with the
 * openid to EntVip_WebiteUserInfo_Get, EntVip_EntVipLoginGet_V1_Get and
 * EntVip_EntVipRegisterSubmit_V2_Add, which is how the service knows the
 * caller really is that openid.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/driver';
import { sha256, type IdentityProfile, type IdentityProviderId } from '../../providers/identity';
import { OpError } from '../context';

export const TOKEN_TTL_SECONDS = 2 * 3600;

export type TokenRow = {
  provider: IdentityProviderId;
  open_id: string;
  union_id: string;
  nickname: string;
  head_img: string;
  sex: number;
  phone: string;
};

export async function mintAccessToken(q: Queryable, provider: IdentityProviderId, profile: IdentityProfile, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query('DELETE FROM identity_token WHERE expires_at < $1', [new Date(now.getTime() - 86_400_000)]);
  await q.query(
    `INSERT INTO identity_token (token_hash, provider, open_id, union_id, nickname, head_img, sex, phone, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [sha256(token), provider, profile.openid, profile.unionid, profile.nickname, profile.headimgurl, profile.sex, profile.phone, now, new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000)],
  );
  return token;
}

/**
 * The token's row when it is live and bound to `openId`; otherwise a refusal:
 * an unknown or expired token is 'Your sign-in has expired', a live token of
 * another openid 'This sign-in does not belong to this account'.
 */
export async function proveOpenId(q: Queryable, token: string | undefined, openId: string, now: Date): Promise<TokenRow> {
  if (!token) throw new OpError('accessTokenInvalid');
  const [row] = await q.query<TokenRow>(
    `SELECT provider, open_id, union_id, nickname, head_img, sex, phone FROM identity_token WHERE token_hash = $1 AND expires_at > $2`,
    [sha256(token), now],
  );
  if (!row) throw new OpError('accessTokenInvalid');
  if (row.open_id !== openId) throw new OpError('accessTokenMismatch');
  return row;
}
