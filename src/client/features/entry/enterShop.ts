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
import { businessModeChanged, cartOwnerEntered } from '../cart';
import { HOME_PICTURES_ABOVE_FOLD } from '../shop';
import { guardFor, shopApi, shopEntered, shopEntryFailed, shopEntryStarted } from '../../session';
import { menuApi } from '../menu';
import { ossUrl } from '../../ui/money';
import { codeToResolve, readEntryParams, type EntryParams } from './entryParams';
import { rememberEntry } from './entryStorage';

/** The shop page's request for the entry parameters. */
function shopPageArgs(params: EntryParams) {
  return {
    QRCode: params.QRCode || undefined,
    TableID: params.TableID || undefined,
    BaseID: params.BaseID || undefined,
    ShopID: params.ShopID || undefined,
    SheetID: params.SheetID || undefined,
  };
}


/** Asks for the home page's first picture at once, at high priority, before the page is there to ask. */
function preloadPicture(href: string): void {
  if (!href || typeof document === 'undefined') return;
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/**
 * Starts every request the shop's first screen needs as soon as the code is
 * known, in parallel: the code, the shop page, then (with the enterprise
 * and the shop) the parameters and the home page's goods, and its first
 * picture. The boot runs it before the entry page has loaded; enterShop
 * below asks for the same queries and gets these answers (RTK Query shares
 * a running request).
 */
export function prefetchEntry(params: EntryParams): ThunkAction<void, RootState, unknown, UnknownAction> {
  return (dispatch) => {
    const code = codeToResolve(params);
    if (!code) return;
    const resolving = dispatch(shopApi.endpoints.resolveCode.initiate(code, { subscribe: false }));
    const paging = dispatch(shopApi.endpoints.shopPage.initiate(shopPageArgs(params), { subscribe: false }));
    void resolving.then(({ data: resolved }) => {
      if (!resolved) return;
      dispatch(shopApi.endpoints.entParams.initiate({ entId: resolved.EntID }, { subscribe: false }));
      const goods = dispatch(menuApi.endpoints.homeGoods.initiate({ ShopID: resolved.ShopID }, { subscribe: false }));
      void Promise.all([goods, paging]).then(([{ data: list }, { data: page }]) => {
        for (const g of (list ?? []).slice(0, HOME_PICTURES_ABOVE_FOLD)) {
          preloadPicture(ossUrl(page?.entity.OssCustomerDomain ?? '/oss/', g.pic, 320, 320));
        }
      });
    });
  };
}

export function enterShop(params: EntryParams): ThunkAction<Promise<CanPlaceOrderResult>, RootState, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const code = codeToResolve(params);
    if (!code) throw new Error('no code to resolve');
    dispatch(shopEntryStarted());
    try {
      dispatch(prefetchEntry(params));
      // One round trip for the code and the shop page (they need nothing from each other), then the parameters.
      const resolvedP = dispatch(shopApi.endpoints.resolveCode.initiate(code)).unwrap();
      const pageP = dispatch(shopApi.endpoints.shopPage.initiate(shopPageArgs(params))).unwrap();
      // Its failure is the code's failure when the code fails first: not an unhandled rejection.
      pageP.catch(() => undefined);
      const resolved = await resolvedP;
      const entParamsP = dispatch(shopApi.endpoints.entParams.initiate({ entId: resolved.EntID })).unwrap();
      const [page, entParams] = await Promise.all([pageP, entParamsP]);
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
      return guardFor(page.baseInfo, page.signSheet, page.baseInfo?.TimeZone || page.entity.TimeZone, page.now ? new Date(page.now) : new Date());
    } catch (err) {
      dispatch(shopEntryFailed());
      throw err;
    }
  };
}

/** At boot on a table link (the entry route): the shop's first requests start before the entry page has loaded. */
export function prefetchFromAddress(loc: { hash: string; search: string }): ThunkAction<void, RootState, unknown, UnknownAction> {
  return (dispatch) => {
    const [path, query = ''] = loc.hash.replace(/^#/, '').split('?');
    if (path !== '' && path !== '/') return;
    dispatch(prefetchEntry(readEntryParams(query, loc.search)));
  };
}
