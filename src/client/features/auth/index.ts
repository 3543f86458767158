/**
 * The auth feature's public module (house style 9): the sign-in flows. The member's state, the session cookie and
 * the sign-in prompts live in the session layer, src/client/session.
 */
export { authSaga } from './authSaga';
