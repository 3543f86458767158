/** The offline note (issue 29 section 5): shown while the app cannot reach the service; ordering is off meanwhile. */
import { FormattedMessage } from 'react-intl';
import { useOnline } from '../app/online';
import { defineMessages } from '../i18n/defineMessages';

export const offlineMessages = defineMessages({
  note: {
    id: 'offline.note',
    defaultMessage: 'You are offline. This is the menu saved on this phone; ordering is off until you are back online.',
  },
});

export function OfflineNote({ className = '' }: { className?: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className={`note offline-note ${className}`.trim()}>
      <FormattedMessage {...offlineMessages.note} />
    </p>
  );
}
