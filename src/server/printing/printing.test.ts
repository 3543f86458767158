/**
 * Printed kitchen tickets through the real service and real TCP sockets to the
 * printer simulator (issue 26 section 3): the wok's ticket in Big5 with the
 * goods' traditional Chinese name and the remarks; an offline printer queues
 * its jobs without blocking another, and prints its backlog once, in order,
 * when it comes back; two service instances on one database print each job
 * once; the printers routes with and without the staff token; a reprint.
 */
import iconv from 'iconv-lite';
import { DateTime } from 'luxon';
import { buildServer } from '../app';
import { openDb, type Db } from '../db/driver';
import { DEMO } from '../db/seed';
import { DEMO_PRINTER } from '../db/seed/printing';
import { startPrinterSim, type PrinterSim, type SimJob } from '../providers/printerSim';
import { atTable, insertMember, ok, signIn } from '../test/fixtures';
import { startHarness, type Harness } from '../test/harness';
import { demoIds, dineInHeader, guestClient, line, pickupHeader, submit } from '../test/orders';

jest.setTimeout(90_000);

const TOKEN = 'staff-token-for-printing-tests';
const PRINT = {
  worker: true,
  pollMs: 40,
  concurrency: 8,
  sendTimeoutMs: 1_000,
  retryMs: 80,
  retryMaxMs: 300,
  claimMs: 5_000,
};
const base = DEMO.bases.dineIn;
const RICE = DEMO.goods.bbqPorkRice; // 叉燒飯, class rice: the wok
const JUICE = demoIds.goods('0141'); // 鮮榨橙汁, class drinks: the bar

let h: Harness;
let wok: PrinterSim;
let bar: PrinterSim;
let quick: PrinterSim;

beforeAll(async () => {
  wok = await startPrinterSim({ printers: [{ port: 0, encoding: 'big5' }] });
  bar = await startPrinterSim({ printers: [{ port: 0, encoding: 'gb18030', widthMm: 58 }] });
  quick = await startPrinterSim({ printers: [{ port: 0, encoding: 'utf8' }] });
  h = await startHarness({
    staffToken: TOKEN,
    print: PRINT,
    rateLimits: { memberPerMinute: 10_000, ipPerMinute: 10_000 },
  });
  // The demo's printers, pointed at this test's simulators.
  await h.db.query('UPDATE printer SET port = $2 WHERE printer_id = $1', [
    DEMO_PRINTER.wok,
    wok.ports[0],
  ]);
  await h.db.query('UPDATE printer SET port = $2 WHERE printer_id = $1', [
    DEMO_PRINTER.bar,
    bar.ports[0],
  ]);
  await h.db.query('UPDATE printer SET port = $2 WHERE printer_id = $1', [
    DEMO_PRINTER.quick,
    quick.ports[0],
  ]);
});
afterAll(async () => {
  await h.close();
  await wok.close();
  await bar.close();
  await quick.close();
});

type Json = Record<string, unknown>;
async function staff(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  options: { token?: string | null; lang?: string } = {},
) {
  const token = options.token === undefined ? TOKEN : options.token;
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'accept-language': options.lang ?? 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const wokPort = () => wok.ports[0]!;
const barPort = () => bar.ports[0]!;
const roundOf = (job: SimJob) =>
  Number(/第 (\d+) 輪/.exec(job.text)?.[1] ?? /第 (\d+) 轮/.exec(job.text)?.[1]);
const jobsOf = (sim: PrinterSim, port: number, table: string) =>
  sim.jobs.filter((j) => j.port === port && j.text.includes(` ${table}\n`));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await sleep(50);
  }
}

/** `rounds` pay-after rounds at table `tableNo`, each a rice (with a line remark) and a juice. */
async function orderRounds(tableNo: number, rounds: number) {
  const table = demoIds.table(base, tableNo);
  const client = await atTable(h, await guestClient(h), table);
  let sheetId = '';
  for (let n = 1; n <= rounds; n += 1) {
    const res = await submit(
      client,
      dineInHeader(base, table, {
        ...(sheetId ? { SheetID: sheetId } : {}),
        TotalAmo: 80,
        Remark: `Round remark ${n}`,
      }),
      [line(RICE, 48, { Remarks: [`少辣 ${n}`] }), line(JUICE, 32)],
    );
    expect([res.errcode, res.errmsg, res.data.table1?.[0]?.RoundNo]).toEqual(['0', '', n]);
    sheetId = String(res.data.table1![0]!.SheetID);
  }
  return sheetId;
}

test("the wok's ticket is Big5 with the goods' traditional Chinese name and the remarks; the bar's has only the juice", async () => {
  const sheetId = await orderRounds(7, 1);
  const [ticket] = await until(
    'the wok ticket',
    () => jobsOf(wok, wokPort(), 'A07'),
    (j) => j.length === 1,
  );
  expect(ticket!.encoding).toBe('big5');
  expect(ticket!.text).toContain('枱號 A07'); // 枱: outside Big5, in HKSCS
  expect(ticket!.text).toContain('1 x 叉燒飯');
  expect(ticket!.text).toContain('* 少辣 1');
  expect(ticket!.text).toContain('備註：Round remark 1');
  expect(ticket!.text).toContain('第 1 輪');
  expect(ticket!.text).not.toContain('橙汁');
  expect(ticket!.cut).toBe(true);
  // What went over the wire is Big5 (叉燒飯 = A465 BF4E B6BA), not UTF-8.
  const [job] = await h.db.query<{ payload: Uint8Array }>(
    "SELECT payload FROM print_job WHERE sheet_id = $1 AND printer_id = $2 AND kind = 'ticket'",
    [sheetId, DEMO_PRINTER.wok],
  );
  const payload = Buffer.from(job!.payload);
  expect(payload.includes(iconv.encode('叉燒飯', 'big5'))).toBe(true);
  expect(payload.includes(Buffer.from('叉燒飯', 'utf8'))).toBe(false);
  // The bar (GB18030, simplified Chinese, 58 mm) got the juice and not the rice.
  const [barTicket] = await until(
    'the bar ticket',
    () => jobsOf(bar, barPort(), 'A07'),
    (j) => j.length === 1,
  );
  expect(barTicket!.text).toContain('桌号 A07');
  expect(barTicket!.text).toContain('鲜榨橙汁');
  expect(barTicket!.text).not.toContain('叉烧饭');
});

test('an offline printer queues its jobs and blocks no other; back, its backlog prints once, in order', async () => {
  await wok.setOffline(true);
  const sheetId = await orderRounds(8, 3);
  // The bar prints all three while the wok is off.
  const barJobs = await until(
    'the bar prints',
    () => jobsOf(bar, barPort(), 'A08'),
    (j) => j.length === 3,
  );
  expect(barJobs.map(roundOf)).toEqual([1, 2, 3]);
  const offline = await until(
    'the wok shows offline with 3 waiting',
    async () =>
      ((await staff('GET', `/staff/printers?baseId=${base}`)).json.printers as Json[]).find(
        (p) => p.printerId === DEMO_PRINTER.wok,
      )!,
    (p) => p.state === 'offline' && p.waiting === 3,
  );
  expect(offline.lastError).not.toBe('');
  expect(jobsOf(wok, wokPort(), 'A08')).toEqual([]);

  await wok.setOffline(false);
  const printed = await until(
    'the backlog prints',
    () => jobsOf(wok, wokPort(), 'A08'),
    (j) => j.length >= 3,
  );
  await sleep(600); // long enough for a duplicate to show
  expect(jobsOf(wok, wokPort(), 'A08').map(roundOf)).toEqual([1, 2, 3]);
  expect(printed.map((j) => j.text.includes(`少辣 ${roundOf(j)}`))).toEqual([true, true, true]);
  const rows = await h.db.query<{ state: string; n: number }>(
    'SELECT state, count(*)::int AS n FROM print_job WHERE sheet_id = $1 GROUP BY state',
    [sheetId],
  );
  expect(rows).toEqual([{ state: 'printed', n: 6 }]);
  const online = (
    (await staff('GET', `/staff/printers?baseId=${base}`)).json.printers as Json[]
  ).find((p) => p.printerId === DEMO_PRINTER.wok)!;
  expect([online.state, online.waiting]).toEqual(['online', 0]);
});

test('two service instances on one database print each job once, in order', async () => {
  // A second instance: its own app and worker (and, on PostgreSQL, its own connections) on the same database.
  const secondDb: Db = h.config.databaseUrl
    ? await openDb({
        databaseUrl: h.config.databaseUrl,
        poolSize: 3,
        maxQueue: 100,
        maxWaitMs: 5_000,
      })
    : h.db;
  const second = await buildServer({
    db: secondDb,
    config: { ...h.config, print: PRINT },
    logger: false,
  });
  try {
    await wok.setOffline(true);
    await bar.setOffline(true);
    await orderRounds(9, 8);
    await until(
      '16 jobs waiting',
      async () =>
        (
          await h.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM print_job WHERE state <> 'printed'",
          )
        )[0]!.n,
      (n) => n === 16,
    );
    await wok.setOffline(false);
    await bar.setOffline(false);
    await until(
      'the wok backlog',
      () => jobsOf(wok, wokPort(), 'A09'),
      (j) => j.length >= 8,
    );
    await until(
      'the bar backlog',
      () => jobsOf(bar, barPort(), 'A09'),
      (j) => j.length >= 8,
    );
    await sleep(600);
    expect(jobsOf(wok, wokPort(), 'A09').map(roundOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(jobsOf(bar, barPort(), 'A09').map(roundOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  } finally {
    await second.close();
    if (secondDb !== h.db) await secondDb.close();
  }
});

test('printers routes: listed, added by station name or "*", removed; refused without the token', async () => {
  for (const [method, path, body] of [
    ['GET', `/staff/printers?baseId=${base}`, undefined],
    [
      'POST',
      '/staff/printers',
      {
        baseId: base,
        name: 'X',
        host: '127.0.0.1',
        port: 9100,
        stations: ['*'],
        encoding: 'utf8',
        width: 80,
      },
    ],
    ['DELETE', `/staff/printers/${DEMO_PRINTER.bar}`, undefined],
  ] as const) {
    expect((await staff(method, path, body, { token: null })).status).toBe(401);
    expect((await staff(method, path, body, { token: 'wrong-token' })).status).toBe(401);
  }
  expect(
    (await staff('GET', `/staff/stations?baseId=${base}`, undefined, { token: null })).status,
  ).toBe(401);
  const stations = await staff('GET', `/staff/stations?baseId=${base}`, undefined, {
    lang: 'zh-CN',
  });
  expect([
    stations.status,
    (stations.json.stations as Json[]).map((s) => [
      s.stationId,
      s.name,
      (s.classIds as string[]).length,
    ]),
  ]).toEqual([
    200,
    [
      ['ST0000000101', '炒锅', 5],
      ['ST0000000102', '水吧', 1],
      ['ST0000000103', '甜品', 1],
    ],
  ]);
  expect((await staff('GET', '/staff/stations?baseId=nowhere')).status).toBe(404);
  const list = await staff('GET', `/staff/printers?baseId=${base}`, undefined, { lang: 'zh-TW' });
  expect(list.status).toBe(200);
  const names = (list.json.printers as Json[]).map((p) => [
    p.name,
    p.encoding,
    p.width,
    (p.stations as Json[]).map((s) => s.name),
  ]);
  expect(names).toEqual([
    ['Bar', 'gb18030', 58, ['水吧', '甜品']],
    ['Wok', 'big5', 80, ['鑊']],
  ]);

  const byName = await staff('POST', '/staff/printers', {
    baseId: base,
    name: 'Grill',
    host: '127.0.0.1',
    port: 9100,
    stations: ['Dessert', '鑊'],
    encoding: 'big5',
    width: 58,
  });
  expect(byName.status).toBe(201);
  const grill = byName.json.printer as Json;
  expect([
    grill.allStations,
    (grill.stations as Json[]).map((s) => s.stationId),
    grill.language,
    grill.state,
    grill.waiting,
  ]).toEqual([false, ['ST0000000101', 'ST0000000103'], 'zh-TW', 'unknown', 0]);
  const all = await staff('POST', '/staff/printers', {
    baseId: base,
    name: 'Pass',
    host: 'pass.local',
    port: 9100,
    stations: ['*'],
    encoding: 'utf8',
    width: 80,
  });
  expect(all.status).toBe(201);
  expect([
    (all.json.printer as Json).allStations,
    ((all.json.printer as Json).stations as Json[]).length,
  ]).toEqual([true, 3]);

  const unknown = await staff(
    'POST',
    '/staff/printers',
    {
      baseId: base,
      name: 'Fryer',
      host: '127.0.0.1',
      port: 9100,
      stations: ['Fryer'],
      encoding: 'big5',
      width: 80,
    },
    { lang: 'zh-TW' },
  );
  expect([unknown.status, unknown.json.error]).toEqual([400, '該門店沒有工作站「Fryer」。']);
  const twice = await staff('POST', '/staff/printers', {
    baseId: base,
    name: 'grill',
    host: '127.0.0.1',
    port: 9100,
    stations: ['*'],
    encoding: 'big5',
    width: 80,
  });
  expect(twice.status).toBe(409);
  const badWidth = await staff('POST', '/staff/printers', {
    baseId: base,
    name: 'W',
    host: '127.0.0.1',
    port: 9100,
    stations: ['*'],
    encoding: 'big5',
    width: 76,
  });
  expect(badWidth.status).toBe(400);
  const badEncoding = await staff('POST', '/staff/printers', {
    baseId: base,
    name: 'E',
    host: '127.0.0.1',
    port: 9100,
    stations: ['*'],
    encoding: 'shiftjis',
    width: 80,
  });
  expect(badEncoding.status).toBe(400);

  for (const p of [grill, all.json.printer as Json]) {
    const gone = await staff('DELETE', `/staff/printers/${String(p.printerId)}`);
    expect([gone.status, gone.json.deleted]).toEqual([200, true]);
    expect((await staff('DELETE', `/staff/printers/${String(p.printerId)}`)).status).toBe(404);
  }
  const after = await staff('GET', `/staff/printers?baseId=${base}`);
  expect((after.json.printers as Json[]).map((p) => p.name)).toEqual(['Bar', 'Wok']);
  // Each printer added and removed is in the audit table, with who (the automation key here).
  const audited = await h.db.query<{ action: string; target: string; actor: string; before: Json | null; after: Json | null }>(
    "SELECT action, target, actor, before, after FROM staff_audit WHERE action LIKE 'printer.%' AND target = ANY ($1::text[]) ORDER BY audit_id",
    [[String(grill.printerId), String((all.json.printer as Json).printerId)]],
  );
  expect(audited.map((a) => [a.action, a.target, a.actor])).toEqual([
    ['printer.add', grill.printerId, 'automation'],
    ['printer.add', (all.json.printer as Json).printerId, 'automation'],
    ['printer.remove', grill.printerId, 'automation'],
    ['printer.remove', (all.json.printer as Json).printerId, 'automation'],
  ]);
  expect(audited[0]!.after).toMatchObject({ name: 'Grill', encoding: 'big5', width: 58, stations: ['ST0000000103', 'ST0000000101'] }); // as asked: Dessert, 鑊
  expect(audited[2]!.before).toMatchObject({ name: 'Grill', port: 9100 });
});

test('a reprint prints the round again, saying REPRINT / 重印; the ticket itself is enqueued once', async () => {
  const sheetId = await orderRounds(10, 2);
  await until(
    'round 2 printed',
    () => jobsOf(wok, wokPort(), 'A10'),
    (j) => j.length === 2,
  );
  const res = await staff('POST', `/staff/sheets/${sheetId}/reprint`, {
    round: 1,
    printerId: DEMO_PRINTER.wok,
  });
  expect(res.status).toBe(200);
  expect(res.json.jobs).toEqual([{ jobId: expect.any(String), printerId: DEMO_PRINTER.wok }]);
  const jobs = await until(
    'the reprint',
    () => jobsOf(wok, wokPort(), 'A10'),
    (j) => j.length === 3,
  );
  expect(jobs.map(roundOf)).toEqual([1, 2, 1]);
  expect(jobs[2]!.text).toContain('重印 / REPRINT');
  expect(jobs[0]!.text).not.toContain('重印');
  expect((await staff('POST', `/staff/sheets/${sheetId}/reprint`, { round: 9 })).status).toBe(404);
  expect(
    (await staff('POST', `/staff/sheets/${sheetId}/reprint`, { round: 1 }, { token: null })).status,
  ).toBe(401);
  // The round's ticket again (a retried payment callback, a second call): nothing new.
  const { enqueueKitchenTickets } = await import('./queue');
  expect(await h.db.transaction((tx) => enqueueKitchenTickets(tx, sheetId, 1))).toEqual([]);
});

test('a pay-before order prints when paid (or when its customer pays later), not when submitted', async () => {
  const member = await signIn(h, await insertMember(h, 500));
  const placed = await submit(member, pickupHeader({ TotalAmo: 49, Remark: 'Extra napkins' }), [
    line(RICE, 48, { Remarks: ['No spring onion'] }),
  ]);
  expect([placed.errcode, placed.errmsg]).toEqual(['0', '']);
  const sheetId = String(placed.data.table1![0]!.SheetID);
  await sleep(300);
  expect(await h.db.query('SELECT job_id FROM print_job WHERE sheet_id = $1', [sheetId])).toEqual(
    [],
  );
  ok(
    await member.call('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', [
      { SheetID: sheetId, PayAmo: 49 },
    ]),
  );
  // Its pickup number of the day (issue 26 section 4), printed large.
  const [{ pickup_no: no }] = (await h.db.query<{ pickup_no: string }>('SELECT pickup_no FROM sheet WHERE sheet_id = $1', [sheetId])) as [{ pickup_no: string }];
  expect(no).toMatch(/^\d{3,}$/);
  const [ticket] = await until(
    'the paid ticket',
    () => quick.jobs.filter((j) => j.text.includes(`Pickup ${no}`)),
    (j) => j.length === 1,
  );
  // The quick-service kitchen's printer: UTF-8, English, every station.
  expect(ticket!.encoding).toBe('utf8');
  expect(ticket!.text).toContain('1 x BBQ Pork Rice');
  expect(ticket!.text).toContain('* No spring onion');
  expect(ticket!.text).toContain('Note: Extra napkins');
  expect(ticket!.text).toContain('Round 1');

  const later = await submit(member, pickupHeader({ TotalAmo: 49 }), [line(RICE, 48)]);
  const laterId = String(later.data.table1![0]!.SheetID);
  ok(
    await member.call('PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update', [{ SheetID: laterId }]),
  );
  await until(
    'the pay-later ticket',
    () => quick.jobs.filter((j) => j.text.includes(laterId)),
    (j) => j.length === 1,
  );
});

test("the ticket shows the time the kitchen received the round in the outlet's zone, and prints at once with the sandbox clock moved", async () => {
  const moved = new Date(Date.now() + 3 * 3_600_000);
  h.setNow(moved);
  try {
    await orderRounds(11, 1);
    const [ticket] = await until(
      'the ticket',
      () => jobsOf(wok, wokPort(), 'A11'),
      (j) => j.length === 1,
    );
    const macau = DateTime.fromJSDate(moved, { zone: 'Asia/Macau' });
    expect(ticket!.text).toContain(macau.toFormat('yyyy-LL-dd HH:'));
  } finally {
    h.setNow(null);
  }
});
