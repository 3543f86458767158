/**
 * The location picker (addressEdit): a full-screen dialog with the map
 * (LeafletMap, its own chunk), the street the pin is on (reverse geocoded by
 * Common_AddressResolutionGet_Get) or 'The address you selected is not
 * resolved to the result!', the phone's position on request, and "Use this
 * location", which hands the position and what it resolved to back.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { errors as specErrors } from '../../i18n/specMessages';
import { addressLine, useLazyResolveAddressQuery, type Resolution } from './addressApi';
import type { LngLat } from './LeafletMap';
import { loadMapConfig, type MapConfig } from './mapConfig';

const LeafletMap = lazy(() => import(/* webpackChunkName: "address-map" */ './LeafletMap'));

const messages = defineMessages({
  title: { id: 'addressMap.title', defaultMessage: 'Pick the location on the map' },
  map: { id: 'addressMap.map', defaultMessage: 'Map: drag the pin or tap the map to move it' },
  pin: { id: 'addressMap.pin', defaultMessage: 'Delivery location' },
  loading: { id: 'addressMap.loading', defaultMessage: 'Loading the map…' },
  failed: { id: 'addressMap.failed', defaultMessage: 'The map could not be loaded.' },
  resolving: { id: 'addressMap.resolving', defaultMessage: 'Finding the street…' },
  here: { id: 'addressMap.here', defaultMessage: 'Here: {address}' },
  locate: { id: 'addressMap.locate', defaultMessage: 'Use my current location' },
  locating: { id: 'addressMap.locating', defaultMessage: 'Finding your location…' },
  noLocation: { id: 'addressMap.noLocation', defaultMessage: 'Your location is not available. Allow this page to use it, or move the pin yourself.' },
  use: { id: 'addressMap.use', defaultMessage: 'Use this location' },
  cancel: { id: 'addressMap.cancel', defaultMessage: 'Cancel' },
});

export interface Picked {
  GPS_Lng: number;
  GPS_Lat: number;
  resolution: Resolution;
}

const LOCATION_TIMEOUT_MS = 10_000;

export function MapPicker({ start, onPick, onCancel }: { start: LngLat; onPick: (picked: Picked) => void; onCancel: () => void }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const [config, setConfig] = useState<MapConfig | null>(null);
  const [configFailed, setConfigFailed] = useState(false);
  const [center, setCenter] = useState<LngLat>(start);
  const [at, setAt] = useState<LngLat>(start);
  const [locating, setLocating] = useState<'idle' | 'busy' | 'refused'>('idle');
  const [resolve, resolved] = useLazyResolveAddressQuery();
  const titleId = 'address-map-title';
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The dialog takes the focus (a screen reader reads its title); Escape cancels; the focus goes back on closing.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    titleRef.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.({ preventScroll: true });
    };
  }, [onCancel]);

  useEffect(() => {
    let live = true;
    loadMapConfig().then(
      (c) => live && setConfig(c),
      () => live && setConfigFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const handleMove = useCallback(
    (next: LngLat) => {
      setAt(next);
      void resolve({ GPS_Lng: round6(next.lng), GPS_Lat: round6(next.lat) });
    },
    [resolve],
  );

  // What the starting position resolves to.
  useEffect(() => {
    handleMove(start);
  }, [handleMove, start]);

  const handleLocate = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setLocating('refused');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating('idle');
        const here = { lng: p.coords.longitude, lat: p.coords.latitude };
        setCenter(here);
        handleMove(here);
      },
      () => setLocating('refused'),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  const current = resolved.originalArgs && 'GPS_Lng' in resolved.originalArgs && resolved.originalArgs.GPS_Lng === round6(at.lng) && resolved.originalArgs.GPS_Lat === round6(at.lat);
  const resolution = current && !resolved.isFetching && resolved.isSuccess ? resolved.data : null;
  const unresolved = current && !resolved.isFetching && resolved.isError;

  return (
    <div className="address-map-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <header>
        <h2 id={titleId} ref={titleRef} tabIndex={-1}>
          <FormattedMessage {...messages.title} />
        </h2>
      </header>
      {config ? (
        <Suspense
          fallback={
            <p role="status" className="empty">
              <FormattedMessage {...messages.loading} />
            </p>
          }
        >
          <LeafletMap config={config} center={center} lang={locale} label={intl.formatMessage(messages.map)} pinLabel={intl.formatMessage(messages.pin)} onMove={handleMove} />
        </Suspense>
      ) : configFailed ? (
        <p role="alert" className="empty">
          <FormattedMessage {...messages.failed} />
        </p>
      ) : (
        <p role="status" className="empty">
          <FormattedMessage {...messages.loading} />
        </p>
      )}
      <footer>
        <p className="address-map-status" role="status" aria-live="polite">
          {resolution ? (
            <FormattedMessage {...messages.here} values={{ address: addressLine({ ...resolution, HouseNumber: '' }, locale) }} />
          ) : unresolved ? (
            <span className="field-error">
              <FormattedMessage {...specErrors.addressUnresolved} />
            </span>
          ) : (
            <FormattedMessage {...messages.resolving} />
          )}
        </p>
        {locating === 'refused' && (
          <p className="note">
            <FormattedMessage {...messages.noLocation} />
          </p>
        )}
        <button type="button" className="btn btn-block" onClick={handleLocate} disabled={locating === 'busy'}>
          <FormattedMessage {...(locating === 'busy' ? messages.locating : messages.locate)} />
        </button>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!resolution}
          onClick={() => resolution && onPick({ GPS_Lng: round6(at.lng), GPS_Lat: round6(at.lat), resolution })}
        >
          <FormattedMessage {...messages.use} />
        </button>
        <button type="button" className="btn btn-block" onClick={onCancel}>
          <FormattedMessage {...messages.cancel} />
        </button>
      </footer>
    </div>
  );
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
