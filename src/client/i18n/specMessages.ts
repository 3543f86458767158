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

// The errors are a module of their own: the first screen's sign-in prompt shows one (issue 24: its download).
export { errors } from './errorMessages';
