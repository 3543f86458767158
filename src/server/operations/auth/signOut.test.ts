/**
 * Issue 22 item 11: sign-out ends the session at once (its row deleted, the
 * cookie cleared), for a member and a guest; without a session there is
 * nothing to end. Expired sessions and idle guests are pruned in the
 * background, in bounded batches. Through the real HTTP service.
 */
import { catalogue } from '../../../shared/protocol/catalogue';
import { DEFAULT_AUTHORIZATION_CODE, encodeForm, ErrorCode } from '../../../shared/protocol/envelope';
import { DEMO } from '../../db/seed';
import { pruneSessions } from '../../http/sessionPruning';
import { GatewayClient, startHarness, type Harness } from '../../test/harness';
import { guestClient, line, pickupHeader, submit } from '../../test/orders';
import { signedInAsChan } from '../../test/signIn';

jest.setTimeout(120_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SIGN_OUT = 'EntVip_EntVipLogout_Add';
const signOut = (client: GatewayClient) =>
  client.raw(
    encodeForm({
      HBBWSType: String(catalogue[SIGN_OUT].service),
      strKeyName: SIGN_OUT,
      strJsonData: JSON.stringify({ tableData: [{ EntID: DEMO.entId, UserID: DEMO.userId }] }),
      strAuthorizationCode: DEFAULT_AUTHORIZATION_CODE,
      IsRSA: '0',
    }),
  );
const sessions = async (vipId: string) => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM session WHERE vip_id = $1', [vipId]))[0]!.n);
const whoAmI = async (client: GatewayClient) => (await client.call('EntVip_EntVipDetailGet_V1_Get', [{}])).errcode;

test('a member signs out: the session row is deleted and the cookie cleared; the old cookie names nothing any more; other sessions stay', async () => {
  const phone = await signedInAsChan(h);
  const tablet = await signedInAsChan(h);
  const before = await sessions(DEMO.vips.chan);
  const stolen = phone.cookie;
  expect(await whoAmI(phone)).toBe('0');

  const res = await signOut(phone);
  expect([res.json.errcode, res.json.data.table1]).toEqual(['0', [{ SignedOut: 1 }]]);
  const cleared = res.headers.getSetCookie().find((c) => c.startsWith('hbb_sid='));
  expect(cleared).toMatch(/^hbb_sid=;/);
  expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  expect(cleared).toMatch(/HttpOnly/i);
  expect(phone.cookie).not.toContain(stolen.match(/hbb_sid=[^;]+/)![0]);
  expect(await sessions(DEMO.vips.chan)).toBe(before - 1);

  // The old cookie, sent again (a copy kept elsewhere), is no session.
  const replay = new GatewayClient(h.url);
  replay.cookie = stolen;
  expect(await whoAmI(replay)).toBe(ErrorCode.sessionRequired);
  expect((await signOut(replay)).json.data.table1).toEqual([{ SignedOut: 0 }]);
  // The member's other session (another phone) is not touched.
  expect(await whoAmI(tablet)).toBe('0');
});

test('a guest signs out; with no session there is nothing to end', async () => {
  const guest = await guestClient(h);
  expect(await sessions(guest.vipId)).toBe(1);
  expect((await signOut(guest)).json.data.table1).toEqual([{ SignedOut: 1 }]);
  expect(await sessions(guest.vipId)).toBe(0);
  expect(await whoAmI(guest)).toBe(ErrorCode.sessionRequired);
  const nobody = new GatewayClient(h.url);
  const res = await signOut(nobody);
  expect([res.json.errcode, res.json.data.table1]).toEqual(['0', [{ SignedOut: 0 }]]);
});

describe('pruning', () => {
  const day = 86_400_000;
  const guestAt = async (vipId: string, created: Date, sessionExpires: Date | null) => {
    await h.db.query(`INSERT INTO vip (vip_id, ent_id, vip_name, is_guest, vip_code, created_at) VALUES ($1, $2, 'walk-in guest', true, $3, $4)`, [
      vipId,
      DEMO.entId,
      vipId.slice(3),
      created,
    ]);
    if (sessionExpires) {
      await h.db.query(`INSERT INTO session (session_id, ent_id, vip_id, role, created_at, expires_at) VALUES ($1, $2, $3, 'guest', $4, $5)`, [
        `sid-${vipId}`,
        DEMO.entId,
        vipId,
        created,
        sessionExpires,
      ]);
    }
  };
  const exists = async (vipId: string) => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vip WHERE vip_id = $1', [vipId]))[0]!.n) === 1;

  test('expired sessions and idle guests (nothing of theirs, older than the bound) go, in bounded batches; the rest stay', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 8 * day);
    // Idle: 8 days old, nothing of theirs; one with a live session, one whose session expired, one with none.
    await guestAt('VIPP22IDLE1', old, new Date(now.getTime() + 20 * day));
    await guestAt('VIPP22IDLE2', old, new Date(now.getTime() - day));
    await guestAt('VIPP22IDLE3', old, null);
    // Kept: a guest of yesterday; an old guest who ordered; a member.
    await guestAt('VIPP22FRESH', new Date(now.getTime() - day), new Date(now.getTime() + 29 * day));
    const orderer = await guestClient(h);
    expect((await submit(orderer, pickupHeader({ TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)])).errcode).toBe('0');
    await h.db.query('UPDATE vip SET created_at = $2 WHERE vip_id = $1', [orderer.vipId, old]);
    await h.db.query('UPDATE session SET created_at = $2 WHERE vip_id = $1', [orderer.vipId, old]);
    // Expired sessions of a member: three.
    for (let i = 0; i < 3; i += 1) {
      await h.db.query(`INSERT INTO session (session_id, ent_id, vip_id, role, created_at, expires_at) VALUES ($1, $2, $3, 'member', $4, $5)`, [
        `sid-expired-${i}`,
        DEMO.entId,
        DEMO.vips.lee,
        new Date(now.getTime() - 40 * day),
        new Date(now.getTime() - (10 - i) * day),
      ]);
    }
    const expiredLeft = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM session WHERE expires_at <= $1', [now]))[0]!.n);
    const expiredOfLee = async () =>
      Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM session WHERE expires_at <= $1 AND vip_id = $2', [now, DEMO.vips.lee]))[0]!.n);
    expect(await expiredOfLee()).toBe(3);

    // A batch of 2: two expired sessions (the oldest: Lee's) and two idle guests a run.
    const first = await pruneSessions(h.db, now, { batch: 2, guestIdleDays: 7 });
    expect(first).toEqual({ sessions: 2, guests: 2 });
    expect(await expiredOfLee()).toBe(1);
    let runs = 1;
    while (runs < 10) {
      const next = await pruneSessions(h.db, now, { batch: 2, guestIdleDays: 7 });
      runs += 1;
      if (next.sessions === 0 && next.guests === 0) break;
    }
    expect(await expiredLeft()).toBe(0);
    for (const idle of ['VIPP22IDLE1', 'VIPP22IDLE2', 'VIPP22IDLE3']) expect([idle, await exists(idle)]).toEqual([idle, false]);
    expect(await sessions('VIPP22IDLE1')).toBe(0);
    expect(await exists('VIPP22FRESH')).toBe(true);
    expect(await exists(orderer.vipId)).toBe(true);
    expect(await whoAmI(orderer)).toBe('0');
    expect(await exists(DEMO.vips.lee)).toBe(true);
  });

  test('the service prunes by itself in the background (SESSION_PRUNE_SECONDS)', async () => {
    const pruning = await startHarness({ sessionPruning: { intervalMs: 100, batch: 1000, guestIdleDays: 7 } }, { seed: false });
    try {
      const now = Date.now();
      await pruning.db.query(`INSERT INTO session (session_id, ent_id, vip_id, role, created_at, expires_at) VALUES ('sid-bg', $1, NULL, 'member', $2, $3)`, [
        DEMO.entId,
        new Date(now - 40 * day),
        new Date(now - day),
      ]);
      const left = async () => Number((await pruning.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM session WHERE session_id = 'sid-bg'`))[0]!.n);
      const deadline = Date.now() + 10_000;
      while ((await left()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await left()).toBe(0);
    } finally {
      await pruning.close();
    }
  });
});
