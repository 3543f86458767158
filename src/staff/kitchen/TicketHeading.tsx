/**
 * A kitchen ticket's heading (one small component: other work adds to it,
 * e.g. a pickup number): where the order goes, the "new" badge, its timer.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';

const m = defineMessages({
  fresh: { id: 'staff.fresh', defaultMessage: 'New' },
});

export function TicketHeading({ where, fresh, timer }: { where: string; fresh: boolean; timer: ReactNode }) {
  return (
    <header>
      <strong className="where">{where}</strong>
      {fresh && (
        <span className="badge">
          <FormattedMessage {...m.fresh} />
        </span>
      )}
      {timer}
    </header>
  );
}
