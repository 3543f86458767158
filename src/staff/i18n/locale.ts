/** The staff program's three languages: its own messages (src/staff/i18n/locales, npm run i18n:extract). */
import type { UiLocale } from '../../ui-kit/localName';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

export type StaffLocale = UiLocale;
export const STAFF_LOCALES: readonly StaffLocale[] = ['en', 'zh-CN', 'zh-TW'];
export const STAFF_MESSAGES: Record<StaffLocale, Record<string, string>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };
const LANGUAGE_KEY = 'staffLanguage';

export function isStaffLocale(value: unknown): value is StaffLocale {
  return STAFF_LOCALES.includes(value as StaffLocale);
}

/** The language chosen on this device before, else the browser's. */
export function initialLocale(): StaffLocale {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isStaffLocale(stored)) return stored;
  const nav = navigator.language.toLowerCase();
  if (nav.startsWith('zh')) return /tw|hk|mo|hant/.test(nav) ? 'zh-TW' : 'zh-CN';
  return 'en';
}

export function rememberLocale(locale: StaffLocale): void {
  localStorage.setItem(LANGUAGE_KEY, locale);
  document.documentElement.lang = locale;
}
