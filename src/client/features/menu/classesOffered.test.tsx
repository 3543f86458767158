/**
 * Issue 23: the takeaway extras (a plastic bag, cutlery) are not offered to a
 * diner at a table: the menu leaves out a class offered for takeout only when
 * the customer dines in, and shows it to a takeaway.
 */
import { screen, within } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, server, type StandInRow } from '../../test/gateway';
import { orderState, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { offeredClasses } from './classesOffered';

const LIST = 'HBBPos_GoodsClass_GoodsList_V9_Get';
const row = (GoodsID: string, GoodsName: string, ClassID: string): StandInRow<typeof LIST, 'table1'> => ({
  GoodsID, GoodsCode: GoodsID, GoodsName, ClassID, GoodsTypeID: '0', Skus: '0', Unit: 'plate', Price: '10.0000', SalesPrice: '10.0000',
  PromotePrice: '', PromotePlanID: '', Pic: '', SoldOut: 0, PUnitCount: 0, HasBom: 0, HasCharging: 0, BagCount: 0,
});

// The menu through the shell with a real store takes a few seconds on a shared machine.
jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('HBBPos_AllGoodsClassGet_Get', {
    table1: [
      { ClassID: 'RICE', ClassName: 'Signature Rice', GoodsCount: 1, BusinessMode: '0' },
      { ClassID: 'EXTRAS', ClassName: 'Takeaway Extras', GoodsCount: 2, BusinessMode: '1' },
    ],
  });
  answer(LIST, { table1: [row('G1', 'BBQ Pork Rice', 'RICE'), row('G2', 'Cutlery Set', 'EXTRAS'), row('G3', 'Plastic Bag', 'EXTRAS')], table2: [{ TotalCount: 3 }] });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

const atTable = () => shopState({ tableInfo: { TableID: 'T1', TableName: 'A01' } }, { TableID: 'T1' });

test('dining in at a table: no takeaway extras in the rail or the menu', async () => {
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '2', shop: atTable() }) });
  const menu = await screen.findByRole('list', { name: 'Menu' });
  expect(await within(menu).findByRole('article', { name: 'BBQ Pork Rice' })).toBeInTheDocument();
  expect(within(menu).queryByRole('article', { name: 'Cutlery Set' })).toBeNull();
  expect(within(menu).queryByRole('article', { name: 'Plastic Bag' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Signature Rice' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Takeaway Extras' })).toBeNull();
});

test('taking away: the extras are offered', async () => {
  renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });
  const menu = await screen.findByRole('list', { name: 'Menu' });
  expect(await within(menu).findByRole('article', { name: 'Cutlery Set' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Takeaway Extras' })).toBeInTheDocument();
});

test('offeredClasses keeps a class for all ways, and one for the way chosen', () => {
  const classes = [
    { ClassID: 'A', name: 'All', goodsCount: 1 },
    { ClassID: 'T', name: 'Takeout', goodsCount: 1, businessMode: '1' },
    { ClassID: 'D', name: 'Dine in', goodsCount: 1, businessMode: '2' },
  ];
  expect(offeredClasses(classes, '2').map((c) => c.ClassID)).toEqual(['A', 'D']);
  expect(offeredClasses(classes, '1').map((c) => c.ClassID)).toEqual(['A', 'T']);
});
