import { HOSTS, detectHost } from './detect';
import {
  APP_LANGUAGES,
  DEFAULT_LANGUAGE,
  chooseLanguage,
  isAppLanguage,
  languageFromTag,
  languageToLocale,
  localeToLanguage,
  parseAppLanguage,
  type AppLanguage,
  type ChooseLanguageInput,
  type LanguageSource,
  type Locale,
} from './language';

const browser = { forcesTraditionalChinese: false };
const payApp = { forcesTraditionalChinese: true };

describe('languages and locales', () => {
  it('maps each language to its locale and back', () => {
    expect(languageToLocale('LANGUAGE_ZH')).toBe('zh-CN');
    expect(languageToLocale('LANGUAGE_ZH_TD')).toBe('zh-TW');
    expect(languageToLocale('LANGUAGE_EN')).toBe('en');
    const locales: Locale[] = ['zh-CN', 'zh-TW', 'en'];
    for (const locale of locales) expect(languageToLocale(localeToLanguage(locale))).toBe(locale);
    for (const language of APP_LANGUAGES)
      expect(localeToLanguage(languageToLocale(language))).toBe(language);
  });

  it('isAppLanguage', () => {
    expect(APP_LANGUAGES.every(isAppLanguage)).toBe(true);
    expect(isAppLanguage('language_zh')).toBe(false);
    expect(isAppLanguage('zh-CN')).toBe(false);
    expect(isAppLanguage(undefined)).toBe(false);
  });

  it('the default is English', () => {
    expect(DEFAULT_LANGUAGE).toBe('LANGUAGE_EN');
  });
});

describe('languageFromTag', () => {
  it.each<[string, AppLanguage | null]>([
    ['zh-TW', 'LANGUAGE_ZH_TD'],
    ['zh-HK', 'LANGUAGE_ZH_TD'],
    ['zh-MO', 'LANGUAGE_ZH_TD'],
    ['zh-Hant', 'LANGUAGE_ZH_TD'],
    ['zh-Hant-TW', 'LANGUAGE_ZH_TD'],
    ['zh-Hant-CN', 'LANGUAGE_ZH_TD'],
    ['zh_TW', 'LANGUAGE_ZH_TD'],
    ['ZH-hk', 'LANGUAGE_ZH_TD'],
    ['zh', 'LANGUAGE_ZH'],
    ['zh-CN', 'LANGUAGE_ZH'],
    ['zh-SG', 'LANGUAGE_ZH'],
    ['zh-Hans', 'LANGUAGE_ZH'],
    ['zh-Hans-HK', 'LANGUAGE_ZH'],
    ['zh_CN', 'LANGUAGE_ZH'],
    ['en', 'LANGUAGE_EN'],
    ['en-US', 'LANGUAGE_EN'],
    ['en-GB', 'LANGUAGE_EN'],
    ['pt-PT', null],
    ['fr', null],
    ['', null],
  ])('%p -> %p', (tag, language) => {
    expect(languageFromTag(tag)).toBe(language);
  });
});

describe('parseAppLanguage (stored and entity values)', () => {
  it('reads names in any case and language tags', () => {
    expect(parseAppLanguage('LANGUAGE_ZH_TD')).toBe('LANGUAGE_ZH_TD');
    expect(parseAppLanguage(' language_en ')).toBe('LANGUAGE_EN');
    expect(parseAppLanguage('zh-HK')).toBe('LANGUAGE_ZH_TD');
    expect(parseAppLanguage('en')).toBe('LANGUAGE_EN');
  });

  it('ignores what it cannot read', () => {
    for (const value of [null, undefined, '', '  ', 'LANGUAGE_FR', 'klingon', '1'])
      expect(parseAppLanguage(value)).toBeNull();
  });
});

describe('chooseLanguage: host, then stored, then device, then entity, then default', () => {
  type Case = [
    what: string,
    input: Omit<ChooseLanguageInput, 'host'> & { payApp?: boolean },
    expected: [AppLanguage, LanguageSource],
  ];
  it.each<Case>([
    ['a payment app forces traditional Chinese over a stored choice', { payApp: true, stored: 'LANGUAGE_EN', entityParam: 'LANGUAGE_ZH', deviceLanguages: ['en-US'] }, ['LANGUAGE_ZH_TD', 'host']],
    ['a payment app forces it over a zh-CN device', { payApp: true, deviceLanguages: ['zh-CN'] }, ['LANGUAGE_ZH_TD', 'host']],
    ['the stored choice beats the device and the enterprise', { stored: 'LANGUAGE_ZH', entityParam: 'LANGUAGE_EN', deviceLanguages: ['zh-TW'] }, ['LANGUAGE_ZH', 'stored']],
    ['a stored language tag is read too', { stored: 'en', entityParam: 'LANGUAGE_ZH_TD', deviceLanguages: ['zh-CN'] }, ['LANGUAGE_EN', 'stored']],
    ['an en-US phone reads English in a traditional-Chinese shop', { entityParam: 'LANGUAGE_ZH_TD', deviceLanguages: ['en-US'] }, ['LANGUAGE_EN', 'device']],
    ['a zh-CN phone reads simplified Chinese in a traditional-Chinese shop', { entityParam: 'LANGUAGE_ZH_TD', deviceLanguages: ['zh-CN'] }, ['LANGUAGE_ZH', 'device']],
    ['zh-SG is simplified', { entityParam: 'LANGUAGE_EN', deviceLanguages: ['zh-SG'] }, ['LANGUAGE_ZH', 'device']],
    ['zh-Hans is simplified', { entityParam: 'LANGUAGE_EN', deviceLanguages: ['zh-Hans-HK'] }, ['LANGUAGE_ZH', 'device']],
    ['zh-HK is traditional', { entityParam: 'LANGUAGE_EN', deviceLanguages: ['zh-HK'] }, ['LANGUAGE_ZH_TD', 'device']],
    ['zh-MO is traditional', { entityParam: 'LANGUAGE_ZH', deviceLanguages: ['zh-MO', 'en'] }, ['LANGUAGE_ZH_TD', 'device']],
    ['zh-Hant is traditional', { entityParam: 'LANGUAGE_ZH', deviceLanguages: ['zh-Hant'] }, ['LANGUAGE_ZH_TD', 'device']],
    ['en-GB is English', { entityParam: 'LANGUAGE_ZH', deviceLanguages: ['en-GB'] }, ['LANGUAGE_EN', 'device']],
    ['the first device language we can show wins', { entityParam: 'LANGUAGE_EN', deviceLanguages: ['pt-PT', 'zh-HK', 'en'] }, ['LANGUAGE_ZH_TD', 'device']],
    ['first usable in order: zh-CN before zh-TW', { deviceLanguages: ['zh-CN', 'zh-TW'] }, ['LANGUAGE_ZH', 'device']],
    ['an unreadable stored value falls through to the device', { stored: 'garbage', entityParam: 'LANGUAGE_EN', deviceLanguages: ['zh-CN'] }, ['LANGUAGE_ZH', 'device']],
    ['a device in none of our languages gets the enterprise language', { entityParam: 'LANGUAGE_ZH_TD', deviceLanguages: ['pt-PT', 'fr'] }, ['LANGUAGE_ZH_TD', 'entity']],
    ['no device languages: the enterprise language', { entityParam: 'language_zh', deviceLanguages: [] }, ['LANGUAGE_ZH', 'entity']],
    ['else English', { deviceLanguages: [] }, ['LANGUAGE_EN', 'default']],
    ['else English, whatever cannot be read', { stored: '', entityParam: 'nope', deviceLanguages: ['pt-PT', 'fr'] }, ['LANGUAGE_EN', 'default']],
  ])('%s', (_what, { payApp: forces = false, ...input }, [language, source]) => {
    expect(chooseLanguage({ ...input, host: forces ? payApp : browser })).toEqual({
      language,
      locale: languageToLocale(language),
      source,
    });
  });

  it('every payment app in the host table forces it; the others do not', () => {
    for (const host of HOSTS) {
      const choice = chooseLanguage({ stored: 'LANGUAGE_EN', deviceLanguages: [], host });
      expect(choice.source).toBe(host.paymentApp ? 'host' : 'stored');
    }
  });

  it('works with a detected host', () => {
    const mpay = detectHost(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) Mobile/15E148 MPay/2.6.0',
      {},
    );
    const wechat = detectHost(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.49',
      {},
    );
    expect(chooseLanguage({ deviceLanguages: ['en'], host: mpay }).locale).toBe('zh-TW');
    expect(chooseLanguage({ deviceLanguages: ['en'], host: wechat }).locale).toBe('en');
  });
});
