/**
 * Time and amounts as both programs show them: a clock time on 24 hours (an
 * order's pickup time on the kitchen's card, the app's orders) and an amount
 * at fixed decimals, rounded half up as the service rounds
 * (shared/domain/numbers, which also puts the enterprise's currency symbol on
 * it where the app knows the enterprise).
 */
import { formatNumber } from '../shared/domain/numbers';

/** Options for Intl's time formatting: 14:05, in every locale. */
export const CLOCK: Readonly<Intl.DateTimeFormatOptions> = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Options for a day and its time: 25 Nov, 14:05. */
export const DAY_AND_CLOCK: Readonly<Intl.DateTimeFormatOptions> = { month: 'short', day: 'numeric', ...CLOCK };

/** An amount (a balance, a total) at `decimals` places, grouped the locale's way: 1,234.50. */
export function amountText(value: number | string, locale: string, decimals = 2): string {
  return formatNumber(value, decimals, locale);
}
