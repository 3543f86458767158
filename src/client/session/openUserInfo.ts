/**
 * The open user info a host gave us (SPEC sections 3 and 9): kept in session
 * storage for the browser session, so a reload inside the host does not need
 * a new one-time code, and so a phone sign-in in that host links its openid.
 */
import type { HostId } from '../host/detect';
import { sessionStore as pageSession, type KeyValueStore } from '../host/storage';
import { memberNameFrom, NICKNAME_FALLBACKS } from '../../shared/domain/member';

export interface OpenUserInfo {
  /** Which identity provider vouched for the openid. */
  provider: Exclude<HostId, 'browser' | 'payapp'>;
  openid: string;
  unionid: string;
  /** The mini-app/official-account id the openid belongs to (shop info MinaID). */
  MinaID: string;
  nickname: string;
  headimgurl: string;
  /** The member's values: 0 not given, 1 female, 2 male (sexFromHost maps a host's own). */
  sex: number;
  /** The service's own access token for this openid (proves it on login and register). */
  accessToken: string;
  /** 'area-number' when the provider vouched for a phone, else ''. */
  phone: string;
}

export const OPEN_USER_INFO_KEY = 'openUserInfo';


export function readOpenUserInfo(
  store: KeyValueStore | null = pageSession,
): OpenUserInfo | null {
  const raw = store?.getItem(OPEN_USER_INFO_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as OpenUserInfo;
    return value && typeof value.openid === 'string' && typeof value.accessToken === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
}

export function saveOpenUserInfo(
  info: OpenUserInfo,
  store: KeyValueStore | null = pageSession,
): void {
  try {
    store?.setItem(OPEN_USER_INFO_KEY, JSON.stringify(info));
  } catch {
    // Storage refused (private mode): the sign-in still works for this page.
  }
}

export function forgetOpenUserInfo(store: KeyValueStore | null = pageSession): void {
  try {
    store?.removeItem(OPEN_USER_INFO_KEY);
  } catch {
    // nothing to forget
  }
}

/** The longest avatar address the register operation takes. */
const MAX_HEAD_IMG = 500;

/**
 * The member fields a host's open user info gives the register call, the same
 * for the silent host sign-in and the phone page inside a host: the openid and
 * its token, the avatar, the sex (0, 1, 2) and a name that passes the member-
 * name rule (the nickname cleaned, else the platform's fallback, SPEC 9).
 */
export function hostRegisterFields(info: OpenUserInfo): {
  OpenID: string;
  MinaID: string;
  AccessToken: string;
  VipName: string;
  Sex: 0 | 1 | 2;
  HeadImg?: string;
} {
  const fields: ReturnType<typeof hostRegisterFields> = {
    OpenID: info.openid,
    MinaID: info.MinaID ?? '',
    AccessToken: info.accessToken,
    VipName: memberNameFrom(info.nickname, NICKNAME_FALLBACKS[info.provider]),
    Sex: info.sex === 1 || info.sex === 2 ? info.sex : 0,
  };
  if (info.headimgurl && info.headimgurl.length <= MAX_HEAD_IMG) fields.HeadImg = info.headimgurl;
  return fields;
}
