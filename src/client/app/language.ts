/**
 * The interface language in the store: the customer's stored choice, else the
 * device language, else the entity parameter AppLanguage, else English; a
 * payment-app browser forces traditional Chinese (host/language.ts holds the rule).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { CartEntry } from '../../shared/domain/cart';
import { chooseLanguage, languageToLocale, localeToLanguage, type AppLanguage } from '../host/language';
import type { HostInfo } from '../host/detect';
import { shopApi, type ShopPage, shopEntered, shopTextsRefreshed } from '../session';
import { refreshCartTextsLater } from '../features/checkout';
import { api } from './api';
import { createListeners } from './listeners';
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
      if ((listenerApi.getOriginalState() as ContentState).ui.locale === action.payload) return;
      await refreshContent(listenerApi.dispatch as ThunkDispatch<unknown, unknown, UnknownAction>, listenerApi.getState() as ContentState);
    },
  });
  return listener;
}

/** What the language switch reads of the store. */
interface ContentState {
  ui: { locale: string };
  api: { queries: Record<string, { endpointName?: string; originalArgs?: unknown; status?: string } | undefined> };
  cart: { entries: CartEntry[] };
}

type Initiate = (args: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => UnknownAction;

/**
 * The service answers every text in the language the app sends
 * (baseQuery's Accept-Language), so after a switch every answer the app
 * holds is read again, and the texts copied out of answers (the shop's
 * names, the cart's lines) are replaced: nothing stays in the old language.
 */
export async function refreshContent(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, state: ContentState): Promise<void> {
  const endpoints = api.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
  const reads = Object.values(state.api.queries).flatMap((q) => {
    const endpoint = q?.endpointName ? endpoints[q.endpointName] : undefined;
    if (!q || !endpoint || q.status === 'uninitialized' || q.status === 'pending') return [];
    return [{ endpointName: q.endpointName, run: dispatch(endpoint.initiate(q.originalArgs, { subscribe: false, forceRefetch: true })) as unknown as PromiseLike<{ data?: unknown }> }];
  });
  const answers = await Promise.all(reads.map(async (r) => ({ endpointName: r.endpointName, answer: await r.run })));
  for (const { endpointName, answer } of answers) {
    if (endpointName !== shopApi.endpoints.shopPage.name || !answer.data) continue;
    const page = answer.data as ShopPage;
    dispatch(shopTextsRefreshed({ entity: page.entity, shopInfo: page.shopInfo, baseInfo: page.baseInfo }));
  }
  if (state.cart.entries.length > 0) {
    // Loaded on a switch only: the menu reads it needs stay out of the first screen's bundle.
    await (dispatch as (thunk: unknown) => Promise<void>)(refreshCartTextsLater(state.cart.entries));
  }
}
