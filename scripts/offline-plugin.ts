/**
 * Issue 29 section 5, the offline app's part of the customer app's build
 * (webpack.config.ts adds offlinePlugins() in one block):
 *
 * - AppManifestPlugin writes public/manifest.webmanifest (the name in three
 *   languages) and its icons, drawn at build from public/icon.svg with sharp
 *   (icons/icon-192.png, icon-512.png, maskable-512.png with the safe zone's
 *   margin, apple-touch-180.png);
 * - Workbox's InjectManifest compiles src/client/sw/worker.ts into sw.js with
 *   the list of the build's files (source maps left out; hashed names need no
 *   revision, the others get theirs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import webpack, { type Compiler } from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';

const ROOT = path.resolve(__dirname, '..');
export const MANIFEST_FILE = 'manifest.webmanifest';
export const WORKER_FILE = 'sw.js';

/** The icons: file, size and the share of the size the drawing fills (a maskable icon keeps to the middle 80%). */
const ICONS = [
  { file: 'icons/icon-192.png', size: 192, fill: 1 },
  { file: 'icons/icon-512.png', size: 512, fill: 1 },
  { file: 'icons/maskable-512.png', size: 512, fill: 0.8 },
  { file: 'icons/apple-touch-180.png', size: 180, fill: 1 },
] as const;

async function drawIcon(svg: Buffer, size: number, fill: number): Promise<Buffer> {
  const inner = Math.round(size * fill);
  const drawing = await sharp(svg, { density: 72 * (inner / 32) }).resize(inner, inner).png().toBuffer();
  if (inner === size) return sharp(drawing).png({ compressionLevel: 9 }).toBuffer();
  const margin = Math.floor((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: '#f7c223' } })
    .composite([{ input: drawing, left: margin, top: margin }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export class AppManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('AppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'AppManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        const manifestPath = path.join(ROOT, 'public', MANIFEST_FILE);
        const svgPath = path.join(ROOT, 'public', 'icon.svg');
        compilation.fileDependencies.add(manifestPath);
        compilation.fileDependencies.add(svgPath);
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { icons: { src: string }[] };
        for (const icon of manifest.icons) {
          if (!ICONS.some((i) => i.file === icon.src)) throw new Error(`${MANIFEST_FILE}: no icon is drawn for ${icon.src}`);
        }
        compilation.emitAsset(MANIFEST_FILE, new webpack.sources.RawSource(JSON.stringify(manifest)));
        const svg = readFileSync(svgPath);
        for (const icon of ICONS) {
          compilation.emitAsset(icon.file, new webpack.sources.RawSource(await drawIcon(svg, icon.size, icon.fill)));
        }
      });
    });
  }
}

export function offlinePlugins(): webpack.WebpackPluginInstance[] {
  return [
    new AppManifestPlugin(),
    new InjectManifest({
      swSrc: path.join(ROOT, 'src', 'client', 'sw', 'worker.ts'),
      swDest: WORKER_FILE,
      // Source maps are for developers; the apple icon is the page's, read once by iOS.
      exclude: [/\.map$/, /\.LICENSE\.txt$/, /apple-touch/],
      // Hashed names (app.[contenthash:10].js, [id].[contenthash:8].js) are their own revision.
      dontCacheBustURLsMatching: /\.[0-9a-f]{8,10}\.js$/,
    }),
  ];
}
