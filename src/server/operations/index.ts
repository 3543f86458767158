/** Every implemented operation's handler, keyed by strKeyName. */
import type { HandlerMap } from './context';
import { feedbackHandlers } from './feedback';
import { memberHandlers } from './member';
import { menuHandlers } from './menu';
import { paramHandlers } from './params';
import { sheetHandlers } from './sheet';
import { shopHandlers } from './shop';

export const handlers: HandlerMap = {
  ...shopHandlers,
  ...paramHandlers,
  ...feedbackHandlers,
  ...memberHandlers,
  ...menuHandlers,
  ...sheetHandlers,
};
