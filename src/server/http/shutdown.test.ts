/**
 * A rolling restart (issue 22, item 14). In process: while the service
 * drains, a request taken before the drain finishes with its real answer,
 * new requests are told to try again (50300 with Retry-After, HTTP 200 as
 * every envelope; /healthz 503), live streams are told to reconnect; then it
 * closes. And the real service (src/server/main.ts) in a child process,
 * SIGTERMed while customers submit orders: every acknowledged order is in
 * the database afterwards, no answer is a 5xx, every request sent before
 * the signal got an answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { catalogue } from '../../shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, encodeForm, ErrorCode } from '../../shared/protocol/envelope';
import { openDb } from '../db/driver';
import { DEMO } from '../db/seed';
import { GatewayClient, startHarness, throwawayDatabase, type Harness } from '../test/harness';
import { guestClient, line, pickupHeader, submit } from '../test/orders';
import { openSse } from '../test/sseClient';
import { gracefulClose } from './shutdown';

jest.setTimeout(240_000);

const guestLoginBody = () =>
  encodeForm({
    HBBWSType: String(catalogue.EntVip_EntVipGuestLogin_Add.service),
    strKeyName: 'EntVip_EntVipGuestLogin_Add',
    strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO.entId, UserID: DEMO.userId, AppID: '@AppID', Secret: '@Secret', BSN: '@BSN' }] }),
    strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
    IsRSA: '0',
  });

describe('the drain, in process', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  test('in flight finishes; new requests get 50300 + Retry-After; streams are told to reconnect; then it closes', async () => {
    const customer = await guestClient(h);
    const stream = await openSse(`${h.url}/events/orders`, { cookie: customer.cookie });
    expect(stream.status).toBe(200);
    const vips = async () => Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM vip'))[0]!.n);

    // A request in flight: its headers and half its body are in when the drain begins.
    const body = guestLoginBody();
    const { hostname, port } = new URL(h.url);
    const raw = connect({ host: hostname, port: Number(port) });
    let answer = '';
    raw.on('data', (c: Buffer) => (answer += c.toString()));
    const answered = new Promise<void>((r) => raw.once('end', () => r()));
    raw.write(`POST /HBBAPI/GetData HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    raw.write(body.slice(0, 40));
    await new Promise((r) => setTimeout(r, 200));

    const before = await vips();
    let closed = false;
    const closing = gracefulClose(h.app, 10_000).then((report) => {
      closed = true;
      return report;
    });

    // The stream is told to reconnect (elsewhere), after a jittered pause, and closed.
    const bye = await stream.next((f) => f.event === 'reconnect');
    expect(JSON.parse(bye.data).retryMs).toBeGreaterThanOrEqual(500);
    await stream.closed;

    // A new request is not run: 50300, HTTP 200, Retry-After, Connection: close; nothing written.
    const late = await new GatewayClient(h.url).raw(guestLoginBody());
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ errcode: ErrorCode.busy, errmsg: 'We are very busy right now. Please try again in a moment.' });
    expect(late.headers.get('retry-after')).toBe('1');
    expect(late.headers.get('connection')).toBe('close');
    const health = await fetch(`${h.url}/healthz`);
    expect(health.status).toBe(503);
    // A stream asked for now is told at once to reconnect.
    const lateStream = await openSse(`${h.url}/events/orders`, { cookie: customer.cookie });
    expect(lateStream.status).toBe(200);
    await lateStream.next((f) => f.event === 'reconnect');
    await lateStream.closed;
    expect(await vips()).toBe(before);

    // The request in flight is still waited for...
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(false);
    // ...and, its body complete, runs and answers for real.
    raw.write(body.slice(40));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"errcode":"0"');
    expect(answer).toMatch(/set-cookie: hbb_sid=/i);
    expect(await vips()).toBe(before + 1);

    const report = await closing;
    expect(report).toMatchObject({ cut: 0 });
    expect(report.refused).toBeGreaterThanOrEqual(2);
    await expect(fetch(`${h.url}/healthz`)).rejects.toThrow();
  });
});

describe('SIGTERM to the real service under load', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  });

  /** A fresh PostgreSQL database when DATABASE_URL names a server (as the harness does), else PGlite on disk. */
  async function database(): Promise<Record<string, string>> {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      dataDir = mkdtempSync(join(tmpdir(), 'hbb-shutdown-'));
      return { DATA_DIR: dataDir };
    }
    ({ url: databaseUrl, drop: dropDatabase } = await throwawayDatabase(adminUrl));
    return { DATABASE_URL: databaseUrl };
  }

  test('no acknowledged order is lost, no 5xx, every request sent before the signal is answered', async () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      STATIC_DIR: '',
      SANDBOX: '1',
      SEED_DEMO: '1',
      LOG: '0',
      SHUTDOWN_GRACE_MS: '10000',
      RATE_LIMIT_MEMBER: '1000000',
      RATE_LIMIT_IP: '1000000',
      ANON_WRITE_LIMIT_IP: '1000000',
      ANON_WRITE_LIMIT_GLOBAL: '1000000',
      ...(await database()),
    };
    const root = resolve(__dirname, '..', '..', '..');
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`the service did not start: ${out}`)), 120_000);
      const look = () => {
        const m = /Ordering service on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolveUrl(m[1]!);
        }
      };
      proc.stdout!.on('data', look);
      void exited.then(() => reject(new Error(`the service exited before it was ready: ${out}`)));
    });

    // Customers, signed in before the restart, and a stream that should be told to reconnect.
    const WORKERS = 12;
    const h = { url } as Harness;
    const customers = await Promise.all(Array.from({ length: WORKERS }, () => guestClient(h)));
    const stream = await openSse(`${url}/events/orders`, { cookie: customers[0]!.cookie });
    expect(stream.status).toBe(200);

    interface Outcome {
      sentAt: number;
      status?: number;
      errcode?: string;
      retryAfter?: string | null;
      sheetId?: string;
      error?: string;
    }
    const outcomes: Outcome[] = [];
    let signalledAt = Infinity;
    let gone = false;
    const worker = async (client: GatewayClient) => {
      while (!gone) {
        const o: Outcome = { sentAt: performance.now() };
        outcomes.push(o);
        try {
          const header = pickupHeader({ TotalAmo: 49 });
          const res = await client.raw(
            encodeForm({
              HBBWSType: String(catalogue.PosSalSheet_NewCYSendSheetSubmit_Add.service),
              strKeyName: 'PosSalSheet_NewCYSendSheetSubmit_Add',
              strJsonData: JSON.stringify({
                tableData: [{ EntID: DEMO.entId, UserID: DEMO.userId, AppID: '@AppID', Secret: '@Secret', BSN: '@BSN', ...header }],
                Item1: [{ ...line(DEMO.goods.bbqPorkRice, 48), ItemID: 1 }],
              }),
              strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
              IsRSA: '0',
            }),
          );
          o.status = res.status;
          o.errcode = res.json.errcode;
          o.retryAfter = res.headers.get('retry-after');
          if (res.json.errcode === '0') o.sheetId = String(res.json.data.table1?.[0]?.SheetID);
          else if (res.json.errcode === ErrorCode.busy) await new Promise((r) => setTimeout(r, 20));
        } catch (err) {
          o.error = String((err as { cause?: { code?: string } }).cause?.code ?? err);
          if (performance.now() > signalledAt) await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    // One order first: the path works before the load starts.
    expect((await submit(customers[1]!, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)])).errcode).toBe('0');
    const load = Promise.all(customers.map(worker));
    await new Promise((r) => setTimeout(r, 1_500));
    signalledAt = performance.now();
    proc.kill('SIGTERM');
    const reconnect = stream.next((f) => f.event === 'reconnect', 15_000);
    const code = await exited;
    const exitedAt = performance.now();
    // Keep sending a little after the exit (connections are refused then), then stop.
    await new Promise((r) => setTimeout(r, 300));
    gone = true;
    await load;

    expect(code).toBe(0);
    expect(JSON.parse((await reconnect).data).retryMs).toBeGreaterThan(0);
    const answered = outcomes.filter((o) => o.status !== undefined);
    const acknowledged = answered.filter((o) => o.errcode === '0');
    const busy = answered.filter((o) => o.errcode === ErrorCode.busy);
    const beforeSignal = outcomes.filter((o) => o.sentAt < signalledAt);
    const unanswered = outcomes.filter((o) => o.error);
    const tally = (xs: string[]) => xs.reduce<Record<string, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});
    console.log(
      `SIGTERM under load: ${outcomes.length} submits, ${acknowledged.length} acknowledged, ${busy.length} told to try again (50300), ` +
        `${unanswered.length} not answered (sent after the signal: ${JSON.stringify(tally(unanswered.map((o) => o.error!)))}); ` +
        `exit ${Math.round(exitedAt - signalledAt)} ms after the signal. The service said: ${out.split('\n').filter((l) => /SIGTERM|closed in/.test(l)).join(' / ')}`,
    );
    // No 5xx; every answer is an order or "try again" (with Retry-After).
    expect(answered.filter((o) => o.status! >= 500)).toEqual([]);
    expect(answered.filter((o) => o.errcode !== '0' && o.errcode !== ErrorCode.busy)).toEqual([]);
    expect(busy.filter((o) => o.retryAfter !== '1')).toEqual([]);
    // Every request sent before the signal was answered (the ones in flight finished).
    expect(beforeSignal.filter((o) => o.status === undefined)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);

    // Every acknowledged order is in the database.
    const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
    try {
      const ids = acknowledged.map((o) => o.sheetId!);
      const found = await db.query<{ sheet_id: string }>('SELECT sheet_id FROM sheet WHERE sheet_id = ANY($1::text[])', [ids]);
      expect(found.length).toBe(new Set(ids).size);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await db.close();
    }
  });
});
