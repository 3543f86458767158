/**
 * A member's pickup (and dine-in) contact comes from their profile: the name
 * and phone are filled in once the profile is read, where the customer has
 * not typed them already. A delivery's comes from the chosen address.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useIsMember, useMemberProfile } from '../../session';
import { checkoutDraftChanged, selectCheckoutDraft, type CheckoutDraft } from './checkoutSlice';

export function usePrefillContact(enabled: boolean): void {
  const isMember = useIsMember();
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectCheckoutDraft);
  const { data } = useMemberProfile({ skip: !isMember || !enabled });
  const profile = enabled && data && !data.isGuest ? data : null;
  const needName = !draft.CustName.trim();
  const needPhone = !draft.CustPhone.trim();
  useEffect(() => {
    if (!profile) return;
    const patch: Partial<CheckoutDraft> = {};
    if (needName && profile.VipName) patch.CustName = profile.VipName;
    if (needPhone && profile.Phone) patch.CustPhone = profile.Phone;
    if (Object.keys(patch).length > 0) dispatch(checkoutDraftChanged(patch));
    // Once per profile read: clearing a field afterwards is the customer's choice.
  }, [profile, dispatch]);
}
