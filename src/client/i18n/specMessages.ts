/**
 * The validation and error texts of SPEC sections 5 and 8 that several
 * features show. Declared once here, used by the features (and the service
 * speaks the same texts in its refusals, src/server/messages.ts).
 */
import { defineMessages } from './defineMessages';

export const validation = defineMessages({
  loginRequired: { id: 'validation.loginRequired', defaultMessage: 'Operation not allowed without logging-in.' },
  nameInvalid: { id: 'validation.nameInvalid', defaultMessage: 'Name contains invalid characters.' },
  couponChoose: { id: 'validation.couponChoose', defaultMessage: 'Please choose a coupon' },
  couponCodeRequired: { id: 'validation.couponCodeRequired', defaultMessage: 'Please enter the coupon code' },
  couponMissing: { id: 'validation.couponMissing', defaultMessage: 'The coupon does not exist' },
  couponUnavailable: { id: 'validation.couponUnavailable', defaultMessage: 'This coupon is not available' },
  voucherMinimum: {
    id: 'validation.voucherMinimum',
    defaultMessage: 'The order must be at least the voucher’s value ({amount}).',
  },
  shippingIncomplete: { id: 'validation.shippingIncomplete', defaultMessage: 'Please complete the shipping information' },
  contactRequired: { id: 'validation.contactRequired', defaultMessage: 'Please fill in your contact and mobile phone number' },
  privacyRequired: { id: 'validation.privacyRequired', defaultMessage: 'Please read and agree to the privacy policy and terms of use' },
  paymentRequired: { id: 'validation.paymentRequired', defaultMessage: 'Please choose a payment method' },
  beyondRange: { id: 'validation.beyondRange', defaultMessage: 'Beyond distribution range' },
  minimumShortfall: { id: 'validation.minimumShortfall', defaultMessage: 'Add {amount} more for delivery' },
  selectLimit: { id: 'validation.selectLimit', defaultMessage: 'The alternative {count}, please cancel other products first' },
  invalidQrCode: { id: 'validation.invalidQrCode', defaultMessage: 'Invalid QR Code' },
  qrCodeInvalid: { id: 'validation.qrCodeInvalid', defaultMessage: 'The QR code is invalid' },
  tableNotFound: { id: 'validation.tableNotFound', defaultMessage: 'Table No. not found.' },
  storeClosed: { id: 'validation.storeClosed', defaultMessage: 'Store is not opened now.' },
  uploadTooLarge: { id: 'validation.uploadTooLarge', defaultMessage: 'The file is larger than 5 MB' },
  callStaff: { id: 'validation.callStaff', defaultMessage: 'Please call our staff to checkout' },
});

export const confirmations = defineMessages({
  placeOrder: { id: 'confirm.placeOrder', defaultMessage: 'Place this order?' },
  clearCart: { id: 'confirm.clearCart', defaultMessage: 'Clear the cart?' },
  cancelOrder: { id: 'confirm.cancelOrder', defaultMessage: 'Cancel this order?' },
  topUp: { id: 'confirm.topUp', defaultMessage: 'Top up {amount}?' },
  signIn: { id: 'confirm.signIn', defaultMessage: 'Sign in now?' },
});

/** The cancel-order dialog's buttons say what each does (issue 23): not Cancel / Confirm. */
export const cancelOrderButtons = defineMessages({
  keep: { id: 'orderDetails.keepOrder', defaultMessage: 'Keep it' },
  cancel: { id: 'orderDetails.cancelTheOrder', defaultMessage: 'Cancel the order' },
});

/** The cancel-order dialog, for useConfirm. */
export const cancelOrderDialog = {
  message: confirmations.cancelOrder,
  confirmLabel: cancelOrderButtons.cancel,
  cancelLabel: cancelOrderButtons.keep,
};

export const errors = defineMessages({
  fileError: { id: 'error.fileError', defaultMessage: 'File error' },
  shopNotFound: { id: 'error.shopNotFound', defaultMessage: 'The shop does not exist' },
  loginRequired: { id: 'error.loginRequired', defaultMessage: 'Login required' },
  accessTokenFailed: { id: 'error.accessTokenFailed', defaultMessage: 'Failed to get access token' },
  hostInstanceFailed: { id: 'error.hostInstanceFailed', defaultMessage: 'Failed to create host instance' },
  authorizeAgain: { id: 'error.authorizeAgain', defaultMessage: 'Authorization is required. Do you want to authorize this again?' },
  chunkLoad: { id: 'error.chunkLoad', defaultMessage: 'Part of the app could not be loaded.' },
  soldOut: { id: 'error.soldOut', defaultMessage: 'Sold out' },
  noMore: { id: 'error.noMore', defaultMessage: 'No more datas' },
  paymentNotLinked: { id: 'error.paymentNotLinked', defaultMessage: 'Payment account has not been linked to this shop yet.' },
  shopClosed: { id: 'error.shopClosed', defaultMessage: 'The shop is closed' },
  notAvailable: { id: 'error.notAvailable', defaultMessage: 'Temporarily not available' },
  addressUnresolved: { id: 'error.addressUnresolved', defaultMessage: 'The address you selected is not resolved to the result!' },
  bagFee: { id: 'error.bagFee', defaultMessage: 'Plastic bags cost MOP 1 each.' },
});
