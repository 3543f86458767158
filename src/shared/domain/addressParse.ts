/**
 * Paste to recognise (addressEdit): turns a free text a customer pastes,
 * such as `陳大文 66123456 澳門新馬路123號2樓A` or `Chan Tai Man, +853 6612
 * 3456, Flat A 2/F, 123 Av. de Almeida Ribeiro, Macau`, into the address
 * form's fields. A pure function: no DOM, no network.
 *
 * How it reads a text:
 * 1. Labels (`收件人：`, `電話：`, `Address:`, `Tel`) become separators.
 * 2. The phone: 8 digits (Macau, Hong Kong) or 11 starting with 1 (mainland),
 *    with an optional calling code (`+853`, `00852`, `(86)`, `853-`); spaces
 *    and hyphens inside are allowed. Without a code the region decides
 *    (Hong Kong 852, Guangdong 86, Macau 853), then the number (11 digits 86;
 *    5, 9 or 3 first 852), else 853.
 * 3. Chinese text: the name is a short run of Chinese characters with no
 *    address words; the address loses its leading region names (regions.ts,
 *    longest first, never when a street word follows: 九龍城道 stays a street),
 *    then splits after the street number (`123號`) or, without one, after the
 *    last street word before the building or floor.
 * 4. English text is split at commas: region names, the house part (flat,
 *    floor `2/F`, block, building words), the street (a street word), and
 *    the name (letters only, next to the phone or first). A letters-only part
 *    before the street is a building (house part), after it a neighbourhood
 *    (kept with the street).
 *
 * 5. Messy texts (issue 23 item 21): a bracketed header (`【收货信息】`),
 *    labels without a colon (`電話 6655 7788`), greetings, requests and
 *    thanks (`麻煩送到`, `唔該`, `謝謝`) and sentence marks are separators; a
 *    dash or a slash with spaces around it separates Latin parts, and a
 *    labelled Latin name (`Attn: Grace Ho`) is the name wherever it is.
 *    A surname that is also an address or place word (路, 區, 房, 沙...)
 *    still makes a name; a region name followed by a numbered or directional
 *    street (中山五路) is the street's.
 *
 * Whatever it cannot place it leaves empty: the customer sees the fields
 * filled and corrects them.
 */
import { REGION_TABLE, regionById, regionPath, type Region } from './regions';

export interface ParsedAddress {
  name: string;
  /** Calling code without '+': '853', '852', '86'; '' when no phone was found. */
  areaNo: string;
  phone: string;
  /** The deepest region recognised (regions.ts id), '' for none. */
  regionId: string;
  street: string;
  houseNumber: string;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_G = '\\u3400-\\u9fff\\uf900-\\ufaff';

/** Full-width digits, letters and signs to ASCII; odd spaces to plain ones. */
function normalise(text: string): string {
  return text
    .replace(/[\uff01-\uff5e]/g, (ch) => {
      const ascii = String.fromCharCode(ch.charCodeAt(0) - 0xfee0);
      // Keep the full-width comma and colon as the separators they are (handled below).
      return ascii;
    })
    .replace(/[\u3000\u00a0\t\r]/g, ' ');
}

const LABELS =
  /(?:收件人|收貨人|收货人|聯絡人|联络人|聯繫人|联系人|姓名|名字|聯絡電話|联系电话|聯繫電話|電話號碼|电话号码|電話|电话|手機號碼|手机号码|手機號|手机号|手機|手机|詳細地址|详细地址|收貨地址|收货地址|地址|recipient|contact|name|address|mobile|phone|tel)\s*[:：]/gi;
const PHONE_WORDS = /\b(?:tel|phone|mobile|mob)\.?\s*(?=[+(\d])/gi;
/** The same labels written without a colon, before a space (`電話 6655 7788`, `收貨人 區嘉雯`). */
const BARE_LABELS =
  /(?:收件人|收貨人|收货人|聯絡人|联络人|聯繫人|联系人|聯絡電話|联系电话|電話號碼|电话号码|電話|电话|手機號碼|手机号码|手機號|手机号|手機|手机)(?=\s)/g;
/** A bracketed header (`【收货信息】`), and the greetings, requests and thanks around an address in a chat message. */
const HEADERS = /【[^】]{0,12}】|\[[^\]]{0,12}(?:信息|資料|资料|info)\]/gi;
const COURTESIES =
  /(?:你好|您好|哈囉|哈啰|麻煩你|麻烦你|麻煩|麻烦|唔該晒|唔該|唔该|請幫我|请帮我|幫我|帮我|請|请)?(?:送去|送到|寄去|寄到)|你好|您好|唔該晒|唔該|唔该|多謝晒|多謝|多谢|謝謝|谢谢|感謝|感谢/g;
/** A name written with a label in Latin text (`Attn: Grace Ho`, `Recipient: Kelly Ng`), up to the next separator. */
const LATIN_NAME_LABEL = /\b(?:attn|attention|recipient|contact person|contact|name|c\/o)\s*[:.]\s*([\p{L}\p{M}.'\- ]+?)\s*(?=[,;|\n]|$)/iu;

const PHONE =
  /(?:(?:(?:\+|00)\s*(853|852|86)|\((?:\+|00)?(853|852|86)\)|(?<!\d)(853|852|86)-)[\s-]*|(?<!\d))(1\d{2}[\s-]?\d{4}[\s-]?\d{4}|\d{4}[\s-]?\d{4})(?!\d)/;

interface Found {
  rest: string[];
  areaNo: string;
  phone: string;
}

/** Takes the first phone out of the text; the text around it becomes separate parts. */
function takePhone(text: string): Found {
  const m = PHONE.exec(text);
  if (!m) return { rest: [text], areaNo: '', phone: '' };
  const areaNo = m[1] ?? m[2] ?? m[3] ?? '';
  const phone = m[4]!.replace(/[\s-]/g, '');
  return { rest: [text.slice(0, m.index), text.slice(m.index + m[0].length)], areaNo, phone };
}

// Regions --------------------------------------------------------------------------

interface RegionName {
  name: string;
  region: Region;
}

const CJK_REGION_NAMES: RegionName[] = REGION_TABLE.flatMap((region) =>
  [region.zh, region.tw, ...(region.aliases ?? [])].filter((n) => CJK.test(n)).map((name) => ({ name, region })),
).sort((a, b) => b.name.length - a.name.length);

const LATIN_REGION_NAMES: Map<string, Region> = new Map(
  REGION_TABLE.flatMap((region) => [region.en, ...(region.aliases ?? [])].filter((n) => !CJK.test(n)).map((n) => [latinKey(n), region] as const)),
);

function latinKey(text: string): string {
  return text.toLowerCase().replace(/[.\s]+/g, ' ').trim();
}

/** Keeps the deeper of two regions when one contains the other; otherwise the newer one. */
function narrower(current: string, next: Region): string {
  if (!current) return next.id;
  if (regionPath(next.id).some((r) => r.id === current)) return next.id;
  if (regionPath(current).some((r) => r.id === next.id)) return current;
  return next.id;
}

const STREET_CHARS = '街路道巷圍围里徑径坊';
const COUNTRY = /^(?:中國|中国|中華人民共和國|中华人民共和国)/;

/** A street right after a region name (九龍城道), or a numbered or directional one (中山五路, 東莞東路), makes the name part of the street, unless another region starts there (澳門路環). */
const NAMED_STREET = new RegExp(`^(?:[${STREET_CHARS}]|[東东西南北中一二三四五六七八九十]{1,3}(?:大馬路|大马路|馬路|马路|大道|[${STREET_CHARS}]))`);
function streetFollows(after: string): boolean {
  return NAMED_STREET.test(after) && !CJK_REGION_NAMES.some(({ name }) => after.startsWith(name));
}

/** Removes leading region names from a Chinese address; answers the region found and the rest. */
function stripRegions(address: string, regionId: string): { regionId: string; rest: string } {
  let rest = address.replace(COUNTRY, '');
  let id = regionId;
  for (;;) {
    const hit = CJK_REGION_NAMES.find(({ name }) => rest.startsWith(name) && !streetFollows(rest.slice(name.length)));
    if (!hit) break;
    id = narrower(id, hit.region);
    rest = rest.slice(hit.name.length);
  }
  return { regionId: id, rest };
}

// Chinese addresses ---------------------------------------------------------------------

const NUMBERED_STREET = new RegExp(`^(.*?\\d+[A-Za-z]?(?:[-至及]\\d+[A-Za-z]?)?[號号])(.*)$`);
const HOUSE_START = new RegExp(
  `(?:大廈|大厦|花園|花园|中心|廣場|广场|大樓|大楼|商場|商场|閣|阁|苑|邨|樓宇|酒店|\\d+\\s*[樓楼層层座室房]|[A-Za-z]\\s*座|地下|地庫|地库)`,
);
const STREET_END = new RegExp(`(?:前地|斜巷|大馬路|马路|馬路|[${STREET_CHARS}])`, 'g');

function splitChineseAddress(rest: string): { street: string; houseNumber: string } {
  const numbered = NUMBERED_STREET.exec(rest);
  if (numbered) return { street: numbered[1]!, houseNumber: numbered[2]!.trim() };
  const house = HOUSE_START.exec(rest);
  const limit = house ? house.index : rest.length;
  let end = -1;
  for (const m of rest.matchAll(STREET_END)) {
    const after = m.index + m[0].length;
    if (after <= limit) end = after;
  }
  if (end > 0) return { street: rest.slice(0, end), houseNumber: rest.slice(end).trim() };
  return { street: '', houseNumber: rest.trim() };
}

/** A short run of Chinese characters (a name, 陳生, 麥太, 陳小姐) with no address words. */
const ADDRESS_WORDS = new RegExp(`[${STREET_CHARS}號号樓楼層层座室房區区省市廈厦園园場场苑閣阁邨村鎮镇]|大馬路|地下`);
/**
 * Surnames that are also address words (路, 區/区 Au, 房, 關/关...) or start a
 * place name (沙 of 沙田, 田, 石, 馬/马 of 馬路): such a piece is still a name
 * when the rest of it is a name (two or three characters, or a title).
 */
const SURNAMES_LIKE_PLACES = '路區区房關关高馬马沙田石洪黃黄林何梁區歐欧';
const TITLE = '(?:先生|小姐|太太|女士|生|太|姐|哥)';
const SURNAME_NAME = new RegExp(`^[${SURNAMES_LIKE_PLACES}](?:${TITLE}|[${CJK_G}]{1,2})$`);
function isChineseName(piece: string): boolean {
  if (!new RegExp(`^[${CJK_G}·]{2,5}$`).test(piece)) return false;
  if (SURNAME_NAME.test(piece) && !ADDRESS_WORDS.test(piece.slice(1))) return !CJK_REGION_NAMES.some(({ name }) => name.length > 1 && piece.startsWith(name));
  return !ADDRESS_WORDS.test(piece) && !CJK_REGION_NAMES.some(({ name }) => piece.startsWith(name));
}

// English addresses ---------------------------------------------------------------------

const HOUSE_WORDS =
  /\b(?:flat|room|rm|unit|apt|apartment|suite|floor|fl|block|blk|tower|twr|shop|andar|loja)\b|\b\d+\s*\/\s*f\b|\b[gu]\s*\/\s*f\b|\br\s*\/\s*c\b|\b\d+(?:st|nd|rd|th)\s+floor\b|^\d+[a-z]?$/i;
const BUILDING_WORDS =
  /\b(?:building|bldg|mansion|court|centre|center|gardens?|plaza|edf|edif[ií]cio|estate|villa|residence|heights|house|hui)\b/i;
const STREET_WORDS =
  /\b(?:road|rd|street|st|avenue|ave|av|avenida|rua|estrada|est|travessa|tv|cal[cç]ada|largo|pra[cç]a|alameda|beco|lane|path|drive|way|boulevard|blvd)\b/i;
const NAME_PIECE = /^[\p{L}\p{M}.'\- ]+$/u;
const COUNTRY_EN = /^(?:china|prc|people'?s republic of china)$/i;

type Part = { text: string; nextToPhone: boolean };

function parseLatin(parts: Part[], found: { regionId: string }): Omit<ParsedAddress, 'areaNo' | 'phone' | 'regionId'> {
  let name = '';
  const street: string[] = [];
  const house: string[] = [];
  const loose: { index: number; text: string; nextToPhone: boolean }[] = [];
  parts.forEach((part, index) => {
    const text = part.text.trim();
    if (!/[\p{L}\p{N}]/u.test(text) || COUNTRY_EN.test(text)) return;
    const region = LATIN_REGION_NAMES.get(latinKey(text));
    if (region) {
      found.regionId = narrower(found.regionId, region);
      return;
    }
    if (STREET_WORDS.test(text) && !HOUSE_WORDS.test(text)) street.push(text);
    else if (HOUSE_WORDS.test(text) || BUILDING_WORDS.test(text)) house.push(text);
    else if (NAME_PIECE.test(text)) loose.push({ index, text, nextToPhone: part.nextToPhone });
    else (street.length > 0 ? street : house).push(text);
  });
  // The name: the letters-only part next to the phone, else the first part when letters only.
  const named = loose.find((l) => l.nextToPhone) ?? loose.find((l) => l.index === 0);
  if (named) name = named.text;
  const firstStreet = parts.findIndex((p) => street.includes(p.text.trim()));
  for (const l of loose) {
    if (l === named) continue;
    if (firstStreet >= 0 && l.index > firstStreet) street.push(l.text);
    else house.push(l.text);
  }
  // Keep the order the customer wrote them in.
  const order = (list: string[]) => list.sort((a, b) => parts.findIndex((p) => p.text.trim() === a) - parts.findIndex((p) => p.text.trim() === b));
  return { name, street: order(street).join(', '), houseNumber: order(house).join(', ') };
}

// The parser ---------------------------------------------------------------------------

function areaNoFor(explicit: string, phone: string, regionId: string): string {
  if (!phone) return '';
  if (explicit) return explicit;
  const top = regionId ? regionPath(regionId)[0]?.id : '';
  if (top === '810000') return '852';
  if (top === '440000') return '86';
  if (top === '820000') return '853';
  if (/^1\d{10}$/.test(phone)) return '86';
  if (/^[593]/.test(phone)) return '852';
  return '853';
}

export function parseAddress(input: string): ParsedAddress {
  let text = normalise(input).replace(HEADERS, '\n');
  // A labelled Latin name is taken as it is written (Attn: Grace Ho).
  let labelledName = '';
  if (!CJK.test(text)) {
    const m = LATIN_NAME_LABEL.exec(text);
    if (m && m[1]!.trim() && !/\d/.test(m[1]!)) {
      labelledName = m[1]!.trim();
      text = text.slice(0, m.index) + '\n' + text.slice(m.index + m[0].length);
    }
  }
  text = text.replace(LABELS, '\n').replace(PHONE_WORDS, '\n');
  // Chinese text: bare labels, courtesies and sentence marks (！？。~) are separators.
  if (CJK.test(text)) text = text.replace(BARE_LABELS, '\n').replace(COURTESIES, '\n').replace(/[!?。~…]+/g, '\n');
  const { rest, areaNo: explicitArea, phone } = takePhone(text);

  const chinese = CJK.test(rest.join(''));
  let name = '';
  let regionId = '';
  let street = '';
  let houseNumber = '';

  if (chinese) {
    // Pieces: split at separators and spaces. The name: a name-like piece next to the phone, else the first one.
    const split = (chunk: string) => chunk.split(/[\n,，;；、|/]+|\s+/).map((p) => p.trim()).filter(Boolean);
    const before = split(rest[0] ?? '');
    const pieces = [...before, ...split(rest[1] ?? '')];
    const adjacent = phone ? [before.length - 1, before.length] : [];
    const candidates = pieces.map((p, i) => (isChineseName(p) ? i : -1)).filter((i) => i >= 0);
    const nameAt = candidates.find((i) => adjacent.includes(i)) ?? candidates[0] ?? -1;
    if (nameAt >= 0) name = pieces[nameAt]!;
    const stripped = stripRegions(pieces.filter((_, i) => i !== nameAt).join(''), '');
    regionId = stripped.regionId;
    ({ street, houseNumber } = splitChineseAddress(stripped.rest));
  } else {
    const parts: Part[] = [];
    rest.forEach((chunk, i) => {
      // A dash or a slash with spaces around it separates parts too (`Macau - Rita Chan`, `Tom Lee / 6612 8899`).
      const pieces = chunk
        .split(/[\n,;|]+|\s+[-–—/]\s+|\s+[-–—/]$|^[-–—/]\s+/)
        .map((p) => p.trim().replace(/[.\s]+$/, (m) => (/^\.$/.test(m) && /\b[A-Z][a-z]?$/.test(p.trim().slice(0, -1)) ? m : '')))
        .filter(Boolean);
      pieces.forEach((text, j) => {
        const nextToPhone = phone !== '' && ((i === 0 && j === pieces.length - 1) || (i === 1 && j === 0));
        parts.push({ text, nextToPhone });
      });
    });
    const found = { regionId: '' };
    ({ name, street, houseNumber } = parseLatin(parts, found));
    if (labelledName) {
      // The name the label gave; a part taken for the name before goes back to the address.
      if (name && name !== labelledName) {
        const back = parts.findIndex((p) => p.text.trim() === name);
        const firstStreet = parts.findIndex((p) => street.split(', ').includes(p.text.trim()));
        if (firstStreet >= 0 && back > firstStreet) street = [street, name].filter(Boolean).join(', ');
        else houseNumber = [name, houseNumber].filter(Boolean).join(', ');
      }
      name = labelledName;
    }
    regionId = found.regionId;
  }

  return {
    name,
    areaNo: areaNoFor(explicitArea, phone, regionId),
    phone,
    regionId: regionById.has(regionId) ? regionId : '',
    street,
    houseNumber,
  };
}
