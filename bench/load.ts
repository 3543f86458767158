/**
 * Load at the service (issue 15): autocannon at 50 connections against the
 * real service in a child process (bench/load-service.ts; PGlite in memory,
 * or a fresh database on the server DATABASE_URL names), each scenario for
 * BENCH_SECONDS (10) s:
 *
 *   static          a tiny static file of the same service (396 bytes, /oss/): the ceiling
 *   menu            the whole-menu read (HBBPos_GoodsClass_GoodsList_V9_Get of the demo
 *                   shop) as the app sends it (form, Accept-Language, Accept-Encoding of a
 *                   browser), as fast as the service answers
 *   menu @N/s       the same at the goal's fixed offered rate (2,000/s on PostgreSQL, 1,000/s
 *                   on PGlite): the latency the goal speaks of
 *   submit @N/s     bench/load/submit.ts's order submits, autocannon's and arriving steadily
 *
 * Prints req/s, p50, p99 (ms), errors (connection errors, timeouts, envelopes that are not
 * "0"), non-2xx answers and each scenario's ratio to the static file's req/s, with the
 * machine's load average before and after.
 *
 *   npm run bench -- load
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench -- load
 *   BENCH_CPU_PROF=dir npm run bench -- load      # the service's CPU profile in dir
 *   BENCH_SCENARIOS=static,menu npm run bench -- load
 *   MENU_CACHE_MB=0 npm run bench -- load          # the menu read without its cache
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { pacedSubmitScenario, SUBMIT_BENCH_ENV, submitScenario, type ScenarioResult } from './load/submit';
import { startService } from './loadServiceProcess';
import { paced } from './load/paced';
import { DEMO } from '../src/server/db/seed';
import { catalogue } from '../src/shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, encodeForm, GATEWAY_PATH, PLACEHOLDERS } from '../src/shared/protocol/envelope';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STATIC_PATH = '/oss/goods/g0101.svg';
const MENU_OP = 'HBBPos_GoodsClass_GoodsList_V9_Get';
/** What a browser sends (the app's fetch adds nothing else that matters here). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';


/** The menu request exactly as the app builds it (src/client/app/baseQuery.ts buildJsonData, features/menu/menuApi.ts goodsList). */
export function menuRequestBody(): string {
  return encodeForm({
    HBBWSType: String(catalogue[MENU_OP].service),
    strKeyName: MENU_OP,
    strJsonData: JSON.stringify({
      tableData: [
        {
          EntID: DEMO.entId, UserID: DEMO.userId, AppID: PLACEHOLDERS.AppID, Secret: PLACEHOLDERS.Secret, BSN: PLACEHOLDERS.BSN,
          AppName: 'HBBOrder', ShopID: DEMO.shops.main, BaseID: DEMO.bases.dineIn, ClassID: '', PageIndex: 1, PageSize: 10000,
        },
      ],
    }),
    strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
    IsRSA: '0',
    APIEntID: DEMO.entId,
  });
}

/** One autocannon run; a 200 answer of the gateway whose envelope is not "0" counts as an error. */
async function cannon(
  name: string,
  baseUrl: string,
  request: { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string; envelope?: boolean },
  rate?: number,
): Promise<ScenarioResult> {
  let refused = 0;
  let firstRefusal = '';
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 10,
        ...(rate ? { overallRate: rate } : {}),
        requests: [
          {
            method: request.method,
            path: request.path,
            headers: request.headers,
            ...(request.body !== undefined ? { body: request.body } : {}),
            ...(request.envelope
              ? {
                  // The body is compressed (the browser's Accept-Encoding): a refusal is small and
                  // never compressed (under the 1 KiB threshold), a menu is; check the uncompressed ones.
                  onResponse: (status: number, body: string) => {
                    if (status !== 200 || !body.startsWith('{')) return;
                    if (!body.startsWith('{"errcode":"0"')) {
                      refused += 1;
                      firstRefusal ||= body.slice(0, 160);
                    }
                  },
                }
              : {}),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('error', reject);
  });
  if (firstRefusal) console.error(`${name}: ${refused} refused, first: ${firstRefusal}`);
  return {
    name,
    requests: result.requests.total,
    rps: Number((result.requests.total / SECONDS).toFixed(1)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + refused,
    non2xx: result.non2xx,
  };
}

/** A plain check before the clock runs: the menu answers and is the demo menu (a broken service would look fast). */
async function checkMenu(baseUrl: string, body: string): Promise<{ goods: number; bytes: number; compressedBytes: number }> {
  const res = await fetch(`${baseUrl}${GATEWAY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body,
  });
  const text = await res.text();
  const answer = JSON.parse(text) as { errcode: string; errmsg: string; data: { table1?: unknown[] } };
  if (answer.errcode !== '0') throw new Error(`menu read refused: ${answer.errcode} ${answer.errmsg}`);
  return { goods: answer.data.table1?.length ?? 0, bytes: Buffer.byteLength(text), compressedBytes: await brotliSize(baseUrl, body) };
}

/** The menu's bytes on the wire for a browser (fetch would decompress them). */
function brotliSize(baseUrl: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${GATEWAY_PATH}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', 'accept-encoding': 'br' } },
      (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function load(): Promise<Record<string, number | string>> {
  const wanted = new Set((process.env.BENCH_SCENARIOS ?? 'static,menu,menu-rate,submit').split(','));
  const submit = wanted.has('submit');
  const loadBefore = loadavg().map((l) => l.toFixed(2)).join(', ');
  // MENU_CACHE_MB=0 measures the menu read without its cache (every read from the database).
  const cacheEnv: Record<string, string> = process.env.MENU_CACHE_MB !== undefined ? { MENU_CACHE_MB: process.env.MENU_CACHE_MB } : {};
  const service = await startService({ ...(submit ? SUBMIT_BENCH_ENV : {}), ...cacheEnv });
  const postgres = service.kind === 'postgres';
  const results: ScenarioResult[] = [];
  const out: Record<string, number | string> = { database: service.kind, connections: CONNECTIONS, seconds: SECONDS, loadBefore };
  try {
    const body = menuRequestBody();
    const menu = await checkMenu(service.url, body);
    Object.assign(out, { menuGoods: menu.goods, menuBytes: menu.bytes, menuBrotliBytes: menu.compressedBytes });
    const menuRequest = {
      method: 'POST' as const,
      path: GATEWAY_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      body,
      envelope: true,
    };
    if (wanted.has('static')) {
      results.push(await cannon('static', service.url, { method: 'GET', path: STATIC_PATH, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }));
    }
    if (wanted.has('menu')) results.push(await cannon('menu', service.url, menuRequest));
    if (wanted.has('menu-rate')) {
      const rate = postgres ? 2000 : 1000;
      results.push(await cannon(`menu @${rate}/s`, service.url, menuRequest, rate));
      // The same rate arriving steadily (autocannon's rate comes in bursts at each second's start: bench/load/paced.ts).
      const steady = await paced({
        url: service.url,
        rate,
        durationSec: SECONDS,
        connections: CONNECTIONS,
        request: () => ({ path: menuRequest.path, headers: menuRequest.headers, body: menuRequest.body }),
        ok: () => true,
      });
      results.push({ name: `menu @${rate}/s paced`, ...steady });
    }
    const stats = await service.cacheStats();
    out.menuCache = stats ? JSON.stringify(stats) : 'off';
    if (submit) {
      const rate = postgres ? 500 : 200;
      results.push(await submitScenario({ baseUrl: service.url, rate, durationSec: SECONDS, connections: CONNECTIONS }));
      results.push(await pacedSubmitScenario({ baseUrl: service.url, rate, durationSec: SECONDS, connections: CONNECTIONS }));
    }
  } finally {
    await service.stop();
  }
  const ceiling = results.find((r) => r.name === 'static')?.rps;
  for (const r of results) {
    const ratio = ceiling ? ` (${(r.rps / ceiling).toFixed(3)} of static)` : '';
    console.log(
      `  ${service.kind} ${r.name.padEnd(22)} ${String(r.rps).padStart(8)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  non-2xx ${r.non2xx}${ratio}`,
    );
    out[`${r.name} rps`] = r.rps;
    out[`${r.name} p50`] = r.p50;
    out[`${r.name} p99`] = r.p99;
    out[`${r.name} errors`] = r.errors + r.non2xx;
    if (ceiling && r.name !== 'static') out[`${r.name} ratio`] = Number((r.rps / ceiling).toFixed(3));
  }
  out.loadAfter = loadavg().map((l) => l.toFixed(2)).join(', ');
  return out;
}
