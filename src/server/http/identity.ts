/**
 * The sandbox sign-in providers and SMS outbox (issue 6), registered by app.ts
 * only when config.sandbox is on. They follow the real flows, with their
 * state in the database (any instance answers any step):
 *
 *   GET  /sandbox/identity/chat/authorize?appid=&redirect_uri=&state=&scope=
 *        the chat app's consent page (HTML). `state` is required (1-128 of
 *        A-Z a-z 0-9 - _ . ~), `redirect_uri` must be http(s) on this host
 *        name; scope snsapi_userinfo (default: nickname and avatar) or
 *        snsapi_base (openid only). Two demo users to choose from, Allow / Deny.
 *   POST /sandbox/identity/chat/authorize   (the page's form)
 *        Allow: 302 to redirect_uri?code=<code>&state=<state> (hash kept);
 *        Deny: 302 to redirect_uri?state=<state> (no code).
 *   GET  /sandbox/identity/chat/userinfo?code=&appid=[&state=]
 *        -> {errcode: 0, errmsg: 'ok', openid, unionid, nickname, headimgurl,
 *            sex (0 unknown, 1 male, 2 female), accessToken, expires_in}
 *        a used, expired or unknown code, or another appid: {errcode: 40029, errmsg};
 *        a state given that is not the authorize request's: {errcode: 40029}.
 *   GET  /sandbox/identity/mpay/userinfo?code=&IsDebug=
 *        -> {errcode: '0', errmsg: 'success', data: {openid, nickname, headimgurl,
 *            phone: '853-66123456', accessToken, expiresIn}}
 *        or {errcode: '40029', errmsg: <message in the caller's language>, data: null}
 *   GET  /sandbox/identity/alipay/userinfo?code=
 *        -> {errcode: '0', errmsg: 'Success', data: {openid, nickname, headimgurl, accessToken, expiresIn}}
 *        or {errcode: '40029', ...} (bad code), {errcode: '20000', ...} (busy: try the same code again)
 *   POST /sandbox/identity/:provider/code {"user": "member"|"new", "openid"?, "state"?, "appid"?, "scope"?, "flaky"?}
 *        -> {code, expiresIn: 300}: a one-time code as the host app would hand
 *        it over (MPay's or Alipay's auth code, the food-app token); `flaky: N`
 *        makes it answer "try again" N times first (Alipay's retry).
 *   GET  /sandbox/identity/foodapp/bridge.js  the food-app host object (see below)
 *   GET  /sandbox/identity/:provider/avatar/<openid>.png  a demo user's avatar
 *   GET  /sandbox/sms?phone=853-66123456
 *        -> [{phone, text, lang, sentAt}], newest first: the texts the sandbox
 *        SMS provider "sent" (Phone_VerificationGet_V2_Add), in the language of
 *        the request that asked for the code.
 *
 * The userinfo routes are the service's code exchange (the same as
 * EntVip_WebiteUserAccessToken_Get): they spend the code server-side and also
 * answer the service's own `accessToken` for that openid, which login and
 * register require. The app never sees a provider secret.
 *
 * The food-app host object: a real food app injects `window.mFoodJSBridge`
 * into its web view. In the sandbox the service does it: when the page
 * (GET / or /index.html of the built app) is requested with `?host=foodapp`,
 * with the cookie `sandbox_host=foodapp` (which `?host=foodapp` sets; any
 * other `?host=` clears it) or with a user agent containing the word `mFood`,
 * the page gets `<script src="/sandbox/identity/foodapp/bridge.js">` as the
 * first thing in <head>. `mFoodJSBridge.getAccessToken()` returns a promise
 * of a one-time code (also calls a node-style callback if given) for the demo
 * user chosen by the cookie `sandbox_foodapp_user` ('member', the default,
 * or 'new'); the cookie `sandbox_foodapp_fail=1` makes it reject. The app
 * exchanges the code with EntVip_WebiteUserAccessToken_Get {Code, Provider: 'foodapp'}.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/driver';
import { langFromHeader, message, type Lang } from '../messages';
import { exchangeForToken } from '../operations/auth/identity';
import { TOKEN_TTL_SECONDS } from '../operations/auth/tokens';
import {
  CUSTOM_OPENID,
  DEMO_IDENTITY_USERS,
  isIdentityProvider,
  issueSandboxCode,
  sandboxAvatarPng,
  CODE_TTL_MS,
  type DemoUserKind,
  type IdentityProviderId,
} from '../providers/identity';
import { readSandboxOutbox } from '../providers/sms';

export interface IdentityDeps {
  db: Db;
  config: Config;
  clock: Clock;
}

const STATE = /^[A-Za-z0-9_\-.~]{1,128}$/;
const APP_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const SCOPES = ['snsapi_userinfo', 'snsapi_base'] as const;

const PAGE_TEXT: Record<Lang, Record<string, string>> = {
  en: {
    title: 'Authorize sign-in',
    intro: 'HBB Order asks to use your public profile (nickname and avatar).',
    introBase: 'HBB Order asks to know who you are.',
    legend: 'Sign in as',
    member: '{name} (already a member)',
    new: '{name} (new customer)',
    allow: 'Allow',
    deny: 'Deny',
    note: "A sandbox stand-in for the chat app's sign-in page.",
    badTitle: 'This sign-in request is not valid',
  },
  'zh-CN': {
    title: '授权登录',
    intro: 'HBB点餐 申请获得你的公开信息（昵称、头像）。',
    introBase: 'HBB点餐 申请识别你的身份。',
    legend: '选择登录账号',
    member: '{name}（已是会员）',
    new: '{name}（新顾客）',
    allow: '允许',
    deny: '拒绝',
    note: '这是聊天应用授权页的沙盒替身。',
    badTitle: '授权请求无效',
  },
  'zh-TW': {
    title: '授權登入',
    intro: 'HBB點餐 申請獲得你的公開資訊（暱稱、頭像）。',
    introBase: 'HBB點餐 申請識別你的身分。',
    legend: '選擇登入帳號',
    member: '{name}（已是會員）',
    new: '{name}（新顧客）',
    allow: '允許',
    deny: '拒絕',
    note: '這是聊天應用程式授權頁的沙盒替身。',
    badTitle: '授權請求無效',
  },
};

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,'PingFang SC','PingFang TC','Noto Sans CJK SC',sans-serif;color:#222;background:#f2f2f2}
  main{max-width:420px;margin:0 auto;padding:24px 16px;background:#fff;min-height:100vh}
  h1{font-size:20px;margin:8px 0 12px} p{margin:0 0 16px;color:#444}
  fieldset{border:1px solid #ddd;border-radius:8px;margin:0 0 20px;padding:8px 12px}
  legend{padding:0 4px;font-weight:600}
  label{display:flex;align-items:center;gap:12px;min-height:48px;cursor:pointer}
  input[type=radio]{width:22px;height:22px;margin:0}
  img{width:40px;height:40px;border-radius:6px}
  .actions{display:flex;gap:12px} button{flex:1;min-height:48px;border-radius:8px;border:1px solid #ccc;background:#fff;font:inherit;cursor:pointer}
  button.allow{background:#07c160;border-color:#07c160;color:#fff;font-weight:600}
  button:focus-visible,input:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
  small{display:block;margin-top:20px;color:#666}`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

interface AuthorizeRequest {
  appid: string;
  redirectUri: URL;
  state: string;
  scope: (typeof SCOPES)[number];
}

/** Checks an authorize request; answers the refusal's text when it is not valid. */
function readAuthorize(
  req: FastifyRequest,
  source: Record<string, unknown>,
): AuthorizeRequest | string {
  const get = (k: string) => (typeof source[k] === 'string' ? (source[k] as string) : '');
  const appid = get('appid');
  const state = get('state');
  const scope = get('scope') || 'snsapi_userinfo';
  if (!APP_ID.test(appid)) return 'appid is missing or not valid';
  if (!state) return 'state is required';
  if (!STATE.test(state)) return 'state must be 1-128 characters of A-Z a-z 0-9 - _ . ~';
  if (!(SCOPES as readonly string[]).includes(scope))
    return 'scope must be snsapi_userinfo or snsapi_base';
  let redirectUri: URL;
  try {
    redirectUri = new URL(get('redirect_uri'));
  } catch {
    return 'redirect_uri is missing or not an absolute URL';
  }
  if (redirectUri.protocol !== 'http:' && redirectUri.protocol !== 'https:')
    return 'redirect_uri must be http or https';
  if (redirectUri.hostname !== req.hostname.replace(/:\d+$/, ''))
    return 'redirect_uri must be on this host';
  return { appid, redirectUri, state, scope: scope as AuthorizeRequest['scope'] };
}

function badRequestPage(reply: FastifyReply, lang: Lang, why: string) {
  const t = PAGE_TEXT[lang];
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(page(lang, t.badTitle!, `<h1>${esc(t.badTitle!)}</h1><p role="alert">${esc(why)}</p>`));
}

function consentPage(lang: Lang, a: AuthorizeRequest): string {
  const t = PAGE_TEXT[lang];
  const users = DEMO_IDENTITY_USERS.chat;
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${esc(value)}">`;
  const option = (kind: DemoUserKind, checked: boolean) => {
    const u = users[kind];
    const label = t[kind]!.replace('{name}', u.nickname);
    return `<label><input type="radio" name="user" value="${kind}"${checked ? ' checked' : ''}>
<img src="/sandbox/identity/chat/avatar/${esc(u.openid)}.png" alt=""><span>${esc(label)}</span></label>`;
  };
  return page(
    lang,
    t.title!,
    `<h1>${esc(t.title!)}</h1>
<p>${esc(a.scope === 'snsapi_base' ? t.introBase! : t.intro!)}</p>
<form method="post" action="/sandbox/identity/chat/authorize">
${hidden('appid', a.appid)}${hidden('redirect_uri', a.redirectUri.toString())}${hidden('state', a.state)}${hidden('scope', a.scope)}
<fieldset><legend>${esc(t.legend!)}</legend>${option('member', true)}${option('new', false)}</fieldset>
<div class="actions"><button type="submit" name="decision" value="deny">${esc(t.deny!)}</button>
<button type="submit" name="decision" value="allow" class="allow">${esc(t.allow!)}</button></div>
</form><small>${esc(t.note!)}</small>`,
  );
}

const codeBody = z.object({
  user: z.enum(['member', 'new']).optional(),
  openid: z.string().regex(CUSTOM_OPENID).optional(),
  state: z.string().regex(STATE).optional(),
  appid: z.string().regex(APP_ID).optional(),
  scope: z.enum(SCOPES).optional(),
  flaky: z.number().int().min(1).max(10).optional(),
});

const BRIDGE_JS = `/* Sandbox food-app host object (http/identity.ts). */
(function () {
  'use strict';
  if (window.mFoodJSBridge) return;
  function cookie(name) {
    var m = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'));
    return m ? decodeURIComponent(m[1]) : '';
  }
  window.mFoodJSBridge = {
    sandbox: true,
    /** A promise of a one-time code for the food-app user (5 minutes, single use); also calls callback(err, code). */
    getAccessToken: function (callback) {
      var user = cookie('sandbox_foodapp_user') === 'new' ? 'new' : 'member';
      var result = cookie('sandbox_foodapp_fail') === '1'
        ? Promise.reject(new Error('sandbox: the food app could not give an access token'))
        : fetch('/sandbox/identity/foodapp/code', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ user: user }),
            credentials: 'same-origin'
          }).then(function (res) {
            if (!res.ok) throw new Error('sandbox: HTTP ' + res.status);
            return res.json();
          }).then(function (body) { return body.code; });
      if (typeof callback === 'function') result.then(function (code) { callback(null, code); }, function (err) { callback(err); });
      return result;
    }
  };
})();
`;

/**
 * The cookie by which the sandbox remembers a consent, as the chat app does
 * for an account already authorized: 'member' or 'new' sends the authorize
 * page straight back with a code for that demo user (journeys set it).
 */
export const CONSENT_COOKIE = 'sandbox_chat_consent';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function identityRoutes(
  app: FastifyInstance,
  { db, config, clock }: IdentityDeps,
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
  const exchange = (
    provider: IdentityProviderId,
    code: string,
    check?: { appId?: string; state?: string },
  ) => db.transaction((tx) => exchangeForToken(tx, config, provider, code, clock.now(), check));

  /** Where Allow leads: the app's address with a fresh one-time code and the state it sent. */
  const allowRedirect = async (a: AuthorizeRequest, kind: DemoUserKind): Promise<string> => {
    const target = new URL(a.redirectUri.toString());
    target.searchParams.delete('code');
    const code = await db.transaction((tx) =>
      issueSandboxCode(
        tx,
        {
          provider: 'chat',
          subject: DEMO_IDENTITY_USERS.chat[kind].openid,
          appId: a.appid,
          state: a.state,
          scope: a.scope,
        },
        clock.now(),
      ),
    );
    target.searchParams.set('code', code);
    target.searchParams.set('state', a.state);
    return target.toString();
  };

  // Chat app: consent page, decision, user info ------------------------------------
  app.get('/sandbox/identity/chat/authorize', async (req, reply) => {
    const lang = langFromHeader(req.headers['accept-language']);
    const a = readAuthorize(req, req.query as Record<string, unknown>);
    if (typeof a === 'string') return badRequestPage(reply, lang, a);
    // Consent given before in this browser (the chat app does not ask again): straight back with a code.
    const remembered = req.cookies?.[CONSENT_COOKIE];
    if (remembered === 'member' || remembered === 'new')
      return noStore(reply).redirect(await allowRedirect(a, remembered), 302);
    return noStore(reply).type('text/html; charset=utf-8').send(consentPage(lang, a));
  });

  app.post('/sandbox/identity/chat/authorize', async (req, reply) => {
    const lang = langFromHeader(req.headers['accept-language']);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const a = readAuthorize(req, body);
    if (typeof a === 'string') return badRequestPage(reply, lang, a);
    if (body.decision === 'allow')
      return noStore(reply).redirect(
        await allowRedirect(a, body.user === 'new' ? 'new' : 'member'),
        302,
      );
    const target = new URL(a.redirectUri.toString());
    target.searchParams.delete('code');
    target.searchParams.set('state', a.state);
    return noStore(reply).redirect(target.toString(), 302);
  });

  app.get('/sandbox/identity/chat/userinfo', async (req, reply) => {
    noStore(reply);
    const q = req.query as Record<string, unknown>;
    const code = str(q.code);
    const appid = str(q.appid);
    if (!appid) return { errcode: 41002, errmsg: 'appid missing' };
    if (!code) return { errcode: 41008, errmsg: 'missing code' };
    const result = await exchange('chat', code, { appId: appid, state: str(q.state) || undefined });
    if (!result.ok) return { errcode: 40029, errmsg: 'invalid code' };
    const p = result.profile;
    return {
      errcode: 0,
      errmsg: 'ok',
      openid: p.openid,
      unionid: p.unionid,
      nickname: p.nickname,
      headimgurl: p.headimgurl,
      sex: p.sex,
      accessToken: result.accessToken,
      expires_in: TOKEN_TTL_SECONDS,
    };
  });

  // Macau payment app and Alipay: user info for a bridge's auth code ---------------------
  app.get('/sandbox/identity/mpay/userinfo', async (req, reply) => {
    noStore(reply);
    const lang = langFromHeader(req.headers['accept-language']);
    const code = str((req.query as Record<string, unknown>).code);
    const result = code ? await exchange('mpay', code) : null;
    if (!result?.ok)
      return { errcode: '40029', errmsg: message('signInCodeInvalid', lang), data: null };
    const p = result.profile;
    return {
      errcode: '0',
      errmsg: 'success',
      data: {
        openid: p.openid,
        nickname: p.nickname,
        headimgurl: p.headimgurl,
        phone: p.phone,
        accessToken: result.accessToken,
        expiresIn: TOKEN_TTL_SECONDS,
      },
    };
  });

  app.get('/sandbox/identity/alipay/userinfo', async (req, reply) => {
    noStore(reply);
    const lang = langFromHeader(req.headers['accept-language']);
    const code = str((req.query as Record<string, unknown>).code);
    const result = code ? await exchange('alipay', code) : null;
    if (result && !result.ok && result.reason === 'retry')
      return { errcode: '20000', errmsg: message('signInRetry', lang), data: null };
    if (!result?.ok)
      return { errcode: '40029', errmsg: message('signInCodeInvalid', lang), data: null };
    const p = result.profile;
    return {
      errcode: '0',
      errmsg: 'Success',
      data: {
        openid: p.openid,
        nickname: p.nickname,
        headimgurl: p.headimgurl,
        accessToken: result.accessToken,
        expiresIn: TOKEN_TTL_SECONDS,
      },
    };
  });

  // Codes as a host app hands them over -----------------------------------------------
  app.post('/sandbox/identity/:provider/code', async (req, reply) => {
    noStore(reply);
    const { provider } = req.params as { provider: string };
    if (!isIdentityProvider(provider))
      return reply
        .code(404)
        .send({ error: `no sandbox identity provider ${provider.slice(0, 20)}` });
    const parsed = codeBody.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply
        .code(400)
        .send({ error: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` });
    }
    const b = parsed.data;
    const subject = b.openid ?? DEMO_IDENTITY_USERS[provider][b.user ?? 'member'].openid;
    const code = await db.transaction((tx) =>
      issueSandboxCode(
        tx,
        { provider, subject, appId: b.appid, state: b.state, scope: b.scope, failFirst: b.flaky },
        clock.now(),
      ),
    );
    return { code, expiresIn: CODE_TTL_MS / 1000 };
  });

  app.get('/sandbox/identity/foodapp/bridge.js', async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(BRIDGE_JS),
  );

  app.get('/sandbox/identity/:provider/avatar/:file', async (req, reply) => {
    const { provider, file } = req.params as { provider: string; file: string };
    const m = /^([A-Za-z0-9_-]{1,64})\.png$/.exec(file);
    if (!isIdentityProvider(provider) || !m)
      return reply.code(404).send({ error: 'no such avatar' });
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=86400')
      .send(sandboxAvatarPng(m[1]!));
  });

  // The SMS outbox ------------------------------------------------------------------
  app.get('/sandbox/sms', async (req, reply) => {
    noStore(reply);
    const phone = str((req.query as Record<string, unknown>).phone)
      .trim()
      .replace(/^\+/, '');
    if (!/^\d{1,4}-\d{5,15}$/.test(phone))
      return reply.code(400).send({ error: 'phone must be area-number, e.g. 853-66123456' });
    return readSandboxOutbox(db, phone);
  });
}

const BRIDGE_TAG = '<script src="/sandbox/identity/foodapp/bridge.js"></script>';

/**
 * The food-app host object in the sandbox: serves the built app's page with
 * the bridge script when the request says it is the food app (see above).
 * A root-level onRequest hook, so it runs before the static files' route.
 */
export function registerFoodAppBridge(
  app: FastifyInstance,
  config: Pick<Config, 'sandbox' | 'staticDir' | 'secureCookies'>,
): void {
  if (!config.sandbox || !config.staticDir) return;
  const indexFile = join(config.staticDir, 'index.html');
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET') return;
    const path = req.url.split('?')[0];
    if (path !== '/' && path !== '/index.html') return;
    const host = (req.query as Record<string, unknown> | undefined)?.host;
    const cookies =
      (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies ?? {};
    let foodApp = /\bmFood\b/i.test(String(req.headers['user-agent'] ?? ''));
    if (typeof host === 'string') {
      if (host === 'foodapp') {
        reply.setCookie('sandbox_host', 'foodapp', {
          path: '/',
          sameSite: 'lax',
          secure: config.secureCookies,
        });
        foodApp = true;
      } else {
        reply.clearCookie('sandbox_host', { path: '/' });
      }
    } else if (cookies.sandbox_host === 'foodapp') {
      foodApp = true;
    }
    // The page also goes out as its brotli, gzip or plain copy (the static files' Vary).
    reply.header('Vary', 'Cookie, User-Agent, Accept-Encoding');
    if (!foodApp || !existsSync(indexFile)) return;
    const html = readFileSync(indexFile, 'utf8');
    const injected = /<head[^>]*>/i.test(html)
      ? html.replace(/<head[^>]*>/i, (tag) => `${tag}${BRIDGE_TAG}`)
      : `${BRIDGE_TAG}${html}`;
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    return reply.send(injected);
  });
}
