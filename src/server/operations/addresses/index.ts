/** The address book and the helpers of its form (regions, resolving a position or a text). */
import type { HandlerMap } from '../context';
import { addressBookHandlers } from './book';
import { regionHandlers } from './regions';

export const addressHandlers: HandlerMap = { ...addressBookHandlers, ...regionHandlers };
