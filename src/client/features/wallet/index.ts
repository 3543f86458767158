/** The wallet feature's public module: what other features may use (kept tiny: it is imported by features on the first screen's path). */
export { MEMBER_MONEY_TAGS } from './tags';
export { walletApi } from './walletApi';
