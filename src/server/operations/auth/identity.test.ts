/**
 * Host sign-in end to end through the real HTTP server: the sandbox
 * providers' codes (once, 5 minutes, state and app id), the service's access
 * token, user info, login by openid and registration.
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { DEMO } from '../../db/seed';
import { DEMO_IDENTITY_USERS } from '../../providers/identity';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { accessToken, chatMember, ok, sandboxCode } from '../../test/signIn';

jest.setTimeout(90_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));

const APP = `http://127.0.0.1`;
const authorizeUrl = (params: Record<string, string>) =>
  `${h.url}/sandbox/identity/chat/authorize?${new URLSearchParams(params)}`;
const redirectUri = () => `${new URL(h.url).origin}/?QRCode=HBK-q7x2m4k9p3w8z5ta#/pages/goodsList/goodsList`;

async function allow(
  params: Record<string, string>,
  user: 'member' | 'new' = 'member',
  decision = 'allow',
) {
  const res = await fetch(`${h.url}/sandbox/identity/chat/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, user, decision }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

const chatUserInfo = async (query: Record<string, string>) =>
  (await (
    await fetch(`${h.url}/sandbox/identity/chat/userinfo?${new URLSearchParams(query)}`)
  ).json()) as Record<string, unknown>;

describe('chat app (OAuth)', () => {
  test("the consent page is a small accessible page in the caller's language", async () => {
    const res = await fetch(
      authorizeUrl({
        appid: 'wxdemo',
        redirect_uri: redirectUri(),
        state: 's1',
        scope: 'snsapi_userinfo',
      }),
      {
        headers: { 'accept-language': 'zh-TW' },
      },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="zh-TW">');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<button type="submit" name="decision" value="allow"[^>]*>允許<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="deny">拒絕<\/button>/);
    expect(html).toContain('<legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(2);
  });

  test.each([
    [{ appid: 'wxdemo', redirect_uri: 'REDIRECT' }, 'state is required'],
    [{ appid: 'wxdemo', redirect_uri: 'REDIRECT', state: 'bad state!' }, 'state must be'],
    [
      { appid: 'wxdemo', redirect_uri: 'https://evil.example/cb', state: 's' },
      'redirect_uri must be on this host',
    ],
    [{ redirect_uri: 'REDIRECT', state: 's' }, 'appid'],
    [
      { appid: 'wxdemo', redirect_uri: 'REDIRECT', state: 's', scope: 'snsapi_everything' },
      'scope',
    ],
  ])('a bad authorize request is refused: %j', async (params, why) => {
    const query = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, v === 'REDIRECT' ? redirectUri() : v]),
    );
    const res = await fetch(authorizeUrl(query));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(why);
    // The form post is checked the same way.
    expect((await allow(query)).status).toBe(400);
  });

  test('Allow redirects back with a code and the same state; the code works once', async () => {
    const params = {
      appid: 'wxdemo',
      redirect_uri: redirectUri(),
      state: 'st-123',
      scope: 'snsapi_userinfo',
    };
    const { status, location } = await allow(params);
    expect(status).toBe(302);
    const back = new URL(location);
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('QRCode')).toBe('HBK-q7x2m4k9p3w8z5ta');
    expect(back.hash).toBe('#/pages/goodsList/goodsList');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const info = await chatUserInfo({ code, appid: 'wxdemo', state: 'st-123' });
    expect(info).toMatchObject({
      errcode: 0,
      openid: chatMember.openid,
      unionid: chatMember.unionid,
      nickname: chatMember.nickname,
      sex: 1,
    });
    expect(String(info.headimgurl)).toBe(`/sandbox/identity/chat/avatar/${chatMember.openid}.png`);
    expect(String(info.accessToken).length).toBeGreaterThan(30);
    expect(await chatUserInfo({ code, appid: 'wxdemo' })).toEqual({
      errcode: 40029,
      errmsg: 'invalid code',
    });
  });

  test('Deny redirects back with the state and no code', async () => {
    const { status, location } = await allow(
      { appid: 'wxdemo', redirect_uri: redirectUri(), state: 'st-deny' },
      'member',
      'deny',
    );
    expect(status).toBe(302);
    const back = new URL(location);
    expect(back.searchParams.get('state')).toBe('st-deny');
    expect(back.searchParams.has('code')).toBe(false);
  });

  test('a remembered consent (cookie) goes straight back with a code for that user; a bad request is still refused', async () => {
    const params = { appid: 'wxdemo', redirect_uri: redirectUri(), state: 'st-quiet' };
    const res = await fetch(authorizeUrl(params), {
      headers: { cookie: 'sandbox_chat_consent=new' },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st-quiet');
    expect(back.hash).toBe('#/pages/goodsList/goodsList');
    const info = await chatUserInfo({
      code: back.searchParams.get('code')!,
      appid: 'wxdemo',
      state: 'st-quiet',
    });
    expect(info).toMatchObject({ errcode: 0, openid: DEMO_IDENTITY_USERS.chat.new.openid });
    const bad = await fetch(
      authorizeUrl({ appid: 'wxdemo', redirect_uri: 'https://evil.example/cb', state: 's' }),
      { headers: { cookie: 'sandbox_chat_consent=member' }, redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
    const other = await fetch(authorizeUrl(params), {
      headers: { cookie: 'sandbox_chat_consent=yes' },
      redirect: 'manual',
    });
    expect(other.status).toBe(200);
  });

  test('a code is bound to its app id and state: a wrong one is refused and does not spend it', async () => {
    const code = new URL(
      (await allow({ appid: 'wxdemo', redirect_uri: redirectUri(), state: 'right' }, 'new'))
        .location,
    ).searchParams.get('code')!;
    expect((await chatUserInfo({ code, appid: 'wxother' })).errcode).toBe(40029);
    expect((await chatUserInfo({ code, appid: 'wxdemo', state: 'wrong' })).errcode).toBe(40029);
    expect(await chatUserInfo({ code, appid: 'wxdemo' })).toMatchObject({
      errcode: 0,
      openid: DEMO_IDENTITY_USERS.chat.new.openid,
    });
  });

  test('missing code or appid', async () => {
    expect(await chatUserInfo({ appid: 'wxdemo' })).toEqual({
      errcode: 41008,
      errmsg: 'missing code',
    });
    expect(await chatUserInfo({ code: 'x' })).toEqual({ errcode: 41002, errmsg: 'appid missing' });
  });

  test('a code expires after 5 minutes', async () => {
    const start = new Date();
    h.setNow(start);
    const fresh = await sandboxCode(h, 'chat', { appid: 'wxdemo' });
    const stale = await sandboxCode(h, 'chat', { appid: 'wxdemo' });
    h.setNow(new Date(start.getTime() + 4 * 60_000 + 59_000));
    expect((await chatUserInfo({ code: fresh, appid: 'wxdemo' })).errcode).toBe(0);
    h.setNow(new Date(start.getTime() + 5 * 60_000));
    expect((await chatUserInfo({ code: stale, appid: 'wxdemo' })).errcode).toBe(40029);
  });

  test('the silent scope gives the openid only', async () => {
    const code = await sandboxCode(h, 'chat', { scope: 'snsapi_base', appid: 'wxdemo' });
    expect(await chatUserInfo({ code, appid: 'wxdemo' })).toMatchObject({
      errcode: 0,
      openid: chatMember.openid,
      nickname: '',
      headimgurl: '',
    });
  });

  test('the avatar is a PNG', async () => {
    const res = await fetch(`${h.url}/sandbox/identity/chat/avatar/${chatMember.openid}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });
});

describe('Macau payment app and Alipay', () => {
  test('MPay user info gives the phone as area-number; a bad code has the server message', async () => {
    const code = await sandboxCode(h, 'mpay', { user: 'member' });
    const res = (await (
      await fetch(`${h.url}/sandbox/identity/mpay/userinfo?code=${code}&IsDebug=0`)
    ).json()) as Record<string, unknown>;
    expect(res).toMatchObject({
      errcode: '0',
      data: { openid: DEMO_IDENTITY_USERS.mpay.member.openid, phone: '853-66123456' },
    });
    const again = await fetch(`${h.url}/sandbox/identity/mpay/userinfo?code=${code}&IsDebug=0`, {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(await again.json()).toEqual({
      errcode: '40029',
      errmsg: '登入授權碼無效或已過期',
      data: null,
    });
  });

  test('a flaky Alipay code answers a nonzero errcode the first N times, then works', async () => {
    const code = await sandboxCode(h, 'alipay', { flaky: 2 });
    expect(code.startsWith('flaky-2-')).toBe(true);
    const get = async () =>
      (await (
        await fetch(`${h.url}/sandbox/identity/alipay/userinfo?code=${code}`)
      ).json()) as Record<string, unknown>;
    expect((await get()).errcode).toBe('20000');
    expect((await get()).errcode).toBe('20000');
    expect(await get()).toMatchObject({
      errcode: '0',
      data: { openid: DEMO_IDENTITY_USERS.alipay.member.openid },
    });
    expect((await get()).errcode).toBe('40029');
  });

  test('codes of one provider do not work at another', async () => {
    const code = await sandboxCode(h, 'mpay');
    expect(
      (
        (await (await fetch(`${h.url}/sandbox/identity/alipay/userinfo?code=${code}`)).json()) as {
          errcode: string;
        }
      ).errcode,
    ).toBe('40029');
  });

  test('the code endpoint checks its input', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${h.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/sandbox/identity/nope/code', {})).status).toBe(404);
    expect((await post('/sandbox/identity/chat/code', { openid: 'bad openid!' })).status).toBe(400);
  });
});

describe('EntVip_WebiteUserAccessToken_Get and EntVip_WebiteUserInfo_Get', () => {
  test('a food-app code becomes an access token bound to the openid, once', async () => {
    const client = new GatewayClient(h.url);
    const code = await sandboxCode(h, 'foodapp', { user: 'member' });
    const token = await accessToken(client, code, 'foodapp');
    expect(token.openid).toBe(DEMO_IDENTITY_USERS.foodapp.member.openid);
    const again = await client.call('EntVip_WebiteUserAccessToken_Get', [
      { Code: code, Provider: 'foodapp' },
    ]);
    expect(again.errcode).toBe(ErrorCode.business);
    expect(again.errmsg).toBe('The sign-in code is invalid or has expired');

    const info = await client.call('EntVip_WebiteUserInfo_Get', [
      { AccessToken: token.accessToken, OpenID: token.openid },
    ]);
    ok(info);
    expect(info.data.table1).toEqual([
      {
        openid: token.openid,
        unionid: '',
        nikeName: '陳大文',
        pic: `/sandbox/identity/foodapp/avatar/${token.openid}.png`,
        phone: '853-66123456',
        sex: 1,
      },
    ]);
  });

  test("the default provider is the chat app; an expired code is refused in the caller's language", async () => {
    const start = new Date();
    h.setNow(start);
    const code = await sandboxCode(h, 'chat');
    h.setNow(new Date(start.getTime() + 5 * 60_000 + 1));
    const res = await new GatewayClient(h.url, 'zh-CN').call('EntVip_WebiteUserAccessToken_Get', [
      { Code: code },
    ]);
    expect(res.errmsg).toBe('登录授权码无效或已过期');
  });

  test('a flaky Alipay code through the operation: try again, then it works', async () => {
    const client = new GatewayClient(h.url);
    const code = await sandboxCode(h, 'alipay', { flaky: 1 });
    const first = await client.call('EntVip_WebiteUserAccessToken_Get', [
      { Code: code, Provider: 'alipay' },
    ]);
    expect(first.errmsg).toBe('The sign-in service is busy. Please try again.');
    await accessToken(client, code, 'alipay');
  });

  test('a token for another openid, or no such token, is refused', async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(client, await sandboxCode(h, 'chat', { user: 'new' }));
    const other = await client.call('EntVip_WebiteUserInfo_Get', [
      { AccessToken: token.accessToken, OpenID: chatMember.openid },
    ]);
    expect(other.errmsg).toBe('This sign-in does not belong to this account.');
    const forged = await client.call('EntVip_WebiteUserInfo_Get', [
      { AccessToken: 'forged', OpenID: token.openid },
    ]);
    expect(forged.errmsg).toBe('Your sign-in has expired. Please sign in again.');
  });

  test('tokens expire after 2 hours', async () => {
    const start = new Date();
    h.setNow(start);
    const client = new GatewayClient(h.url);
    const token = await accessToken(client, await sandboxCode(h, 'chat'));
    h.setNow(new Date(start.getTime() + 2 * 3600_000 + 1000));
    const res = await client.call('EntVip_WebiteUserInfo_Get', [
      { AccessToken: token.accessToken, OpenID: token.openid },
    ]);
    expect(res.errmsg).toBe('Your sign-in has expired. Please sign in again.');
  });
});

describe('EntVip_EntVipLoginGet_V1_Get', () => {
  const login = (client: GatewayClient, row: Record<string, unknown>) =>
    client.call('EntVip_EntVipLoginGet_V1_Get', [
      { EntID: DEMO.entId, MinaID: '', LoginType: 0, ...row },
    ]);

  test('a linked openid signs the member in with a session', async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(client, await sandboxCode(h, 'chat', { user: 'member' }));
    const res = await login(client, { OpenID: token.openid, AccessToken: token.accessToken });
    ok(res);
    expect(res.data.table1).toEqual([
      {
        VipID: DEMO.members.chan.vipId,
        VipName: 'Chan Tai Man',
        Sex: 2,
        HeadImg: '',
        Phone: '66123456',
        AreaNo: '853',
        Birthy: '1990-05-01',
        VipCode: '8530000001',
        Balance: '500.0000',
        Score: '1200.0000',
        CouponCount: 3,
        IsGuest: 0,
        EntID: DEMO.entId,
      },
    ]);
    expect(client.cookie).toMatch(/^hbb_sid=/);
    const detail = await client.call('EntVip_EntVipDetailGet_V1_Get', [{}]);
    ok(detail);
    expect(detail.data.table1?.[0]?.VipID).toBe(DEMO.members.chan.vipId);
  });

  test.each(['mpay', 'alipay', 'foodapp'] as const)(
    'the %s member user is the same member',
    async (provider) => {
      const client = new GatewayClient(h.url);
      const token = await accessToken(
        client,
        await sandboxCode(h, provider, { user: 'member' }),
        provider,
      );
      const res = await login(client, { OpenID: token.openid, AccessToken: token.accessToken });
      ok(res);
      expect(res.data.table1?.[0]?.VipID).toBe(DEMO.members.chan.vipId);
    },
  );

  test('no member for the openid: the not-found code 40401, and no session', async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(client, await sandboxCode(h, 'chat', { user: 'new' }));
    const res = await login(client, { OpenID: token.openid, AccessToken: token.accessToken });
    expect(res.errcode).toBe(ErrorCode.memberNotFound);
    expect(res.errcode).toBe('40401');
    expect(res.errmsg).toBe('Member not found');
    expect(client.cookie).toBe('');
  });

  test('another enterprise has no such member', async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(client, await sandboxCode(h, 'chat', { user: 'member' }));
    const res = await login(client, {
      EntID: DEMO.guest.entId,
      OpenID: token.openid,
      AccessToken: token.accessToken,
    });
    expect(res.errcode).toBe('40401');
  });

  test("nobody signs in as someone else's openid", async () => {
    const client = new GatewayClient(h.url);
    const mine = await accessToken(client, await sandboxCode(h, 'chat', { user: 'new' }));
    const noToken = await login(client, { OpenID: chatMember.openid });
    expect(noToken.errmsg).toBe('Your sign-in has expired. Please sign in again.');
    const wrongToken = await login(client, {
      OpenID: chatMember.openid,
      AccessToken: mine.accessToken,
    });
    expect(wrongToken.errmsg).toBe('This sign-in does not belong to this account.');
    expect(client.cookie).toBe('');
  });
});

describe('EntVip_EntVipRegisterSubmit_V2_Add', () => {
  const register = (client: GatewayClient, row: Record<string, unknown>) =>
    client.call('EntVip_EntVipRegisterSubmit_V2_Add', [
      { EntID: DEMO.entId, MinaID: '', ShopID: DEMO.shops.main, BaseID: DEMO.bases.dineIn, ...row },
    ]);

  test('an in-app host user without a member registers (type 2), gets the avatar copied, and then logs in', async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(
      client,
      await sandboxCode(h, 'chat', { openid: 'oRegisterTest0001' }),
    );
    const info = await client.call('EntVip_WebiteUserInfo_Get', [
      { AccessToken: token.accessToken, OpenID: token.openid },
    ]);
    const pic = String(info.data.table1?.[0]?.pic);
    const res = await register(client, {
      RegisterType: 2,
      OpenID: token.openid,
      AccessToken: token.accessToken,
      VipName: 'Diner0001',
      Sex: 1,
      HeadImg: `${APP}:8080${pic}`,
      Birthy: '',
    });
    ok(res);
    const member = res.data.table1![0]!;
    expect(member).toMatchObject({
      VipName: 'Diner0001',
      Sex: 1,
      Phone: '',
      IsGuest: 0,
      Balance: '0.0000',
      CouponCount: 0,
      EntID: DEMO.entId,
    });
    expect(String(member.HeadImg)).toMatch(/^UserHeadImg\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const avatar = await fetch(`${h.url}/oss/${member.HeadImg}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(client.cookie).toMatch(/^hbb_sid=/);

    // Registering again is harmless; logging in now finds the member.
    const again = await register(client, {
      RegisterType: 2,
      OpenID: token.openid,
      AccessToken: token.accessToken,
      VipName: 'Other',
    });
    expect(again.data.table1?.[0]?.VipID).toBe(member.VipID);
    const other = new GatewayClient(h.url);
    const login = await other.call('EntVip_EntVipLoginGet_V1_Get', [
      {
        EntID: DEMO.entId,
        OpenID: token.openid,
        MinaID: '',
        LoginType: 0,
        AccessToken: token.accessToken,
      },
    ]);
    expect(login.data.table1?.[0]?.VipID).toBe(member.VipID);
  });

  test("an avatar that is not the sandbox provider's own is left empty", async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(
      client,
      await sandboxCode(h, 'chat', { openid: 'oRegisterTest0002' }),
    );
    const res = await register(client, {
      RegisterType: 2,
      OpenID: token.openid,
      AccessToken: token.accessToken,
      HeadImg: 'https://thirdwx.example/avatar.png',
    });
    ok(res);
    expect(res.data.table1?.[0]?.HeadImg).toBe('');
    expect(res.data.table1?.[0]?.VipName).toBe('Diner0002');
  });

  test('types 0 and 2 need a proved openid', async () => {
    const client = new GatewayClient(h.url);
    expect((await register(client, { RegisterType: 2 })).errmsg).toBe(
      'Please sign in through the app first.',
    );
    expect(
      (await register(client, { RegisterType: 0, Phone: '66990011', AreaNo: '853' })).errmsg,
    ).toBe('Please sign in through the app first.');
    const token = await accessToken(
      client,
      await sandboxCode(h, 'chat', { openid: 'oRegisterTest0003' }),
    );
    const forged = await register(client, {
      RegisterType: 2,
      OpenID: chatMember.openid,
      AccessToken: token.accessToken,
    });
    expect(forged.errmsg).toBe('This sign-in does not belong to this account.');
    expect(client.cookie).toBe('');
  });

  test("type 0: a new phone registers; an existing member's phone is refused unless the provider vouches for it", async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(
      client,
      await sandboxCode(h, 'chat', { openid: 'oRegisterTest0004' }),
    );
    const taken = await register(client, {
      RegisterType: 0,
      OpenID: token.openid,
      AccessToken: token.accessToken,
      Phone: '66234567',
      AreaNo: '853',
    });
    expect(taken.errmsg).toBe(
      'This phone number is already registered. Please sign in with a verification code.',
    );
    const fresh = await register(client, {
      RegisterType: 0,
      OpenID: token.openid,
      AccessToken: token.accessToken,
      Phone: '6699 0004',
      AreaNo: '+853',
    });
    ok(fresh);
    expect(fresh.data.table1?.[0]).toMatchObject({ Phone: '66990004', AreaNo: '853' });

    // MPay vouches for its user's phone (853-66123456, Chan's): the openid is linked to Chan.
    const mpay = new GatewayClient(h.url);
    const mpayToken = await accessToken(
      mpay,
      await sandboxCode(h, 'mpay', { openid: 'mpay-vouched-0001' }),
      'mpay',
    );
    const notVouched = await register(mpay, {
      RegisterType: 0,
      OpenID: mpayToken.openid,
      AccessToken: mpayToken.accessToken,
      Phone: '66123456',
      AreaNo: '853',
    });
    expect(notVouched.errmsg).toBe(
      'This phone number is already registered. Please sign in with a verification code.',
    );
    const vouched = await accessToken(mpay, await sandboxCode(h, 'mpay', { user: 'new' }), 'mpay');
    const res = await register(mpay, {
      RegisterType: 0,
      OpenID: vouched.openid,
      AccessToken: vouched.accessToken,
      Phone: '66990001',
      AreaNo: '853',
    });
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ Phone: '66990001', VipName: 'MPay用戶' });
  });

  test('the name rule, the gender and the birthday are checked', async () => {
    const client = new GatewayClient(h.url);
    const token = await accessToken(
      client,
      await sandboxCode(h, 'chat', { openid: 'oRegisterTest0005' }),
    );
    const row = { RegisterType: 2, OpenID: token.openid, AccessToken: token.accessToken };
    expect((await register(client, { ...row, VipName: 'Chan  Tai Man' })).errmsg).toBe(
      'Name contains invalid characters.',
    );
    expect((await register(client, { ...row, VipName: 'Ann😀' })).errmsg).toBe(
      'Name contains invalid characters.',
    );
    expect(
      (
        await new GatewayClient(h.url, 'zh-CN').call('EntVip_EntVipRegisterSubmit_V2_Add', [
          { EntID: DEMO.entId, ...row, VipName: 'a 1' },
        ])
      ).errmsg,
    ).toBe('姓名包含无效字符。');
    expect((await register(client, { ...row, Sex: 5 })).errmsg).toBe(
      'Please choose a valid gender.',
    );
    expect((await register(client, { ...row, Birthy: '2999-01-01' })).errmsg).toBe(
      'Please choose a valid birthday.',
    );
    expect((await register(client, { ...row, Birthy: '2001-02-30' })).errmsg).toBe(
      'Please choose a valid birthday.',
    );
    const good = await register(client, {
      ...row,
      VipName: '陳（小明）_Chan-1',
      Birthy: '2001-02-28',
    });
    ok(good);
    expect(good.data.table1?.[0]).toMatchObject({
      VipName: '陳（小明）_Chan-1',
      Birthy: '2001-02-28',
    });
  });

  test('an unknown enterprise is refused', async () => {
    const res = await register(new GatewayClient(h.url), {
      EntID: 'nope',
      RegisterType: 1,
      Phone: '66123456',
      Code: '123456',
    });
    expect(res.errmsg).toBe('The merchant does not exist');
  });
});
