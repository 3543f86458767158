/**
 * The back office's reports (issue 27 section 4), written once for the
 * service (server/http/staffReports.ts, operations/backOffice/reports.ts)
 * and the staff program (staff/backOffice/reports).
 *
 *   GET /staff/reports/sales?baseId=…&from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv]
 *
 * Days are the outlet's (its time zone, else the enterprise's), `to`
 * included. Amounts are decimal strings with the enterprise's money
 * decimals, summed exactly from the sheets' stored amounts. A sale is a sheet
 * paid (online, by balance, or at the counter when it was checked out) and
 * not refunded; a cancellation is a sheet closed unpaid or refunded; a void
 * is a line taken off a bill (sheet_item.voided_at), counted on every sheet
 * of the range. Owners and managers (a manager: their outlets only).
 */
import { z } from 'zod';

/** The longest range a report covers, in days. */
export const REPORT_MAX_DAYS = 366;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a date');

/** Days between two YYYY-MM-DD dates (to - from). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const reportQuery = z
  .object({
    baseId: z.string().trim().min(1, 'baseId is required').max(64),
    from: isoDate,
    to: isoDate,
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: 'the range ends before it starts', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < REPORT_MAX_DAYS, { message: `at most ${REPORT_MAX_DAYS} days`, path: ['to'] });

export const TAKE_TYPES = ['dinein', 'pickup', 'delivery'] as const;
/** How a sale was paid: a balance or third-party payment, or at the counter (checked out without one). */
export const PAY_METHODS = ['balance', 'sandbox', 'counter'] as const;

const money = z.string();
const row = z.object({ orders: z.number().int(), sales: money });

export const reportAnswer = z.object({
  baseId: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** Money decimals of the enterprise (amounts carry them). */
  amoPoint: z.number().int(),
  totals: z.object({
    orders: z.number().int(),
    /** What the sales' sheets total (their total_amo: service included). */
    sales: money,
    service: money,
    discount: money,
    coupon: money,
    fee: money,
    averageTicket: money,
    cancelled: z.object({ orders: z.number().int(), amount: money }),
    voids: z.object({ lines: z.number().int(), amount: money }),
    topUps: z.object({ count: z.number().int(), amount: money, gift: money }),
    /** Every member's balance now: what the enterprise owes its members. */
    balanceOwed: money,
  }),
  byDay: z.array(row.extend({ day: z.string(), service: money })),
  byHour: z.array(row.extend({ hour: z.number().int().min(0).max(23) })),
  byOutlet: z.array(row.extend({ baseId: z.string(), name: z.string(), service: money })),
  byGoods: z.array(z.object({ goodsId: z.string(), name: z.string(), qua: z.string(), amount: money })),
  byTakeType: z.array(row.extend({ takeType: z.enum(TAKE_TYPES) })),
  byPayment: z.array(row.extend({ method: z.enum(PAY_METHODS) })),
});

export type ReportQuery = z.output<typeof reportQuery>;
export type SalesReport = z.output<typeof reportAnswer>;

/** The routes, for shared/protocol/staff.ts's route table (plain objects: this file does not import staff.ts back). */
export const staffReportRoutes = {
  /** JSON; with format=csv the same figures as text/csv (one row per figure: section,key,label,orders,quantity,amount,service). */
  'GET /staff/reports/sales': { query: reportQuery, answer: reportAnswer },
} as const;
