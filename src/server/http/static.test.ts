/** The service serves the built app: hashed files cached for a year, the page never stale, compressed. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hbb-static-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'app.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  h = await startHarness({ staticDir: dir }, { seed: false });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the page is revalidated every time', async () => {
  const res = await fetch(`${h.url}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(await res.text()).toContain('<title>app</title>');
});

test('hashed files are cached for a year and compressed', async () => {
  const res = await fetch(`${h.url}/app.0123456789.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(await res.text()).toContain('console.log');
});

test('demo pictures are served from the OSS path', async () => {
  const res = await fetch(`${h.url}/oss/goods/g0101.svg`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('image/svg+xml');
});

test('the health check reports the database', async () => {
  const res = await fetch(`${h.url}/healthz`);
  expect(await res.json()).toEqual({ ok: true, db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
});
