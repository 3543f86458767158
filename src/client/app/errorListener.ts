/**
 * Errors are shown in one place (house style 3): every rejected operation
 * passes here. A handler registered for its errcode/resultcode runs; else a
 * toast shows the service's message (SPEC section 8). A call made with
 * `silent` shows no refusal: its screen shows the message itself (network
 * failures are still toasted).
 */
import { defineMessages } from '../i18n/defineMessages';
import { createAction, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { SESSION_ERROR_CODES } from '../../shared/protocol/envelope';
import type { GatewayError } from './baseQuery';
import { createListeners } from './listeners';
import { toastShown } from './uiSlice';

export const messages = defineMessages({
  networkError: { id: 'transport.networkError', defaultMessage: 'Network connection error' },
  timeout: { id: 'transport.timeout', defaultMessage: 'The request timed out. Please try again.' },
});

/** The session has ended or is missing; the sign-in flow starts again. */
export const sessionEnded = createAction<{ code: string; message: string }>('auth/sessionEnded');

type Dispatch = (action: UnknownAction) => unknown;
/** A refusal: an error the service answered with a code. */
export type Refusal = Extract<GatewayError, { code: string }>;
export type ErrorHandler = (error: Refusal, dispatch: Dispatch) => void;

const handlers = new Map<string, ErrorHandler>();

/** Registers what happens for an errcode/resultcode instead of the toast. Returns an unregister function. */
export function registerErrorHandler(code: string, handler: ErrorHandler): () => void {
  handlers.set(code, handler);
  return () => {
    if (handlers.get(code) === handler) handlers.delete(code);
  };
}

// Session codes "1", "2" and "42000" lead to signing in again.
for (const code of SESSION_ERROR_CODES) {
  registerErrorHandler(code, (error, dispatch) => {
    if (error.kind === 'session') dispatch(sessionEnded({ code: error.code, message: error.message }));
  });
}

export function isGatewayError(value: unknown): value is GatewayError {
  return typeof value === 'object' && value !== null && 'kind' in value && 'op' in value;
}

/** Shows (or hands off) one operation's error. */
export function reportGatewayError(error: GatewayError, dispatch: Dispatch): void {
  // A silent call's screen shows the service's refusal itself; a broken network is always said.
  if (error.silent && error.kind === 'business') return;
  // A probe asked whether there is a session: "no" is its answer, not a cue to sign in again.
  if (error.probe && error.kind === 'session') return;
  if (error.kind === 'network') {
    dispatch(toastShown({ message: messages.networkError }));
    return;
  }
  if (error.kind === 'timeout') {
    dispatch(toastShown({ message: messages.timeout }));
    return;
  }
  const handler = handlers.get(error.code);
  if (handler) {
    handler(error, dispatch);
    return;
  }
  dispatch(toastShown({ text: error.message }));
}

export const errorListener = createListeners();

errorListener.startListening({
  matcher: isRejectedWithValue,
  effect: (action, listenerApi) => {
    if (isGatewayError(action.payload)) reportGatewayError(action.payload, listenerApi.dispatch);
  },
});
