/**
 * Renders a staff view as the program does (house style 5, as the app's
 * src/client/test/render.tsx): the intl provider with the locale's real
 * messages, and the staff client signed in to the stand-in (standIns.ts).
 */
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { staffApi } from '../api';
import { ENGLISH, type StaffLocale } from '../i18n/locale';
import zhCN from '../i18n/locales/zh-CN.json';
import zhTW from '../i18n/locales/zh-TW.json';
import { TOKEN } from './standIns';

/** English as the program has it: the code's own texts (i18n/locale.ts). */
const MESSAGES: Record<StaffLocale, Record<string, string>> = { en: ENGLISH, 'zh-CN': zhCN, 'zh-TW': zhTW };

export function renderStaff(
  ui: ReactElement,
  { locale = 'en', ...options }: { locale?: StaffLocale } & RenderOptions = {},
) {
  return render(
    <IntlProvider
      locale={locale}
      messages={MESSAGES[locale]}
      defaultLocale="en"
      onError={(e) => {
        throw e;
      }}
    >
      {ui}
    </IntlProvider>,
    options,
  );
}

/** The staff client as a signed-in screen has it. */
export function testApi(locale: StaffLocale = 'en') {
  return staffApi(TOKEN, locale);
}
