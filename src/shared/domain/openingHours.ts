/**
 * Opening hours and the order-placement guard (SPEC section 4).
 *
 * "Order placement is allowed only if: the shop is within business hours
 * (overnight ranges handled); the web order window (WebOrderDuration
 * minutes; 0 unlimited) has not elapsed since sheet creation; sheet Status
 * is not 2 or 3. Otherwise the user is redirected to orderEntry."
 *
 * ## The stored shape
 *
 * The service stores a base's opening hours as the base parameter
 * `OpeningHours` (SysParm_BaseParmGet_Get), a JSON text:
 *
 * ```json
 * {
 *   "times":      [{ "begin": "HH:mm", "end": "HH:mm" }],
 *   "weekDays":   [1, 2, 3, 4, 5, 6, 7],
 *   "dateRanges": [{ "begin": "YYYY-MM-DD HH:mm", "end": "YYYY-MM-DD HH:mm" }]
 * }
 * ```
 *
 * An empty (or missing) array means no restriction of that kind; all three
 * empty means always open. The shop is open at an instant when
 * - `dateRanges` is empty or the instant lies in one of them, and
 * - some entry of `times` (an empty `times` counts as one all-day range)
 *   covers the minute of the day, on a day that `weekDays` allows (empty:
 *   every day). Week days are ISO: Monday 1 ... Sunday 7.
 *
 * The base's plain `BeginTime` / `EndTime` are one daily range
 * ({@link openingHoursFromBase}); a JSON object `{"BeginTime", "EndTime"}`
 * is read the same way by {@link parseOpeningHours}.
 *
 * ## Time ranges
 * - Times are wall-clock minutes in the shop's IANA time zone, passed
 *   explicitly (e.g. 'Asia/Macau'); never the device's zone.
 * - **begin inclusive, end exclusive**: 09:00-18:00 is open at 09:00 and at
 *   17:59, closed at 18:00. Resolution is the minute (17:59:59 is 17:59).
 * - Always open: an empty range (both ends empty), 00:00-00:00, 00:00-23:59,
 *   and generally begin equal to end (a 24-hour range). An end of 23:59
 *   means the end of the day (10:00-23:59 is open at 23:59), matching the
 *   SPEC's 00:00-23:59 form; "24:00" is also accepted as an end.
 * - An end earlier than the begin crosses midnight: 18:00-02:00 is open
 *   18:00-23:59 and 00:00-01:59. For the week-day check the after-midnight
 *   part belongs to the day the range began: with weekDays [5] (Friday) it
 *   is open on Saturday at 01:00 but not on Friday at 01:00.
 * - A missing begin is 00:00, a missing end the end of the day.
 *
 * ## Date-time ranges
 * `YYYY-MM-DD HH:mm` in the shop's zone (also `YYYY/MM/DD`, seconds, a `T`
 * separator, or a date alone). Begin inclusive, end exclusive, compared as
 * instants; an end given as a date alone, or at 23:59, runs to the end of
 * that day.
 *
 * ## Tolerance
 * {@link parseOpeningHours} never throws: an empty text means always open
 * (valid); text that is not JSON, or JSON of another shape, also means
 * always open, with `valid: false`; a malformed entry is dropped and
 * reported, the rest kept. The service owns the truth (it refuses orders
 * itself); the app's check only spares the customer a doomed order.
 */
export { DEFAULT_SHOP_ZONE, NEXT_OPENING_HORIZON_DAYS, ALWAYS_OPEN, outletZone } from './openingHours/types';
export type { WeekDay, TimeRange, DateTimeRange, OpeningHours, ParsedOpeningHours } from './openingHours/types';
export { parseClock, isAlwaysOpenRange, isWithinTimeRange } from './openingHours/clock';
export { parseShopDateTime } from './openingHours/shopDateTime';
export { parseOpeningHours, openingHoursFromBase, resolveOpeningHours } from './openingHours/read';
export { isOpenAt, orderWindowOpen, canPlaceOrder, nextOpening } from './openingHours/check';
export type { OrderBlockReason, CanPlaceOrderResult, CanPlaceOrderInput } from './openingHours/check';
export { hoursOfDay, rangesText } from './openingHours/today';
export type { DayHours } from './openingHours/today';
