/**
 * Issue 23 at checkout: a dine-in order placed from a table (a pay-before
 * outlet) is not offered paying on delivery or at the counter, nor the
 * balance to a guest; the same table's customer taking the order away is.
 */
import { screen, within } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, server } from '../../test/gateway';
import { baseInfo, guest, member, orderState, PAY_METHODS, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

jest.setTimeout(20_000);
const CONFIRM = '/pages/prepayOrderConfirm/prepayOrderConfirm';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS));
afterEach(() => {
  resetGateway();
  window.localStorage.clear();
});
afterAll(() => server.close());

/** At table C01 of a pay-before outlet that offers both ways of ordering. */
const atTable = () => shopState({ baseInfo: baseInfo({ BusinessMode: '0' }), tableInfo: { TableID: 'T1', TableName: 'C01' } }, { TableID: 'T1' });

const offered = async () => {
  const group = await screen.findByRole('group', { name: 'Payment method' });
  await within(group).findAllByRole('radio');
  return within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent);
};

test.each([
  ['a guest', guest, ['Online payment']],
  ['a member', member, ['Member balance', 'Online payment']],
] as const)('%s dining in at a table: no paying at the counter', async (_who, who, methods) => {
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState({ mode: '2', shop: atTable(), who }) });
  expect(await screen.findByText('Dine in')).toBeInTheDocument();
  expect(await offered()).toEqual(methods);
});

test('taking the order away from the same table: all three', async () => {
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState({ mode: '1', shop: atTable(), who: guest }) });
  expect(await offered()).toEqual(['Member balance', 'Online payment', 'Pay on delivery']);
});
