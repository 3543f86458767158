/**
 * The sign-in flows' test kit (features/auth/authSaga.test.ts and hostSignIn.test.ts): a real store with a fake
 * page env (address, redirects, provider GETs, the food-app host object, storage), a shop to enter, and what the
 * data endpoint saw.
 */
import { api } from '../app/api';
import { makeStore } from '../app/store';
import { hostDetected } from '../app/uiSlice';
import { shopEntered, type FoodAppBridge, type SignInEnv } from '../session';
import { seen, type StandInRow } from './gateway';
import { memoryStorage } from './render';

export const probe = api.injectEndpoints({
  endpoints: (build) => ({
    myPoints: build.query<unknown, void>({
      query: () => ({ op: 'EntVip_EntVipScoreItemsByPage_V1_Get', rows: [] }),
    }),
  }),
});


export const ORIGIN = 'http://127.0.0.1:8080';
export const MEMBER = { VipID: 'VIP0000000001', VipName: 'ChanTaiMan', IsGuest: 0 } satisfies Partial<StandInRow<'EntVip_EntVipDetailGet_V1_Get'>>;
export const GUEST = { VipID: 'VIP-G1', VipName: 'walk-in guest', IsGuest: 1 } satisfies Partial<StandInRow<'EntVip_EntVipDetailGet_V1_Get'>>;

export function mapStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

export interface FakeEnv extends SignInEnv {
  url: string;
  redirects: string[];
  gets: string[];
  session: ReturnType<typeof mapStorage>;
  local: ReturnType<typeof mapStorage>;
}

export function fakeEnv(
  href: string,
  providers: (url: string) => unknown = () => {
    throw new Error('no provider call expected');
  },
  bridge?: FoodAppBridge,
): FakeEnv {
  const env: FakeEnv = {
    url: href,
    redirects: [],
    gets: [],
    href: () => env.url,
    redirect: (url) => void env.redirects.push(url),
    replaceUrl: (url) => {
      env.url = url;
    },
    getJson: async (url) => {
      env.gets.push(url);
      return providers(url);
    },
    foodAppBridge: () => bridge,
    session: mapStorage(),
    local: mapStorage(),
    newState: () => `state${env.redirects.length + 1}`,
    sleep: async () => undefined,
  };
  return env;
}

export const shopPayload = (minaAppId = 'wxhbbdemo0001') => ({
  params: {
    EntID: '881000000001',
    UserID: '888000000001',
    ShopID: '889000000001',
    BaseID: '005000000001',
    QRCode: 'HBK-q7x2m4k9p3w8z5ta',
  },
  entity: {
    EntID: '881000000001',
    EntName: 'HBB',
    UserID: '888000000001',
    UserName: 'HBB',
    UserCode: '1',
    CurrencySymbol: 'MOP$',
    AmoPoint: 2,
    DiscountPoint: 0,
    PQuaPoint: 0,
    PricePoint: 2,
    QuaPoint: 0,
    TimeZone: 'Asia/Macau',
    OssCustomerDomain: '',
  },
  shopInfo: {
    ShopID: '889000000001',
    ShopName: 'x',
    PosType: '0',
    MinaAppID: minaAppId,
    MinaID: '',
    Logo: '',
  },
  baseInfo: null,
  tableInfo: null,
  entParams: {},
  signSheet: null,
  clockOffsetMs: 0,
});

export function setup(host: string, env: FakeEnv) {
  const { store } = makeStore(undefined, { storage: memoryStorage(), signInEnv: env });
  store.dispatch(hostDetected(host));
  return store;
}

export type Store = ReturnType<typeof setup>;

export async function settle(store: Store) {
  for (let i = 0; i < 200; i += 1) {
    if (store.getState().auth.status !== 'signingIn') {
      await new Promise((r) => setTimeout(r, 10));
      if (store.getState().auth.status !== 'signingIn') return;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function enter(store: Store, minaAppId?: string) {
  store.dispatch(shopEntered(shopPayload(minaAppId)));
  await settle(store);
}

export const ops = () => seen.map((r) => r.op);
export const rowOf = (op: string) => seen.find((r) => r.op === op)?.json.tableData[0] ?? {};
export const toastTexts = (store: Store) =>
  store
    .getState()
    .ui.toasts.map((t) => ('text' in t.content ? t.content.text : t.content.message.id));
