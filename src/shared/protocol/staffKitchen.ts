/**
 * The kitchen's stations and the expo (issue 26 section 2): per-item done,
 * bump, recall, the timers' thresholds. Served by server/http/staffKitchen.ts
 * (operations/orders/kitchenStations.ts); spread into STAFF_ROUTES.
 *
 * A line's stations (staffItemSchema.stationIds) are those fed by its goods'
 * class, or the goods' own stations when it has some at the outlet (the
 * override). A ticket is a round of a sheet at one station; bumping it marks
 * its lines done and takes it off the station's screen; a recall brings it
 * back. Thresholds are seconds since the kitchen received the order (amber,
 * red), per outlet and way of ordering; default 300 and 480.
 */
import { z } from 'zod';
import { TAKE_TYPES } from '../domain/kitchenTimers';

// Not importing values from ./staff (it imports this file): the entries are plain objects.
const idParams = z.object({ id: z.string().trim().min(1).max(64) });

export { DEFAULT_AMBER_S, DEFAULT_RED_S, RECALL_LIMIT, TAKE_TYPES } from '../domain/kitchenTimers';

export const kitchenThresholdSchema = z.object({
  takeType: z.enum(TAKE_TYPES),
  amberSeconds: z.number().int(),
  redSeconds: z.number().int(),
});

export const kitchenStationSchema = z.object({ stationId: z.string(), name: z.string() });

export const bumpedTicketSchema = z.object({
  sheetId: z.string(),
  roundNo: z.number().int(),
  stationId: z.string(),
  tableName: z.string(),
  bumpedAt: z.string(),
});

const baseQuery = z.object({ baseId: z.string().trim().min(1, 'baseId is required').max(64) });

export const staffKitchenRoutes = {
  /** The outlet's stations, its thresholds, the service's clock, and a station's last bumped tickets (newest first). */
  'GET /staff/kitchen': {
    query: baseQuery.extend({ station: z.string().trim().max(64).optional() }),
    answer: z.object({
      now: z.string(),
      stations: z.array(kitchenStationSchema),
      thresholds: z.array(kitchenThresholdSchema),
      bumped: z.array(bumpedTicketSchema),
    }),
  },
  /** Marks a line done (or not done again). */
  'POST /staff/sheets/:id/items/:item/done': {
    params: idParams.extend({ item: z.coerce.number().int().min(1).max(1_000_000) }),
    body: z.object({ done: z.boolean() }),
    answer: z.object({ itemId: z.number(), doneAt: z.string(), changed: z.boolean() }),
  },
  /** Bumps a round's ticket at a station: its lines there done, the ticket off the station's screen. */
  'POST /staff/sheets/:id/bump': {
    params: idParams,
    body: z.object({ round: z.number().int().min(1).max(10_000), station: z.string().trim().min(1).max(64) }),
    answer: z.object({ bumped: bumpedTicketSchema, doneItems: z.array(z.number()) }),
  },
  /** Brings a bumped ticket back onto its station's screen. */
  'POST /staff/sheets/:id/recall': {
    params: idParams,
    body: z.object({ round: z.number().int().min(1).max(10_000), station: z.string().trim().min(1).max(64) }),
    answer: z.object({ recalled: z.boolean() }),
  },
  /** Sets a way of ordering's thresholds at an outlet (managers). */
  'PUT /staff/kitchen/thresholds': {
    body: z
      .object({
        baseId: z.string().trim().min(1).max(64),
        takeType: z.enum(TAKE_TYPES),
        amberSeconds: z.number().int().min(30).max(7200),
        redSeconds: z.number().int().min(60).max(14_400),
      })
      .refine((b) => b.redSeconds > b.amberSeconds, { message: 'redSeconds must be more than amberSeconds', path: ['redSeconds'] }),
    answer: z.object({ thresholds: z.array(kitchenThresholdSchema) }),
  },
} as const;

export type KitchenThresholdJson = z.output<typeof kitchenThresholdSchema>;
export type KitchenStationJson = z.output<typeof kitchenStationSchema>;
export type BumpedTicketJson = z.output<typeof bumpedTicketSchema>;
