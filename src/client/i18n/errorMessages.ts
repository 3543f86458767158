/** The error texts of SPEC section 8 (specMessages.ts has the rest), a module of their own for the first screen. */
import { defineMessages } from './defineMessages';

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
