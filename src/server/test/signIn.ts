/**
 * Test helpers for the sign-in flows (issue 6): codes from the sandbox
 * identity providers, the SMS outbox, and a member session the way the app
 * gets one (code -> access token -> login).
 */
import { DEMO } from '../db/seed';
import { DEMO_IDENTITY_USERS, type DemoUserKind, type IdentityProviderId } from '../providers/identity';
import { GatewayClient, type Harness } from './harness';

export const ok = (res: { errcode: string; errmsg: string }) => {
  expect(res.errmsg).toBe('');
  expect(res.errcode).toBe('0');
};

/** A one-time code as the host app hands it over (POST /sandbox/identity/:provider/code). */
export async function sandboxCode(
  h: Harness,
  provider: IdentityProviderId,
  body: { user?: DemoUserKind; openid?: string; state?: string; appid?: string; scope?: string; flaky?: number } = {},
): Promise<string> {
  const res = await fetch(`${h.url}/sandbox/identity/${provider}/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

/** Exchanges a code with EntVip_WebiteUserAccessToken_Get; answers {openid, accessToken}. */
export async function accessToken(client: GatewayClient, code: string, provider: IdentityProviderId = 'chat') {
  const res = await client.call('EntVip_WebiteUserAccessToken_Get', [{ EntID: DEMO.entId, Code: code, Provider: provider }]);
  ok(res);
  return res.data.table1![0] as { openid: string; unionid: string; accessToken: string };
}

/** A client signed in as a demo member through the chat provider's member user (Chan Tai Man). */
export async function signedInAsChan(h: Harness, lang = 'en'): Promise<GatewayClient> {
  const client = new GatewayClient(h.url, lang);
  const token = await accessToken(client, await sandboxCode(h, 'chat', { user: 'member' }));
  ok(await client.call('EntVip_EntVipLoginGet_V1_Get', [{ EntID: DEMO.entId, OpenID: token.openid, MinaID: '', LoginType: 0, AccessToken: token.accessToken }]));
  return client;
}

/** A client signed in as a brand-new member (registered through the chat provider with a fresh openid). */
export async function signedInAsNewMember(h: Harness, openid: string, extra: Record<string, unknown> = {}): Promise<{ client: GatewayClient; vipId: string }> {
  const client = new GatewayClient(h.url);
  const token = await accessToken(client, await sandboxCode(h, 'chat', { openid }));
  const res = await client.call('EntVip_EntVipRegisterSubmit_V2_Add', [
    { EntID: DEMO.entId, RegisterType: 2, OpenID: token.openid, MinaID: '', AccessToken: token.accessToken, VipName: 'Tester', Sex: 0, ...extra },
  ]);
  ok(res);
  return { client, vipId: String(res.data.table1![0]!.VipID) };
}

export interface OutboxMessage {
  phone: string;
  text: string;
  lang: string;
  sentAt: string;
}

/** The sandbox SMS outbox of a phone ('853-66123456'), newest first. */
export async function outbox(h: Harness, phone: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${h.url}/sandbox/sms?phone=${encodeURIComponent(phone)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as OutboxMessage[];
}

/** The code in the newest text to the phone. */
export async function lastCode(h: Harness, phone: string): Promise<string> {
  const [latest] = await outbox(h, phone);
  const code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

export const chatMember = DEMO_IDENTITY_USERS.chat.member;
