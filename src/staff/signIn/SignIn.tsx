/**
 * The staff program's sign-in (issue 26): a person's login name and password
 * (POST /staff/session sets the HttpOnly staff session cookie; the page never
 * sees it), then the outlet to work at, among the account's own. A tab that
 * is already signed in (the cookie is still good) goes straight to the
 * outlets. Errors in the screen's language.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffAccount } from '../../shared/protocol/staffAccounts';
import { defineMessages } from '../../ui-kit/defineMessages';
import { localName } from '../../ui-kit/localName';
import { staffApi, type Outlet } from '../api';
import { signOutStaff, type StaffSession } from '../app/session';
import type { StaffLocale } from '../i18n/locale';
import { unlockSound } from '../kitchen/sound';

const m = defineMessages({
  heading: { id: 'staff.signIn.heading', defaultMessage: 'Staff sign-in' },
  login: { id: 'staff.signIn.login', defaultMessage: 'Login name' },
  password: { id: 'staff.signIn.password', defaultMessage: 'Password' },
  signIn: { id: 'staff.signIn', defaultMessage: 'Sign in' },
  wrong: { id: 'staff.signIn.wrong', defaultMessage: 'The login name or the password is wrong.' },
  backoff: { id: 'staff.signIn.backoff', defaultMessage: 'Too many wrong attempts. Try again in {seconds, plural, one {# second} other {# seconds}}.' },
  offline: { id: 'staff.offline', defaultMessage: 'The service cannot be reached. Try again.' },
  chooseOutlet: { id: 'staff.chooseOutlet', defaultMessage: 'Choose your outlet' },
  signedInAs: { id: 'staff.signIn.signedInAs', defaultMessage: 'Signed in as {name}' },
  noOutlets: { id: 'staff.signIn.noOutlets', defaultMessage: 'Your account has no outlet yet: ask the owner to add one.' },
  otherAccount: { id: 'staff.signIn.otherAccount', defaultMessage: 'Sign in as someone else' },
});

type Failure = { kind: 'wrong' } | { kind: 'backoff'; seconds: number } | { kind: 'offline' };

export default function SignIn({ locale, onSignedIn }: { locale: StaffLocale; onSignedIn: (s: StaffSession) => void }) {
  const intl = useIntl();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [account, setAccount] = useState<StaffAccount | null>(null);
  const [outlets, setOutlets] = useState<Outlet[] | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const loadOutlets = async (who: StaffAccount) => {
    setAccount(who);
    setOutlets(await staffApi('').outlets());
  };

  // Still signed in (this tab reloaded, another tab signed in): straight to the outlets.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const res = await fetch('/staff/me');
        if (!res.ok || !live) return;
        const me = (await res.json()) as { kind: string; account?: StaffAccount };
        if (me.account && live) await loadOutlets(me.account);
      } catch {
        // not signed in, or offline: the form is shown
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // The tap that signs in also lets the screen play its new-order sound.
    unlockSound();
    setBusy(true);
    setFailure(null);
    try {
      const res = await fetch('/staff/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: JSON.stringify({ login: login.trim(), password }),
      });
      if (res.status === 429) {
        setFailure({ kind: 'backoff', seconds: Number(res.headers.get('retry-after')) || 60 });
      } else if (!res.ok) {
        setFailure(res.status === 401 || res.status === 400 ? { kind: 'wrong' } : { kind: 'offline' });
      } else {
        setPassword('');
        await loadOutlets(((await res.json()) as { account: StaffAccount }).account);
      }
    } catch {
      setFailure({ kind: 'offline' });
    } finally {
      setBusy(false);
    }
  };

  if (outlets && account) {
    return (
      <section className="sign-in" aria-labelledby="choose-outlet">
        <p>
          <FormattedMessage {...m.signedInAs} values={{ name: account.displayName }} />
        </p>
        <h2 id="choose-outlet">
          <FormattedMessage {...m.chooseOutlet} />
        </h2>
        {outlets.length === 0 && (
          <p role="alert">
            <FormattedMessage {...m.noOutlets} />
          </p>
        )}
        <ul className="outlets">
          {outlets.map((o) => (
            <li key={o.baseId}>
              <button
                type="button"
                className="btn btn-block"
                onClick={() => {
                  unlockSound();
                  onSignedIn({ token: '', outlet: o, role: account.role });
                }}
              >
                {localName({ zh: o.name, tw: o.nameTw, en: o.nameEn }, locale)}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn"
          onClick={() => {
            void signOutStaff();
            setOutlets(null);
            setAccount(null);
          }}
        >
          <FormattedMessage {...m.otherAccount} />
        </button>
      </section>
    );
  }
  const error =
    failure?.kind === 'wrong'
      ? intl.formatMessage(m.wrong)
      : failure?.kind === 'backoff'
        ? intl.formatMessage(m.backoff, { seconds: failure.seconds })
        : failure?.kind === 'offline'
          ? intl.formatMessage(m.offline)
          : '';
  return (
    <form className="sign-in" onSubmit={handleSubmit} aria-labelledby="staff-sign-in">
      <h2 id="staff-sign-in">
        <FormattedMessage {...m.heading} />
      </h2>
      <label htmlFor="staff-login">
        <FormattedMessage {...m.login} />
      </label>
      <input id="staff-login" name="username" type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} value={login} onChange={(e) => setLogin(e.target.value)} required />
      <label htmlFor="staff-password">
        <FormattedMessage {...m.password} />
      </label>
      <input id="staff-password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || !login.trim() || !password}>
        <FormattedMessage {...m.signIn} />
      </button>
    </form>
  );
}
