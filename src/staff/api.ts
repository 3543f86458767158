/**
 * The staff API (src/server/http/staff.ts, staffScreen.ts), JSON in and out, as
 * the signed-in person (the staff session cookie goes by itself; token '') or
 * with the automation token, typed from its one table (shared/protocol/staff.ts):
 * each call names its route ('POST /staff/sheets/:id/close') and gets that
 * route's parameters, body and answer types. Type-only imports: the table's
 * zod schemas stay out of the screen's bundle.
 */
import type { StaffAnswer, StaffArgs, StaffGoodsJson, StaffListedSheetJson, StaffMemberJson, StaffOutletJson, StaffPath } from '../shared/protocol/staff';
import type { Progress } from '../shared/domain/orderStates';

/** A sheet of the counter's list, with its rounds (each beside its own lines) and all its lines. */
export type StaffSheet = StaffListedSheetJson;
/** A round of ordering on a sheet: its own kitchen state, remark and lines (a pickup or delivery order has one). */
export type StaffRound = StaffSheet['rounds'][number];
export type StaffItem = StaffSheet['items'][number];
export type Outlet = StaffOutletJson;
export type StaffGoods = StaffGoodsJson;
export type Member = StaffMemberJson;
/** A route's answer, for the sections that call a route with `call`. */
export type StaffAnswerOf<K extends StaffPath> = StaffAnswer<K>;

/** A route's path with its parameters filled in and encoded ('/staff/sheets/:id/close' -> '/staff/sheets/876.../close'). */
export function staffPath(route: StaffPath, params?: Record<string, string>): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
}

/** A route's query as text (absent values left out). */
function queryText(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

export class StaffError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's other fields (a stale change of a table's cart line: the line as it is now). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The staff API with a token; texts (the lines, specs) come back in `lang`, the screen's language. */
export function staffApi(token: string, lang?: string) {
  async function call<K extends StaffPath>(route: K, args: StaffArgs<K>): Promise<StaffAnswer<K>> {
    const { params, query, body } = args as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
    const method = route.slice(0, route.indexOf(' '));
    let res: Response;
    try {
      res = await fetch(staffPath(route, params) + queryText(query), {
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
    const json = (await res.json().catch(() => ({}))) as StaffAnswer<K> & { error?: string };
    if (!res.ok) throw new StaffError(res.status, json.error ?? res.statusText, json as Record<string, unknown>);
    return json;
  }
  return {
    /** Any route of the table, typed by it (the sections that own a route call it here). */
    call,
    outlets: () => call('GET /staff/outlets', {}).then((r) => r.outlets),
    /** The outlet's orders that are still under way: open and paid ones (the kitchen filters further). */
    async openSheets(baseId: string): Promise<StaffSheet[]> {
      const [open, paid] = await Promise.all([
        call('GET /staff/sheets', { query: { baseId, status: 0, limit: 200 } }),
        call('GET /staff/sheets', { query: { baseId, status: 1, limit: 200 } }),
      ]);
      return [...open.sheets, ...paid.sheets];
    },
    /** Some sheets of the outlet as the list has them (one not there: not the outlet's). */
    sheetsById: (baseId: string, sheetIds: readonly string[]) => call('GET /staff/sheets', { query: { baseId, sheetIds: sheetIds.join(','), limit: 200 } }).then((r) => r.sheets),
    /** Moves one round of a sheet forward (without a round: the sheet's only one). */
    progress: (sheetId: string, progress: Progress, round?: number) =>
      call('POST /staff/sheets/:id/progress', { params: { id: sheetId }, body: round === undefined ? { progress } : { progress, round } }),
    closePaidAtCounter: (sheetId: string) => call('POST /staff/sheets/:id/close', { params: { id: sheetId }, body: { paidAtCounter: true } }),
    /** Closes the sheet unpaid, ending a pending payment first (the provider asked: one already made is kept). */
    forceClose: (sheetId: string) => call('POST /staff/sheets/:id/close', { params: { id: sheetId }, body: { force: true } }),
    /** Ends the sheet's pending payment (the provider asked: one already made is recorded as paid). */
    cancelPayment: (sheetId: string) => call('POST /staff/sheets/:id/cancel-payment', { params: { id: sheetId } }),
    goods: (baseId: string) => call('GET /staff/goods', { query: { baseId } }).then((r) => r.goods),
    goodsSoldOut: (goodsId: string, soldOut: boolean) => call('POST /staff/goods/:id/sold-out', { params: { id: goodsId }, body: { soldOut } }),
    skuSoldOut: (skuId: string, soldOut: boolean) => call('POST /staff/skus/:id/sold-out', { params: { id: skuId }, body: { soldOut } }),
    member: (code: string) => call('GET /staff/members/by-code/:code', { params: { code } }).then((r) => r.member),
    /** Issue 28: the outlet's table calls (waiting, then recently taken); taking one (409 when someone else did first). */
    calls: (baseId: string) => call('GET /staff/calls', { query: { baseId } }).then((r) => r.calls),
    ackCall: (callId: string) => call('POST /staff/calls/:id/ack', { params: { id: callId } }).then((r) => r.call),
    /** Issue 28: a pay-after table's live cart; a line one more or less ({delta}) or set at the version read ({qua, version}; 409 with the line as it is now). */
    tableCart: (tableId: string) => call('GET /staff/tables/:id/cart', { params: { id: tableId } }).then((r) => r.cart),
    setCartLine: (tableId: string, lineId: string, body: StaffArgs<'POST /staff/tables/:id/cart/lines/:lineId'>['body']) =>
      call('POST /staff/tables/:id/cart/lines/:lineId', { params: { id: tableId, lineId }, body }),
    /** The kitchen's stations, thresholds, the service's clock and a station's last bumped tickets (issue 26 section 2). */
    kitchen: (baseId: string, station?: string) => call('GET /staff/kitchen', { query: station ? { baseId, station } : { baseId } }),
    itemDone: (sheetId: string, itemId: number, done: boolean) =>
      call('POST /staff/sheets/:id/items/:item/done', { params: { id: sheetId, item: String(itemId) }, body: { done } }),
    bump: (sheetId: string, round: number, station: string) => call('POST /staff/sheets/:id/bump', { params: { id: sheetId }, body: { round, station } }),
    recall: (sheetId: string, round: number, station: string) => call('POST /staff/sheets/:id/recall', { params: { id: sheetId }, body: { round, station } }),
    setThreshold: (body: { baseId: string; takeType: 'dinein' | 'pickup' | 'delivery'; amberSeconds: number; redSeconds: number }) =>
      call('PUT /staff/kitchen/thresholds', { body }),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;
