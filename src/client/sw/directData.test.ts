/**
 * The menu's goods pages straight from the network (directData.ts): with a worker in control, asked with
 * mode 'same-origin' (which the worker leaves alone) and handed to the worker to keep; asked again through the
 * worker when the network fails; every other operation, and every request without a worker, as before.
 */
import { createGatewayBaseQuery, takeDirectData } from '../app/baseQuery';
import { directData } from './directData';
import { KEEP_MESSAGE } from './offlineData';

const URL_HERE = `${location.origin}/HBBAPI/GetData`;
const OK = JSON.stringify({ errcode: '0', resultcode: '0', data: { table1: [] } });
const api = { getState: () => ({ shop: { params: { EntID: 'e', UserID: 'u' } }, ui: { locale: 'zh-TW' } }), signal: new AbortController().signal };

const posted: unknown[] = [];
function withWorker(controller: { postMessage(m: unknown): void } | null) {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: controller ? { controller } : undefined });
}
beforeAll(() => takeDirectData(directData));
beforeEach(() => {
  posted.length = 0;
  withWorker({ postMessage: (m) => posted.push(m) });
  (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (f: () => void) => f();
});
afterAll(() => {
  withWorker(null);
  takeDirectData(null);
});

const LIST = { op: 'HBBPos_GoodsClass_GoodsList_V9_Get', rows: [{ ShopID: 'S1', PageIndex: 1, PageSize: 40 }] } as const;

test('a goods page goes same-origin, straight to the network, and the worker is handed its answer to keep', async () => {
  const modes: (RequestMode | undefined)[] = [];
  const baseQuery = createGatewayBaseQuery({ url: () => URL_HERE, fetchFn: async (_u, init) => (modes.push(init?.mode), new Response(OK)) });
  const result = await baseQuery(LIST as never, api as never, {});
  expect(result.data).toEqual({ table1: [] });
  expect(modes).toEqual(['same-origin']);
  expect(posted).toHaveLength(1);
  const kept = posted[0] as { type: string; body: string; language: string; text: string };
  expect(kept).toMatchObject({ type: KEEP_MESSAGE, language: 'zh-TW', text: OK });
  expect(new URLSearchParams(kept.body).get('strKeyName')).toBe('HBBPos_GoodsClass_GoodsList_V9_Get');
});

test('the network fails: asked again through the worker (its kept menu), nothing handed over', async () => {
  const modes: (RequestMode | undefined)[] = [];
  const baseQuery = createGatewayBaseQuery({
    url: () => URL_HERE,
    fetchFn: async (_u, init) => {
      modes.push(init?.mode);
      if (init?.mode === 'same-origin') throw new TypeError('Failed to fetch');
      return new Response(OK);
    },
  });
  expect((await baseQuery(LIST as never, api as never, {})).data).toEqual({ table1: [] });
  expect(modes).toEqual(['same-origin', undefined]);
  expect(posted).toHaveLength(0);
});

test('other operations, another origin, or no worker in control: through the worker as before', async () => {
  const modes: (RequestMode | undefined)[] = [];
  const fetchFn = async (_u: unknown, init?: RequestInit) => (modes.push(init?.mode), new Response(OK));
  await createGatewayBaseQuery({ url: () => URL_HERE, fetchFn })({ op: 'Common_ServiceLinkGet_Get', rows: [] } as never, api as never, {});
  await createGatewayBaseQuery({ url: () => 'https://api.example.com/HBBAPI/GetData', fetchFn })(LIST as never, api as never, {});
  withWorker(null);
  await createGatewayBaseQuery({ url: () => URL_HERE, fetchFn })(LIST as never, api as never, {});
  expect(modes).toEqual([undefined, undefined, undefined]);
  expect(posted).toHaveLength(0);
});
