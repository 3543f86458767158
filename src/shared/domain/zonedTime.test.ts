import fc from 'fast-check';
import { DateTime } from 'luxon';
import { addDays, instantOf, offsetAt, wallTimeAt } from './zonedTime';

// Zones with and without daylight saving, north and south, half-hour offsets.
const ZONES = ['Asia/Macau', 'Asia/Shanghai', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/St_Johns', 'UTC'];

describe('zonedTime agrees with luxon', () => {
  test('the wall clock of an instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        const dt = DateTime.fromMillis(ms, { zone });
        const w = wallTimeAt(ms, zone);
        expect([w.year, w.month, w.day, w.hour, w.minute, w.second, w.millisecond, w.weekday]).toEqual([
          dt.year,
          dt.month,
          dt.day,
          dt.hour,
          dt.minute,
          dt.second,
          dt.millisecond,
          dt.weekday,
        ]);
        expect(offsetAt(ms, zone)).toBe(dt.offset);
      }),
      { numRuns: 2000 },
    );
  });

  test('the instant of a wall-clock time, daylight-saving gaps and overlaps included', () => {
    fc.assert(
      fc.property(
        fc.record({
          year: fc.integer({ min: 1990, max: 2060 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 31 }),
          hour: fc.integer({ min: 0, max: 23 }),
          minute: fc.integer({ min: 0, max: 59 }),
        }),
        fc.constantFrom(...ZONES),
        (fields, zone) => {
          const dt = DateTime.fromObject(fields, { zone });
          expect(instantOf(fields, zone)).toBe(dt.isValid ? dt.toMillis() : null);
        },
      ),
      { numRuns: 3000 },
    );
  });

  test.each([
    // New York springs forward at 02:00 on 2026-03-08: 02:30 does not exist.
    [{ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York'],
    // ... and falls back at 02:00 on 2026-11-01: 01:30 happens twice.
    [{ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York'],
    [{ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, 'Europe/London'],
    [{ year: 2026, month: 10, day: 4, hour: 2, minute: 15 }, 'Australia/Sydney'],
  ])('the edge %o in %s', (fields, zone) => {
    expect(instantOf(fields, zone)).toBe(DateTime.fromObject(fields, { zone }).toMillis());
  });

  test('not a date: null', () => {
    expect(instantOf({ year: 2026, month: 4, day: 31 }, 'Asia/Macau')).toBeNull();
    expect(instantOf({ year: 2026, month: 2, day: 29 }, 'Asia/Macau')).toBeNull();
    expect(instantOf({ year: 2028, month: 2, day: 29 }, 'Asia/Macau')).not.toBeNull();
    expect(instantOf({ year: 2026, month: 1, day: 1, hour: 24 }, 'Asia/Macau')).toBeNull();
  });

  test('an unknown zone is a RangeError', () => {
    expect(() => wallTimeAt(0, 'Not/AZone')).toThrow(RangeError);
  });

  test('adding days crosses months and years', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({ year: 2027, month: 1, day: 2 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
  });
});
