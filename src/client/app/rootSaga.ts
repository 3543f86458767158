/** The root saga: the multi-step flows (sign-in) start here. */
import { all } from 'redux-saga/effects';

export function* rootSaga() {
  yield all([]);
}
