/**
 * After a reload (or a reopened tab) on any page but the entry, the shop
 * state is rebuilt from the remembered code: the cart is persisted, and the
 * shop it belongs to comes back with it, fresh from the service.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { tabBarHidden } from '../../app/uiSlice';
import { selectShopStatus } from '../../session';
import { rememberedEntry } from './entryStorage';

export function useRestoreShop(onEntryRoute: boolean): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectShopStatus);
  useEffect(() => {
    if (onEntryRoute || status !== 'idle') return;
    const remembered = rememberedEntry();
    if (!remembered) return;
    dispatch(tabBarHidden(remembered.hideTabBar));
    // Loaded on demand: the entry's work (and luxon) stays out of the first screen's JavaScript.
    // A failure is already shown by the transport; the page stays usable without a shop.
    import(/* webpackChunkName: "enter-shop" */ './enterShop')
      .then(({ enterShop }) => dispatch(enterShop(remembered)))
      .catch(() => undefined);
  }, [dispatch, onEntryRoute, status]);
}
