/**
 * Where the address map's tiles come from: MAP_TILES_URL given at build time
 * (any XYZ server), else the service's answer at /map/config (its
 * MAP_TILES_URL, or its own tiles drawn from its street gazetteer). A path
 * answer is on the data endpoint's host.
 */
import { GATEWAY_PATH } from '../../../shared/protocol/envelope';
import { gatewayUrl } from '../../app/config';

export interface MapConfig {
  tilesUrl: string;
  attribution: string;
  maxZoom: number;
}

/** Macau's Senado Square: where the map opens without a better idea. */
export const DEFAULT_CENTER = { lng: 113.5395, lat: 22.1936 };

function apiBase(): string {
  return gatewayUrl().slice(0, -GATEWAY_PATH.length);
}

let cached: Promise<MapConfig> | null = null;

export function loadMapConfig(fetchImpl: typeof fetch = fetch): Promise<MapConfig> {
  if (__MAP_TILES_URL__) return Promise.resolve({ tilesUrl: __MAP_TILES_URL__, attribution: __MAP_ATTRIBUTION__, maxZoom: 19 });
  cached ??= fetchImpl(`${apiBase()}/map/config`, { credentials: 'same-origin' })
    .then((res) => {
      if (!res.ok) throw new Error(`map config ${res.status}`);
      return res.json() as Promise<MapConfig>;
    })
    .then((c) => ({ ...c, tilesUrl: c.tilesUrl.startsWith('/') ? `${apiBase()}${c.tilesUrl}` : c.tilesUrl }))
    .catch((error: unknown) => {
      cached = null;
      throw error;
    });
  return cached;
}
