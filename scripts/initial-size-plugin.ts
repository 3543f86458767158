/**
 * The size budget, checked on every production build (it FAILS the build):
 *
 * - entry: the JavaScript of the entry's initial chunks, what every page of
 *   the app downloads before it can render anything;
 * - first screen: that plus every chunk a table link's first screen loads
 *   (the entry and home pages, the shop entry, the largest locale), i.e.
 *   everything a phone downloads before it shows the shop's home.
 *
 * Sizes are gzip level 9 of the emitted files, as a static server sends them.
 * The first screen's figure counts the page's inline scripts too (issue 24:
 * the head's script, which preloads, asks and draws, is JavaScript a phone
 * parses before the app is interactive), each gzipped alone.
 */
import { gzipSync } from 'node:zlib';
import type { Compilation, Compiler } from 'webpack';

export interface SizeBudget {
  /** The entry's initial chunks, in bytes gzipped. */
  entryBytes: number;
  /** Entry plus the first screen's chunks, in bytes gzipped. */
  firstScreenBytes: number;
  /** Named async chunk groups the first screen loads (webpackChunkName). */
  firstScreenChunks: string[];
  /** Named chunk groups of which the first screen loads exactly one (the locales): the largest counts. */
  oneOf?: string[];
  /** Which build the figures are of (the app, the kitchen screen). */
  label?: string;
  /** The page whose inline scripts count before the first screen (an emitted HTML file). */
  page?: string;
  /** The entrypoints counted (default all): the staff build's ready board is a page of its own. */
  entries?: string[];
}

/** The inline scripts (no src) of a page, gzipped alone, in bytes. */
export function inlineScriptBytes(html: string): number {
  let total = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]!.trim()) total += gzipSync(Buffer.from(m[1]!), { level: 9 }).length;
  }
  return total;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Files of a named chunk group (its chunks and the split chunks they need), JavaScript only. */
function groupFiles(compilation: Compilation, name: string): string[] {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) throw new Error(`size budget: no chunk named ${name}`);
  return group.getFiles().filter((f) => f.endsWith('.js'));
}

export function measureBudget(compilation: Compilation, options: SizeBudget) {
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const asset = compilation.getAsset(file);
      size = asset ? gzipSync(asset.source.buffer(), { level: 9 }).length : 0;
      sizes.set(file, size);
    }
    return size;
  };
  const entryFiles = new Set<string>();
  for (const [name, entrypoint] of compilation.entrypoints) {
    if (options.entries && !options.entries.includes(name)) continue;
    for (const file of entrypoint.getFiles()) if (file.endsWith('.js')) entryFiles.add(file);
  }
  const firstFiles = new Set(entryFiles);
  for (const name of options.firstScreenChunks) for (const f of groupFiles(compilation, name)) firstFiles.add(f);
  if (options.oneOf?.length) {
    let largest: string[] = [];
    let largestSize = -1;
    for (const name of options.oneOf) {
      const files = groupFiles(compilation, name).filter((f) => !firstFiles.has(f));
      const size = files.reduce((sum, f) => sum + gz(f), 0);
      if (size > largestSize) {
        largest = files;
        largestSize = size;
      }
    }
    for (const f of largest) firstFiles.add(f);
  }
  const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gz(f), 0);
  const page = options.page ? compilation.getAsset(options.page) : undefined;
  if (options.page && !page) throw new Error(`size budget: no page ${options.page}`);
  const inline = page ? inlineScriptBytes(page.source.buffer().toString('utf8')) : 0;
  return {
    entry: sum(entryFiles),
    firstScreen: sum(firstFiles) + inline,
    inline,
    entryFiles: [...entryFiles].map((f) => ({ file: f, gz: gz(f) })),
    firstScreenFiles: [...firstFiles].filter((f) => !entryFiles.has(f)).map((f) => ({ file: f, gz: gz(f) })),
  };
}

export class InitialSizePlugin {
  constructor(private readonly options: SizeBudget) {}

  apply(compiler: Compiler): void {
    compiler.hooks.emit.tap('InitialSizePlugin', (compilation) => {
      const o = this.options;
      const m = measureBudget(compilation, o);
      const lines = [
        `${o.label ? `${o.label}: ` : ''}Entry JavaScript: ${kib(m.entry)} gz (budget ${kib(o.entryBytes)})`,
        ...m.entryFiles.map((f) => `  ${f.file} ${kib(f.gz)}`),
        `Before the first screen: ${kib(m.firstScreen)} gz (budget ${kib(o.firstScreenBytes)})`,
        ...m.firstScreenFiles.map((f) => `  + ${f.file} ${kib(f.gz)}`),
        ...(o.page ? [`  + ${o.page}'s inline scripts ${kib(m.inline)}`] : []),
      ];
      console.log(lines.join('\n'));
      if (m.entry > o.entryBytes) {
        compilation.errors.push(new Error(`entry JavaScript ${kib(m.entry)} gz is over the ${kib(o.entryBytes)} budget`) as never);
      }
      if (m.firstScreen > o.firstScreenBytes) {
        compilation.errors.push(
          new Error(`JavaScript before the first screen ${kib(m.firstScreen)} gz is over the ${kib(o.firstScreenBytes)} budget`) as never,
        );
      }
    });
  }
}
