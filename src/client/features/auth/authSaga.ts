/**
 * The sign-in flows (redux-saga, house style 8). So far: when the service says
 * the session has ended (codes "1", "2", "42000"), a plain browser signs in
 * again as a guest of the shop's enterprise. The in-app browsers' flows come
 * with the sign-in issue.
 */
import { putResolve, put, select, takeLatest } from 'redux-saga/effects';
import { sessionEnded } from '../../app/errorListener';
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

export function* authSaga() {
  yield takeLatest(sessionEnded.type, signInAsGuest);
}
