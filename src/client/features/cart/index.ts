/** The cart feature's public module: what other features and the app may use (house style 9). */
export {
  cartSlice,
  CART_VERSION,
  businessModeChanged,
  cartLineAdded,
  cartLinesOrdered,
  cartOwnerEntered,
  cartPricesRefreshed,
  cartTextsRefreshed,
  selectBusinessMode,
  selectCartEntries,
  selectCartNumberFormats,
  selectCartSummary,
  selectGoodsCount,
  selectTableCart,
  tableCartSeen,
  type TableCartMirror,
  type CartLineAddedPayload,
  type CartPriceUpdate,
  type CartState,
  type CartTextUpdate,
} from './cartSlice';
export { CartBar } from './CartBar';
export { cartAdd, payAfterTableOf, registerTableCartAdder } from './tableAware';
