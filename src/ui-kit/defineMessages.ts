/**
 * Declares messages beside their use (house style 11). react-intl 12's own
 * defineMessages types each descriptor from its text and then refuses any
 * values for it; ours keeps plain descriptors so `{name}` arguments can be
 * passed. The extract script reads calls of this function.
 */
import type { MessageDescriptor } from 'react-intl';

export interface Declared {
  id: string;
  defaultMessage: string;
  description?: string;
}

export function defineMessages<K extends string>(messages: Record<K, Declared>): Record<K, MessageDescriptor & Declared> {
  return messages;
}
