/**
 * The staff API (src/server/http/staff.ts, staffScreen.ts), JSON in and out: as the
 * signed-in person (the staff session cookie goes by itself; token '') or with a token.
 */
export interface StaffItem {
  roundNo: number;
  goodsName: string;
  skuItems: string;
  pUnit: string;
  qua: string;
  amo: string;
  detail: string;
}

/** A round of ordering on a sheet: its own kitchen state, remark and lines (a pickup or delivery order has one). */
export interface StaffRound {
  roundNo: number;
  /** placed | preparing | ready | delivering | completed */
  progress: string;
  /** new | preparing | ready | served */
  kitchenState: string;
  remark: string;
  createdAt: string;
  items: StaffItem[];
}

export interface StaffSheet {
  sheetId: string;
  baseId: string;
  tableName: string;
  takeType: string;
  payMode: string;
  status: number;
  payStatus: number;
  isPayLater: boolean;
  progress: string;
  displayState: string;
  totalAmo: string;
  custName: string;
  address: string;
  takeTime: string;
  remark: string;
  roundCount: number;
  createdAt: string;
  items: StaffItem[];
  /** Its rounds, each beside its own lines (an older service sends none: the sheet is one round). */
  rounds?: StaffRound[];
}

export interface Outlet {
  baseId: string;
  name: string;
  nameTw: string;
  nameEn: string;
  shopName: string;
}

export interface StaffGoods {
  goodsId: string;
  code: string;
  name: string;
  nameTw: string;
  nameEn: string;
  soldOut: boolean;
  /** spec: the sku's values' names in the screen's language (an older service sends only skuItems). */
  skus: { skuId: string; skuItems: string; spec?: string[]; soldOut: boolean }[];
}

export interface Member {
  VipID: string;
  /** '' until the member sets a name: shown as "Member {Phone}" (shared/domain/memberName.ts). */
  VipName: string;
  VipCode: string;
  /** The member's phone, masked (66****56); '' without one. */
  Phone: string;
  Balance: string;
  Score: string;
}

export class StaffError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The staff API with a token; texts (the lines, specs) come back in `lang`, the screen's language. */
export function staffApi(token: string, lang?: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          // The screen's language (StaffApp sets it on the page): the orders' lines come back in it.
          'accept-language': lang || document.documentElement.lang || navigator.language,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new StaffError(0, 'network');
    }
    const json = (await res.json().catch(() => ({}))) as T & { error?: string };
    if (!res.ok) throw new StaffError(res.status, json.error ?? res.statusText);
    return json;
  }
  const q = encodeURIComponent;
  return {
    outlets: () => call<{ outlets: Outlet[] }>('GET', '/staff/outlets').then((r) => r.outlets),
    /** The outlet's orders that are still under way: open and paid ones (the kitchen filters further). */
    async openSheets(baseId: string): Promise<StaffSheet[]> {
      const [open, paid] = await Promise.all([
        call<{ sheets: StaffSheet[] }>('GET', `/staff/sheets?baseId=${q(baseId)}&status=0&limit=200`),
        call<{ sheets: StaffSheet[] }>('GET', `/staff/sheets?baseId=${q(baseId)}&status=1&limit=200`),
      ]);
      return [...open.sheets, ...paid.sheets];
    },
    /** Moves one round of a sheet forward (without a round: the sheet's only one). */
    progress: (sheetId: string, progress: string, round?: number) =>
      call('POST', `/staff/sheets/${q(sheetId)}/progress`, round === undefined ? { progress } : { progress, round }),
    closePaidAtCounter: (sheetId: string) => call('POST', `/staff/sheets/${q(sheetId)}/close`, { paidAtCounter: true }),
    /** Closes the sheet unpaid, ending a pending payment first (the provider asked: one already made is kept). */
    forceClose: (sheetId: string) => call('POST', `/staff/sheets/${q(sheetId)}/close`, { force: true }),
    /** Ends the sheet's pending payment (the provider asked: one already made is recorded as paid). */
    cancelPayment: (sheetId: string) => call('POST', `/staff/sheets/${q(sheetId)}/cancel-payment`),
    goods: (baseId: string) => call<{ goods: StaffGoods[] }>('GET', `/staff/goods?baseId=${q(baseId)}`).then((r) => r.goods),
    goodsSoldOut: (goodsId: string, soldOut: boolean) => call('POST', `/staff/goods/${q(goodsId)}/sold-out`, { soldOut }),
    skuSoldOut: (skuId: string, soldOut: boolean) => call('POST', `/staff/skus/${q(skuId)}/sold-out`, { soldOut }),
    member: (code: string) => call<{ member: Member }>('GET', `/staff/members/by-code/${q(code)}`).then((r) => r.member),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;
