/**
 * Every implemented operation's handler, keyed by strKeyName: one folder per
 * domain, each with its handlers, its SQL and its tests.
 */
import { addressHandlers } from './addresses';
import { authHandlers } from './auth';
import type { HandlerMap } from './context';
import { couponHandlers } from './coupons/handlers';
import { menuHandlers } from './menu/handlers';
import { orderHandlers } from './orders/handlers';
import { receiptHandlers } from './orders/receiptMail';
import { sheetHandlers } from './orders/sheet';
import { paymentHandlers } from './payments/handlers';
import { favouriteHandlers } from './favourites/handlers';
import { feedbackHandlers } from './shop/feedback';
import { shopHandlers } from './shop/handlers';
import { paramHandlers } from './shop/params';
import { tableCallHandlers } from './table/calls';
import { tableCartHandlers } from './table/cart';
import { walletHandlers } from './wallet/handlers';

export const handlers: HandlerMap = {
  ...shopHandlers,
  ...paramHandlers,
  ...feedbackHandlers,
  ...authHandlers,
  ...menuHandlers,
  ...sheetHandlers,
  ...orderHandlers,
  ...receiptHandlers,
  ...paymentHandlers,
  ...walletHandlers,
  ...couponHandlers,
  ...addressHandlers,
  ...tableCartHandlers,
  ...tableCallHandlers,
  ...favouriteHandlers,
};
