/**
 * The staff program: everything the restaurant's people use (the kitchen and
 * counter screen today). Its own messages in three languages
 * (src/staff/i18n), its own sign-in, router and sections (app/Shell.tsx).
 */
import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { ENGLISH, initialLocale, loadMessages, rememberLocale, type StaffLocale, type StaffMessages } from '../i18n/locale';
import { Shell } from './Shell';

/** The screen in `locale` once its messages are here; until then the language shown before (nothing at the very start). */
export function StaffApp({ locale: start }: { locale?: StaffLocale }) {
  const [wanted, setWanted] = useState<StaffLocale>(() => start ?? initialLocale());
  const [shown, setShown] = useState<{ locale: StaffLocale; messages: StaffMessages } | null>(() =>
    wanted === 'en' ? { locale: 'en', messages: ENGLISH } : null,
  );
  useEffect(() => {
    if (shown?.locale === wanted) {
      document.documentElement.lang = wanted;
      return;
    }
    let current = true;
    void loadMessages(wanted).then((messages) => {
      if (!current) return;
      document.documentElement.lang = wanted;
      setShown({ locale: wanted, messages });
    });
    return () => {
      current = false;
    };
    // Only the wanted language starts a load (what is shown meanwhile does not).
  }, [wanted]);
  const handleLocale = (l: StaffLocale) => {
    rememberLocale(l);
    setWanted(l);
  };
  if (!shown) return null;
  return (
    <IntlProvider locale={shown.locale} messages={shown.messages} defaultLocale="en">
      <Shell locale={shown.locale} onLocale={handleLocale} />
    </IntlProvider>
  );
}
