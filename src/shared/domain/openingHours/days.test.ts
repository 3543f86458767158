/**
 * The back office's opening hours (issue 27 section 2) as the app and the
 * service read them: per-week-day ranges ("days"), overnight ranges that
 * belong to the day they begin, and closed dates (holidays). Also the form's
 * rules (shared/domain/outletSettings.ts).
 */
import { canPlaceOrder, hoursOfDay, isOpenAt, nextOpening, parseOpeningHours, resolveOpeningHours } from '../openingHours';
import { insidePolygon, outletProblems, percentToBp, bpToPercent, type OutletRulesInput } from '../outletSettings';

const ZONE = 'Asia/Macau';
/** 2024-05-03 is a Friday (5); 2024-05-04 a Saturday (6). */
const macau = (text: string) => new Date(`${text.replace(' ', 'T')}:00+08:00`);

const STORED = JSON.stringify({
  days: {
    '1': [],
    '2': [{ begin: '11:00', end: '14:30' }, { begin: '17:00', end: '22:00' }],
    '3': [{ begin: '11:00', end: '22:00' }],
    '4': [{ begin: '11:00', end: '22:00' }],
    '5': [{ begin: '18:00', end: '02:00' }],
    '6': [{ begin: '00:00', end: '24:00' }],
    '7': [{ begin: '10:00', end: '16:00' }],
  },
  closedDates: ['2024-05-05'],
});

describe('per-week-day opening hours', () => {
  const hours = parseOpeningHours(STORED);

  test('the stored text reads without problems', () => {
    expect(hours.valid).toBe(true);
    expect(hours.days?.[2]).toEqual([
      { begin: '11:00', end: '14:30' },
      { begin: '17:00', end: '22:00' },
    ]);
    expect(hours.days?.[1]).toEqual([]);
    expect(hours.closedDates).toEqual(['2024-05-05']);
  });

  test("each day's own ranges; a day without any is closed", () => {
    expect(isOpenAt(hours, macau('2024-04-29 12:00'), ZONE)).toBe(false); // Monday: closed
    expect(isOpenAt(hours, macau('2024-04-30 12:00'), ZONE)).toBe(true); // Tuesday lunch
    expect(isOpenAt(hours, macau('2024-04-30 15:00'), ZONE)).toBe(false); // between the two ranges
    expect(isOpenAt(hours, macau('2024-04-30 21:59'), ZONE)).toBe(true);
    expect(isOpenAt(hours, macau('2024-04-30 22:00'), ZONE)).toBe(false); // end exclusive
    expect(isOpenAt(hours, macau('2024-05-04 03:00'), ZONE)).toBe(true); // Saturday: all day
  });

  test('an overnight range belongs to the day it begins', () => {
    expect(isOpenAt(hours, macau('2024-05-03 12:00'), ZONE)).toBe(false); // Friday noon: not yet
    expect(isOpenAt(hours, macau('2024-05-03 23:30'), ZONE)).toBe(true);
    // Saturday 01:30 is still Friday night (and Saturday is open all day anyway).
    expect(isOpenAt(hours, macau('2024-05-04 01:30'), ZONE)).toBe(true);
    // Thursday 01:00: Wednesday's range ended at 22:00, no overnight tail.
    expect(isOpenAt(hours, macau('2024-05-02 01:00'), ZONE)).toBe(false);
  });

  test('a closed date (holiday) does not open, even on a day with hours', () => {
    expect(isOpenAt(hours, macau('2024-05-05 12:00'), ZONE)).toBe(false); // Sunday 5 May: closed date
    expect(isOpenAt(hours, macau('2024-05-12 12:00'), ZONE)).toBe(true); // the next Sunday
    expect(hoursOfDay(hours, macau('2024-05-05 12:00'), ZONE)).toEqual({ allDay: false, ranges: [] });
    // Opening on the day after the holiday: Monday is closed, so Tuesday 11:00.
    expect(nextOpening(hours, macau('2024-05-05 12:00'), ZONE)).toEqual(macau('2024-05-07 11:00'));
  });

  test("the day's hours as the app shows them", () => {
    expect(hoursOfDay(hours, macau('2024-04-30 09:00'), ZONE)).toEqual({
      allDay: false,
      ranges: [
        { begin: '11:00', end: '14:30' },
        { begin: '17:00', end: '22:00' },
      ],
    });
    expect(hoursOfDay(hours, macau('2024-05-04 10:00'), ZONE)).toEqual({ allDay: true });
    expect(hoursOfDay(hours, macau('2024-04-29 10:00'), ZONE)).toEqual({ allDay: false, ranges: [] });
  });

  test('the order guard says closed with when it opens next (the closed-outlet notice)', () => {
    expect(canPlaceOrder({ hours, zone: ZONE, now: macau('2024-04-29 12:00') })).toEqual({ ok: false, reason: 'closed', opensAt: macau('2024-04-30 11:00') });
    expect(canPlaceOrder({ hours, zone: ZONE, now: macau('2024-05-03 19:00') })).toEqual({ ok: true });
  });

  test('the older shapes read as before: BeginTime/EndTime, times with weekDays', () => {
    const legacy = resolveOpeningHours({ openingHours: '', BeginTime: '09:00', EndTime: '18:00' });
    expect(legacy.days).toBeUndefined();
    expect(isOpenAt(legacy, macau('2024-04-29 12:00'), ZONE)).toBe(true);
    const weekly = parseOpeningHours(JSON.stringify({ times: [{ begin: '10:00', end: '20:00' }], weekDays: [1, 2, 3, 4, 5] }));
    expect(isOpenAt(weekly, macau('2024-05-04 12:00'), ZONE)).toBe(false);
    expect(isOpenAt(weekly, macau('2024-05-03 12:00'), ZONE)).toBe(true);
  });

  test('malformed entries of days and closedDates are dropped and reported', () => {
    const bad = parseOpeningHours(JSON.stringify({ days: { '9': [], '2': ['nonsense'] }, closedDates: ['soon'] }));
    expect(bad.valid).toBe(false);
    expect(bad.problems.length).toBe(3);
  });
});

describe("the outlet form's rules", () => {
  const base: OutletRulesInput = {
    lat: 22.19,
    lng: 113.54,
    timeZone: 'Asia/Macau',
    hours: { days: { '1': [{ begin: '18:00', end: '02:00' }] }, closedDates: ['2026-12-25'] },
    webOrderMinutes: 90,
    delivery: { enabled: true, zone: { kind: 'radius', km: 3 }, fee: 5, minAmount: 80, freeAbove: null },
    serviceChargePercent: 10,
  };
  const codes = (changes: Partial<OutletRulesInput>) => outletProblems({ ...base, ...changes }).map((p) => `${p.field}:${p.code}`);

  test('a good form has no problem (overnight allowed)', () => {
    expect(outletProblems(base)).toEqual([]);
  });

  test('time ranges that make sense', () => {
    expect(codes({ hours: { days: { '2': [{ begin: '9:00', end: '18:00' }] }, closedDates: [] } })).toEqual(['hours.2.0:timeFormat']);
    expect(codes({ hours: { days: { '2': [{ begin: '10:00', end: '10:00' }] }, closedDates: [] } })).toEqual(['hours.2.0:timeEmpty']);
    expect(codes({ hours: { days: { '2': [{ begin: '10:00', end: '15:00' }, { begin: '14:00', end: '16:00' }] }, closedDates: [] } })).toEqual(['hours.2.1:timeOverlap']);
    // An overnight range overlapping a later one of the same day's evening is refused too.
    expect(codes({ hours: { days: { '2': [{ begin: '20:00', end: '02:00' }, { begin: '22:00', end: '23:00' }] }, closedDates: [] } })).toEqual(['hours.2.1:timeOverlap']);
    expect(codes({ hours: { days: { '2': [{ begin: '00:00', end: '24:00' }] }, closedDates: ['2026-02-29'] } })).toEqual(['closedDates.0:dateFormat']);
  });

  test('the delivery zone: a radius above 0, a polygon of 3 distinct points or more', () => {
    expect(codes({ delivery: { ...base.delivery, zone: { kind: 'radius', km: 0 } } })).toEqual(['delivery.zone:radius']);
    expect(codes({ delivery: { ...base.delivery, zone: { kind: 'polygon', points: [[22.1, 113.5], [22.2, 113.6], [22.1, 113.5]] } } })).toEqual(['delivery.zone:polygonPoints']);
    expect(codes({ delivery: { ...base.delivery, zone: { kind: 'polygon', points: [[22.1, 113.5], [22.2, 113.6], [22.3, 113.5], [22.1, 113.5]] } } })).toEqual([]);
    expect(codes({ delivery: { ...base.delivery, zone: { kind: 'polygon', points: [[122.1, 113.5], [22.2, 113.6], [22.3, 113.5]] } } })).toEqual(['delivery.zone:coordinates']);
    // Not delivering: the zone is not checked.
    expect(codes({ delivery: { ...base.delivery, enabled: false, zone: { kind: 'radius', km: 0 } } })).toEqual([]);
  });

  test('percentages 0-30 with 2 decimals; money never negative', () => {
    expect(codes({ serviceChargePercent: 30 })).toEqual([]);
    expect(codes({ serviceChargePercent: 12.25 })).toEqual([]);
    expect(codes({ serviceChargePercent: 30.01 })).toEqual(['serviceChargePercent:percent']);
    expect(codes({ serviceChargePercent: -1 })).toEqual(['serviceChargePercent:percent']);
    expect(codes({ serviceChargePercent: 1.005 })).toEqual(['serviceChargePercent:percent']);
    expect(codes({ delivery: { ...base.delivery, fee: -0.5, freeAbove: -1 } })).toEqual(['delivery.fee:money', 'delivery.freeAbove:money']);
    expect(codes({ webOrderMinutes: 1.5 })).toEqual(['webOrderMinutes:minutes']);
    expect(codes({ timeZone: 'Mars/Olympus' })).toEqual(['timeZone:timeZone']);
    expect(percentToBp(12.5)).toBe(1250);
    expect(percentToBp(0.29)).toBe(29);
    expect(bpToPercent(1000)).toBe(10);
  });

  test('a point inside the polygon', () => {
    const square: [number, number][] = [
      [22.1, 113.5],
      [22.1, 113.6],
      [22.2, 113.6],
      [22.2, 113.5],
    ];
    expect(insidePolygon([22.15, 113.55], square)).toBe(true);
    expect(insidePolygon([22.25, 113.55], square)).toBe(false);
  });
});
