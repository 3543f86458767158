/**
 * Web storage that never throws: in-app browsers and private modes refuse
 * storage, and then a memory stand-in keeps the value for this page. The one
 * wrapper the app uses for session and local storage (sign-in state, the open
 * user info, the phone forms, the member's VipID). Tiny and free of page
 * code: the first screen's bundle carries it.
 */
/** Local storage key of the signed-in member's VipID (SPEC section 3). */
export const VIP_ID_KEY = 'VipID';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function safeStorage(kind: 'sessionStorage' | 'localStorage'): KeyValueStore {
  const memory = new Map<string, string>();
  const real = (): Storage | null => {
    try {
      return typeof window === 'undefined' ? null : window[kind];
    } catch {
      return null;
    }
  };
  return {
    getItem: (k) => {
      try {
        return real()?.getItem(k) ?? memory.get(k) ?? null;
      } catch {
        return memory.get(k) ?? null;
      }
    },
    setItem: (k, v) => {
      try {
        const store = real();
        if (store) store.setItem(k, v);
        else memory.set(k, v);
      } catch {
        memory.set(k, v);
      }
    },
    removeItem: (k) => {
      memory.delete(k);
      try {
        real()?.removeItem(k);
      } catch {
        // nothing stored
      }
    },
  };
}

/** The page's session storage (one instance, so the memory stand-in is shared). */
export const sessionStore: KeyValueStore = safeStorage('sessionStorage');
/** The page's local storage. */
export const localStore: KeyValueStore = safeStorage('localStorage');

export function readSession(key: string): string | null {
  return sessionStore.getItem(key);
}

/** Writes (or with null removes) a session value; storage refused (private mode) is no error. */
export function writeSession(key: string, value: string | null): void {
  if (value === null) sessionStore.removeItem(key);
  else sessionStore.setItem(key, value);
}
