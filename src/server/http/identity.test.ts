/**
 * The food-app host object in the sandbox (injected into the served page,
 * its getAccessToken giving one-time codes), and the sign-in sandbox being
 * absent when the sandbox is off.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { DEMO_IDENTITY_USERS } from '../providers/identity';
import { startHarness, GatewayClient, type Harness } from '../test/harness';
import { ok } from '../test/signIn';

jest.setTimeout(90_000);

let h: Harness;
let dir: string;
const TAG = '<script src="/sandbox/identity/foodapp/bridge.js"></script>';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hbb-bridge-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>app</title></head><body></body></html>');
  h = await startHarness({ staticDir: dir }, { seed: false });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${h.url}${path}`, { headers });
  return { html: await res.text(), setCookie: res.headers.get('set-cookie') ?? '', type: res.headers.get('content-type') };
};

describe('the food-app host object', () => {
  test('?host=foodapp injects the bridge first in <head> and remembers it in a cookie', async () => {
    const first = await page('/?host=foodapp');
    expect(first.html).toContain(`<head>${TAG}<meta charset="utf-8">`);
    expect(first.type).toContain('text/html');
    expect(first.setCookie).toMatch(/^sandbox_host=foodapp;/);
    const again = await page('/', { cookie: 'sandbox_host=foodapp' });
    expect(again.html).toContain(TAG);
    expect((await page('/index.html', { cookie: 'sandbox_host=foodapp' })).html).toContain(TAG);
  });

  test('a food-app user agent gets it too; a plain browser does not; another ?host= clears the cookie', async () => {
    expect((await page('/', { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile/15E148 mFood/5.2.1' })).html).toContain(TAG);
    expect((await page('/')).html).not.toContain(TAG);
    const cleared = await page('/?host=browser', { cookie: 'sandbox_host=foodapp' });
    expect(cleared.html).not.toContain(TAG);
    expect(cleared.setCookie).toMatch(/^sandbox_host=;/);
  });

  /** Runs bridge.js in a bare page-like context whose fetch goes to the service. */
  async function bridge(cookie = '') {
    const source = await (await fetch(`${h.url}/sandbox/identity/foodapp/bridge.js`)).text();
    const window: Record<string, unknown> = {};
    runInNewContext(source, {
      window,
      document: { cookie },
      fetch: (path: string, init: RequestInit) => fetch(`${h.url}${path}`, init),
      Promise,
      JSON,
      RegExp,
      Error,
      decodeURIComponent,
    });
    return window.mFoodJSBridge as { getAccessToken(cb?: (err: unknown, code?: string) => void): Promise<string>; sandbox: boolean };
  }

  test('getAccessToken gives a one-time code the service exchanges', async () => {
    const mFood = await bridge();
    expect(mFood.sandbox).toBe(true);
    const code = await mFood.getAccessToken();
    const client = new GatewayClient(h.url);
    const res = await client.call('EntVip_WebiteUserAccessToken_Get', [{ Code: code, Provider: 'foodapp' }]);
    ok(res);
    expect(res.data.table1?.[0]?.openid).toBe(DEMO_IDENTITY_USERS.foodapp.member.openid);
    expect((await client.call('EntVip_WebiteUserAccessToken_Get', [{ Code: code, Provider: 'foodapp' }])).errmsg).toBe(
      'The sign-in code is invalid or has expired',
    );
  });

  test('the demo user and a failure are chosen by cookies; a callback works too', async () => {
    const code = await new Promise<string>((resolve, reject) => {
      void bridge('sandbox_foodapp_user=new').then((b) => b.getAccessToken((err, c) => (err ? reject(err) : resolve(c!))).catch(() => undefined));
    });
    const res = await new GatewayClient(h.url).call('EntVip_WebiteUserAccessToken_Get', [{ Code: code, Provider: 'foodapp' }]);
    expect(res.data.table1?.[0]?.openid).toBe(DEMO_IDENTITY_USERS.foodapp.new.openid);
    await expect((await bridge('a=1; sandbox_foodapp_fail=1')).getAccessToken()).rejects.toThrow('could not give an access token');
  });
});

describe('with the sandbox off', () => {
  let off: Harness;
  beforeAll(async () => {
    off = await startHarness({ sandbox: false });
  });
  afterAll(() => off.close());

  test('no sandbox sign-in, SMS or storage routes', async () => {
    for (const path of ['/sandbox/identity/chat/authorize?appid=a&state=s', '/sandbox/identity/mpay/userinfo?code=x', '/sandbox/sms?phone=853-66123456', '/sandbox/identity/foodapp/bridge.js']) {
      expect([path, (await fetch(`${off.url}${path}`)).status]).toEqual([path, 404]);
    }
    expect((await fetch(`${off.url}/sandbox/storage/upload`, { method: 'POST' })).status).toBe(404);
  });

  test('host sign-in and SMS are refused as unavailable', async () => {
    const client = new GatewayClient(off.url);
    expect((await client.call('EntVip_WebiteUserAccessToken_Get', [{ Code: 'x', Provider: 'chat' }])).errmsg).toBe('This way of signing in is not available.');
    expect((await client.call('Phone_VerificationGet_V2_Add', [{ Phone: '66123456', AreaNo: '853' }])).errmsg).toBe('Text messages cannot be sent right now.');
  });
});
