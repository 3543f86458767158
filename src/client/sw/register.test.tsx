/**
 * The service worker's registration (issue 29 section 5), with Workbox's page side stood in for: the
 * first worker's control asks again for the kept answers only; a waiting build is offered as "Update
 * available", and Update lets it take over.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../app/store';
import { goodsOptionsApi, menuApi } from '../features/menu';
import { answer, resetGateway, seen, server } from '../test/gateway';
import { memoryStorage } from '../test/render';
import { registerWorker } from './register';

type Listener = (event: { isUpdate?: boolean }) => void;
const workboxes: FakeWorkbox[] = [];
class FakeWorkbox {
  listeners = new Map<string, Listener[]>();
  messageSkipWaiting = jest.fn();
  register = jest.fn(() => Promise.resolve(undefined));
  constructor(
    public url: string,
    public options: object,
  ) {
    workboxes.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string, event: { isUpdate?: boolean } = {}) {
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}
jest.mock('workbox-window', () => ({ Workbox: jest.fn((url: string, options: object) => new FakeWorkbox(url, options)) }));

const container = { controller: null } as unknown as ServiceWorkerContainer;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  resetGateway();
  workboxes.length = 0;
  document.body.innerHTML = '';
});

function store(locale: 'en' | 'zh-CN' = 'en') {
  return makeStore({ ui: { locale, hostId: 'browser', hideTabBar: false, toasts: [] } }, { storage: memoryStorage() }).store;
}

test('registered at the root; once it controls the page, the menu is asked for again, nothing else', async () => {
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Drinks', GoodsCount: 1 }] });
  answer('HBBPos_GoodsBomList_V3_Get', { table1: [] });
  const s = store();
  await s.dispatch(menuApi.endpoints.goodsClasses.initiate({ ShopID: 'S1', BaseID: 'B1' }));
  await s.dispatch(goodsOptionsApi.endpoints.bundle.initiate({ GoodsID: 'G1' }));
  const statuses = Object.values(s.getState().api.queries).map((q) => `${q?.endpointName} ${q?.status}`);
  expect(statuses).toEqual(expect.arrayContaining(['goodsClasses fulfilled', 'bundle fulfilled']));
  seen.length = 0;

  registerWorker(s, container);
  const wb = workboxes[0]!;
  expect(wb.url).toBe('/sw.js');
  expect(wb.options).toEqual({ scope: '/' });
  expect(wb.register).toHaveBeenCalledTimes(1);
  // A later update's control (the page had a worker already) asks for nothing.
  wb.fire('controlling', { isUpdate: true });
  expect(seen).toEqual([]);
  wb.fire('controlling', { isUpdate: false });
  await waitFor(() => expect(seen.map((r) => r.op)).toEqual(['HBBPos_AllGoodsClassGet_Get']));
});

test('a page that already had a worker asks for nothing again', async () => {
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Drinks', GoodsCount: 1 }] });
  const s = store();
  await s.dispatch(menuApi.endpoints.goodsClasses.initiate({ ShopID: 'S1', BaseID: 'B1' }));
  seen.length = 0;
  registerWorker(s, { controller: {} } as unknown as ServiceWorkerContainer);
  workboxes[0]!.fire('controlling', { isUpdate: false });
  await new Promise((r) => setTimeout(r, 50));
  expect(seen).toEqual([]);
});

test('a waiting build: "Update available" in the page\'s language; Update lets it take over', async () => {
  const user = userEvent.setup();
  registerWorker(store('zh-CN'), container);
  const wb = workboxes[0]!;
  act(() => wb.fire('waiting'));
  const prompt = await screen.findByRole('region', { name: '有新版本可用' });
  expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: '更新' }));
  expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  expect(prompt).not.toBeInTheDocument();
});

test('without service workers (some in-app browsers), nothing is registered', () => {
  expect(registerWorker(store(), undefined)).toBeNull();
  expect(workboxes).toEqual([]);
});
