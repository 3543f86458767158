/**
 * The load benchmark's service in a child process of its own
 * (bench/load-service.ts), so the load generator does not share its event
 * loop: the demo service over PGlite in memory, or a fresh database on the
 * server DATABASE_URL names. `env` goes to the service's configuration;
 * BENCH_CPU_PROF=dir writes the service's CPU profile when it stops.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';

export interface Service {
  url: string;
  kind: string;
  /** The menu cache's counters (hits, misses, 304s, invalidations, reads that went to the gateway). */
  cacheStats: () => Promise<Record<string, number | boolean> | null>;
  stop: () => Promise<void>;
}

export async function startService(env: Record<string, string>): Promise<Service> {
  const profDir = process.env.BENCH_CPU_PROF;
  const child = fork(join(__dirname, 'load-service.ts'), [], {
    execArgv: ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])],
    env: { ...process.env, BENCH_SERVICE_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ url: string; kind: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; kind: string }));
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
  });
  return {
    ...ready,
    cacheStats: () =>
      new Promise((resolve) => {
        const handle = (m: { type: string; stats: Record<string, number | boolean> | null }) => {
          if (m.type !== 'cache') return;
          child.off('message', handle);
          resolve(m.stats);
        };
        child.on('message', handle);
        child.send({ type: 'cache' });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: 'stop' });
      }),
  };
}
