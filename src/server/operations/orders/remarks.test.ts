/**
 * Issue 23 item 15: the remark limit the app counts down (REMARK_MAX,
 * src/shared/domain/remarks.ts) is the service's too: an order's remark and
 * a line's remark of REMARK_MAX characters are taken whole (counted as a
 * person counts them: an emoji is one), one more is refused, never cut.
 */
import { REMARK_MAX } from '../../../shared/domain/remarks';
import { startHarness, type Harness } from '../../test/harness';
import { demoIds, guestClient, line, pickupHeader, submit } from '../../test/orders';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const BBQ = demoIds.goods('0101');
/** REMARK_MAX characters: Chinese, Latin and emoji (each emoji two UTF-16 units, one character). */
const FULL = `走葱少辣${'a'.repeat(REMARK_MAX - 4 - 10)}${'🌶'.repeat(10)}`;

test('an order remark and a line remark of the limit are kept whole', async () => {
  expect([...FULL]).toHaveLength(REMARK_MAX);
  expect(FULL.length).toBeGreaterThan(REMARK_MAX);
  const client = await guestClient(h);
  const res = await submit(client, pickupHeader({ TotalAmo: 49, Remark: FULL }), [line(BBQ, 48, { Remarks: FULL })]);
  expect([res.errcode, res.errmsg]).toEqual(['0', '']);
  const sheetId = String(res.data.table1?.[0]?.SheetID);
  const detail = await client.call('PosSalSheet_PosSalSheetDetailGet_V2_Get', [{ SheetID: sheetId }]);
  expect(detail.data.table1?.[0]?.Remark).toBe(FULL);
  expect(String(detail.data.table2?.[0]?.Detail)).toContain(FULL);
});

test('one character more is refused, for the order and for a line, and nothing is written', async () => {
  const client = await guestClient(h);
  const before = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM sheet');
  const order = await submit(client, pickupHeader({ TotalAmo: 49, Remark: `${FULL}x` }), [line(BBQ, 48)]);
  expect(order.errcode).toBe('40000');
  expect(order.errmsg).toMatch(new RegExp(`Remark: expected at most ${REMARK_MAX} characters`));
  const item = await submit(client, pickupHeader({ TotalAmo: 49 }), [line(BBQ, 48, { Remarks: [`${FULL}x`] })]);
  expect(item.errcode).toBe('40000');
  expect(item.errmsg).toMatch(/Item1\[0\]\.Remarks/);
  expect(await h.db.query<{ n: string }>('SELECT count(*) AS n FROM sheet')).toEqual(before);
});
