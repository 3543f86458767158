/**
 * The sign-in flows (redux-saga, house style 8; SPEC sections 4, 8 and 9).
 * One saga, started by the shop being entered (a scan, or a reload that
 * restores the shop) or by the service saying the session has ended:
 *
 * 1. On entering a shop, ask the service who the session is (the HttpOnly
 *    cookie of an earlier sign-in). A member is done; a guest is done in a
 *    plain browser, while an in-app browser goes on to know the member.
 * 2. The host's own flow, by the host table (host/detect.ts):
 *    - chat app ('oauth'): no code in the address leads to the provider's
 *      authorize page (with a state kept in session storage); back with a code,
 *      the provider's user info (code, appid, state); a failure goes back to the
 *      authorize page (at most twice in a row); a refusal asks 'Authorization is
 *      required. Do you want to authorize this again?';
 *    - the Macau payment app and Alipay ('code'): the auth code the host app
 *      puts in the address; user info (MPay: code, IsDebug; its server message
 *      shown on error; Alipay: code, a nonzero errcode tried again, at most 3
 *      times);
 *    - the food app ('hostToken'): its host object hands over a one-time token
 *      ('failed to create host instance', 'failed to get access token'),
 *      exchanged by the service (EntVip_WebiteUserAccessToken_Get), then its
 *      user info (EntVip_WebiteUserInfo_Get, phone as 'area-number').
 *    The open user info is kept in session storage for the browser session;
 *    then EntVip_EntVipLoginGet_V1_Get (40401: no member) and, when there is
 *    none, EntVip_EntVipRegisterSubmit_V2_Add (RegisterType 0 with the phone
 *    the host vouched for, else 2), avatar and nickname from the host.
 * 3. Otherwise (plain browser, or a host flow that could not finish) a guest of
 *    the shop's enterprise (EntVip_EntVipGuestLogin_Add).
 *
 * The page never reloads itself during a flow except to go to the provider;
 * the cart lives in persisted storage, so the customer is back on the page
 * they started from, with their cart.
 */
import { call, getContext, put, putResolve, select, takeLeading } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../app/errorListener';
import { selectHostId } from '../../app/uiSlice';
import { HOSTS, type HostEntry } from '../../host/detect';
import {
  shopEntered,
  authApi,
  memberSignedIn,
  signInStarted,
  type Member,
  readOpenUserInfo,
  saveOpenUserInfo,
  type SignInEnv,
  guestSignIn,
} from '../../session';
import type * as HostFlowsModule from './hostFlows';
import type { HostFlowOutcome } from './hostFlows';
import { run, type Result } from './runEndpoint';

export {
  messages,
  OAUTH_STATE_KEY,
  OAUTH_TRIES_KEY,
  MAX_AUTHORIZE_REDIRECTS,
  ALIPAY_TRIES,
  VIP_ID_KEY,
} from './signInMessages';

type HostFlows = typeof HostFlowsModule;

/** The in-app hosts' steps, loaded on demand (a plain browser never needs them). */
const loadHostFlows = (): Promise<HostFlows> =>
  import(/* webpackChunkName: "sign-in-flows" */ './hostFlows');

/** Signed in: the member listener (rememberMember.ts) keeps a member's VipID in local storage. */
function* signedIn(_env: SignInEnv, member: Member) {
  yield put(memberSignedIn(member));
}

export function* signInAsGuest() {
  yield putResolve(guestSignIn());
}

const hostEntry = (id: string): HostEntry =>
  HOSTS.find((h) => h.id === id) ?? (HOSTS[HOSTS.length - 1] as HostEntry);

export function* signIn(action: UnknownAction) {
  const env: SignInEnv = yield getContext('signInEnv');
  const host = hostEntry((yield select(selectHostId)) as string);
  yield put(signInStarted());

  if (action.type === shopEntered.type) {
    const detail = (yield call(
      run,
      authApi.endpoints.memberDetail.initiate(undefined, { forceRefetch: true, subscribe: false }),
    )) as Result<Member>;
    if (
      'data' in detail &&
      detail.data?.VipID &&
      (!detail.data.isGuest || host.signIn === 'none')
    ) {
      yield call(signedIn, env, detail.data);
      return;
    }
  }

  if (host.signIn !== 'none') {
    const flows: HostFlows = yield call(loadHostFlows);
    // Known earlier in this browser session: no new code needed.
    const kept = readOpenUserInfo(env.session);
    if (kept && kept.provider === host.id) {
      const member = (yield call(flows.memberFromOpenUser, env, kept)) as Member | null;
      if (member) {
        yield call(signedIn, env, member);
        return;
      }
    }
    const outcome = (yield call(flows.hostFlow, env, host)) as HostFlowOutcome;
    if (outcome === 'redirected') return;
    if (outcome) {
      saveOpenUserInfo(outcome, env.session);
      const member = (yield call(flows.memberFromOpenUser, env, outcome)) as Member | null;
      if (member) {
        yield call(signedIn, env, member);
        return;
      }
    }
  }
  yield call(signInAsGuest);
}

export function* authSaga() {
  // One sign-in at a time: triggers that come while one runs (several calls
  // failing with a session code at once) join it.
  yield takeLeading([shopEntered.type, sessionEnded.type], signIn);
}
