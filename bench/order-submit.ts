/**
 * Order submit time at the service: 1,000 pickup orders, one at a time, by
 * 50 guests (20 each, within the per-member rate limit's window when it is
 * raised for the bench), through the real HTTP gateway; median and 99th
 * percentile. PGlite in memory by default; PostgreSQL with DATABASE_URL.
 *
 *   npm run bench -- submit
 *   DATABASE_URL=postgres://... npm run bench -- submit
 */
import { DEMO } from '../src/server/db/seed';
import { GatewayClient } from '../src/server/test/harness';
import { percentile, startBenchService } from './service';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const GUESTS = 50;

export async function orderSubmit(): Promise<Record<string, number | string>> {
  // The limits are lifted (1,000 submits in a minute from one IP), not skipped: each submit still counts against them.
  const service = await startBenchService(undefined, { RATE_LIMIT_MEMBER: '100000', RATE_LIMIT_IP: '100000' });
  try {
    const probe = new GatewayClient(service.url);
    const list = await probe.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: DEMO.shops.main, PageIndex: 1, PageSize: 1000 }]);
    const goods = (list.data.table1 ?? []).find((g) => g.GoodsCode === '143')!;
    const price = Number(goods.SalesPrice).toFixed(2);
    const guests: GatewayClient[] = [];
    for (let i = 0; i < GUESTS; i += 1) {
      const c = new GatewayClient(service.url);
      await c.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId, ShopID: DEMO.shops.main }]);
      guests.push(c);
    }
    const times: number[] = [];
    let failures = 0;
    let firstFailure = '';
    for (let i = 0; i < ORDERS; i += 1) {
      const client = guests[i % GUESTS]!;
      const localId = `${Date.now()}${String(i).padStart(6, '0')}`;
      const started = performance.now();
      const res = await client.call(
        'PosSalSheet_NewCYSendSheetSubmit_Add',
        [{
          EntID: DEMO.entId, UserID: DEMO.userId, ShopID: DEMO.shops.main, BaseID: DEMO.bases.quick, TableID: '', SheetID: '',
          BusinessMode: '1', TakeType: 'pickup', TakeTime: '', Remark: '', Count: 1, Qua: 1, SalesAmo: price, DisAmo: 0, FeeAmo: 0,
          BagAmo: 0, CouponAmo: 0, TotalAmo: price, LocalSheetID: localId, PosType: '7', PayMode: 'prepay',
        }],
        { Item1: [{ ItemID: 1, GoodsID: goods.GoodsID, SkuID: '', PUnit: '', Qua: 1, PQua: 0, MQua: 1, Ref: 1, Price: price, PUnitPrice: 0, SalesPrice: price, Amo: price, DisAmo: 0, SalType: '0', Bom: '[]', Attachments: '[]', Remarks: '' }] },
      );
      times.push(performance.now() - started);
      if (res.errcode !== '0') {
        failures += 1;
        firstFailure ||= `${res.errcode} ${res.errmsg}`;
      }
    }
    times.sort((a, b) => a - b);
    return {
      database: service.db.kind,
      orders: ORDERS,
      failures,
      ...(firstFailure ? { firstFailure } : {}),
      medianMs: Number(percentile(times, 50).toFixed(1)),
      p99Ms: Number(percentile(times, 99).toFixed(1)),
      maxMs: Number(times[times.length - 1]!.toFixed(1)),
    };
  } finally {
    await service.close();
  }
}
