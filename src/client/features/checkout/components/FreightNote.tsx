/** The delivery's figures (SPEC section 5): the fee, free delivery above an amount, the minimum order with what is missing, the range. */
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../../i18n/defineMessages';
import { validation } from '../../../i18n/specMessages';
import { useMoney } from '../../../ui/money';
import type { FreightRule } from '../totals';

const messages = defineMessages({
  freight: { id: 'checkout.freight', defaultMessage: 'Delivery fee {fee}' },
  freeAbove: { id: 'checkout.freeAbove', defaultMessage: 'Free delivery for orders of {amount} or more' },
  minimum: { id: 'checkout.minimum', defaultMessage: 'Minimum order for delivery: {amount}' },
  range: { id: 'checkout.range', defaultMessage: 'We deliver within {km} km.' },
});

/** `shortfall`: what the order misses to reach the minimum, shown when there is one, as an error once the customer tried to place it. */
export function FreightNote({ rule, shortfall, shortfallError }: { rule: FreightRule; shortfall: string | null; shortfallError: boolean }) {
  const money = useMoney();
  return (
    <div className="freight">
      <p>
        <FormattedMessage {...messages.freight} values={{ fee: money.amount(rule.fee) }} />
        {Number(rule.freeAbove) > 0 && (
          <>
            {' · '}
            <FormattedMessage {...messages.freeAbove} values={{ amount: money.amount(rule.freeAbove) }} />
          </>
        )}
      </p>
      {Number(rule.minAmount) > 0 && (
        <p>
          <FormattedMessage {...messages.minimum} values={{ amount: money.amount(rule.minAmount) }} />
        </p>
      )}
      {Number(rule.rangeKm) > 0 && (
        <p className="muted">
          <FormattedMessage {...messages.range} values={{ km: Number(rule.rangeKm) }} />
        </p>
      )}
      {shortfall !== null && (
        <p className={shortfallError ? 'field-error' : 'note'} role={shortfallError ? 'alert' : undefined}>
          <FormattedMessage {...validation.minimumShortfall} values={{ amount: money.amount(shortfall) }} />
        </p>
      )}
    </div>
  );
}
