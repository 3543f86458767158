/**
 * Issue 22 item 9: the staff token cannot be guessed at speed. Wrong tokens
 * are counted per client IP; past the limit every staff route answers that IP
 * 429 with Retry-After (a right token too) until the minute ends; other
 * addresses are not affected. Through the real HTTP service.
 */
import { startHarness, type Harness } from '../test/harness';

jest.setTimeout(60_000);

const TOKEN = 'Vq3xT9mL2pK7wZ4nR8sB1cYd';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ staffToken: TOKEN, staffAuthFailuresPerMinute: 5, trustProxy: true });
});
afterAll(() => h.close());

const staff = (path: string, token: string, ip: string) =>
  fetch(`${h.url}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip } });

test('5 wrong tokens from one IP are 401; then 429 with Retry-After on every staff route, a right token too, until the minute ends', async () => {
  h.setNow(new Date('2031-04-01T09:00:15Z'));
  const guesses: number[] = [];
  for (let i = 0; i < 8; i += 1) guesses.push((await staff('/staff/sheets?baseId=005000000101', `guess-${i}`, '203.0.113.66')).status);
  expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  const refused = await staff('/staff/sheets?baseId=005000000101', TOKEN, '203.0.113.66');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('45');
  expect(await refused.json()).toEqual({ error: expect.stringMatching(/too many wrong staff tokens/) });
  for (const path of ['/staff/outlets', '/staff/events?baseId=005000000101']) {
    expect([path, (await staff(path, TOKEN, '203.0.113.66')).status]).toEqual([path, 429]);
  }
  // Another address, the kitchen's, is not affected.
  expect((await staff('/staff/outlets', TOKEN, '198.51.100.7')).status).toBe(200);
  // The next minute: the right token works again from the guesser's address.
  h.setNow(new Date('2031-04-01T09:01:00Z'));
  expect((await staff('/staff/outlets', TOKEN, '203.0.113.66')).status).toBe(200);
});

test('right tokens are never counted: the kitchen may call as often as it likes', async () => {
  h.setNow(new Date('2031-04-01T10:00:00Z'));
  const statuses = new Set<number>();
  for (let i = 0; i < 20; i += 1) statuses.add((await staff('/staff/outlets', TOKEN, '192.0.2.44')).status);
  expect([...statuses]).toEqual([200]);
  h.setNow(null);
});
