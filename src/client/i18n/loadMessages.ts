/**
 * Each locale's messages are a chunk of their own: a phone downloads only
 * the language it shows. The files are written by `npm run i18n:extract`
 * (English, from the code) and by translators (the two Chinese ones); the
 * check in `npm test` fails when one is stale or misses a key.
 *
 * The production build compiles them to the ICU AST
 * (scripts/compile-messages-loader.cjs), so the app carries no message
 * parser; the page's <head> preloads the chunk of the locale it guesses
 * (scripts/first-screen-plugin.ts) and the boot asks for it before React
 * renders, so the messages arrive with the app, not after it.
 */
import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '../app/uiSlice';

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "locale-en" */ './locales/en.json?part=first'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ './locales/zh-CN.json?part=first'),
  'zh-TW': () => import(/* webpackChunkName: "locale-zh-TW" */ './locales/zh-TW.json?part=first'),
};

const loading = new Map<Locale, Promise<Messages>>();

export function once(cache: Map<Locale, Promise<Messages>>, locale: Locale, load: () => Promise<{ default: Messages }>): Promise<Messages> {
  let pending = cache.get(locale);
  if (!pending) {
    pending = load().then((m) => m.default);
    // A failed download may be tried again.
    pending.catch(() => cache.delete(locale));
    cache.set(locale, pending);
  }
  return pending;
}

/** The locale's first-screen messages; one download per locale however often it is asked for. */
export function loadMessages(locale: Locale): Promise<Messages> {
  return once(loading, locale, loaders[locale]);
}

