/** What a section shows while its code or its data is on the way. */
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';

const m = defineMessages({
  section: { id: 'staff.section.loading', defaultMessage: 'Loading…' },
});

export function Loading({ message = m.section }: { message?: MessageDescriptor }) {
  return (
    <p role="status" className="empty">
      <FormattedMessage {...message} />
    </p>
  );
}
