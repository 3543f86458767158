/**
 * baseSelect: the enterprise's outlets nearest the customer first. When the
 * customer refuses location (or the phone has none) the outlets are still
 * listed, in the enterprise's order, with a note saying why.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Link } from '../../ui/links';
import { defineMessages } from '../../i18n/defineMessages';
import { useAppSelector } from '../../app/hooks';
import { selectGuardInputs, useServiceNow } from '../../session';
import { HOURS_CLOCK_MS } from './HoursLineText';
import { OutletHours, entryPathForOutlet } from './OutletHours';
import { outletsApi } from './outletsApi';

const messages = defineMessages({
  locating: { id: 'baseSelect.locating', defaultMessage: 'Finding outlets near you…' },
  noLocation: {
    id: 'baseSelect.noLocation',
    defaultMessage: 'Your location is not available, so outlets are not sorted by distance. Allow location for this page to see the nearest first.',
  },
  km: { id: 'baseSelect.km', defaultMessage: '{km} km' },
  none: { id: 'baseSelect.none', defaultMessage: 'No outlets found.' },
});

type Position = { lng: number; lat: number } | 'refused' | 'pending';

export const LOCATION_TIMEOUT_MS = 8000;

export function useCustomerPosition(): Position {
  const [position, setPosition] = useState<Position>('pending');
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setPosition('refused');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ lng: p.coords.longitude, lat: p.coords.latitude }),
      () => setPosition('refused'),
      { timeout: LOCATION_TIMEOUT_MS, maximumAge: 300_000 },
    );
  }, []);
  return position;
}

export default function BaseSelectPage() {
  const position = useCustomerPosition();
  const { zone, offset } = useAppSelector(selectGuardInputs);
  const now = useServiceNow(offset, HOURS_CLOCK_MS);
  const known = typeof position === 'object';
  const outlets = outletsApi.useOutletsNearQuery(
    { lng: known ? position.lng : null, lat: known ? position.lat : null },
    { skip: position === 'pending' },
  );
  if (position === 'pending') {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...messages.locating} />
      </p>
    );
  }
  return (
    <section className="outlets">
      {position === 'refused' && (
        <p className="note" role="note">
          <FormattedMessage {...messages.noLocation} />
        </p>
      )}
      {outlets.data && outlets.data.length === 0 && (
        <p className="empty">
          <FormattedMessage {...messages.none} />
        </p>
      )}
      <ul className="link-list">
        {(outlets.data ?? []).map((o) => (
          <li key={o.BaseID}>
            <Link to={entryPathForOutlet(o.BaseID)}>
              <span className="outlet-text">
                {o.name}
                {o.address && <small style={{ display: 'block', color: 'var(--muted)' }}>{o.address}</small>}
                <OutletHours base={o} zone={zone} now={now} />
              </span>
              {o.distance !== null && (
                <FormattedMessage
                  {...messages.km}
                  values={{ km: <FormattedNumber value={o.distance} maximumFractionDigits={1} /> }}
                />
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
