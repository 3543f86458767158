/**
 * Issue 22 item 8: no service-wide hard stop of anonymous writes. Per client
 * IP and per network (IPv4 /24, IPv6 /64) limits; failed code exchanges
 * counted apart; the whole service's figure slows, never refuses. Through the
 * real HTTP service, clients told apart by X-Forwarded-For (TRUST_PROXY).
 */
import { catalogue, type OperationName } from '../../shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, encodeForm, ErrorCode } from '../../shared/protocol/envelope';
import { DEMO } from '../db/seed';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { networkOf } from './rateLimit';

jest.setTimeout(120_000);

const SLOW_MS = 400;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    trustProxy: true,
    anonymousWriteLimits: { ipPerMinute: 5, networkPerMinute: 8, failedIpPerMinute: 3, failedNetworkPerMinute: 6, globalPerMinute: 40, slowMs: SLOW_MS },
  });
});
afterAll(() => h.close());
afterEach(() => h.setNow(null));

const from = (ip: string, name: OperationName, row: Record<string, unknown> = {}) =>
  new GatewayClient(h.url)
    .raw(
      encodeForm({
        HBBWSType: String(catalogue[name].service),
        strKeyName: name,
        strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO.entId, UserID: DEMO.userId, ...row }] }),
        strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
        IsRSA: '0',
      }),
      { 'x-forwarded-for': ip },
    )
    .then((r) => r.json.errcode);

const guestSignIn = (ip: string) => from(ip, 'EntVip_EntVipGuestLogin_Add');
/** A code exchange with a code nobody was given: refused, and counted as a failure. */
const badExchange = (ip: string) => from(ip, 'EntVip_WebiteUserAccessToken_Get', { Code: `guess-${Math.random()}`, Provider: 'foodapp' });

test('networks: an IPv4 /24, an IPv6 /64, an IPv4-mapped address as its IPv4 one', () => {
  expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
  expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
  expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
  expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(networkOf('2001:0db8:0001:0002::9%eth0')).toBe('2001:db8:1:2::/64');
  expect(networkOf('::1')).toBe('0:0:0:0::/64');
  expect(networkOf('2001:db8:1:2::192.0.2.1')).toBe('2001:db8:1:2::/64');
});

test('20 addresses in 20 networks pass the global figure with failed exchanges; an honest guest from a fresh network still signs in (slowed, not refused)', async () => {
  h.setNow(new Date('2031-03-01T10:00:01Z'));
  // 20 attackers, each in a network of its own, 3 failed exchanges each: 60 > the figure of 40.
  const attacks: string[] = [];
  for (let n = 0; n < 20; n += 1) for (let i = 0; i < 3; i += 1) attacks.push(await badExchange(`198.18.${n}.1`));
  expect(attacks.every((c) => c !== '0' && c !== ErrorCode.rateLimited)).toBe(true);
  // Each attacker is now over its failure quota: refused, that address only.
  expect(await badExchange('198.18.0.1')).toBe(ErrorCode.rateLimited);
  expect(await guestSignIn('198.18.0.1')).toBe(ErrorCode.rateLimited);
  // An honest customer in a network of their own: served, after the slow lane's wait.
  const started = performance.now();
  expect(await guestSignIn('192.0.2.10')).toBe('0');
  expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 20);
  // And an SMS sign-in's first step from another fresh network (it has limits of its own).
  expect(await from('192.0.2.200', 'Phone_VerificationGet_V2_Add', { AreaNo: '853', Phone: '66990001' })).toBe('0');
});

test('failures do not use up the honest quota: an IP with failed exchanges still has its 5 sign-ins', async () => {
  h.setNow(new Date('2031-03-01T11:00:01Z'));
  expect([await badExchange('203.0.113.5'), await badExchange('203.0.113.5')]).not.toContain(ErrorCode.rateLimited);
  const answers: string[] = [];
  for (let i = 0; i < 6; i += 1) answers.push(await guestSignIn('203.0.113.5'));
  expect(answers).toEqual(['0', '0', '0', '0', '0', ErrorCode.rateLimited]);
});

test('failed exchanges from one /24 get 42900 for that network only', async () => {
  h.setNow(new Date('2031-03-01T12:00:01Z'));
  // Six failures from three addresses of one /24 (each under its own quota of 3).
  for (const last of [1, 1, 2, 2, 3, 3]) expect(await badExchange(`100.64.7.${last}`)).not.toBe(ErrorCode.rateLimited);
  // The network's failure quota is used up: any address of it is refused now, for anything anonymous.
  expect(await badExchange('100.64.7.99')).toBe(ErrorCode.rateLimited);
  expect(await guestSignIn('100.64.7.100')).toBe(ErrorCode.rateLimited);
  // The next network is not.
  expect(await guestSignIn('100.64.8.1')).toBe('0');
  expect(await badExchange('100.64.8.2')).not.toBe(ErrorCode.rateLimited);
  // A minute later the network may try again.
  h.setNow(new Date('2031-03-01T12:01:01Z'));
  expect(await guestSignIn('100.64.7.100')).toBe('0');
});

test('honest sign-ins per network: 8 a minute from one /24 however many addresses, an IPv6 /64 likewise', async () => {
  h.setNow(new Date('2031-03-01T13:00:01Z'));
  const v4: string[] = [];
  for (let i = 0; i < 9; i += 1) v4.push(await guestSignIn(`100.65.1.${i + 1}`));
  expect(v4).toEqual([...Array(8).fill('0'), ErrorCode.rateLimited]);
  const v6: string[] = [];
  for (let i = 0; i < 9; i += 1) v6.push(await guestSignIn(`2001:db8:aa:bb::${(i + 1).toString(16)}`));
  expect(v6).toEqual([...Array(8).fill('0'), ErrorCode.rateLimited]);
  expect(await guestSignIn('2001:db8:aa:bc::1')).toBe('0');
});
