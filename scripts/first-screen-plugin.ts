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
 * out with the HTML, and the app adopts them. The script is minified here.
 */
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { minify } from 'terser';
import type { Compilation, Compiler } from 'webpack';
import { HEAD_START_OPS, headStart, type HeadStartConfig } from '../src/client/boot/headStart';
import { catalogue } from '../src/shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, GATEWAY_PATH, PLACEHOLDERS } from '../src/shared/protocol/envelope';
import { DEFAULT_ENT_ID, DEFAULT_USER_ID } from '../src/client/features/shop/shopSlice';

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

/** The head start's settings from the build's environment and the protocol (the app's buildJsonData, home page). */
export function headStartConfig(env: { apiHost?: string; testApiHost?: string; appName: string; homeGoodsPageSize: number; pictures: number; pictureSize: number }): HeadStartConfig {
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
  };
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

export function preloadScript(locales: Record<string, Preloads>, always: Preloads, entry: Preloads, start?: HeadStartConfig): string {
  // The head start runs with the guessed locale: the Accept-Language the app's first requests will send.
  const headStarting = start ? `(${headStart.toString()})(${JSON.stringify(start)},window,c||'en');` : '';
  // Plain ES5: it runs before any of our code, in every host browser.
  return `(function(){var L=${JSON.stringify(locales)},A=${JSON.stringify(always)},E=${JSON.stringify(entry)};
function p(h){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=h[1];l.setAttribute('data-chunk',h[0]);document.head.appendChild(l)}
function tag(t){if(!t)return null;var a=String(t).trim().toLowerCase().split(/[-_]/),i;if(a[0]==='en')return'en';if(a[0]!=='zh')return null;
for(i=1;i<a.length;i++){if(a[i]==='hant')return'zh-TW';if(a[i]==='hans')return'zh-CN'}
for(i=1;i<a.length;i++){if(a[i].length===2)return/^(tw|hk|mo)$/.test(a[i])?'zh-TW':'zh-CN'}return'zh-CN'}
var n={LANGUAGE_ZH:'zh-CN',LANGUAGE_ZH_TD:'zh-TW',LANGUAGE_EN:'en'},c=null,s=null,d,k;
if(/\\bMPay\\b|\\bBOCPay\\b|AlipayClient|AliApp\\(AP\\//i.test(navigator.userAgent))c='zh-TW';
if(!c){try{s=localStorage.getItem('language')}catch(e){}if(s){c=n[String(s).trim().toUpperCase()]||tag(s)}}
if(!c){d=navigator.languages||[navigator.language];for(k=0;k<d.length&&!c;k++)c=tag(d[k])}
A.forEach(p);(L[c||'en']||[]).forEach(p);
var h=location.hash;if(h===''||h==='#'||h==='#/'||h.indexOf('#/?')===0)E.forEach(p);
try{${headStarting}}catch(e){}})();`;
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
        const script = preloadScript(locales, always, entry, this.options.headStart);
        const minified = (await minify(script, { ecma: 2020, compress: true, mangle: true })).code ?? script;
        data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', {}, minified));
        return data;
      });
    });
  }
}
