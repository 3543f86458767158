/** The checkout feature's public module: what other features and the app may use (house style 9). */
export { checkoutSlice } from './checkoutSlice';
export { checkoutApi } from './checkoutApi';
