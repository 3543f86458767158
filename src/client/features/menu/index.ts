/** The menu feature's public module: what other features may use (house style 9). */
export { menuApi, type PackUnit } from './menuApi';
