/**
 * A table's live cart for staff (issue 28 section 1) against the staff API's
 * stand-in: opened from its button, each line with who added it ("Guest 2"
 * by place) and −/+ and Remove by name; a Remove of a line someone changed
 * meanwhile shows the line as it is now and why nothing was removed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StaffCartLineJson, StaffTableCartJson } from '../../shared/protocol/staffTableCart';
import { renderStaff, testApi } from '../test/render';
import { server, useStandIns } from '../test/standIns';
import { TableCartButton } from './TableCartButton';

useStandIns();
jest.setTimeout(20_000);

const line = (l: Partial<StaffCartLineJson>): StaffCartLineJson => ({
  lineId: 'L1',
  goodsId: 'G1',
  goodsName: 'BBQ Pork Rice',
  skuItems: '',
  pUnit: '',
  qua: 1,
  detail: '',
  remark: '',
  amo: '48.0000',
  soldOut: false,
  byName: 'Chan Tai Man',
  byPlace: 1,
  version: 1,
  ...l,
});
const cartOf = (lines: StaffCartLineJson[], version = 3): StaffTableCartJson => ({
  tableId: 'T7',
  tableName: 'A07',
  version,
  totalAmo: lines.reduce((sum, l) => sum + Number(l.amo), 0).toFixed(4),
  lines,
});

let lines: StaffCartLineJson[] = [];
const posted: { lineId: string; body: unknown }[] = [];
beforeEach(() => {
  posted.length = 0;
  lines = [
    line({}),
    line({ lineId: 'L2', goodsName: 'Wonton Noodles', skuItems: 'Large', qua: 2, amo: '94.0000', byName: '', byPlace: 2, version: 4, detail: JSON.stringify({ attachmentList: [{ Value: 'Extra egg' }] }) }),
  ];
  server.use(http.get('*/staff/tables/:id/cart', ({ params }) => HttpResponse.json({ cart: cartOf(params.id === 'T7' ? lines : []) })));
});

async function openCart(locale: 'en' | 'zh-TW' = 'en') {
  renderStaff(<TableCartButton api={testApi(locale)} tableId="T7" tableName="A07" />, { locale });
  await userEvent.click(screen.getByRole('button', { name: locale === 'en' ? "Table A07's cart" : 'A07 桌的購物車' }));
  return screen.findByRole('dialog', { name: locale === 'en' ? "Table A07's cart" : 'A07 桌的購物車' });
}

test("each line with who added it; One more and One less change it by one, the cart is the service's answer", async () => {
  server.use(
    http.post('*/staff/tables/:id/cart/lines/:lineId', async ({ params, request }) => {
      const body = (await request.json()) as { delta: number };
      posted.push({ lineId: String(params.lineId), body });
      lines = lines.map((l) => (l.lineId === params.lineId ? { ...l, qua: l.qua + body.delta, amo: ((l.qua + body.delta) * 48).toFixed(4), version: l.version + 1 } : l));
      return HttpResponse.json({ removed: false, line: lines.find((l) => l.lineId === params.lineId)!, cart: cartOf(lines, 4) });
    }),
  );
  const dialog = await openCart();
  const items = await within(dialog).findAllByRole('listitem');
  expect(items.map((i) => i.textContent)).toEqual([
    '1× BBQ Pork Rice 48.00Added by Chan Tai Man−+Remove',
    '2× Wonton Noodles (Large) 94.00+ Extra eggAdded by Guest 2−+Remove',
  ]);
  expect(within(dialog).getByText('Total 142.00')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'One more BBQ Pork Rice' }));
  await waitFor(() => expect(within(dialog).getByText('2× BBQ Pork Rice')).toBeTruthy());
  await userEvent.click(within(dialog).getByRole('button', { name: 'One less Wonton Noodles' }));
  await waitFor(() => expect(within(dialog).getByText('1× Wonton Noodles (Large)')).toBeTruthy());
  expect(posted).toEqual([
    { lineId: 'L1', body: { delta: 1 } },
    { lineId: 'L2', body: { delta: -1 } },
  ]);
  expect(within(dialog).getByText('Total 144.00')).toBeTruthy();
});

test('Remove names the version read: a line changed meanwhile is shown as it is now, with why nothing was removed', async () => {
  server.use(
    http.post('*/staff/tables/:id/cart/lines/:lineId', async ({ params, request }) => {
      posted.push({ lineId: String(params.lineId), body: await request.json() });
      return HttpResponse.json(
        { error: 'Changed by someone else just now: this is the item as it is now. Check it and try again.', line: { ...lines[1]!, qua: 3, amo: '141.0000', version: 5 } },
        { status: 409 },
      );
    }),
  );
  const dialog = await openCart();
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Wonton Noodles' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Changed by someone else just now: this is the item as it is now. Check it and try again.');
  expect(posted).toEqual([{ lineId: 'L2', body: { qua: 0, version: 4 } }]);
  expect(within(dialog).getByText('3× Wonton Noodles (Large)')).toBeTruthy();
  // The next Remove names the version now shown.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Wonton Noodles' }));
  await waitFor(() => expect(posted[1]).toEqual({ lineId: 'L2', body: { qua: 0, version: 5 } }));
});

test("in Chinese: a guest by place, the buttons by name; a refusal (the kitchen's role) is said", async () => {
  server.use(http.post('*/staff/tables/:id/cart/lines/:lineId', () => HttpResponse.json({ error: '此角色不可執行：kitchen' }, { status: 403 })));
  const dialog = await openCart('zh-TW');
  expect(await within(dialog).findByText('由客人 2加入')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'BBQ Pork Rice 加一' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('未修改：此角色不可執行：kitchen');
  // Read again: nothing changed.
  expect(within(dialog).getByText('1× BBQ Pork Rice')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: '關閉' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});
