/**
 * The goods extras' editors below the goods form, against a stand-in of the
 * extras' staff routes (typed by shared/protocol/staffMenuExtras.ts): each
 * part checked in the screen's language before anything is sent (the
 * enterprise's language required, prices with its decimals, limits that make
 * sense), saved at the goods' version, and a save refused because someone
 * else saved first showing their values and saving on their version next.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { MenuAnswer, MenuGoodsJson } from '../../../shared/protocol/staffMenu';
import type { GoodsExtras } from '../../../shared/protocol/staffMenuExtras';
import type { StaffLocale } from '../../i18n/locale';
import { renderStaff } from '../../test/render';
import { GoodsEditor } from './GoodsEditor';
import { MenuIntl } from './MenuIntl';
import { menuApi } from './menuApi';

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
  outlets: ['B1'],
  soldOut: false,
  attributes: [{ name: '温度', values: ['热', '冻'] }],
  skus: [],
  pic: '',
  version: 4,
  archived: false,
  ...over,
});

const extras = (over: Partial<GoodsExtras> = {}): GoodsExtras => ({
  goodsId: 'G1',
  version: 4,
  packUnits: [],
  bundleGroups: [],
  addOns: ['OP1'],
  shopAddOns: [
    { optionId: 'OP1', names: { zh: '珍珠', tw: '珍珠', en: 'Pearls' }, price: '5.00', salesPrice: '5.00', goodsCount: 3 },
    { optionId: 'OP2', names: { zh: '椰果', tw: '椰果', en: 'Coconut jelly' }, price: '4.00', salesPrice: '4.00', goodsCount: 1 },
  ],
  spec: { zh: [{ name: '温度', values: ['热', '冻'] }], tw: [], en: [] },
  ...over,
});

const part = (g: MenuGoodsJson) => ({ goodsId: g.goodsId, code: g.code, names: g.names, goodsType: g.goodsType, attributes: g.attributes, archived: g.archived });
const set = goods({ goodsId: 'SET', code: '900', names: { zh: '套餐', tw: '套餐', en: 'Set' }, goodsType: 3, attributes: [] });
const rice = goods({ goodsId: 'RICE', code: '201', names: { zh: '叉烧饭', tw: '叉燒飯', en: 'BBQ pork rice' }, attributes: [] });
const noodles = goods({ goodsId: 'NOOD', code: '202', names: { zh: '云吞面', tw: '雲吞麵', en: 'Wonton noodles' }, attributes: [] });

const menu = (): MenuAnswer => ({
  shopId: 'S1',
  shops: [{ shopId: 'S1', name: 'Harbour Kitchen' }],
  outlets: [{ baseId: 'B1', shopId: 'S1', name: 'San Ma Lo' }],
  language: 'tw',
  priceDecimals: 2,
  classes: [{ classId: 'C1', shopId: 'S1', names: { zh: '饮品', tw: '飲品', en: 'Drinks' }, sort: 1, businessMode: '0', outlets: ['B1'], goodsCount: 4, version: 1, archived: false }],
  goods: [goods(), set, rice, noodles].map((g) => ({ ...g, ...part(g) })),
});

const sent: { path: string; body: { version: number } & Record<string, unknown> }[] = [];
let conflictOnce = false;
const server = setupServer(
  http.get('*/staff/goods/:id/extras', ({ params }) => HttpResponse.json(params.id === 'SET' ? extras({ goodsId: 'SET', addOns: [], spec: { zh: [], tw: [], en: [] } }) : extras())),
  http.put('*/staff/goods/:id/:part', async ({ request, params }) => {
    const body = (await request.json()) as { version: number } & Record<string, unknown>;
    sent.push({ path: `${String(params.id)}/${String(params.part)}`, body });
    if (conflictOnce) {
      conflictOnce = false;
      const fresh = extras({ version: 5, packUnits: [{ pcode: 'P1', names: { zh: '打', tw: '打', en: 'Dozen' }, ref: 12, price: '300.00', salesPrice: '300.00' }] });
      return HttpResponse.json({ error: 'Changed by someone else: here are the fresh values. Check them and save again.', current: goods({ version: 5 }), extras: fresh }, { status: 409 });
    }
    return HttpResponse.json({ goods: goods({ version: body.version + 1 }), extras: extras({ version: body.version + 1 }) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  conflictOnce = false;
});
afterAll(() => server.close());

function renderEditor(g: MenuGoodsJson, locale: StaffLocale = 'en') {
  renderStaff(
    <MenuIntl locale={locale}>
      <GoodsEditor api={menuApi('', locale)} menu={menu()} goods={g} classId="C1" locale={locale} onSaved={() => undefined} onClose={() => undefined} />
    </MenuIntl>,
    { locale },
  );
}

test('add-ons: checked in the screen\'s language before anything is sent; a shared one says so; the save names the goods\' version', async () => {
  renderEditor(goods(), 'zh-TW');
  await userEvent.click(await screen.findByRole('button', { name: '加料' }));
  const region = await screen.findByRole('region', { name: '加料' });
  expect(await within(region).findByText('另有 2 個商品也提供此加料：在此更改會同時生效。')).toBeInTheDocument();
  await userEvent.click(within(region).getByRole('button', { name: '新增加料' }));
  // The enterprise's language (traditional Chinese) is required, the others marked missing.
  expect(within(region).getByLabelText(/加料 2（繁體中文）.*必填/)).toBeInTheDocument();
  expect(within(region).getByLabelText(/加料 2（英文）.*未填寫/)).toBeInTheDocument();
  await userEvent.type(within(region).getByLabelText(/加料 2（英文）/), 'Pudding');
  await userEvent.type(within(region).getByLabelText('加料 2 · 價格'), '-3');
  await userEvent.click(within(region).getByRole('button', { name: '儲存加料' }));
  const alert = await within(region).findByRole('alert');
  expect(alert).toHaveTextContent('加料 2：必須填寫繁體中文名稱。');
  expect(alert).toHaveTextContent('加料 2 · 價格：請輸入不超過 2 位小數的非負金額。');
  expect(within(region).getByLabelText('加料 2 · 價格')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  await userEvent.type(within(region).getByLabelText(/加料 2（繁體中文）/), '布丁');
  await userEvent.clear(within(region).getByLabelText('加料 2 · 價格'));
  await userEvent.type(within(region).getByLabelText('加料 2 · 價格'), '6.5');
  // One of the shop's, offered as it is.
  await userEvent.selectOptions(within(region).getByLabelText('本店的加料'), 'OP2');
  await userEvent.click(within(region).getByRole('button', { name: '提供此加料' }));
  await userEvent.click(within(region).getByRole('button', { name: '儲存加料' }));
  expect(await within(region).findByRole('status')).toHaveTextContent('已儲存。');
  expect(sent).toEqual([
    {
      path: 'G1/add-ons',
      body: {
        version: 4,
        addOns: [
          { optionId: 'OP1', names: { zh: '珍珠', tw: '珍珠', en: 'Pearls' }, price: '5.00', salesPrice: '5.00' },
          { names: { zh: '', tw: '布丁', en: 'Pudding' }, price: '6.5', salesPrice: '6.5' },
          { optionId: 'OP2', names: { zh: '椰果', tw: '椰果', en: 'Coconut jelly' }, price: '4.00', salesPrice: '4.00' },
        ],
      },
    },
  ]);
});

test('pack units: a save someone else beat shows their values and the next save is on their version', async () => {
  renderEditor(goods());
  await userEvent.click(await screen.findByRole('button', { name: 'Pack units' }));
  const region = await screen.findByRole('region', { name: 'Pack units' });
  await userEvent.click(await within(region).findByRole('button', { name: 'Add a pack unit' }));
  await userEvent.type(within(region).getByLabelText(/Pack unit 1 \(traditional Chinese\)/), '半打');
  await userEvent.type(within(region).getByLabelText('Units per pack'), '1');
  await userEvent.type(within(region).getByLabelText('Pack price'), '150');
  await userEvent.click(within(region).getByRole('button', { name: 'Save pack units' }));
  expect(await within(region).findByRole('alert')).toHaveTextContent('Pack unit 1: units per pack must be a whole number from 2 to 9999.');
  expect(sent).toEqual([]);

  await userEvent.clear(within(region).getByLabelText('Units per pack'));
  await userEvent.type(within(region).getByLabelText('Units per pack'), '6');
  conflictOnce = true;
  await userEvent.click(within(region).getByRole('button', { name: 'Save pack units' }));
  expect(await within(region).findByRole('status')).toHaveTextContent('Someone else saved this goods first');
  await waitFor(() => expect(within(region).getByLabelText('Units per pack')).toHaveValue('12'));
  expect(within(region).getByLabelText('Pack price')).toHaveValue('300.00');

  await userEvent.click(within(region).getByRole('button', { name: 'Save pack units' }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent.map((s) => s.body.version)).toEqual([4, 5]);
  expect(sent[1]!.body.packUnits).toEqual([{ pcode: 'P1', names: { zh: '打', tw: '打', en: 'Dozen' }, ref: 12, price: '300.00', salesPrice: '300.00' }]);
});

test('bundle groups are offered only for a goods with bundle parts', async () => {
  renderEditor(goods());
  await screen.findByRole('button', { name: 'Pack units' });
  expect(screen.queryByRole('button', { name: 'Bundle groups' })).not.toBeInTheDocument();
});

test('bundle groups of a bundle: a required group of one part with two to choose is refused here; fixed, the groups are sent', async () => {
  renderEditor(set);
  await userEvent.click(await screen.findByRole('button', { name: 'Bundle groups' }));
  const region = await screen.findByRole('region', { name: 'Bundle groups' });
  await userEvent.click(await within(region).findByRole('button', { name: 'Add a group' }));
  await userEvent.type(within(region).getByLabelText(/Group 1 \(traditional Chinese\)/), '主食');
  // The bundle itself and goods with a spec are not offered as parts.
  const partSelect = within(region).getByLabelText(/Part to add to Group 1/);
  expect(within(partSelect).queryByRole('option', { name: /Set/ })).not.toBeInTheDocument();
  expect(within(partSelect).queryByRole('option', { name: /Milk tea/ })).not.toBeInTheDocument();
  await userEvent.selectOptions(partSelect, 'RICE');
  await userEvent.click(within(region).getByRole('button', { name: 'Add the part' }));
  await userEvent.clear(within(region).getByLabelText('Group 1 · Most to choose'));
  await userEvent.type(within(region).getByLabelText('Group 1 · Most to choose'), '2');
  await userEvent.click(within(region).getByRole('button', { name: 'Save bundle groups' }));
  expect(await within(region).findByRole('alert')).toHaveTextContent('the most to choose must be a whole number from 1 to 1 (its parts).');
  expect(sent).toEqual([]);

  await userEvent.selectOptions(within(region).getByLabelText(/Part to add to Group 1/), 'NOOD');
  await userEvent.click(within(region).getByRole('button', { name: 'Add the part' }));
  await userEvent.type(within(region).getByLabelText('Extra price of 202 Wonton noodles'), '8');
  await userEvent.click(within(region).getByLabelText('201 BBQ pork rice chosen by default'));
  // The fewest above the most is refused here too; "choose 1 to 2" is said as the customer will read it.
  await userEvent.clear(within(region).getByLabelText('Group 1 · Fewest to choose'));
  await userEvent.type(within(region).getByLabelText('Group 1 · Fewest to choose'), '3');
  await userEvent.click(within(region).getByRole('button', { name: 'Save bundle groups' }));
  expect(await within(region).findByRole('alert')).toHaveTextContent('the fewest to choose must be a whole number from 0 to 2 (the most to choose).');
  expect(sent).toEqual([]);
  await userEvent.clear(within(region).getByLabelText('Group 1 · Fewest to choose'));
  await userEvent.type(within(region).getByLabelText('Group 1 · Fewest to choose'), '1');
  expect(within(region).getByText('Required: the customer chooses 1 to 2.')).toBeInTheDocument();
  await userEvent.click(within(region).getByRole('button', { name: 'Save bundle groups' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    path: 'SET/bundle-groups',
    body: {
      version: 4,
      groups: [
        {
          names: { zh: '', tw: '主食', en: '' },
          required: true,
          choose: 2,
          min: 1,
          items: [
            { goodsId: 'RICE', extraPrice: '0', isDefault: true },
            { goodsId: 'NOOD', extraPrice: '8', isDefault: false },
          ],
        },
      ],
    },
  });
});

test('spec translations: the enterprise\'s language required, a language wholly or not at all', async () => {
  renderEditor(goods());
  await userEvent.click(await screen.findByRole('button', { name: 'Spec translations' }));
  const region = await screen.findByRole('region', { name: 'Spec translations' });
  expect(await within(region).findByRole('columnheader', { name: /English.*missing/ })).toBeInTheDocument();
  expect(within(region).getByRole('columnheader', { name: /traditional Chinese.*required/ })).toBeInTheDocument();
  await userEvent.type(within(region).getByLabelText('Attribute 温度 in English'), 'Temperature');
  await userEvent.type(within(region).getByLabelText('热 in English'), 'Hot');
  await userEvent.click(within(region).getByRole('button', { name: 'Save spec translations' }));
  const alert = await within(region).findByRole('alert');
  expect(alert).toHaveTextContent('The spec in traditional Chinese, the enterprise\'s language, is required.');
  expect(alert).toHaveTextContent('The spec in English: translate every name and value, or none.');
  expect(sent).toEqual([]);

  await userEvent.type(within(region).getByLabelText('冻 in English'), 'Iced');
  await userEvent.type(within(region).getByLabelText('Attribute 温度 in traditional Chinese'), '溫度');
  await userEvent.type(within(region).getByLabelText('热 in traditional Chinese'), '熱');
  await userEvent.type(within(region).getByLabelText('冻 in traditional Chinese'), '凍');
  await userEvent.click(within(region).getByRole('button', { name: 'Save spec translations' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toEqual({ version: 4, tw: [{ name: '溫度', values: ['熱', '凍'] }], en: [{ name: 'Temperature', values: ['Hot', 'Iced'] }] });
});
