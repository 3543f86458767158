/**
 * The Menu section against a stand-in of the menu's staff routes (typed by
 * shared/protocol/staffMenu.ts): a form checked in the screen's language
 * before anything is sent, and a save refused because someone else saved
 * first, which shows their values and saves on their version next.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { MenuAnswer, MenuGoodsJson } from '../../../shared/protocol/staffMenu';
import { renderStaff } from '../../test/render';
import MenuSection from './MenuSection';

jest.setTimeout(30_000);

const goods = (over: Partial<MenuGoodsJson> = {}): MenuGoodsJson => ({
  goodsId: 'G1',
  shopId: 'S1',
  classId: 'C1',
  code: '101',
  names: { zh: '奶茶', tw: '奶茶', en: 'Milk tea' },
  descriptions: { zh: '', tw: '', en: '' },
  goodsType: 0,
  unit: '',
  price: '28.00',
  salesPrice: '28.00',
  outlets: ['B1', 'B2'],
  soldOut: false,
  attributes: [],
  skus: [],
  pic: '',
  version: 1,
  archived: false,
  ...over,
});

const menu = (): MenuAnswer => ({
  shopId: 'S1',
  shops: [{ shopId: 'S1', name: 'Harbour Kitchen' }],
  outlets: [
    { baseId: 'B1', shopId: 'S1', name: 'San Ma Lo' },
    { baseId: 'B2', shopId: 'S1', name: 'Horta e Costa' },
  ],
  language: 'tw',
  priceDecimals: 2,
  classes: [{ classId: 'C1', shopId: 'S1', names: { zh: '饮品', tw: '飲品', en: 'Drinks' }, sort: 1, businessMode: '0', outlets: ['B1', 'B2'], goodsCount: 1, version: 1, archived: false }],
  goods: [goods()],
});

const sent: { method: string; body: unknown }[] = [];
const server = setupServer(
  http.get('*/staff/menu', () => HttpResponse.json(menu())),
  http.patch('*/staff/goods/:id', async ({ request }) => {
    const body = (await request.json()) as { version: number; price: string };
    sent.push({ method: 'PATCH', body });
    if (body.version === 1) {
      return HttpResponse.json(
        { error: 'Changed by someone else: here are the fresh values. Check them and save again.', current: goods({ version: 2, price: '30.00', salesPrice: '30.00', names: { zh: '奶茶', tw: '奶茶', en: 'Milk tea (fresh)' } }) },
        { status: 409 },
      );
    }
    return HttpResponse.json({ goods: goods({ version: 3, price: body.price, salesPrice: body.price }) });
  }),
  http.post('*/staff/goods', async ({ request }) => {
    sent.push({ method: 'POST', body: await request.json() });
    return HttpResponse.json({ error: 'unexpected' }, { status: 500 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const session = { token: '', outlet: { baseId: 'B1', name: '新马路店', nameTw: '新馬路店', nameEn: 'San Ma Lo', shopName: '' } };

test('a new goods is checked in the screen\'s language before anything is sent: the enterprise\'s language required, prices with its decimals', async () => {
  renderStaff(<MenuSection api={undefined as never} session={session} locale="zh-TW" onSignedOut={() => undefined} />, { locale: 'zh-TW' });
  await userEvent.click(await screen.findByRole('button', { name: '新增商品' }));
  const form = screen.getByRole('region', { name: '新增商品' });
  // The enterprise's language is marked required, the other names missing.
  expect(within(form).getByLabelText(/名稱（繁體中文）.*必填/)).toBeInTheDocument();
  expect(within(form).getByLabelText(/名稱（英文）.*未填/)).toBeInTheDocument();
  await userEvent.type(within(form).getByLabelText('編號'), 'N01');
  await userEvent.type(within(form).getByLabelText(/名稱（英文）/), 'Pineapple bun');
  await userEvent.type(within(form).getByLabelText('價格'), '1.234');
  await userEvent.click(within(form).getByRole('button', { name: '儲存' }));
  const alert = await within(form).findByRole('alert');
  expect(alert).toHaveTextContent('必須填寫繁體中文名稱。');
  expect(alert).toHaveTextContent('價格：請輸入不超過 2 位小數的非負金額。');
  expect(within(form).getByLabelText('價格')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
});

test('a save on a version someone else moved on is refused: the form shows their values and the next save is on their version', async () => {
  renderStaff(<MenuSection api={undefined as never} session={session} locale="en" onSignedOut={() => undefined} />);
  await userEvent.click(await screen.findByRole('button', { name: /Edit Milk tea/ }));
  const form = screen.getByRole('region', { name: 'Edit Milk tea' });
  const price = within(form).getByLabelText('Price');
  await userEvent.clear(price);
  await userEvent.type(price, '29.5');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Not saved: Changed by someone else');
  await waitFor(() => expect(within(form).getByLabelText('Price')).toHaveValue('30.00'));
  expect(within(form).getByLabelText(/Name \(English\)/)).toHaveValue('Milk tea (fresh)');

  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent.map((s) => (s.body as { version: number }).version)).toEqual([1, 2]);
  expect(await within(form).findByRole('alert')).toHaveTextContent('Saved.');
});
