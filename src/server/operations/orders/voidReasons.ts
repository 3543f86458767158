/**
 * A voided line's reason (issue 26 section 5): stored in sheet_item.void_reason
 * as the reason's name, or 'other:' and the staff's note; read in the
 * reader's language (the customer's order page, the staff's list).
 */
import type { VoidReason } from '../../../shared/protocol/staffFix';
import { message, type Lang, type MessageKey } from '../../messages';

const REASON_KEYS: Record<Exclude<VoidReason, 'other'>, MessageKey> = { outOfStock: 'voidOutOfStock', changedMind: 'voidChangedMind', wrongDish: 'voidWrongDish' };

/** How a void's reason is stored (sheet_item.void_reason): the reason's name, or 'other:' and the note. */
export function storedVoidReason(reason: VoidReason, note: string | undefined): string {
  return reason === 'other' ? `other:${(note ?? '').trim()}` : reason;
}

/** A stored void reason in `lang` ('' for a line that is not voided). */
export function voidReasonText(stored: string, lang: Lang): string {
  if (!stored) return '';
  if (stored.startsWith('other:')) return message('voidOther', lang, { note: stored.slice('other:'.length) });
  const key = REASON_KEYS[stored as keyof typeof REASON_KEYS];
  return key ? message(key, lang) : stored;
}
