/**
 * SPEC section 8: after the customer declined a provider's authorization,
 * 'Authorization is required. Do you want to authorize this again?'. Yes goes
 * back to the provider; no goes on as a guest. Mounted once by the shell.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { errors } from '../i18n/errorMessages';
import { useConfirm } from '../ui/ConfirmDialog';
import { authorizationDeclined, authorizationRetryChosen, selectAuthStatus } from './authSlice';

export function AuthorizePrompt() {
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  const confirm = useConfirm();
  useEffect(() => {
    if (status !== 'askingAuthorization') return;
    let live = true;
    void confirm({ message: errors.authorizeAgain }).then((again) => {
      if (live) dispatch(again ? authorizationRetryChosen() : authorizationDeclined());
    });
    return () => {
      live = false;
    };
  }, [status, confirm, dispatch]);
  return null;
}
