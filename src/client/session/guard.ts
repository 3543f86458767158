/**
 * The ordering guard (SPEC section 4) in the app: business hours, the web
 * order window since the sheet was created, and the sheet's status, checked
 * on the service's clock. A clock ticks each second while an ordering page is
 * open, and the sign sheet is read again every 20 s, so the guard stays true;
 * when it fails the customer lands on orderEntry with the reason.
 */
import { createSelector } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import { DEFAULT_SHOP_ZONE, type CanPlaceOrderResult } from '../../shared/domain/openingHours';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useGo } from '../app/navigation';
import type { RootState } from '../app/store';
import { shopApi } from './shopApi';
import { guardFor, orderEntryPath } from './guardRule';
import { signSheetRefreshed } from './shopSlice';
import { CLOCK_TICK_MS, useServiceNow } from './serviceNow';

// The rule itself lives apart, so the shop entry (the first screen) loads it without these hooks.
export { guardFor, orderEntryPath };

export { CLOCK_TICK_MS, useServiceNow };
export const SHEET_REFRESH_MS = 20_000;

/** What the guard reads (memoised: one object while these do not change). */
export const selectGuardInputs = createSelector(
  [
    (state: RootState) => state.shop.baseInfo,
    (state: RootState) => state.shop.signSheet,
    // The outlet's own zone, else its enterprise's (issue 27; shared/domain outletZone's rule, written out: the entry's budget).
    (state: RootState) => state.shop.baseInfo?.TimeZone || state.shop.entity?.TimeZone || DEFAULT_SHOP_ZONE,
    (state: RootState) => state.shop.clockOffsetMs,
  ],
  (base, sheet, zone, offset) => ({ base, sheet, zone, offset }),
);

/** Keeps an ordering page honest: redirects to orderEntry the moment ordering is no longer allowed. */
export function useOrderingGuard(): CanPlaceOrderResult {
  const { base, sheet, zone, offset } = useAppSelector(selectGuardInputs);
  const dispatch = useAppDispatch();
  const go = useGo();
  const now = useServiceNow(offset);
  const sheetId = sheet?.SheetID ?? '';
  const { data: fresh } = shopApi.useSheetStatusQuery(sheetId ? { SheetID: sheetId } : skipToken, {
    pollingInterval: SHEET_REFRESH_MS,
  });
  useEffect(() => {
    if (fresh && (fresh.Status !== sheet?.Status || fresh.CreatedDate !== sheet?.CreatedDate)) dispatch(signSheetRefreshed(fresh));
  }, [dispatch, fresh, sheet?.Status, sheet?.CreatedDate]);
  const result = guardFor(base, sheet, zone, now);
  const blocked = result.ok ? null : orderEntryPath(result);
  useEffect(() => {
    if (blocked) go(blocked, { replace: true });
  }, [blocked, go]);
  return result;
}

/**
 * The guard as a component of its own, for a page that only needs it kept (not its answer): its clock's
 * tick each second draws this, not the page again (the menu's page re-ran all its hooks each second, and
 * again with every page of goods; issue 24).
 */
export function OrderingGuard(): null {
  useOrderingGuard();
  return null;
}
