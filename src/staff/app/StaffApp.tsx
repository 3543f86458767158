/**
 * The staff program: everything the restaurant's people use (the kitchen and
 * counter screen today). Its own messages in three languages
 * (src/staff/i18n), its own sign-in, router and sections (app/Shell.tsx).
 */
import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { initialLocale, rememberLocale, STAFF_MESSAGES, type StaffLocale } from '../i18n/locale';
import { Shell } from './Shell';

export function StaffApp({ locale: start }: { locale?: StaffLocale }) {
  const [locale, setLocale] = useState<StaffLocale>(() => start ?? initialLocale());
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const handleLocale = (l: StaffLocale) => {
    rememberLocale(l);
    setLocale(l);
  };
  return (
    <IntlProvider locale={locale} messages={STAFF_MESSAGES[locale]} defaultLocale="en">
      <Shell locale={locale} onLocale={handleLocale} />
    </IntlProvider>
  );
}
