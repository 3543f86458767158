/**
 * The kitchen and counter screen: sign in with a staff account (SignIn.tsx) and
 * choose the outlet, then the orders board, the sold-out marks and the member lookup.
 * Three languages (its own messages, src/staff/i18n/locales).
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import { defineMessages } from '../client/i18n/defineMessages';
import { staffApi, type Outlet } from './api';
import { Board } from './Board';
import { MemberLookup } from './MemberLookup';
import { SoldOutPanel } from './SoldOutPanel';
import { SignIn, signOutStaff } from './SignIn';
import en from './i18n/locales/en.json';
import zhCN from './i18n/locales/zh-CN.json';
import zhTW from './i18n/locales/zh-TW.json';

export type StaffLocale = 'en' | 'zh-CN' | 'zh-TW';
const MESSAGES: Record<StaffLocale, Record<string, string>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };
const LANGUAGE_KEY = 'staffLanguage';
const SESSION_KEY = 'staffSession';

const m = defineMessages({
  title: { id: 'staff.title', defaultMessage: 'Kitchen and counter' },
  language: { id: 'staff.language', defaultMessage: 'Language' },
  signOut: { id: 'staff.signOut', defaultMessage: 'Sign out' },
  orders: { id: 'staff.tab.orders', defaultMessage: 'Orders' },
  soldOut: { id: 'staff.tab.soldOut', defaultMessage: 'Sold out' },
  member: { id: 'staff.tab.member', defaultMessage: 'Member' },
  sections: { id: 'staff.sections', defaultMessage: 'Sections' },
});

function initialLocale(): StaffLocale {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored === 'en' || stored === 'zh-CN' || stored === 'zh-TW') return stored;
  const nav = navigator.language.toLowerCase();
  if (nav.startsWith('zh')) return /tw|hk|mo|hant/.test(nav) ? 'zh-TW' : 'zh-CN';
  return 'en';
}

interface Session {
  token: string;
  outlet: Outlet;
}

function readSession(): Session | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return s && typeof s.token === 'string' && s.outlet?.baseId ? s : null;
  } catch {
    return null;
  }
}

export function StaffApp() {
  const [locale, setLocale] = useState<StaffLocale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const handleLocale = (l: StaffLocale) => {
    localStorage.setItem(LANGUAGE_KEY, l);
    document.documentElement.lang = l;
    setLocale(l);
  };
  return (
    <IntlProvider locale={locale} messages={MESSAGES[locale]} defaultLocale="en">
      <Screen locale={locale} onLocale={handleLocale} />
    </IntlProvider>
  );
}

function LanguageSelect({ locale, onLocale }: { locale: StaffLocale; onLocale: (l: StaffLocale) => void }) {
  const intl = useIntl();
  return (
    <label className="language">
      <span className="visually-hidden">{intl.formatMessage(m.language)}</span>
      <select aria-label={intl.formatMessage(m.language)} value={locale} onChange={(e) => onLocale(e.target.value as StaffLocale)}>
        <option value="en">English</option>
        <option value="zh-CN">简体中文</option>
        <option value="zh-TW">繁體中文</option>
      </select>
    </label>
  );
}

function Screen({ locale, onLocale }: { locale: StaffLocale; onLocale: (l: StaffLocale) => void }) {
  const intl = useIntl();
  const [session, setSession] = useState<Session | null>(readSession);
  const [tab, setTab] = useState<'orders' | 'soldOut' | 'member'>('orders');
  // The screen's language goes with every call: the orders' lines and the specs come back in it.
  const api = useMemo(() => (session ? staffApi(session.token, locale) : null), [session, locale]);

  useEffect(() => {
    document.title = intl.formatMessage(m.title);
  }, [intl]);

  const handleSignedIn = (s: Session) => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(s));
    setSession(s);
  };
  const handleSignOut = () => {
    void signOutStaff();
    sessionStorage.removeItem(SESSION_KEY);
    setSession(null);
  };
  const outletName = session ? (locale === 'en' ? session.outlet.nameEn : locale === 'zh-TW' ? session.outlet.nameTw : session.outlet.name) : '';

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
        <SignIn locale={locale} onSignedIn={handleSignedIn} />
      ) : (
        <>
          <nav className="staff-tabs" aria-label={intl.formatMessage(m.sections)}>
            {(['orders', 'soldOut', 'member'] as const).map((t) => (
              <button key={t} type="button" className={`tab${tab === t ? ' active' : ''}`} aria-pressed={tab === t} onClick={() => setTab(t)}>
                <FormattedMessage {...m[t]} />
              </button>
            ))}
          </nav>
          <main>
            {/* The board stays mounted (its stream, its sound) while another section is shown. */}
            <div hidden={tab !== 'orders'}>
              <Board api={api} token={session.token} baseId={session.outlet.baseId} locale={locale} onSignedOut={handleSignOut} />
            </div>
            {tab === 'soldOut' && <SoldOutPanel api={api} token={session.token} baseId={session.outlet.baseId} locale={locale} />}
            {tab === 'member' && <MemberLookup api={api} />}
          </main>
        </>
      )}
    </div>
  );
}
