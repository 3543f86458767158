/**
 * The Menu section's own messages (src/staff/backOffice/menu/i18n, a message
 * set of its own in npm run i18n:extract): they come with the section's
 * chunk, so the kitchen screen's first load does not carry them. English is
 * the code's own texts (i18n/locale.ts ENGLISH); a Chinese set is a chunk of
 * its own, loaded when it is the screen's language. The staff program's messages stay available inside.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { ENGLISH, type StaffLocale, type StaffMessages } from '../../i18n/locale';

function load(locale: StaffLocale): Promise<StaffMessages> {
  if (locale === 'zh-CN') return import(/* webpackChunkName: "back-office-menu-zh-CN" */ './i18n/zh-CN.json').then((m) => m.default);
  if (locale === 'zh-TW') return import(/* webpackChunkName: "back-office-menu-zh-TW" */ './i18n/zh-TW.json').then((m) => m.default);
  return Promise.resolve(ENGLISH);
}

export function MenuIntl({ locale, children }: { locale: StaffLocale; children: ReactNode }) {
  const outer = useIntl();
  const [own, setOwn] = useState<{ locale: StaffLocale; messages: StaffMessages } | null>(locale === 'en' ? { locale, messages: ENGLISH } : null);
  useEffect(() => {
    let live = true;
    void load(locale).then((messages) => live && setOwn({ locale, messages }));
    return () => {
      live = false;
    };
  }, [locale]);
  if (!own || own.locale !== locale) return null;
  return (
    <IntlProvider locale={outer.locale} messages={{ ...(outer.messages as StaffMessages), ...own.messages }} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
