/**
 * The delivery area drawn on the map: each tap adds a corner, a corner can be
 * dragged, and the last corner joins the first. Leaflet with the service's
 * own tiles (or MAP_TILES_URL: /map/config, README "The address map"), in a
 * chunk of its own that loads only when the back office shows the map.
 */
import * as L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

/** Macau's Senado Square: where the map opens without a better idea. */
const DEFAULT_CENTER = { lat: 22.1936, lng: 113.5395 };

function addCss(css: unknown) {
  if (typeof css !== 'string' || !css || typeof document === 'undefined' || document.querySelector('style[data-css="leaflet"]')) return;
  const style = document.createElement('style');
  style.dataset.css = 'leaflet';
  style.textContent = css;
  document.head.appendChild(style);
}
addCss(leafletCss);

interface MapConfig {
  tilesUrl: string;
  attribution: string;
  maxZoom: number;
}

export default function PolygonMap({
  center,
  points,
  label,
  onPoints,
}: {
  center: { lat: number; lng: number } | null;
  points: [number, number][];
  label: string;
  onPoints: (points: [number, number][]) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const latest = useRef({ points, onPoints });
  latest.current = { points, onPoints };

  useEffect(() => {
    const at = center && Number.isFinite(center.lat) && Number.isFinite(center.lng) ? center : DEFAULT_CENTER;
    const m = L.map(box.current!, { center: [at.lat, at.lng], zoom: 15 });
    let live = true;
    void fetch('/map/config')
      .then((res) => (res.ok ? (res.json() as Promise<MapConfig>) : null))
      .then((config) => {
        if (!live || !config) return;
        const url = config.tilesUrl.includes('/map/tiles/') ? `${config.tilesUrl}?lang={lang}` : config.tilesUrl;
        L.tileLayer(url, { maxZoom: config.maxZoom, attribution: config.attribution, lang: document.documentElement.lang || 'en' } as L.TileLayerOptions).addTo(m);
      })
      .catch(() => undefined);
    layer.current = L.layerGroup().addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      latest.current.onPoints([...latest.current.points, [round(e.latlng.lat), round(e.latlng.lng)]]);
    });
    map.current = m;
    return () => {
      live = false;
      m.remove();
      map.current = null;
      layer.current = null;
    };
    // The map is made once; the points are drawn below.
  }, []);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    if (points.length >= 2) L.polygon(points, { color: '#d93025', weight: 2 }).addTo(group);
    points.forEach((p, i) => {
      const corner = L.marker(p, {
        draggable: true,
        title: `${label} ${i + 1}`,
        alt: `${label} ${i + 1}`,
        icon: L.divIcon({ className: 'bo-corner', html: `<span>${i + 1}</span>`, iconSize: [18, 18], iconAnchor: [9, 9] }),
      }).addTo(group);
      corner.on('dragend', () => {
        const moved = corner.getLatLng();
        latest.current.onPoints(latest.current.points.map((q, k) => (k === i ? [round(moved.lat), round(moved.lng)] : q)));
      });
    });
  }, [points, label]);

  return <div ref={box} className="bo-map" role="application" aria-label={label} />;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
