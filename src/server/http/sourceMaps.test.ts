/**
 * Issue 22 item 13: the build's source maps (the app's and the kitchen
 * screen's) are not served unless SERVE_SOURCE_MAPS=1 asks for them; the
 * scripts themselves are.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startHarness, type Harness } from '../test/harness';

jest.setTimeout(60_000);

let dir: string;
let hidden: Harness;
let shown: Harness;
const MAP = JSON.stringify({ version: 3, sources: ['webpack://hbb/src/client/secret.ts'], mappings: 'AAAA' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hbb-maps-'));
  mkdirSync(join(dir, 'staff'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  for (const base of ['app.0123456789.js', 'staff/board.0123456789.js']) {
    writeFileSync(join(dir, base), 'console.log(1);\n//# sourceMappingURL=app.0123456789.js.map');
    writeFileSync(join(dir, `${base}.map`), MAP);
    writeFileSync(join(dir, `${base}.map.br`), brotliCompressSync(MAP));
    writeFileSync(join(dir, `${base}.map.gz`), gzipSync(MAP));
  }
  hidden = await startHarness({ staticDir: dir }, { seed: false });
  shown = await startHarness({ staticDir: dir, serveSourceMaps: true }, { seed: false });
});
afterAll(async () => {
  await hidden.close();
  await shown.close();
  rmSync(dir, { recursive: true, force: true });
});

const paths = [
  '/app.0123456789.js.map',
  '/app.0123456789.js.MAP',
  '/app.0123456789.js%2Emap',
  '/app.0123456789.js.map?v=1',
  '/app.0123456789.js.map.br',
  '/app.0123456789.js.map.gz',
  '/staff/board.0123456789.js.map',
];

test('by default: every source map and its compressed copies are 404, whatever the encoding asked for; the scripts are served', async () => {
  for (const path of paths) {
    for (const encoding of ['br, gzip', 'identity']) {
      const res = await fetch(`${hidden.url}${path}`, { headers: { 'accept-encoding': encoding } });
      const body = await res.text();
      expect([path, encoding, res.status, body.includes('secret.ts')]).toEqual([path, encoding, 404, false]);
    }
  }
  for (const path of ['/app.0123456789.js', '/staff/board.0123456789.js']) expect((await fetch(`${hidden.url}${path}`)).status).toBe(200);
});

test('SERVE_SOURCE_MAPS=1: the maps are served', async () => {
  const res = await fetch(`${shown.url}/app.0123456789.js.map`, { headers: { 'accept-encoding': 'br' } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('secret.ts');
  expect((await fetch(`${shown.url}/staff/board.0123456789.js.map`)).status).toBe(200);
});
