/**
 * The open user info a host gave us (SPEC sections 3 and 9): kept in session
 * storage for the browser session, so a reload inside the host does not need
 * a new one-time code, and so a phone sign-in in that host links its openid.
 */
import type { HostId } from '../../host/detect';

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

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readOpenUserInfo(
  store: KeyValueStore | null = sessionStore(),
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
  store: KeyValueStore | null = sessionStore(),
): void {
  try {
    store?.setItem(OPEN_USER_INFO_KEY, JSON.stringify(info));
  } catch {
    // Storage refused (private mode): the sign-in still works for this page.
  }
}

export function forgetOpenUserInfo(store: KeyValueStore | null = sessionStore()): void {
  try {
    store?.removeItem(OPEN_USER_INFO_KEY);
  } catch {
    // nothing to forget
  }
}
