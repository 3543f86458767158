/** The orders feature's public module: what other features may use (house style 9). */
export { ordersApi } from './ordersApi';
export { orderDetailsPath } from './paths';
export { TableSheetSoFar } from './TableSheet';
export { TableSheet } from './TableSheet';
