/**
 * clear (SPEC section 2): clears what the app keeps on this phone (local and
 * session storage, the browser's Cache Storage) after a confirmation, and
 * signs out (issue 22: the service ends the session and clears its HttpOnly
 * cookie, which the app cannot reach itself), then restarts the app at its
 * entry. What the service keeps (the account, orders, balance, coupons) is
 * not touched.
 */
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../i18n/defineMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useSignOut } from '../../session';

const messages = defineMessages({
  intro: { id: 'clear.intro', defaultMessage: 'If the app misbehaves, clearing what it keeps on this phone often helps. This clears:' },
  cart: { id: 'clear.cart', defaultMessage: 'your cart and the dining mode you chose' },
  settings: { id: 'clear.settings', defaultMessage: 'the language you chose and other settings kept on this phone' },
  signIn: { id: 'clear.signIn', defaultMessage: 'your sign-in on this phone: you will be signed out' },
  files: { id: 'clear.files', defaultMessage: 'saved copies of pages and pictures' },
  kept: { id: 'clear.kept', defaultMessage: 'Your account, orders, balance, points and coupons are kept by the shop and are not affected.' },
  button: { id: 'clear.button', defaultMessage: 'Clear cache' },
  confirm: { id: 'clear.confirm', defaultMessage: 'Clear the cache and restart the app?' },
  clearing: { id: 'clear.clearing', defaultMessage: 'Clearing…' },
});

/** Where the storage lives; a stand-in in tests. */
export interface ClearTarget {
  localStorage?: Pick<Storage, 'clear'>;
  sessionStorage?: Pick<Storage, 'clear'>;
  caches?: Pick<CacheStorage, 'keys' | 'delete'>;
}

/** Empties local and session storage and the Cache Storage; a store that refuses is skipped. */
export async function clearAppData(target: ClearTarget = window): Promise<void> {
  for (const store of [target.localStorage, target.sessionStorage]) {
    try {
      store?.clear();
    } catch {
      // storage refused (private mode): nothing kept there
    }
  }
  try {
    if (target.caches) {
      const names = await target.caches.keys();
      await Promise.all(names.map((name) => target.caches!.delete(name)));
    }
  } catch {
    // Cache Storage refused (an insecure origin): nothing kept there
  }
}

/** Starts the app again at its entry (the same page and query, so a test host stays chosen). */
export function restartApp(loc: Pick<Location, 'origin' | 'pathname' | 'search' | 'replace'> = window.location): void {
  loc.replace(`${loc.origin}${loc.pathname}${loc.search}`);
}

export default function ClearPage({ restart = restartApp, target }: { restart?: () => void; target?: ClearTarget }) {
  const confirm = useConfirm();
  const signOut = useSignOut();
  const [clearing, setClearing] = useState(false);

  const handleClear = async () => {
    if (!(await confirm({ message: messages.confirm, confirmLabel: messages.button }))) return;
    setClearing(true);
    // Signed out on the service first (offline, the session simply stays until it expires).
    await signOut().catch(() => false);
    await clearAppData(target);
    restart();
  };

  return (
    <section className="clear">
      <p>
        <FormattedMessage {...messages.intro} />
      </p>
      <ul>
        {[messages.cart, messages.settings, messages.signIn, messages.files].map((m) => (
          <li key={m.id}>
            <FormattedMessage {...m} />
          </li>
        ))}
      </ul>
      <p className="note">
        <FormattedMessage {...messages.kept} />
      </p>
      <button type="button" className="btn btn-danger btn-block" disabled={clearing} onClick={() => void handleClear()}>
        <FormattedMessage {...(clearing ? messages.clearing : messages.button)} />
      </button>
    </section>
  );
}
