/**
 * The sign-in flows, tested by outcome through a real store (house style 8):
 * the data endpoint answers through MSW, the page (address, redirects,
 * provider GETs, the food-app host object, storage) through a fake env
 * (test/signIn.ts). Here the session codes, the plain browser and the chat
 * app; the payment apps and the food app in hostSignIn.test.ts.
 */
import { answer, holdAnswers, makeRefuse, makeNetworkFail, resetGateway, seen, server } from '../../test/gateway';
import { authorizationDeclined, authorizationRetryChosen, ensureSession, OPEN_USER_INFO_KEY, shopEntered, type OpenUserInfo } from '../../session';
import { messages, OAUTH_STATE_KEY, OAUTH_TRIES_KEY, VIP_ID_KEY } from './authSaga';
import { enter, fakeEnv, GUEST, MEMBER, ops, ORIGIN, probe, rowOf, settle, setup, shopPayload, toastTexts } from '../../test/signIn';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

describe('session codes', () => {
  test.each(['1', '2', '42000'])(
    'code %s: the plain browser signs in again as a guest',
    async (code) => {
      makeRefuse(
        'EntVip_EntVipScoreItemsByPage_V1_Get',
        code,
        'Operation not allowed without logging-in.',
      );
      answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
      const store = setup('browser', fakeEnv(`${ORIGIN}/#/pages/mine/mine`));
      await store.dispatch(probe.endpoints.myPoints.initiate());
      await settle(store);
      expect(ops()).toEqual([
        'EntVip_EntVipScoreItemsByPage_V1_Get',
        'EntVip_EntVipGuestLogin_Add',
      ]);
      expect(store.getState().auth).toEqual({
        status: 'signedIn',
        member: { VipID: 'VIP-G1', VipName: 'walk-in guest', isGuest: true },
      });
      expect(store.getState().ui.toasts).toEqual([]);
    },
  );

  test('a failed guest sign-in ends in the failed state, with the network toast', async () => {
    makeRefuse(
      'EntVip_EntVipScoreItemsByPage_V1_Get',
      '42000',
      'Operation not allowed without logging-in.',
    );
    makeNetworkFail('EntVip_EntVipGuestLogin_Add');
    const store = setup('browser', fakeEnv(`${ORIGIN}/#/`));
    await store.dispatch(probe.endpoints.myPoints.initiate());
    await settle(store);
    expect(store.getState().auth.status).toBe('failed');
    expect(store.getState().ui.toasts).toHaveLength(1);
  });
});

describe('plain browser', () => {
  test("the session's member is resumed, kept in local storage, and no guest is made", async () => {
    answer('EntVip_EntVipDetailGet_V1_Get', { table1: [MEMBER] });
    const env = fakeEnv(`${ORIGIN}/#/?QRCode=HBK-q7x2m4k9p3w8z5ta`);
    const store = setup('browser', env);
    await enter(store);
    expect(ops()).toEqual(['EntVip_EntVipDetailGet_V1_Get']);
    expect(store.getState().auth.member).toEqual({
      VipID: 'VIP0000000001',
      VipName: 'ChanTaiMan',
      isGuest: false,
    });
    expect(env.local.data.get(VIP_ID_KEY)).toBe('VIP0000000001');
  });

  test('no session: a guest of the shop, with no toast and no second sign-in', async () => {
    makeRefuse(
      'EntVip_EntVipDetailGet_V1_Get',
      '42000',
      'Operation not allowed without logging-in.',
    );
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const store = setup('browser', fakeEnv(`${ORIGIN}/#/`));
    await enter(store);
    expect(ops()).toEqual(['EntVip_EntVipDetailGet_V1_Get', 'EntVip_EntVipGuestLogin_Add']);
    expect(rowOf('EntVip_EntVipGuestLogin_Add')).toMatchObject({
      ShopID: '889000000001',
      BaseID: '005000000001',
    });
    expect(store.getState().auth.member?.isGuest).toBe(true);
    expect(store.getState().ui.toasts).toEqual([]);
  });
});

describe('chat app', () => {
  const noSession = () =>
    makeRefuse(
      'EntVip_EntVipDetailGet_V1_Get',
      '42000',
      'Operation not allowed without logging-in.',
    );

  test('no code: off to the authorize page with the shop app id, a kept state and the way back', async () => {
    noSession();
    const env = fakeEnv(`${ORIGIN}/#/pages/goodsList/goodsList`);
    const store = setup('chat', env);
    await enter(store);
    expect(store.getState().auth.status).toBe('redirecting');
    expect(env.redirects).toHaveLength(1);
    const target = new URL(env.redirects[0]!);
    expect(target.pathname).toBe('/sandbox/identity/chat/authorize');
    expect(target.searchParams.get('appid')).toBe('wxhbbdemo0001');
    expect(target.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/#/pages/goodsList/goodsList`);
    expect(target.searchParams.get('state')).toBe(env.session.data.get(OAUTH_STATE_KEY));
    expect(ops()).not.toContain('EntVip_EntVipGuestLogin_Add');
  });

  test('back with the code: user info, no member yet, registered from the profile, and the code dropped from the address', async () => {
    noSession();
    makeRefuse('EntVip_EntVipLoginGet_V1_Get', '40401', 'No member is linked to this account.');
    answer('EntVip_EntVipRegisterSubmit_V2_Add', {
      table1: [{ VipID: 'VIP9', VipName: 'TaiMan', IsGuest: 0 }],
    });
    const env = fakeEnv(`${ORIGIN}/?code=C1&state=S1#/pages/goodsList/goodsList`, () => ({
      errcode: 0,
      openid: 'o-1',
      unionid: 'u-1',
      nickname: 'Tai Man 😀',
      headimgurl: `${ORIGIN}/sandbox/identity/chat/avatar/o-1.png`,
      sex: 2,
      accessToken: 'tok-1',
    }));
    env.session.setItem(OAUTH_STATE_KEY, 'S1');
    const store = setup('chat', env);
    await enter(store);
    expect(env.gets[0]).toContain(
      '/sandbox/identity/chat/userinfo?code=C1&appid=wxhbbdemo0001&state=S1',
    );
    expect(env.url).toBe(`${ORIGIN}/#/pages/goodsList/goodsList`);
    expect(rowOf('EntVip_EntVipLoginGet_V1_Get')).toMatchObject({
      OpenID: 'o-1',
      AccessToken: 'tok-1',
      LoginType: 0,
    });
    expect(rowOf('EntVip_EntVipRegisterSubmit_V2_Add')).toMatchObject({
      RegisterType: 2,
      OpenID: 'o-1',
      AccessToken: 'tok-1',
      // The emoji dropped; the space between letters kept (issue 23 item 16).
      VipName: 'Tai Man',
      Sex: 1,
      HeadImg: `${ORIGIN}/sandbox/identity/chat/avatar/o-1.png`,
      ShopID: '889000000001',
    });
    expect(store.getState().auth).toEqual({
      status: 'signedIn',
      member: { VipID: 'VIP9', VipName: 'TaiMan', isGuest: false },
    });
    expect(JSON.parse(env.session.data.get(OPEN_USER_INFO_KEY)!)).toMatchObject({
      provider: 'chat',
      openid: 'o-1',
      accessToken: 'tok-1',
    });
    expect(env.session.data.has(OAUTH_TRIES_KEY)).toBe(false);
  });

  test('a code that answers an unknown state is not used: back to the authorize page, then, twice failed, a guest', async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const env = fakeEnv(`${ORIGIN}/?code=C1&state=forged#/`);
    env.session.setItem(OAUTH_STATE_KEY, 'S1');
    const store = setup('chat', env);
    await enter(store);
    expect(env.gets).toEqual([]);
    expect(env.redirects).toHaveLength(1);
    expect(store.getState().auth.status).toBe('redirecting');

    // Back again from the provider with a code it says is bad.
    const second = fakeEnv(`${ORIGIN}/?code=C2&state=S2#/`, () => ({
      errcode: 40029,
      errmsg: 'invalid code',
    }));
    second.session.setItem(OAUTH_STATE_KEY, 'S2');
    second.session.setItem(OAUTH_TRIES_KEY, '1');
    const store2 = setup('chat', second);
    await enter(store2);
    expect(second.redirects).toHaveLength(1);

    const third = fakeEnv(`${ORIGIN}/?code=C3&state=S3#/`, () => ({
      errcode: 40029,
      errmsg: 'invalid code',
    }));
    third.session.setItem(OAUTH_STATE_KEY, 'S3');
    third.session.setItem(OAUTH_TRIES_KEY, '2');
    const store3 = setup('chat', third);
    await enter(store3);
    expect(third.redirects).toHaveLength(0);
    expect(store3.getState().auth.member?.isGuest).toBe(true);
    expect(toastTexts(store3)).toEqual([messages.hostSignInFailed.id]);
  });

  test('declined: asked to authorize again; no goes on as a guest, yes goes back to the provider', async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const env = fakeEnv(`${ORIGIN}/?state=S1#/`);
    env.session.setItem(OAUTH_STATE_KEY, 'S1');
    const store = setup('chat', env);
    store.dispatch(shopEntered(shopPayload()));
    await settle(store);
    expect(store.getState().auth.status).toBe('askingAuthorization');
    store.dispatch(authorizationDeclined());
    await settle(store);
    expect(store.getState().auth.member?.isGuest).toBe(true);
    expect(env.redirects).toEqual([]);

    const env2 = fakeEnv(`${ORIGIN}/?state=S1#/`);
    env2.session.setItem(OAUTH_STATE_KEY, 'S1');
    const store2 = setup('chat', env2);
    store2.dispatch(shopEntered(shopPayload()));
    await settle(store2);
    store2.dispatch(authorizationRetryChosen());
    await settle(store2);
    expect(env2.redirects).toHaveLength(1);
    expect(store2.getState().auth.status).toBe('redirecting');
  });

  test('open user info kept in this browser session signs in without a new code', async () => {
    noSession();
    answer('EntVip_EntVipLoginGet_V1_Get', { table1: [MEMBER] });
    const env = fakeEnv(`${ORIGIN}/#/`);
    const kept: OpenUserInfo = {
      provider: 'chat',
      openid: 'o-1',
      unionid: '',
      MinaID: '',
      nickname: '',
      headimgurl: '',
      sex: 0,
      accessToken: 'tok',
      phone: '',
    };
    env.session.setItem(OPEN_USER_INFO_KEY, JSON.stringify(kept));
    const store = setup('chat', env);
    await enter(store);
    expect(env.redirects).toEqual([]);
    expect(store.getState().auth.member?.VipID).toBe('VIP0000000001');
  });

  test("a table's page asking for a session while the chat app signs the member in waits for it: no guest session beside the member's", async () => {
    // The page came back from the provider with a guest session (a table's page had made one before it left).
    answer('EntVip_EntVipDetailGet_V1_Get', { table1: [GUEST] });
    answer('EntVip_EntVipLoginGet_V1_Get', { table1: [MEMBER] });
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const release = holdAnswers('EntVip_EntVipLoginGet_V1_Get');
    const env = fakeEnv(`${ORIGIN}/?code=C1&state=S1#/pages/goodsList/goodsList`, () => ({
      errcode: 0,
      openid: 'o-1',
      nickname: 'Tai Man',
      headimgurl: '',
      accessToken: 'tok-1',
    }));
    env.session.setItem(OAUTH_STATE_KEY, 'S1');
    const store = setup('chat', env);
    store.dispatch(shopEntered(shopPayload()));
    for (let i = 0; i < 200 && !ops().includes('EntVip_EntVipLoginGet_V1_Get'); i += 1) await new Promise((r) => setTimeout(r, 5));
    // The table's page (useTableLive) and an order (placeOrder) ask for a session while the member's login is out.
    const asked = [store.dispatch(ensureSession()), store.dispatch(ensureSession())];
    await new Promise((r) => setTimeout(r, 50));
    expect(ops()).not.toContain('EntVip_EntVipGuestLogin_Add');
    release();
    expect(await Promise.all(asked)).toEqual([true, true]);
    expect(store.getState().auth.member).toEqual({ VipID: 'VIP0000000001', VipName: 'ChanTaiMan', isGuest: false });
    expect(ops()).not.toContain('EntVip_EntVipGuestLogin_Add');
  });

  test('two pages asking for a session at once in a plain browser make one guest session', async () => {
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const store = setup('browser', fakeEnv(`${ORIGIN}/#/`));
    expect(await Promise.all([store.dispatch(ensureSession()), store.dispatch(ensureSession())])).toEqual([true, true]);
    expect(seen.filter((r) => r.op === 'EntVip_EntVipGuestLogin_Add')).toHaveLength(1);
    expect(store.getState().auth.member?.VipID).toBe('VIP-G1');
  });

  test('a guest session in the chat app still signs the member in', async () => {
    answer('EntVip_EntVipDetailGet_V1_Get', { table1: [GUEST] });
    const env = fakeEnv(`${ORIGIN}/#/`);
    const store = setup('chat', env);
    await enter(store);
    expect(env.redirects).toHaveLength(1);
  });
});
