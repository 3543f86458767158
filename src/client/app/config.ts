/**
 * Where the data endpoint lives. Both hosts are build-time settings that
 * default to the serving origin; test mode (query test=1, or a path containing
 * 'test') picks the test host (SPEC section 7).
 */
import { GATEWAY_PATH } from '../../shared/protocol/envelope';

export const APP_NAME = 'HBBOrder';
export const APP_VERSION = __APP_VERSION__;
/** SPEC section 9: request timeout 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

export function isTestMode(loc: Pick<Location, 'search' | 'hash' | 'pathname'>): boolean {
  const query = new URLSearchParams(loc.search);
  const hashQuery = new URLSearchParams(loc.hash.split('?')[1] ?? '');
  return query.get('test') === '1' || hashQuery.get('test') === '1' || /test/i.test(loc.pathname);
}

export function gatewayUrl(loc: Pick<Location, 'search' | 'hash' | 'pathname' | 'origin'> = window.location): string {
  const host = (isTestMode(loc) ? __TEST_API_HOST__ : __API_HOST__) || loc.origin;
  return `${host.replace(/\/$/, '')}${GATEWAY_PATH}`;
}
