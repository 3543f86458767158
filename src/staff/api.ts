/** The staff API (src/server/http/staff.ts, staffScreen.ts) with the staff token, JSON in and out. */
export interface StaffItem {
  roundNo: number;
  goodsName: string;
  skuItems: string;
  pUnit: string;
  qua: string;
  amo: string;
  detail: string;
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
  skus: { skuId: string; skuItems: string; soldOut: boolean }[];
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

export function staffApi(token: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          // The screen's language (StaffApp sets it on the page): the orders' lines come back in it.
          'accept-language': document.documentElement.lang || navigator.language,
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
    progress: (sheetId: string, progress: string) => call('POST', `/staff/sheets/${q(sheetId)}/progress`, { progress }),
    closePaidAtCounter: (sheetId: string) => call('POST', `/staff/sheets/${q(sheetId)}/close`, { paidAtCounter: true }),
    goods: (baseId: string) => call<{ goods: StaffGoods[] }>('GET', `/staff/goods?baseId=${q(baseId)}`).then((r) => r.goods),
    goodsSoldOut: (goodsId: string, soldOut: boolean) => call('POST', `/staff/goods/${q(goodsId)}/sold-out`, { soldOut }),
    skuSoldOut: (skuId: string, soldOut: boolean) => call('POST', `/staff/skus/${q(skuId)}/sold-out`, { soldOut }),
    member: (code: string) => call<{ member: Member }>('GET', `/staff/members/by-code/${q(code)}`).then((r) => r.member),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;
