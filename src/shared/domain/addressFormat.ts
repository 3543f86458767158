/**
 * An address as its reader reads it (issue 23 item 7): one formatter for the
 * app (address book, checkout, the map picker) and the service (an order's
 * address in its details, the delivery's, the kitchen's card).
 *
 * The region is found in the regions' table (regions.ts) from the names it
 * was stored with, in whichever language they were chosen or typed ("Macau
 * Macau Peninsula Se Parish", "澳門 澳門半島 大堂區", "Taipa"), and written
 * in the reader's language, as that region writes addresses:
 *
 * - English, small to big, parts separated by commas: "Hotel Sintra, Room
 *   808, Avenida de Almeida Ribeiro, Sé, Macau". Macau names a peninsula
 *   parish by its own name (Sé, São Lázaro...), Cotai, or else the island
 *   (Taipa, Coloane), and never "Macau Peninsula"; Hong Kong names its district, then Kowloon or the New
 *   Territories (not Hong Kong Island), then Hong Kong; the mainland every
 *   level: "Room 808, 88 Tianhe Road, Tianhe District, Guangzhou, Guangdong".
 * - Chinese (simplified or traditional), big to small without spaces:
 *   "澳門大堂區新馬路 1 號 8 樓", "香港九龍油尖旺區彌敦道 100 號", "广东省广州市天河区天河路 88 号".
 *   A Latin part keeps a space from a Chinese one, and a comma from another
 *   Latin part.
 *
 * A street that repeats the region's name at its start ("澳門高士德大馬路")
 * loses the repeat; words of the region text that name no region are kept,
 * next to the street; an unknown region is kept as it was written.
 */
import { REGION_TABLE, regionPath, type Region } from './regions';

export type AddressLang = 'zh-CN' | 'zh-TW' | 'en';

export interface AddressParts {
  /** The region's names as stored (province, city, district), or one text of them joined (an order's). */
  region: string | readonly (string | null | undefined)[];
  /** The street and number (or building). */
  street: string;
  /** The floor, flat or room. */
  house: string;
}

const MACAU = '820000';
const HONG_KONG = '810000';
const HONG_KONG_ISLAND = '810100';

/**
 * The parts of Macau an address names below Macau, in English by their own
 * names (as on the street signs): the peninsula's parishes and Cotai. In
 * Taipa and Coloane an address names the island, not the parish.
 */
const MACAU_PARISHES_EN: Readonly<Record<string, string>> = {
  '820101': 'Fátima',
  '820102': 'Santo António',
  '820103': 'Sé',
  '820104': 'São Lázaro',
  '820105': 'São Lourenço',
  '820202': 'Cotai',
};

/** Letters without accents, lower case: 'Sé' and 'Se' are one name. */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const isCjk = (ch: string | undefined) => !!ch && CJK.test(ch);


/** Every name a region may be written with, longest first. */
const names = (r: Region): string[] =>
  [r.zh, r.tw, r.en, ...(r.aliases ?? []), MACAU_PARISHES_EN[r.id] ?? ''].filter(Boolean).sort((a, b) => b.length - a.length);

/** Where a name stands in a text: a Chinese name anywhere, a Latin one as whole words. */
function findName(text: string, name: string): { at: number; length: number } | null {
  const t = fold(text);
  const n = fold(name);
  if (!n) return null;
  if (isCjk(n[0])) {
    const at = t.indexOf(n);
    return at < 0 ? null : { at, length: n.length };
  }
  const m = new RegExp(`(^|[^a-z0-9])(${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?=$|[^a-z0-9])`).exec(t);
  return m ? { at: m.index + m[1]!.length, length: n.length } : null;
}

/** The deepest region a text names (then the one with the longest name); null when it names none. */
export function findRegion(text: string): Region | null {
  let best: { region: Region; length: number } | null = null;
  for (const region of REGION_TABLE) {
    for (const name of names(region)) {
      const found = findName(text, name);
      if (!found) continue;
      if (!best || region.level > best.region.level || (region.level === best.region.level && found.length > best.length)) {
        best = { region, length: found.length };
      }
      break;
    }
  }
  return best?.region ?? null;
}

/** What of a region text names no region of the path (kept, so nothing typed is lost). */
function leftover(text: string, path: readonly Region[]): string {
  let rest = text;
  for (const name of path.flatMap(names).sort((a, b) => b.length - a.length)) {
    for (let found = findName(rest, name); found; found = findName(rest, name)) {
      rest = `${rest.slice(0, found.at)} ${rest.slice(found.at + found.length)}`;
    }
  }
  return rest.replace(/[\s,，、]+/g, ' ').trim();
}

/** A street without the region's full names it starts with ("澳門高士德大馬路" in Macau: "高士德大馬路"). */
function withoutRegion(street: string, path: readonly Region[]): string {
  const full = path.flatMap((r) => [r.zh, r.tw, r.en]).sort((a, b) => b.length - a.length);
  let rest = street;
  for (let again = true; again; ) {
    again = false;
    for (const name of full) {
      const found = findName(rest, name);
      const after = found?.at === 0 ? rest.slice(found.length).replace(/^[\s,，、]+/, '') : '';
      if (after) {
        rest = after;
        again = true;
        break;
      }
    }
  }
  return rest;
}

/** The levels of a region an address names, big to small. */
function shownLevels(path: readonly Region[]): Region[] {
  const top = path[0];
  if (!top) return [];
  if (top.id === MACAU) return [top, path[2] && MACAU_PARISHES_EN[path[2].id] ? path[2] : path[1]].filter((r): r is Region => !!r);
  if (top.id === HONG_KONG) return path.filter((r) => r.id !== HONG_KONG_ISLAND);
  return [...path];
}

function nameIn(r: Region, lang: AddressLang): string {
  if (lang === 'en') return MACAU_PARISHES_EN[r.id] ?? r.en;
  return lang === 'zh-TW' ? r.tw : r.zh;
}

/** Chinese order: no space between Chinese parts, a space between a Chinese and a Latin one (no Chinese in it), a comma between Latin ones. */
function joinChinese(parts: readonly string[]): string {
  const latin = (part: string) => !CJK.test(part);
  return parts.reduce((out, part, i) => {
    if (i === 0) return part;
    const a = latin(parts[i - 1]!);
    const b = latin(part);
    return out + (a && b ? ', ' : a || b ? ' ' : '') + part;
  }, '');
}

/** The address on one line, in the reader's language, as its region writes addresses. */
export function formatAddress(parts: AddressParts, lang: AddressLang): string {
  const regionText = (typeof parts.region === 'string' ? [parts.region] : parts.region)
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const region = regionText ? findRegion(regionText) : null;
  const path = region ? regionPath(region.id) : [];
  const regionNames = shownLevels(path).map((r) => nameIn(r, lang));
  const rest = region ? leftover(regionText, path) : regionText;
  const street = withoutRegion(parts.street.trim(), path);
  const house = parts.house.trim();
  if (lang === 'en') return [house, street, rest, ...regionNames.reverse()].filter(Boolean).join(', ');
  return joinChinese([...regionNames, rest, street, house].filter(Boolean));
}
