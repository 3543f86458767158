/**
 * The transport (SPEC sections 7-8) through a real store and the MSW stand-in
 * of the data endpoint: the request's shape, the success rule, and each error
 * branch with what the customer sees.
 */
import { api } from './api';
import { makeStore } from './store';
import { registerErrorHandler, sessionEnded } from './errorListener';
import { createGatewayBaseQuery } from './baseQuery';
import { answer, makeNetworkFail, makeRefuse, refusal, resetGateway, seen, server } from '../test/gateway';
import { memoryStorage } from '../test/render';

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, { silent?: boolean }>({
      query: ({ silent }) => ({ op: 'SysParm_EntSysParmGet_Get', rows: [{ ParmID: 'AppLanguage' }], silent }),
    }),
    twoRows: build.mutation<unknown, void>({
      query: () => ({ op: 'PosSalSheet_PosSalSheetSubmit_V9_Add', rows: [{ ShopID: 'S1', BaseID: 'B1', TotalAmo: 1, LocalSheetID: 'L0000001' }, { ShopID: 'S2', BaseID: 'B2', TotalAmo: 2, LocalSheetID: 'L0000002' }], extra: { Item1: [{ GoodsID: 'g', Amo: 1 }] } }),
    }),
  }),
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

function setup() {
  const { store } = makeStore(
    {
      ui: { locale: 'zh-TW', hostId: 'browser', hideTabBar: false, toasts: [] },
      shop: {
        status: 'idle',
        params: { EntID: '881000000101', UserID: '888000000101', EntName: '', UserName: '', ShopID: '', BaseID: '', VipID: '', VipName: '', QRCode: '', TableID: '', PosSignSheetID: '', BusinessMode: '1' },
        entity: null,
        shopInfo: null,
        baseInfo: null,
        tableInfo: null,
        entParams: {},
        signSheet: null,
        clockOffsetMs: 0,
      },
    },
    { storage: memoryStorage() },
  );
  const actions: string[] = [];
  store.subscribe(() => undefined);
  return { store, actions, toasts: () => store.getState().ui.toasts.map((t) => ('text' in t.content ? t.content.text : t.content.message.id)) };
}

test('sends a form-encoded POST shaped like PROTOCOL.md', async () => {
  answer('PosSalSheet_PosSalSheetSubmit_V9_Add', { table1: [] });
  const { store } = setup();
  await store.dispatch(testApi.endpoints.twoRows.initiate());
  const req = seen[0]!;
  expect(req.op).toBe('PosSalSheet_PosSalSheetSubmit_V9_Add');
  expect(req.serviceType).toBe('7');
  expect(req.form.get('strAuthorizationCode')).toBe('hbb');
  expect(req.form.get('IsRSA')).toBe('0');
  expect(req.form.get('APIEntID')).toBe('881000000101');
  expect(req.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  expect(req.headers.get('accept-language')).toBe('zh-TW');
  expect(req.json.tableData).toEqual([
    { EntID: '881000000101', UserID: '888000000101', AppID: '@AppID', Secret: '@Secret', BSN: '@BSN', AppName: 'HBBOrder', ShopID: 'S1', BaseID: 'B1', TotalAmo: 1, LocalSheetID: 'L0000001' },
    { EntID: '881000000101', UserID: '888000000101', AppID: '@AppID', Secret: '@Secret', BSN: '@BSN', ShopID: 'S2', BaseID: 'B2', TotalAmo: 2, LocalSheetID: 'L0000002' },
  ]);
  expect(req.json.Item1).toEqual([{ GoodsID: 'g', Amo: 1 }]);
});

test('success only when errcode and resultcode are both "0"', async () => {
  const { store } = setup();
  answer('SysParm_EntSysParmGet_Get', { table1: [{ ParmID: 'AppLanguage', ParmValue: 'LANGUAGE_EN' }] });
  const ok = await store.dispatch(testApi.endpoints.probe.initiate({}));
  expect(ok.data).toEqual({ table1: [{ ParmID: 'AppLanguage', ParmValue: 'LANGUAGE_EN' }] });

  answer('SysParm_EntSysParmGet_Get', { errcode: '0', resultcode: '7', errmsg: '', resultmsg: 'not yet', data: { table1: [] } });
  const half = await store.dispatch(testApi.endpoints.probe.initiate({}, { forceRefetch: true }));
  expect(half.error).toMatchObject({ kind: 'business', code: '7', message: 'not yet' });
});

test('a network failure toasts the translated network message and rejects', async () => {
  makeNetworkFail('SysParm_EntSysParmGet_Get');
  const { store, toasts } = setup();
  const result = await store.dispatch(testApi.endpoints.probe.initiate({}));
  expect(result.error).toMatchObject({ kind: 'network' });
  expect(toasts()).toEqual(['transport.networkError']);
});

test('a refusal toasts errmsg', async () => {
  makeRefuse('SysParm_EntSysParmGet_Get', '50000', 'Store is not opened now.', 'other');
  const { store, toasts } = setup();
  await store.dispatch(testApi.endpoints.probe.initiate({}));
  expect(toasts()).toEqual(['Store is not opened now.']);
});

test('without errmsg it toasts resultmsg, and without either the whole answer', async () => {
  const { store, toasts } = setup();
  answer('SysParm_EntSysParmGet_Get', refusal('50000', '', 'from resultmsg'));
  await store.dispatch(testApi.endpoints.probe.initiate({}));
  answer('SysParm_EntSysParmGet_Get', { errcode: '9', resultcode: '9', errmsg: '', resultmsg: '', data: {} });
  await store.dispatch(testApi.endpoints.probe.initiate({}, { forceRefetch: true }));
  expect(toasts()).toEqual(['from resultmsg', '{"errcode":"9","resultcode":"9","errmsg":"","resultmsg":"","data":{}}']);
});

test.each(['1', '2', '42000'])('session code %s leads to signing in again, not a toast', async (code) => {
  makeRefuse('SysParm_EntSysParmGet_Get', code, 'Operation not allowed without logging-in.');
  const { store, toasts } = setup();
  const seenActions: unknown[] = [];
  const unsubscribe = registerErrorHandler(code, (error, dispatch) => {
    seenActions.push(error.code);
    dispatch(sessionEnded({ code: error.code, message: error.message }));
  });
  const result = await store.dispatch(testApi.endpoints.probe.initiate({}));
  unsubscribe();
  expect(result.error).toMatchObject({ kind: 'session', code });
  expect(seenActions).toEqual([code]);
  expect(toasts()).toEqual([]);
});

test('a handler registered for a code runs instead of the toast', async () => {
  makeRefuse('SysParm_EntSysParmGet_Get', '777', 'special');
  const { store, toasts } = setup();
  const handled: string[] = [];
  const unsubscribe = registerErrorHandler('777', (error) => handled.push(error.message));
  await store.dispatch(testApi.endpoints.probe.initiate({}));
  unsubscribe();
  expect(handled).toEqual(['special']);
  expect(toasts()).toEqual([]);
});

test('a silent call toasts no refusal but still says the network is down', async () => {
  const { store, toasts } = setup();
  makeRefuse('SysParm_EntSysParmGet_Get', '50000', 'shown by the screen');
  await store.dispatch(testApi.endpoints.probe.initiate({ silent: true }));
  expect(toasts()).toEqual([]);
  makeNetworkFail('SysParm_EntSysParmGet_Get');
  await store.dispatch(testApi.endpoints.probe.initiate({ silent: true }, { forceRefetch: true }));
  expect(toasts()).toEqual(['transport.networkError']);
});

test('an answer that is not an envelope is a failure', async () => {
  const baseQuery = createGatewayBaseQuery({
    fetchFn: async () => new Response('<html>502 Bad Gateway</html>', { status: 502 }),
    url: () => 'http://localhost/HBBAPI/GetData',
  });
  const api = { getState: () => ({ shop: { params: { EntID: 'e', UserID: 'u' } }, ui: { locale: 'en' } }), signal: new AbortController().signal };
  const result = await baseQuery({ op: 'Common_ServiceLinkGet_Get', rows: [] }, api as never, {});
  expect(result.error).toMatchObject({ kind: 'network', message: 'HTTP 502', op: 'Common_ServiceLinkGet_Get' });
});

test('a request that takes longer than the timeout fails as a timeout', async () => {
  jest.useFakeTimers();
  try {
    const baseQuery = createGatewayBaseQuery({
      timeoutMs: 60_000,
      url: () => 'http://localhost/HBBAPI/GetData',
      fetchFn: (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    const api = { getState: () => ({ shop: { params: { EntID: 'e', UserID: 'u' } }, ui: { locale: 'en' } }), signal: new AbortController().signal };
    const pending = baseQuery({ op: 'Common_ServiceLinkGet_Get', rows: [] }, api as never, {});
    jest.advanceTimersByTime(59_999);
    let settled = false;
    void Promise.resolve(pending).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await pending).toMatchObject({ error: { kind: 'timeout' } });
  } finally {
    jest.useRealTimers();
  }
});
