/**
 * Issue 29 in the back office: a goods' allergens and its options' against a
 * stand-in of the staff routes (typed by shared/protocol/staffAllergens.ts):
 * closed until asked for; a spec's choice stated apart from the goods, both
 * saved on the version read; a save someone else beat shows their values and
 * saves on their version next; a vegan dish not vegetarian is refused before
 * anything is sent; pairings added, removed and saved in order, at most 8.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { emptyFacts, type DietFacts } from '../../../shared/domain/diet';
import type { GoodsDietJson } from '../../../shared/protocol/staffAllergens';
import type { MenuAnswer, MenuGoodsJson } from '../../../shared/protocol/staffMenu';
import { renderStaff } from '../../test/render';
import { AllergensEditor } from './AllergensEditor';
import { menuApi } from './menuApi';

jest.setTimeout(30_000);

const facts = (patch: Partial<DietFacts['allergens']> = {}, rest: Partial<DietFacts> = {}): DietFacts => ({ ...emptyFacts(), ...rest, allergens: { ...emptyFacts().allergens, ...patch } });
const diet = (over: Partial<GoodsDietJson> = {}): GoodsDietJson => ({
  goodsId: 'G1',
  name: 'Wonton Noodles',
  version: 1,
  facts: facts({ gluten: 'contains' }),
  skus: [
    { skuId: 'K1', name: 'Small', facts: facts() },
    { skuId: 'K2', name: 'Large', facts: facts() },
  ],
  addOns: [{ optionId: 'O1', name: 'Extra egg', facts: facts({ eggs: 'contains' }) }],
  parts: [],
  pairings: [{ goodsId: 'G2', name: 'Milk tea' }],
  ...over,
});
const g = (goodsId: string, en: string): MenuGoodsJson => ({
  goodsId, shopId: 'S1', classId: 'C1', code: goodsId, names: { zh: en, tw: en, en }, descriptions: { zh: '', tw: '', en: '' }, goodsType: 0, unit: '', price: '1.00', salesPrice: '1.00',
  outlets: [], soldOut: false, attributes: [], skus: [], pic: '', version: 1, archived: false,
});
const menu = { shopId: 'S1', shops: [], outlets: [], language: 'en', priceDecimals: 2, classes: [], goods: [g('G1', 'Wonton Noodles'), g('G2', 'Milk tea'), g('G3', 'Lemon tea')] } as MenuAnswer;

const sent: { path: string; body: { version: number } & Record<string, unknown> }[] = [];
let current = diet();
const server = setupServer(
  http.get('*/staff/goods/:id/diet', () => HttpResponse.json({ diet: current })),
  http.put('*/staff/goods/:id/diet', async ({ request }) => {
    const body = (await request.json()) as (typeof sent)[number]['body'];
    sent.push({ path: 'diet', body });
    if (body.version !== current.version) return HttpResponse.json({ error: 'Changed by someone else: here are the fresh values. Check them and save again.', current }, { status: 409 });
    const b = body as unknown as { facts: DietFacts; skus: { skuId: string; facts: DietFacts }[] };
    current = { ...current, version: current.version + 1, facts: b.facts, skus: current.skus.map((s) => ({ ...s, facts: b.skus.find((x) => x.skuId === s.skuId)!.facts })) };
    return HttpResponse.json({ diet: current });
  }),
  http.put('*/staff/goods/:id/pairings', async ({ request }) => {
    const body = (await request.json()) as { version: number; goodsIds: string[] };
    sent.push({ path: 'pairings', body });
    current = { ...current, version: current.version + 1, pairings: body.goodsIds.map((id) => ({ goodsId: id, name: id })) };
    return HttpResponse.json({ diet: current });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  current = diet();
  sent.length = 0;
});
afterAll(() => server.close());

const open = async () => {
  renderStaff(<AllergensEditor api={menuApi('', 'en')} goodsId="G1" menu={menu} locale="en" />);
  await userEvent.click(screen.getByRole('button', { name: 'Allergens, diets and pairings' }));
  return screen.findByRole('region', { name: 'Allergens and diets' });
};

test('the goods and a spec\'s choice are stated apart and saved together on the version read', async () => {
  const section = await open();
  expect(within(section).getByLabelText('Gluten (cereals)')).toHaveValue('contains');
  await userEvent.selectOptions(within(section).getByLabelText('Spice level'), '2');
  await userEvent.selectOptions(within(section).getByLabelText('Statement of'), 'Spec: Large');
  expect(within(section).getByLabelText('Gluten (cereals)')).toHaveValue('unknown');
  await userEvent.selectOptions(within(section).getByLabelText('Peanuts'), 'contains');
  await userEvent.click(within(section).getByRole('button', { name: 'Save allergens and diets' }));
  expect(await within(section).findByRole('status')).toHaveTextContent('Allergens and diets saved.');
  const body = sent[0]!.body as unknown as { version: number; facts: DietFacts; skus: { skuId: string; facts: DietFacts }[]; addOns: { optionId: string; facts: DietFacts }[] };
  expect(body.version).toBe(1);
  expect(body.facts.spice).toBe(2);
  expect(body.facts.allergens.peanuts).toBe('unknown');
  expect(body.skus.find((s) => s.skuId === 'K2')!.facts.allergens.peanuts).toBe('contains');
  expect(body.skus.find((s) => s.skuId === 'K1')!.facts.allergens.peanuts).toBe('unknown');
  expect(body.addOns).toEqual([{ optionId: 'O1', facts: facts({ eggs: 'contains' }) }]);
});

test('someone else saved first: their values are shown and the next save is on their version; vegan but not vegetarian is refused before sending', async () => {
  const section = await open();
  current = diet({ version: 5, facts: facts({ gluten: 'contains', sesame: 'may' }) });
  await userEvent.selectOptions(within(section).getByLabelText('Milk'), 'free');
  await userEvent.click(within(section).getByRole('button', { name: 'Save allergens and diets' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent('Not saved: Changed by someone else');
  await waitFor(() => expect(within(section).getByLabelText('Sesame')).toHaveValue('may'));
  expect(within(section).getByLabelText('Milk')).toHaveValue('unknown');

  await userEvent.selectOptions(within(section).getByLabelText('Vegan'), 'yes');
  await userEvent.selectOptions(within(section).getByLabelText('Vegetarian'), 'no');
  await userEvent.click(within(section).getByRole('button', { name: 'Save allergens and diets' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent('A vegan dish is vegetarian too.');
  expect(sent).toHaveLength(1);
  await userEvent.selectOptions(within(section).getByLabelText('Vegetarian'), 'yes');
  await userEvent.click(within(section).getByRole('button', { name: 'Save allergens and diets' }));
  await waitFor(() => expect(sent.map((s) => s.body.version)).toEqual([1, 5]));
});

test('pairings: added from the shop\'s goods, removed, saved in order', async () => {
  const section = await open();
  const pairs = within(section).getByRole('form', { name: 'Goes well with (at most 8)' });
  expect(within(pairs).getByRole('listitem')).toHaveTextContent('Milk tea');
  // The goods itself and what is already paired are not offered.
  const choose = within(pairs).getByLabelText('Goods to pair');
  expect(within(choose).getAllByRole('option').map((o) => o.textContent)).toEqual(['', 'Lemon tea (#G3)']);
  await userEvent.selectOptions(choose, 'G3');
  await userEvent.click(within(pairs).getByRole('button', { name: 'Add to the pairings' }));
  await userEvent.click(within(pairs).getByRole('button', { name: 'Remove Milk tea' }));
  await userEvent.click(within(pairs).getByRole('button', { name: 'Save pairings' }));
  expect(await within(pairs).findByRole('status')).toHaveTextContent('Pairings saved.');
  expect(sent).toEqual([{ path: 'pairings', body: { version: 1, goodsIds: ['G3'] } }]);
});
