/**
 * Names in the three languages, as the service sends them (a goods, an outlet),
 * picked for the reader's language: the app and the staff program alike.
 */
export type UiLocale = 'zh-CN' | 'zh-TW' | 'en';

export interface LocalNames {
  zh: string;
  tw: string;
  en: string;
}

/** Picks the name for the locale, falling back to the simplified Chinese name the service always has. */
export function localName(names: LocalNames, locale: UiLocale): string {
  if (locale === 'en') return names.en || names.zh;
  if (locale === 'zh-TW') return names.tw || names.zh;
  return names.zh;
}
