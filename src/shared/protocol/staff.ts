/**
 * The staff API as one table (issue 25): every JSON route under /staff/ that
 * the staff program calls, keyed by its method and path, with the zod schemas
 * of its path parameters, query, body and answer. The service validates
 * bodies (and, under tests or CHECK_RESULTS=1, its answers) from this table
 * (server/http/staffRoute.ts); the staff program's client (src/staff/api.ts)
 * is typed from it with type-only imports, so zod stays out of its bundle.
 * Renaming a field here breaks tsc on both sides.
 *
 * Adding a route is one entry. Declare its schemas in the file of its area
 * (src/shared/protocol/staff<Area>.ts: staffPrinters.ts, staffAccounts.ts,
 * staffBackOffice.ts...) with `staffRoute`, and spread that area's table
 * into STAFF_ROUTES below:
 *
 *   // src/shared/protocol/staffPrinters.ts
 *   export const STAFF_PRINTER_ROUTES = {
 *     'POST /staff/printers/:id/test': staffRoute({ params: idParams, answer: z.object({ queued: z.boolean() }) }),
 *   } satisfies StaffRouteTable;
 *
 *   // here
 *   export const STAFF_ROUTES = { ...KITCHEN_ROUTES, ...STAFF_PRINTER_ROUTES } satisfies StaffRouteTable;
 *
 * then serve it with `serveStaffRoute(app, 'POST /staff/printers/:id/test', handler)` (the handler's
 * answer is typed from the entry) and call it from the staff program with
 * `call('POST /staff/printers/:id/test', { params: { id } })`.
 *
 * Errors are {"error": "..."} with 400 (bad input), 401 (no or wrong token),
 * 404 (no such thing), 409 (not allowed in its state), 502 (a provider could
 * not be asked). The live stream (GET /staff/events) is not JSON: its frames
 * are shared/protocol/live.ts.
 */
import { z } from 'zod';
import { PROGRESS } from '../domain/orderStates';
import { KITCHEN_STATES } from '../domain/rounds';
import { staffAccountRoutes } from './staffAccounts';
import { staffBoardRoutes } from './staffBoard';
import { staffFixRoutes } from './staffFix';
import { staffMenuRoutes } from './staffMenu';
import { staffMenuExtrasRoutes } from './staffMenuExtras';
import { staffAllergenRoutes } from './staffAllergens';
import { staffOutletRoutes } from './staffOutlets';
import { staffKitchenRoutes } from './staffKitchen';
import { staffLoyaltyRoutes } from './staffLoyalty';
import { staffPrinterRoutes } from './staffPrinters';
import { staffReportRoutes } from './staffReports';
import { staffCallRoutes } from './staffCalls';
import { staffTableCartRoutes } from './staffTableCart';

/** A route of the table: its method and path ('/staff/sheets/:id/close'). */
export type StaffRouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /staff/${string}`;

/** A route's schemas: path parameters, query and body when it has them, and always its answer. */
export interface StaffRouteSpec<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
> {
  params?: P;
  query?: Q;
  body?: B;
  answer: A;
}

export type StaffRouteTable = Record<StaffRouteKey, StaffRouteSpec>;

/** One entry of the table (keeps each schema's own type, and which of params, query and body it has). */
export function staffRoute<const S extends StaffRouteSpec>(spec: S): S {
  return spec;
}

// ---- The pieces --------------------------------------------------------------

/** A path's id (a sheet's, goods', sku's). */
export const idParams = z.object({ id: z.string().trim().min(1).max(64) });

/** The counter's list: default and largest number of sheets. */
export const STAFF_LIST_LIMIT = 100;
export const STAFF_LIST_MAX = 200;

/** A line of an order, in the staff's language. */
export const staffItemSchema = z.object({
  /** The line's number on its sheet (sheet_item.item_id): what per-item done, voids and splits name. */
  itemId: z.number(),
  goodsId: z.string(),
  roundNo: z.number(),
  goodsName: z.string(),
  skuItems: z.string(),
  pUnit: z.string(),
  qua: z.string(),
  pQua: z.string(),
  mQua: z.string(),
  amo: z.string(),
  /** Voided by staff (issue 26 section 5): shown struck through, out of the totals; voidReason in the caller's language. */
  voided: z.boolean(),
  voidReason: z.string(),
  /** Its bundle parts, add-ons and remarks as JSON (orderStates.ts detailWords reads it). */
  detail: z.string(),
  /** The kitchen stations it goes to (its goods' own, else its class's; staffKitchen.ts). */
  stationIds: z.array(z.string()),
  /** When a cook marked it done ('' not done). */
  doneAt: z.string(),
});

/** A round of ordering on a sheet: its own kitchen state and remark (a pickup or delivery order has one). */
export const staffRoundSchema = z.object({
  roundNo: z.number(),
  progress: z.enum(PROGRESS),
  kitchenState: z.enum(KITCHEN_STATES),
  remark: z.string(),
  createdAt: z.string(),
  /** When it last moved ('' never). */
  movedAt: z.string(),
  /** Withdrawn by the table (sheet_round.withdrawn_at): shown struck through. */
  withdrawn: z.boolean(),
  /** When the kitchen received it (its sending; a pay-first order's payment): the timers start there. */
  receivedAt: z.string(),
  /** The stations where its ticket is bumped (not recalled). */
  bumped: z.array(z.string()),
  /** Issue 29: the allergens the customer's menu filter avoided (shared/domain/diet.ts names): the ALLERGY banner ([] or absent: none). */
  allergens: z.array(z.string()).optional(),
});

/** A sheet as the staff see it (operations/orders/staffSheets.ts sheetJson). */
/** Issue 28: one payment of a sheet as staff see it. */
export const staffPaymentSchema = z.object({
  payId: z.string(),
  /** 'balance' | 'sandbox' */
  payType: z.string(),
  /** 'pending' | 'paid' | 'refunded' */
  status: z.string(),
  /** What the payer paid, tip included. */
  amount: z.string(),
  tipAmo: z.string(),
  /** '' the whole sheet; 'rest' | 'share' | 'amount' | 'units' (payments/split.ts). */
  part: z.string(),
  /** When it was started, and when paid ('' not paid), ISO seconds UTC. */
  createdAt: z.string().optional(),
  paidAt: z.string().optional(),
  /** A share payment: shareN of shareOf even shares (0 otherwise). */
  shareN: z.number().optional(),
  shareOf: z.number().optional(),
  /** A units payment: the units of each line it covers (the sheet's items by itemId). */
  units: z.array(z.object({ itemId: z.number(), qua: z.number() })).optional(),
  /**
   * Who paid: 'member' (payerName their name, else '' with payerPhone masked: 66****56), 'guest', or '' not
   * known. Only the counter's roles (owner, manager, cashier) and the automation key are told the member's
   * name and phone; the kitchen's get them blank.
   */
  payer: z.enum(['member', 'guest', '']).optional(),
  payerName: z.string().optional(),
  payerPhone: z.string().optional(),
});

export const staffSheetSchema = z.object({
  sheetId: z.string(),
  baseId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  posType: z.number(),
  businessMode: z.string(),
  /** 'pickup' | 'delivery' | 'dinein' */
  takeType: z.string(),
  /** 'prepay' | 'postpay' */
  payMode: z.string(),
  status: z.number(),
  payStatus: z.number(),
  isPayLater: z.boolean(),
  progress: z.enum(PROGRESS),
  /** What the customer sees (orderStates.ts displayState). */
  displayState: z.string(),
  totalAmo: z.string(),
  feeAmo: z.string(),
  bagAmo: z.string(),
  couponAmo: z.string(),
  custName: z.string(),
  custPhone: z.string(),
  address: z.string(),
  takeTime: z.string(),
  remark: z.string(),
  roundCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A pickup or delivery order's number of its outlet's day ('023'); '' for a table's (issue 26 section 4). */
  pickupNo: z.string(),
  /** Issue 28: the goods (lines not voided, after item discounts) and the item discounts, as the receipt shows them. */
  salesAmo: z.string().optional(),
  disAmo: z.string().optional(),
  /** The outlet's service charge in basis points (1000 = 10 %) when it is what serviceAmo was computed with, else absent. */
  serviceBp: z.number().optional(),
  /** Issue 28: the service charge (part of totalAmo), tips (not), what is paid and what is left. */
  serviceAmo: z.string().optional(),
  tipAmo: z.string().optional(),
  paidAmo: z.string().optional(),
  restAmo: z.string().optional(),
  /** What pending payments are covering now (not paid yet, not left to pay either). */
  pendingAmo: z.string().optional(),
  /** Every payment of the sheet (a table's bill may be split): pending, paid or refunded. */
  payments: z.array(staffPaymentSchema).optional(),
});

/** A sheet of the counter's list: its rounds, each beside its own lines, and all its lines. */
export const staffListedSheetSchema = staffSheetSchema.extend({
  rounds: z.array(staffRoundSchema.extend({ items: z.array(staffItemSchema) })),
  items: z.array(staffItemSchema),
});

const paymentEnd = z.enum(['paid', 'cancelled']);

export const staffMemberSchema = z.object({
  VipID: z.string(),
  /** '' until the member sets a name: shown as "Member {Phone}" (shared/domain/memberName.ts). */
  VipName: z.string(),
  VipCode: z.string(),
  /** The member's phone, masked (66****56); '' without one. */
  Phone: z.string(),
  Balance: z.string(),
  Score: z.string(),
});

export const staffOutletSchema = z.object({ baseId: z.string(), name: z.string(), nameTw: z.string(), nameEn: z.string(), shopName: z.string() });

export const staffGoodsSchema = z.object({
  goodsId: z.string(),
  code: z.string(),
  name: z.string(),
  nameTw: z.string(),
  nameEn: z.string(),
  soldOut: z.boolean(),
  /** spec: the sku's values' names in the caller's language, e.g. ["Large", "Iced"]. */
  skus: z.array(z.object({ skuId: z.string(), skuItems: z.string(), spec: z.array(z.string()), soldOut: z.boolean() })),
});

const soldOutBody = z.object({ soldOut: z.boolean() });

// ---- The kitchen and the counter (server/http/staff.ts, staffScreen.ts) -------------

export const KITCHEN_ROUTES = {
  /** The counter's list, newest first; texts in the caller's language (Accept-Language). */
  'GET /staff/sheets': staffRoute({
    query: z.object({
      baseId: z.string().trim().min(1, 'baseId is required').max(64),
      status: z.coerce.number().int().min(0).max(3).optional(),
      limit: z.coerce.number().int().min(1).max(STAFF_LIST_MAX).optional(),
      /** Only these sheets, comma-separated (the kitchen's screens read the ones live events named). */
      sheetIds: z.string().trim().min(1).max(4000).optional(),
    }),
    answer: z.object({ sheets: z.array(staffListedSheetSchema) }),
  }),
  /** Moves one round forward (without "round": the sheet's only round); 409 backward or closed. */
  'POST /staff/sheets/:id/progress': staffRoute({
    params: idParams,
    body: z.object({ progress: z.enum(PROGRESS), round: z.number().int().min(1).max(10_000).optional() }),
    answer: z.object({ changed: z.boolean(), round: staffRoundSchema, sheet: staffSheetSchema }),
  }),
  /** Closes an open sheet: checked out when paid (online or at the counter), else closed unpaid. */
  'POST /staff/sheets/:id/close': staffRoute({
    params: idParams,
    body: z.object({ paidAtCounter: z.boolean().optional(), force: z.boolean().optional() }).optional(),
    answer: z.object({ payment: paymentEnd.nullable(), sheet: staffSheetSchema }),
  }),
  /** Ends the sheet's pending payment, the provider asked first. */
  'POST /staff/sheets/:id/cancel-payment': staffRoute({
    params: idParams,
    answer: z.object({ payment: paymentEnd, sheet: staffSheetSchema }),
  }),
  'POST /staff/goods/:id/sold-out': staffRoute({
    params: idParams,
    body: soldOutBody,
    answer: z.object({ goodsId: z.string(), soldOut: z.boolean() }),
  }),
  'POST /staff/skus/:id/sold-out': staffRoute({
    params: idParams,
    body: soldOutBody,
    answer: z.object({ skuId: z.string(), goodsId: z.string(), soldOut: z.boolean() }),
  }),
  /** The member behind a scanned member code of the current or the previous minute; 404 for any other. */
  'GET /staff/members/by-code/:code': staffRoute({
    params: z.object({ code: z.string().trim().min(1).max(80) }),
    answer: z.object({ member: staffMemberSchema }),
  }),
  /** The outlets to choose from at sign-in. */
  'GET /staff/outlets': staffRoute({ answer: z.object({ outlets: z.array(staffOutletSchema) }) }),
  /** The outlet's goods with their skus and sold-out marks; 404 for no such outlet. */
  'GET /staff/goods': staffRoute({
    query: z.object({ baseId: z.string().default('') }),
    answer: z.object({ goods: z.array(staffGoodsSchema) }),
  }),
} satisfies StaffRouteTable;

/** Every staff route. Other areas' tables are spread in here, one line each. */
export const STAFF_ROUTES = {
  ...KITCHEN_ROUTES,
  ...staffPrinterRoutes,
  ...staffAccountRoutes,
  ...staffBoardRoutes,
  ...staffFixRoutes,
  ...staffMenuRoutes,
  ...staffMenuExtrasRoutes,
  ...staffAllergenRoutes,
  ...staffOutletRoutes,
  ...staffKitchenRoutes,
  ...staffReportRoutes,
  ...staffLoyaltyRoutes,
  ...staffCallRoutes,
  ...staffTableCartRoutes,
} satisfies StaffRouteTable;

// ---- Types from the table -----------------------------------------------------

export type StaffRoutes = typeof STAFF_ROUTES;
export type StaffPath = keyof StaffRoutes;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a route answers. */
export type StaffAnswer<K extends StaffPath> = z.output<StaffRoutes[K]['answer']>;
/** A route's parsed path parameters, query and body, as its handler receives them. */
export type StaffParams<K extends StaffPath> = StaffRoutes[K] extends { params: infer P } ? Out<P> : undefined;
export type StaffQuery<K extends StaffPath> = StaffRoutes[K] extends { query: infer Q } ? Out<Q> : undefined;
export type StaffBody<K extends StaffPath> = StaffRoutes[K] extends { body: infer B } ? Out<B> : undefined;

/** What a caller gives a route: only the parts it has (the body as it is sent, before defaults). */
export type StaffArgs<K extends StaffPath> = (StaffRoutes[K] extends { params: infer P } ? { params: In<P> } : { params?: undefined }) &
  (StaffRoutes[K] extends { query: infer Q } ? { query: In<Q> } : { query?: undefined }) &
  (StaffRoutes[K] extends { body: infer B } ? { body: In<B> } : { body?: undefined });

export type StaffSheetJson = z.output<typeof staffSheetSchema>;
export type StaffRoundJson = z.output<typeof staffRoundSchema>;
export type StaffItemJson = z.output<typeof staffItemSchema>;
export type StaffListedSheetJson = z.output<typeof staffListedSheetSchema>;
export type StaffSheetsAnswer = StaffAnswer<'GET /staff/sheets'>;
export type StaffMemberJson = z.output<typeof staffMemberSchema>;
export type StaffOutletJson = z.output<typeof staffOutletSchema>;
export type StaffGoodsJson = z.output<typeof staffGoodsSchema>;

