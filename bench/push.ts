/**
 * Push: 1,000 open customer streams (GET /events/orders, each its own guest
 * session with one order) while the kitchen makes 100 order changes a second
 * for 30 s (POST /staff/sheets/:id/progress, spread over the customers'
 * orders). The service runs in a child process (bench/push-service.ts) so its
 * memory is measured alone. Reports the delivery latency (from the change's
 * request to the event at its customer's stream: median, p99, max), the
 * service's memory (RSS and heap, before and at most during the run), and
 * checks by id that every stream received exactly its own events: none lost,
 * none twice, none of another customer's.
 *
 *   npm run bench -- push
 *   BENCH_STREAMS=200 BENCH_RATE=50 BENCH_SECONDS=10 npm run bench -- push
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { openSse, type SseClient } from '../src/server/test/sseClient';
import { percentile } from './service';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const STEPS = ['preparing', 'ready', 'completed'] as const;
const STAFF = { authorization: 'Bearer demo-staff-token', 'content-type': 'application/json' };

type Ready = { url: string; db: string; customers: { vipId: string; cookie: string; sheetId: string }[] };

function ask<T>(child: ChildProcess, type: string, extra: Record<string, unknown> = {}): Promise<T> {
  return new Promise((resolve) => {
    const handle = (msg: { type: string }) => {
      if (msg.type !== type) return;
      child.off('message', handle);
      resolve(msg as T);
    };
    child.on('message', handle);
    child.send({ type, ...extra });
  });
}

export async function push(): Promise<Record<string, number | string>> {
  const child = fork(join(__dirname, 'push-service.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_STREAMS: String(STREAMS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (msg: Ready & { type: string }) => (msg.type === 'ready' ? resolve(msg) : reject(new Error(String(msg.type)))));
    child.once('exit', (code) => reject(new Error(`service exited ${code}`)));
  });
  const streams: SseClient[] = [];
  try {
    const { url, customers } = ready;
    const { id: startId } = await ask<{ id: string }>(child, 'lastId');
    const memoryIdle = await ask<{ rss: number; heapUsed: number }>(child, 'memory');

    // Sent time of each change by sheet and step, to time its event at the stream.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const received = new Map<string, string[]>();
    for (let i = 0; i < customers.length; i += 1) {
      const c = customers[i]!;
      const got: string[] = [];
      received.set(c.vipId, got);
      streams.push(
        await openSse(`${url}/events/orders`, { cookie: c.cookie }, (f) => {
          if (f.event !== 'message' || !f.id) return;
          got.push(f.id);
          const e = JSON.parse(f.data) as { sheetId: string; data: { progress?: string } };
          const sent = sentAt.get(`${e.sheetId}:${e.data.progress}`);
          if (sent !== undefined) latencies.push(performance.now() - sent);
        }),
      );
    }
    if (streams.some((s) => s.status !== 200)) throw new Error('a stream was refused');
    const memoryOpen = await ask<{ rss: number; heapUsed: number }>(child, 'memory');

    // 100 changes a second: change k moves sheet (k mod N) to its next step.
    const total = RATE * SECONDS;
    let failures = 0;
    let firstFailure = '';
    let peakRss = memoryOpen.rss;
    let peakHeap = memoryOpen.heapUsed;
    const sampler = setInterval(() => {
      void ask<{ rss: number; heapUsed: number }>(child, 'memory').then((m) => {
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      });
    }, 1000);
    const started = performance.now();
    const inflight: Promise<void>[] = [];
    for (let k = 0; k < total; k += 1) {
      const due = started + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const c = customers[k % customers.length]!;
      const step = STEPS[Math.floor(k / customers.length) % STEPS.length]!;
      sentAt.set(`${c.sheetId}:${step}`, performance.now());
      inflight.push(
        fetch(`${url}/staff/sheets/${c.sheetId}/progress`, { method: 'POST', headers: STAFF, body: JSON.stringify({ progress: step }) }).then(
          async (res) => {
            if (!res.ok) {
              failures += 1;
              firstFailure ||= `${res.status} ${await res.text()}`;
            } else await res.arrayBuffer();
          },
          (err: Error) => {
            failures += 1;
            firstFailure ||= err.message;
          },
        ),
      );
    }
    await Promise.all(inflight);
    const issueSeconds = (performance.now() - started) / 1000;
    // Let the last events arrive.
    await new Promise((r) => setTimeout(r, 2000));
    clearInterval(sampler);

    // Exactly its own events, by id: what the outbox holds per customer since the start.
    const { rows } = await ask<{ rows: { id: string; vip: string }[] }>(child, 'events', { afterId: startId });
    const expected = new Map<string, string[]>();
    for (const r of rows) expected.set(r.vip, [...(expected.get(r.vip) ?? []), r.id]);
    let lost = 0;
    let duplicated = 0;
    let foreign = 0;
    for (const c of customers) {
      const want = new Set(expected.get(c.vipId) ?? []);
      const got = received.get(c.vipId) ?? [];
      const gotSet = new Set(got);
      duplicated += got.length - gotSet.size;
      for (const id of want) if (!gotSet.has(id)) lost += 1;
      for (const id of gotSet) if (!want.has(id)) foreign += 1;
    }
    latencies.sort((a, b) => a - b);
    const mb = (n: number) => Number((n / 1024 / 1024).toFixed(1));
    return {
      database: ready.db,
      streams: streams.length,
      changes: total,
      changesPerSecond: Number((total / issueSeconds).toFixed(1)),
      failures,
      ...(firstFailure ? { firstFailure } : {}),
      eventsExpected: rows.length,
      eventsReceived: [...received.values()].reduce((n, l) => n + l.length, 0),
      lost,
      duplicated,
      foreign,
      latencyMedianMs: Number(percentile(latencies, 50).toFixed(1)),
      latencyP99Ms: Number(percentile(latencies, 99).toFixed(1)),
      latencyMaxMs: Number((latencies[latencies.length - 1] ?? NaN).toFixed(1)),
      rssIdleMB: mb(memoryIdle.rss),
      rssStreamsOpenMB: mb(memoryOpen.rss),
      rssPeakMB: mb(peakRss),
      heapPeakMB: mb(peakHeap),
    };
  } finally {
    for (const s of streams) s.close();
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
  }
}
