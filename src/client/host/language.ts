/**
 * The interface language (SPEC section 1): simplified Chinese
 * (LANGUAGE_ZH), traditional Chinese (LANGUAGE_ZH_TD) or English
 * (LANGUAGE_EN). The first rule that gives an answer wins:
 *
 * 1. 'host': a payment-app browser forces traditional Chinese;
 * 2. 'stored': the language the customer chose before (local storage);
 * 3. 'device': the device's preferred languages, in order; the first one we
 *    can show decides (['fr-FR', 'zh-HK'] gives traditional Chinese): a
 *    tourist's phone speaks for the tourist, who should not have to find a
 *    setting to read the menu;
 * 4. 'entity': the enterprise's system parameter AppLanguage, for a device
 *    in none of our languages;
 * 5. 'default': English, the one language every customer of a Macau shop
 *    who reads neither Chinese script is most likely to read.
 *
 * A stored or entity value is an AppLanguage name (any case) or a language
 * tag such as 'zh-TW'; anything else is ignored and the next rule applies.
 * Device tags: Chinese with the Hant script or from Taiwan, Hong Kong or
 * Macau is traditional (zh-TW, zh-HK, zh-MO, zh-Hant, zh-Hant-CN); other
 * Chinese is simplified (zh, zh-CN, zh-SG, zh-Hans, zh-Hans-HK: the script
 * wins over the region); en* is English. Underscores ('zh_TW', as WeChat
 * writes them) are accepted.
 */
import type { Locale } from '../app/uiSlice';
import type { HostInfo } from './detect';

export type { Locale };

export type AppLanguage = 'LANGUAGE_ZH' | 'LANGUAGE_ZH_TD' | 'LANGUAGE_EN';

export const APP_LANGUAGES: readonly AppLanguage[] = [
  'LANGUAGE_ZH',
  'LANGUAGE_ZH_TD',
  'LANGUAGE_EN',
];

export const DEFAULT_LANGUAGE: AppLanguage = 'LANGUAGE_EN';

export type LanguageSource = 'host' | 'stored' | 'entity' | 'device' | 'default';

export interface LanguageChoice {
  language: AppLanguage;
  locale: Locale;
  source: LanguageSource;
}

const TO_LOCALE: Record<AppLanguage, Locale> = {
  LANGUAGE_ZH: 'zh-CN',
  LANGUAGE_ZH_TD: 'zh-TW',
  LANGUAGE_EN: 'en',
};

const TO_LANGUAGE: Record<Locale, AppLanguage> = {
  'zh-CN': 'LANGUAGE_ZH',
  'zh-TW': 'LANGUAGE_ZH_TD',
  en: 'LANGUAGE_EN',
};

export function languageToLocale(language: AppLanguage): Locale {
  return TO_LOCALE[language];
}

export function localeToLanguage(locale: Locale): AppLanguage {
  return TO_LANGUAGE[locale];
}

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (APP_LANGUAGES as readonly string[]).includes(value);
}

const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/**
 * The language of a BCP 47 tag, or null when we do not show it:
 * zh-TW/zh-HK/zh-MO/zh-Hant -> traditional, other zh -> simplified, en -> English.
 */
export function languageFromTag(tag: string | null | undefined): AppLanguage | null {
  if (!tag) return null;
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const [primary, ...rest] = parts;
  if (primary === 'en') return 'LANGUAGE_EN';
  if (primary !== 'zh') return null;
  const script = rest.find((p) => p.length === 4);
  if (script === 'hant') return 'LANGUAGE_ZH_TD';
  if (script === 'hans') return 'LANGUAGE_ZH';
  const region = rest.find((p) => p.length === 2);
  return region !== undefined && TRADITIONAL_REGIONS.has(region) ? 'LANGUAGE_ZH_TD' : 'LANGUAGE_ZH';
}

/** A stored or entity-parameter value: an AppLanguage name (any case) or a language tag. */
export function parseAppLanguage(value: string | null | undefined): AppLanguage | null {
  if (value == null) return null;
  const text = value.trim();
  if (text === '') return null;
  const upper = text.toUpperCase();
  if (isAppLanguage(upper)) return upper;
  return languageFromTag(text);
}

export interface ChooseLanguageInput {
  /** The customer's earlier choice, from local storage. */
  stored?: string | null;
  /** The enterprise's AppLanguage system parameter. */
  entityParam?: string | null;
  /** navigator.languages (or [navigator.language]). */
  deviceLanguages: readonly string[];
  host: Pick<HostInfo, 'forcesTraditionalChinese'>;
}

/** Chooses the interface language; see the module comment for the order. */
export function chooseLanguage({
  stored,
  entityParam,
  deviceLanguages,
  host,
}: ChooseLanguageInput): LanguageChoice {
  const pick = (language: AppLanguage, source: LanguageSource): LanguageChoice => ({
    language,
    locale: languageToLocale(language),
    source,
  });
  if (host.forcesTraditionalChinese) return pick('LANGUAGE_ZH_TD', 'host');
  const fromStored = parseAppLanguage(stored);
  if (fromStored) return pick(fromStored, 'stored');
  for (const tag of deviceLanguages) {
    const fromDevice = languageFromTag(tag);
    if (fromDevice) return pick(fromDevice, 'device');
  }
  const fromEntity = parseAppLanguage(entityParam);
  if (fromEntity) return pick(fromEntity, 'entity');
  return pick(DEFAULT_LANGUAGE, 'default');
}
