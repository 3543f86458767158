import type { Locale } from '../app/uiSlice';

/** Names in the three languages, as the service sends them. */
export interface LocalNames {
  zh: string;
  tw: string;
  en: string;
}

/** Picks the name for the locale, falling back to the simplified Chinese name the service always has. */
export function localName(names: LocalNames, locale: Locale): string {
  if (locale === 'en') return names.en || names.zh;
  if (locale === 'zh-TW') return names.tw || names.zh;
  return names.zh;
}
