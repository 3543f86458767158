/** Session codes lead to signing in again: tested by outcome through a real store (house style 8). */
import { api } from '../../app/api';
import { makeStore } from '../../app/store';
import { answer, makeRefuse, makeNetworkFail, resetGateway, seen, server } from '../../test/gateway';
import { memoryStorage } from '../../test/render';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    myPoints: build.query<unknown, void>({ query: () => ({ op: 'EntVip_EntVipScoreItemsByPage_V1_Get' }) }),
  }),
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

async function settle(store: ReturnType<typeof makeStore>['store']) {
  for (let i = 0; i < 20 && store.getState().auth.status === 'signingIn'; i += 1) await new Promise((r) => setTimeout(r, 5));
}

test.each(['1', '2', '42000'])('code %s: the plain browser signs in again as a guest', async (code) => {
  makeRefuse('EntVip_EntVipScoreItemsByPage_V1_Get', code, 'Operation not allowed without logging-in.');
  answer('EntVip_EntVipGuestLogin_Add', { table1: [{ VipID: 'VIP-G1', VipName: 'walk-in guest', IsGuest: 1 }] });
  const { store } = makeStore(undefined, { storage: memoryStorage() });
  await store.dispatch(probe.endpoints.myPoints.initiate());
  await settle(store);
  expect(seen.map((r) => r.op)).toEqual(['EntVip_EntVipScoreItemsByPage_V1_Get', 'EntVip_EntVipGuestLogin_Add']);
  expect(store.getState().auth).toEqual({ status: 'signedIn', member: { VipID: 'VIP-G1', VipName: 'walk-in guest', isGuest: true } });
  expect(store.getState().ui.toasts).toEqual([]);
});

test('a failed guest sign-in ends in the failed state, with the network toast', async () => {
  makeRefuse('EntVip_EntVipScoreItemsByPage_V1_Get', '42000', 'Operation not allowed without logging-in.');
  makeNetworkFail('EntVip_EntVipGuestLogin_Add');
  const { store } = makeStore(undefined, { storage: memoryStorage() });
  await store.dispatch(probe.endpoints.myPoints.initiate());
  await settle(store);
  expect(store.getState().auth.status).toBe('failed');
  expect(store.getState().ui.toasts).toHaveLength(1);
});
