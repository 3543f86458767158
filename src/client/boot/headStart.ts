/**
 * Issue 14, the head start: on a table link the page's <head> asks for the
 * shop's first data before the app's JavaScript has even downloaded. The
 * build inlines `headStart` (scripts/first-screen-plugin.ts; the CSP allows
 * it by its hash): it reads the code from the link, sends the code and the
 * shop page at once, then, with the code's answer, the entity's parameters
 * and the home page's goods, then preloads the home page's first pictures.
 * Each request is byte for byte the one the app itself will send
 * (app/baseQuery.ts); the head wraps `fetch` so that the app's identical
 * request (same address, language and body) gets the running one, once,
 * instead of a second: the app's entry chunk carries nothing for it (its size
 * budget has no room). A request that differs in any byte is simply sent
 * again. Whatever the head does not recognise it leaves to the app; after
 * 30 s the wrapper takes itself away.
 *
 * `headStart` is inlined as its source text: it uses nothing outside itself
 * and only what every browser the app supports has. The app does not import
 * this module.
 */

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
}

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
  resolving.then((answer) => {
    const row = ok(answer) && answer.data && answer.data.table1 && answer.data.table1[0];
    if (!row || !row.EntID || !row.ShopID) return;
    json('SysParm_EntSysParmGet_Get', { Other_EntID: String(row.EntID) }).catch(failed);
    const goods = json('Goods_GoodsShopHomeGoodsByPage_Get', { ShopID: String(row.ShopID), PageIndex: 1, PageSize: c.homeGoodsPageSize });
    return Promise.all([goods, page]).then(([list, shop]) => {
      if (!ok(list) || !list.data) return;
      const ent = shop && ok(shop) && shop.data && shop.data.table1 && shop.data.table1[0];
      const domain = String((ent && ent.OssCustomerDomain) || '/oss/').replace(/\/?$/, '/');
      for (const g of (list.data.table1 || []).slice(0, c.pictures)) {
        const pic = String(g.Pic || '');
        if (!pic) continue;
        const href = /^(https?:)?\/\//.test(pic) || pic.indexOf('data:') === 0
          ? pic
          : `${domain}${pic.replace(/^\//, '')}?x-oss-process=image/resize,w_${c.pictureSize},h_${c.pictureSize}`;
        const link = w.document.createElement('link');
        link.setAttribute('rel', 'preload');
        link.setAttribute('as', 'image');
        link.setAttribute('href', href);
        link.setAttribute('fetchpriority', 'high');
        w.document.head.appendChild(link);
      }
    });
  }).catch(failed);
}
