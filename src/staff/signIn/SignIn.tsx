/**
 * The staff program's sign-in place: today the staff token, then the outlet
 * the screen serves. Staff accounts replace the token form here; the rest of
 * the program only sees the session it makes (app/session.ts).
 */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { localName } from '../../ui-kit/localName';
import { staffApi, StaffError, type Outlet } from '../api';
import type { StaffSession } from '../app/session';
import type { StaffLocale } from '../i18n/locale';
import { unlockSound } from '../kitchen/sound';

const m = defineMessages({
  token: { id: 'staff.token', defaultMessage: 'Staff token' },
  signIn: { id: 'staff.signIn', defaultMessage: 'Sign in' },
  wrongToken: { id: 'staff.wrongToken', defaultMessage: 'This staff token is not valid.' },
  offline: { id: 'staff.offline', defaultMessage: 'The service cannot be reached. Try again.' },
  chooseOutlet: { id: 'staff.chooseOutlet', defaultMessage: 'Choose your outlet' },
});

export default function SignIn({ locale, onSignedIn }: { locale: StaffLocale; onSignedIn: (s: StaffSession) => void }) {
  const intl = useIntl();
  const [token, setToken] = useState('');
  const [outlets, setOutlets] = useState<Outlet[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // The tap that signs in also lets the screen play its new-order sound.
    unlockSound();
    setBusy(true);
    setError('');
    try {
      setOutlets(await staffApi(token.trim(), locale).outlets());
    } catch (err) {
      setError(intl.formatMessage(err instanceof StaffError && err.status === 401 ? m.wrongToken : m.offline));
    } finally {
      setBusy(false);
    }
  };

  if (outlets) {
    return (
      <section className="sign-in" aria-labelledby="choose-outlet">
        <h2 id="choose-outlet">
          <FormattedMessage {...m.chooseOutlet} />
        </h2>
        <ul className="outlets">
          {outlets.map((o) => (
            <li key={o.baseId}>
              <button
                type="button"
                className="btn btn-block"
                onClick={() => {
                  unlockSound();
                  onSignedIn({ token: token.trim(), outlet: o });
                }}
              >
                {localName({ zh: o.name, tw: o.nameTw, en: o.nameEn }, locale)}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <form className="sign-in" onSubmit={handleSubmit}>
      <label htmlFor="staff-token">
        <FormattedMessage {...m.token} />
      </label>
      <input id="staff-token" type="password" autoComplete="current-password" value={token} onChange={(e) => setToken(e.target.value)} required />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || !token.trim()}>
        <FormattedMessage {...m.signIn} />
      </button>
    </form>
  );
}
