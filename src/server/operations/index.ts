/** Every implemented operation's handler, keyed by strKeyName. */
import { addressHandlers } from './addresses/handlers';
import { authHandlers } from './auth';
import type { HandlerMap } from './context';
import { feedbackHandlers } from './feedback';
import { memberHandlers } from './member';
import { menuHandlers } from './menu';
import { orderHandlers } from './orders';
import { paramHandlers } from './params';
import { paymentHandlers } from './payments';
import { sheetHandlers } from './sheet';
import { shopHandlers } from './shop';
import { walletHandlers } from './wallet';

export const handlers: HandlerMap = {
  ...shopHandlers,
  ...paramHandlers,
  ...feedbackHandlers,
  ...memberHandlers,
  ...authHandlers,
  ...menuHandlers,
  ...sheetHandlers,
  ...orderHandlers,
  ...paymentHandlers,
  ...walletHandlers,
  ...addressHandlers,
};
