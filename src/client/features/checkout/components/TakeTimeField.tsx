/**
 * When to pick up or deliver: as soon as possible, or a slot within the
 * opening hours, in the outlet's time zone (whatever the phone's). Two steps
 * (issue 23: not a drop-down of 95 times): the hour, in a drop-down of a
 * dozen or so, then the time within it, as large buttons.
 */
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defineMessages } from '../../../i18n/defineMessages';

const messages = defineMessages({
  pickupTime: { id: 'checkout.pickupTime', defaultMessage: 'Pickup time' },
  deliveryTime: { id: 'checkout.deliveryTime', defaultMessage: 'Delivery time' },
  asap: { id: 'checkout.asap', defaultMessage: 'As soon as possible' },
  hour: { id: 'checkout.takeHour', defaultMessage: '{from} to {to}' },
  exact: { id: 'checkout.takeExact', defaultMessage: 'Exact time' },
});

/** The slots grouped by the hour they fall in, in the zone: [hour 'HH', slots] in order. */
export function slotsByHour(slots: readonly Date[], zone: string): [string, Date[]][] {
  const hourOf = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' });
  const groups = new Map<string, Date[]>();
  for (const slot of slots) {
    const hour = hourOf.format(slot);
    const group = groups.get(hour);
    if (group) group.push(slot);
    else groups.set(hour, [slot]);
  }
  return [...groups];
}

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
  const selectId = useId();
  const time = (d: Date) => intl.formatTime(d, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const hours = slotsByHour(slots, zone);
  const chosen = hours.find(([, group]) => group.some((d) => d.toISOString() === value));
  return (
    <div className="take-time">
      <div className="field">
        <label htmlFor={selectId}>
          <FormattedMessage {...(pickup ? messages.pickupTime : messages.deliveryTime)} />
        </label>
        <select
          id={selectId}
          value={chosen?.[0] ?? ''}
          onChange={(e) => {
            const group = hours.find(([hour]) => hour === e.target.value)?.[1];
            // An hour chosen: its first time, which the buttons below change.
            onChange(group?.[0]?.toISOString() ?? '');
          }}
        >
          <option value="">{intl.formatMessage(messages.asap)}</option>
          {hours.map(([hour, group]) => (
            <option key={hour} value={hour}>
              {group.length === 1 ? time(group[0]!) : intl.formatMessage(messages.hour, { from: time(group[0]!), to: time(group[group.length - 1]!) })}
            </option>
          ))}
        </select>
      </div>
      {chosen && (
        <fieldset className="choice-group take-time-exact">
          <legend>
            <FormattedMessage {...messages.exact} />
          </legend>
          {chosen[1].map((d) => {
            const iso = d.toISOString();
            return (
              <label key={iso} className={`chip${iso === value ? ' chosen' : ''}`}>
                <input type="radio" name={`${selectId}-exact`} value={iso} checked={iso === value} onChange={() => onChange(iso)} />
                {time(d)}
              </label>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}
