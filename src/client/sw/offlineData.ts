/**
 * Issue 29 section 5: which answers of the data endpoint the service worker
 * keeps for an offline start, and under which key. The endpoint is one POST
 * (PROTOCOL.md), which the Cache API cannot key: the worker stores each kept
 * answer under a made-up GET address built from the operation, the language
 * and the request's first row without the caller's EntID and UserID (a
 * guest's id may change, and the page asks for a code before it knows the
 * shop's entity; the answer is the shop's, the same for every customer).
 *
 * Only reads of the shop and its menu are kept: what a table link and the
 * menu ask for. Orders, carts, payments, sign-ins and member data are never
 * kept (they are not in the list), and event streams are not the endpoint.
 * The bound: the last outlet only (an answer for another ShopID removes the
 * others' ShopID-keyed answers) and at most MAX_DATA_ENTRIES answers in all.
 */

/** The operations whose answers an offline start reads (the head start's four, the menu's three). */
export const OFFLINE_OPERATIONS: ReadonlySet<string> = new Set([
  'Enterprise_EntIDByIDGet_Get',
  'EShop_EShopShopPageGet_Get',
  'SysParm_EntSysParmGet_Get',
  'Goods_GoodsShopHomeGoodsByPage_Get',
  'HBBPos_AllGoodsClassGet_Get',
  'HBBPos_GoodsClass_GoodsList_V9_Get',
  'HBBPos_ShopGoodsBaseGet_Get',
]);

export const DATA_CACHE = 'hbb-offline-data';
export const PICTURE_CACHE = 'hbb-offline-pictures';
/** The last outlet's answers (a menu of a few pages, its classes, the shop page...) and a few of the outlet before. */
export const MAX_DATA_ENTRIES = 40;
/** The menu's pictures, the most recently shown first. */
export const MAX_PICTURES = 200;
/** The made-up address's path, under the worker's scope. */
export const KEY_PATH = '__offline/data';

export interface KeptRequest {
  /** The made-up GET address the answer is stored under. */
  key: string;
  /** The outlet the answer is for, when its row names one. */
  shopId: string | null;
}

/**
 * The key of a data request, or null when its answer is never kept (another
 * operation, or a body that is not the endpoint's form).
 */
export function keptRequest(scope: string, body: string, language: string): KeptRequest | null {
  const form = new URLSearchParams(body);
  const op = form.get('strKeyName') ?? '';
  if (!OFFLINE_OPERATIONS.has(op)) return null;
  let row: Record<string, unknown>;
  try {
    const data = JSON.parse(form.get('strJsonData') ?? '') as { tableData?: Record<string, unknown>[] };
    row = { ...(data.tableData?.[0] ?? {}) };
  } catch {
    return null;
  }
  delete row.UserID;
  delete row.EntID;
  const shopId = typeof row.ShopID === 'string' && row.ShopID ? row.ShopID : null;
  const key = new URL(KEY_PATH, scope);
  key.searchParams.set('op', op);
  key.searchParams.set('lang', language);
  if (shopId) key.searchParams.set('shop', shopId);
  key.searchParams.set('row', JSON.stringify(row, Object.keys(row).sort()));
  return { key: key.href, shopId };
}

/** The kept answers of other outlets, which an answer for `shopId` replaces. */
export function otherOutlets(keys: readonly string[], shopId: string): string[] {
  return keys.filter((k) => {
    const shop = new URL(k).searchParams.get('shop');
    return shop !== null && shop !== shopId;
  });
}

/** An answer worth keeping: the endpoint's envelope with errcode and resultcode 0. */
export function isKeptAnswer(text: string): boolean {
  try {
    const envelope = JSON.parse(text) as { errcode?: unknown; resultcode?: unknown };
    return String(envelope.errcode) === '0' && String(envelope.resultcode) === '0';
  } catch {
    return false;
  }
}

/** A goods picture: under /oss/ on this origin, or an object store's resized picture. */
export function isMenuPicture(url: URL, origin: string): boolean {
  return (url.origin === origin && url.pathname.startsWith('/oss/')) || url.searchParams.has('x-oss-process');
}

/** The messages the worker posts to its pages: whether its last data request reached the service. */
export const NETWORK_MESSAGE = 'hbb-network';
export interface NetworkMessage {
  type: typeof NETWORK_MESSAGE;
  online: boolean;
}

/** A page hands the worker an answer it fetched straight from the network, to keep as if relayed (directData.ts). */
export const KEEP_MESSAGE = 'hbb-keep';
export interface KeepMessage {
  type: typeof KEEP_MESSAGE;
  /** The request's form body and Accept-Language: the answer's key (keptRequest). */
  body: string;
  language: string;
  /** The answer as it came. */
  text: string;
}
