/**
 * The service of the push benchmark, in a process of its own so its memory
 * is its own: the demo service with CUSTOMERS guest customers, each with a
 * session and one paid pickup order. Talks to bench/push.ts over IPC:
 * 'ready' {url, customers: [{vipId, cookie, sheetId}]}, then answers
 * 'memory' and 'events' (the outbox's ids per customer after a given id).
 * With DATABASE_URL it makes a database of its own on that server and drops
 * it at the end.
 */
import { ownDatabase } from './ownDatabase';
import { SheetStatus, PayStatus } from '../src/shared/domain/orderStates';
import { DEMO } from '../src/server/db/seed';
import { createSession, SESSION_COOKIE } from '../src/server/http/session';
import { startDemoService } from '../src/server/test/demoService';

const CUSTOMERS = Number(process.env.BENCH_STREAMS ?? 1000);

async function main() {
  const database = await ownDatabase('push');
  const customers: { vipId: string; cookie: string; sheetId: string }[] = [];
  const service = await startDemoService({
    databaseUrl: database.url,
    async prepare(db) {
      const now = new Date();
      await db.transaction(async (tx) => {
        for (let i = 0; i < CUSTOMERS; i += 1) {
          const vipId = `VIPB${String(i).padStart(8, '0')}`;
          const sheetId = `SHB${String(i).padStart(9, '0')}`;
          await tx.query(`INSERT INTO vip (vip_id, ent_id, vip_name, is_guest, vip_code) VALUES ($1, $2, 'walk-in guest', true, $3)`, [vipId, DEMO.entId, vipId.slice(4)]);
          await tx.query(
            `INSERT INTO sheet (sheet_id, ent_id, shop_id, base_id, vip_id, pos_type, business_mode, status, pay_status, total_amo, take_type, pay_mode, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, 7, 1, $6, $7, 48, 'pickup', 'prepay', $8, $8)`,
            [sheetId, DEMO.entId, DEMO.shops.main, DEMO.bases.quick, vipId, SheetStatus.paid, PayStatus.paid, now],
          );
          const { secret } = await createSession(tx, { entId: DEMO.entId, vipId, role: 'guest' }, now, 1);
          customers.push({ vipId, cookie: `${SESSION_COOKIE}=${secret}`, sheetId });
        }
      });
    },
  });
  process.on('message', async (msg: { type: string; afterId?: string }) => {
    if (msg.type === 'memory') {
      const m = process.memoryUsage();
      process.send!({ type: 'memory', rss: m.rss, heapUsed: m.heapUsed });
    } else if (msg.type === 'events') {
      const rows = await service.db.query<{ id: string; vip: string }>(
        `SELECT e.event_id::text AS id, v AS vip FROM event_outbox e, unnest(e.vip_ids) v WHERE e.event_id > $1 ORDER BY e.event_id`,
        [msg.afterId ?? '0'],
      );
      process.send!({ type: 'events', rows });
    } else if (msg.type === 'lastId') {
      const [row] = await service.db.query<{ id: string | null }>('SELECT max(event_id)::text AS id FROM event_outbox');
      process.send!({ type: 'lastId', id: row?.id ?? '0' });
    } else if (msg.type === 'stop') {
      await service.close();
      await database.drop();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', url: service.url, db: service.db.kind, customers });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
