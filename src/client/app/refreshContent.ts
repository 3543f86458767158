/**
 * After a language switch (language.ts), every answer the app holds is read again in the new language:
 * a chunk of its own, loaded on a switch (issue 24: not the first screen's download).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { CartEntry } from '../../shared/domain/cart';
import { shopApi, type ShopPage, shopTextsRefreshed } from '../session';
import { refreshCartTextsLater } from '../features/checkout';
import { api } from './api';

/** What the language switch reads of the store. */
export interface ContentState {
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
    if (!q || !endpoint || q.status === 'uninitialized') return [];
    const read = (forceRefetch: boolean) => dispatch(endpoint.initiate(q.originalArgs, { subscribe: false, forceRefetch })) as unknown as PromiseLike<{ data?: unknown }>;
    // A read still on its way was asked in the old language (and is not sent twice while it runs): read again once it is in.
    const run = q.status === 'pending' ? Promise.resolve(read(false)).then(() => read(true)) : read(true);
    return [{ endpointName: q.endpointName, run }];
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
