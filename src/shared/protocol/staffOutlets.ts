/**
 * The back office's outlets, tables and their codes (issue 27 section 2),
 * written once for the service (server/http/staffOutlets.ts) and the staff
 * program (src/staff/backOffice/outlets): spread into STAFF_ROUTES.
 *
 *   GET    /staff/tables?baseId=…              the outlet's tables with their codes and links
 *   POST   /staff/tables {"baseId","name"}     adds a table (a fresh random code)
 *   PATCH  /staff/tables/:id {"name"}          renames it
 *   DELETE /staff/tables/:id                   removes it (409 while it has an open sheet); its code stops working
 *   POST   /staff/tables/:id/rotate-code       a new code; the old one stops working at once
 *   GET    /staff/outlets/:baseId              the outlet's settings with their version
 *   PATCH  /staff/outlets/:baseId {"version", ...}  saves them; 409 {"error", "outlet"} when
 *          someone saved since `version` (the fresh values in "outlet")
 *
 * Not JSON, so beside this table (http/staffOutlets.ts, same access table):
 *   GET /staff/tables/:id/code.svg, /staff/tables/:id/code.png   one table's code (sticker printers)
 *   GET /staff/outlets/:baseId/qr-sheet                          the outlet's A4 PDF of codes
 *
 * The rules a form must pass (time ranges, the delivery polygon, the
 * percentages, money) are shared/domain/outletSettings.ts: the staff
 * program checks them before sending, the service again before saving.
 */
import { z } from 'zod';
import { WEEK_DAYS } from '../domain/outletSettings';
import type { StaffRouteTable } from './staff';

const id = z.string().trim().min(1).max(64);
const tableName = z.string().trim().min(1).max(30);

export const staffTableSchema = z.object({
  tableId: z.string(),
  baseId: z.string(),
  name: z.string(),
  /** The code the table's QR carries (unguessable: knowing it is sitting at the table). */
  code: z.string(),
  /** What the QR code opens: the app at this table. */
  link: z.string(),
  seats: z.number().int(),
  /** The table has an order under way (it cannot be removed). */
  openSheet: z.boolean(),
  codeRotatedAt: z.string().nullable(),
});

const timeRange = z.object({ begin: z.string().max(5), end: z.string().max(5) });

export const outletHoursSchema = z.object({
  /** Each week day's ranges (ISO: Monday 1 ... Sunday 7); none: closed that day. An end before the begin runs past midnight. */
  days: z.object(Object.fromEntries(WEEK_DAYS.map((d) => [String(d), z.array(timeRange).max(6)])) as Record<`${(typeof WEEK_DAYS)[number]}`, z.ZodArray<typeof timeRange>>),
  /** Closed dates (holidays), "YYYY-MM-DD" in the outlet's zone. */
  closedDates: z.array(z.string().max(10)).max(366),
});

const deliveryZone = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('radius'), km: z.number() }),
  /** [lat, lng] each; the last point joins the first. */
  z.object({ kind: z.literal('polygon'), points: z.array(z.tuple([z.number(), z.number()])).max(200) }),
]);

/** What the outlet's form edits. Money in the currency's units (MOP 12.5 is 12.5). */
export const outletSettingsBody = z.object({
  address: z.string().max(200),
  addressTw: z.string().max(200),
  addressEn: z.string().max(200),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** IANA zone ('' the enterprise's). */
  timeZone: z.string().max(64),
  hours: outletHoursSchema,
  /** Ways of ordering: 0 every way, 1 takeaway and delivery, 2 dine-in only. */
  businessMode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  payMode: z.enum(['prepay', 'postpay']),
  /** Minutes a table's sheet takes orders after it opens; 0 without limit. */
  webOrderMinutes: z.number(),
  delivery: z.object({
    /** The outlet delivers (it has a freight rule); off: the rest is kept but unused. */
    enabled: z.boolean(),
    zone: deliveryZone,
    fee: z.number(),
    minAmount: z.number(),
    /** Orders at or above this pay no freight; null: never free. */
    freeAbove: z.number().nullable(),
  }),
  /** 0-30, up to 2 decimals (stored as basis points). */
  serviceChargePercent: z.number(),
  /** Offer a tip at payment (base.tip_enabled; never preselected for the customer). Absent: unchanged. */
  tipEnabled: z.boolean().optional(),
});

export const outletSettingsSchema = outletSettingsBody.extend({
  tipEnabled: z.boolean(),
  baseId: z.string(),
  name: z.string(),
  version: z.number().int(),
});

const baseIdParams = z.object({ baseId: id });

export const staffOutletRoutes = {
  'GET /staff/tables': { query: z.object({ baseId: id }), answer: z.object({ tables: z.array(staffTableSchema) }) },
  'POST /staff/tables': { body: z.object({ baseId: id, name: tableName }), answer: z.object({ table: staffTableSchema }) },
  'PATCH /staff/tables/:id': { params: z.object({ id }), body: z.object({ name: tableName }), answer: z.object({ table: staffTableSchema }) },
  'DELETE /staff/tables/:id': { params: z.object({ id }), answer: z.object({ tableId: z.string(), removed: z.literal(true) }) },
  'POST /staff/tables/:id/rotate-code': { params: z.object({ id }), answer: z.object({ table: staffTableSchema }) },
  'GET /staff/outlets/:baseId': { params: baseIdParams, answer: z.object({ outlet: outletSettingsSchema }) },
  'PATCH /staff/outlets/:baseId': {
    params: baseIdParams,
    body: outletSettingsBody.extend({ version: z.number().int().min(1) }),
    answer: z.object({ outlet: outletSettingsSchema }),
  },
} satisfies StaffRouteTable;

export type StaffTableJson = z.output<typeof staffTableSchema>;
export type OutletSettingsJson = z.output<typeof outletSettingsSchema>;
export type OutletSettingsInput = z.output<typeof outletSettingsBody>;
export type OutletHours = z.output<typeof outletHoursSchema>;
export type DeliveryZone = z.output<typeof deliveryZone>;

/** The non-JSON routes (served beside the table, with its access check). */
export const STAFF_OUTLET_FILES = {
  tableSvg: '/staff/tables/:id/code.svg',
  tablePng: '/staff/tables/:id/code.png',
  qrSheet: '/staff/outlets/:baseId/qr-sheet',
} as const;

/** A table's link: the app opened at the table (what its QR code carries). */
export const tableLink = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/#/?QRCode=${encodeURIComponent(code)}`;
