/**
 * "A new build" without building again (e2e/update.spec.ts): a copy of a
 * built app changed the way a new build of changed sources changes it.
 * - Every lazy chunk gets a new content hash, so a new name ([id].[hash].js);
 *   the old names are gone, as after a deploy that replaces the files.
 * - The runtime (which maps chunk ids to those names) changes, so it gets a
 *   new name too; the page loads it by that name.
 * - The page (index.html) preloads the new names (the locale's and the
 *   shell's chunks: scripts/first-screen-plugin.ts) and carries a mark of the
 *   build (<meta name=build content=next>): the journey tells the builds apart by it.
 * - The service worker's precache list (sw.js, Workbox's InjectManifest) names
 *   the new files and the page's new revision: a changed worker script, which
 *   is how the browser finds a new build.
 * Every changed text file is written with the .br and .gz copies the build
 * makes (scripts/precompress-plugin.ts) where the original had them; source
 * maps are left out.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const BUILD_MARK = '<meta name=build content=next>';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A built app's copy at `to`, without its source maps. */
export function copyBuild(from: string, to: string): void {
  cpSync(from, to, { recursive: true, filter: (src) => !/\.map(\.(br|gz))?$/.test(src) });
}

/** Writes a built text file as the build does: with its .br and .gz copies where the file had them. */
function writeBuilt(dir: string, name: string, text: string, compressed: { br: boolean; gz: boolean }): void {
  writeFileSync(join(dir, name), text);
  if (compressed.br) writeFileSync(join(dir, `${name}.br`), brotliCompressSync(Buffer.from(text)));
  if (compressed.gz) writeFileSync(join(dir, `${name}.gz`), gzipSync(Buffer.from(text), { level: 9 }));
}

function removeBuilt(dir: string, name: string): { br: boolean; gz: boolean } {
  const had = { br: existsSync(join(dir, `${name}.br`)), gz: existsSync(join(dir, `${name}.gz`)) };
  for (const f of [name, `${name}.br`, `${name}.gz`]) rmSync(join(dir, f), { force: true });
  return had;
}

export interface NextBuild {
  /** Each lazy chunk's old name and new name. */
  chunks: Map<string, string>;
  runtime: { was: string; now: string };
}

/** Turns the copy of a build at `dir` into "the next build" (see above), in place. */
export function makeNextBuild(dir: string): NextBuild {
  const files = readdirSync(dir);
  const chunks = new Map<string, string>();
  const hashes = new Map<string, string>();
  for (const f of files) {
    const m = /^(\d+)\.([0-9a-f]{8})\.js$/.exec(f);
    if (!m) continue;
    const hash = md5(`next ${m[2]}`).slice(0, 8);
    hashes.set(m[2]!, hash);
    chunks.set(f, `${m[1]}.${hash}.js`);
  }
  if (chunks.size === 0) throw new Error(`no lazy chunks in ${dir}`);
  const renamed = (text: string) => [...hashes].reduce((t, [was, now]) => t.replaceAll(was, now), text);

  // The chunks: new names (their text names themselves in a comment: the source map's, the licence's).
  for (const [was, now] of chunks) {
    const text = renamed(readFileSync(join(dir, was), 'utf8'));
    writeBuilt(dir, now, text, removeBuilt(dir, was));
    if (existsSync(join(dir, `${was}.LICENSE.txt`))) renameSync(join(dir, `${was}.LICENSE.txt`), join(dir, `${now}.LICENSE.txt`));
  }

  // The runtime: the new chunk names, so a new content hash and name.
  const runtimeWas = files.find((f) => /^runtime\.[0-9a-f]{10}\.js$/.test(f));
  if (!runtimeWas) throw new Error(`no runtime in ${dir}`);
  const runtimeText = renamed(readFileSync(join(dir, runtimeWas), 'utf8'));
  const runtimeNow = `runtime.${md5(runtimeText).slice(0, 10)}.js`;
  writeBuilt(dir, runtimeNow, runtimeText.replaceAll(runtimeWas, runtimeNow), removeBuilt(dir, runtimeWas));

  // The page: loads the new runtime, preloads the new chunks, carries the build's mark.
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  if (!page.includes(runtimeWas) || !page.includes('<meta charset=utf-8>')) throw new Error('index.html: not the page this knows');
  const pageNow = renamed(page.replace('<meta charset=utf-8>', `<meta charset=utf-8>${BUILD_MARK}`).replaceAll(runtimeWas, runtimeNow));
  writeBuilt(dir, 'index.html', pageNow, removeBuilt(dir, 'index.html'));

  // The worker: its precache list names the new files and the page's new revision.
  const worker = readFileSync(join(dir, 'sw.js'), 'utf8');
  const pageEntry = /\{'revision':'[0-9a-f]{32}','url':'index\.html'\}/;
  if (!pageEntry.test(worker) || !worker.includes(`'url':'${runtimeWas}'`)) throw new Error('sw.js: no precache list this knows');
  const workerNow = renamed(worker)
    .replaceAll(`'url':'${runtimeWas}'`, `'url':'${runtimeNow}'`)
    .replace(pageEntry, `{'revision':'${md5(pageNow)}','url':'index.html'}`);
  writeBuilt(dir, 'sw.js', workerNow, removeBuilt(dir, 'sw.js'));

  return { chunks, runtime: { was: runtimeWas, now: runtimeNow } };
}
