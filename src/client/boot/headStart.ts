/**
 * Issue 14, the head start: on a table link the page's <head> asks for the
 * shop's first data before the app's JavaScript has even downloaded. The
 * build bundles this module and inlines it in the page's head
 * (scripts/first-screen-plugin.ts; the CSP allows it by its hash): it reads
 * the code from the link, sends the code and the shop page at once, then,
 * with the code's answer, the entity's parameters and the home page's goods,
 * preloads the home page's first pictures and draws the first screen with
 * them (boot/firstPaint.ts). Each request is byte for byte the one the app
 * itself will send (app/baseQuery.ts); the head wraps `fetch` so that the
 * app's identical request (same address, language and body) gets the running
 * one, once, instead of a second: the app's entry chunk carries nothing for
 * it (its size budget has no room). A request that differs in any byte is
 * simply sent again. Whatever the head does not recognise it leaves to the
 * app; after 30 s the wrapper takes itself away.
 *
 * `window.hbbFirstScreen` settles when the drawing has been painted (or there
 * will be none): the page's head runs the app's scripts then, so that their
 * first long task does not hold up the paint of pictures that are already
 * there (FIRST_PAINT_WAIT_MS at most). The app does not import this module.
 */

import { paintFirstGoods, paintFirstScreen, type FirstPaintInput, type FirstPaintTexts } from './firstPaint';
import { ossUrl } from '../ui/ossUrl';

export interface HeadStartConfig {
  /** The data endpoint's path, and the build's API hosts (empty: the page's origin). */
  gatewayPath: string;
  apiHost: string;
  testApiHost: string;
  /** The fields every request's first row carries (buildJsonData: the default entity and user the app speaks as before a shop is entered, the placeholders, the app's name). */
  rowBase: Record<string, string>;
  authorizationCode: string;
  /** Operation name -> its HBBWSType. */
  services: Record<string, number>;
  homeGoodsPageSize: number;
  pictures: number;
  pictureSize: number;
  /** The first paint's words by locale (the home page's messages). */
  texts: Record<string, FirstPaintTexts>;
}

/** The longest the app's scripts wait for the drawing's paint before they run (scripts/first-screen-plugin.ts). */
export const FIRST_PAINT_WAIT_MS = 1000;

/** The longest the drawing stays up if the app never takes it away (it failed to load, or is stuck). */
export const FIRST_SCREEN_MAX_MS = 20000;

export const HEAD_START_OPS = {
  resolve: 'Enterprise_EntIDByIDGet_Get',
  shopPage: 'EShop_EShopShopPageGet_Get',
  entParams: 'SysParm_EntSysParmGet_Get',
  homeGoods: 'Goods_GoodsShopHomeGoodsByPage_Get',
} as const;

export function headStart(c: HeadStartConfig, w: Window, lang: string): void {
  const loc = w.location;
  const hash = loc.hash;
  const at = hash.indexOf('?');
  // The entry route only ('#/?…'), its fields in the hash's query alone: anything else is the app's.
  if (at < 0 || !/^#\/?$/.test(hash.slice(0, at)) || !w.fetch || typeof URLSearchParams === 'undefined') return;
  const query = new URLSearchParams(hash.slice(at + 1));
  const search = new URLSearchParams(loc.search);
  const fields = ['QRCode', 'TableID', 'BaseID', 'ShopID', 'SheetID'];
  if (query.has('q') || search.has('q')) return;
  const params: Record<string, string> = {};
  for (const f of fields) {
    if (search.get(f)) return;
    const v = (query.get(f) || '').trim().slice(0, 64);
    if (v) params[f] = v;
  }
  const field = ['QRCode', 'TableID', 'BaseID', 'ShopID'].filter((f) => params[f])[0];
  if (!field) return;
  const test = search.get('test') === '1' || query.get('test') === '1' || /test/i.test(loc.pathname);
  const host = (test ? c.testApiHost : c.apiHost) || loc.origin;
  const url = host.replace(/\/$/, '') + c.gatewayPath;
  // The running requests by language and body; the app's identical request takes its one.
  const running: Record<string, Promise<Response>> = {};
  const send = w.fetch.bind(w);
  const wrapper = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = init && (init.headers as Record<string, string> | undefined);
    const key = input === url && init && init.method === 'POST' && typeof init.body === 'string' ? `${(headers && headers['Accept-Language']) || ''}\n${init.body}` : '';
    const sent = key ? running[key] : undefined;
    if (!sent) return send(input, init);
    delete running[key];
    return sent.catch(() => send(input, init));
  };
  w.fetch = wrapper;
  w.setTimeout(() => {
    if (w.fetch === wrapper) w.fetch = send;
  }, 30000);
  const json = (op: string, row: Record<string, unknown>): Promise<{ errcode?: unknown; resultcode?: unknown; data?: Record<string, Record<string, unknown>[]> }> => {
    const first: Record<string, unknown> = {};
    for (const k in c.rowBase) first[k] = c.rowBase[k];
    // In the order the app writes them (JSON.stringify leaves out what is undefined, as the app's does).
    for (const k in row) first[k] = row[k];
    const body = new URLSearchParams();
    body.set('HBBWSType', String(c.services[op]));
    body.set('strKeyName', op);
    body.set('strJsonData', JSON.stringify({ tableData: [first] }));
    body.set('strAuthorizationCode', c.authorizationCode);
    body.set('IsRSA', '0');
    body.set('APIEntID', c.rowBase.EntID!);
    const text = body.toString();
    const sent = send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': lang },
      body: text,
      credentials: 'include',
    });
    running[`${lang}\n${text}`] = sent;
    sent.catch(() => null);
    // A copy for the head's own next step: the app reads the original.
    return sent.then((r) => r.clone().json());
  };
  const ok = (a: { errcode?: unknown; resultcode?: unknown }) => String(a.errcode) === '0' && String(a.resultcode) === '0';
  const failed = () => null;
  const resolving = json('Enterprise_EntIDByIDGet_Get', { Field: field, Value: params[field] });
  const page = json('EShop_EShopShopPageGet_Get', {
    QRCode: params.QRCode,
    TableID: params.TableID,
    BaseID: params.BaseID,
    ShopID: params.ShopID,
    SheetID: params.SheetID,
  }).catch(failed);
  // Painted: the first pictures have loaded (or failed) and a frame has gone by since.
  const drawn = (root: HTMLElement | null): Promise<void> | undefined => {
    if (!root) return undefined;
    const pictures = Array.prototype.slice.call(root.querySelectorAll('img[fetchpriority="high"]')) as HTMLImageElement[];
    const loaded = (img: HTMLImageElement) =>
      img.complete ? Promise.resolve() : new Promise<void>((r) => {
        img.addEventListener('load', () => r());
        img.addEventListener('error', () => r());
      });
    return Promise.all(pictures.map(loaded)).then(() => new Promise<void>((r) => w.requestAnimationFrame(() => w.setTimeout(r, 0))));
  };
  const painted = resolving.then((answer) => {
    const row = ok(answer) && answer.data && answer.data.table1 && answer.data.table1[0];
    if (!row || !row.EntID || !row.ShopID) return;
    json('SysParm_EntSysParmGet_Get', { Other_EntID: String(row.EntID) }).catch(failed);
    const goods = json('Goods_GoodsShopHomeGoodsByPage_Get', { ShopID: String(row.ShopID), PageIndex: 1, PageSize: c.homeGoodsPageSize }).catch(failed);
    const texts = c.texts[lang] || c.texts.en;
    const input = (shop: { data?: unknown }, rows?: unknown[]): FirstPaintInput => ({
      page: shop.data as FirstPaintInput['page'],
      goods: rows as FirstPaintInput['goods'],
      atTable: Boolean(row.TableID),
      texts: texts!,
      locale: lang,
      eagerPictures: c.pictures,
      pictureSize: c.pictureSize,
    });
    // The shop's header and ways in as soon as the shop page is in, a round trip before the goods.
    const drawing = page.then((shop) => {
      const root = shop && ok(shop) && shop.data && texts ? paintFirstScreen(w.document, input(shop)) : null;
      if (root) w.setTimeout(() => root.remove(), FIRST_SCREEN_MAX_MS);
      return root;
    });
    return Promise.all([goods, page, drawing]).then(([list, shop, root]) => {
      if (!list || !ok(list) || !list.data) return drawn(root);
      const ent = shop && ok(shop) && shop.data && shop.data.table1 && shop.data.table1[0];
      const domain = String((ent && ent.OssCustomerDomain) || '/oss/');
      const rows = list.data.table1 || [];
      for (const g of rows.slice(0, c.pictures)) {
        const href = ossUrl(domain, String(g.Pic || ''), c.pictureSize, c.pictureSize);
        if (!href) continue;
        const link = w.document.createElement('link');
        link.setAttribute('rel', 'preload');
        link.setAttribute('as', 'image');
        link.setAttribute('href', href);
        link.setAttribute('fetchpriority', 'high');
        w.document.head.appendChild(link);
      }
      if (root && shop) paintFirstGoods(root, input(shop, rows));
      return drawn(root);
    });
  }).catch(failed);
  w.hbbFirstScreen = painted;
}
