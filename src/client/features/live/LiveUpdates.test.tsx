/**
 * Live updates through the UI: an event on the stream has the order read
 * again and shows an announced note; a table's round by another phone shows
 * who added it; when the stream dies the page polls (after 2 s) and tries the
 * stream again. EventSource is a stand-in (jsdom has none); the data comes
 * from the one MSW handler.
 */
import { act, screen } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { orderState, PAY_METHODS, sheetDetail } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const DETAIL = 'PosSalSheet_PosSalSheetDetailGet_V2_Get';

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string; lastEventId: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (m: { data: string }) => void>();
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (m: { data: string }) => void) {
    this.listeners.set(type, fn);
  }
  dispatch(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) });
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(id: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data), lastEventId: id });
  }
  fail() {
    this.onerror?.();
  }
  static last() {
    return FakeEventSource.instances[FakeEventSource.instances.length - 1]!;
  }
}

jest.setTimeout(20_000);
beforeAll(() => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  FakeEventSource.instances = [];
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
});
afterEach(() => resetGateway());
afterAll(() => {
  server.close();
  delete (globalThis as Record<string, unknown>).EventSource;
});

const details = (id: string) => `/pages/orderDetails/orderDetails?SheetID=${id}`;
const progressEvent = (id: string, progress: string) => ({
  id,
  kind: 'progress',
  sheetId: 'SH1',
  baseId: 'B1',
  data: { status: 1, payStatus: 2, progress, takeType: 'pickup', isPayLater: false, payMode: 'prepay', businessMode: '1', roundCount: 1, round: null },
});

test("the kitchen moves the order: the page shows it and announces it, without a reload", async () => {
  let progress = 'placed';
  answer(DETAIL, () =>
    sheetDetail({ Status: 1, PayStatus: 2, Progress: progress, DisplayState: progress === 'placed' ? 'paid' : 'preparing' }),
  );
  renderWithProviders(<Shell />, { route: details('SH1'), preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Paid' })).toBeInTheDocument();
  const stream = FakeEventSource.last();
  expect(stream.url).toMatch(/\/events\/sheets\/SH1$/);
  expect(stream.init?.withCredentials).toBe(true);
  act(() => stream.open());

  progress = 'preparing';
  act(() => stream.emit('7', progressEvent('7', 'preparing')));
  expect(await screen.findByRole('heading', { name: 'Preparing' })).toBeInTheDocument();
  expect(screen.getByText('Your order is being prepared')).toHaveAttribute('aria-live', 'polite');

  progress = 'ready';
  act(() => stream.emit('8', progressEvent('8', 'ready')));
  expect(await screen.findByText('Your order is ready')).toBeInTheDocument();
});

test("a table's round added by another phone: who added it", async () => {
  let rounds = 1;
  const item = (RoundNo: number): Partial<StandInRow<typeof DETAIL, 'table2'>> => ({ ItemID: RoundNo, RoundNo, GoodsID: 'G1', GoodsName: 'BBQ Pork Rice', Qua: '1.0000', Amo: '48.0000', Detail: '' });
  answer(DETAIL, () => ({
    ...sheetDetail({ TableID: 'T1', PayMode: 'postpay', TakeType: 'dinein', BusinessMode: '2', DisplayState: 'ordering', RoundCount: rounds }, Array.from({ length: rounds }, (_, i) => item(i + 1))),
    table4: [
      { RoundNo: 1, ByName: '', ByPlace: 1 },
      { RoundNo: 2, ByName: 'Chan Tai Man', ByPlace: 2 },
    ].slice(0, rounds),
  }));
  renderWithProviders(<Shell />, { route: details('SH1'), preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Round 1' })).toBeInTheDocument();
  expect(screen.getByText('Added by Guest 1')).toBeInTheDocument();
  rounds = 2;
  act(() =>
    FakeEventSource.last().emit('9', {
      id: '9',
      kind: 'round',
      sheetId: 'SH1',
      baseId: 'B1',
      data: { status: 0, payStatus: 0, progress: 'placed', roundCount: 2, round: { no: 2, byName: 'Chan Tai Man', byPlace: 2, mine: false } },
    }),
  );
  expect(await screen.findByRole('heading', { name: 'Round 2' })).toBeInTheDocument();
  expect(screen.getByText('Added by Chan Tai Man')).toBeInTheDocument();
  expect(screen.getByText('Chan Tai Man added round 2')).toBeInTheDocument();
});

test('when the stream dies the page polls, then tries the stream again from the last event', async () => {
  answer(DETAIL, sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid' }));
  renderWithProviders(<Shell />, { route: details('SH1'), preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Paid' })).toBeInTheDocument();
  const first = FakeEventSource.last();
  act(() => {
    first.open();
    first.emit('12', progressEvent('12', 'placed'));
  });
  const reads = () => seen.filter((r) => r.op === DETAIL).length;
  await act(async () => new Promise((r) => setTimeout(r, 300)));
  const before = reads();
  act(() => first.fail());
  expect(first.readyState).toBe(2);
  await act(async () => new Promise((r) => setTimeout(r, 2_500)));
  expect(reads()).toBeGreaterThan(before);
  expect(FakeEventSource.instances.length).toBe(2);
  expect(FakeEventSource.last().url).toMatch(/\/events\/sheets\/SH1\?lastEventId=12$/);
});

test('a restarting service instance: the stream comes back after the pause it asks for, from the last event, without reading again', async () => {
  answer(DETAIL, sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid' }));
  renderWithProviders(<Shell />, { route: details('SH1'), preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Paid' })).toBeInTheDocument();
  const first = FakeEventSource.last();
  act(() => {
    first.open();
    first.emit('31', progressEvent('31', 'placed'));
  });
  const reads = () => seen.filter((r) => r.op === DETAIL).length;
  await act(async () => new Promise((r) => setTimeout(r, 300)));
  const before = reads();
  act(() => first.dispatch('reconnect', { retryMs: 600 }));
  expect(first.readyState).toBe(2);
  await act(async () => new Promise((r) => setTimeout(r, 300)));
  expect(FakeEventSource.instances.length).toBe(1);
  await act(async () => new Promise((r) => setTimeout(r, 500)));
  expect(FakeEventSource.instances.length).toBe(2);
  expect(FakeEventSource.last().url).toMatch(/\/events\/sheets\/SH1\?lastEventId=31$/);
  expect(reads()).toBe(before);
});

test('leaving the page closes the stream first; back from the back-forward cache, it reads again and opens it again', async () => {
  answer(DETAIL, sheetDetail({ Status: 1, PayStatus: 2, DisplayState: 'paid' }));
  renderWithProviders(<Shell />, { route: details('SH1'), preloadedState: orderState() });
  expect(await screen.findByRole('heading', { name: 'Paid' })).toBeInTheDocument();
  const first = FakeEventSource.last();
  act(() => {
    first.open();
    first.emit('40', progressEvent('40', 'placed'));
  });
  await act(async () => new Promise((r) => setTimeout(r, 300)));
  const reads = () => seen.filter((r) => r.op === DETAIL).length;
  const before = reads();
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
  expect(first.readyState).toBe(2);
  // Closed by the page, not cut: no polling meanwhile.
  await act(async () => new Promise((r) => setTimeout(r, 2_500)));
  expect(FakeEventSource.instances.length).toBe(1);
  expect(reads()).toBe(before);
  act(() => {
    const show = new Event('pageshow') as Event & { persisted: boolean };
    Object.defineProperty(show, 'persisted', { value: true });
    window.dispatchEvent(show);
  });
  expect(FakeEventSource.instances.length).toBe(2);
  expect(FakeEventSource.last().url).toMatch(/\/events\/sheets\/SH1\?lastEventId=40$/);
  await act(async () => new Promise((r) => setTimeout(r, 300)));
  expect(reads()).toBeGreaterThan(before);
});

const LIST_OP = 'PosSalSheet_PosSalSheetListByPage_V4_Get';
const listRow = (progress: string): Partial<StandInRow<typeof LIST_OP>> => ({
  SheetID: 'SH1',
  CreatedDate: '2026-11-22T04:00:00Z',
  ShopName: '港湾厨房',
  BaseName: '总店',
  BusinessMode: '1',
  TakeType: 'pickup',
  Status: 1,
  PayStatus: 2,
  Progress: progress,
  IsPayLater: 0,
  DisplayState: progress === 'placed' ? 'paid' : 'preparing',
  TotalAmo: '48.0000',
  Count: 1,
  FirstGoodsName: '叉烧饭',
  Pic: '',
});

test("the order list follows the customer's own stream, and catches up when the tab comes back", async () => {
  let progress = 'placed';
  answer(LIST_OP, () => ({ table1: [listRow(progress)], table2: [{ TotalCount: 1 }] }));
  renderWithProviders(<Shell />, { route: '/pages/orderList/orderList', preloadedState: orderState() });
  expect(await screen.findByRole('link', { name: /\bPaid\b.*MOP\$48\.00$/ })).toBeInTheDocument();
  const stream = FakeEventSource.last();
  expect(stream.url).toMatch(/\/events\/orders$/);
  act(() => stream.open());

  progress = 'preparing';
  act(() => stream.emit('20', progressEvent('20', 'preparing')));
  expect(await screen.findByRole('link', { name: /\bPreparing\b.*MOP\$48\.00$/ })).toBeInTheDocument();
  expect(screen.getByText('Your order is being prepared')).toBeInTheDocument();

  // Hidden, then back: read again at once, without waiting for an event.
  const reads = () => seen.filter((r) => r.op === LIST_OP).length;
  await act(async () => new Promise((r) => setTimeout(r, 200)));
  const before = reads();
  act(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await act(async () => new Promise((r) => setTimeout(r, 300)));
  expect(reads()).toBeGreaterThan(before);
});
