/**
 * Whether a kitchen card shows the ALLERGY banner (issue 29 section 2), and
 * what it says: the round's allergens (the customer's menu filter) and whether
 * its note or a line's note mentions an allergy. Apart from the banner, which
 * loads only for a card that has one (the kitchen screen's first load).
 */
import { mentionsAllergy } from '../../shared/domain/allergyNote';
import type { StaffItem, StaffRound } from '../api';

export type AllergyRound = Pick<StaffRound, 'remark' | 'allergens'> & { items?: readonly Pick<StaffItem, 'detail'>[] };

/** The remarks of a line's detail (JSON with remarkList), or none. */
function lineRemarks(item: Pick<StaffItem, 'detail'>): string[] {
  // Most lines have none: no JSON.parse('') and its exception (200 cards: 50 ms at 4x CPU slowdown).
  if (!item.detail.trim()) return [];
  try {
    const d = JSON.parse(item.detail) as { remarkList?: unknown };
    return Array.isArray(d.remarkList) ? d.remarkList.map(String) : [];
  } catch {
    return item.detail ? [item.detail] : [];
  }
}

/** The banner's content, or null when the round has no allergy. */
export function allergyOf(round: AllergyRound): { allergens: readonly string[]; noted: boolean } | null {
  const allergens = round.allergens ?? [];
  const noted = mentionsAllergy(round.remark, ...(round.items ?? []).flatMap(lineRemarks));
  return allergens.length === 0 && !noted ? null : { allergens, noted };
}
