/**
 * Who takes the order: the contact's name and phone, and for a guest's
 * delivery the address typed in with the device's position (a member picks
 * an address of their book instead: DeliveryAddressBook).
 */
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from '../../../i18n/defineMessages';
import { FieldGroup, TextField } from '../../../ui/FormFields';
import type { CheckoutDraft } from '../checkoutSlice';
import { DeliveryLocation } from './DeliveryLocation';

const messages = defineMessages({
  contact: { id: 'checkout.contact', defaultMessage: 'Contact' },
  address: { id: 'checkout.address', defaultMessage: 'Delivery address' },
  name: { id: 'checkout.name', defaultMessage: 'Recipient' },
  phone: { id: 'checkout.phone', defaultMessage: 'Mobile phone' },
  district: { id: 'checkout.district', defaultMessage: 'Region / district' },
  mainAddress: { id: 'checkout.mainAddress', defaultMessage: 'Detailed address (street and building)' },
  houseNumber: { id: 'checkout.houseNumber', defaultMessage: 'House number (floor and flat)' },
});

type Change = (patch: Partial<CheckoutDraft>) => void;

export function ContactFields({ draft, error, onChange }: { draft: CheckoutDraft; error?: MessageDescriptor; onChange: Change }) {
  return (
    <FieldGroup legend={messages.contact} error={error}>
      <TextField label={messages.name} value={draft.CustName} onChange={(v) => onChange({ CustName: v })} invalid={!!error && !draft.CustName.trim()} autoComplete="name" required />
      <TextField
        label={messages.phone}
        value={draft.CustPhone}
        onChange={(v) => onChange({ CustPhone: v })}
        invalid={!!error && !draft.CustPhone.trim()}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
      />
    </FieldGroup>
  );
}

export function GuestAddressFields({ draft, error, onChange }: { draft: CheckoutDraft; error?: MessageDescriptor; onChange: Change }) {
  return (
    <FieldGroup legend={messages.address} error={error}>
      <TextField label={messages.district} value={draft.CustDistrict} onChange={(v) => onChange({ CustDistrict: v })} invalid={!!error && !draft.CustDistrict.trim()} autoComplete="address-level2" required />
      <TextField label={messages.mainAddress} value={draft.CustMainAddress} onChange={(v) => onChange({ CustMainAddress: v })} invalid={!!error && !draft.CustMainAddress.trim()} autoComplete="street-address" required />
      <TextField label={messages.houseNumber} value={draft.CustHouseNumber} onChange={(v) => onChange({ CustHouseNumber: v })} invalid={!!error && !draft.CustHouseNumber.trim()} required />
      <DeliveryLocation located={draft.GPS_Lng !== null && draft.GPS_Lat !== null} onLocated={(GPS_Lng, GPS_Lat) => onChange({ GPS_Lng, GPS_Lat })} />
    </FieldGroup>
  );
}
