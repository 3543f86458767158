/** Provides react-intl for the current locale, loading its messages chunk first. */
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useAppSelector } from '../app/hooks';
import { selectLocale, type Locale } from '../app/uiSlice';
import { laterMessagesOf, loadLaterMessages, setShownLocale, subscribeLaterMessages } from './laterMessages';
import { loadMessages, type Messages } from './loadMessages';

export function IntlRoot({ children, initial }: { children: ReactNode; initial?: { locale: Locale; messages: Messages } }) {
  const locale = useAppSelector(selectLocale);
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(initial ?? null);

  useEffect(() => {
    if (loaded?.locale === locale) return;
    let live = true;
    // A language switch on a later page brings that language's later messages too.
    const hadLater = loaded ? laterMessagesOf(loaded.locale) !== undefined : false;
    Promise.all([loadMessages(locale), hadLater ? loadLaterMessages(locale) : undefined]).then(
      ([messages]) => live && setLoaded({ locale, messages }),
      // Without the chunk the English defaults in the code still read well (in development; production ships none).
      () => live && setLoaded({ locale, messages: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale, loaded]);

  // Before the children render: a later page's loader (routes.ts) asks for this locale's later messages.
  if (loaded) setShownLocale(loaded.locale);
  const laterMessages = useSyncExternalStore(subscribeLaterMessages, () => (loaded ? laterMessagesOf(loaded.locale) : undefined));
  const messages = useMemo(
    () => (loaded && laterMessages ? ({ ...loaded.messages, ...laterMessages } as Messages) : loaded?.messages),
    [loaded, laterMessages],
  );

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  if (!loaded) return null;
  return (
    <IntlProvider locale={loaded.locale} messages={messages} defaultLocale="en" onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}

function onIntlError(err: { code?: string; message: string }) {
  // A missing translation falls back to English; the i18n check in CI is what guards completeness.
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error(err.message);
}
