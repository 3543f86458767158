/** The sign-in flows' own texts and limits (shared by authSaga.ts and hostFlows.ts). */
import { defineMessages } from '../../i18n/defineMessages';

export const messages = defineMessages({
  userInfoUnreadable: {
    id: 'auth.userInfoUnreadable',
    defaultMessage: 'We could not read your sign-in details.',
  },
  hostSignInFailed: {
    id: 'auth.hostSignInFailed',
    defaultMessage: 'We could not sign you in with the app. You can order as a guest.',
  },
});

/** Session-storage keys of the chat-app flow. */
export const OAUTH_STATE_KEY = 'oauthState';
export const OAUTH_TRIES_KEY = 'oauthTries';
/** How often in a row the chat app's authorize page is tried before going on as a guest. */
export const MAX_AUTHORIZE_REDIRECTS = 2;
/** Alipay's user info: tries for one code (a nonzero errcode is tried again). */
export const ALIPAY_TRIES = 3;
/** SPEC section 3: VipID is also kept in local storage. */
export { VIP_ID_KEY } from '../../host/storage';
