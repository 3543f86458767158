/**
 * What a kitchen ticket says, per printer: the table (or the pickup, delivery
 * or dine-in order's number), the time the kitchen received the round in the
 * outlet's zone, the round number, and the round's lines of the printer's
 * stations with their specs, add-ons, bundle parts and remarks, in the
 * printer's language (operations/localized.ts, orders/lineTexts.ts, the same
 * texts as the kitchen screen); the round's remark; REPRINT / 重印 on a reprint.
 * A line staff voided is printed as it is now: marked VOID / 作廢 (reverse print).
 */
import { DateTime } from 'luxon';
import type { Queryable } from '../db/driver';
import { message, type Lang, type MessageKey } from '../messages';
import { langsFor, tr, trBy } from '../operations/localized';
import { localizedDetails } from '../operations/orders/lineTexts';
import { rlText, rule } from './encode';
import { mentionsAllergy } from '../../shared/domain/allergyNote';
import { ALLERGENS, type Allergen } from '../../shared/domain/diet';

export type TicketSheet = {
  sheet_id: string;
  base_id: string;
  take_type: 'dinein' | 'pickup' | 'delivery';
  table_name: string | null;
  take_time: Date | null;
  time_zone: string;
  sheet_remark: string;
  round_remark: string | null;
  round_at: Date | null;
  /** The order's pickup number of the day ('' for a table's). */
  pickup_no: string;
  /** Issue 29: the allergens the customer's menu filter avoided for this round (',' joined; '' none). */
  round_allergens?: string;
};

export type TicketLine = {
  item_id: number;
  goods_name: string;
  sku_items: string;
  punit: string;
  qua: string;
  detail: string;
  /** The stations the line goes to (the goods' override at the outlet, else its class's); [] none. */
  stations: string[];
  /** Staff voided the line (fixOrder.ts voidLine): printed marked VOID, without its specs and remarks. */
  voided: boolean;
};

export interface TicketPrinter {
  printer_id: string;
  lang: Lang;
  all_stations: boolean;
  stations: string[];
  station_names: string[];
}

export async function ticketSheet(
  tx: Queryable,
  sheetId: string,
  roundNo: number,
): Promise<TicketSheet | null> {
  const [row] = await tx.query<TicketSheet>(
    `SELECT s.sheet_id, s.base_id, s.take_type, t.table_name, s.take_time, COALESCE(NULLIF(b.time_zone, ''), e.time_zone) AS time_zone, s.remark AS sheet_remark,
            r.remark AS round_remark, r.created_at AS round_at, s.pickup_no, COALESCE(r.allergens, '') AS round_allergens
       FROM sheet s
       JOIN enterprise e ON e.ent_id = s.ent_id
       JOIN base b ON b.base_id = s.base_id
       LEFT JOIN dining_table t ON t.table_id = s.table_id
       LEFT JOIN sheet_round r ON r.sheet_id = s.sheet_id AND r.round_no = $2
      WHERE s.sheet_id = $1`,
    [sheetId, roundNo],
  );
  return row ?? null;
}

/** The round's lines in `lang`, each with its stations at the sheet's outlet. */
export async function ticketLines(
  tx: Queryable,
  sheetId: string,
  roundNo: number,
  lang: Lang,
): Promise<TicketLine[]> {
  const l = await langsFor(tx, lang, { sheetId });
  const or = (translated: string, stored: string) =>
    `COALESCE(NULLIF(${translated}, ''), ${stored})`;
  const rows = await tx.query<TicketLine>(
    `SELECT i.item_id, ${or(tr('g.goods_name', l), 'i.goods_name')} AS goods_name,
            ${or(trBy('g.sku_attribute_values', 'k.sku_items', l), 'i.sku_items')} AS sku_items,
            ${or(tr('p.punit', l), 'i.punit')} AS punit, i.qua::text AS qua, i.detail, i.voided_at IS NOT NULL AS voided,
            COALESCE(
              (SELECT array_agg(sg.station_id ORDER BY st.sort, st.station_id) FROM station_goods sg JOIN station st ON st.station_id = sg.station_id
                WHERE sg.goods_id = i.goods_id AND st.base_id = s.base_id),
              (SELECT array_agg(sc.station_id ORDER BY st.sort, st.station_id) FROM station_class sc JOIN station st ON st.station_id = sc.station_id
                WHERE sc.class_id = g.class_id AND st.base_id = s.base_id),
              '{}'::text[]) AS stations
       FROM sheet_item i
       JOIN sheet s ON s.sheet_id = i.sheet_id
       LEFT JOIN goods g ON g.goods_id = i.goods_id
       LEFT JOIN goods_sku k ON k.sku_id = i.sku_id AND i.sku_id <> ''
       LEFT JOIN goods_punit p ON p.goods_id = i.goods_id AND p.punit = i.punit AND i.punit <> ''
      WHERE i.sheet_id = $1 AND i.round_no = $2
      ORDER BY i.item_id`,
    [sheetId, roundNo],
  );
  const details = await localizedDetails(
    tx,
    rows.map((r) => r.detail),
    l,
  );
  return rows.map((r, n) => ({ ...r, detail: details[n]!, stations: r.stations ?? [] }));
}

/** The lines a printer prints: those of its stations, or every line when it prints all stations. */
export function linesFor(
  printer: Pick<TicketPrinter, 'all_stations' | 'stations'>,
  lines: readonly TicketLine[],
): TicketLine[] {
  if (printer.all_stations) return [...lines];
  const mine = new Set(printer.stations);
  return lines.filter((line) => line.stations.some((s) => mine.has(s)));
}

/** A quantity as the kitchen reads it: '2', '0.5'. */
export function quantity(qua: string): string {
  const n = Number(qua);
  return Number.isFinite(n) ? String(Math.round(n * 1000) / 1000) : qua;
}

interface ParsedDetail {
  bomList?: { GoodsName?: string }[];
  attachmentList?: { Value?: string }[];
  remarkList?: string[];
}

function parsedDetail(detail: string): ParsedDetail {
  try {
    const d = JSON.parse(detail) as unknown;
    return d && typeof d === 'object' && !Array.isArray(d) ? (d as ParsedDetail) : {};
  } catch {
    return detail.trim() ? { remarkList: [detail] } : {};
  }
}

/** The number a ticket shows for an order without a table: its pickup number (issue 26 section 4), else (older orders) the sheet's last 6 digits. */
export const shortNumber = (sheet: Pick<TicketSheet, 'sheet_id' | 'pickup_no'>) => sheet.pickup_no || sheet.sheet_id.slice(-6);

/** The ticket's ReceiptLine document. */
export function ticketDocument(input: {
  sheet: TicketSheet;
  roundNo: number;
  lines: readonly TicketLine[];
  lang: Lang;
  stationNames: readonly string[];
  receivedAt: Date;
  reprint: boolean;
  widthMm: number;
}): string {
  const { sheet, lines, lang } = input;
  const zone = sheet.time_zone || 'Asia/Macau';
  const no = shortNumber(sheet);
  const title = sheet.table_name
    ? message('ticketTable', lang, { name: sheet.table_name })
    : sheet.take_type === 'pickup'
      ? message('ticketPickup', lang, { no })
      : sheet.take_type === 'delivery'
        ? message('ticketDelivery', lang, { no })
        : message('ticketDineIn', lang, { no });
  const at = DateTime.fromJSDate(input.receivedAt, { zone }).toFormat('yyyy-LL-dd HH:mm');
  const out: string[] = [];
  if (input.reprint) out.push(`^^^${rlText(message('ticketReprint', lang))}`, '');
  // Issue 29: an order with an allergy note or a filtered allergen: the banner first, inverted and large.
  const banner = allergyBanner(sheet, input.roundNo, lines, lang);
  if (banner.length > 0) out.push(...banner.map((b, i) => (i === 0 ? `\`^^^${rlText(b)}\`` : `\`^^${rlText(b)}\``)), '');
  out.push(`^^^${rlText(title)}`);
  // The pickup number large (4x: 12 columns for '023'), as the counter calls it and the board shows it.
  if (!sheet.table_name && sheet.pickup_no) out.push(`^^^^^${rlText(sheet.pickup_no)}`);
  out.push(
    `^^${rlText(message('ticketRound', lang, { round: input.roundNo }))} | ${rlText(input.stationNames.join(' '))}`,
  );
  out.push(`${rlText(at)} |`, `${rlText(sheet.sheet_id)} |`);
  // The cut is the printer's (PaperSpec.cut), after the last line.
  if (sheet.take_time && sheet.take_type !== 'dinein') {
    out.push(
      rlText(
        message('ticketTakeTime', lang, {
          time: DateTime.fromJSDate(sheet.take_time, { zone }).toFormat('HH:mm'),
        }),
      ),
    );
  }
  out.push(rule(input.widthMm));
  // 'text |': a left-aligned column (a line without '|' is centred).
  const left = (text: string, deco = '') => `${deco}${rlText(text)} |`;
  // '~' is a space receiptline keeps (leading spaces are trimmed).
  const sub = (text: string, deco = '') => `${deco}~~~${rlText(text)} |`;
  for (const line of lines) {
    const unit = line.punit ? ` (${line.punit})` : '';
    if (line.voided) {
      // A voided line (a reprint, or a ticket printed after the void): still listed, so the cook who saw it knows
      // to stop, marked VOID / 作廢 in reverse print, with none of its specs or remarks.
      out.push(left(`${message('ticketVoid', lang)} ${quantity(line.qua)} x ${line.goods_name}${unit}`, '`'));
      continue;
    }
    out.push(left(`${quantity(line.qua)} x ${line.goods_name}${unit}`, '^^'));
    if (line.sku_items.trim()) out.push(sub(`${line.sku_items.replace(/;/g, ' / ')}`));
    const d = parsedDetail(line.detail);
    for (const part of d.bomList ?? []) if (part?.GoodsName) out.push(sub(`> ${part.GoodsName}`));
    for (const addOn of d.attachmentList ?? []) if (addOn?.Value) out.push(sub(`+ ${addOn.Value}`));
    for (const remark of d.remarkList ?? [])
      if (String(remark).trim()) out.push(sub(`* ${String(remark).trim()}`, '^'));
  }
  out.push(rule(input.widthMm));
  const remark =
    (input.roundNo === 1 ? sheet.round_remark || sheet.sheet_remark : sheet.round_remark) ?? '';
  if (remark.trim()) out.push(left(message('ticketRemark', lang, { text: remark.trim() }), '^^'));
  return `${out.join('\n')}\n`;
}

/** The ALLERGY banner's lines (none without an allergy): the word, the allergens avoided, or a pointer to the notes. */
export function allergyBanner(sheet: Pick<TicketSheet, 'round_allergens' | 'round_remark' | 'sheet_remark'>, roundNo: number, lines: readonly TicketLine[], lang: Lang): string[] {
  const named = (sheet.round_allergens ?? '').split(',').filter((a): a is Allergen => (ALLERGENS as readonly string[]).includes(a));
  const remark = (roundNo === 1 ? sheet.round_remark || sheet.sheet_remark : sheet.round_remark) ?? '';
  const noted = mentionsAllergy(remark, ...lines.flatMap((l) => (parsedDetail(l.detail).remarkList ?? []).map(String)));
  if (named.length === 0 && !noted) return [];
  const out = [message('ticketAllergy', lang)];
  if (named.length > 0) out.push(message('ticketAllergyAvoid', lang, { list: named.map((a) => message(`allergen_${a}` as MessageKey, lang)).join(', ') }));
  if (noted) out.push(message('ticketAllergyNote', lang));
  return out;
}
