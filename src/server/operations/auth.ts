/**
 * Sign-in in every host browser and the member's own pages (issue 6): the
 * handlers of ./auth/*, one map.
 *
 * - ./auth/identity.ts: host sign-in (code -> access token -> user info ->
 *   login or register);
 * - ./auth/phone.ts: SMS codes, calling codes, phone change;
 * - ./auth/profile.ts: the member's profile, points, picture uploads;
 * - ./auth/memberPages.ts: balance history, top-up rules, coupons, addresses.
 */
import type { HandlerMap } from './context';
import { identityHandlers } from './auth/identity';
import { memberPageHandlers } from './auth/memberPages';
import { phoneHandlers } from './auth/phone';
import { profileHandlers } from './auth/profile';

export const authHandlers: HandlerMap = {
  ...identityHandlers,
  ...phoneHandlers,
  ...profileHandlers,
  ...memberPageHandlers,
};
