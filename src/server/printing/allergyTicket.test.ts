/**
 * Issue 29: a round ordered with the customer's menu filter on (the order's
 * Allergens) or with an allergy in a note prints an ALLERGY banner first on
 * its kitchen tickets, through the real service and a TCP printer simulator
 * (as printing.test.ts), in the printer's language; a round without either
 * has none. The staff API's round carries the allergens for the kitchen screen.
 */
import { DEMO } from '../db/seed';
import { DEMO_PRINTER } from '../db/seed/printing';
import { startPrinterSim, type PrinterSim } from '../providers/printerSim';
import { atTable } from '../test/fixtures';
import { startHarness, type Harness } from '../test/harness';
import { demoIds, dineInHeader, guestClient, line, submit } from '../test/orders';

jest.setTimeout(90_000);

const TOKEN = 'staff-token-for-allergy-tests';
const base = DEMO.bases.dineIn;
const RICE = DEMO.goods.bbqPorkRice; // the wok's
let h: Harness;
let wok: PrinterSim;

beforeAll(async () => {
  wok = await startPrinterSim({ printers: [{ port: 0, encoding: 'big5' }] });
  h = await startHarness({ staffToken: TOKEN, print: { worker: true, pollMs: 40, concurrency: 4, sendTimeoutMs: 1_000, retryMs: 80, retryMaxMs: 300, claimMs: 5_000 }, rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 } });
  await h.db.query('UPDATE printer SET port = $2 WHERE printer_id = $1', [DEMO_PRINTER.wok, wok.ports[0]]);
  // Only the wok prints here.
  await h.db.query('UPDATE printer SET port = 1 WHERE printer_id <> $1', [DEMO_PRINTER.wok]);
});
afterAll(async () => {
  await h.close();
  await wok.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function ticketAt(table: string): Promise<string> {
  const end = Date.now() + 15_000;
  for (;;) {
    const job = wok.jobs.find((j) => j.port === wok.ports[0] && j.text.includes(` ${table}\n`));
    if (job) return job.text;
    if (Date.now() > end) throw new Error(`no ticket for ${table}`);
    await sleep(50);
  }
}

async function order(tableNo: number, header: Record<string, unknown>, remarks: string[] = []) {
  const table = demoIds.table(base, tableNo);
  const client = await atTable(h, await guestClient(h), table);
  const res = await submit(client, dineInHeader(base, table, { TotalAmo: 48, ...header }), [line(RICE, 48, { Remarks: remarks })]);
  expect([res.errcode, res.errmsg]).toEqual(['0', '']);
  return String(res.data.table1![0]!.SheetID);
}

test('the filtered allergens: ALLERGY first on the ticket, named in the printer\'s language; the staff API\'s round carries them', async () => {
  const sheetId = await order(8, { Allergens: 'milk,peanuts,kryptonite' });
  const text = await ticketAt('A08');
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  expect(lines[0]).toContain('過敏 / ALLERGY');
  expect(text).toContain('避免：花生, 奶類');
  expect(text.indexOf('過敏')).toBeLessThan(text.indexOf('A08'));
  const res = await fetch(`${h.url}/staff/sheets?baseId=${base}&sheetIds=${sheetId}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const { sheets } = (await res.json()) as { sheets: { rounds?: { allergens?: string[] }[] }[] };
  expect(sheets[0]!.rounds![0]!.allergens).toEqual(['peanuts', 'milk']);
});

test('an allergy in a line\'s note: the banner points to the notes; a plain order has none', async () => {
  await order(9, {}, ['Nut allergy, no peanuts please']);
  const noted = await ticketAt('A09');
  expect(noted).toContain('過敏 / ALLERGY');
  expect(noted).toContain('請看備註');
  expect(noted).not.toContain('避免');
  await order(10, { Remark: 'Less salt' });
  expect(await ticketAt('A10')).not.toContain('ALLERGY');
});
