/**
 * The session layer's public module: who and where the customer is (the shop,
 * its outlet and table, the ordering guard, the member and the sign-in state),
 * below the features. Features, flows, ui and the app shell read the session
 * from here; the session imports no feature (eslint.config.mjs holds both).
 */
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
  selectClockOffsetMs,
  type BaseInfo,
  type EntityInfo,
  type LocalNames,
  type ShopInfo,
  type ShopState,
  type SignSheet,
} from './shopSlice';
export { toBaseInfo, toEntity, toShopInfo } from './shopRows';
export { signSheetEnded } from './sheetEnded';
export { OrderingGuard, selectGuardInputs, useOrderingGuard } from './guard';
export { useServiceNow } from './serviceNow';
export { guardFor, orderEntryPath } from './guardRule';
export { shopApi, type ShopPage } from './shopApi';
export {
  authSlice,
  memberSignedIn,
  signInStarted,
  providerRedirectStarted,
  authorizationAsked,
  authorizationDeclined,
  authorizationRetryChosen,
  selectMember,
  selectSignInSettled,
  type Member,
} from './authSlice';
export { authApi, type HostToken, type HostUserInfo, type RegisterArgs } from './authApi';
export { AuthorizePrompt } from './AuthorizePrompt';
export { ensureSession, guestSignIn } from './ensureSession';
export { signInWaitMiddleware } from './signInWait';
export { OPEN_USER_INFO_KEY, forgetOpenUserInfo, hostRegisterFields, readOpenUserInfo, saveOpenUserInfo, type OpenUserInfo } from './openUserInfo';
export { createMemberListener } from './rememberMember';
export { browserSignInEnv, identityBase, type FoodAppBridge, type SignInEnv } from './signInEnv';
export { useIsMember, useRequireMember } from './useRequireMember';
export { useSignOut } from './useSignOut';
export { SignInPrompt, signInMessages, signInPath } from './SignInPrompt';
export { Sex, useFileNameMutation, useMemberProfile, useUpdateProfileMutation, type MemberProfile, type UploadTicket } from './memberApi';
