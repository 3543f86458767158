/**
 * A line's choices in the reader's language (issue 23 item 4). A sheet line
 * stores its choices by reference (lines.ts): the sku by sku_id, bundle parts
 * by BOMClassID and GoodsID, add-ons by OptionID, with their prices; never
 * their texts. A read answers the line's Detail with each part's GoodsName
 * and each add-on's Value in the reader's language (operations/localized.ts),
 * so the app and the kitchen screen show them as they are. Lines written
 * before stored the simplified Chinese text; it is what is answered only
 * when the menu no longer has the part or add-on.
 */
import type { Queryable } from '../../db/driver';
import { tr, type TextLangs } from '../localized';

interface StoredDetail {
  bomList?: { BOMClassID?: string; GoodsID?: string; GoodsName?: string; BOMAmo?: string }[];
  attachmentList?: { OptionID?: string; Value?: string; Value2?: string; Value3?: string }[];
  remarkList?: string[];
}

function parse(detail: string): StoredDetail | null {
  if (!detail.trim()) return null;
  try {
    const d = JSON.parse(detail) as unknown;
    return d && typeof d === 'object' && !Array.isArray(d) ? (d as StoredDetail) : null;
  } catch {
    return null;
  }
}

/**
 * The Details of `details` (stored sheet_item.detail texts) with their texts
 * in the reader's language, in the same order: one statement for all of
 * them, none when no line has a choice. A text that is not a detail's JSON is
 * answered as it is.
 */
export async function localizedDetails(tx: Queryable, details: readonly string[], langs: TextLangs): Promise<string[]> {
  const parsed = details.map(parse);
  const optionIds = new Set<string>();
  const partIds = new Set<string>();
  for (const d of parsed) {
    for (const a of d?.attachmentList ?? []) if (a?.OptionID) optionIds.add(String(a.OptionID));
    for (const b of d?.bomList ?? []) if (b?.GoodsID) partIds.add(String(b.GoodsID));
  }
  if (optionIds.size === 0 && partIds.size === 0) return [...details];
  const [texts] = await tx.query<{ options: { id: string; text: string }[]; parts: { id: string; text: string }[] }>(
    `SELECT (SELECT COALESCE(json_agg(json_build_object('id', o.option_id, 'text', ${tr('o.value', langs)})), '[]'::json)
               FROM goods_charging o WHERE o.option_id = ANY ($1::text[])) AS options,
            (SELECT COALESCE(json_agg(json_build_object('id', g.goods_id, 'text', ${tr('g.goods_name', langs)})), '[]'::json)
               FROM goods g WHERE g.goods_id = ANY ($2::text[])) AS parts`,
    [[...optionIds], [...partIds]],
  );
  const option = new Map((texts?.options ?? []).map((o) => [o.id, o.text]));
  const part = new Map((texts?.parts ?? []).map((p) => [p.id, p.text]));
  return parsed.map((d, i) => {
    if (!d) return details[i]!;
    return JSON.stringify({
      ...d,
      bomList: (d.bomList ?? []).map((b) => ({ ...b, GoodsName: part.get(String(b?.GoodsID)) || b?.GoodsName || '' })),
      attachmentList: (d.attachmentList ?? []).map((a) => ({ ...a, Value: option.get(String(a?.OptionID)) || a?.Value || '' })),
      remarkList: d.remarkList ?? [],
    });
  });
}
