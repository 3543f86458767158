/** What each displayed order state is called (SPEC section 4). */
import type { MessageDescriptor } from 'react-intl';
import type { DisplayState } from '../../../shared/domain/orderStates';
import type { KitchenState } from '../../../shared/domain/rounds';
import { defineMessages } from '../../i18n/defineMessages';

export const displayStateLabels: Record<DisplayState, MessageDescriptor> = defineMessages({
  unpaid: { id: 'orderState.unpaid', defaultMessage: 'Awaiting payment' },
  paid: { id: 'orderState.paid', defaultMessage: 'Paid' },
  preparing: { id: 'orderState.preparing', defaultMessage: 'Preparing' },
  ready: { id: 'orderState.ready', defaultMessage: 'Ready' },
  delivering: { id: 'orderState.delivering', defaultMessage: 'Out for delivery' },
  completed: { id: 'orderState.completed', defaultMessage: 'Completed' },
  pickedUp: { id: 'orderState.pickedUp', defaultMessage: 'Picked up' },
  checkedOut: { id: 'orderState.checkedOut', defaultMessage: 'Checked out' },
  expired: { id: 'orderState.expired', defaultMessage: 'Expired' },
  cancelled: { id: 'orderState.cancelled', defaultMessage: 'Cancelled' },
  ordering: { id: 'orderState.ordering', defaultMessage: 'Ordering' },
});

/** States after which nothing more happens to an order. */
export const FINAL_STATES: readonly DisplayState[] = ['completed', 'pickedUp', 'checkedOut', 'expired', 'cancelled'];

/** What a round's kitchen state is called on the customer's page (domain/rounds.ts). */
export const kitchenStateLabels: Record<KitchenState, MessageDescriptor> = defineMessages({
  new: { id: 'roundState.new', defaultMessage: 'New' },
  preparing: { id: 'roundState.preparing', defaultMessage: 'Preparing' },
  ready: { id: 'roundState.ready', defaultMessage: 'Ready' },
  served: { id: 'roundState.served', defaultMessage: 'Served' },
});
