/** When to pick up or deliver: as soon as possible, or a slot within the opening hours (in the shop's time zone). */
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/defineMessages';

const messages = defineMessages({
  pickupTime: { id: 'checkout.pickupTime', defaultMessage: 'Pickup time' },
  deliveryTime: { id: 'checkout.deliveryTime', defaultMessage: 'Delivery time' },
  asap: { id: 'checkout.asap', defaultMessage: 'As soon as possible' },
});

export function TakeTimeField({
  pickup,
  slots,
  zone,
  value,
  onChange,
}: {
  pickup: boolean;
  slots: readonly Date[];
  zone: string;
  value: string;
  onChange: (takeTime: string) => void;
}) {
  const intl = useIntl();
  return (
    <div className="field">
      <label htmlFor="take-time">
        <FormattedMessage {...(pickup ? messages.pickupTime : messages.deliveryTime)} />
      </label>
      <select id="take-time" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{intl.formatMessage(messages.asap)}</option>
        {slots.map((d) => (
          <option key={d.toISOString()} value={d.toISOString()}>
            {intl.formatTime(d, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}
          </option>
        ))}
      </select>
    </div>
  );
}
