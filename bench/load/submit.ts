/**
 * Order submits at a fixed offered rate against a running service
 * (autocannon, `overallRate`): pickup orders of one demo goods by GUESTS
 * guests in turn, each submit a new LocalSheetID (so every request places an
 * order; none is answered from the idempotency record). A submit counts as an
 * error when its envelope's errcode is not "0" (the service answers errors
 * with HTTP 200), or when the connection fails or times out.
 *
 * The service must be started with the order limits lifted for the bench
 * (SUBMIT_BENCH_ENV: one IP places thousands of orders a minute); they are
 * still counted on every submit. Submits refused by a limit (42900) are
 * errors, so a service with the limits in place shows them.
 *
 * Alone, for measuring the submit path (the service in a child process,
 * bench/loadServiceProcess.ts; PGlite in memory, or a fresh database on the
 * server DATABASE_URL names):
 *
 *   node --import tsx bench/load/submit.ts [rate ...]          # default 250 500
 *   DATABASE_URL=postgres://... node --import tsx bench/load/submit.ts 500
 *   BENCH_CPU_PROF=dir node --import tsx bench/load/submit.ts  # the service's CPU profile in dir
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { DEMO } from '../../src/server/db/seed';
import { startService } from '../loadServiceProcess';
import { paced, type PacedResult } from './paced';
import { GatewayClient } from '../../src/server/test/harness';
import { catalogue } from '../../src/shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, encodeForm, GATEWAY_PATH } from '../../src/shared/protocol/envelope';

/** The env the service runs with for this scenario: the order limits lifted (still counted). */
export const SUBMIT_BENCH_ENV: Record<string, string> = { RATE_LIMIT_MEMBER: '1000000', RATE_LIMIT_IP: '1000000' };

const GUESTS = Number(process.env.BENCH_GUESTS ?? 200);
const OPERATION = 'PosSalSheet_NewCYSendSheetSubmit_Add';

/** A scenario's figures: what paced.ts measures, under the scenario's name. */
export interface ScenarioResult extends PacedResult {
  name: string;
}

/** What the submits need before the clock starts: the goods, GUESTS signed-in guests, and request n's body. */
async function prepareSubmits(baseUrl: string): Promise<{ cookies: string[]; bodyOf: (n: number) => string }> {
  const probe = new GatewayClient(baseUrl);
  const list = await probe.call('HBBPos_GoodsClass_GoodsList_V9_Get', [{ ShopID: DEMO.shops.main, PageIndex: 1, PageSize: 1000 }]);
  const goods = (list.data.table1 ?? []).find((g) => g.GoodsCode === '143');
  if (!goods) throw new Error(`submit scenario: the demo goods 143 is not on the menu (${list.errcode} ${list.errmsg})`);
  const price = Number(goods.SalesPrice).toFixed(2);

  // Guests sign in before the clock starts (in small parallel batches).
  const cookies: string[] = [];
  for (let i = 0; i < GUESTS; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, GUESTS - i) }, async () => {
        const c = new GatewayClient(baseUrl);
        const res = await c.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId, ShopID: DEMO.shops.main }]);
        if (res.errcode !== '0') throw new Error(`guest sign-in: ${res.errcode} ${res.errmsg}`);
        return c.cookie;
      }),
    );
    cookies.push(...batch);
  }

  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const bodyOf = (n: number) =>
    encodeForm({
      HBBWSType: String(catalogue[OPERATION].service),
      strKeyName: OPERATION,
      strJsonData: JSON.stringify({
        tableData: [
          {
            EntID: DEMO.entId, UserID: DEMO.userId, AppID: '@AppID', Secret: '@Secret', BSN: '@BSN', AppName: 'bench',
            ShopID: DEMO.shops.main, BaseID: DEMO.bases.quick, TableID: '', SheetID: '', BusinessMode: '1', TakeType: 'pickup',
            TakeTime: '', Remark: '', Count: 1, Qua: 1, SalesAmo: price, DisAmo: 0, FeeAmo: 0, BagAmo: 0, CouponAmo: 0,
            TotalAmo: price, LocalSheetID: `${runId}-${n}`, PosType: '7', PayMode: 'prepay',
          },
        ],
        Item1: [
          {
            ItemID: 1, GoodsID: goods.GoodsID, SkuID: '', PUnit: '', Qua: 1, PQua: 0, MQua: 1, Ref: 1, Price: price, PUnitPrice: 0,
            SalesPrice: price, Amo: price, DisAmo: 0, SalType: '0', Bom: '[]', Attachments: '[]', Remarks: '',
          },
        ],
      }),
      strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
      IsRSA: '0',
      APIEntID: DEMO.entId,
    });
  return { cookies, bodyOf };
}

const submitHeaders = (cookie: string) => ({ 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', cookie });

export async function submitScenario(opts: { baseUrl: string; rate: number; durationSec: number; connections: number }): Promise<ScenarioResult> {
  const { baseUrl, rate, durationSec, connections } = opts;
  const { cookies, bodyOf } = await prepareSubmits(baseUrl);
  let sent = 0;
  let refused = 0;
  const byCode = new Map<string, { count: number; msg: string }>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        overallRate: rate,
        duration: durationSec,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: GATEWAY_PATH,
            setupRequest: (req) => {
              const n = sent++;
              return {
                ...req,
                headers: submitHeaders(cookies[n % cookies.length]!),
                body: bodyOf(n),
              };
            },
            onResponse: (status, body) => {
              if (status !== 200) return;
              let code = '?';
              let msg = '';
              try {
                const env = JSON.parse(body) as { errcode: string; errmsg: string };
                code = env.errcode;
                msg = env.errmsg;
              } catch {
                msg = body.slice(0, 100);
              }
              if (code === '0') return;
              refused += 1;
              const seen = byCode.get(code);
              if (seen) seen.count += 1;
              else byCode.set(code, { count: 1, msg });
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('error', reject);
  });
  if (byCode.size > 0) {
    console.error(`submit @${rate}/s refused: ${[...byCode].map(([code, { count, msg }]) => `${code} x${count} (${msg})`).join('; ')}`);
  }
  return {
    name: `submit @${rate}/s`,
    requests: result.requests.total,
    rps: Number((result.requests.total / durationSec).toFixed(1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + refused,
    non2xx: result.non2xx,
  };
}

/**
 * The same submits arriving steadily, one every 1/rate s (./paced.ts), latency
 * counted from when each was due; autocannon's rate arrives in bursts at each
 * second's start (see paced.ts), so both are reported.
 */
export async function pacedSubmitScenario(opts: { baseUrl: string; rate: number; durationSec: number; connections: number }): Promise<ScenarioResult> {
  const { baseUrl, rate, durationSec, connections } = opts;
  const { cookies, bodyOf } = await prepareSubmits(baseUrl);
  const r = await paced({
    url: baseUrl,
    rate,
    durationSec,
    connections,
    request: (n) => ({ path: GATEWAY_PATH, headers: submitHeaders(cookies[n % cookies.length]!), body: bodyOf(n) }),
    ok: (body) => body.includes('"errcode":"0"'),
  });
  return { name: `submit @${rate}/s paced`, ...r };
}

async function main() {
  const rates = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const durationSec = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  // The order limits lifted; the pool's size and queue as the caller's env sets them (to compare sizes).
  const pool: Record<string, string> = {};
  for (const key of ['DB_POOL_SIZE', 'DB_POOL_QUEUE']) if (process.env[key]) pool[key] = process.env[key]!;
  const service = await startService({ ...SUBMIT_BENCH_ENV, ...pool });
  try {
    for (const rate of rates.length > 0 ? rates : [250, 500]) {
      for (const scenario of [submitScenario, pacedSubmitScenario]) {
        const r = await scenario({ baseUrl: service.url, rate, durationSec, connections });
        const load = loadavg().map((l) => l.toFixed(2)).join(', ');
        console.log(`${service.kind}: ${JSON.stringify(r)} (limits lifted: ${JSON.stringify(SUBMIT_BENCH_ENV)}; load average ${load})`);
      }
    }
  } finally {
    await service.stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
