/**
 * The staff program's tests' stand-in for the staff API (house style 10, as
 * src/client/test/gateway.ts is the app's): one MSW server answering the
 * staff routes from a scenario, typed by what the program's own client
 * (src/staff/api.ts) returns, so a stand-in with a field the answer does not
 * have, or a value of the wrong type, fails tsc (standIns.typetest.ts). The
 * moves change the scenario as the service would (a round moved forward reads
 * back moved), and every request is kept in `seen` for the tests to check.
 * The live stream (/staff/events) stays open until a test sends a frame.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { StaffApi } from '../api';
import type { Progress } from '../../shared/domain/orderStates';
import type { StaffAnswer } from '../../shared/protocol/staff';

/** What the staff client's call K resolves to: the stand-ins are typed by it. */
export type Answer<K extends keyof StaffApi> = Awaited<ReturnType<StaffApi[K]>>;
export type Sheet = Answer<'openSheets'>[number];
export type Round = NonNullable<Sheet['rounds']>[number];
export type Line = Sheet['items'][number];
export type Goods = Answer<'goods'>[number];
export type MemberAnswer = Answer<'member'>;
export type OutletAnswer = Answer<'outlets'>[number];

/** The token the stand-in accepts; any other is refused (401) as the service does. */
export const TOKEN = 'test-staff-token';
export const BASE_ID = 'B1';
/** The staff account the stand-in signs in (POST /staff/session); the session is its own flag, as the cookie is HttpOnly. */
export const ACCOUNT = { login: 'kitchen', password: 'kitchen-pass', displayName: 'Kitchen tablet' };
let signedIn = false;

export interface Scenario {
  outlets: OutletAnswer[];
  sheets: Sheet[];
  goods: Goods[];
  /** Members by their member code; any other code is 404. */
  members: Record<string, MemberAnswer>;
  /** GET /staff/kitchen's answer (issue 26 section 2): the outlet's stations, thresholds, clock, bumped tickets. */
  kitchen: KitchenAnswer;
  /** A route's status forced for the next calls, e.g. { progress: 409 }. */
  refuse: Partial<
    Record<
      | 'progress'
      | 'close'
      | 'cancelPayment'
      | 'goodsSoldOut'
      | 'skuSoldOut'
      | 'sheets'
      | 'goods'
      | 'member',
      number
    >
  >;
}

export interface Seen {
  method: string;
  path: string;
  body: unknown;
  language: string | null;
}

const outlet = (o: Partial<OutletAnswer> = {}): OutletAnswer => ({
  baseId: BASE_ID,
  name: '新马路店',
  nameTw: '新馬路店',
  nameEn: 'San Ma Lo',
  shopName: 'HBB',
  ...o,
});

type KitchenAnswer = StaffAnswer<'GET /staff/kitchen'>;
const kitchenAnswer = (): KitchenAnswer => ({
  now: new Date().toISOString(),
  stations: [],
  thresholds: [
    { takeType: 'dinein', amberSeconds: 300, redSeconds: 480 },
    { takeType: 'pickup', amberSeconds: 300, redSeconds: 480 },
    { takeType: 'delivery', amberSeconds: 300, redSeconds: 480 },
  ],
  bumped: [],
});

export function line(l: Partial<Line> = {}): Line {
  return {
    itemId: 1,
    goodsId: 'G-milk-tea',
    roundNo: 1,
    goodsName: 'Milk tea',
    skuItems: '',
    pUnit: '18.00',
    qua: '1',
    pQua: '1',
    mQua: '1',
    amo: '18.00',
    voided: false,
    voidReason: '',
    detail: '',
    stationIds: [],
    doneAt: '',
    ...l,
  };
}

export function round(r: Partial<Round> = {}): Round {
  return {
    roundNo: 1,
    progress: 'placed',
    kitchenState: 'new',
    remark: '',
    createdAt: '2026-11-25T12:00:00.000Z',
    movedAt: '',
    withdrawn: false,
    receivedAt: r.createdAt ?? '2026-11-25T12:00:00.000Z',
    bumped: [],
    items: [line()],
    ...r,
  };
}

/** A sheet as GET /staff/sheets answers it: a paid pickup order, one round, unless told. */
export function sheet(s: Partial<Sheet> = {}): Sheet {
  const rounds = s.rounds ?? [round()];
  return {
    sheetId: 'S20261125000001',
    baseId: BASE_ID,
    tableId: '',
    tableName: '',
    posType: 1,
    businessMode: '1',
    takeType: 'pickup',
    payMode: 'prepay',
    status: 1,
    payStatus: 2,
    isPayLater: false,
    progress: rounds[0]?.progress ?? 'placed',
    displayState: 'paid',
    totalAmo: '18.00',
    feeAmo: '0.00',
    bagAmo: '0.00',
    couponAmo: '0.00',
    custName: '',
    custPhone: '',
    address: '',
    takeTime: '',
    remark: '',
    roundCount: rounds.length,
    pickupNo: '',
    createdAt: rounds[0]?.createdAt ?? '2026-11-25T12:00:00.000Z',
    updatedAt: rounds[0]?.createdAt ?? '2026-11-25T12:00:00.000Z',
    items: rounds.flatMap((r) => r.items),
    ...s,
    rounds,
  };
}

export function goods(g: Partial<Goods> = {}): Goods {
  return {
    goodsId: 'G1',
    code: '101',
    name: '奶茶',
    nameTw: '奶茶',
    nameEn: 'Milk tea',
    soldOut: false,
    skus: [{ skuId: 'K1', skuItems: '', spec: [], soldOut: false }],
    ...g,
  };
}

export function member(v: Partial<MemberAnswer> = {}): MemberAnswer {
  return {
    VipID: 'V1',
    VipName: 'Chan Tai Man',
    VipCode: '8530000001',
    Phone: '66****56',
    Balance: '1234.5',
    Score: '320',
    ...v,
  };
}

export const scenario: Scenario = { outlets: [], sheets: [], goods: [], members: {}, kitchen: kitchenAnswer(), refuse: {} };
export const seen: Seen[] = [];

/** The live stream's open connections: send() writes a frame to each. */
const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
let nextEventId = 1;

/** Sends a live event frame (as the service's hub writes it) to every open staff stream. */
export function sendEvent(frame: {
  kind: string;
  sheetId?: string;
  data?: Record<string, unknown>;
}): void {
  const id = String(nextEventId++);
  const text = `id: ${id}\ndata: ${JSON.stringify({ id, sheetId: '', data: {}, ...frame })}\n\n`;
  for (const c of streams) c.enqueue(new TextEncoder().encode(text));
}

export function openStreams(): number {
  return streams.size;
}

export function resetStandIns(): void {
  Object.assign(scenario, {
    outlets: [outlet()],
    sheets: [],
    goods: [],
    members: {},
    kitchen: kitchenAnswer(),
    refuse: {},
  } satisfies Scenario);
  seen.length = 0;
  signedIn = false;
  for (const c of streams) c.close();
  streams.clear();
}

type Route = keyof Scenario['refuse'];
const refused = (route: Route): Response | null => {
  const status = scenario.refuse[route];
  return status ? HttpResponse.json({ error: `refused ${status}` }, { status }) : null;
};

async function record(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const text = request.method === 'POST' ? await request.clone().text() : '';
  seen.push({
    method: request.method,
    path: url.pathname + url.search,
    body: text ? JSON.parse(text) : undefined,
    language: request.headers.get('accept-language'),
  });
  return request.headers.get('authorization') === `Bearer ${TOKEN}` || (signedIn && !request.headers.get('authorization'))
    ? null
    : HttpResponse.json({ error: 'unauthorized' }, { status: 401 });
}

const findSheet = (id: string) => scenario.sheets.find((s) => s.sheetId === id);

const account = () => ({ accountId: 'STF1', entId: 'E1', login: ACCOUNT.login, displayName: ACCOUNT.displayName, role: 'kitchen', outlets: [BASE_ID], hasPin: false, disabled: false, version: 1, createdAt: '', updatedAt: '' });

export const server = setupServer(
  http.post('*/staff/session', async ({ request }) => {
    const body = (await request.json()) as { login: string; password: string };
    if (body.login !== ACCOUNT.login || body.password !== ACCOUNT.password) return HttpResponse.json({ error: 'wrong' }, { status: 401 });
    signedIn = true;
    return HttpResponse.json({ account: account(), expiresAt: '' });
  }),
  http.delete('*/staff/session', () => {
    signedIn = false;
    return HttpResponse.json({ signedOut: true });
  }),
  http.get('*/staff/me', () => (signedIn ? HttpResponse.json({ kind: 'account', account: account() }) : HttpResponse.json({ error: 'unauthorized' }, { status: 401 }))),
  http.get(
    '*/staff/outlets',
    async ({ request }) =>
      (await record(request)) ?? HttpResponse.json({ outlets: scenario.outlets }),
  ),
  http.get('*/staff/sheets', async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const status = query.get('status');
    const sheetIds = query.get('sheetIds')?.split(',');
    return (
      (await record(request)) ??
      refused('sheets') ??
      HttpResponse.json({ sheets: scenario.sheets.filter((s) => (status === null || s.status === Number(status)) && (!sheetIds || sheetIds.includes(s.sheetId))) })
    );
  }),
  http.get('*/staff/kitchen', async ({ request }) => (await record(request)) ?? HttpResponse.json(scenario.kitchen)),
  http.post('*/staff/sheets/:id/items/:item/done', async ({ request, params }) => {
    const no = await record(request);
    if (no) return no;
    const { done } = (await request.json()) as { done: boolean };
    const item = findSheet(String(params.id))?.rounds?.flatMap((r) => r.items).find((i) => i.itemId === Number(params.item));
    if (!item) return HttpResponse.json({ error: 'not found' }, { status: 404 });
    item.doneAt = done ? '2026-11-25T12:01:00Z' : '';
    return HttpResponse.json({ itemId: item.itemId, doneAt: item.doneAt, changed: true });
  }),
  http.post('*/staff/sheets/:id/bump', async ({ request, params }) => {
    const no = await record(request);
    if (no) return no;
    const { round: roundNo, station } = (await request.json()) as { round: number; station: string };
    const r = findSheet(String(params.id))?.rounds?.find((x) => x.roundNo === roundNo);
    if (!r) return HttpResponse.json({ error: 'not found' }, { status: 404 });
    r.bumped = [...(r.bumped ?? []), station];
    for (const i of r.items) if (i.stationIds?.includes(station)) i.doneAt ||= '2026-11-25T12:02:00Z';
    const bumped = { sheetId: String(params.id), roundNo, stationId: station, tableName: '', bumpedAt: '2026-11-25T12:02:00Z' };
    scenario.kitchen.bumped = [bumped, ...scenario.kitchen.bumped].slice(0, 10);
    return HttpResponse.json({ bumped, doneItems: [] });
  }),
  http.post('*/staff/sheets/:id/recall', async ({ request, params }) => {
    const no = await record(request);
    if (no) return no;
    const { round: roundNo, station } = (await request.json()) as { round: number; station: string };
    const r = findSheet(String(params.id))?.rounds?.find((x) => x.roundNo === roundNo);
    if (!r) return HttpResponse.json({ error: 'not found' }, { status: 404 });
    r.bumped = (r.bumped ?? []).filter((x) => x !== station);
    scenario.kitchen.bumped = scenario.kitchen.bumped.filter((b) => !(b.sheetId === params.id && b.roundNo === roundNo && b.stationId === station));
    return HttpResponse.json({ recalled: true });
  }),
  http.post('*/staff/sheets/:id/progress', async ({ request, params }) => {
    const no = (await record(request)) ?? refused('progress');
    if (no) return no;
    const { progress, round: roundNo } = (await request.json()) as {
      progress: Progress;
      round?: number;
    };
    const s = findSheet(String(params.id));
    if (!s) return HttpResponse.json({ error: 'not found' }, { status: 404 });
    for (const r of s.rounds ?? [])
      if (roundNo === undefined || r.roundNo === roundNo) r.progress = progress;
    s.progress = progress;
    return HttpResponse.json({ ok: true });
  }),
  http.post('*/staff/sheets/:id/close', async ({ request, params }) => {
    const no = (await record(request)) ?? refused('close');
    if (no) return no;
    const s = findSheet(String(params.id));
    if (s) s.status = 2;
    return HttpResponse.json({ ok: true });
  }),
  http.post('*/staff/sheets/:id/cancel-payment', async ({ request, params }) => {
    const no = (await record(request)) ?? refused('cancelPayment');
    if (no) return no;
    const s = findSheet(String(params.id));
    if (s) s.payStatus = 0;
    return HttpResponse.json({ ok: true });
  }),
  http.get(
    '*/staff/goods',
    async ({ request }) =>
      (await record(request)) ?? refused('goods') ?? HttpResponse.json({ goods: scenario.goods }),
  ),
  http.post('*/staff/goods/:id/sold-out', async ({ request, params }) => {
    const no = (await record(request)) ?? refused('goodsSoldOut');
    if (no) return no;
    const { soldOut } = (await request.json()) as { soldOut: boolean };
    scenario.goods = scenario.goods.map((g) => (g.goodsId === params.id ? { ...g, soldOut } : g));
    return HttpResponse.json({ ok: true });
  }),
  http.post('*/staff/skus/:id/sold-out', async ({ request, params }) => {
    const no = (await record(request)) ?? refused('skuSoldOut');
    if (no) return no;
    const { soldOut } = (await request.json()) as { soldOut: boolean };
    scenario.goods = scenario.goods.map((g) => ({
      ...g,
      skus: g.skus.map((k) => (k.skuId === params.id ? { ...k, soldOut } : k)),
    }));
    return HttpResponse.json({ ok: true });
  }),
  http.get('*/staff/members/by-code/:code', async ({ request, params }) => {
    const no = (await record(request)) ?? refused('member');
    if (no) return no;
    const found = scenario.members[String(params.code)];
    return found
      ? HttpResponse.json({ member: found })
      : HttpResponse.json({ error: 'not found' }, { status: 404 });
  }),
  http.get('*/staff/events', async ({ request }) => {
    const no = await record(request);
    if (no) return no;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        streams.add(c);
      },
      cancel() {
        if (controller) streams.delete(controller);
      },
    });
    request.signal.addEventListener('abort', () => {
      if (controller) streams.delete(controller);
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
);

/** Starts the stand-in for a test file: unknown requests fail the test; each test starts from an empty scenario. */
export function useStandIns(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetStandIns());
  afterEach(() => {
    server.resetHandlers();
    resetStandIns();
  });
  afterAll(() => server.close());
}
