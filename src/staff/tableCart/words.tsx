/**
 * The table cart's words (issue 28): a catalogue of its own (./i18n, npm run
 * i18n:extract), loaded with the chunks that show the button (the calls
 * banner, the fix panel), so the kitchen's first load does not carry them.
 */
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { ENGLISH, isStaffLocale, type StaffLocale } from '../i18n/locale';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';

const MESSAGES: Record<StaffLocale, Record<string, string>> = { en: ENGLISH, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** Its children read the table cart's messages in the screen's language. */
export function TableCartWords({ children }: { children: ReactNode }) {
  const { locale } = useIntl();
  const lang: StaffLocale = isStaffLocale(locale) ? locale : 'en';
  return (
    <IntlProvider locale={lang} messages={MESSAGES[lang]} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
