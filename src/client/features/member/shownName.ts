/** The member's name as the app shows it (issue 23): their own, or "Member 66****56" until they set one (shared/domain/memberName.ts). */
import { useIntl } from 'react-intl';
import { memberNameShown } from '../../../shared/domain/memberName';
import { defineMessages } from '../../i18n/defineMessages';

const messages = defineMessages({
  unnamed: { id: 'member.unnamed', defaultMessage: 'Member {phone}' },
});

export function useShownName(profile: { VipName: string; Phone: string } | null | undefined): string {
  const intl = useIntl();
  return memberNameShown(profile?.VipName, profile?.Phone, (phone) => intl.formatMessage(messages.unnamed, { phone }));
}
