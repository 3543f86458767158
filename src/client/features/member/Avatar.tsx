/** A member's profile picture; without one, the name's first letter in a circle. */
import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/defineMessages';

const messages = defineMessages({
  avatar: { id: 'member.avatar', defaultMessage: "{name}'s profile picture" },
});

export function Avatar({ name, url, size = 64 }: { name: string; url: string; size?: number }) {
  const intl = useIntl();
  const alt = intl.formatMessage(messages.avatar, { name: name || '—' });
  if (url) return <img className="avatar" src={url} alt={alt} width={size} height={size} />;
  return (
    <span className="avatar avatar-empty" role="img" aria-label={alt} style={{ width: size, height: size }}>
      {[...name][0] ?? ''}
    </span>
  );
}
