/**
 * The sign-in flows in the payment apps and the food app, tested by outcome
 * through a real store (house style 8), as authSaga.test.ts does for the
 * session codes, the plain browser and the chat app (test/signIn.ts).
 */
import { answer, makeRefuse, resetGateway, server } from '../../test/gateway';
import { errors } from '../../i18n/specMessages';
import type { FoodAppBridge } from '../../session';
import { ALIPAY_TRIES, messages } from './authSaga';
import { enter, fakeEnv, GUEST, MEMBER, ORIGIN, rowOf, setup, toastTexts } from '../../test/signIn';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

describe('payment apps', () => {
  const noSession = () =>
    makeRefuse(
      'EntVip_EntVipDetailGet_V1_Get',
      '42000',
      'Operation not allowed without logging-in.',
    );

  test('MPay: an error shows the server message, then a guest', async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const env = fakeEnv(`${ORIGIN}/?code=M1#/`, () => ({
      errcode: '40029',
      errmsg: '授權碼無效或已過期',
      data: null,
    }));
    const store = setup('mpay', env);
    await enter(store);
    expect(env.gets[0]).toContain('/sandbox/identity/mpay/userinfo?code=M1&IsDebug=0');
    expect(toastTexts(store)).toEqual(['授權碼無效或已過期']);
    expect(store.getState().auth.member?.isGuest).toBe(true);
  });

  test('MPay: a new member registers with the phone the app vouched for (RegisterType 0)', async () => {
    noSession();
    makeRefuse('EntVip_EntVipLoginGet_V1_Get', '40401', 'none');
    answer('EntVip_EntVipRegisterSubmit_V2_Add', { table1: [MEMBER] });
    const env = fakeEnv(`${ORIGIN}/?code=M1#/`, () => ({
      errcode: '0',
      data: {
        openid: 'mp-1',
        nickname: '',
        headimgurl: '',
        phone: '853-66123456',
        accessToken: 'tok-m',
      },
    }));
    const store = setup('mpay', env);
    await enter(store);
    expect(rowOf('EntVip_EntVipRegisterSubmit_V2_Add')).toMatchObject({
      RegisterType: 0,
      Phone: '66123456',
      AreaNo: '853',
      VipName: 'MPay用户',
      OpenID: 'mp-1',
    });
    expect(store.getState().auth.member?.VipID).toBe('VIP0000000001');
  });

  test('MPay: a phone the service refuses from the app registers without it', async () => {
    noSession();
    makeRefuse('EntVip_EntVipLoginGet_V1_Get', '40401', 'none');
    let calls = 0;
    answer('EntVip_EntVipRegisterSubmit_V2_Add', (req) => {
      calls += 1;
      return req.json.tableData[0]!.RegisterType === 0
        ? {
            errcode: '50000',
            resultcode: '50000',
            errmsg: 'This phone is already registered',
            resultmsg: '',
            data: {},
          }
        : { table1: [MEMBER] };
    });
    const env = fakeEnv(`${ORIGIN}/?code=M1#/`, () => ({
      errcode: '0',
      data: { openid: 'mp-1', phone: '853-66123456', accessToken: 'tok-m' },
    }));
    const store = setup('mpay', env);
    await enter(store);
    expect(calls).toBe(2);
    expect(store.getState().auth.member?.VipID).toBe('VIP0000000001');
    expect(store.getState().ui.toasts).toEqual([]);
  });

  test('Alipay: busy answers are tried again with the same code', async () => {
    noSession();
    answer('EntVip_EntVipLoginGet_V1_Get', { table1: [MEMBER] });
    let n = 0;
    const env = fakeEnv(`${ORIGIN}/?auth_code=A1#/`, () => {
      n += 1;
      return n < 3
        ? { errcode: '20000', errmsg: 'busy' }
        : { errcode: '0', data: { openid: 'ali-1', accessToken: 'tok-a' } };
    });
    const store = setup('alipay', env);
    await enter(store);
    expect(env.gets).toHaveLength(3);
    expect(env.gets.every((u) => u.includes('/alipay/userinfo?code=A1'))).toBe(true);
    expect(store.getState().auth.member?.VipID).toBe('VIP0000000001');
  });

  test(`Alipay: at most ${ALIPAY_TRIES} tries, then a guest`, async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const env = fakeEnv(`${ORIGIN}/?auth_code=A1#/`, () => ({ errcode: '20000', errmsg: 'busy' }));
    const store = setup('alipay', env);
    await enter(store);
    expect(env.gets).toHaveLength(ALIPAY_TRIES);
    expect(store.getState().auth.member?.isGuest).toBe(true);
    expect(toastTexts(store)).toEqual([messages.hostSignInFailed.id]);
  });

  test('a user-info answer that is not JSON shows a message and gives up', async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const env = fakeEnv(`${ORIGIN}/?code=M1#/`, () => {
      throw new SyntaxError('Unexpected token <');
    });
    const store = setup('mpay', env);
    await enter(store);
    expect(toastTexts(store)).toEqual([messages.userInfoUnreadable.id]);
    expect(store.getState().auth.member?.isGuest).toBe(true);
  });

  test('opened without a code: as a plain browser', async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const env = fakeEnv(`${ORIGIN}/#/`);
    const store = setup('alipay', env);
    await enter(store);
    expect(env.gets).toEqual([]);
    expect(store.getState().auth.member?.isGuest).toBe(true);
  });
});

describe('food app', () => {
  const noSession = () =>
    makeRefuse(
      'EntVip_EntVipDetailGet_V1_Get',
      '42000',
      'Operation not allowed without logging-in.',
    );

  test("no host object: 'failed to create host instance', then a guest", async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const store = setup('foodapp', fakeEnv(`${ORIGIN}/#/`));
    await enter(store);
    expect(toastTexts(store)).toEqual([errors.hostInstanceFailed.id]);
    expect(store.getState().auth.member?.isGuest).toBe(true);
  });

  test("the host refuses a token: 'failed to get access token'", async () => {
    noSession();
    answer('EntVip_EntVipGuestLogin_Add', { table1: [GUEST] });
    const bridge: FoodAppBridge = { getAccessToken: () => Promise.reject(new Error('no')) };
    const store = setup('foodapp', fakeEnv(`${ORIGIN}/#/`, undefined, bridge));
    await enter(store);
    expect(toastTexts(store)).toEqual([errors.accessTokenFailed.id]);
  });

  test('a token through the callback: exchanged, user info read, the member signed in', async () => {
    noSession();
    answer('EntVip_WebiteUserAccessToken_Get', {
      table1: [{ openid: 'mf-1', unionid: '', accessToken: 'tok-f', ExpiresIn: 7200 }],
    });
    answer('EntVip_WebiteUserInfo_Get', {
      table1: [{ openid: 'mf-1', nikeName: 'Fung', pic: '', phone: '853-66123456', sex: 1 }],
    });
    answer('EntVip_EntVipLoginGet_V1_Get', { table1: [MEMBER] });
    const bridge: FoodAppBridge = {
      getAccessToken: (cb) => {
        setTimeout(() => cb?.(null, 'F1'), 0);
      },
    };
    const store = setup('foodapp', fakeEnv(`${ORIGIN}/#/`, undefined, bridge));
    await enter(store);
    expect(rowOf('EntVip_WebiteUserAccessToken_Get')).toMatchObject({
      Code: 'F1',
      Provider: 'foodapp',
    });
    expect(rowOf('EntVip_WebiteUserInfo_Get')).toMatchObject({
      AccessToken: 'tok-f',
      OpenID: 'mf-1',
    });
    expect(store.getState().auth.member?.VipID).toBe('VIP0000000001');
  });
});
