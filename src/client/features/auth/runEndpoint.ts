/** Calling RTK Query from the sign-in sagas (house style 8: through `endpoint.initiate`). */
import { putResolve } from 'redux-saga/effects';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { GatewayError } from '../../app/baseQuery';

export type Result<T> = { data: T } | { error: GatewayError };

/** Runs an RTK Query thunk from a saga and yields its settled result (never throws). */
export function* run<T>(thunk: unknown) {
  const r = (yield putResolve(thunk as UnknownAction)) as { data?: T; error?: GatewayError };
  return (r && r.error !== undefined ? { error: r.error } : { data: r?.data as T }) as Result<T>;
}
