/** The shapes and constants of opening hours. The rules: ../openingHours.ts. */

/** The shops are in Macau (no daylight-saving time). */
export const DEFAULT_SHOP_ZONE = 'Asia/Macau';

/**
 * The zone an outlet's ordering rules run in (hours, the order window, pickup
 * times, "today"): its own (base.time_zone, set in the back office), else its
 * enterprise's, else the default.
 */
export function outletZone(own: string | null | undefined, enterprise: string | null | undefined): string {
  return own || enterprise || DEFAULT_SHOP_ZONE;
}


/** How far {@link nextOpening} looks ahead. */
export const NEXT_OPENING_HORIZON_DAYS = 8;

export type WeekDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A daily range, "HH:mm" each ('' for a missing end). */
export interface TimeRange {
  begin: string;
  end: string;
}

/** A date-time range, "YYYY-MM-DD HH:mm" each, in the shop's zone. */
export interface DateTimeRange {
  begin: string;
  end: string;
}

export interface OpeningHours {
  times: TimeRange[];
  weekDays: WeekDay[];
  dateRanges: DateTimeRange[];
  /**
   * Each week day's own ranges (the back office's form, issue 27): when
   * present they replace `times` and `weekDays`; a day without ranges (or
   * missing) is closed. An overnight range belongs to the day it begins.
   */
  days?: Partial<Record<WeekDay, TimeRange[]>> | null;
  /** Closed dates (holidays), "YYYY-MM-DD" in the shop's zone: a range beginning on one does not open. */
  closedDates?: string[];
}

/** What {@link parseOpeningHours} returns: usable as OpeningHours, plus a report. */
export interface ParsedOpeningHours extends OpeningHours {
  /** False when the text was not valid opening hours or an entry was dropped. */
  valid: boolean;
  /** What was wrong, for logs (developer-facing English). */
  problems: string[];
}

/** No restriction at all. */
export const ALWAYS_OPEN: Readonly<OpeningHours> = Object.freeze({
  times: [],
  weekDays: [],
  dateRanges: [],
});

export const DAY = 1440;
