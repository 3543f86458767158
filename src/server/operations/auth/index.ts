/**
 * Sign-in in every host browser and the member's profile (issue 6): the
 * handlers of this folder, one map.
 *
 * - ./identity.ts: host sign-in (code -> access token -> user info ->
 *   login or register);
 * - ./phone.ts: SMS codes, calling codes, phone change;
 * - ./profile.ts: the member's profile, points, picture uploads;
 * - ./member.ts: the member's detail and guests;
 * - ./session.ts: sign-out.
 * The wallet, coupons and addresses have folders of their own.
 */
import type { HandlerMap } from '../context';
import { identityHandlers } from './identity';
import { memberHandlers } from './member';
import { phoneHandlers } from './phone';
import { profileHandlers } from './profile';
import { sessionHandlers } from './session';

export const authHandlers: HandlerMap = {
  ...identityHandlers,
  ...phoneHandlers,
  ...profileHandlers,
  ...memberHandlers,
  ...sessionHandlers,
};
