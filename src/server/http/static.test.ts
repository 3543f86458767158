/** The service serves the built app: hashed files cached for a year, the page never stale, compressed (once, by the build, when it wrote a copy). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hbb-static-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'app.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  // A file the build also wrote compressed (scripts/precompress-plugin.ts); the copy says which one was sent.
  writeFileSync(join(dir, 'vendor.0123456789.js'), `console.log(${JSON.stringify('y'.repeat(5000))});`);
  writeFileSync(join(dir, 'vendor.0123456789.js.br'), brotliCompressSync(`console.log(${JSON.stringify('built copy'.repeat(500))});`));
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

test("the build's compressed copy goes out as it is, to whoever accepts it, and caches keep the encodings apart", async () => {
  const br = await fetch(`${h.url}/vendor.0123456789.js`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(br.headers.get('content-type')).toContain('javascript');
  expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
  // The copy, not the file compressed again.
  expect(await br.text()).toContain('built copy');
  // No copy for gzip: compressed on the way, from the file itself.
  const gz = await fetch(`${h.url}/vendor.0123456789.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  expect(await gz.text()).toContain('yyyy');
  const plain = await fetch(`${h.url}/vendor.0123456789.js`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toContain('yyyy');
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
