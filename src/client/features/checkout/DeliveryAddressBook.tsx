/**
 * A member's delivery address on the confirm page: chosen from the address
 * book (the default preselected), another chosen on addressList, or a new one
 * added on addressEdit; both come back here with the choice (flows/addressChosen).
 * The form's shipping message ('Please complete the shipping information',
 * 'Beyond distribution range') shows here.
 */
import { useEffect, useId } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { addressChosen } from '../../flows/addressChosen';
import { defineMessages } from '../../i18n/defineMessages';
import { addressEditPath, addressLine, addressListPath, useAddressesQuery } from '../addresses';
import { selectCheckoutDraft } from './checkoutSlice';
import { selectLocale } from '../../app/uiSlice';

const messages = defineMessages({
  legend: { id: 'checkout.deliveryAddress', defaultMessage: 'Delivery address' },
  loading: { id: 'checkout.addressesLoading', defaultMessage: 'Loading your addresses…' },
  failed: { id: 'checkout.addressesFailed', defaultMessage: 'Your addresses could not be loaded.' },
  retry: { id: 'checkout.addressesRetry', defaultMessage: 'Try again' },
  none: { id: 'checkout.noAddress', defaultMessage: 'Add an address to deliver to.' },
  other: { id: 'checkout.otherAddress', defaultMessage: 'Choose another address' },
  add: { id: 'checkout.addAddress', defaultMessage: 'Add a new address' },
  noPosition: { id: 'checkout.addressNoPosition', defaultMessage: 'This address has no location on the map yet.' },
  pick: { id: 'checkout.addressPick', defaultMessage: 'Pick its location' },
});

export function DeliveryAddressBook({ error }: { error?: MessageDescriptor }) {
  const dispatch = useAppDispatch();
  const go = useGo();
  const draft = useAppSelector(selectCheckoutDraft);
  const locale = useAppSelector(selectLocale);
  const errorId = useId();
  const { data, isLoading, isError, refetch } = useAddressesQuery(undefined, { refetchOnMountOrArgChange: true });

  // The default address (else the newest) unless one of the book's is already chosen.
  useEffect(() => {
    if (!data || data.some((a) => a.AddressID === draft.addressId)) return;
    const pick = data.find((a) => a.IsDefault) ?? data[0];
    if (pick) dispatch(addressChosen(pick));
  }, [data, draft.addressId, dispatch]);

  const chosen = data?.find((a) => a.AddressID === draft.addressId) ?? null;
  return (
    <fieldset className="form-group" aria-describedby={error ? errorId : undefined}>
      <legend>
        <FormattedMessage {...messages.legend} />
      </legend>
      {isLoading ? (
        <p role="status" className="muted">
          <FormattedMessage {...messages.loading} />
        </p>
      ) : isError ? (
        <p role="alert" className="note">
          <FormattedMessage {...messages.failed} />{' '}
          <button type="button" className="btn btn-small" onClick={() => void refetch()}>
            <FormattedMessage {...messages.retry} />
          </button>
        </p>
      ) : chosen ? (
        <div className="chosen-address">
          <p>
            <strong>{chosen.CustName}</strong> +{chosen.AreaNo} {chosen.CustPhone}
          </p>
          <p>{addressLine(chosen, locale)}</p>
          {(chosen.GPS_Lng === null || chosen.GPS_Lat === null) && (
            <p className="note">
              <FormattedMessage {...messages.noPosition} />{' '}
              <button type="button" className="btn btn-small" onClick={() => go(addressEditPath({ id: chosen.AddressID, choose: true }))}>
                <FormattedMessage {...messages.pick} />
              </button>
            </p>
          )}
        </div>
      ) : (
        <p className="note">
          <FormattedMessage {...messages.none} />
        </p>
      )}
      <div className="locate">
        {data && data.length > 0 && (
          <button type="button" className="btn btn-small" onClick={() => go(addressListPath(true))}>
            <FormattedMessage {...messages.other} />
          </button>
        )}
        <button type="button" className="btn btn-small" onClick={() => go(addressEditPath({ choose: true }))}>
          <FormattedMessage {...messages.add} />
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="field-error">
          <FormattedMessage {...error} />
        </p>
      )}
    </fieldset>
  );
}
