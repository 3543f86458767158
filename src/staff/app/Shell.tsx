/**
 * The staff program's frame: the bar (title, outlet, language, sign-out), the
 * sign-in place until a session exists, then the sections' navigation and the
 * section in front, each loaded alone.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { localName } from '../../ui-kit/localName';
import { staffApi } from '../api';
import type { StaffLocale } from '../i18n/locale';
import { LanguageSelect } from '../ui/LanguageSelect';
import { Loading } from '../ui/Loading';
import { HOME_SECTION, useSection, type SectionId } from './router';
import { SECTIONS } from './sections';
import { readSession, saveSession, sessionSections, signOutStaff, type StaffSession } from './session';

const SignIn = lazy(() => import(/* webpackChunkName: "sign-in" */ '../signIn/SignIn'));
// Issue 28: the tables' calls, over every section (a chunk of its own).
const CallsBanner = lazy(() => import(/* webpackChunkName: "calls" */ '../calls/CallsBanner'));

const m = defineMessages({
  title: { id: 'staff.title', defaultMessage: 'Kitchen and counter' },
  signOut: { id: 'staff.signOut', defaultMessage: 'Sign out' },
  sections: { id: 'staff.sections', defaultMessage: 'Sections' },
});

export function Shell({ locale, onLocale }: { locale: StaffLocale; onLocale: (l: StaffLocale) => void }) {
  const intl = useIntl();
  const [session, setSession] = useState<StaffSession | null>(readSession);
  const [asked, go] = useSection();
  // Only the sections the signed-in role may use (the service refuses the others with 403); a path to
  // another opens the home section, which every role has.
  const allowed = useMemo(() => (session ? sessionSections(session) : []), [session]);
  const section = allowed.includes(asked) ? asked : HOME_SECTION;
  // Sections shown since sign-in that stay mounted behind the others (the kitchen).
  const [kept, setKept] = useState<ReadonlySet<SectionId>>(() => new Set());
  // The screen's language goes with every call: the orders' lines and the specs come back in it.
  const api = useMemo(() => (session ? staffApi(session.token, locale) : null), [session, locale]);

  useEffect(() => {
    document.title = intl.formatMessage(m.title);
  }, [intl]);
  useEffect(() => {
    if (SECTIONS[section].keepMounted && !kept.has(section)) setKept(new Set([...kept, section]));
  }, [section, kept]);

  const handleSignedIn = (s: StaffSession) => {
    saveSession(s);
    setSession(s);
  };
  const handleSignOut = () => {
    void signOutStaff();
    saveSession(null);
    setSession(null);
    setKept(new Set());
  };
  const outletName = session ? localName({ zh: session.outlet.name, tw: session.outlet.nameTw, en: session.outlet.nameEn }, locale) : '';

  return (
    <div className="staff">
      <header className="staff-bar">
        <h1>
          <FormattedMessage {...m.title} />
          {outletName && <span className="outlet"> · {outletName}</span>}
        </h1>
        <LanguageSelect locale={locale} onLocale={onLocale} />
        {session && (
          <button type="button" className="btn" onClick={handleSignOut}>
            <FormattedMessage {...m.signOut} />
          </button>
        )}
      </header>
      {!session || !api ? (
        <Suspense fallback={<Loading />}>
          <SignIn locale={locale} onSignedIn={handleSignedIn} />
        </Suspense>
      ) : (
        <>
          <nav className="staff-tabs" aria-label={intl.formatMessage(m.sections)}>
            {allowed.map((id) => (
              <button key={id} type="button" className={`tab${section === id ? ' active' : ''}`} aria-pressed={section === id} onClick={() => go(id)}>
                <FormattedMessage {...SECTIONS[id].title} />
              </button>
            ))}
          </nav>
          <Suspense fallback={null}>
            <CallsBanner api={api} session={session} />
          </Suspense>
          <main>
            {allowed.filter((id) => id === section || kept.has(id)).map((id) => {
              const { Component } = SECTIONS[id];
              return (
                <div key={id} hidden={id !== section}>
                  <Suspense fallback={<Loading />}>
                    <Component api={api} session={session} locale={locale} onSignedOut={handleSignOut} />
                  </Suspense>
                </div>
              );
            })}
          </main>
        </>
      )}
    </div>
  );
}
