/**
 * Printed kitchen tickets under an outage (issue 26 sections 3 and 4): 500
 * tickets through the printer simulator (127.0.0.1 only) from 250 real pickup
 * orders, each submitted through the gateway and paid at the counter (POST
 * /staff/sheets/:id/close {"paidAtCounter": true}: its tickets are enqueued
 * then), to two printers that each print every station. Printer B is offline
 * for the first BENCH_PRINT_OFFLINE_S seconds (default 30: the 2
 * minutes compressed; BENCH_PRINT_OFFLINE_S=120 runs them whole) while the
 * orders come in spread over that window; then it is back. Checked: every
 * ticket printed exactly once on each printer, in the order the orders were
 * paid; measured: printer A's latency from payment to paper while B is
 * offline (median, p99), and how long B takes to print its backlog once back.
 *
 *   npm run build && npm run bench -- printing
 */
import { DEMO } from '../src/server/db/seed';
import { startPrinterSim } from '../src/server/providers/printerSim';
import { GatewayClient } from '../src/server/test/harness';
import { percentile, startBenchService } from './service';

const ORDERS = Number(process.env.BENCH_PRINT_ORDERS ?? 250);
const OFFLINE_S = Number(process.env.BENCH_PRINT_OFFLINE_S ?? 30);
const TOKEN = 'bench-printing-staff-token-0123456789';
const DEADLINE_MS = OFFLINE_S * 1000 + 180_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function printingBench(): Promise<Record<string, number | string>> {
  const sim = await startPrinterSim({ printers: [{ port: 0, encoding: 'utf8' }, { port: 0, encoding: 'utf8' }], outDir: null });
  const [portA, portB] = sim.ports as [number, number];
  const service = await startBenchService(
    async (db) => {
      // The quick outlet's printers: A and B, each every station, on the simulator.
      await db.query('DELETE FROM printer WHERE base_id = $1', [DEMO.bases.quick]);
      for (const [id, name, port] of [['PRBENCHA', 'A', portA], ['PRBENCHB', 'B', portB]] as const) {
        await db.query(
          `INSERT INTO printer (printer_id, base_id, name, host, port, all_stations, lang, encoding) VALUES ($1, $2, $3, '127.0.0.1', $4, true, 'en', 'utf8')`,
          [id, DEMO.bases.quick, name, port],
        );
      }
    },
    {
      STAFF_TOKEN: TOKEN,
      RATE_LIMIT_MEMBER: '100000',
      RATE_LIMIT_IP: '100000',
      PRINT_WORKER: '1',
      PRINT_POLL_MS: '500',
      PRINT_RETRY_MS: '500',
      PRINT_RETRY_MAX_MS: '4000',
      PRINT_SEND_TIMEOUT_MS: '2000',
    },
  );
  const paidAt = new Map<string, number>();
  const order: string[] = [];
  try {
    const probe = new GatewayClient(service.url);
    const list = await probe.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: DEMO.shops.main, PageIndex: 1, PageSize: 1000 }]);
    const goods = (list.data.table1 ?? []).find((g) => g.GoodsCode === '143')!;
    const price = Number(goods.SalesPrice).toFixed(2);
    const guest = new GatewayClient(service.url);
    await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId, ShopID: DEMO.shops.main }]);

    // Printer B on a simulator of its own (a simulator goes offline as a whole), offline from the start.
    const offlineB = await startPrinterSim({ printers: [{ port: 0, encoding: 'utf8' }], outDir: null });
    await service.db.query("UPDATE printer SET port = $1 WHERE printer_id = 'PRBENCHB'", [offlineB.ports[0]]);
    await offlineB.setOffline(true);
    const started = Date.now();
    const spacing = (OFFLINE_S * 1000 * 0.8) / ORDERS;
    for (let i = 0; i < ORDERS; i += 1) {
      const res = await guest.call(
        'PosSalSheet_NewCYSendSheetSubmit_Add',
        [{
          EntID: DEMO.entId, UserID: DEMO.userId, ShopID: DEMO.shops.main, BaseID: DEMO.bases.quick, TableID: '', SheetID: '',
          BusinessMode: '1', TakeType: 'pickup', TakeTime: '', Remark: '', Count: 1, Qua: 1, SalesAmo: price, DisAmo: 0, FeeAmo: 0,
          BagAmo: 0, CouponAmo: 0, TotalAmo: price, LocalSheetID: `${Date.now()}${String(i).padStart(6, '0')}`, PosType: '7', PayMode: 'prepay',
        }],
        { Item1: [{ ItemID: 1, GoodsID: goods.GoodsID, SkuID: '', PUnit: '', Qua: 1, PQua: 0, MQua: 1, Ref: 1, Price: price, PUnitPrice: 0, SalesPrice: price, Amo: price, DisAmo: 0, SalType: '0', Bom: '[]', Attachments: '[]', Remarks: '' }] },
      );
      if (res.errcode !== '0') throw new Error(`submit ${i}: ${res.errmsg}`);
      const sheetId = String(res.data.table1![0]!.SheetID);
      const paid = await fetch(`${service.url}/staff/sheets/${sheetId}/close`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ paidAtCounter: true }),
      });
      if (paid.status !== 200) throw new Error(`paid at the counter ${i}: HTTP ${paid.status}`);
      paidAt.set(sheetId, Date.now());
      order.push(sheetId);
      const due = started + (i + 1) * spacing;
      if (due > Date.now()) await sleep(due - Date.now());
    }
    const untilBack = started + OFFLINE_S * 1000 - Date.now();
    if (untilBack > 0) await sleep(untilBack);
    const waitingAtReturn = offlineB.jobs.length;
    await offlineB.setOffline(false);
    const back = Date.now();
    const end = Date.now() + DEADLINE_MS;
    while ((sim.jobs.length < ORDERS || offlineB.jobs.length < ORDERS) && Date.now() < end) await sleep(100);
    const drainedMs = Date.now() - back;
    await sleep(3_000); // nothing more may come (a ticket printed twice would)
    const sheetOf = (text: string) => order.find((id) => text.includes(id)) ?? '?';
    const printedA = sim.jobs.filter((j) => j.port === portA).map((j) => ({ sheet: sheetOf(j.text), at: j.receivedAt.getTime() }));
    const printedB = offlineB.jobs.map((j) => sheetOf(j.text));
    const once = (xs: string[]) => xs.length === ORDERS && new Set(xs).size === ORDERS && !xs.includes('?');
    const inOrder = (xs: string[]) => xs.every((id, i) => id === order[i]);
    const latencyA = printedA.map((p) => p.at - (paidAt.get(p.sheet) ?? NaN)).filter(Number.isFinite).sort((a, b) => a - b);
    const result = {
      database: service.db.kind,
      orders: ORDERS,
      tickets: printedA.length + printedB.length,
      offlineSeconds: OFFLINE_S,
      printerA: { printed: printedA.length, exactlyOnce: once(printedA.map((p) => p.sheet)), inOrder: inOrder(printedA.map((p) => p.sheet)) },
      printerB: { printed: printedB.length, exactlyOnce: once(printedB), inOrder: inOrder(printedB), printedWhileOffline: waitingAtReturn },
      aLatencyMedianMs: Math.round(percentile(latencyA, 50)),
      aLatencyP99Ms: Math.round(percentile(latencyA, 99)),
      bBacklogPrintedMsAfterBack: drainedMs,
    };
    await offlineB.close();
    return { ...result, printerA: JSON.stringify(result.printerA), printerB: JSON.stringify(result.printerB) };
  } finally {
    await service.close();
    await sim.close();
  }
}
