/** The checkout feature's public module: what other features and the app may use (house style 9). */
export { checkoutSlice, CHECKOUT_VERSION, migrateCheckout } from './checkoutSlice';
export { checkoutApi } from './checkoutApi';
export { orderPlaced } from './checkoutSlice';
export { placeOrder, type PlaceOrderResult } from './placeOrder';
export { refreshCartPrices } from './refreshPrices';
export { refreshCartTextsLater } from './refreshCartTextsLater';
export type { OrderRequest } from './checkoutApi';
export type { PayMode } from './orderRequest';
