/**
 * "Update available" (issue 29 section 5): a new build's service worker has
 * installed and waits. Update: it takes over and the page reloads on the new
 * build (never a page of one build with files of another); Later: this
 * build goes on, and the new one starts with the next visit after the tab closes.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../i18n/defineMessages';

export const updateMessages = defineMessages({
  available: { id: 'offline.updateAvailable', defaultMessage: 'Update available' },
  update: { id: 'offline.update', defaultMessage: 'Update' },
  later: { id: 'offline.later', defaultMessage: 'Later' },
});

export function UpdatePrompt({ onUpdate, onLater }: { onUpdate: () => void; onLater: () => void }) {
  const intl = useIntl();
  return (
    <section className="update-prompt" aria-label={intl.formatMessage(updateMessages.available)}>
      <p role="status">
        <FormattedMessage {...updateMessages.available} />
      </p>
      <button type="button" className="btn btn-small btn-primary" onClick={onUpdate}>
        <FormattedMessage {...updateMessages.update} />
      </button>
      <button type="button" className="btn btn-small" onClick={onLater}>
        <FormattedMessage {...updateMessages.later} />
      </button>
    </section>
  );
}
