/**
 * Sign-out (issue 22): the service ends the session (EntVip_EntVipLogout_Add
 * deletes its row and clears the HttpOnly cookie, which the app cannot touch
 * itself); then the app forgets who the customer was: the member in the
 * store and in local storage (here, not in the member listener of the entry
 * chunk, whose budget has no byte to spare), the host's open user
 * info of this browser session, and every answer RTK Query kept for them.
 * The next page that needs a session signs in afresh (a guest in a plain
 * browser). Resolves true when the service ended the session (or there was
 * none); false when it could not be reached, and nothing is forgotten.
 */
import { useCallback } from 'react';
import { api } from '../app/api';
import { useAppDispatch } from '../app/hooks';
import { localStore, VIP_ID_KEY } from '../host/storage';
import { authApi } from './authApi';
import { memberSignedOut } from './authSlice';
import { forgetOpenUserInfo } from './openUserInfo';

export function useSignOut(): () => Promise<boolean> {
  const dispatch = useAppDispatch();
  const [signOut] = authApi.useSignOutMutation();
  return useCallback(async () => {
    const result = await signOut();
    if ('error' in result) return false;
    forgetOpenUserInfo();
    localStore.removeItem(VIP_ID_KEY);
    dispatch(memberSignedOut());
    dispatch(api.util.resetApiState());
    return true;
  }, [dispatch, signOut]);
}
