/**
 * Reads demo data through the real gateway, so journeys do not hard-code it.
 * The service answers texts in the language asked (Accept-Language), English
 * unless told.
 */
import { encodeForm } from '../../src/shared/protocol/envelope';
import { serviceUrl } from './lanes';

export type Lang = 'zh-CN' | 'zh-TW' | 'en';

export async function callGateway(
  baseUrl: string,
  op: string,
  service: number,
  row: Record<string, unknown>,
  lang: Lang = 'en',
) {
  const res = await fetch(new URL('/HBBAPI/GetData', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    body: encodeForm({
      HBBWSType: String(service),
      strKeyName: op,
      strJsonData: JSON.stringify({
        tableData: [{ EntID: '881000000009', UserID: '888000000009', ...row }],
      }),
      strAuthorizationCode: 'hbb',
      IsRSA: '0',
    }),
  });
  const json = (await res.json()) as {
    errcode: string;
    errmsg: string;
    data: Record<string, Record<string, unknown>[]>;
  };
  if (json.errcode !== '0') throw new Error(`${op}: ${json.errmsg}`);
  return json.data;
}

export async function shopNames(baseUrl: string, qrCode: string) {
  const name = async (lang: Lang) =>
    String((await callGateway(baseUrl, 'EShop_EShopShopPageGet_Get', 1, { QRCode: qrCode }, lang)).table2?.[0]?.ShopName);
  return { 'zh-CN': await name('zh-CN'), 'zh-TW': await name('zh-TW'), en: await name('en') };
}

/** A goods of the demo's main menu that is added straight from the menu (no options, not sold out), for quick carts. */
export async function plainGoods(
  baseUrl: string,
  shopId: string,
  lang: Lang = 'en',
): Promise<Record<string, unknown>> {
  const list = await callGateway(
    baseUrl,
    'HBBPos_GoodsClass_GoodsList_V9_Get',
    1,
    { ShopID: shopId, PageIndex: 1, PageSize: 1000 },
    lang,
  );
  const g = (list.table1 ?? []).find(
    (r) =>
      r.Skus === '0' &&
      Number(r.PUnitCount) === 0 &&
      Number(r.HasBom) === 0 &&
      Number(r.HasCharging) === 0 &&
      r.GoodsTypeID === '0' &&
      Number(r.SoldOut) === 0 &&
      Number(r.BagCount) === 0,
  );
  if (!g) throw new Error('no plain goods in the demo menu');
  return g;
}

export interface DemoCodes {
  byName: Record<string, string>;
  qrCodes: Record<'dineIn' | 'dineIn2' | 'lateNight' | 'quick' | 'closed' | 'eggTart' | 'noodle' | 'porkChopBun', string>;
  sheetQrCodes: Record<'open' | 'expired' | 'checkedOut' | 'closed', string>;
}

/** The demo tables' QR codes (random at seeding) from the running service's sandbox: GET /sandbox/tables. */
export async function demoCodes(baseUrl: string = serviceUrl()): Promise<DemoCodes> {
  const res = await fetch(new URL('/sandbox/tables', baseUrl));
  if (!res.ok) throw new Error(`GET /sandbox/tables: HTTP ${res.status}`);
  return (await res.json()) as DemoCodes;
}

/** A demo table's QR code by its table name ('A01'). */
export async function tableCode(name: string, baseUrl?: string): Promise<string> {
  const code = (await demoCodes(baseUrl)).byName[name];
  if (!code) throw new Error(`no demo table named ${name}`);
  return code;
}

/**
 * Empties every demo table's live cart and calls (POST /sandbox/table-carts/clear, issue 28): the
 * journeys share the demo's tables and a pay-after table's cart lives on the service, so each journey
 * starts its tables afresh (every spec's beforeEach).
 */
export async function clearTableCarts(baseUrl: string = serviceUrl()): Promise<void> {
  const res = await fetch(new URL('/sandbox/table-carts/clear', baseUrl), { method: 'POST' });
  if (!res.ok) throw new Error(`POST /sandbox/table-carts/clear: HTTP ${res.status}`);
}
