/**
 * Actions that need a registered member (balance payment, coupons): a guest
 * or a signed-out customer is told 'Operation not allowed without
 * logging-in.' and offered the sign-in page (SPEC section 5).
 */
import { useCallback } from 'react';
import { useAppSelector } from '../app/hooks';
import { useGo } from '../app/navigation';
import { pathOf } from '../app/paths';
import { validation } from '../i18n/specMessages';
import { useConfirm } from '../ui/ConfirmDialog';
import { selectMember } from './authSlice';

export function useIsMember(): boolean {
  const member = useAppSelector(selectMember);
  return Boolean(member && !member.isGuest);
}

/** Returns a check: true for a member; otherwise the sign-in prompt, and false. */
export function useRequireMember(): () => Promise<boolean> {
  const isMember = useIsMember();
  const confirm = useConfirm();
  const go = useGo();
  return useCallback(async () => {
    if (isMember) return true;
    if (await confirm({ message: validation.loginRequired })) go(pathOf('loginByCode'));
    return false;
  }, [isMember, confirm, go]);
}
