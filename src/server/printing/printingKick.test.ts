/**
 * The print queue's leftovers of issue 26 (sections 3 and 4), through the
 * real service and the printer simulator: the worker wakes when a job is
 * enqueued (NOTIFY on commit, also from another instance on the same
 * database), not only at its poll; printed jobs older than the retention are
 * deleted by its housekeeping; a pay-before order paid at the counter prints
 * its kitchen ticket, with its pickup number large.
 */
import { buildServer } from '../app';
import { openDb, type Db } from '../db/driver';
import { DEMO } from '../db/seed';
import { DEMO_PRINTER } from '../db/seed/printing';
import { startPrinterSim, type PrinterSim } from '../providers/printerSim';
import { atTable } from '../test/fixtures';
import { startHarness, type Harness } from '../test/harness';
import { demoIds, dineInHeader, guestClient, line, pickupHeader, submit } from '../test/orders';

jest.setTimeout(90_000);

const TOKEN = 'staff-token-for-print-kick-tests';
// A poll of ten minutes: within a test, only the kick on enqueue can make a ticket print.
const PRINT = { worker: true, pollMs: 600_000, concurrency: 8, sendTimeoutMs: 1_000, retryMs: 80, retryMaxMs: 300, claimMs: 5_000, retentionDays: 14, housekeepingMs: 150 };
const base = DEMO.bases.dineIn;
const RICE = DEMO.goods.bbqPorkRice;

let h: Harness;
let sim: PrinterSim;

beforeAll(async () => {
  sim = await startPrinterSim({ printers: [{ port: 0, encoding: 'big5' }, { port: 0, encoding: 'utf8' }] });
  h = await startHarness({ staffToken: TOKEN, print: PRINT, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
  await h.db.query('UPDATE printer SET port = $2 WHERE printer_id = $1', [DEMO_PRINTER.wok, sim.ports[0]]);
  await h.db.query('UPDATE printer SET port = $2 WHERE printer_id = $1', [DEMO_PRINTER.quick, sim.ports[1]]);
  // Only the wok's printer at the table outlet: one ticket per round.
  await h.db.query('DELETE FROM printer WHERE printer_id = $1', [DEMO_PRINTER.bar]);
});
afterAll(async () => {
  await h.close();
  await sim.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await sleep(25);
  }
}

async function tableRound(url: string, tableNo: number): Promise<string> {
  const table = demoIds.table(base, tableNo);
  // The client's requests go to `url` (its session and scan are in the one database both instances share).
  const client = Object.assign(await atTable(h, await guestClient(h), table), { baseUrl: url });
  const res = await submit(client, dineInHeader(base, table, { TotalAmo: 48 }), [line(RICE, 48)]);
  expect([res.errcode, res.errmsg]).toEqual(['0', '']);
  return String(res.data.table1![0]!.SheetID);
}

const ticketsOf = (sheetId: string) => sim.jobs.filter((j) => j.text.includes(sheetId));

test('a new job wakes the worker at once (no poll for ten minutes), also when another instance enqueued it', async () => {
  await sleep(300); // the worker's first look at start is over
  const started = Date.now();
  const here = await tableRound(h.url, 12);
  await until('the ticket', () => ticketsOf(here), (j) => j.length === 1);
  expect(Date.now() - started).toBeLessThan(5_000);

  // A second instance without a worker, on the same database: its order's ticket is printed by this one's.
  const secondDb: Db = h.config.databaseUrl ? await openDb({ databaseUrl: h.config.databaseUrl, poolSize: 3, maxQueue: 100, maxWaitMs: 5_000 }) : h.db;
  const second = await buildServer({ db: secondDb, config: { ...h.config, print: { ...PRINT, worker: false } }, logger: false });
  const secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
  try {
    const there = await tableRound(secondUrl, 13);
    await until('the other instance’s ticket', () => ticketsOf(there), (j) => j.length === 1);
  } finally {
    await second.close();
    if (secondDb !== h.db) await secondDb.close();
  }
});

test('housekeeping deletes printed jobs older than the retention (14 days), keeps newer and unprinted ones', async () => {
  const day = 86_400_000;
  const insert = (key: string, state: string, printedDaysAgo: number | null) =>
    h.db.query(
      `INSERT INTO print_job (printer_id, job_key, kind, state, printed_at, created_at, next_attempt_at)
       VALUES ($1, $2, 'test', $3, $4, $5, $6)`,
      [DEMO_PRINTER.quick, key, state, printedDaysAgo === null ? null : new Date(Date.now() - printedDaysAgo * day), new Date(Date.now() - 20 * day), new Date(Date.now() + 3_600_000)],
    );
  await insert('old-1', 'printed', 20);
  await insert('old-2', 'printed', 15);
  await insert('recent', 'printed', 13);
  // Waiting (not due for an hour): never deleted, however old.
  await insert('waiting', 'queued', null);
  const keys = async () =>
    (await h.db.query<{ job_key: string }>("SELECT job_key FROM print_job WHERE job_key IN ('old-1', 'old-2', 'recent', 'waiting') ORDER BY job_key")).map((r) => r.job_key);
  await until('old printed jobs deleted', keys, (k) => !k.includes('old-1') && !k.includes('old-2'));
  expect(await keys()).toEqual(['recent', 'waiting']);
  await h.db.query("DELETE FROM print_job WHERE job_key = 'waiting'");
});

test('a pay-before pickup order paid at the counter prints its kitchen ticket, its pickup number large, and stays the kitchen’s', async () => {
  const guest = await guestClient(h);
  const placed = await submit(guest, pickupHeader({ TotalAmo: 49 }), [line(RICE, 48)]);
  expect([placed.errcode, placed.errmsg]).toEqual(['0', '']);
  const sheetId = String(placed.data.table1![0]!.SheetID);
  await sleep(300);
  expect(ticketsOf(sheetId)).toEqual([]);
  const res = await fetch(`${h.url}/staff/sheets/${sheetId}/close`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paidAtCounter: true }),
  });
  expect(res.status).toBe(200);
  const { sheet } = (await res.json()) as { sheet: Record<string, unknown> };
  // Paid, not checked out: still on the kitchen's screen until it is collected.
  expect(sheet).toMatchObject({ status: 1, payStatus: 2, displayState: 'paid' });
  const pickupNo = String(sheet.pickupNo);
  expect(pickupNo).toMatch(/^\d{3,}$/);
  const [ticket] = await until('the counter-paid ticket', () => ticketsOf(sheetId), (j) => j.length === 1);
  expect(ticket!.text).toContain(`Pickup ${pickupNo}`);
  // The number on a line of its own, printed 4x (GS !: width and height x4), as the simulator read it.
  expect(ticket!.lines.find((l) => l.text.trim() === pickupNo)).toMatchObject({ width: 4, height: 4 });
  // Finished by the kitchen, not closed again.
  const done = await fetch(`${h.url}/staff/sheets/${sheetId}/progress`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ progress: 'completed' }),
  });
  expect(done.status).toBe(200);
});
