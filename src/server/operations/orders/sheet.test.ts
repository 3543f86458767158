/**
 * The sheet detail end to end over the demo sheets: what anyone at the table
 * sees, and what only the sheet's own member sees.
 */
import type { ResultTables } from '../../../shared/protocol/envelope';
import { DEMO, demoCodes } from '../../db/seed';
import { startHarness, GatewayClient, type Harness } from '../../test/harness';

let h: Harness;
let client: GatewayClient;
let seededAt: Date;

beforeAll(async () => {
  seededAt = new Date();
  h = await startHarness();
  client = new GatewayClient(h.url);
  // At the demo sheets' tables (A03-A06): a table's sheet is shared with who scanned its code.
  for (const qr of Object.values((await demoCodes(h.db)).sheetQrCodes)) await client.scan(qr);
});
afterAll(() => h.close());

type Row = Record<string, unknown>;
const detail = (SheetID: unknown, c = client) => c.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID }]);
const rows = (res: { data: ResultTables }, table: keyof ResultTables = 'table1'): Row[] => res.data[table] ?? [];
const minutesBeforeSeeding = (iso: unknown) => (seededAt.getTime() - new Date(String(iso)).getTime()) / 60_000;

describe('PosSalSheet_PosSalSheetDetailGet_V2_Get', () => {
  test("an open table's sheet: its header and its items", async () => {
    const res = await detail(DEMO.sheets.open);
    expect([res.errcode, res.errmsg]).toEqual(['0', '']);
    const [head] = rows(res);
    expect(head).toEqual({
      SheetID: DEMO.sheets.open,
      Status: 0,
      CreatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      TableID: DEMO.tables.dineInA03,
      TableName: 'A03',
      BaseID: DEMO.bases.dineIn,
      ShopID: DEMO.shops.main,
      PosType: '2',
      BusinessMode: '2',
      SalesAmo: '92.0000',
      DisAmo: '0.0000',
      FeeAmo: '0.0000',
      CouponAmo: '0.0000',
      TotalAmo: '101.2000',
      Remark: 'No chilli, please',
      // Orders (operations/orders/handlers.ts) add the order's way, progress and payment.
      BagAmo: '0.0000',
      TakeType: 'dinein',
      TakeTime: '',
      Progress: 'placed',
      PayStatus: 0,
      IsPayLater: 0,
      PayMode: 'postpay',
      DisplayState: 'ordering',
      RoundCount: 1,
      // A table's sheet has no pickup number (issue 26 section 4).
      PickupNo: '',
      Settling: 0,
      Mine: 0,
      // Issue 28: San Ma Lo's 10 % service charge, and nothing paid yet.
      ServiceAmo: '9.2000',
      TipAmo: '0.0000',
      PaidAmo: '0.0000',
      RestAmo: '101.2000',
      SharesOf: 0,
      SharesTaken: 0,
    });
    expect(minutesBeforeSeeding(head!.CreatedDate)).toBeGreaterThan(29);
    expect(minutesBeforeSeeding(head!.CreatedDate)).toBeLessThan(31);
    expect(rows(res, 'table2')).toEqual([
      {
        ItemID: 1,
        RoundNo: 1,
        GoodsID: DEMO.goods.bbqPorkRice,
        SkuID: '',
        PUnit: '',
        GoodsName: 'BBQ Pork Rice',
        SkuItems: '',
        Qua: '1.0000',
        PQua: '0.0000',
        MQua: '1.0000',
        Price: '48.0000',
        SalesPrice: '48.0000',
        Amo: '48.0000',
        DisAmo: '0.0000',
        SalType: '0',
        Detail: '',
        PUnitPrice: '0.0000',
        Ref: '1.0000',
        Mine: 0,
        // Issue 28: its units as split payments see them (the demo's lines have no author).
        AddedByMe: 0,
        Units: 1,
        PaidQua: 0,
        HeldQua: 0,
        HeldBy: '',
        IsVoid: 0,
        VoidReason: '',
      },
      expect.objectContaining({ ItemID: 2, GoodsName: 'Lemon Tea', SkuItems: 'Regular;Iced', Qua: '2.0000', MQua: '2.0000', SalesPrice: '22.0000', Amo: '44.0000' }),
    ]);
  });

  test('the guard sheets: expired, checked out, closed', async () => {
    const expired = rows(await detail(DEMO.sheets.expired))[0]!;
    expect(expired).toMatchObject({ Status: 0, TableID: DEMO.tables.dineInA04, TotalAmo: '50.6000' });
    expect(minutesBeforeSeeding(expired.CreatedDate)).toBeGreaterThan(120);
    expect(rows(await detail(DEMO.sheets.checkedOut))[0]).toMatchObject({ Status: 3, TableID: DEMO.tables.dineInA05, TotalAmo: '81.4000' });
    expect(rows(await detail(DEMO.sheets.closed))[0]).toMatchObject({ Status: 2, TableID: DEMO.tables.dineInA06 });
    // The shop page of the open sheet's table finds the same sheet.
    const page = await client.call('EShop_EShopShopPageGet_Get', [{ QRCode: (await demoCodes(h.db)).sheetQrCodes.open }]);
    expect(page.data.table4?.[0]).toMatchObject({ SheetID: DEMO.sheets.open, Status: 0, TableID: DEMO.tables.dineInA03 });
  });

  test("a member's sheet shows no contact details to anyone else", async () => {
    const res = await detail(DEMO.sheets.checkedOut);
    const text = JSON.stringify(res);
    expect(text).not.toContain('66123456');
    expect(text).not.toContain('Chan Tai Man');
    expect(text).not.toContain(DEMO.vips.chan);
    expect(Object.keys(rows(res)[0]!)).not.toEqual(expect.arrayContaining(['CustPhone']));
  });

  test('the sheet of the caller\'s own session shows its contact details', async () => {
    const own = new GatewayClient(h.url);
    const login = await own.call('EntVip_EntVipGuestLogin_Add', [{ EntID: DEMO.entId }]);
    const vipId = String(login.data.table1?.[0]?.VipID);
    const sheetId = `T-${Date.now()}`;
    await h.db.query(
      `INSERT INTO sheet (sheet_id, ent_id, shop_id, base_id, vip_id, pos_type, business_mode, status, total_amo, sales_amo, cust_name, cust_phone, cust_address)
       VALUES ($1, $2, $3, $4, $5, 7, 1, 1, 30, 30, 'Wong', '66999999', 'Rua do Campo 1')`,
      [sheetId, DEMO.entId, DEMO.shops.main, DEMO.bases.quick, vipId],
    );
    const mine = rows(await detail(sheetId, own))[0];
    expect(mine).toMatchObject({ SheetID: sheetId, Status: 1, TableID: '', PosType: '7', VipID: vipId, CustName: 'Wong', CustPhone: '66999999', CustAddress: 'Rua do Campo 1' });
    // Issue 16: someone else's takeout order is answered as if it did not exist.
    const theirs = await detail(sheetId);
    expect([theirs.errcode, theirs.errmsg, theirs.data]).toEqual(['50000', 'The order does not exist', {}]);
  });

  test('an unknown sheet, a missing id', async () => {
    const unknown = await detail('nope');
    expect([unknown.errcode, unknown.errmsg]).toEqual(['50000', 'The order does not exist']);
    const zh = await detail('nope', new GatewayClient(h.url, 'zh-TW'));
    expect(zh.errmsg).toBe('訂單不存在');
    const missing = await client.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{}]);
    expect(missing.errcode).toBe('40000');
    expect(missing.errmsg).toMatch(/tableData\[0\]\.SheetID/);
  });
});
