/**
 * Each locale's messages are a chunk of their own: a phone downloads only
 * the language it shows. The files are written by `npm run i18n:extract`
 * (English, from the code) and by translators (the two Chinese ones); the
 * check in `npm test` fails when one is stale or misses a key.
 */
import type { Locale } from '../app/uiSlice';

export type Messages = Record<string, string>;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "locale-en" */ './locales/en.json'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ './locales/zh-CN.json'),
  'zh-TW': () => import(/* webpackChunkName: "locale-zh-TW" */ './locales/zh-TW.json'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).default;
}
