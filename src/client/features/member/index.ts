/** The member feature's public module: what other features may use (house style 9). */
export { SignInPrompt } from './SignInPrompt';
export { useMemberProfile } from './memberApi';
