/** Reads demo data through the real gateway, so journeys do not hard-code it. */
import { encodeForm } from '../../src/shared/protocol/envelope';

export async function callGateway(baseUrl: string, op: string, service: number, row: Record<string, unknown>) {
  const res = await fetch(new URL('/HBBAPI/GetData', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm({
      HBBWSType: String(service),
      strKeyName: op,
      strJsonData: JSON.stringify({ tableData: [{ EntID: '881000000009', UserID: '888000000009', ...row }] }),
      strAuthorizationCode: 'hbb',
      IsRSA: '0',
    }),
  });
  const json = (await res.json()) as { errcode: string; errmsg: string; data: Record<string, Record<string, unknown>[]> };
  if (json.errcode !== '0') throw new Error(`${op}: ${json.errmsg}`);
  return json.data;
}

export async function shopNames(baseUrl: string, qrCode: string) {
  const data = await callGateway(baseUrl, 'EShop_EShopShopPageGet_Get', 1, { QRCode: qrCode });
  const shop = data.table2?.[0] ?? {};
  return { 'zh-CN': String(shop.ShopName), 'zh-TW': String(shop.ShopNameTW), en: String(shop.ShopNameEN) };
}
