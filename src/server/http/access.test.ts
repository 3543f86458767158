/**
 * Walks the access-rule table of README.md ("Access rules") with two members,
 * a guest and no session, through the real HTTP gateway: every operation of
 * the catalogue is in the table, the table's "who may call" is the
 * catalogue's role, and the service enforces it (42000 without the session
 * asked for, 40300 for a guest calling a member's operation, neither for a
 * caller who may). Then what a caller sees of another's data: member B asks
 * for member A's order, address, coupon, payment and profile and is answered
 * as if they did not exist (or with B's own).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, type OperationName, type Role } from '../../shared/protocol/catalogue';
import { ErrorCode } from '../../shared/protocol/envelope';
import { DEMO } from '../db/seed';
import { line, newMember, pickupHeader, submit } from '../test/orders';
import { GatewayClient, startHarness, type Harness } from '../test/harness';
import { payloadFor } from '../test/payloads';

const README = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
const section = README.slice(README.indexOf('## Access rules'), README.indexOf('## Staff API'));
const table = new Map(
  [...section.matchAll(/^\| `(\w+)` \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => [m[1]!, { who: m[2]!.trim(), others: m[3]!.trim() }]),
);
const WHO: Record<string, Role> = { anyone: 'anyone', 'a session': 'session', 'a member': 'member' };

let h: Harness;
let callers: Record<'none' | 'guest', GatewayClient> & Record<'memberA' | 'memberB', GatewayClient & { vipId: string }>;

beforeAll(async () => {
  h = await startHarness({
    rateLimits: { memberPerMinute: 100_000, ipPerMinute: 100_000 },
    anonymousWriteLimits: { ipPerMinute: 100_000, globalPerMinute: 100_000, networkPerMinute: 100_000, failedIpPerMinute: 100_000, failedNetworkPerMinute: 100_000, slowMs: 0 },
  });
  const guest = new GatewayClient(h.url);
  expect((await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }])).errcode).toBe('0');
  callers = { none: new GatewayClient(h.url), guest, memberA: await newMember(h), memberB: await newMember(h) };
}, 60_000);
afterAll(() => h.close());

test('the table names every operation of the catalogue, once, with the catalogue\'s role', () => {
  const ops = Object.keys(catalogue) as OperationName[];
  expect([...table.keys()].sort()).toEqual([...ops].sort());
  for (const op of ops) expect([op, WHO[table.get(op)!.who]]).toEqual([op, catalogue[op].role]);
});

/** Calls as the caller, keeping its session whatever the operation does (a sign-in would replace it). */
async function callAs(who: keyof typeof callers, op: OperationName) {
  const client = callers[who];
  const cookie = client.cookie;
  const { rows, extra } = payloadFor(op);
  const res = await client.call(op, rows, extra);
  client.cookie = cookie;
  // Sign-out ends the session for good: the caller signs in again (a new guest, a new member).
  if (op === 'EntVip_EntVipLogout_Add' && who !== 'none') {
    if (who === 'guest') {
      const guest = new GatewayClient(h.url);
      expect((await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }])).errcode).toBe('0');
      callers.guest = guest;
    } else callers[who] = await newMember(h);
  }
  return res;
}

describe.each((Object.keys(catalogue) as OperationName[]).map((op) => [op]))('%s', (op) => {
  test('who may call it is who the table says', async () => {
    const role = WHO[table.get(op)?.who ?? ''];
    const answers = {
      none: (await callAs('none', op)).errcode,
      guest: (await callAs("guest", op)).errcode,
      member: (await callAs('memberA', op)).errcode,
    };
    // The payload passes the schema: the answer is about the caller, not the shape.
    expect([op, answers.member]).not.toEqual([op, ErrorCode.badRequest]);
    const refusedAs = (code: string) => code === ErrorCode.sessionRequired || code === ErrorCode.forbidden;
    if (role === 'anyone') expect([op, refusedAs(answers.none), refusedAs(answers.guest), refusedAs(answers.member)]).toEqual([op, false, false, false]);
    if (role === 'session') expect([op, answers.none, refusedAs(answers.guest), refusedAs(answers.member)]).toEqual([op, ErrorCode.sessionRequired, false, false]);
    if (role === 'member') expect([op, answers.none, answers.guest, refusedAs(answers.member)]).toEqual([op, ErrorCode.sessionRequired, ErrorCode.forbidden, false]);
  });
});

test("another member's order, address, coupon, payment and profile: as if they did not exist", async () => {
  const { memberA: a, memberB: b } = callers;
  const unknown = await b.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: 'no-such-sheet' }]);
  const placed = await submit(a, pickupHeader({ Remark: 'A private note', TotalAmo: 49 }), [line(DEMO.goods.bbqPorkRice, 48)]);
  expect(placed.errcode).toBe('0');
  const sheetId = String(placed.data.table1![0]!.SheetID);
  for (const op of [
    'PosSalSheet_PosSalSheetDetailGet_V2_Get',
    'PosSalSheet_CYSettleSheetMergeDetailGet_V6_Get',
    'ExpressDtbSheet_ExpressDtbSheetDetailGet_Get',
    'PosSalSheet_PosSalSheetCloseSubmit_V5_Add',
    'PosSalSheet_PosSalSheetIsPayLaterSubmit_V2_Update',
    'Finance_PaySubmit_V2_Update',
  ] as const) {
    const res = await b.call(op, [{ SheetID: sheetId }]);
    expect([op, res.errmsg]).toEqual([op, unknown.errmsg]);
  }
  const pay = await b.call('Finance_PosPaySubmit_V5_Add', [{ SheetID: sheetId, PayType: 'sandbox', TotalAmo: 49 }]);
  expect(pay.errmsg).toBe(unknown.errmsg);
  const receipt = await b.call('PosSalSheet_ReceiptMailSubmit_Add', [{ SheetID: sheetId, Email: 'b@example.com' }]);
  expect(receipt.errmsg).toBe(unknown.errmsg);
  const list = await b.call('PosSalSheet_PosSalSheetListByPage_V4_Get', [{ PageIndex: 1, PageSize: 50 }]);
  expect(list.data.table1!.map((s) => s.SheetID)).not.toContain(sheetId);

  const address = await a.call('VipAddress_VipAddressSubmit_Add', [
    { CustName: 'A', CustPhone: '66999002', AreaNo: '853', Province: '澳門', City: '澳門半島', District: '大堂區', MainAddress: '新馬路 1 號', HouseNumber: '1樓' },
  ]);
  expect(address.errcode).toBe('0');
  const addressId = String(address.data.table1![0]!.AddressID);
  for (const op of ['VipAddress_VipAddressDetailGet_Get', 'VipAddress_VipAddressSubmit_Delete'] as const) {
    const res = await b.call(op, [{ AddressID: addressId }]);
    expect([op, res.errcode]).toEqual([op, ErrorCode.business]);
  }
  expect((await a.call('VipAddress_VipAddressDetailGet_Get', [{ AddressID: addressId }])).errcode).toBe('0');

  // Favourites are each member's own: B neither sees A's nor removes them.
  expect((await a.call('VipFavorite_VipFavoriteGoodsSubmit_Update', [{ GoodsID: DEMO.goods.bbqPorkRice, IsFavorite: 1 }])).errcode).toBe('0');
  const favouritesOf = async (who: GatewayClient) =>
    (await who.call('VipFavorite_VipFavoriteGoodsListGet_Get', [{ ShopID: DEMO.shops.main }])).data.table1!.map((r) => r.GoodsID);
  expect(await favouritesOf(b)).not.toContain(DEMO.goods.bbqPorkRice);
  expect((await b.call('VipFavorite_VipFavoriteGoodsSubmit_Update', [{ GoodsID: DEMO.goods.bbqPorkRice, IsFavorite: 0 }])).errcode).toBe('0');
  expect(await favouritesOf(a)).toContain(DEMO.goods.bbqPorkRice);

  const claimed = await a.call('EntCard_ProvideVipCard_Add', [{ PlanID: DEMO.cardPlans.voucher50 }]);
  expect([claimed.errcode, claimed.errmsg]).toEqual(['0', '']);
  const cardId = String(claimed.data.table1![0]!.CardID);
  const card = await b.call('EntCard_CardDetailGet_V1_Get', [{ CardID: cardId }]);
  expect(card.errcode).toBe(ErrorCode.business);

  const profile = await b.call('EntVip_EntVipDetailGet_V1_Get', [{ VipID: a.vipId }]);
  expect(profile.data.table1![0]!.VipID).toBe(b.vipId);
});
