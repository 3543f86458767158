/**
 * One hub per service instance: LISTENs on the events channel (db.listen) and
 * hands each event to the streams it is for. Streams register under keys
 * ('vip:<VipID>', 'sheet:<SheetID>', 'base:<BaseID>', 'ent:<EntID>' for the
 * menu's sold-out marks, 'table:<TableID>' for a table's cart and calls), so a notification costs a few map look-ups, not a
 * scan of every open stream. The outbox is pruned here, hourly, after 48 h.
 */
import type { Db, Queryable } from '../db/driver';
import { EVENT_JSON, EVENTS_CHANNEL, type LiveEvent } from './emit';

/** Events are kept at least this long for Last-Event-ID (pruned after twice that). */
export const EVENT_RETENTION_HOURS = 24;
const PRUNE_EVERY_MS = 3_600_000;

export interface Subscriber {
  keys: readonly string[];
  deliver(event: LiveEvent): void;
}

/** The keys an event is delivered under. */
export function eventKeys(e: LiveEvent): string[] {
  if (e.kind === 'menu') return [`ent:${e.entId}`];
  // Issue 28: a table's cart and calls go to its phones (and a call to its outlet's staff, by baseId below).
  if (e.kind === 'cart' || e.kind === 'call') return [`table:${String(e.data.tableId ?? '')}`, ...(e.baseId ? [`base:${e.baseId}`] : [])];
  const keys = e.vipIds.map((v) => `vip:${v}`);
  if (e.sheetId) keys.push(`sheet:${e.sheetId}`);
  if (e.baseId) keys.push(`base:${e.baseId}`);
  return keys;
}

export class EventHub {
  private readonly byKey = new Map<string, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | null = null;
  private pruneTimer: NodeJS.Timeout | undefined;
  /** The highest event id delivered, to catch up after the listening connection was lost. */
  private lastId = 0n;
  delivered = 0;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    const [top] = await this.db.query<{ id: string | null }>('SELECT max(event_id)::text AS id FROM event_outbox');
    this.lastId = BigInt(top?.id ?? '0');
    this.stopListening = await this.db.listen(EVENTS_CHANNEL, (payload) => this.handlePayload(payload), () => void this.catchUp());
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.stopListening?.();
    this.stopListening = null;
  }

  subscribe(sub: Subscriber): () => void {
    for (const key of sub.keys) {
      let set = this.byKey.get(key);
      if (!set) this.byKey.set(key, (set = new Set()));
      set.add(sub);
    }
    return () => {
      for (const key of sub.keys) {
        const set = this.byKey.get(key);
        set?.delete(sub);
        if (set && set.size === 0) this.byKey.delete(key);
      }
    };
  }

  get subscriberCount(): number {
    const all = new Set<Subscriber>();
    for (const set of this.byKey.values()) for (const s of set) all.add(s);
    return all.size;
  }

  private handlePayload(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    this.dispatch(event);
  }

  dispatch(event: LiveEvent): void {
    const id = BigInt(event.id);
    if (id > this.lastId) this.lastId = id;
    const seen = new Set<Subscriber>();
    for (const key of eventKeys(event)) {
      const set = this.byKey.get(key);
      if (!set) continue;
      for (const sub of set) {
        if (seen.has(sub)) continue;
        seen.add(sub);
        this.delivered += 1;
        sub.deliver(event);
      }
    }
  }

  /** After the listening connection came back: what was written meanwhile (streams drop duplicates by id). */
  private async catchUp(): Promise<void> {
    const rows = await this.db.query<{ event: LiveEvent }>(
      `SELECT ${EVENT_JSON} AS event FROM event_outbox e WHERE e.event_id > $1 ORDER BY e.event_id LIMIT 10000`,
      [this.lastId.toString()],
    );
    for (const { event } of rows) this.dispatch(event);
  }

  async prune(): Promise<void> {
    await this.db.query(`DELETE FROM event_outbox WHERE created_at < now() - make_interval(hours => $1)`, [EVENT_RETENTION_HOURS * 2]);
  }
}

/** Events after `lastId` that match `where` (a SQL condition over `e`), oldest first; null when too many or some were pruned. */
export async function eventsSince(
  db: Queryable,
  lastId: string,
  where: string,
  params: unknown[],
  max: number,
): Promise<LiveEvent[] | null> {
  const [oldest] = await db.query<{ id: string | null }>('SELECT min(event_id)::text AS id FROM event_outbox');
  // Every id after lastId up to the oldest kept is gone: pruned (or a rolled-back transaction's): the client reloads.
  if (oldest?.id && BigInt(oldest.id) > BigInt(lastId) + 1n) return null;
  const rows = await db.query<{ event: LiveEvent }>(
    `SELECT ${EVENT_JSON} AS event FROM event_outbox e WHERE e.event_id > $1 AND (${where}) ORDER BY e.event_id LIMIT ${max + 1}`,
    [lastId, ...params],
  );
  if (rows.length > max) return null;
  return rows.map((r) => r.event);
}
