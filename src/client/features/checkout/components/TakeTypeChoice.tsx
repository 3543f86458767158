/** The order type (dine in, pickup, delivery): a choice when the outlet and the cart offer more than one, else a line saying which. */
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../../i18n/defineMessages';
import type { TakeType } from '../totals';

const messages = defineMessages({
  mode: { id: 'checkout.mode', defaultMessage: 'Order type' },
  // One message with its colon, so each language writes its own (Chinese: the full-width '：'; issue 23).
  modeIs: { id: 'checkout.modeIs', defaultMessage: 'Order type: {type}' },
  dinein: { id: 'checkout.dinein', defaultMessage: 'Dine in' },
  pickup: { id: 'checkout.pickup', defaultMessage: 'Pickup' },
  delivery: { id: 'checkout.delivery', defaultMessage: 'Delivery' },
});

const TAKE_TYPE_LABELS: Record<TakeType, MessageDescriptor> = { dinein: messages.dinein, pickup: messages.pickup, delivery: messages.delivery };

export function TakeTypeChoice({ offered, value, onChange }: { offered: TakeType[]; value: TakeType; onChange: (takeType: TakeType) => void }) {
  if (offered.length <= 1) {
    return (
      <p className="panel">
        <FormattedMessage {...messages.modeIs} values={{ type: <strong><FormattedMessage {...TAKE_TYPE_LABELS[value]} /></strong> }} />
      </p>
    );
  }
  return (
    <fieldset className="choice-group panel">
      <legend>
        <FormattedMessage {...messages.mode} />
      </legend>
      {offered.map((t) => (
        <label key={t} className={`chip${value === t ? ' chosen' : ''}`}>
          <input type="radio" name="take-type" value={t} checked={value === t} onChange={() => onChange(t)} />
          <FormattedMessage {...TAKE_TYPE_LABELS[t]} />
        </label>
      ))}
    </fieldset>
  );
}
