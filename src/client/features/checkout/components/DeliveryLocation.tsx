/** The delivery's position: asked for once when delivery is chosen, and again on request. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../../i18n/defineMessages';

const messages = defineMessages({
  locate: { id: 'checkout.locate', defaultMessage: 'Use my current location' },
  relocate: { id: 'checkout.relocate', defaultMessage: 'Update my location' },
  locating: { id: 'checkout.locating', defaultMessage: 'Finding your location…' },
  located: { id: 'checkout.located', defaultMessage: 'Your location is set for the delivery.' },
  noLocation: {
    id: 'checkout.noLocation',
    defaultMessage: 'We need your location to deliver. Allow this page to use your location, then try again.',
  },
});

export const LOCATION_TIMEOUT_MS = 10_000;

export function DeliveryLocation({ located, onLocated }: { located: boolean; onLocated: (lng: number, lat: number) => void }) {
  const [state, setState] = useState<'idle' | 'locating' | 'refused'>('idle');
  const asked = useRef(false);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setState('refused');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setState('idle');
        onLocated(p.coords.longitude, p.coords.latitude);
      },
      () => setState('refused'),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, [onLocated]);
  useEffect(() => {
    if (located || asked.current) return;
    asked.current = true;
    locate();
  }, [located, locate]);
  return (
    <div className="locate">
      <p className={state === 'refused' && !located ? 'note' : 'muted'} role="status">
        <FormattedMessage {...(state === 'locating' ? messages.locating : located ? messages.located : state === 'refused' ? messages.noLocation : messages.locating)} />
      </p>
      <button type="button" className="btn btn-small" onClick={locate} disabled={state === 'locating'}>
        <FormattedMessage {...(located ? messages.relocate : messages.locate)} />
      </button>
    </div>
  );
}
