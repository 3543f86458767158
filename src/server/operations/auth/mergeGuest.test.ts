/**
 * Issue 23 item 1: a guest who signs in becomes the member, through the real
 * HTTP gateway. A guest places and pays a pickup order at the pay-before
 * outlet (sandbox provider), then in the same browser (the same cookie jar):
 * registers a new phone by SMS code, signs in with an existing member's
 * phone, registers through a host provider, or signs in by a provider's
 * openid. The order list lists the guest's orders, their pages load, a
 * retry of the guest's submit answers the same order, and a payment still
 * pending is credited to the member's order. Nothing of a ledger moves.
 */
import { DEMO } from '../../db/seed';
import { SESSION_COOKIE } from '../../http/session';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { decideOnPage, ok, pollPayment, rows, startSandboxPayment } from '../../test/fixtures';
import { demoIds, dineInHeader, guestClient, line, pickupHeader, submit } from '../../test/orders';
import { accessToken, lastCode, sandboxCode } from '../../test/signIn';

jest.setTimeout(90_000);

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ rateLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 } });
});
afterAll(() => h.close());

const BBQ = demoIds.goods('0101');

/** The guest's pickup order at the pay-before outlet, paid on the sandbox provider's page. */
async function paidPickup(guest: GatewayClient) {
  const header = pickupHeader({ TotalAmo: 49 });
  const placed = ok(await submit(guest, header, [line(BBQ, 48)]))[0]!;
  const sheetId = String(placed.SheetID);
  const { payId, payUrl } = await startSandboxPayment(guest, sheetId, 49);
  expect((await decideOnPage(h, payUrl, 'confirm')).status).toBe(303);
  expect(ok(await pollPayment(guest, sheetId, payId))[0]).toMatchObject({ Status: 'paid' });
  return { sheetId, header };
}

const listed = async (client: GatewayClient) =>
  rows(await client.call('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ PageIndex: 1, PageSize: 50 }])).map((s) => String(s.SheetID));
const detail = async (client: GatewayClient, sheetId: string) => ok(await client.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]))[0]!;
const guestRow = async (vipId: string) =>
  (await h.db.query<{ merged_into: string | null }>('SELECT merged_into FROM vip WHERE vip_id = $1', [vipId]))[0]!;
const ledgers = async (vipId: string) =>
  (await h.db.query<{ balance: string; score: string; items: number }>(
    `SELECT balance::text AS balance, score::text AS score,
            ((SELECT count(*) FROM vip_account_item WHERE vip_id = $1) + (SELECT count(*) FROM vip_score_item WHERE vip_id = $1))::int AS items
       FROM vip WHERE vip_id = $1`,
    [vipId],
  ))[0]!;

async function smsCode(client: GatewayClient, phone: string) {
  ok(await client.call('Phone_VerificationGet_V2_Add', [{ EntID: DEMO.entId, Phone: phone, AreaNo: '853' }]));
  return lastCode(h, `853-${phone}`);
}

/** The member's orders and pages after a sign-in, and the guest's old session refused. */
async function expectMerged(client: GatewayClient, guestCookie: string, guestVipId: string, memberVipId: string, sheetIds: string[]) {
  expect(client.cookie).not.toBe(guestCookie);
  const list = await listed(client);
  for (const sheetId of sheetIds) {
    expect(list).toContain(sheetId);
    expect(await detail(client, sheetId)).toMatchObject({ SheetID: sheetId, Mine: 1, VipID: memberVipId });
  }
  expect(await guestRow(guestVipId)).toEqual({ merged_into: memberVipId });
  const [moved] = await h.db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM sheet WHERE vip_id = $1) + (SELECT count(*) FROM sheet_round WHERE vip_id = $1)
            + (SELECT count(*) FROM payment WHERE vip_id = $1))::int AS n`,
    [guestVipId],
  );
  expect(moved!.n).toBe(0);
  // The guest's session has ended: its cookie is no one now.
  const old = new GatewayClient(h.url);
  old.cookie = guestCookie;
  expect((await old.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetIds[0] }])).errcode).not.toBe('0');
}

describe('a guest who signs in becomes the member (issue 23 item 1)', () => {
  test('a new phone, registered by SMS code: the paid pickup order is listed and loads; a retry of its submit answers the same order', async () => {
    const guest = await guestClient(h);
    const { sheetId, header } = await paidPickup(guest);
    // A second order, unpaid, whose payment is still pending on the provider's page.
    const pending = String(ok(await submit(guest, pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]))[0]!.SheetID);
    const { payId, payUrl } = await startSandboxPayment(guest, pending, 49);
    const guestCookie = guest.cookie;

    const code = await smsCode(guest, '66990001');
    const res = await guest.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 1, Phone: '66990001', AreaNo: '853', Code: code }]);
    const [member] = ok(res);
    expect(member).toMatchObject({ IsGuest: 0, Phone: '66990001' });
    const memberVipId = String(member!.VipID);

    await expectMerged(guest, guestCookie, guest.vipId, memberVipId, [sheetId, pending]);
    expect(await detail(guest, sheetId)).toMatchObject({ DisplayState: expect.not.stringMatching(/unpaid/) });
    // The same order sent again (a retry from the same page) is the same order, not a second one.
    const again = ok(await submit(guest, header, [line(BBQ, 48)]))[0]!;
    expect(again.SheetID).toBe(sheetId);
    // The pending payment, confirmed after the sign-in: the member's order is paid, and the member may follow it.
    await decideOnPage(h, payUrl, 'confirm');
    expect(ok(await pollPayment(guest, pending, payId))[0]).toMatchObject({ Status: 'paid' });
    // A guest has no ledger to bring: no points for the order paid as a guest; the one paid as the member earns its 4 (1 a MOP$10).
    expect(await ledgers(memberVipId)).toEqual({ balance: '0.0000', score: '4.0000', items: 1 });
  });

  test("an existing member's phone by SMS code: the guest's order and table round join the member's own orders; the member's ledgers are untouched", async () => {
    const chan = DEMO.members.chan;
    const before = await ledgers(chan.vipId);
    const chanOrders = await h.db.query<{ sheet_id: string }>('SELECT sheet_id FROM sheet WHERE vip_id = $1', [chan.vipId]);
    const guest = await guestClient(h, 'zh-TW');
    const { sheetId } = await paidPickup(guest);
    // A round on a pay-after table's sheet.
    const round = ok(await submit(guest, dineInHeader(DEMO.bases.dineIn, demoIds.table(DEMO.bases.dineIn, 7), { TotalAmo: 48 }), [line(BBQ, 48)]))[0]!;
    const guestCookie = guest.cookie;

    const code = await smsCode(guest, chan.phone);
    const [member] = ok(await guest.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 1, Phone: chan.phone, AreaNo: '853', Code: code }]));
    expect(member!.VipID).toBe(chan.vipId);

    await expectMerged(guest, guestCookie, guest.vipId, chan.vipId, [sheetId, String(round.SheetID)]);
    const list = await listed(guest);
    for (const { sheet_id } of chanOrders.slice(0, 5)) expect(list).toContain(sheet_id);
    expect(await ledgers(chan.vipId)).toEqual(before);
  });

  test('a provider path: registering a new openid, and signing in by an openid linked to a member', async () => {
    // Registration through the chat app's provider (RegisterType 2).
    const guest = await guestClient(h);
    const { sheetId } = await paidPickup(guest);
    const guestCookie = guest.cookie;
    const token = await accessToken(guest, await sandboxCode(h, 'chat', { openid: 'oMERGE0001' }));
    const [member] = ok(
      await guest.call('EntVip_EntVipRegisterSubmit_V2_Add', [
        { EntID: DEMO.entId, RegisterType: 2, OpenID: token.openid, MinaID: '', AccessToken: token.accessToken, VipName: 'Merged', Sex: 0 },
      ]),
    );
    await expectMerged(guest, guestCookie, guest.vipId, String(member!.VipID), [sheetId]);

    // Sign-in by openid (EntVip_EntVipLoginGet_V1_Get): the chat app's member, Chan Tai Man.
    const second = await guestClient(h);
    const paid = await paidPickup(second);
    const secondCookie = second.cookie;
    const chanToken = await accessToken(second, await sandboxCode(h, 'chat', { user: 'member' }));
    const [chan] = ok(
      await second.call('EntVip_EntVipLoginGet_V1_Get', [{ EntID: DEMO.entId, OpenID: chanToken.openid, MinaID: '', LoginType: 0, AccessToken: chanToken.accessToken }]),
    );
    expect(chan!.VipID).toBe(DEMO.members.chan.vipId);
    await expectMerged(second, secondCookie, second.vipId, DEMO.members.chan.vipId, [paid.sheetId]);
  });

  test('nothing moves without a guest of the same enterprise: a member signing in as another member, a fresh browser', async () => {
    const member = await guestClient(h);
    const [first] = ok(
      await member.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 1, Phone: '66990003', AreaNo: '853', Code: await smsCode(member, '66990003') }]),
    );
    const own = String(ok(await submit(member, pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48)]))[0]!.SheetID);
    // The same browser signs in as another member: the first member's order stays the first member's.
    const [second] = ok(
      await member.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 1, Phone: '66990004', AreaNo: '853', Code: await smsCode(member, '66990004') }]),
    );
    expect(second!.VipID).not.toBe(first!.VipID);
    const [sheet] = await h.db.query<{ vip_id: string }>('SELECT vip_id FROM sheet WHERE sheet_id = $1', [own]);
    expect(sheet!.vip_id).toBe(first!.VipID);
    expect(await listed(member)).not.toContain(own);

    // A browser with no session at all registers: nothing to merge, a session of its own.
    const fresh = new GatewayClient(h.url);
    ok(await fresh.call('EntVip_EntVipRegisterSubmit_V2_Add', [{ EntID: DEMO.entId, RegisterType: 1, Phone: '66990005', AreaNo: '853', Code: await smsCode(fresh, '66990005') }]));
    expect(fresh.cookie).toContain(`${SESSION_COOKIE}=`);
    expect(await listed(fresh)).toEqual([]);
  });
});
