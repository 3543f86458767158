/**
 * SMS codes through the real HTTP server and the sandbox SMS provider's
 * outbox: six digits, single use, 10 minutes, one send per phone per 60 s
 * (atomic under concurrency), daily caps, dead after 5 wrong tries; phone
 * registration and the member's phone change.
 *
 * Each test runs on a day of its own (h.setNow), so the daily caps of one
 * test do not reach into another.
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { DEMO } from '../../db/seed';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { accessToken, lastCode, ok, outbox, sandboxCode, signedInAsChan, signedInAsNewMember } from '../../test/signIn';

jest.setTimeout(90_000);

let h: Harness;
let day = 0;
/** Noon UTC of a fresh day (every third day from 2030-01-03, so a test may step into the next). */
const newDay = () => {
  day += 1;
  const start = new Date(Date.UTC(2030, 0, day * 3, 12));
  h.setNow(start);
  return start;
};
const at = (start: Date, seconds: number) => h.setNow(new Date(start.getTime() + seconds * 1000));

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const send = (client: GatewayClient, Phone: string, AreaNo = '853', extra: Record<string, unknown> = {}) =>
  client.call('Phone_VerificationGet_V2_Add', [{ EntID: DEMO.entId, Phone, AreaNo, ...extra }]);
const registerByCode = (client: GatewayClient, Phone: string, Code: string, extra: Record<string, unknown> = {}) =>
  client.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 1, Phone, AreaNo: '853', Code, ...extra }]);

describe('Phone_VerificationGet_V2_Add', () => {
  test('sends a 6-digit code in the caller\'s language; the outbox shows it', async () => {
    newDay();
    const res = await send(new GatewayClient(h.url, 'zh-TW'), '66880001');
    ok(res);
    expect(res.data.table1).toEqual([{ AreaNo: '853', Phone: '66880001', ExpiresIn: 600, ResendIn: 60 }]);
    const messages = await outbox(h, '853-66880001');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ phone: '853-66880001', lang: 'zh-TW' });
    expect(messages[0]!.text).toMatch(/^【HBB點餐】您的驗證碼是 \d{6}，10 分鐘內有效。/);
  });

  test('a second send within 60 s is refused with the seconds to wait; after 60 s it is sent', async () => {
    const start = newDay();
    const client = new GatewayClient(h.url);
    ok(await send(client, '66880002'));
    at(start, 10);
    const again = await send(client, '66880002');
    expect(again.errcode).toBe(ErrorCode.rateLimited);
    expect(again.errmsg).toBe('Please wait 50 seconds before requesting another code.');
    at(start, 59.5);
    expect((await send(client, '66880002')).errmsg).toBe('Please wait 1 seconds before requesting another code.');
    at(start, 60);
    ok(await send(client, '66880002'));
    expect(await outbox(h, '853-66880002')).toHaveLength(2);
  });

  test('100 sends for one phone in 10 s reach the SMS provider once', async () => {
    const start = newDay();
    const client = new GatewayClient(h.url);
    // All 100 fired at once...
    const answers = await Promise.all(Array.from({ length: 100 }, () => send(client, '66880003')));
    expect(answers.filter((a) => a.errcode === '0')).toHaveLength(1);
    expect(answers.filter((a) => a.errcode === ErrorCode.rateLimited)).toHaveLength(99);
    // ...and 100 more in waves of 10 over the next 10 s of the service's clock.
    for (let second = 1; second <= 10; second++) {
      at(start, second - 0.5);
      const wave = await Promise.all(Array.from({ length: 10 }, () => send(client, '66880003')));
      expect(wave.map((a) => a.errcode)).toEqual(Array(10).fill(ErrorCode.rateLimited));
    }
    expect(await outbox(h, '853-66880003')).toHaveLength(1);
    const [row] = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_code WHERE phone_key = '853-66880003'`);
    expect(row!.n).toBe(1);
  });

  test('at most 10 codes per phone per day', async () => {
    const start = newDay();
    const client = new GatewayClient(h.url);
    for (let i = 0; i < 10; i++) {
      at(start, i * 61);
      ok(await send(client, '66880004'));
    }
    at(start, 10 * 61);
    expect((await send(client, '66880004')).errmsg).toBe('Too many codes have been requested today. Please try again tomorrow.');
    at(start, 86_400);
    ok(await send(client, '66880004'));
  });

  test('at most 50 codes per client IP per day', async () => {
    newDay();
    const client = new GatewayClient(h.url);
    for (let i = 0; i < 50; i++) ok(await send(client, `6677${String(i).padStart(4, '0')}`));
    const refused = await send(client, '66779999');
    expect(refused.errmsg).toBe('Too many codes have been requested today. Please try again tomorrow.');
    // The refused phone's own gate was not used up.
    expect(await outbox(h, '853-66779999')).toHaveLength(0);
  });

  test('phone and area are checked', async () => {
    newDay();
    const client = new GatewayClient(h.url);
    expect((await send(client, '')).errmsg).toBe('Please enter your mobile phone number.');
    expect((await send(client, '12ab')).errmsg).toBe('Please enter a valid mobile phone number.');
    expect((await send(client, '66123456', '999')).errmsg).toBe('Please choose a valid country calling code.');
    ok(await send(client, '+852 9123-4567'.slice(5), '+852'));
    expect(await outbox(h, '852-91234567')).toHaveLength(1);
  });

  test('Phone_SMSAreaGet_Get lists the calling codes', async () => {
    const res = await new GatewayClient(h.url).call('Phone_SMSAreaGet_Get', [{}]);
    ok(res);
    expect(res.data.table1?.[0]).toEqual({ AreaNo: '853', AreaName: '澳门', AreaNameTW: '澳門', AreaNameEN: 'Macau', Sort: 1 });
    expect(res.data.table1).toHaveLength(7);
  });

  test('the outbox wants an area-number phone', async () => {
    expect((await fetch(`${h.url}/sandbox/sms?phone=66123456`)).status).toBe(400);
  });
});

describe('codes at registration (RegisterType 1)', () => {
  test('a right code signs in the member who has the phone; the same code again is refused', async () => {
    newDay();
    const client = new GatewayClient(h.url);
    ok(await send(client, '66123456'));
    const code = await lastCode(h, '853-66123456');
    const res = await registerByCode(client, '66123456', code);
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ VipID: DEMO.members.chan.vipId, VipName: 'Chan Tai Man' });
    expect(client.cookie).toMatch(/^hbb_sid=/);
    const reused = await registerByCode(new GatewayClient(h.url), '66123456', code);
    expect(reused.errmsg).toBe('The verification code has expired or has been used. Please request a new one.');
  });

  test('a new phone becomes a new member', async () => {
    newDay();
    const client = new GatewayClient(h.url);
    ok(await send(client, '66880010'));
    const res = await registerByCode(client, '66880010', await lastCode(h, '853-66880010'), { VipName: 'NewOne' });
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ VipName: 'NewOne', Phone: '66880010', AreaNo: '853', IsGuest: 0 });
    expect(res.data.table1?.[0]?.VipID).not.toBe(DEMO.members.chan.vipId);
  });

  test('a host member without a phone who registers by code gets that phone; an openid and a phone of two members clash', async () => {
    newDay();
    const client = new GatewayClient(h.url);
    const token = await accessToken(client, await sandboxCode(h, 'chat', { openid: 'oPhoneLink0001' }));
    const identity = { OpenID: token.openid, MinaID: '', AccessToken: token.accessToken };
    const first = await client.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 2, ...identity }]);
    ok(first);
    ok(await send(client, '66880016'));
    const res = await registerByCode(client, '66880016', await lastCode(h, '853-66880016'), identity);
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ VipID: first.data.table1?.[0]?.VipID, Phone: '66880016' });
    // The same openid with Chan's phone: two different members.
    ok(await send(client, '66123456'));
    expect((await registerByCode(client, '66123456', await lastCode(h, '853-66123456'), identity)).errmsg).toBe('This account is already linked to another member.');
  });

  test('an expired code is refused', async () => {
    const start = newDay();
    const client = new GatewayClient(h.url);
    ok(await send(client, '66880011'));
    const code = await lastCode(h, '853-66880011');
    at(start, 600);
    expect((await registerByCode(client, '66880011', code)).errmsg).toBe('The verification code has expired or has been used. Please request a new one.');
  });

  test('the sixth wrong try is refused even when right', async () => {
    newDay();
    const client = new GatewayClient(h.url);
    ok(await send(client, '66880012'));
    const code = await lastCode(h, '853-66880012');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await registerByCode(client, '66880012', wrong)).errmsg).toBe('The verification code is incorrect.');
    expect((await registerByCode(client, '66880012', wrong)).errmsg).toBe('Too many wrong codes. Please request a new one.');
    expect((await registerByCode(client, '66880012', code)).errmsg).toBe('Too many wrong codes. Please request a new one.');
    expect(client.cookie).toBe('');
  });

  test('concurrent wrong guesses are all counted', async () => {
    newDay();
    const client = new GatewayClient(h.url);
    ok(await send(client, '66880013'));
    const code = await lastCode(h, '853-66880013');
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    await Promise.all(guesses.map((g) => registerByCode(client, '66880013', g)));
    expect((await registerByCode(client, '66880013', code)).errmsg).toBe('Too many wrong codes. Please request a new one.');
  });

  test('only the newest code counts, and a missing code is asked for', async () => {
    const start = newDay();
    const client = new GatewayClient(h.url);
    ok(await send(client, '66880014'));
    const first = await lastCode(h, '853-66880014');
    at(start, 61);
    ok(await send(client, '66880014'));
    const second = await lastCode(h, '853-66880014');
    if (first !== second) expect((await registerByCode(client, '66880014', first)).errmsg).toBe('The verification code is incorrect.');
    expect((await registerByCode(client, '66880014', '')).errmsg).toBe('Please enter the verification code.');
    ok(await registerByCode(client, '66880014', second));
  });

  test('a phone without any code sent', async () => {
    newDay();
    expect((await registerByCode(new GatewayClient(h.url), '66880015', '123456')).errmsg).toBe('The verification code is incorrect.');
  });
});

describe('EntVip_EntVipPhoneSubmit_Add', () => {
  const submit = (client: GatewayClient, SourceType: string, Phone: string, Code: string) =>
    client.call('EntVip_EntVipPhoneSubmit_Add', [{ EntID: DEMO.entId, SourceType, Phone, Code, AreaNo: '853' }]);

  test('verify the current phone, then change to a new one', async () => {
    const start = newDay();
    const { client, vipId } = await signedInAsNewMember(h, 'oPhoneChange0001');
    // A member without a phone sets one directly.
    ok(await send(client, '66880020', '853', { Purpose: 'change' }));
    const set = await submit(client, 'VipPhoneChange', '66880020', await lastCode(h, '853-66880020'));
    ok(set);
    expect(set.data.table1?.[0]).toMatchObject({ VipID: vipId, Phone: '66880020', SourceType: 'VipPhoneChange' });
    expect((await outbox(h, '853-66880020'))[0]!.text).toContain('changing the phone number');

    // Now a change needs the current phone verified first.
    at(start, 61);
    ok(await send(client, '66880021', '853', { Purpose: 'change' }));
    expect((await submit(client, 'VipPhoneChange', '66880021', await lastCode(h, '853-66880021'))).errmsg).toBe('Please verify your current phone number first.');
    expect((await submit(client, 'VipPhoneVerify', '66880021', '123456')).errmsg).toBe('This is not the phone number of your membership.');
    ok(await send(client, '66880020', '853', { Purpose: 'change' }));
    ok(await submit(client, 'VipPhoneVerify', '66880020', await lastCode(h, '853-66880020')));
    at(start, 122);
    ok(await send(client, '66880021', '853', { Purpose: 'change' }));
    const changed = await submit(client, 'VipPhoneChange', '66880021', await lastCode(h, '853-66880021'));
    ok(changed);
    expect(changed.data.table1?.[0]).toMatchObject({ VipID: vipId, Phone: '66880021' });
    // The verification was used up by the change.
    at(start, 183);
    ok(await send(client, '66880022', '853', { Purpose: 'change' }));
    expect((await submit(client, 'VipPhoneChange', '66880022', await lastCode(h, '853-66880022'))).errmsg).toBe('Please verify your current phone number first.');
  });

  test('a phone of another member is refused; a wrong code counts', async () => {
    newDay();
    const client = await signedInAsChan(h);
    expect((await submit(client, 'VipPhoneChange', '66234567', '123456')).errmsg).toBe('This phone number is already used by another member.');
    expect((await submit(client, 'VipPhoneChange', '66123456', '123456')).errmsg).toBe('This is already your phone number.');
    ok(await send(client, '66123456'));
    const wrong = (await lastCode(h, '853-66123456')) === '999999' ? '000000' : '999999';
    expect((await submit(client, 'VipPhoneVerify', '66123456', wrong)).errmsg).toBe('The verification code is incorrect.');
    const [row] = await h.db.query<{ attempts: number }>(`SELECT attempts FROM sms_code WHERE phone_key = '853-66123456' ORDER BY code_id DESC LIMIT 1`);
    expect(row!.attempts).toBe(1);
  });

  test('guests and callers without a session may not', async () => {
    const anonymous = await submit(new GatewayClient(h.url), 'VipPhoneVerify', '66123456', '123456');
    expect(anonymous.errcode).toBe(ErrorCode.sessionRequired);
    const guest = new GatewayClient(h.url);
    ok(await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]));
    const res = await submit(guest, 'VipPhoneVerify', '66123456', '123456');
    expect(res.errcode).toBe(ErrorCode.forbidden);
  });
});
