/**
 * The interface language in the store: the customer's stored choice, else the
 * device language, else the entity parameter AppLanguage, else English; a
 * payment-app browser forces traditional Chinese (host/language.ts holds the rule).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { chooseLanguage, languageToLocale, localeToLanguage, type AppLanguage } from '../host/language';
import type { HostInfo } from '../host/detect';
import { shopEntered } from '../session';
import { createListeners } from './listeners';
import type { ContentState } from './refreshContent';
import { localeChosen, type Locale } from './uiSlice';

export const LANGUAGE_STORAGE_KEY = 'language';

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(language: AppLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts this visit.
  }
}

export function initialLocale(host: HostInfo, entityParam: string | null = null): Locale {
  return chooseLanguage({
    stored: readStoredLanguage(),
    entityParam,
    deviceLanguages: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
    host,
  }).locale;
}

/** The customer picked a language on the mine page. */
export function languageChosenByUser(locale: Locale) {
  storeLanguage(localeToLanguage(locale));
  return localeChosen(locale);
}

/** When a shop is entered, its AppLanguage applies unless the host, the customer or the device decided. */
export function createLanguageListener(host: HostInfo) {
  const listener = createListeners();
  listener.startListening({
    actionCreator: shopEntered,
    effect: (action, api) => {
      const choice = chooseLanguage({
        stored: readStoredLanguage(),
        entityParam: action.payload.entParams.AppLanguage ?? null,
        deviceLanguages: navigator.languages ?? [navigator.language],
        host,
      });
      api.dispatch(localeChosen(languageToLocale(choice.language)));
    },
  });
  listener.startListening({
    actionCreator: localeChosen,
    effect: async (action, listenerApi) => {
      if ((listenerApi.getOriginalState() as { ui: { locale: string } }).ui.locale === action.payload) return;
      // Loaded on a switch only (issue 24: it is not the first screen's).
      const { refreshContent } = await import(/* webpackChunkName: "language-switch" */ './refreshContent');
      await refreshContent(listenerApi.dispatch as ThunkDispatch<unknown, unknown, UnknownAction>, listenerApi.getState() as ContentState);
    },
  });
  return listener;
}
