/**
 * The sign-in flows (redux-saga, house style 8). So far, the plain browser's:
 * when a shop is entered, ask the service who the session is (the HttpOnly
 * cookie of an earlier sign-in); with no session (codes "1", "2", "42000")
 * sign in as a guest of the shop's enterprise. The in-app browsers' flows
 * come with the sign-in issue.
 */
import { putResolve, put, select, takeLatest } from 'redux-saga/effects';
import { sessionEnded } from '../../app/errorListener';
import { shopEntered } from '../shop/shopSlice';
import type { RootState } from '../../app/store';
import { authApi } from './authApi';
import { memberSignedIn, signInFailed, signInStarted, type Member } from './authSlice';

const selectShopIds = (state: RootState) => ({ ShopID: state.shop.params.ShopID, BaseID: state.shop.params.BaseID });

type MutationResult<T> = { data: T } | { error: unknown };

export function* signInAsGuest() {
  yield put(signInStarted());
  const ids: ReturnType<typeof selectShopIds> = yield select(selectShopIds);
  // putResolve waits for the RTK Query call the thunk starts and yields its settled result.
  const result: MutationResult<Member> = yield putResolve(authApi.endpoints.guestLogin.initiate(ids) as never);
  if ('data' in result) yield put(memberSignedIn(result.data));
  else yield put(signInFailed());
}

/** After a scan: resume the session's member, if the cookie still names one. */
export function* resumeSession() {
  const member: Member | null = yield select((state: RootState) => state.auth.member);
  if (member) return;
  const result: MutationResult<Member> = yield putResolve(authApi.endpoints.memberDetail.initiate(undefined, { forceRefetch: true }) as never);
  // No session: the transport's session handler starts signInAsGuest.
  if ('data' in result && result.data?.VipID) yield put(memberSignedIn(result.data));
}

export function* authSaga() {
  yield takeLatest(sessionEnded.type, signInAsGuest);
  yield takeLatest(shopEntered.type, resumeSession);
}
