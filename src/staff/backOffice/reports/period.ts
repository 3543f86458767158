/** The report's periods: today, the last 7 days, the last 30 days (each ending today) or a chosen range, in the outlet's days. */
export type Period = 'today' | 'week' | 'month' | 'range';

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The first and last day of a period ending today. */
export function periodRange(period: Exclude<Period, 'range'>, today: string): { from: string; to: string } {
  const back = { today: 0, week: 6, month: 29 }[period];
  return { from: addDays(today, -back), to: today };
}

/** What is wrong with a chosen range: null when it makes sense. */
export function rangeProblem(from: string, to: string, maxDays: number): 'missing' | 'order' | 'long' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'missing';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (Number.isNaN(days)) return 'missing';
  if (days < 0) return 'order';
  if (days >= maxDays) return 'long';
  return null;
}
