/**
 * Starts the first screen's downloads with the HTML instead of after the
 * app's JavaScript: a small inline script in <head> guesses the locale the
 * app will show (payment-app host, stored choice, device languages: the rules
 * of src/client/host/language.ts, minus the enterprise's AppLanguage, which
 * only the service knows) and preloads that locale's messages chunk and the
 * app's shell (which the entry imports at once); on a
 * table link (the entry route) it also preloads the chunks of the entry, the
 * shop entry and the home page. A wrong guess costs one unused download; the
 * app always loads what it needs itself. On a table link it also gives the
 * shop's first requests a head start (src/client/boot/headStart.ts): they go
 * out with the HTML, the app adopts them, and the head draws the first screen
 * with their answers (src/client/boot/firstPaint.ts). The head start is
 * bundled here with esbuild (it shares the app's price, mode and picture
 * functions) and the whole script minified.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { minify } from 'terser';
import type { Compilation, Compiler } from 'webpack';
import { FIRST_PAINT_WAIT_MS, HEAD_START_OPS, type HeadStartConfig } from '../src/client/boot/headStart';
import { FIRST_PAINT_MESSAGE_IDS, type FirstPaintTexts } from '../src/client/boot/firstPaint';
import { catalogue } from '../src/shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, GATEWAY_PATH, PLACEHOLDERS } from '../src/shared/protocol/envelope';
import { DEFAULT_ENT_ID, DEFAULT_USER_ID } from '../src/client/session/shopSlice';

export interface FirstScreenOptions {
  /** Locale -> the webpackChunkName of its messages. */
  locales: Record<string, string>;
  /** webpackChunkNames every page loads at once (the shell). */
  always: string[];
  /** webpackChunkNames a table link's first screen loads. */
  entryChunks: string[];
  /** The table link's head start; absent: none. */
  headStart?: HeadStartConfig;
}

const LOCALES_DIR = resolve(__dirname, '..', 'src', 'client', 'i18n', 'locales');

/**
 * The first paint's words in each locale, from the app's message files. Only
 * plain text, `{table}` and `{hours}` are drawn by the head: any other ICU
 * syntax in one of these messages fails the build rather than being shown raw.
 */
export function firstPaintTexts(locales: readonly string[]): Record<string, FirstPaintTexts> {
  return Object.fromEntries(
    locales.map((locale) => {
      const messages = JSON.parse(readFileSync(resolve(LOCALES_DIR, `${locale}.json`), 'utf8')) as Record<string, string>;
      const texts = Object.fromEntries(
        Object.entries(FIRST_PAINT_MESSAGE_IDS).map(([key, id]) => {
          const text = messages[id];
          if (typeof text !== 'string') throw new Error(`first paint: ${locale} has no message ${id}`);
          if (/[{}]/.test(text.replace('{table}', '').replace('{hours}', ''))) throw new Error(`first paint: ${locale}'s ${id} is more than text, {table} and {hours}: ${text}`);
          return [key, text];
        }),
      ) as unknown as FirstPaintTexts;
      return [locale, texts];
    }),
  );
}

/** The head start's settings from the build's environment and the protocol (the app's buildJsonData, home page). */
export function headStartConfig(env: {
  apiHost?: string;
  testApiHost?: string;
  appName: string;
  homeGoodsPageSize: number;
  pictures: number;
  pictureSize: number;
  locales: readonly string[];
}): HeadStartConfig {
  return {
    gatewayPath: GATEWAY_PATH,
    apiHost: env.apiHost ?? '',
    testApiHost: env.testApiHost ?? '',
    rowBase: { EntID: DEFAULT_ENT_ID, UserID: DEFAULT_USER_ID, AppID: PLACEHOLDERS.AppID, Secret: PLACEHOLDERS.Secret, BSN: PLACEHOLDERS.BSN, AppName: env.appName },
    authorizationCode: DEFAULT_AUTHORIZATION_CODE,
    services: Object.fromEntries(Object.values(HEAD_START_OPS).map((op) => [op, catalogue[op].service])),
    homeGoodsPageSize: env.homeGoodsPageSize,
    pictures: env.pictures,
    pictureSize: env.pictureSize,
    texts: firstPaintTexts(env.locales),
  };
}

/**
 * The head start as one script: src/client/boot/headStart.ts and what it
 * imports, bundled for the browsers the app supports, defining `hbbHead`.
 */
export async function headStartBundle(): Promise<string> {
  // Loaded here, not with the module: the app's tests read headStartConfig in a browser-like environment esbuild refuses.
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [resolve(__dirname, '..', 'src', 'client', 'boot', 'headStart.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'hbbHead',
    target: 'es2019',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** A chunk group's script files, each as [the chunk group's name, its address]. */
function files(compilation: Compilation, name: string, publicPath: string): [string, string][] {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) throw new Error(`first screen: no chunk named ${name}`);
  return group
    .getFiles()
    .filter((f) => f.endsWith('.js'))
    .map((f) => [name, publicPath + f]);
}

type Preloads = [string, string][];

/**
 * The page's head script. `app` is the app's entry scripts, in order: the head
 * asks for them (with the other preloads) and runs them itself (the build
 * takes away their <script defer> tags), after the page is parsed and, on a
 * table link, once the head's drawing of the first screen is painted (or
 * FIRST_PAINT_WAIT_MS at most): the app's first task is long at a phone's
 * speed, and would hold up the paint of pictures that have already arrived;
 * and on a slow line the app's 120 KiB of scripts, asked for at once, shared
 * the line with the drawing's answers and pictures (issue 24: Lighthouse's
 * LCP 1.9-2.0 s, 1.1 s with the scripts asked for after the paint, its time
 * to interactive the same). Without a drawing (not a table link) they are
 * asked for at once.
 */
export function preloadScript(
  locales: Record<string, Preloads>,
  always: Preloads,
  entry: Preloads,
  app: readonly string[],
  start?: { config: HeadStartConfig; bundle: string },
): string {
  // The head start runs with the guessed locale: the Accept-Language the app's first requests will send.
  const headStarting = start ? `${start.bundle};hbbHead.headStart(${JSON.stringify(start.config)},window,c||'en');` : '';
  // The preloads are plain ES5: they run before any of our code, in every host browser (the head start is ES2019).
  return `(function(){var L=${JSON.stringify(locales)},A=${JSON.stringify(always)},E=${JSON.stringify(entry)},S=${JSON.stringify(app)};
function p(h){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=h[1];l.setAttribute('data-chunk',h[0]);document.head.appendChild(l)}
function tag(t){if(!t)return null;var a=String(t).trim().toLowerCase().split(/[-_]/),i;if(a[0]==='en')return'en';if(a[0]!=='zh')return null;
for(i=1;i<a.length;i++){if(a[i]==='hant')return'zh-TW';if(a[i]==='hans')return'zh-CN'}
for(i=1;i<a.length;i++){if(a[i].length===2)return/^(tw|hk|mo)$/.test(a[i])?'zh-TW':'zh-CN'}return'zh-CN'}
var n={LANGUAGE_ZH:'zh-CN',LANGUAGE_ZH_TD:'zh-TW',LANGUAGE_EN:'en'},c=null,s=null,d,k;
if(/\\bMPay\\b|\\bBOCPay\\b|AlipayClient|AliApp\\(AP\\//i.test(navigator.userAgent))c='zh-TW';
if(!c){try{s=localStorage.getItem('language')}catch(e){}if(s){c=n[String(s).trim().toUpperCase()]||tag(s)}}
if(!c){d=navigator.languages||[navigator.language];for(k=0;k<d.length&&!c;k++)c=tag(d[k])}
function pre(){S.forEach(function(u){p(['entry',u])});A.forEach(p);(L[c||'en']||[]).forEach(p);
var h=location.hash;if(h===''||h==='#'||h==='#/'||h.indexOf('#/?')===0)E.forEach(p)}
try{${headStarting}}catch(e){}
function run(){S.forEach(function(u){var x=document.createElement('script');x.src=u;x.async=false;document.head.appendChild(x)})}
function parsed(){pre();if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',run);else run()}
var W=window.hbbFirstScreen;
if(W)Promise.race([W,new Promise(function(r){setTimeout(r,${FIRST_PAINT_WAIT_MS})})]).then(parsed,parsed);else parsed()})();`;
}

export class FirstScreenPlugin {
  constructor(private readonly options: FirstScreenOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('FirstScreenPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tapPromise('FirstScreenPlugin', async (data) => {
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' && compilation.outputOptions.publicPath !== 'auto'
          ? compilation.outputOptions.publicPath
          : '';
        const initial = new Set<string>();
        for (const [, ep] of compilation.entrypoints) for (const f of ep.getFiles()) initial.add(publicPath + f);
        // One preload per file; its data-chunk names every chunk group it serves (they may share one).
        const filesOf = (names: string[], skip: Set<string>): Preloads => {
          const byHref = new Map<string, string[]>();
          for (const [chunk, href] of names.flatMap((c) => files(compilation, c, publicPath))) {
            if (skip.has(href)) continue;
            byHref.set(href, [...(byHref.get(href) ?? []), chunk]);
          }
          return [...byHref].map(([href, chunks]) => [chunks.join(' '), href]);
        };
        const locales = Object.fromEntries(Object.entries(this.options.locales).map(([locale, chunk]) => [locale, filesOf([chunk], initial)]));
        const always = filesOf(this.options.always, initial);
        // A table link's chunks already in a file every page preloads are named on that preload.
        const entry = filesOf(this.options.entryChunks, initial).filter(([chunks, href]) => {
          const shared = always.find(([, h]) => h === href);
          if (shared) shared[0] = `${shared[0]} ${chunks}`;
          return !shared;
        });
        // The app's entry scripts: the head script runs them (preloadScript), not <script defer> tags.
        const app: string[] = [];
        data.headTags = data.headTags.filter((t) => {
          const src = t.tagName === 'script' ? t.attributes.src : undefined;
          if (typeof src !== 'string' || !initial.has(src)) return true;
          app.push(src);
          return false;
        });
        if (app.length === 0) throw new Error('first screen: the page has no entry script tags to run');
        const start = this.options.headStart;
        const script = preloadScript(locales, always, entry, app, start && { config: start, bundle: await headStartBundle() });
        const minified = (await minify(script, { ecma: 2020, compress: true, mangle: true })).code ?? script;
        data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', {}, minified));
        return data;
      });
    });
  }
}
