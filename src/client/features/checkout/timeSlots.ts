/**
 * Pickup and delivery times: 'as soon as possible', or a 15-minute slot of
 * today (in the shop's time zone) at which the shop is open, the first one
 * at least 15 minutes from now on the service's clock.
 */
import { DateTime } from 'luxon';
import { isOpenAt, type OpeningHours } from '../../../shared/domain/openingHours';

export const SLOT_MINUTES = 15;
export const SLOT_LEAD_MINUTES = 15;

export function timeSlots(
  hours: OpeningHours | null | undefined,
  now: Date,
  zone: string,
  stepMinutes = SLOT_MINUTES,
  leadMinutes = SLOT_LEAD_MINUTES,
): Date[] {
  const here = DateTime.fromJSDate(now, { zone });
  if (!here.isValid) return [];
  const earliest = here.plus({ minutes: leadMinutes });
  let t = earliest.set({ second: 0, millisecond: 0 });
  const rest = t.minute % stepMinutes;
  if (rest !== 0 || earliest.second > 0 || earliest.millisecond > 0) t = t.plus({ minutes: stepMinutes - rest });
  const end = here.endOf('day');
  const out: Date[] = [];
  while (t <= end) {
    const at = t.toJSDate();
    if (isOpenAt(hours, at, zone)) out.push(at);
    t = t.plus({ minutes: stepMinutes });
  }
  return out;
}
