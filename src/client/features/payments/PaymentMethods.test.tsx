/**
 * The payment methods offered (issue 23, payTypes.ts payTypeOffered): for an
 * order eaten at a table, paying on delivery or at the counter is not
 * offered, nor the balance to a guest; otherwise all three are, the balance
 * asking a guest to sign in. (The checkout tells it from its order type and
 * the table, the order's page from the order: OrderConfirmPage.test.tsx,
 * flows/OrderPayment.)
 */
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { answer, resetGateway, server } from '../../test/gateway';
import { guest, member, orderState, PAY_METHODS, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { PaymentMethods } from './PaymentMethods';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS));
afterEach(() => resetGateway());
afterAll(() => server.close());

function Methods({ dineInAtTable, initial = '' }: { dineInAtTable?: boolean; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PaymentMethods ShopID="S1" BaseID="B1" value={value} onChange={setValue} dineInAtTable={dineInAtTable} />
      <output>chosen: {value || 'none'}</output>
    </>
  );
}

const offered = async () => {
  const group = await screen.findByRole('group', { name: 'Payment method' });
  await within(group).findAllByRole('radio');
  return within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent);
};

const atTable = () => shopState({ tableInfo: { TableID: 'T1', TableName: 'A01' } }, { TableID: 'T1' });

test('a guest dining in at a table: the provider only', async () => {
  renderWithProviders(<Methods dineInAtTable />, { preloadedState: orderState({ mode: '2', shop: atTable(), who: guest }) });
  expect(await offered()).toEqual(['Online payment']);
});

test('a member dining in at a table: the balance and the provider, not pay later', async () => {
  renderWithProviders(<Methods dineInAtTable />, { preloadedState: orderState({ mode: '2', shop: atTable(), who: member }) });
  expect(await offered()).toEqual(['Member balance', 'Online payment']);
});

test('a guest taking away: all three, as before', async () => {
  renderWithProviders(<Methods />, { preloadedState: orderState({ mode: '1', shop: atTable(), who: guest }) });
  expect(await offered()).toEqual(['Member balance', 'Online payment', 'Pay on delivery']);
});

test('a choice kept from elsewhere that is not offered here is no choice', async () => {
  renderWithProviders(<Methods dineInAtTable initial="paylater" />, { preloadedState: orderState({ mode: '2', shop: atTable(), who: member }) });
  await offered();
  expect(await screen.findByText('chosen: none')).toBeInTheDocument();
});
