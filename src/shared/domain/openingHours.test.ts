import fc from 'fast-check';
import {
  ALWAYS_OPEN,
  DEFAULT_SHOP_ZONE,
  canPlaceOrder,
  hoursOfDay,
  rangesText,
  isAlwaysOpenRange,
  isOpenAt,
  isWithinTimeRange,
  nextOpening,
  openingHoursFromBase,
  orderWindowOpen,
  parseClock,
  parseOpeningHours,
  parseShopDateTime,
  resolveOpeningHours,
  type OpeningHours,
  type WeekDay,
} from './openingHours';
import { SheetStatus } from './orderStates';

const ZONE = 'Asia/Macau'; // UTC+8 all year

/** A wall-clock time in Macau: macau('2024-05-03 09:00'). 2024-05-03 is a Friday. */
const macau = (text: string): Date => {
  const d = new Date(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}+08:00`);
  if (Number.isNaN(d.getTime())) throw new Error(`bad test time ${text}`);
  return d;
};

const hours = (partial: Partial<OpeningHours>): OpeningHours => ({
  times: [],
  weekDays: [],
  dateRanges: [],
  ...partial,
});

const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const MINUTES = Array.from({ length: 1440 }, (_, i) => i);

describe('constants', () => {
  it('documents the sheet statuses and default zone', () => {
    expect(SheetStatus.closed).toBe(2);
    expect(SheetStatus.checkedOut).toBe(3);
    expect(DEFAULT_SHOP_ZONE).toBe('Asia/Macau');
    expect(ALWAYS_OPEN).toEqual({ times: [], weekDays: [], dateRanges: [] });
  });
});

describe('parseClock', () => {
  it.each([
    ['09:00', 540],
    ['9:05', 545],
    [' 00:00 ', 0],
    ['23:59', 1439],
    ['23:59:59', 1439],
    ['24:00', 1440],
    ['2000-01-01 09:30:00', 570],
    ['2000-01-01T09:30', 570],
  ])('%p is minute %p', (text, minute) => {
    expect(parseClock(text)).toBe(minute);
  });

  it.each(['', 'x', '24:01', '25:00', '12:60', '12:00:60', '1200', '12:5', null, undefined])(
    '%p is not a time',
    (text) => {
      expect(parseClock(text)).toBeNull();
    },
  );
});

describe('isWithinTimeRange', () => {
  it('day range: begin inclusive, end exclusive', () => {
    expect(isWithinTimeRange('09:00', '18:00', 539)).toBe(false);
    expect(isWithinTimeRange('09:00', '18:00', 540)).toBe(true);
    expect(isWithinTimeRange('09:00', '18:00', 1079)).toBe(true);
    expect(isWithinTimeRange('09:00', '18:00', 1080)).toBe(false);
  });

  it('end earlier than begin crosses midnight', () => {
    expect(isWithinTimeRange('18:00', '02:00', 60)).toBe(true); // 01:00
    expect(isWithinTimeRange('18:00', '02:00', 0)).toBe(true);
    expect(isWithinTimeRange('18:00', '02:00', 119)).toBe(true);
    expect(isWithinTimeRange('18:00', '02:00', 120)).toBe(false);
    expect(isWithinTimeRange('18:00', '02:00', 720)).toBe(false);
    expect(isWithinTimeRange('18:00', '02:00', 1079)).toBe(false);
    expect(isWithinTimeRange('18:00', '02:00', 1080)).toBe(true);
    expect(isWithinTimeRange('18:00', '02:00', 1439)).toBe(true);
  });

  it.each([
    ['', ''],
    ['00:00', '00:00'],
    ['00:00', '23:59'],
    ['00:00', '24:00'],
    ['09:00', '09:00'],
    [null, undefined],
  ])('%p-%p is always open', (begin, end) => {
    expect(isAlwaysOpenRange(begin, end)).toBe(true);
    expect(MINUTES.every((m) => isWithinTimeRange(begin, end, m))).toBe(true);
  });

  it('an end of 23:59 or 24:00 runs to the end of the day; 00:00 as an end is midnight', () => {
    expect(isWithinTimeRange('10:00', '23:59', 1439)).toBe(true);
    expect(isWithinTimeRange('10:00', '24:00', 1439)).toBe(true);
    expect(isWithinTimeRange('18:00', '00:00', 1439)).toBe(true);
    expect(isWithinTimeRange('18:00', '00:00', 0)).toBe(false);
    expect(isAlwaysOpenRange('10:00', '23:59')).toBe(false);
  });

  it('a missing end is open-ended', () => {
    expect(isWithinTimeRange('', '18:00', 0)).toBe(true);
    expect(isWithinTimeRange('', '18:00', 1080)).toBe(false);
    expect(isWithinTimeRange('09:00', '', 539)).toBe(false);
    expect(isWithinTimeRange('09:00', '', 1439)).toBe(true);
  });

  it('rejects malformed times and minutes', () => {
    expect(() => isWithinTimeRange('25:00', '18:00', 0)).toThrow(RangeError);
    expect(() => isWithinTimeRange('09:00', 'late', 0)).toThrow(RangeError);
    expect(() => isWithinTimeRange('09:00', '18:00', 1440)).toThrow(RangeError);
    expect(() => isWithinTimeRange('09:00', '18:00', -1)).toThrow(RangeError);
    expect(() => isWithinTimeRange('09:00', '18:00', 1.5)).toThrow(RangeError);
  });

  const arbMinute = fc.integer({ min: 0, max: 1439 });
  const arbBoundary = fc.integer({ min: 0, max: 1438 }); // 23:59 as an end is special

  it('property: 00:00-23:59 is always open', () => {
    fc.assert(fc.property(arbMinute, (m) => isWithinTimeRange('00:00', '23:59', m)));
  });

  it('property: a range and its complement partition the day', () => {
    fc.assert(
      fc.property(arbBoundary, arbBoundary, arbMinute, (b, e, m) => {
        fc.pre(b !== e);
        expect(isWithinTimeRange(clock(b), clock(e), m)).not.toBe(
          isWithinTimeRange(clock(e), clock(b), m),
        );
      }),
    );
  });

  it('property: with 23:59 as an end, range and complement still cover the day (overlapping at 23:59)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1438 }), arbMinute, (b, m) => {
        const inRange = isWithinTimeRange(clock(b), '23:59', m);
        const inComplement = isWithinTimeRange('23:59', clock(b), m);
        expect(inRange || inComplement).toBe(true);
        if (inRange && inComplement) expect(m).toBe(1439);
      }),
    );
  });

  it('property: a crossing range is the union of its evening and its morning', () => {
    fc.assert(
      fc.property(arbBoundary, arbBoundary, arbMinute, (b, e, m) => {
        fc.pre(e < b && e !== 0);
        expect(isWithinTimeRange(clock(b), clock(e), m)).toBe(
          isWithinTimeRange(clock(b), '24:00', m) || isWithinTimeRange('00:00', clock(e), m),
        );
      }),
    );
  });

  it('property: open minutes of a day range number end - begin', () => {
    fc.assert(
      fc.property(arbBoundary, arbBoundary, (b, e) => {
        fc.pre(b !== e);
        const open = MINUTES.filter((m) => isWithinTimeRange(clock(b), clock(e), m)).length;
        expect(open).toBe(b < e ? e - b : 1440 - b + e);
      }),
      { numRuns: 50 },
    );
  });
});

describe('parseOpeningHours', () => {
  it('empty text: always open, valid', () => {
    for (const text of ['', '   ', null, undefined]) {
      expect(parseOpeningHours(text)).toEqual({
        times: [],
        weekDays: [],
        dateRanges: [],
        valid: true,
        problems: [],
      });
    }
  });

  it('reads the stored shape and normalises it', () => {
    const parsed = parseOpeningHours(
      JSON.stringify({
        times: [
          { begin: '9:00', end: '14:00:00' },
          { begin: '17:00', end: '02:00' },
        ],
        weekDays: [5, '1', 3, 5],
        dateRanges: [{ begin: '2024-05-01 10:00', end: '2024-05-31 22:00' }],
      }),
    );
    expect(parsed).toEqual({
      times: [
        { begin: '09:00', end: '14:00' },
        { begin: '17:00', end: '02:00' },
      ],
      weekDays: [1, 3, 5],
      dateRanges: [{ begin: '2024-05-01 10:00', end: '2024-05-31 22:00' }],
      valid: true,
      problems: [],
    });
  });

  it('empty arrays mean no restriction', () => {
    const parsed = parseOpeningHours('{"times":[],"weekDays":[],"dateRanges":[]}');
    expect(parsed.valid).toBe(true);
    expect(isOpenAt(parsed, macau('2024-05-03 03:00'), ZONE)).toBe(true);
  });

  it('invalid text: always open, flagged', () => {
    for (const text of ['not json', '{', 'null', '42', '"09:00-18:00"']) {
      const parsed = parseOpeningHours(text);
      expect(parsed).toMatchObject({ times: [], weekDays: [], dateRanges: [], valid: false });
      expect(parsed.problems.length).toBeGreaterThan(0);
      expect(isOpenAt(parsed, macau('2024-05-03 03:00'), ZONE)).toBe(true);
    }
  });

  it('drops malformed entries, keeps the rest, and flags it', () => {
    const parsed = parseOpeningHours(
      JSON.stringify({
        times: [{ begin: '25:00', end: '18:00' }, { begin: '09:00', end: '18:00' }, 7],
        weekDays: [0, 8, 'x', 6],
        dateRanges: [
          { begin: '2024-02-30 10:00', end: '2024-03-01 10:00' },
          { begin: '2024-05-02 10:00', end: '2024-05-01 10:00' },
          { begin: '2024-05-01', end: '2024-05-02' },
        ],
      }),
    );
    expect(parsed.valid).toBe(false);
    expect(parsed.times).toEqual([{ begin: '09:00', end: '18:00' }]);
    expect(parsed.weekDays).toEqual([6]);
    expect(parsed.dateRanges).toEqual([{ begin: '2024-05-01', end: '2024-05-02' }]);
    expect(parsed.problems).toHaveLength(2 + 3 + 2);
  });

  it('tolerates other spellings: PascalCase keys, "a-b" strings, comma lists, escaped quotes, bare arrays', () => {
    expect(
      parseOpeningHours(
        '{"Times":[{"Begin":"10:00","End":"20:00"}],"WeekDays":"1,2, 3","DateRanges":[]}',
      ),
    ).toMatchObject({
      times: [{ begin: '10:00', end: '20:00' }],
      weekDays: [1, 2, 3],
      valid: true,
    });
    expect(parseOpeningHours('{"times":["10:00-20:00", "21:00 ~ 23:00"]}').times).toEqual([
      { begin: '10:00', end: '20:00' },
      { begin: '21:00', end: '23:00' },
    ]);
    expect(
      parseOpeningHours(
        '{&quot;times&quot;:[{&quot;begin&quot;:&quot;10:00&quot;,&quot;end&quot;:&quot;20:00&quot;}]}',
      ),
    ).toMatchObject({
      times: [{ begin: '10:00', end: '20:00' }],
      valid: true,
    });
    expect(parseOpeningHours('[{"begin":"10:00","end":"20:00"}]')).toMatchObject({
      times: [{ begin: '10:00', end: '20:00' }],
      valid: true,
    });
  });

  it("accepts the base's plain BeginTime/EndTime", () => {
    expect(parseOpeningHours('{"BeginTime":"08:30:00","EndTime":"22:00:00"}')).toMatchObject({
      times: [{ begin: '08:30', end: '22:00' }],
      valid: true,
    });
    expect(openingHoursFromBase({ BeginTime: '2000-01-01 08:30:00', EndTime: '01:00' })).toEqual({
      times: [{ begin: '08:30', end: '01:00' }],
      weekDays: [],
      dateRanges: [],
    });
    expect(openingHoursFromBase({ BeginTime: null, EndTime: '' })).toEqual({
      times: [{ begin: '', end: '' }],
      weekDays: [],
      dateRanges: [],
    });
    expect(openingHoursFromBase({ BeginTime: 'x', EndTime: '1' }).times).toEqual([]);
  });

  it('resolveOpeningHours prefers the OpeningHours parameter over BeginTime/EndTime', () => {
    expect(
      resolveOpeningHours({
        openingHours: '{"times":[{"begin":"10:00","end":"11:00"}]}',
        BeginTime: '08:00',
        EndTime: '09:00',
      }).times,
    ).toEqual([{ begin: '10:00', end: '11:00' }]);
    expect(resolveOpeningHours({ openingHours: '', BeginTime: '08:00', EndTime: '09:00' })).toEqual(
      {
        times: [{ begin: '08:00', end: '09:00' }],
        weekDays: [],
        dateRanges: [],
        valid: true,
        problems: [],
      },
    );
  });
});

describe('parseShopDateTime', () => {
  it('reads service date-times as Macau wall-clock time', () => {
    expect(parseShopDateTime('2024-05-03 12:00:00', ZONE)).toEqual(
      new Date('2024-05-03T04:00:00Z'),
    );
    expect(parseShopDateTime('2024/5/3 12:00', ZONE)).toEqual(new Date('2024-05-03T04:00:00Z'));
    expect(parseShopDateTime('2024-05-03T12:00:00.5', ZONE)).toEqual(
      new Date('2024-05-03T04:00:00.500Z'),
    );
    expect(parseShopDateTime('2024-05-03', ZONE)).toEqual(new Date('2024-05-02T16:00:00Z'));
  });

  it('keeps an explicit offset', () => {
    expect(parseShopDateTime('2024-05-03T12:00:00Z', ZONE)).toEqual(
      new Date('2024-05-03T12:00:00Z'),
    );
    expect(parseShopDateTime('2024-05-03T12:00:00+01:00', ZONE)).toEqual(
      new Date('2024-05-03T11:00:00Z'),
    );
  });

  it('returns null for what it cannot read', () => {
    for (const t of ['', null, undefined, 'yesterday', '2024-13-01 10:00', '2024-05-03 25:00']) {
      expect(parseShopDateTime(t, ZONE)).toBeNull();
    }
    expect(parseShopDateTime('2024-05-03 12:00', 'Not/AZone')).toBeNull();
  });
});

describe('isOpenAt', () => {
  const nineToSix = hours({ times: [{ begin: '09:00', end: '18:00' }] });

  it('null, empty and always-open forms are always open', () => {
    for (const h of [
      null,
      undefined,
      ALWAYS_OPEN,
      hours({ times: [{ begin: '00:00', end: '23:59' }] }),
      hours({ times: [{ begin: '00:00', end: '00:00' }] }),
    ]) {
      expect(isOpenAt(h, macau('2024-05-03 03:17'), ZONE)).toBe(true);
      expect(isOpenAt(h, macau('2024-05-05 23:59'), ZONE)).toBe(true);
    }
  });

  it('reads the minute in the shop zone, begin inclusive, end exclusive', () => {
    expect(isOpenAt(nineToSix, macau('2024-05-03 08:59:59'), ZONE)).toBe(false);
    expect(isOpenAt(nineToSix, macau('2024-05-03 09:00'), ZONE)).toBe(true);
    expect(isOpenAt(nineToSix, macau('2024-05-03 17:59:59'), ZONE)).toBe(true);
    expect(isOpenAt(nineToSix, macau('2024-05-03 18:00'), ZONE)).toBe(false);
  });

  it('uses the zone given, not the machine zone', () => {
    const instant = new Date('2024-05-03T01:00:00Z'); // 09:00 in Macau
    expect(isOpenAt(nineToSix, instant, 'Asia/Macau')).toBe(true);
    expect(isOpenAt(nineToSix, instant, 'UTC')).toBe(false);
    expect(isOpenAt(nineToSix, instant, 'Asia/Hong_Kong')).toBe(true);
  });

  it('several ranges (lunch and dinner)', () => {
    const h = hours({
      times: [
        { begin: '11:00', end: '14:00' },
        { begin: '17:00', end: '22:00' },
      ],
    });
    expect(isOpenAt(h, macau('2024-05-03 12:00'), ZONE)).toBe(true);
    expect(isOpenAt(h, macau('2024-05-03 15:00'), ZONE)).toBe(false);
    expect(isOpenAt(h, macau('2024-05-03 21:59'), ZONE)).toBe(true);
    expect(isOpenAt(h, macau('2024-05-03 22:00'), ZONE)).toBe(false);
  });

  it('overnight range with week days: the after-midnight part belongs to the previous day', () => {
    const fridayNights = hours({ times: [{ begin: '18:00', end: '02:00' }], weekDays: [5] });
    expect(isOpenAt(fridayNights, macau('2024-05-03 23:00'), ZONE)).toBe(true); // Friday evening
    expect(isOpenAt(fridayNights, macau('2024-05-04 01:00'), ZONE)).toBe(true); // Saturday 01:00 = Friday's night
    expect(isOpenAt(fridayNights, macau('2024-05-04 02:00'), ZONE)).toBe(false);
    expect(isOpenAt(fridayNights, macau('2024-05-03 01:00'), ZONE)).toBe(false); // Thursday's night
    expect(isOpenAt(fridayNights, macau('2024-05-04 23:00'), ZONE)).toBe(false); // Saturday evening
  });

  it('Sunday is 7, and Sunday night runs into Monday', () => {
    const sunday = hours({ times: [{ begin: '20:00', end: '03:00' }], weekDays: [7] });
    expect(isOpenAt(sunday, macau('2024-05-05 21:00'), ZONE)).toBe(true); // Sunday
    expect(isOpenAt(sunday, macau('2024-05-06 01:00'), ZONE)).toBe(true); // Monday early = Sunday's night
    expect(isOpenAt(sunday, macau('2024-05-05 01:00'), ZONE)).toBe(false); // Sunday early = Saturday's night
    expect(isOpenAt(sunday, macau('2024-05-06 21:00'), ZONE)).toBe(false);
  });

  it('week days alone restrict whole days', () => {
    const weekdays = hours({ weekDays: [1, 2, 3, 4, 5] });
    expect(isOpenAt(weekdays, macau('2024-05-03 00:00'), ZONE)).toBe(true); // Friday
    expect(isOpenAt(weekdays, macau('2024-05-03 23:59'), ZONE)).toBe(true);
    expect(isOpenAt(weekdays, macau('2024-05-04 00:00'), ZONE)).toBe(false); // Saturday
    expect(isOpenAt(weekdays, macau('2024-05-05 12:00'), ZONE)).toBe(false); // Sunday
    expect(isOpenAt(weekdays, macau('2024-05-06 00:00'), ZONE)).toBe(true); // Monday
  });

  it('date ranges bound the opening, begin inclusive, end exclusive', () => {
    const may = hours({ dateRanges: [{ begin: '2024-05-01 10:00', end: '2024-05-03 22:00' }] });
    expect(isOpenAt(may, macau('2024-05-01 09:59'), ZONE)).toBe(false);
    expect(isOpenAt(may, macau('2024-05-01 10:00'), ZONE)).toBe(true);
    expect(isOpenAt(may, macau('2024-05-02 03:00'), ZONE)).toBe(true);
    expect(isOpenAt(may, macau('2024-05-03 21:59'), ZONE)).toBe(true);
    expect(isOpenAt(may, macau('2024-05-03 22:00'), ZONE)).toBe(false);
    const withTimes = { ...may, times: [{ begin: '09:00', end: '18:00' }] };
    expect(isOpenAt(withTimes, macau('2024-05-02 12:00'), ZONE)).toBe(true);
    expect(isOpenAt(withTimes, macau('2024-05-02 19:00'), ZONE)).toBe(false);
  });

  it('a date range ending on a date alone or at 23:59 runs to the end of that day', () => {
    for (const end of ['2024-05-03', '2024-05-03 23:59']) {
      const h = hours({ dateRanges: [{ begin: '2024-05-01', end }] });
      expect(isOpenAt(h, macau('2024-05-01 00:00'), ZONE)).toBe(true);
      expect(isOpenAt(h, macau('2024-05-03 23:59:30'), ZONE)).toBe(true);
      expect(isOpenAt(h, macau('2024-05-04 00:00'), ZONE)).toBe(false);
    }
  });

  it('any of several date ranges', () => {
    const h = hours({
      dateRanges: [
        { begin: '2024-05-01', end: '2024-05-01' },
        { begin: '2024-05-05 12:00', end: '2024-05-06 12:00' },
      ],
    });
    expect(isOpenAt(h, macau('2024-05-01 12:00'), ZONE)).toBe(true);
    expect(isOpenAt(h, macau('2024-05-03 12:00'), ZONE)).toBe(false);
    expect(isOpenAt(h, macau('2024-05-06 11:00'), ZONE)).toBe(true);
  });

  it('ignores malformed entries in hand-built hours', () => {
    const h = {
      times: [
        { begin: 'late', end: 'never' },
        { begin: '09:00', end: '10:00' },
      ],
      weekDays: [9 as WeekDay],
      dateRanges: [],
    };
    expect(isOpenAt(h, macau('2024-05-03 09:30'), ZONE)).toBe(true);
    expect(isOpenAt(h, macau('2024-05-03 10:30'), ZONE)).toBe(false);
  });

  it('works in a zone with daylight-saving time', () => {
    // London springs forward on 2024-03-31 at 01:00 UTC; 08:30 UTC is 09:30 BST.
    expect(isOpenAt(nineToSix, new Date('2024-03-31T08:30:00Z'), 'Europe/London')).toBe(true);
    expect(isOpenAt(nineToSix, new Date('2024-03-30T08:30:00Z'), 'Europe/London')).toBe(false); // 08:30 GMT
  });

  it('throws for an unknown zone', () => {
    expect(() => isOpenAt(nineToSix, macau('2024-05-03 09:00'), 'Not/AZone')).toThrow(RangeError);
  });

  const arbInstant = fc.date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2030-01-01T00:00:00Z'),
    noInvalidDate: true,
  });
  const arbClock = fc.integer({ min: 0, max: 1439 }).map(clock);

  it('property: a single daily range agrees with isWithinTimeRange on the Macau minute', () => {
    fc.assert(
      fc.property(arbClock, arbClock, arbInstant, (b, e, now) => {
        const local = new Date(now.getTime() + 8 * 3600_000);
        const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
        expect(isOpenAt(hours({ times: [{ begin: b, end: e }] }), now, ZONE)).toBe(
          isWithinTimeRange(b, e, minute),
        );
      }),
    );
  });

  it('property: without date ranges the answer repeats every week', () => {
    const arbDays = fc
      .uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 })
      .map((d) => d as WeekDay[]);
    fc.assert(
      fc.property(arbClock, arbClock, arbDays, arbInstant, (b, e, weekDays, now) => {
        const h = hours({ times: [{ begin: b, end: e }], weekDays });
        expect(isOpenAt(h, new Date(now.getTime() + 7 * 86_400_000), ZONE)).toBe(
          isOpenAt(h, now, ZONE),
        );
      }),
    );
  });

  it('property: all seven week days is the same as no week-day list', () => {
    fc.assert(
      fc.property(arbClock, arbClock, arbInstant, (b, e, now) => {
        const times = [{ begin: b, end: e }];
        expect(isOpenAt(hours({ times, weekDays: [1, 2, 3, 4, 5, 6, 7] }), now, ZONE)).toBe(
          isOpenAt(hours({ times }), now, ZONE),
        );
      }),
    );
  });
});

describe('orderWindowOpen', () => {
  const created = macau('2024-05-03 12:00');

  it('0 is unlimited', () => {
    expect(orderWindowOpen(created, 0, macau('2030-01-01 00:00'))).toBe(true);
  });

  it('open until the duration has elapsed (end exclusive)', () => {
    expect(orderWindowOpen(created, 30, macau('2024-05-03 12:00'))).toBe(true);
    expect(orderWindowOpen(created, 30, macau('2024-05-03 12:29:59'))).toBe(true);
    expect(orderWindowOpen(created, 30, macau('2024-05-03 12:30'))).toBe(false);
    expect(orderWindowOpen(created, 30, macau('2024-05-04 12:00'))).toBe(false);
  });

  it('a clock behind the sheet, odd durations and unreadable dates do not block', () => {
    expect(orderWindowOpen(created, 30, macau('2024-05-03 11:00'))).toBe(true);
    expect(orderWindowOpen(created, -5, macau('2024-05-04 12:00'))).toBe(true);
    expect(orderWindowOpen(created, NaN, macau('2024-05-04 12:00'))).toBe(true);
    expect(orderWindowOpen(new Date(NaN), 30, macau('2024-05-04 12:00'))).toBe(true);
  });

  it('property: open exactly while now < created + duration', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        (minutes, offsetMs) => {
          const now = new Date(created.getTime() + offsetMs);
          expect(orderWindowOpen(created, minutes, now)).toBe(offsetMs < minutes * 60_000);
        },
      ),
    );
  });
});

describe('canPlaceOrder', () => {
  const nineToSix = hours({ times: [{ begin: '09:00', end: '18:00' }] });
  const noon = macau('2024-05-03 12:00');

  it('ok when open, without a sheet', () => {
    expect(canPlaceOrder({ hours: nineToSix, zone: ZONE, now: noon })).toEqual({ ok: true });
    expect(canPlaceOrder({ zone: ZONE, now: macau('2024-05-03 03:00') })).toEqual({ ok: true });
  });

  it('ok with an open sheet inside its window', () => {
    expect(
      canPlaceOrder({
        hours: nineToSix,
        zone: ZONE,
        now: noon,
        sheet: { Status: 1, CreatedDate: '2024-05-03 11:45:00' },
        webOrderDuration: 30,
      }),
    ).toEqual({ ok: true });
    expect(
      canPlaceOrder({
        hours: nineToSix,
        zone: ZONE,
        now: noon,
        sheet: { Status: 0, CreatedDate: '2024-05-03 09:00:00' },
        webOrderDuration: 0,
      }),
    ).toEqual({
      ok: true,
    });
  });

  it('closed outside the hours, with when it opens', () => {
    expect(canPlaceOrder({ hours: nineToSix, zone: ZONE, now: macau('2024-05-03 19:00') })).toEqual(
      {
        ok: false,
        reason: 'closed',
        opensAt: macau('2024-05-04 09:00'),
      },
    );
  });

  it('windowElapsed when WebOrderDuration minutes have passed since the sheet was created', () => {
    const sheet = { Status: 1, CreatedDate: '2024-05-03 11:30:00' };
    expect(
      canPlaceOrder({ hours: nineToSix, zone: ZONE, now: noon, sheet, webOrderDuration: 30 }),
    ).toEqual({ ok: false, reason: 'windowElapsed' });
    expect(
      canPlaceOrder({ hours: nineToSix, zone: ZONE, now: noon, sheet, webOrderDuration: '31' }),
    ).toEqual({ ok: true });
    expect(
      canPlaceOrder({ hours: nineToSix, zone: ZONE, now: noon, sheet, webOrderDuration: '' }),
    ).toEqual({ ok: true });
    expect(
      canPlaceOrder({ hours: nineToSix, zone: ZONE, now: noon, sheet, webOrderDuration: null }),
    ).toEqual({ ok: true });
    expect(
      canPlaceOrder({
        hours: nineToSix,
        zone: ZONE,
        now: noon,
        sheet: { Status: 1, CreatedDate: macau('2024-05-03 11:30') },
        webOrderDuration: 30,
      }),
    ).toEqual({ ok: false, reason: 'windowElapsed' });
  });

  it('the sheet CreatedDate is read in the shop zone', () => {
    // 11:45 Macau is 03:45 UTC; read as UTC it would be 8 hours later and in the window.
    const sheet = { Status: 1, CreatedDate: '2024-05-03 11:15:00' };
    expect(canPlaceOrder({ zone: ZONE, now: noon, sheet, webOrderDuration: 30 })).toEqual({
      ok: false,
      reason: 'windowElapsed',
    });
  });

  it('an unreadable CreatedDate does not block', () => {
    expect(
      canPlaceOrder({
        zone: ZONE,
        now: noon,
        sheet: { Status: 1, CreatedDate: 'garbage' },
        webOrderDuration: 30,
      }),
    ).toEqual({ ok: true });
    expect(
      canPlaceOrder({
        zone: ZONE,
        now: noon,
        sheet: { Status: 1, CreatedDate: null },
        webOrderDuration: 30,
      }),
    ).toEqual({ ok: true });
  });

  it('sheet Status 2 is closed/cancelled and 3 is paid, numbers or strings', () => {
    expect(canPlaceOrder({ zone: ZONE, now: noon, sheet: { Status: 2 } })).toEqual({
      ok: false,
      reason: 'sheetClosed',
    });
    expect(canPlaceOrder({ zone: ZONE, now: noon, sheet: { Status: '2' } })).toEqual({
      ok: false,
      reason: 'sheetClosed',
    });
    expect(canPlaceOrder({ zone: ZONE, now: noon, sheet: { Status: 3 } })).toEqual({
      ok: false,
      reason: 'sheetPaid',
    });
    expect(canPlaceOrder({ zone: ZONE, now: noon, sheet: { Status: '3' } })).toEqual({
      ok: false,
      reason: 'sheetPaid',
    });
    expect(canPlaceOrder({ zone: ZONE, now: noon, sheet: { Status: null } })).toEqual({ ok: true });
    expect(canPlaceOrder({ zone: ZONE, now: noon, sheet: null })).toEqual({ ok: true });
  });

  it('precedence: paid/closed sheet, then window, then hours', () => {
    const late = macau('2024-05-03 23:00');
    const old = '2024-05-01 10:00:00';
    expect(
      canPlaceOrder({
        hours: nineToSix,
        zone: ZONE,
        now: late,
        sheet: { Status: 3, CreatedDate: old },
        webOrderDuration: 30,
      }),
    ).toEqual({
      ok: false,
      reason: 'sheetPaid',
    });
    expect(
      canPlaceOrder({
        hours: nineToSix,
        zone: ZONE,
        now: late,
        sheet: { Status: 2, CreatedDate: old },
        webOrderDuration: 30,
      }),
    ).toEqual({
      ok: false,
      reason: 'sheetClosed',
    });
    expect(
      canPlaceOrder({
        hours: nineToSix,
        zone: ZONE,
        now: late,
        sheet: { Status: 1, CreatedDate: old },
        webOrderDuration: 30,
      }),
    ).toEqual({
      ok: false,
      reason: 'windowElapsed',
    });
  });

  it('handles overnight hours', () => {
    const late = hours({ times: [{ begin: '18:00', end: '02:00' }] });
    expect(canPlaceOrder({ hours: late, zone: ZONE, now: macau('2024-05-04 01:30') })).toEqual({
      ok: true,
    });
    expect(
      canPlaceOrder({ hours: late, zone: ZONE, now: macau('2024-05-04 02:30') }),
    ).toMatchObject({ ok: false, reason: 'closed' });
  });
});

describe('nextOpening', () => {
  const nineToSix = hours({ times: [{ begin: '09:00', end: '18:00' }] });

  it('is now when open now', () => {
    const now = macau('2024-05-03 12:34:56');
    expect(nextOpening(nineToSix, now, ZONE)).toEqual(now);
    expect(nextOpening(null, now, ZONE)).toEqual(now);
  });

  it('later today, or tomorrow', () => {
    expect(nextOpening(nineToSix, macau('2024-05-03 08:59:30'), ZONE)).toEqual(
      macau('2024-05-03 09:00'),
    );
    expect(nextOpening(nineToSix, macau('2024-05-03 18:00'), ZONE)).toEqual(
      macau('2024-05-04 09:00'),
    );
  });

  it('the next allowed week day', () => {
    expect(nextOpening({ ...nineToSix, weekDays: [1] }, macau('2024-05-03 12:00'), ZONE)).toEqual(
      macau('2024-05-06 09:00'),
    );
    // Whole-day week days open at midnight.
    expect(nextOpening(hours({ weekDays: [6] }), macau('2024-05-03 15:00'), ZONE)).toEqual(
      macau('2024-05-04 00:00'),
    );
  });

  it('overnight ranges: next Friday evening', () => {
    const fridayNights = hours({ times: [{ begin: '18:00', end: '02:00' }], weekDays: [5] });
    expect(nextOpening(fridayNights, macau('2024-05-04 03:00'), ZONE)).toEqual(
      macau('2024-05-10 18:00'),
    );
  });

  it('a date range starting later, aligned to its begin', () => {
    const h = {
      ...nineToSix,
      dateRanges: [{ begin: '2024-05-06 10:30', end: '2024-05-31 22:00' }],
    };
    expect(nextOpening(h, macau('2024-05-03 12:00'), ZONE)).toEqual(macau('2024-05-06 10:30'));
  });

  it('null when nothing opens within 8 days', () => {
    expect(
      nextOpening(
        hours({ dateRanges: [{ begin: '2024-05-20', end: '2024-05-21' }] }),
        macau('2024-05-03 12:00'),
        ZONE,
      ),
    ).toBeNull();
    expect(
      nextOpening(
        hours({ dateRanges: [{ begin: '2024-04-01', end: '2024-04-02' }] }),
        macau('2024-05-03 12:00'),
        ZONE,
      ),
    ).toBeNull();
    expect(
      nextOpening(
        hours({ dateRanges: [{ begin: '2024-05-11 11:00', end: '2024-05-12' }] }),
        macau('2024-05-03 12:00'),
        ZONE,
      ),
    ).toEqual(macau('2024-05-11 11:00'));
  });

  it('property: the result is open and nothing before it (minute by minute) is', () => {
    const arbClock = fc.integer({ min: 0, max: 1439 }).map(clock);
    const arbDays = fc
      .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })
      .map((d) => d as WeekDay[]);
    const arbNow = fc
      .record({
        minute: fc.integer({ min: 0, max: 60 * 24 * 365 }),
        seconds: fc.integer({ min: 0, max: 59 }),
      })
      .map(
        ({ minute, seconds }) =>
          new Date(macau('2024-01-01 00:00').getTime() + minute * 60_000 + seconds * 1000),
      );
    fc.assert(
      fc.property(
        fc.array(fc.record({ begin: arbClock, end: arbClock }), { minLength: 1, maxLength: 2 }),
        arbDays,
        arbNow,
        (times, weekDays, now) => {
          const h = hours({ times, weekDays });
          const found = nextOpening(h, now, ZONE);
          // With a week-day list and non-empty ranges the shop opens within a week.
          expect(found).not.toBeNull();
          const at = found as Date;
          expect(isOpenAt(h, at, ZONE)).toBe(true);
          if (at.getTime() === now.getTime()) return;
          expect(isOpenAt(h, now, ZONE)).toBe(false);
          const firstMinute = Math.floor(now.getTime() / 60_000) * 60_000 + 60_000;
          for (let t = firstMinute; t < at.getTime(); t += 60_000) {
            if (isOpenAt(h, new Date(t), ZONE))
              throw new Error(`open earlier at ${new Date(t).toISOString()}`);
          }
          expect(at.getTime() % 60_000).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('hoursOfDay: the day\'s hours as a customer reads them (issue 23)', () => {
  test('one range, several ranges in order, all day', () => {
    expect(hoursOfDay(hours({ times: [{ begin: '11:00', end: '22:00' }] }), macau('2024-05-03 09:00'), ZONE)).toEqual({ allDay: false, ranges: [{ begin: '11:00', end: '22:00' }] });
    expect(
      hoursOfDay(hours({ times: [{ begin: '17:00', end: '22:00' }, { begin: '11:00', end: '14:30' }] }), macau('2024-05-03 12:00'), ZONE),
    ).toEqual({ allDay: false, ranges: [{ begin: '11:00', end: '14:30' }, { begin: '17:00', end: '22:00' }] });
    expect(hoursOfDay(ALWAYS_OPEN, macau('2024-05-03 12:00'), ZONE)).toEqual({ allDay: true });
    expect(hoursOfDay(hours({ times: [{ begin: '00:00', end: '23:59' }] }), macau('2024-05-03 12:00'), ZONE)).toEqual({ allDay: true });
    expect(hoursOfDay(null, macau('2024-05-03 12:00'), ZONE)).toEqual({ allDay: true });
    expect(rangesText([{ begin: '11:00', end: '14:30' }, { begin: '17:00', end: '24:00' }])).toBe('11:00–14:30, 17:00–24:00');
    expect(hoursOfDay(hours({ times: [{ begin: '10:00', end: '23:59' }] }), macau('2024-05-03 12:00'), ZONE)).toEqual({ allDay: false, ranges: [{ begin: '10:00', end: '24:00' }] });
  });

  test('closed on a week day it does not open, and outside its date ranges', () => {
    // 2024-05-03 is a Friday (5).
    const weekdays = hours({ times: [{ begin: '11:00', end: '22:00' }], weekDays: [1, 2, 3, 4] });
    expect(hoursOfDay(weekdays, macau('2024-05-03 12:00'), ZONE)).toEqual({ allDay: false, ranges: [] });
    expect(hoursOfDay(weekdays, macau('2024-05-02 12:00'), ZONE)).toEqual({ allDay: false, ranges: [{ begin: '11:00', end: '22:00' }] });
    const past = hours({ times: [{ begin: '11:00', end: '22:00' }], dateRanges: [{ begin: '2024-03-01 00:00', end: '2024-04-01 00:00' }] });
    expect(hoursOfDay(past, macau('2024-05-03 12:00'), ZONE)).toEqual({ allDay: false, ranges: [] });
    // A date range that begins later today: today's hours still show.
    const fromNoon = hours({ times: [{ begin: '11:00', end: '22:00' }], dateRanges: [{ begin: '2024-05-03 15:00', end: '2024-06-01 00:00' }] });
    expect(hoursOfDay(fromNoon, macau('2024-05-03 09:00'), ZONE)).toEqual({ allDay: false, ranges: [{ begin: '11:00', end: '22:00' }] });
  });

  test('an overnight range is the evening it begins; after midnight, last night\'s hours are today\'s', () => {
    const late = hours({ times: [{ begin: '18:00', end: '02:00' }] });
    expect(hoursOfDay(late, macau('2024-05-03 12:00'), ZONE)).toEqual({ allDay: false, ranges: [{ begin: '18:00', end: '02:00' }] });
    expect(hoursOfDay(late, macau('2024-05-04 01:00'), ZONE)).toEqual({ allDay: false, ranges: [{ begin: '18:00', end: '02:00' }] });
    // Friday nights only: on Saturday at 01:00 it is still Friday's night; on Saturday at noon, closed.
    const friday = hours({ times: [{ begin: '18:00', end: '02:00' }], weekDays: [5] });
    expect(hoursOfDay(friday, macau('2024-05-04 01:00'), ZONE)).toEqual({ allDay: false, ranges: [{ begin: '18:00', end: '02:00' }] });
    expect(hoursOfDay(friday, macau('2024-05-04 12:00'), ZONE)).toEqual({ allDay: false, ranges: [] });
  });
});
