/**
 * The member's profile: always the session's member, whatever VipID the
 * payload names; the name rule, the birthday, and only an uploaded picture
 * issued to this member as the avatar.
 */
import { ErrorCode } from '../../../shared/protocol/envelope';
import { DEMO } from '../../db/seed';
import { sandboxAvatarPng } from '../../providers/identity';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';
import { ok, signedInAsChan, signedInAsNewMember } from '../../test/signIn';

jest.setTimeout(90_000);

let h: Harness;
let chan: GatewayClient;

beforeAll(async () => {
  h = await startHarness();
  chan = await signedInAsChan(h);
});
afterAll(() => h.close());

const lee = () => h.db.query<Record<string, unknown>>('SELECT vip_name, sex, head_img, birthy FROM vip WHERE vip_id = $1', [DEMO.members.lee.vipId]);
const update = (client: GatewayClient, row: Record<string, unknown>) => client.call('EntVip_EntVipSubmit_Update', [{ EntID: DEMO.entId, ...row }]);

async function uploadAvatar(client: GatewayClient): Promise<string> {
  const png = sandboxAvatarPng('profile-test');
  const res = await client.call('File_BatchFileNameGet_Add', [{ ClassID: 'UserHeadImg', FileName: 'a.png', FileSize: png.length, FileType: 'image/png' }]);
  ok(res);
  const t = res.data.table1![0] as Record<string, string>;
  const form = new FormData();
  for (const name of ['key', 'policy', 'OSSAccessKeyId', 'signature', 'success_action_status'] as const) {
    form.append(name, { key: t.FileName, policy: t.Policy, OSSAccessKeyId: t.OSSAccessKeyId, signature: t.Signature, success_action_status: '200' }[name]!);
  }
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  expect((await fetch(`${h.url}${t.UploadUrl}`, { method: 'POST', body: form })).status).toBe(200);
  return t.FileName!;
}

describe('EntVip_EntVipDetailGet_V1_Get', () => {
  test('is the session\'s member, whatever VipID the payload names', async () => {
    const res = await chan.call('EntVip_EntVipDetailGet_V1_Get', [{ EntID: DEMO.entId, VipID: DEMO.members.lee.vipId }]);
    ok(res);
    expect(res.data.table1).toEqual([
      expect.objectContaining({ VipID: DEMO.members.chan.vipId, VipName: 'Chan Tai Man', Balance: '500.0000', Score: '1200.0000', CouponCount: 3, VipCode: '8530000001', IsGuest: 0 }),
    ]);
  });

  test('a guest session gets the guest; no session is asked to sign in', async () => {
    const guest = new GatewayClient(h.url);
    ok(await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]));
    const res = await guest.call('EntVip_EntVipDetailGet_V1_Get', [{ VipID: DEMO.members.chan.vipId }]);
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ IsGuest: 1, VipName: 'Walk-in guest', Balance: '0.0000' });
    expect((await new GatewayClient(h.url).call('EntVip_EntVipDetailGet_V1_Get', [{ VipID: DEMO.members.chan.vipId }])).errcode).toBe(ErrorCode.sessionRequired);
  });
});

describe('the member code (EntVip_EntVipDetailGet_V1_Get)', () => {
  afterEach(() => h.setNow(null));
  const detail = async (client: GatewayClient) => {
    const res = await client.call('EntVip_EntVipDetailGet_V1_Get', [{}]);
    ok(res);
    return res.data.table1![0] as Record<string, unknown>;
  };

  test('a registered member gets <VipCode>-<6 digits>, the same all minute, a new one the next minute', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    h.setNow(new Date(minute + 15_000));
    const first = await detail(chan);
    expect(first.MemberCode).toMatch(/^8530000001-\d{6}$/);
    expect(first.MemberCodeExpiresIn).toBe(45);
    h.setNow(new Date(minute + 59_500));
    const later = await detail(chan);
    expect(later.MemberCode).toBe(first.MemberCode);
    expect(later.MemberCodeExpiresIn).toBe(1);
    h.setNow(new Date(minute + 60_000));
    const next = await detail(chan);
    expect(next.MemberCode).toMatch(/^8530000001-\d{6}$/);
    expect(next.MemberCode).not.toBe(first.MemberCode);
    expect(next.MemberCodeExpiresIn).toBe(60);
    // Another member's code in the same minute is another code.
    const { client } = await signedInAsNewMember(h, 'oMemberCodeTest01');
    expect((await detail(client)).MemberCode).not.toBe(next.MemberCode);
  });

  test('a guest gets no code', async () => {
    const guest = new GatewayClient(h.url);
    ok(await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]));
    const row = await detail(guest);
    expect(row.IsGuest).toBe(1);
    expect(row).not.toHaveProperty('MemberCode');
    expect(row).not.toHaveProperty('MemberCodeExpiresIn');
  });
});

describe('EntVip_EntVipSubmit_Update', () => {
  test('updates the session\'s member only; a payload VipID is ignored', async () => {
    const before = await lee();
    const { client, vipId } = await signedInAsNewMember(h, 'oProfileTest0001');
    const res = await update(client, { VipID: DEMO.members.lee.vipId, VipName: '李（小玲）', Sex: 1, Birthy: '1999-12-31' });
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ VipID: vipId, VipName: '李（小玲）', Sex: 1, Birthy: '1999-12-31' });
    expect(await lee()).toEqual(before);
    // Only the fields sent change; '' clears the birthday.
    const cleared = await update(client, { Birthy: '' });
    expect(cleared.data.table1?.[0]).toMatchObject({ VipName: '李（小玲）', Sex: 1, Birthy: '' });
  });

  test.each(['Tom Tourist', "Tom O'Brien", 'Tom O’Brien', 'Chan Tai Man'])('accepts the name %j (issue 23 item 16: a space or an apostrophe between letters)', async (VipName) => {
    const res = await update(chan, { VipName });
    ok(res);
    expect(res.data.table1?.[0]).toMatchObject({ VipName });
  });

  test.each([
    [{ VipName: 'Chan  Tai Man' }, 'Name contains invalid characters.'],
    [{ VipName: "O'" }, 'Name contains invalid characters.'],
    [{ VipName: 'Tom 2' }, 'Name contains invalid characters.'],
    [{ VipName: 'Tom!' }, 'Name contains invalid characters.'],
    [{ VipName: '  ' }, 'Please enter your name.'],
    [{ Sex: 3 }, 'Please choose a valid gender.'],
    [{ Birthy: '2999-01-01' }, 'Please choose a valid birthday.'],
    [{ Birthy: '1990-13-01' }, 'Please choose a valid birthday.'],
    [{ Birthy: '01/05/1990' }, 'Please choose a valid birthday.'],
    [{ HeadImg: 'goods/g0101.svg' }, 'The picture was not uploaded. Please upload it again.'],
  ])('refuses %j', async (row, text) => {
    const res = await update(chan, row);
    expect(res.errcode).toBe(ErrorCode.business);
    expect(res.errmsg).toBe(text);
  });

  test('the avatar: a name issued to this member, once the file is uploaded', async () => {
    const { client } = await signedInAsNewMember(h, 'oProfileTest0002');
    // Issued but not uploaded yet.
    const pending = await client.call('File_BatchFileNameGet_Add', [{ ClassID: 'UserHeadImg', FileName: 'a.png', FileSize: 10, FileType: 'image/png' }]);
    expect((await update(client, { HeadImg: pending.data.table1?.[0]?.FileName })).errmsg).toBe('The picture was not uploaded. Please upload it again.');
    // Uploaded by another member: not this member's.
    const chansPicture = await uploadAvatar(chan);
    expect((await update(client, { HeadImg: chansPicture })).errmsg).toBe('The picture was not uploaded. Please upload it again.');
    // Its own.
    const mine = await uploadAvatar(client);
    const res = await update(client, { HeadImg: mine });
    ok(res);
    expect(res.data.table1?.[0]?.HeadImg).toBe(mine);
    ok(await update(client, { HeadImg: mine }));
    expect((await update(client, { HeadImg: '' })).data.table1?.[0]?.HeadImg).toBe('');
  });

  test('guests may not', async () => {
    const guest = new GatewayClient(h.url);
    ok(await guest.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]));
    expect((await update(guest, { VipName: 'x' })).errcode).toBe(ErrorCode.forbidden);
    expect((await guest.call('File_BatchFileNameGet_Add', [{ FileName: 'a.png', FileSize: 1, FileType: 'image/png' }])).errcode).toBe(ErrorCode.forbidden);
  });
});

describe('EntVip_EntVipScoreItemsByPage_V1_Get', () => {
  test('the member\'s points history, newest first, by page', async () => {
    const first = await chan.call('EntVip_EntVipScoreItemsByPage_V1_Get', [{ PageIndex: 1, PageSize: 3 }]);
    ok(first);
    expect(first.data.table2).toEqual([{ TotalCount: 4 }]);
    expect(first.data.table1).toHaveLength(3);
    expect(first.data.table1?.[0]).toMatchObject({ Score: '520.0000', Balance: '1200.0000', Remark: 'Points for orders', SheetID: '' });
    expect(String(first.data.table1?.[0]?.CreatedDate)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await chan.call('EntVip_EntVipScoreItemsByPage_V1_Get', [{ PageIndex: 2, PageSize: 3 }]);
    expect(second.data.table1).toEqual([expect.objectContaining({ Score: '500.0000', Balance: '500.0000' })]);
  });
});
