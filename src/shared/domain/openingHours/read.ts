/** Reading and normalising the stored opening hours (never throws). The rules: ../openingHours.ts. */
import type { DateTimeRange, OpeningHours, ParsedOpeningHours, TimeRange, WeekDay } from './types';
import { dateRangeBounds } from './shopDateTime';
import { formatClock, isBlank, parseClock, spanOf } from './clock';

export function field(obj: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (name in obj) return obj[name];
  return undefined;
}

export function asText(value: unknown): string | null {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readTimes(value: unknown, problems: string[]): TimeRange[] {
  if (value == null) return [];
  const list = Array.isArray(value) ? value : [value];
  const out: TimeRange[] = [];
  for (const entry of list) {
    let begin: string | null;
    let end: string | null;
    if (typeof entry === 'string') {
      const [b = '', e = '', ...rest] = entry.split(/\s*[-~]\s*/);
      [begin, end] = rest.length ? [null, null] : [b, e];
    } else if (isRecord(entry)) {
      begin = asText(field(entry, 'begin', 'Begin', 'BeginTime', 'start'));
      end = asText(field(entry, 'end', 'End', 'EndTime'));
    } else {
      begin = end = null;
    }
    const span = begin === null || end === null ? null : spanOf(begin, end);
    if (!span || begin === null || end === null) {
      problems.push(`dropped malformed time range ${JSON.stringify(entry)}`);
      continue;
    }
    out.push({
      begin: isBlank(begin) ? '' : formatClock(parseClock(begin) ?? 0),
      end: isBlank(end) ? '' : formatClock(parseClock(end) ?? 0),
    });
  }
  return out;
}

export function readWeekDays(value: unknown, problems: string[]): WeekDay[] {
  if (value == null || value === '') return [];
  const list: unknown[] = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(/[\s,]+/).filter(Boolean)
      : [value];
  const days = new Set<WeekDay>();
  for (const entry of list) {
    const n =
      typeof entry === 'number'
        ? entry
        : typeof entry === 'string' && entry.trim() !== ''
          ? Number(entry)
          : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= 7) days.add(n as WeekDay);
    else problems.push(`dropped week day ${JSON.stringify(entry)} (expected 1..7, Sunday 7)`);
  }
  return [...days].sort((a, b) => a - b);
}

export function readDateRanges(value: unknown, problems: string[]): DateTimeRange[] {
  if (value == null) return [];
  const list = Array.isArray(value) ? value : [value];
  const out: DateTimeRange[] = [];
  for (const entry of list) {
    const begin = isRecord(entry)
      ? asText(field(entry, 'begin', 'Begin', 'BeginTime', 'start'))
      : null;
    const end = isRecord(entry) ? asText(field(entry, 'end', 'End', 'EndTime')) : null;
    const range = begin !== null && end !== null ? { begin: begin.trim(), end: end.trim() } : null;
    if (!range || !dateRangeBounds(range, 'UTC')) {
      problems.push(`dropped malformed date range ${JSON.stringify(entry)}`);
      continue;
    }
    out.push(range);
  }
  return out;
}

/** Per-week-day ranges ({"1": [...], ... "7": []}: an empty list is a closed day); null when absent. */
export function readDays(value: unknown, problems: string[]): Partial<Record<WeekDay, TimeRange[]>> | null {
  if (!isRecord(value)) return null;
  const out: Partial<Record<WeekDay, TimeRange[]>> = {};
  for (const [key, ranges] of Object.entries(value)) {
    if (/^[1-7]$/.test(key)) out[+key as WeekDay] = readTimes(ranges, problems);
    else problems.push(`dropped day ${key}`);
  }
  return out;
}

/** Closed dates "YYYY-MM-DD" (others dropped and reported). */
export const readClosedDates = (value: unknown, problems: string[]): string[] =>
  (Array.isArray(value) ? value : []).filter((d) => /^\d{4}-\d\d-\d\d$/.test(d) || !problems.push(`dropped date ${d}`));

export function readObject(value: unknown, problems: string[]): OpeningHours {
  if (Array.isArray(value))
    return { times: readTimes(value, problems), weekDays: [], dateRanges: [] };
  if (!isRecord(value)) {
    problems.push('opening hours are not a JSON object');
    return { times: [], weekDays: [], dateRanges: [] };
  }
  let times = readTimes(field(value, 'times', 'Times'), problems);
  const beginTime = field(value, 'BeginTime', 'beginTime');
  const endTime = field(value, 'EndTime', 'endTime');
  if (beginTime !== undefined || endTime !== undefined) {
    times = [...times, ...readTimes({ begin: beginTime ?? '', end: endTime ?? '' }, problems)];
  }
  return {
    times,
    weekDays: readWeekDays(field(value, 'weekDays', 'WeekDays', 'weekdays', 'Weekdays'), problems),
    dateRanges: readDateRanges(field(value, 'dateRanges', 'DateRanges'), problems),
    days: readDays(value.days, problems) ?? undefined,
    closedDates: value.closedDates ? readClosedDates(value.closedDates, problems) : undefined,
  };
}

/**
 * Reads the stored OpeningHours text (see the module comment). Never
 * throws: empty text is always open and valid; unreadable text is always
 * open with `valid: false`; malformed entries are dropped and reported.
 * HTML-escaped quotes (`&quot;`) are undone first. Times come back as
 * "HH:mm", week days sorted and unique.
 */
export function parseOpeningHours(text: string | null | undefined): ParsedOpeningHours {
  if (isBlank(text)) return { times: [], weekDays: [], dateRanges: [], valid: true, problems: [] };
  const problems: string[] = [];
  let json: unknown;
  try {
    json = JSON.parse((text as string).replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  } catch {
    return {
      times: [],
      weekDays: [],
      dateRanges: [],
      valid: false,
      problems: ['opening hours are not valid JSON'],
    };
  }
  const hours = readObject(json, problems);
  return { ...hours, valid: problems.length === 0, problems };
}

/** The base's plain BeginTime/EndTime as opening hours (both empty: always open). */
export function openingHoursFromBase(base: {
  BeginTime?: string | null;
  EndTime?: string | null;
}): OpeningHours {
  const problems: string[] = [];
  return {
    times: readTimes({ begin: base.BeginTime ?? '', end: base.EndTime ?? '' }, problems),
    weekDays: [],
    dateRanges: [],
  };
}

/**
 * The opening hours of a base: its OpeningHours parameter when set, else its
 * BeginTime/EndTime.
 */
export function resolveOpeningHours(input: {
  openingHours?: string | null;
  BeginTime?: string | null;
  EndTime?: string | null;
}): ParsedOpeningHours {
  if (!isBlank(input.openingHours)) return parseOpeningHours(input.openingHours);
  return { ...openingHoursFromBase(input), valid: true, problems: [] };
}
