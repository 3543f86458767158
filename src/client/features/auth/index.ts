/** The auth feature's public module: what other features and the app may use (house style 9). */
export { authSlice, memberSignedIn, selectMember, selectSignInSettled, type Member } from './authSlice';
export { authSaga } from './authSaga';
export { AuthorizePrompt } from './AuthorizePrompt';
export { ensureSession } from './ensureSession';
export { createMemberListener } from './rememberMember';
export { browserSignInEnv, type SignInEnv } from './signInEnv';
export { useIsMember, useRequireMember } from './useRequireMember';
export { useSignOut } from './useSignOut';
