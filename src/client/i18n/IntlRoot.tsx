/** Provides react-intl for the current locale, loading its messages chunk first. */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../app/hooks';
import { selectLocale, type Locale } from '../app/uiSlice';
import { loadMessages, type Messages } from './loadMessages';

export function IntlRoot({ children, initial }: { children: ReactNode; initial?: { locale: Locale; messages: Messages } }) {
  const locale = useAppSelector(selectLocale);
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(initial ?? null);

  useEffect(() => {
    if (loaded?.locale === locale) return;
    let live = true;
    loadMessages(locale).then(
      (messages) => live && setLoaded({ locale, messages }),
      // Without the chunk the English defaults in the code still read well.
      () => live && setLoaded({ locale, messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale, loaded?.locale]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  if (!loaded) return null;
  return (
    <IntlProvider locale={loaded.locale} messages={loaded.messages} defaultLocale="en" onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}

function onIntlError(err: { code?: string; message: string }) {
  // A missing translation falls back to English; the i18n check in CI is what guards completeness.
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error(err.message);
}
