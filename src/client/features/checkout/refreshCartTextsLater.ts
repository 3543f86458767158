/**
 * The cart's texts read again in the new language, with the menu reads that needs loaded on a language switch only
 * ("cart-texts" chunk): the app's language listener takes this through the public module, so the lazy import()
 * stays inside this feature (eslint.config.mjs holds lazy imports to the feature boundaries too).
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { CartEntry } from '../../../shared/domain/cart';
import type { RootState } from '../../app/store';

export function refreshCartTextsLater(entries: readonly CartEntry[]): ThunkAction<Promise<void>, RootState, unknown, UnknownAction> {
  return async (dispatch) => {
    const { refreshCartTexts } = await import(/* webpackChunkName: "cart-texts" */ './refreshPrices');
    await dispatch(refreshCartTexts(entries));
  };
}
