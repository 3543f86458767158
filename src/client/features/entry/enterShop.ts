/**
 * Entering a shop from a scanned code: resolve the code to its enterprise,
 * load the shop page and the entity's parameters, fill the shop state, set
 * the business mode the outlet offers. The entry page runs it for a scan; a
 * reload on any other page runs it again from the remembered code, so the
 * shop context (like the cart) survives a reload or a reopened tab.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { effectiveMode } from '../../../shared/domain/businessMode';
import type { CanPlaceOrderResult } from '../../../shared/domain/openingHours';
import type { RootState } from '../../app/store';
import { businessModeChanged, cartOwnerEntered } from '../cart/cartSlice';
import { guardFor } from '../shop/guard';
import { shopApi } from '../shop/shopApi';
import { shopEntered, shopEntryFailed, shopEntryStarted } from '../shop/shopSlice';
import { codeToResolve, type EntryParams } from './entryParams';
import { rememberEntry } from './entryStorage';

export function enterShop(params: EntryParams): ThunkAction<Promise<CanPlaceOrderResult>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const code = codeToResolve(params);
    if (!code) throw new Error('no code to resolve');
    dispatch(shopEntryStarted());
    try {
      const resolved = await dispatch(shopApi.endpoints.resolveCode.initiate(code)).unwrap();
      const page = await dispatch(
        shopApi.endpoints.shopPage.initiate({
          QRCode: params.QRCode || undefined,
          TableID: params.TableID || undefined,
          BaseID: params.BaseID || undefined,
          ShopID: params.ShopID || undefined,
          SheetID: params.SheetID || undefined,
        }),
      ).unwrap();
      const entParams = await dispatch(shopApi.endpoints.entParams.initiate({ entId: resolved.EntID })).unwrap();
      dispatch(cartOwnerEntered(resolved.EntID));
      const storedMode = getState().cart.businessMode;
      const mode = effectiveMode(storedMode, page.baseInfo?.BusinessMode ?? '0', Boolean(resolved.TableID));
      if (mode !== storedMode) dispatch(businessModeChanged(mode));
      dispatch(
        shopEntered({
          params: {
            EntID: resolved.EntID,
            UserID: page.entity.UserID,
            EntName: page.entity.EntName,
            UserName: page.entity.UserName,
            ShopID: resolved.ShopID,
            BaseID: resolved.BaseID,
            TableID: resolved.TableID,
            QRCode: params.QRCode,
            PosSignSheetID: params.SheetID || page.signSheet?.SheetID || '',
          },
          entity: page.entity,
          shopInfo: page.shopInfo,
          baseInfo: page.baseInfo,
          tableInfo: page.table,
          entParams,
          signSheet: page.signSheet,
          clockOffsetMs: page.now ? Date.parse(page.now) - Date.now() : 0,
        }),
      );
      rememberEntry(params);
      return guardFor(page.baseInfo, page.signSheet, page.entity.TimeZone, page.now ? new Date(page.now) : new Date());
    } catch (err) {
      dispatch(shopEntryFailed());
      throw err;
    }
  };
}
