/** Issue 28 section 2: the menu of an outlet that charges service says so ("prices + 10% service"). */
import { screen } from '@testing-library/react';
import { baseInfo, orderState, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { ServiceNote } from './GoodsListPage';

test("the menu of an outlet that charges service says so, in the diner's language; one that does not says nothing", async () => {
  const at = (bp: number) =>
    orderState({ shop: shopState({ baseInfo: baseInfo({ ServiceChargeBp: bp }) }) });
  const { unmount } = renderWithProviders(<ServiceNote />, { preloadedState: at(1000) });
  expect(await screen.findByText('Dine-in prices + 10% service charge')).toBeInTheDocument();
  unmount();
  const zh = renderWithProviders(<ServiceNote />, { preloadedState: at(1000), locale: 'zh-TW' });
  expect(await screen.findByText('堂食價格另加 10% 服務費')).toBeInTheDocument();
  zh.unmount();
  renderWithProviders(
    <>
      <ServiceNote />
      <p>menu</p>
    </>,
    { preloadedState: at(0) },
  );
  expect(await screen.findByText('menu')).toBeInTheDocument();
  expect(screen.queryByText(/service charge/)).toBeNull();
});
