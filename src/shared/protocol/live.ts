/**
 * The live events (issue 25): what happened to an order or to the menu, as
 * the service writes it to its outbox (server/events/emit.ts: the JSON is
 * built in SQL from the keys below, so a renamed key breaks tsc there), hands
 * it around (events/hub.ts) and sends it on the streams (events/routes.ts),
 * and as the app (client/features/live/connection.ts) and the staff program
 * (staff/stream.ts) read it. Declared once, here.
 *
 * Two shapes: the outbox's event, with the VipIDs it is routed by (vipIds,
 * round.vip), which never leaves the service; and the frame a stream sends,
 * without VipIDs and with round.mine (whether the latest round is the
 * viewer's own) instead. Under tests and the journeys (NODE_ENV=test, or
 * CHECK_RESULTS=1) the hub checks every event and the streams every frame
 * against these schemas, as the gateway checks the operations' answers.
 */
import { z } from 'zod';
import { PROGRESS } from '../domain/orderStates';

/** What happened to the sheet (the note a customer sees is derived from the state, not this). */
export const SHEET_EVENT_KINDS = ['placed', 'round', 'withdrawn', 'paid', 'payment', 'settling', 'progress', 'cancelled', 'closed', 'voided', 'linesAdded', 'tableMoved'] as const;
export type SheetEventKind = (typeof SHEET_EVENT_KINDS)[number];

/** Who added the latest round: a member's name, or '' and the guest's place at the table (1 = the first to order). */
const roundAuthor = { no: z.number().int(), byName: z.string(), byPlace: z.number().int() };

/** The sheet's state after the change (never a phone number or an address). */
const sheetState = {
  status: z.number().int(),
  payStatus: z.number().int(),
  progress: z.enum(PROGRESS),
  isPayLater: z.boolean(),
  takeType: z.string(),
  payMode: z.string(),
  businessMode: z.string(),
  roundCount: z.number().int(),
  tableId: z.string(),
  /** An online settle of the table's sheet holds it. */
  settling: z.boolean(),
};

/** A sheet event's data in the outbox: the latest round with its orderer's VipID (routing only). */
export const outboxSheetDataSchema = z.object({ ...sheetState, round: z.object({ ...roundAuthor, vip: z.string() }).nullable() });
/** A sheet event's data on a stream: whether the latest round is the viewer's own instead of a VipID. */
export const sheetDataSchema = z.object({ ...sheetState, round: z.object({ ...roundAuthor, mine: z.boolean() }).nullable() });

/** A sold-out mark (written by a trigger, migrations/009_live_events.sql): the goods, or one of its skus. */
/** changed: the back office changed the goods (not only its sold-out mark): open menus read it again (issue 27). */
export const menuDataSchema = z.object({ goodsId: z.string(), shopId: z.string(), skuId: z.string().nullable(), soldOut: z.boolean(), changed: z.boolean().optional() });

/** Issue 28: the table's live cart changed (its lines are read again with TableCart_TableCartGet_Get). */
export const cartDataSchema = z.object({ tableId: z.string(), version: z.number().int(), change: z.enum(['set', 'sent']) });
/** Issue 28: a table called staff or asked for the bill, or a staff member acknowledged it (byName: who is on the way). */
export const callDataSchema = z.object({
  tableId: z.string(),
  tableName: z.string(),
  callId: z.string(),
  call: z.enum(['staff', 'bill']),
  payHow: z.enum(['', 'online', 'card', 'cash']),
  acknowledged: z.boolean(),
  byName: z.string(),
});

const common = {
  /** event_outbox.event_id as text (bigint). */
  id: z.string().regex(/^\d+$/),
  entId: z.string(),
  /** The outlet's and the sheet's ids ('' for the menu's events). */
  baseId: z.string(),
  sheetId: z.string(),
  /** When it was written (ISO, UTC). */
  at: z.string(),
};

/** The outbox's event, as the hub hands it to the streams. */
export const outboxEventSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.enum(SHEET_EVENT_KINDS), vipIds: z.array(z.string()), data: outboxSheetDataSchema }),
  z.object({ ...common, kind: z.literal('menu'), vipIds: z.array(z.string()), data: menuDataSchema }),
]);

/** A frame of a stream (`data:` of an SSE event): what the app and the staff program read. */
export const liveFrameSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.enum(SHEET_EVENT_KINDS), data: sheetDataSchema }),
  z.object({ ...common, kind: z.literal('menu'), data: menuDataSchema }),
]);

export type OutboxEvent = z.output<typeof outboxEventSchema>;
export type OutboxSheetData = z.output<typeof outboxSheetDataSchema>;
export type LiveFrame = z.output<typeof liveFrameSchema>;
export type SheetEventData = z.output<typeof sheetDataSchema>;
export type MenuEventData = z.output<typeof menuDataSchema>;
export type CartEventData = z.output<typeof cartDataSchema>;
export type CallEventData = z.output<typeof callDataSchema>;
/** The latest round's author on a stream. */
export type RoundAuthorData = NonNullable<SheetEventData['round']>;

function check<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`${what} does not match shared/protocol/live.ts: ${issue?.path.join('.') || '(the frame)'}: ${issue?.message ?? 'invalid'}`);
}

/**
 * Issue 28: a table's frames (its live cart changed, a call to staff), on the
 * table's stream (GET /events/tables/:tableId) and, for calls, the staff
 * stream. Kept out of liveFrameSchema, so the readers of the order frames
 * (which narrow by kind 'menu') read them as before; a stream checks a frame
 * of these kinds with this schema.
 */
export const tableFrameSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('cart'), data: cartDataSchema }),
  z.object({ ...common, kind: z.literal('call'), data: callDataSchema }),
]);
export type TableFrame = z.output<typeof tableFrameSchema>;
export const TABLE_FRAME_KINDS: readonly string[] = ['cart', 'call'];

/** Throws when a table's frame is not the schema's (the streams, under CHECK_RESULTS). */
export const checkTableFrame = (value: unknown): TableFrame => check(tableFrameSchema, value, 'a table frame');

/** Throws when an outbox event is not the schema's (the hub, under CHECK_RESULTS). */
export const checkOutboxEvent = (value: unknown): OutboxEvent => check(outboxEventSchema, value, 'a live event');
/** Throws when a stream's frame is not the schema's (the streams, under CHECK_RESULTS). */
export const checkLiveFrame = (value: unknown): LiveFrame => check(liveFrameSchema, value, 'a live frame');
