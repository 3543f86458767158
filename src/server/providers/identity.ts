/**
 * Identity providers: the hosts that know who the customer is (SPEC sections
 * 1, 7 and 8). Each hands the app a one-time code; the service exchanges the
 * code server-side (with the app secret a real provider requires, which the
 * app never sees) for the user's profile, and then mints its own short-lived
 * access token bound to that openid (operations/auth/tokens.ts).
 *
 * | provider  | host                               | how the app gets a code                        |
 * |-----------|------------------------------------|------------------------------------------------|
 * | `chat`    | the chat app (WeChat-like OAuth)   | redirect to the authorize page -> `?code&state` |
 * | `mpay`    | the Macau payment app              | its JS bridge's auth code                      |
 * | `alipay`  | Alipay                             | its JS bridge's auth code                      |
 * | `foodapp` | the food-app host                  | `window.mFoodJSBridge.getAccessToken()`        |
 *
 * This module is the sandbox implementation of all four (config.sandbox): the
 * providers' own state (codes) lives in the `identity_code` table so any
 * instance of the service can answer, and their users are the demo users
 * below. A production deployment replaces `identityProvider()` with real
 * clients; with the sandbox off and none configured, host sign-in is refused.
 *
 * Codes: 32 random bytes (base64url), stored as their SHA-256, valid for 5
 * minutes, usable once. A chat code is bound to the app id and the `state` of
 * its authorize request. Alipay codes issued with `flaky: N` answer "try again"
 * (errcode 20000) the first N times they are exchanged, for the app's bounded
 * retry.
 */
import { createHash, randomBytes } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import type { Queryable } from '../db/driver';

export const IDENTITY_PROVIDERS = ['chat', 'mpay', 'alipay', 'foodapp'] as const;
export type IdentityProviderId = (typeof IDENTITY_PROVIDERS)[number];

export function isIdentityProvider(value: unknown): value is IdentityProviderId {
  return typeof value === 'string' && (IDENTITY_PROVIDERS as readonly string[]).includes(value);
}

/** What a provider tells the service about its user. */
export interface IdentityProfile {
  openid: string;
  unionid: string;
  nickname: string;
  /** An avatar URL ('' when none). */
  headimgurl: string;
  /** The provider's value: 0 unknown, 1 male, 2 female. */
  sex: 0 | 1 | 2;
  /** 'area-number', e.g. '853-66123456'; '' when the provider shares none. */
  phone: string;
}

export type ExchangeOutcome =
  | { ok: true; profile: IdentityProfile }
  /** The code is unknown, used, expired, or bound to another app id or state. */
  | { ok: false; reason: 'invalid' }
  /** A temporary failure: the same code may be tried again. */
  | { ok: false; reason: 'retry' };

export interface IdentityProvider {
  readonly id: IdentityProviderId;
  /** Exchanges a one-time code for the user's profile, in the caller's transaction. */
  exchangeCode(q: Queryable, code: string, now: Date, check?: { appId?: string; state?: string }): Promise<ExchangeOutcome>;
}

export const CODE_TTL_MS = 5 * 60_000;
/** The demo user a sandbox code is issued for. */
export type DemoUserKind = 'member' | 'new';

interface DemoUser {
  openid: string;
  unionid: string;
  nickname: string;
  sex: 0 | 1 | 2;
  phone: string;
}

/**
 * Two demo users per provider: 'member' is linked to the demo member Chan Tai
 * Man (VIP0000000001) by the seed (vip_open_id), so signing in with it is
 * silent; 'new' is nobody's yet, so the app registers it.
 */
export const DEMO_IDENTITY_USERS: Record<IdentityProviderId, Record<DemoUserKind, DemoUser>> = {
  chat: {
    member: { openid: 'oChatSandbox0000000000Member1', unionid: 'uSandboxUnion00000000Member1', nickname: '陈大文', sex: 1, phone: '' },
    new: { openid: 'oChatSandbox0000000000NewUser', unionid: 'uSandboxUnion00000000NewUser', nickname: 'NewDiner', sex: 2, phone: '' },
  },
  mpay: {
    member: { openid: 'mpay-sandbox-member-0001', unionid: '', nickname: '陳大文', sex: 0, phone: '853-66123456' },
    new: { openid: 'mpay-sandbox-new-0001', unionid: '', nickname: 'MPay用戶', sex: 0, phone: '853-66990001' },
  },
  alipay: {
    member: { openid: '2088000000000001', unionid: '', nickname: '陳大文', sex: 1, phone: '' },
    new: { openid: '2088000000009999', unionid: '', nickname: 'Alipay用戶', sex: 2, phone: '' },
  },
  foodapp: {
    member: { openid: 'mfood-sandbox-member-0001', unionid: '', nickname: '陳大文', sex: 1, phone: '853-66123456' },
    new: { openid: 'mfood-sandbox-new-0001', unionid: '', nickname: 'mFood用戶', sex: 0, phone: '853-66990002' },
  },
};

/** A custom sandbox openid (tests): letters, digits, '-', '_'. */
export const CUSTOM_OPENID = /^[A-Za-z0-9_-]{4,64}$/;

/** The path of a sandbox avatar; `avatarPath` builds it, `parseAvatarPath` reads it back. */
const AVATAR_PATH = /^\/sandbox\/identity\/(chat|mpay|alipay|foodapp)\/avatar\/([A-Za-z0-9_-]{1,64})\.png$/;

export function avatarPath(provider: IdentityProviderId, openid: string): string {
  return `/sandbox/identity/${provider}/avatar/${openid}.png`;
}

/** The provider and avatar name of a sandbox avatar URL (absolute or a path), or null. */
export function parseAvatarUrl(url: string): { provider: IdentityProviderId; name: string } | null {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  const m = AVATAR_PATH.exec(path);
  return m ? { provider: m[1] as IdentityProviderId, name: m[2]! } : null;
}

/** The profile of a sandbox user: a demo user, or a custom openid shaped like the 'new' one. */
export function sandboxProfile(provider: IdentityProviderId, subject: string, scope = ''): IdentityProfile {
  const users = DEMO_IDENTITY_USERS[provider];
  const demo = Object.values(users).find((u) => u.openid === subject);
  const user: DemoUser = demo ?? {
    openid: subject,
    unionid: provider === 'chat' ? `u${subject}` : '',
    nickname: `Diner${subject.replace(/[^A-Za-z0-9]/g, '').slice(-4)}`,
    sex: 0,
    phone: '',
  };
  // The chat app's silent scope gives the openid only.
  if (provider === 'chat' && scope === 'snsapi_base') {
    return { openid: user.openid, unionid: user.unionid, nickname: '', headimgurl: '', sex: 0, phone: '' };
  }
  return {
    openid: user.openid,
    unionid: user.unionid,
    nickname: user.nickname,
    headimgurl: avatarPath(provider, user.openid),
    sex: user.sex,
    phone: user.phone,
  };
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface IssueCodeRequest {
  provider: IdentityProviderId;
  subject: string;
  appId?: string;
  state?: string;
  scope?: string;
  /** Sandbox Alipay: answer "try again" this many times first. */
  failFirst?: number;
}

/** Issues a sandbox one-time code (the provider's side of a consent). */
export async function issueSandboxCode(q: Queryable, req: IssueCodeRequest, now: Date): Promise<string> {
  const code = (req.failFirst ? `flaky-${req.failFirst}-` : '') + randomBytes(32).toString('base64url');
  // Spent and expired codes go after a day.
  await q.query('DELETE FROM identity_code WHERE expires_at < $1', [new Date(now.getTime() - 86_400_000)]);
  await q.query(
    `INSERT INTO identity_code (code, provider, subject, app_id, state, scope, fail_first, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [sha256(code), req.provider, req.subject, req.appId ?? '', req.state ?? '', req.scope ?? '', req.failFirst ?? 0, now, new Date(now.getTime() + CODE_TTL_MS)],
  );
  return code;
}

function sandboxProvider(id: IdentityProviderId): IdentityProvider {
  return {
    id,
    async exchangeCode(q, code, now, check = {}) {
      if (!code || code.length > 200) return { ok: false, reason: 'invalid' };
      const hash = sha256(code);
      const live = 'code = $1 AND provider = $2 AND used_at IS NULL AND expires_at > $3';
      // A flaky code's early tries fail without spending it.
      const [flaky] = await q.query(
        `UPDATE identity_code SET failures = failures + 1 WHERE ${live} AND failures < fail_first RETURNING failures`,
        [hash, id, now],
      );
      if (flaky) return { ok: false, reason: 'retry' };
      // Spend it: one UPDATE, so of two concurrent exchanges only one wins.
      const [row] = await q.query<{ subject: string; scope: string }>(
        `UPDATE identity_code SET used_at = $3
          WHERE ${live}
            AND ($4::text IS NULL OR app_id = $4)
            AND ($5::text IS NULL OR state = $5)
        RETURNING subject, scope`,
        [hash, id, now, check.appId ?? null, check.state ?? null],
      );
      if (!row) return { ok: false, reason: 'invalid' };
      return { ok: true, profile: sandboxProfile(id, row.subject, row.scope) };
    },
  };
}

const SANDBOX_PROVIDERS: Record<IdentityProviderId, IdentityProvider> = {
  chat: sandboxProvider('chat'),
  mpay: sandboxProvider('mpay'),
  alipay: sandboxProvider('alipay'),
  foodapp: sandboxProvider('foodapp'),
};

/** The provider for this configuration; null when this sign-in is not available. */
export function identityProvider(config: { sandbox: boolean }, id: IdentityProviderId): IdentityProvider | null {
  return config.sandbox ? SANDBOX_PROVIDERS[id] : null;
}

// Sandbox avatars -----------------------------------------------------------------

/**
 * A sandbox user's avatar: a 96x96 PNG, a 5x5 symmetric pattern in a colour
 * derived from the name (an identicon), made here, so no network is needed.
 */
export function sandboxAvatarPng(name: string): Buffer {
  const digest = createHash('sha256').update(name).digest();
  const fg = [digest[0]! % 160 + 40, digest[1]! % 160 + 40, digest[2]! % 160 + 40];
  const bg = [244, 244, 244];
  const size = 96;
  const cell = 16; // 5 cells of 16 px with an 8 px margin
  const on = (cx: number, cy: number) => {
    const col = cx < 3 ? cx : 4 - cx;
    return (digest[3 + cy * 3 + col]! & 1) === 1;
  };
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const rowStart = y * (size * 3 + 1);
    raw[rowStart] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const cx = Math.floor((x - 8) / cell);
      const cy = Math.floor((y - 8) / cell);
      const inside = x >= 8 && y >= 8 && cx < 5 && cy < 5;
      const colour = inside && on(cx, cy) ? fg : bg;
      raw.set(colour, rowStart + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
