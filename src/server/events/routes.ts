/**
 * The live streams (Server-Sent Events) on the service's own port:
 *
 *   GET /events/orders               the session's customer: events of their own orders
 *                                    (and the enterprise's sold-out marks, kind 'menu')
 *   GET /events/sheets/:sheetId      a sheet's events, for whoever may read its detail
 *                                    (PosSalSheet_PosSalSheetDetailGet_V2_Get): who ordered on
 *                                    it, and for a table's sheet a browser that scanned the
 *                                    table's code; anyone else 404
 *   GET /events/tables/:tableId      a table's live cart and calls (issue 28), and the sold-out
 *                                    marks, for a browser that scanned the table's code
 *   GET /staff/events?baseId=…       an outlet's staff (Authorization: Bearer <STAFF_TOKEN>):
 *                                    that outlet's events and the sold-out marks; each sheet
 *                                    event's frame carries `sheet`, the sheet as GET /staff/sheets
 *                                    lists it in the Accept-Language (null: not the outlet's list's)
 *   GET /staff/board/events          the ready board (X-Board-Token: a board link's token): the
 *                                    outlet's pickup numbers, pushed when they change (boardStream.ts)
 *
 * Each event is `id: <event id>` and `data: <LiveEvent JSON>`. A client that
 * reconnects with Last-Event-ID (or ?lastEventId=) first gets what it missed
 * (kept >= 24 h), or `event: reload` when too much was missed: it then reads
 * everything again. A comment line every heartbeatMs keeps proxies from
 * closing an idle stream. A client that does not read (its unsent bytes pass
 * maxBufferBytes) is disconnected: it reconnects and resumes. Streams are
 * capped per session, per IP and in all (events/streams.ts); on shutdown they
 * are told to reconnect elsewhere. Under tests and the journeys
 * (NODE_ENV=test, or CHECK_RESULTS=1) each frame is checked against its
 * schema (shared/protocol/live.ts) before it is sent: a frame that is not the
 * schema's closes the stream with `event: invalid` and is logged.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { findSession, SESSION_COOKIE } from '../http/session';
import { seesPayers, staffGuard } from '../http/staffAuth';
import { decodeScans, SCAN_COOKIE } from '../http/tableScan';
import { mayRead } from '../operations/orders/sheet';
import { orderedOn } from '../operations/orders/sheetRows';
import { checkLiveFrame, checkTableFrame, TABLE_FRAME_KINDS } from '../../shared/protocol/live';
import type { LiveEvent } from './emit';
import { EventHub, eventsSince } from './hub';
import { BoardStream, BoardStreams, DEFAULT_BOARD_STREAM_OPTIONS } from './boardStream';
import { boardLinkOf } from '../http/staffBoard';
import { boardNumbers } from '../operations/orders/board';
import { langFromHeader, message, type Lang } from '../messages';
import { listStaffSheets, withoutPayers } from '../operations/orders/staffSheets';
import type { StaffListedSheetJson } from '../../shared/protocol/staff';
import { BOARD_TOKEN_HEADER } from '../../shared/protocol/staffBoard';
import { OpenStreams, type StreamKind } from './streams';
import { SseStream } from './sseStream';

export interface EventStreamOptions {
  heartbeatMs: number;
  maxBufferBytes: number;
  /** Most events replayed on a resume; more and the client is told to reload. */
  maxResume: number;
}

export const DEFAULT_EVENT_OPTIONS: EventStreamOptions = { heartbeatMs: 15_000, maxBufferBytes: 256 * 1024, maxResume: 500 };

export interface EventsDeps {
  db: Db;
  config: Config;
  clock: Clock;
  options?: Partial<EventStreamOptions>;
  /** The registry of open streams and their caps (made here when not given). */
  streams?: OpenStreams;
  /** This instance's board streams by link (DELETE /staff/board-links/:id ends them; made here when not given). */
  boards?: BoardStreams;
  /** The board streams' pacing (tests make it quicker). */
  boardOptions?: Partial<typeof DEFAULT_BOARD_STREAM_OPTIONS>;
}

/** The routes that are live streams (http/shutdown.ts lets them through to be told to reconnect). */
export const STREAM_ROUTES: ReadonlySet<string> = new Set(['/events/orders', '/events/sheets/:sheetId', '/events/tables/:tableId', '/staff/events', '/staff/board/events']);

/** One open stream of live events: replays what was missed, then sends each event once (sseStream.ts: beats, limits, close). */
export class Stream extends SseStream {
  private readonly sent = new Set<string>();
  private readonly pending: LiveEvent[] = [];
  /** Frames wait for their additions here, in order. */
  private chain: Promise<void> = Promise.resolve();
  private replaying = true;

  constructor(
    raw: ServerResponse,
    opts: EventStreamOptions,
    private readonly viewer: string | null,
    onClose: () => void,
    /** Checks each frame before it is sent (throws when it is not the schema's); none in production. */
    private readonly check?: (frame: unknown) => void,
    /**
     * What a frame of a sheet's event carries besides (the staff stream: the sheet as GET /staff/sheets
     * answers it), read as the event arrives; frames still go out in the events' order.
     */
    private readonly addition?: (event: LiveEvent) => Promise<Record<string, unknown>>,
  ) {
    super(raw, opts, onClose);
  }

  /** A live event: held back while the missed ones are replayed, then sent once. */
  deliver(event: LiveEvent): void {
    if (this.replaying) this.pending.push(event);
    else this.send(event);
  }

  replayed(missed: LiveEvent[]): void {
    for (const e of missed) this.send(e);
    this.replaying = false;
    for (const e of this.pending.splice(0)) this.send(e);
    // Duplicates can only come from the replay overlapping live events: no need to remember more.
    this.sent.clear();
  }

  reload(): void {
    this.write('event: reload\ndata: {}\n\n');
    this.replaying = false;
    for (const e of this.pending.splice(0)) this.send(e);
  }

  private send(event: LiveEvent): void {
    if (this.replaying || this.sent.size > 0 || this.pending.length > 0) {
      if (this.sent.has(event.id)) return;
      this.sent.add(event.id);
    }
    if (this.addition) {
      const extra = event.kind !== 'menu' && event.sheetId ? this.addition(event).catch(() => ({})) : Promise.resolve({});
      this.chain = this.chain.then(async () => this.sendFrame(event, await extra));
      return;
    }
    this.sendFrame(event, {});
  }

  private sendFrame(event: LiveEvent, extra: Record<string, unknown>): void {
    if (this.closed) return;
    const frame = { ...forClient(event, this.viewer), ...extra };
    if (this.check) {
      try {
        this.check(frame);
      } catch (err) {
        // Not the frame the app and the staff program are typed for: said, and the stream ends (tests fail on it).
        this.bye(`event: invalid\ndata: ${JSON.stringify({ error: (err as Error).message })}\n\n`);
        return;
      }
    }
    this.write(`id: ${event.id}\ndata: ${JSON.stringify(frame)}\n\n`);
  }

}

/** As the gateway decides it: frames checked under tests (NODE_ENV=test) or CHECK_RESULTS=1. */
const checkFramesOn = () => (process.env.CHECK_RESULTS ? process.env.CHECK_RESULTS === '1' : process.env.NODE_ENV === 'test');

/** The check the streams make of each frame (shared/protocol/live.ts), or none (production). */
export function frameCheck(onInvalid?: (err: Error) => void): ((frame: unknown) => void) | undefined {
  if (!checkFramesOn()) return undefined;
  return (frame) => {
    try {
      // Issue 28: a table's frames (cart, call) have their own schema.
      if (TABLE_FRAME_KINDS.includes(String((frame as { kind?: unknown }).kind))) checkTableFrame(frame);
      else checkLiveFrame(frame);
    } catch (err) {
      onInvalid?.(err as Error);
      throw err;
    }
  };
}

/**
 * What a stream sends: no VipIDs; whether the latest round is the viewer's
 * own as round.mine. A LiveFrame (shared/protocol/live.ts) when the event is
 * the outbox's: the streams check it under tests.
 */
export function forClient(event: LiveEvent, viewer: string | null): Omit<LiveEvent, 'vipIds' | 'data'> & { data: Record<string, unknown> } {
  const { vipIds: _routing, ...rest } = event;
  const round = event.data.round as { vip?: string } | null | undefined;
  if (!round || typeof round !== 'object') return rest;
  const { vip, ...shown } = round;
  return { ...rest, data: { ...event.data, round: { ...shown, mine: viewer !== null && vip === viewer } } };
}

function lastEventId(req: FastifyRequest): string | null {
  const header = req.headers['last-event-id'];
  const query = (req.query as Record<string, unknown> | undefined)?.lastEventId;
  const value = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  return value && /^\d{1,18}$/.test(value) ? value : null;
}

export async function eventRoutes(app: FastifyInstance, { db, config, clock, options, streams: given, boards = new BoardStreams(), boardOptions }: EventsDeps): Promise<void> {
  const opts = { ...DEFAULT_EVENT_OPTIONS, ...options };
  const streams = given ?? new OpenStreams(config.streams);
  const hub = new EventHub(db);
  await hub.start();
  app.addHook('preClose', async () => {
    streams.closeAll();
    await hub.stop();
  });

  /** The instance holds its most streams already (not while it shuts down: those are told to reconnect): 503, the app polls. */
  function refuseFull(reply: FastifyReply): FastifyReply | null {
    if (streams.closing || !streams.full()) return null;
    streams.counts.refusedFull += 1;
    return reply.code(503).header('Retry-After', '30').header('Cache-Control', 'no-store').send({ error: 'too many live streams on this instance: poll, or try again later' });
  }

  /** Opens the stream: subscribe first (live events wait), then replay what was missed. */
  async function open(
    req: FastifyRequest,
    reply: FastifyReply,
    who: { kind: StreamKind; session: string | null; viewer: string | null },
    keys: string[],
    where: string,
    params: unknown[],
    addition?: (event: LiveEvent) => Promise<Record<string, unknown>>,
  ) {
    const full = refuseFull(reply);
    if (full) return full;
    const since = lastEventId(req);
    reply.hijack();
    let unsubscribe = () => undefined as void;
    const check = frameCheck((err) => req.log.error({ err }, 'a live frame is not the schema of shared/protocol/live.ts'));
    const stream = new Stream(
      reply.raw,
      opts,
      who.viewer,
      () => {
        unsubscribe();
        streams.remove(stream);
      },
      check,
      addition,
    );
    streams.add(stream, { kind: who.kind, session: who.session, ip: req.ip });
    if (stream.closed) return;
    unsubscribe = hub.subscribe({ keys, deliver: (e) => stream.deliver(e) });
    if (since === null) {
      stream.replayed([]);
      return;
    }
    try {
      const missed = await eventsSince(db, since, where, params, opts.maxResume);
      if (missed === null) stream.reload();
      else stream.replayed(missed);
    } catch (err) {
      req.log.error({ err }, 'event replay failed');
      stream.reload();
    }
  }

  const refuse = (reply: FastifyReply, status: number, error: string) => reply.code(status).header('Cache-Control', 'no-store').send({ error });

  app.get('/events/orders', async (req, reply) => {
    const session = await findSession(db, req.cookies[SESSION_COOKIE], clock.now());
    if (!session?.vipId) return refuse(reply, 401, 'no session: open the shop first');
    return open(
      req,
      reply,
      { kind: 'orders', session: session.sessionId, viewer: session.vipId },
      [`vip:${session.vipId}`, `ent:${session.entId}`],
      `$2 = ANY (e.vip_ids) OR (e.kind = 'menu' AND e.ent_id = $3)`,
      [session.vipId, session.entId],
    );
  });

  // The detail's rule (operations/orders/sheet.ts mayRead, issue 22 item 6): who ordered on the
  // sheet, or for a table's sheet a browser that scanned the table; anyone else is told it does not exist.
  app.get<{ Params: { sheetId: string } }>('/events/sheets/:sheetId', async (req, reply) => {
    const now = clock.now();
    const session = await findSession(db, req.cookies[SESSION_COOKIE], now);
    const scannedTables = decodeScans(config.scanSecret, req.cookies[SCAN_COOKIE], now).map((s) => s.tableId);
    if (!session && scannedTables.length === 0) return refuse(reply, 401, 'no session: open the shop first');
    const sheetId = req.params.sheetId;
    const [sheet] =
      sheetId.length <= 64
        ? await db.query<{ ent_id: string; vip_id: string | null; table_id: string }>(
            `SELECT ent_id, vip_id, COALESCE(table_id, '') AS table_id FROM sheet WHERE sheet_id = $1`,
            [sheetId],
          )
        : [];
    if (!sheet || (session && sheet.ent_id !== session.entId)) return refuse(reply, 404, 'no such sheet');
    const viewer = session?.vipId ?? null;
    const orderedHere = await orderedOn(db, sheetId, sheet.vip_id, viewer);
    if (!mayRead({ tableId: sheet.table_id, orderedHere, scannedTables })) return refuse(reply, 404, 'no such sheet');
    return open(req, reply, { kind: 'sheet', session: session?.sessionId ?? null, viewer }, [`sheet:${sheetId}`], `e.sheet_id = $2`, [sheetId]);
  });

  // The ready board's stream: the board link's token, as its read (http/staffBoard.ts); numbers only, pushed.
  app.get('/staff/board/events', async (req, reply) => {
    const raw = req.headers[BOARD_TOKEN_HEADER];
    const token = typeof raw === 'string' ? raw.trim() : '';
    const link = await boardLinkOf(db, token);
    if (!link) return refuse(reply, 401, message('boardLinkInvalid', langFromHeader(req.headers['accept-language'])));
    const full = refuseFull(reply);
    if (full) return full;
    reply.hijack();
    let unsubscribe = () => undefined as void;
    let forget = () => undefined as void;
    const stream = new BoardStream(
      reply.raw,
      { heartbeatMs: opts.heartbeatMs, maxBufferBytes: opts.maxBufferBytes, ...DEFAULT_BOARD_STREAM_OPTIONS, ...boardOptions },
      async () => {
        const now = await boardLinkOf(db, token);
        return now ? boardNumbers(db, now.base_id, now.ready_minutes, clock.now()) : null;
      },
      () => {
        unsubscribe();
        forget();
        streams.remove(stream);
      },
      (err) => req.log.error({ err }, 'the ready board stream could not read the board'),
    );
    streams.add(stream, { kind: 'staff', session: null, ip: req.ip });
    if (stream.closed) return;
    forget = boards.add(link.link_id, stream);
    unsubscribe = hub.subscribe({ keys: [`base:${link.base_id}`], deliver: () => stream.changed() });
    // The board as it is now, at once: the TV needs no read of its own.
    await stream.push();
  });

  /** The sheet of an event as GET /staff/sheets lists it, shared by the outlet's staff streams (the latest events' kept). */
  const staffSheets = new Map<string, Promise<StaffListedSheetJson | null>>();
  const staffSheetOf = (event: LiveEvent, lang: Lang): Promise<StaffListedSheetJson | null> => {
    const key = `${event.id}:${lang}`;
    let read = staffSheets.get(key);
    if (!read) {
      read = listStaffSheets(db, { baseId: event.baseId, sheetIds: event.sheetId, limit: 1 }, lang, clock.now()).then((a) => a.sheets[0] ?? null);
      staffSheets.set(key, read);
      // A read that failed is not kept; the oldest go past 500 events.
      read.catch(() => staffSheets.delete(key));
      if (staffSheets.size > 500) staffSheets.delete(staffSheets.keys().next().value!);
    }
    return read;
  };

  // Issue 28: the table's live cart and its calls, for the browsers that scanned its code (http/tableScan.ts),
  // and the enterprise's sold-out marks (a cart line sold out is marked at once).
  app.get<{ Params: { tableId: string } }>('/events/tables/:tableId', async (req, reply) => {
    const now = clock.now();
    const tableId = req.params.tableId;
    const scanned = decodeScans(config.scanSecret, req.cookies[SCAN_COOKIE], now).some((s) => s.tableId === tableId);
    if (!scanned) return refuse(reply, 404, 'no such table');
    const [table] = await db.query<{ ent_id: string }>('SELECT b.ent_id FROM dining_table t JOIN base b ON b.base_id = t.base_id WHERE t.table_id = $1', [tableId]);
    if (!table) return refuse(reply, 404, 'no such table');
    const session = await findSession(db, req.cookies[SESSION_COOKIE], now);
    return open(
      req,
      reply,
      { kind: 'sheet', session: session?.sessionId ?? null, viewer: session?.vipId ?? null },
      [`table:${tableId}`, `ent:${table.ent_id}`],
      `(e.kind IN ('cart', 'call') AND e.data->>'tableId' = $2) OR (e.kind = 'menu' AND e.ent_id = $3)`,
      [tableId, table.ent_id],
    );
  });

  // The staff stream: a staff session or the automation key, kitchen and up, of the outlet (http/staffAuth.ts).
  {
    const guard = staffGuard({ db, config, clock });
    app.get<{ Querystring: { baseId?: string } }>('/staff/events', async (req, reply) => {
      const refused = await guard(req, reply);
      if (refused) return refused;
      const baseId = String(req.query.baseId ?? '');
      const [base] = baseId && baseId.length <= 64 ? await db.query<{ ent_id: string }>('SELECT ent_id FROM base WHERE base_id = $1', [baseId]) : [];
      if (!base) return refuse(reply, 404, `no outlet ${baseId}`);
      // The screen's language: ?lang= (src/staff/stream.ts), else the request's Accept-Language.
      const asked = (req.query as { lang?: unknown }).lang;
      const lang = langFromHeader(typeof asked === 'string' && asked ? asked : req.headers['accept-language']);
      // Each sheet event carries the sheet as the kitchen's list has it (null: no longer the outlet's list's), read
      // once per event and language for every screen of the outlet: the screens need not read it again each.
      // Who paid: the counter's roles only (issue 28, as GET /staff/sheets).
      const payers = seesPayers(req);
      const addition = async (event: LiveEvent) => {
        const sheet = await staffSheetOf(event, lang);
        return { sheet: sheet && !payers ? withoutPayers(sheet) : sheet };
      };
      return open(req, reply, { kind: 'staff', session: null, viewer: null }, [`base:${baseId}`, `ent:${base.ent_id}`], `e.base_id = $2 OR (e.kind = 'menu' AND e.ent_id = $3)`, [baseId, base.ent_id], addition);
    });
  }
}
