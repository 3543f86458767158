/**
 * An open-loop load at a steady rate: request n is due at start + n / rate,
 * sent then over a pool of keep-alive connections, and its latency counted
 * from when it was due (so a client or service that falls behind shows in the
 * figures: no coordinated omission). Bounded in count (rate x seconds) and in
 * time (a request gets `timeoutMs`).
 *
 * Why beside autocannon: autocannon's `overallRate` is a per-connection quota
 * renewed every second (lib/httpClient.js: `reqsMadeThisSecond`, reset by a
 * 1 s interval), so at each second's start every connection sends its share
 * back to back: 500/s over 50 connections arrives as bursts of 50 concurrent
 * requests, not one every 2 ms. Both are reported; this one is the steady
 * arrival that "500 orders a second" means.
 */
import http from 'node:http';

export interface PacedResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function paced(opts: {
  url: string;
  rate: number;
  durationSec: number;
  connections: number;
  timeoutMs?: number;
  /** The request body and headers of request n. */
  request(n: number): { path: string; headers: Record<string, string>; body: string };
  /** Whether an HTTP 200 answer's body is a success. */
  ok(body: string): boolean;
}): Promise<PacedResult> {
  const { rate, durationSec, connections, timeoutMs = 10_000 } = opts;
  const target = new URL(opts.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * durationSec);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let done = 0;
  const start = performance.now();

  const send = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const { path, headers, body } = opts.request(n);
      const req = http.request(
        { host: target.hostname, port: target.port, method: 'POST', path, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode !== 200) non2xx += 1;
            else if (!opts.ok(Buffer.concat(chunks).toString('utf8'))) errors += 1;
            resolve();
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });

  const inflight: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && start + (next * 1000) / rate <= now) {
        const due = start + (next * 1000) / rate;
        inflight.push(send(next, due).then(() => void (done += 1)));
        next += 1;
      }
      if (next < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inflight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!) : 0);
  return { requests: done, rps: Number((done / Math.max(elapsed, durationSec)).toFixed(1)), p50: at(0.5), p99: at(0.99), errors, non2xx };
}
