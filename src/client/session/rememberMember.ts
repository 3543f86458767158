/**
 * The one place the member's VipID is written to local storage (SPEC 3:
 * "VipID also kept in local storage"): a listener on memberSignedIn, whoever
 * signed the member in (a host's silent sign-in, the phone page). Guests are
 * not remembered.
 */
import { createListeners } from '../app/listeners';
import { VIP_ID_KEY, type KeyValueStore } from '../host/storage';
import { memberSignedIn } from './authSlice';

export function createMemberListener(local: KeyValueStore) {
  const listener = createListeners();
  listener.startListening({
    actionCreator: memberSignedIn,
    effect: ({ payload }) => {
      if (payload && !payload.isGuest && payload.VipID) local.setItem(VIP_ID_KEY, payload.VipID);
    },
  });
  return listener;
}
