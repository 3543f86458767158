/** The shop feature's public module: what other features and the app may use (house style 9). */
export {
  shopSlice,
  shopParamsChanged,
  shopEntered,
  shopEntryStarted,
  shopEntryFailed,
  signSheetRefreshed,
  shopTextsRefreshed,
  selectShopStatus,
  selectShopParams,
  selectEntId,
  selectShopInfo,
  selectBaseInfo,
  selectTableInfo,
  selectEntity,
  selectEntParams,
  selectSignSheet,
  type BaseInfo,
  type EntityInfo,
  type LocalNames,
  type ShopState,
} from './shopSlice';
export { signSheetEnded } from './sheetEnded';
export { selectGuardInputs, useOrderingGuard, useServiceNow } from './guard';
export { guardFor, orderEntryPath } from './guardRule';
export { HOME_PICTURES_ABOVE_FOLD } from './homePictures';
export { shopApi, type ShopPage } from './shopApi';
