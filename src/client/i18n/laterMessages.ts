/**
 * The later part of each locale (i18n/messageParts.ts): the messages of the
 * pages a customer opens after the first screen, loaded before such a page
 * renders (routes.ts) and merged by IntlRoot. Kept out of the entry chunk.
 */
import type { Locale } from '../app/uiSlice';
import { once, type Messages } from './loadMessages';

/** The later pages' messages (messageParts.ts), loaded before such a page renders. */
const laterLoaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "locale-en-later" */ './locales/en.json?part=later'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN-later" */ './locales/zh-CN.json?part=later'),
  'zh-TW': () => import(/* webpackChunkName: "locale-zh-TW-later" */ './locales/zh-TW.json?part=later'),
};

const loadingLater = new Map<Locale, Promise<Messages>>();
const later = new Map<Locale, Messages>();
const listeners = new Set<() => void>();

/** The locale the app shows (IntlRoot keeps it), whose later messages the later pages wait for. */
let shown: Locale | null = null;
export function setShownLocale(locale: Locale): void {
  shown = locale;
}

/** Loads the later pages' messages of the shown locale (and keeps them for IntlRoot); never rejects. */
export function loadLaterMessages(locale: Locale | null = shown): Promise<void> {
  if (!locale) return Promise.resolve();
  return once(loadingLater, locale, laterLoaders[locale]).then(
    (messages) => {
      if (later.get(locale) === messages) return;
      later.set(locale, messages);
      for (const listener of listeners) listener();
    },
    // Without them the page still renders; a missing text shows its id until a retry.
    () => undefined,
  );
}

/** The later messages loaded for a locale, if any (for useSyncExternalStore). */
export function laterMessagesOf(locale: Locale): Messages | undefined {
  return later.get(locale);
}

export function subscribeLaterMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
