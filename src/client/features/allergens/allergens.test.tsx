/**
 * Issue 29 sections 2 and 3 on the menu: the allergen and diet filter (a
 * lazily loaded sheet) hides what contains the allergen (through a required
 * option too: the service folds those into the dish's code), marks what does
 * not say (the strict mode hides it), is remembered on the phone, and has a
 * legend; icons carry text alternatives. After an add, the goods it goes well
 * with are offered once (not sold out, not in the cart), added in one tap or
 * dismissed in one.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFacts, encodeDiet, type DietFacts } from '../../../shared/domain/diet';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, server, type StandInRow } from '../../test/gateway';
import { orderState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { FILTER_KEY, resetDietFilterForTests, setDietFilter } from './dietFilter';
import { forgetOfferedForTests } from '../suggestions';

const LIST = 'HBBPos_GoodsClass_GoodsList_V9_Get';
const code = (patch: (f: DietFacts) => void) => {
  const f = emptyFacts();
  patch(f);
  return encodeDiet(f);
};
const row = (id: string, name: string, extra: Partial<StandInRow<typeof LIST, 'table1'>> = {}): StandInRow<typeof LIST, 'table1'> => ({
  GoodsID: id,
  GoodsCode: id,
  GoodsName: name,
  ClassID: 'C1',
  GoodsTypeID: '0',
  Skus: '0',
  Unit: 'plate',
  Price: '30.0000',
  SalesPrice: '30.0000',
  PromotePrice: '',
  PromotePlanID: '',
  Pic: 'goods/g.svg',
  SoldOut: 0,
  PUnitCount: 0,
  HasBom: 0,
  HasCharging: 0,
  BagCount: 0,
  ...extra,
});

const MENU = [
  row('G1', 'Curry Fish Balls', { Diet: code((f) => ((f.allergens.peanuts = 'contains'), (f.allergens.fish = 'contains'), (f.spice = 2))) }),
  // Peanuts through a required option: the service sent the folded code.
  row('G2', 'Set for Two', { Diet: code((f) => (f.allergens.peanuts = 'contains')) }),
  row('G3', 'Soup of the Day'),
  row('G4', 'Fish Ball Noodles', { Diet: code((f) => ((f.allergens.peanuts = 'free'), (f.allergens.fish = 'contains'))), Pairs: 'G5,G6,G7,G4' }),
  row('G5', 'Chrysanthemum Tea', { Diet: code((f) => ((f.allergens.peanuts = 'free'), (f.vegan = true), (f.vegetarian = true))) }),
  row('G6', 'Sold-out Juice', { SoldOut: 1 }),
  row('G7', 'Milk Tea', { Diet: code((f) => ((f.allergens.peanuts = 'free'), (f.allergens.milk = 'contains'))) }),
];

jest.setTimeout(30_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  resetDietFilterForTests();
  forgetOfferedForTests();
  answer('HBBPos_AllGoodsClassGet_Get', { table1: [{ ClassID: 'C1', ClassName: 'Dishes', GoodsCount: MENU.length }] });
  answer(LIST, { table1: MENU, table2: [{ TotalCount: MENU.length }] });
  answer('HBBPos_ShopGoodsBaseGet_Get', { table1: [] });
});
afterEach(() => {
  resetGateway();
  act(() => setDietFilter({ avoid: [], diets: [], strict: false }));
});
afterAll(() => server.close());

const render = () => renderWithProviders(<Shell />, { route: '/pages/goodsList/goodsList', preloadedState: orderState({ mode: '1' }) });

test('filtering out peanuts hides the dishes that contain them, through a required option too; what does not say is marked, the strict mode hides it; remembered', async () => {
  render();
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 10_000 });
  expect(await within(menu).findByRole('article', { name: 'Curry Fish Balls' })).toBeInTheDocument();
  // Icons with text alternatives.
  const balls = within(menu).getByRole('article', { name: 'Curry Fish Balls' });
  expect(within(balls).getByRole('img', { name: 'Contains Peanuts' })).toBeInTheDocument();
  expect(within(balls).getByRole('img', { name: 'Spicy' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Allergens & diets' }));
  const sheet = await screen.findByRole('dialog', { name: 'Allergens & diets' });
  // The legend names every icon.
  expect(within(sheet).getByText('Molluscs', { selector: 'dd' })).toBeInTheDocument();
  await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Peanuts' }));
  expect(JSON.parse(localStorage.getItem(FILTER_KEY)!)).toEqual({ avoid: ['peanuts'], diets: [], strict: false });
  await userEvent.click(within(sheet).getByRole('button', { name: 'Done' }));

  expect(within(menu).queryByRole('article', { name: 'Curry Fish Balls' })).not.toBeInTheDocument();
  expect(within(menu).queryByRole('article', { name: 'Set for Two' })).not.toBeInTheDocument();
  expect(screen.getByText('2 dishes hidden')).toHaveAttribute('role', 'status');
  const soup = within(menu).getByRole('article', { name: 'Soup of the Day' });
  expect(soup).toHaveTextContent('Not stated: Peanuts');
  expect(within(menu).getByRole('article', { name: 'Fish Ball Noodles' })).not.toHaveTextContent('Not stated');

  await userEvent.click(screen.getByRole('button', { name: 'Allergens & diets (1 on)' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Allergens & diets' })).getByRole('checkbox', { name: /Also hide dishes that do not say/ }));
  await userEvent.keyboard('{Escape}');
  expect(within(menu).queryByRole('article', { name: 'Soup of the Day' })).not.toBeInTheDocument();
  expect(within(menu).getByRole('article', { name: 'Chrysanthemum Tea' })).toBeInTheDocument();
});

test('the remembered filter applies when the menu opens; "vegetarian only" keeps the vegan tea', async () => {
  localStorage.setItem(FILTER_KEY, JSON.stringify({ avoid: [], diets: ['vegetarian'], strict: true }));
  render();
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 10_000 });
  expect(await within(menu).findByRole('article', { name: 'Chrysanthemum Tea' })).toBeInTheDocument();
  expect(within(menu).queryByRole('article', { name: 'Curry Fish Balls' })).not.toBeInTheDocument();
  expect(within(menu).queryByRole('article', { name: 'Milk Tea' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Allergens & diets (1 on)' })).toBeInTheDocument();
});

test('after an add, what goes well with it is offered once: never sold out, in the cart or the goods itself; one tap adds, one dismisses', async () => {
  render();
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 10_000 });
  await userEvent.click(await within(menu).findByRole('button', { name: 'Add Milk Tea' }));
  // Milk tea pairs with nothing: no sheet.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await userEvent.click(within(menu).getByRole('button', { name: 'Add Fish Ball Noodles' }));
  const sheet = await screen.findByRole('dialog', { name: 'Goes well with Fish Ball Noodles' });
  // The tea only: the juice is sold out, the milk tea already in the cart, the noodles themselves left out.
  expect(within(sheet).getAllByRole('button', { name: /^Add / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Add Chrysanthemum Tea']);
  await userEvent.click(within(sheet).getByRole('button', { name: 'Add Chrysanthemum Tea' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(within(menu).getByRole('article', { name: 'Chrysanthemum Tea' })).getByLabelText('1 in cart')).toBeInTheDocument();
  // Offered once: another bowl, no sheet.
  await userEvent.click(within(menu).getByRole('button', { name: 'Add Fish Ball Noodles' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the suggestions are dismissed in one tap', async () => {
  render();
  const menu = await screen.findByRole('list', { name: 'Menu' }, { timeout: 10_000 });
  await userEvent.click(await within(menu).findByRole('button', { name: 'Add Fish Ball Noodles' }));
  const sheet = await screen.findByRole('dialog', { name: 'Goes well with Fish Ball Noodles' });
  expect(within(sheet).getAllByRole('button', { name: /^Add / })).toHaveLength(2);
  await userEvent.click(within(sheet).getByRole('button', { name: 'No, thanks' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
