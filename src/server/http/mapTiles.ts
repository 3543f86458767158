/**
 * The address map's tiles and where the app finds them.
 *
 *   GET /map/config                 -> {"tilesUrl": "...{z}/{x}/{y}...", "attribution": "...", "maxZoom": 19}
 *   GET /map/tiles/:z/:x/:y.svg[?lang=zh-TW] -> a 256 px SVG tile drawn from the street gazetteer
 *
 * With MAP_TILES_URL set (config.mapTilesUrl, any XYZ tile server) the config
 * names it; otherwise it names the service's own tiles, drawn here from the
 * gazetteer of real Macau streets (operations/addresses/gazetteer.ts): a
 * plain background, the streets as lines and, close in, their names in the
 * caller's language. Crude, but the picker works with no network and the
 * pin lands on streets the sandbox's geocoding knows.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { langFromHeader, type Lang } from '../messages';
import { STREETS, type LngLat } from '../operations/addresses/gazetteer';

export const OWN_TILES_PATH = '/map/tiles/{z}/{x}/{y}.svg';
export const OWN_TILES_MAX_ZOOM = 19;
const TILE = 256;

/** A longitude/latitude in pixels of the whole world at zoom z (Web Mercator, as every XYZ server). */
export function worldPixel([lng, lat]: LngLat, z: number): [number, number] {
  const size = TILE * 2 ** z;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((lng + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

const esc = (text: string) => text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** One tile as SVG text. */
export function renderTile(z: number, x: number, y: number, lang: Lang): string {
  const ox = x * TILE;
  const oy = y * TILE;
  const width = Math.max(1.5, Math.min(14, 2 ** (z - 14) * 1.6));
  const lines: string[] = [];
  const labels: string[] = [];
  STREETS.forEach((street, i) => {
    const pts = street.points.map((p) => worldPixel(p, z)).map(([px, py]) => [px - ox, py - oy] as const);
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const margin = 64;
    if (Math.max(...xs) < -margin || Math.min(...xs) > TILE + margin || Math.max(...ys) < -margin || Math.min(...ys) > TILE + margin) return;
    const d = pts.map(([px, py], j) => `${j === 0 ? 'M' : 'L'}${px.toFixed(1)} ${py.toFixed(1)}`).join('');
    lines.push(`<path id="s${i}" d="${d}"/>`);
    if (z >= 16) {
      const name = lang === 'zh-CN' ? street.zh : lang === 'zh-TW' ? street.tw : street.en;
      labels.push(`<text><textPath href="#s${i}" startOffset="10%">${esc(name)}</textPath></text>`);
    }
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="0 0 ${TILE} ${TILE}">`,
    `<rect width="${TILE}" height="${TILE}" fill="#efece4"/>`,
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    `<g stroke="#c9c2b3" stroke-width="${(width + 2).toFixed(1)}">${lines.join('')}</g>`,
    `<g stroke="#ffffff" stroke-width="${width.toFixed(1)}">${lines.map((l) => l.replace(/ id="s\d+"/, '')).join('')}</g>`,
    `</g>`,
    labels.length > 0 ? `<g font-family="sans-serif" font-size="11" fill="#4a4536" dy="-4">${labels.join('')}</g>` : '',
    `</svg>`,
  ].join('');
}

export async function mapTileRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  app.get('/map/config', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      tilesUrl: config.mapTilesUrl ?? OWN_TILES_PATH,
      attribution: config.mapTilesUrl ? config.mapAttribution : 'HBB street sketch',
      maxZoom: config.mapTilesUrl ? 19 : OWN_TILES_MAX_ZOOM,
    };
  });
  app.get<{ Params: { z: string; x: string; y: string }; Querystring: { lang?: string } }>('/map/tiles/:z/:x/:y.svg', async (req, reply) => {
    const z = Number(req.params.z);
    const x = Number(req.params.x);
    const y = Number(req.params.y);
    const valid = [z, x, y].every(Number.isInteger) && z >= 0 && z <= OWN_TILES_MAX_ZOOM && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;
    if (!valid) return reply.code(404).send({ error: 'no such tile' });
    // The app's language (?lang=zh-TW), else the browser's.
    const lang = langFromHeader(req.query.lang || req.headers['accept-language']);
    reply.header('Content-Type', 'image/svg+xml; charset=utf-8').header('Cache-Control', 'public, max-age=86400').header('Vary', 'Accept-Language');
    return renderTile(z, x, y, lang);
  });
}
