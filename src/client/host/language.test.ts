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

describe('chooseLanguage: host, then stored, then entity, then device, then default', () => {
  it('a payment-app browser forces traditional Chinese over everything', () => {
    expect(
      chooseLanguage({
        stored: 'LANGUAGE_EN',
        entityParam: 'LANGUAGE_ZH',
        deviceLanguages: ['en-US'],
        host: payApp,
      }),
    ).toEqual({
      language: 'LANGUAGE_ZH_TD',
      locale: 'zh-TW',
      source: 'host',
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

  it('the stored choice comes next', () => {
    expect(
      chooseLanguage({
        stored: 'LANGUAGE_ZH',
        entityParam: 'LANGUAGE_EN',
        deviceLanguages: ['zh-TW'],
        host: browser,
      }),
    ).toEqual({
      language: 'LANGUAGE_ZH',
      locale: 'zh-CN',
      source: 'stored',
    });
  });

  it('then the entity parameter AppLanguage', () => {
    expect(
      chooseLanguage({
        stored: null,
        entityParam: 'LANGUAGE_ZH_TD',
        deviceLanguages: ['en-US'],
        host: browser,
      }),
    ).toEqual({
      language: 'LANGUAGE_ZH_TD',
      locale: 'zh-TW',
      source: 'entity',
    });
  });

  it('an unreadable stored value falls through to the entity parameter', () => {
    expect(
      chooseLanguage({
        stored: 'garbage',
        entityParam: 'LANGUAGE_EN',
        deviceLanguages: ['zh-CN'],
        host: browser,
      }).source,
    ).toBe('entity');
  });

  it('then the device languages, first usable one wins', () => {
    expect(chooseLanguage({ deviceLanguages: ['zh-MO', 'en'], host: browser })).toEqual({
      language: 'LANGUAGE_ZH_TD',
      locale: 'zh-TW',
      source: 'device',
    });
    expect(chooseLanguage({ deviceLanguages: ['zh-CN', 'zh-TW'], host: browser })).toEqual({
      language: 'LANGUAGE_ZH',
      locale: 'zh-CN',
      source: 'device',
    });
    expect(chooseLanguage({ deviceLanguages: ['pt-PT', 'zh-HK'], host: browser })).toEqual({
      language: 'LANGUAGE_ZH_TD',
      locale: 'zh-TW',
      source: 'device',
    });
    expect(chooseLanguage({ entityParam: '', deviceLanguages: ['en-GB'], host: browser })).toEqual({
      language: 'LANGUAGE_EN',
      locale: 'en',
      source: 'device',
    });
  });

  it('else English by default', () => {
    expect(chooseLanguage({ deviceLanguages: [], host: browser })).toEqual({
      language: 'LANGUAGE_EN',
      locale: 'en',
      source: 'default',
    });
    expect(
      chooseLanguage({
        stored: '',
        entityParam: 'nope',
        deviceLanguages: ['pt-PT', 'fr'],
        host: browser,
      }),
    ).toEqual({
      language: 'LANGUAGE_EN',
      locale: 'en',
      source: 'default',
    });
  });
});
