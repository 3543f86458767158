/**
 * A small gazetteer of real Macau streets: each street's course as a few
 * points (longitude, latitude; traced by hand from public maps, accurate to
 * some tens of metres), its names in the three languages (the English column
 * is the street's official Portuguese name, as Macau signs it) and the
 * parish or area it is in (shared/domain/regions.ts). It backs the sandbox's
 * reverse and forward geocoding (Common_AddressResolutionGet_Get) and the
 * service's own map tiles (http/mapTiles.ts), so the address picker works
 * with no network. A production deployment points MAP_TILES_URL at a real
 * tile server; the geocoding stays this small until a provider replaces it.
 */
export type LngLat = readonly [lng: number, lat: number];

export interface Street {
  zh: string;
  tw: string;
  en: string;
  /** Other ways people write the name (short forms, abbreviations). */
  aliases: readonly string[];
  regionId: string;
  points: readonly LngLat[];
}

const s = (zh: string, tw: string, en: string, regionId: string, points: LngLat[], aliases: string[] = []): Street => ({
  zh,
  tw,
  en,
  aliases,
  regionId,
  points,
});

export const STREETS: readonly Street[] = [
  // Macau Peninsula.
  s('新马路', '新馬路', 'Avenida de Almeida Ribeiro', '820103', [[113.5353, 22.1967], [113.5372, 22.1952], [113.5395, 22.1936], [113.5412, 22.1930], [113.5433, 22.1912]], ['亞美打利庇盧大馬路', 'Av. de Almeida Ribeiro', 'Almeida Ribeiro']),
  s('南湾大马路', '南灣大馬路', 'Avenida da Praia Grande', '820103', [[113.5440, 22.1905], [113.5410, 22.1880], [113.5385, 22.1865]], ['Av. da Praia Grande', 'Praia Grande']),
  s('殷皇子大马路', '殷皇子大馬路', 'Avenida do Infante D. Henrique', '820103', [[113.5433, 22.1912], [113.5450, 22.1903], [113.5465, 22.1895]], ['Av. do Infante D. Henrique']),
  s('水坑尾街', '水坑尾街', 'Rua do Campo', '820103', [[113.5425, 22.1922], [113.5433, 22.1938], [113.5440, 22.1955]]),
  s('荷兰园大马路', '荷蘭園大馬路', 'Avenida do Conselheiro Ferreira de Almeida', '820104', [[113.5445, 22.1965], [113.5450, 22.1988], [113.5455, 22.2010]], ['Av. do Conselheiro Ferreira de Almeida']),
  s('高士德大马路', '高士德大馬路', 'Avenida de Horta e Costa', '820102', [[113.5425, 22.2010], [113.5440, 22.2030], [113.5449, 22.2045], [113.5460, 22.2052]], ['Av. de Horta e Costa', 'Horta e Costa']),
  s('提督马路', '提督馬路', 'Avenida do Almirante Lacerda', '820102', [[113.5395, 22.2020], [113.5412, 22.2052], [113.5430, 22.2085]], ['Av. do Almirante Lacerda']),
  s('十月初五街', '十月初五街', 'Rua de Cinco de Outubro', '820102', [[113.5360, 22.1965], [113.5366, 22.1978], [113.5372, 22.1990]]),
  s('福隆新街', '福隆新街', 'Rua da Felicidade', '820103', [[113.5370, 22.1945], [113.5378, 22.1948], [113.5385, 22.1950]]),
  s('友谊大马路', '友誼大馬路', 'Avenida da Amizade', '820103', [[113.5455, 22.1905], [113.5500, 22.1935], [113.5540, 22.1980]], ['Av. da Amizade']),
  s('罗理基博士大马路', '羅理基博士大馬路', 'Avenida do Dr. Rodrigo Rodrigues', '820103', [[113.5470, 22.1920], [113.5483, 22.1942], [113.5495, 22.1965]], ['Av. do Dr. Rodrigo Rodrigues']),
  s('士多鸟拜斯大马路', '士多鳥拜斯大馬路', 'Avenida de Sidónio Pais', '820104', [[113.5455, 22.2000], [113.5478, 22.1998], [113.5500, 22.1995]], ['Av. de Sidónio Pais']),
  s('美副将大马路', '美副將大馬路', 'Avenida do Coronel Mesquita', '820101', [[113.5445, 22.2055], [113.5472, 22.2058], [113.5500, 22.2060]], ['Av. do Coronel Mesquita']),
  s('台山中街', '台山中街', 'Rua Central de Toi San', '820101', [[113.5440, 22.2110], [113.5452, 22.2118], [113.5465, 22.2125]]),
  // Taipa.
  s('布拉干萨街', '布拉干薩街', 'Rua de Bragança', '820201', [[113.5555, 22.1540], [113.5565, 22.1548], [113.5580, 22.1560]]),
  s('官也街', '官也街', 'Rua do Cunha', '820201', [[113.5570, 22.1535], [113.5578, 22.1537], [113.5585, 22.1540]]),
  s('基马拉斯大马路', '基馬拉斯大馬路', 'Avenida de Guimarães', '820201', [[113.5530, 22.1545], [113.5560, 22.1558], [113.5590, 22.1570]], ['Av. de Guimarães']),
  s('海洋花园大马路', '海洋花園大馬路', 'Avenida dos Jardins do Oceano', '820201', [[113.5540, 22.1590], [113.5558, 22.1600], [113.5575, 22.1610]], ['Av. dos Jardins do Oceano']),
  // Cotai.
  s('路氹连贯公路', '路氹連貫公路', 'Estrada do Istmo', '820202', [[113.5625, 22.1480], [113.5618, 22.1405], [113.5610, 22.1330]]),
  s('望德圣母湾大马路', '望德聖母灣大馬路', 'Estrada da Baía de Nossa Senhora da Esperança', '820202', [[113.5530, 22.1470], [113.5545, 22.1445], [113.5560, 22.1420]]),
  // Coloane.
  s('石排湾马路', '石排灣馬路', 'Estrada de Seac Pai Van', '820301', [[113.5560, 22.1300], [113.5575, 22.1275], [113.5590, 22.1250]]),
  s('路环十月初五马路', '路環十月初五馬路', 'Avenida de Cinco de Outubro (Coloane)', '820301', [[113.5495, 22.1180], [113.5502, 22.1172], [113.5510, 22.1165]]),
];

/** Farthest a position may be from a street and still resolve to it, in metres. */
export const RESOLVE_WITHIN_M = 200;

const EARTH_M = 6_371_000;
const RAD = Math.PI / 180;

/** A point in metres on a plane tangent near `origin` (good enough across a city). */
function toPlane(p: LngLat, origin: LngLat): [number, number] {
  return [(p[0] - origin[0]) * RAD * EARTH_M * Math.cos(origin[1] * RAD), (p[1] - origin[1]) * RAD * EARTH_M];
}

/** The nearest point of a polyline to `at`, and how far it is in metres. */
export function nearestOnLine(points: readonly LngLat[], at: LngLat): { point: LngLat; metres: number } {
  let best = { point: points[0]!, metres: Infinity };
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const [ax, ay] = toPlane(a, at);
    const [bx, by] = toPlane(b, at);
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const x = ax + t * dx;
    const y = ay + t * dy;
    const metres = Math.hypot(x, y);
    if (metres < best.metres) best = { point: [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])], metres };
  }
  return best;
}

/** The street nearest to a position within RESOLVE_WITHIN_M; null when none is that near. */
export function streetNear(at: LngLat): { street: Street; point: LngLat; metres: number } | null {
  let best: { street: Street; point: LngLat; metres: number } | null = null;
  for (const street of STREETS) {
    const near = nearestOnLine(street.points, at);
    if (near.metres <= RESOLVE_WITHIN_M && (!best || near.metres < best.metres)) best = { street, ...near };
  }
  return best;
}

/** The street an address text names (the longest name found in it), with a point in its middle; null when none. */
export function streetNamed(text: string): { street: Street; point: LngLat } | null {
  const haystack = text.toLowerCase();
  let best: { street: Street; length: number } | null = null;
  for (const street of STREETS) {
    for (const name of [street.tw, street.zh, street.en, ...street.aliases]) {
      if (name && haystack.includes(name.toLowerCase()) && (!best || name.length > best.length)) best = { street, length: name.length };
    }
  }
  if (!best) return null;
  const pts = best.street.points;
  return { street: best.street, point: pts[Math.floor(pts.length / 2)]! };
}
