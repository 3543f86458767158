/**
 * What the sign-in flows need from the page, in one place so that tests can
 * give their own: the address (to read a host's code and to come back to),
 * a redirect to a provider's page, the provider's user-info GETs, the
 * food-app host object, session storage and a random state.
 */
import { gatewayUrl } from '../app/config';
import { GATEWAY_PATH } from '../../shared/protocol/envelope';
import { localStore, sessionStore } from '../host/storage';

export interface FoodAppBridge {
  getAccessToken(callback?: (err: unknown, code?: string) => void): Promise<string> | void;
}

export interface SignInEnv {
  /** The page's full address. */
  href(): string;
  /** Leaves the app for a provider's page. */
  redirect(url: string): void;
  /** Rewrites the address without a reload (drops a spent code). */
  replaceUrl(url: string): void;
  /** GET of a provider's JSON answer; rejects on a network failure or an answer that is not JSON. */
  getJson(url: string, headers: Record<string, string>): Promise<unknown>;
  /** The food-app host object, if the host injected one. */
  foodAppBridge(): FoodAppBridge | undefined;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** A fresh OAuth state (unguessable). */
  newState(): string;
  sleep(ms: number): Promise<void>;
}

/**
 * Where the identity providers' user-info and authorize pages are: a
 * build-time setting (IDENTITY_BASE), by default the service's sandbox
 * providers beside the data endpoint.
 */
export function identityBase(): string {
  if (__IDENTITY_BASE__) return __IDENTITY_BASE__.replace(/\/$/, '');
  return `${gatewayUrl().slice(0, -GATEWAY_PATH.length)}/sandbox/identity`;
}

export function browserSignInEnv(): SignInEnv {
  return {
    href: () => window.location.href,
    redirect: (url) => window.location.assign(url),
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    getJson: async (url, headers) => {
      const res = await fetch(url, { headers, credentials: 'include' });
      return (await res.json()) as unknown;
    },
    foodAppBridge: () => (window as unknown as { mFoodJSBridge?: FoodAppBridge }).mFoodJSBridge,
    session: sessionStore,
    local: localStore,
    newState: () => {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
