/**
 * The map of the location picker: Leaflet (pinned in package.json), loaded
 * only when the picker opens (a chunk of its own, never in the first
 * screen's JavaScript), with its style sheet bundled in that chunk. A pin the
 * customer drags, or moves by tapping the map; `center` moves both (the
 * phone's position).
 */
import * as L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { injectCss } from './injectCss';
import type { MapConfig } from './mapConfig';

injectCss('leaflet', leafletCss);

export interface LngLat {
  lng: number;
  lat: number;
}

const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 40" width="28" height="40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="#d93025"/><circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>';

export default function LeafletMap({
  config,
  center,
  lang,
  label,
  pinLabel,
  onMove,
}: {
  config: MapConfig;
  center: LngLat;
  lang: string;
  label: string;
  pinLabel: string;
  onMove: (at: LngLat) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const moved = useRef(onMove);
  moved.current = onMove;

  useEffect(() => {
    const m = L.map(box.current!, { center: [center.lat, center.lng], zoom: 17, maxZoom: config.maxZoom, zoomControl: true });
    L.tileLayer(config.tilesUrl.includes('/map/tiles/') ? `${config.tilesUrl}?lang={lang}` : config.tilesUrl, {
      maxZoom: config.maxZoom,
      attribution: config.attribution,
      lang,
    } as L.TileLayerOptions).addTo(m);
    const marker = L.marker([center.lat, center.lng], {
      draggable: true,
      autoPan: true,
      title: pinLabel,
      alt: pinLabel,
      icon: L.divIcon({ className: 'address-map-pin', html: PIN_SVG, iconSize: [28, 40], iconAnchor: [14, 40] }),
    }).addTo(m);
    marker.on('dragend', () => {
      const at = marker.getLatLng();
      moved.current({ lng: at.lng, lat: at.lat });
    });
    m.on('click', (e: L.LeafletMouseEvent) => {
      marker.setLatLng(e.latlng);
      moved.current({ lng: e.latlng.lng, lat: e.latlng.lat });
    });
    map.current = m;
    pin.current = marker;
    return () => {
      m.remove();
      map.current = null;
      pin.current = null;
    };
    // The map is made once; `center` changes move it below.
  }, []);

  useEffect(() => {
    const m = map.current;
    const marker = pin.current;
    if (!m || !marker) return;
    const here = marker.getLatLng();
    if (Math.abs(here.lat - center.lat) < 1e-7 && Math.abs(here.lng - center.lng) < 1e-7) return;
    marker.setLatLng([center.lat, center.lng]);
    m.setView([center.lat, center.lng], Math.max(m.getZoom(), 17));
  }, [center.lat, center.lng]);

  return <div ref={box} className="address-map" role="application" aria-label={label} data-testid="address-map" />;
}
