/** The staff program's three languages: its own messages (src/staff/i18n/locales, npm run i18n:extract). */
import type { UiLocale } from '../../ui-kit/localName';

export type StaffLocale = UiLocale;
export type StaffMessages = Record<string, string>;
export const STAFF_LOCALES: readonly StaffLocale[] = ['en', 'zh-CN', 'zh-TW'];

/**
 * A language's messages: each Chinese set a chunk of its own, loaded when it is
 * the screen's language. English is the code's own texts (each message's
 * defaultMessage, which react-intl shows for the default locale without a
 * word of complaint): locales/en.json is their extract (npm run i18n:extract),
 * for translators and the check, not shipped. Shipping it put the whole staff
 * program's English (the back office's too) in the kitchen's first load twice.
 */
export const ENGLISH: StaffMessages = {};

export function loadMessages(locale: StaffLocale): Promise<StaffMessages> {
  if (locale === 'zh-CN') return import(/* webpackChunkName: "locale-zh-CN" */ './locales/zh-CN.json').then((m) => m.default);
  if (locale === 'zh-TW') return import(/* webpackChunkName: "locale-zh-TW" */ './locales/zh-TW.json').then((m) => m.default);
  return Promise.resolve(ENGLISH);
}
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
}
