/** The sold-out panel against the staff API's stand-in: finding goods, marking goods and one spec, a refused mark. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, goods, scenario, seen, TOKEN, useStandIns } from '../test/standIns';
import { SoldOutPanel } from './SoldOutPanel';

useStandIns();
jest.setTimeout(20_000);

const posts = () => seen.filter((r) => r.method === 'POST').map((r) => [r.path, r.body]);

beforeEach(() => {
  scenario.goods = [
    goods({ goodsId: 'G1', code: '101', name: '奶茶', nameTw: '奶茶', nameEn: 'Milk tea' }),
    goods({
      goodsId: 'G2',
      code: '202',
      name: '咖啡',
      nameTw: '咖啡',
      nameEn: '',
      skus: [
        { skuId: 'K21', skuItems: '', spec: ['Hot'], soldOut: false },
        { skuId: 'K22', skuItems: '', spec: ['Iced'], soldOut: true },
      ],
    }),
  ];
});

test("the goods in the screen's language (simplified Chinese when a name is missing), found by name or number", async () => {
  renderStaff(<SoldOutPanel api={testApi()} token={TOKEN} baseId={BASE_ID} locale="en" />);
  expect(await screen.findByRole('checkbox', { name: 'Sold out: Milk tea' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Sold out: 咖啡' })).toBeInTheDocument();
  // A goods of one spec has no spec marks; one of several has a mark each.
  expect(screen.getByRole('checkbox', { name: 'Sold out: 咖啡 Iced' })).toBeChecked();

  await userEvent.type(
    screen.getByRole('searchbox', { name: 'Find goods by name or number' }),
    '202',
  );
  expect(screen.queryByRole('checkbox', { name: 'Sold out: Milk tea' })).toBeNull();
  await userEvent.clear(screen.getByRole('searchbox'));
  await userEvent.type(screen.getByRole('searchbox'), 'no such thing');
  expect(screen.getByText('No goods match.')).toBeInTheDocument();
});

test('marking goods and a spec sold out tells the service, and the marks read back', async () => {
  renderStaff(
    <SoldOutPanel api={testApi('zh-TW')} token={TOKEN} baseId={BASE_ID} locale="zh-TW" />,
    { locale: 'zh-TW' },
  );
  await userEvent.click(await screen.findByRole('checkbox', { name: '售罄：奶茶' }));
  await waitFor(() => expect(posts()).toEqual([['/staff/goods/G1/sold-out', { soldOut: true }]]));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: '售罄：奶茶' })).toBeChecked());

  await userEvent.click(screen.getByRole('checkbox', { name: '售罄：咖啡 Iced' }));
  await waitFor(() =>
    expect(posts()).toContainEqual(['/staff/skus/K22/sold-out', { soldOut: false }]),
  );
  expect(scenario.goods[1]!.skus[1]!.soldOut).toBe(false);
  await waitFor(() =>
    expect(screen.getByRole('checkbox', { name: '售罄：咖啡 Iced' })).not.toBeChecked(),
  );
});

test("a refused mark says so, and the service's state wins", async () => {
  scenario.refuse.goodsSoldOut = 500;
  renderStaff(<SoldOutPanel api={testApi()} token={TOKEN} baseId={BASE_ID} locale="en" />);
  const mark = await screen.findByRole('checkbox', { name: 'Sold out: Milk tea' });
  await userEvent.click(mark);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The goods could not be loaded or changed.',
  );
  await waitFor(() =>
    expect(screen.getByRole('checkbox', { name: 'Sold out: Milk tea' })).not.toBeChecked(),
  );
  expect(screen.getAllByRole('checkbox', { name: /^Sold out: / })).toHaveLength(4);
});
