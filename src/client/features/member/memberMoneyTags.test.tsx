/**
 * Issue 13 item 9: after paying from the balance, a refund (cancel), a
 * provider payment confirmed, a top-up paid and an order using a coupon, the
 * Mine page shows the new balance, points and coupon count without a reload
 * (RTK Query tags: the member's figures are invalidated by each of them).
 */
import { act, screen } from '@testing-library/react';
import { answer, resetGateway, server, type StandIn } from '../../test/gateway';
import { member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import MinePage from './MinePage';
import { checkoutApi } from '../checkout';
import { ordersApi } from '../orders';
import { paymentsApi } from '../payments';
import { walletApi } from '../wallet';

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

let figures = { Balance: '500.0000', Score: '1200.0000', CouponCount: 3 };
const detail = (): StandIn<'EntVip_EntVipDetailGet_V1_Get'> => ({
  table1: [{ VipID: 'VIP1', VipName: 'Chan Tai Man', Sex: 2, HeadImg: '', Phone: '66123456', AreaNo: '853', Birthy: '', VipCode: '1', IsGuest: 0, ...figures }],
});

test('Mine follows every change of the member\'s money without a reload', async () => {
  answer('EntVip_EntVipDetailGet_V1_Get', detail);
  const { store } = renderWithProviders(<MinePage />, { preloadedState: { shop: shopState(), auth: { member, status: 'signedIn' as const } } });
  expect(await screen.findByText('MOP$500.00')).toBeInTheDocument();

  // Paid from the balance.
  answer('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', { table1: [{ SheetID: 'SH1' }] });
  figures = { Balance: '474.5000', Score: '1202.0000', CouponCount: 3 };
  await act(async () => {
    await store.dispatch(paymentsApi.endpoints.payByBalance.initiate({ SheetID: 'SH1', PayAmo: '25.50' }));
  });
  expect(await screen.findByText('MOP$474.50')).toBeInTheDocument();
  expect(screen.getByText('1,202')).toBeInTheDocument();

  // Cancelled and refunded.
  answer('PosSalSheet_PosSalSheetCloseSubmit_V5_Add', { table1: [{ SheetID: 'SH1' }] });
  figures = { Balance: '500.0000', Score: '1200.0000', CouponCount: 3 };
  await act(async () => {
    await store.dispatch(ordersApi.endpoints.cancelOrder.initiate({ SheetID: 'SH1' }));
  });
  expect(await screen.findByText('MOP$500.00')).toBeInTheDocument();

  // A provider payment confirmed: the points it earned.
  answer('Finance_PaySubmit_V2_Update', { table1: [{ PayID: 'PAY1', SheetID: 'SH2', Status: 'paid', Amount: '30.0000', PaidAt: '' }] });
  figures = { Balance: '500.0000', Score: '1203.0000', CouponCount: 3 };
  await act(async () => {
    await store.dispatch(paymentsApi.endpoints.paymentStatus.initiate({ SheetID: 'SH2', PayID: 'PAY1' }));
  });
  expect(await screen.findByText('1,203')).toBeInTheDocument();

  // A top-up paid.
  answer('VipRecharge_VipAccountRechargeStatus_V3_Get', { table1: [{ SheetID: 'R1', PayID: 'RCH1', PayUrl: '', Status: 'paid', Amo: '100.0000', GiftAmo: '10.0000', Balance: '610.0000', PaidAt: '' }] });
  figures = { Balance: '610.0000', Score: '1203.0000', CouponCount: 3 };
  await act(async () => {
    await store.dispatch(walletApi.endpoints.rechargeStatus.initiate({ SheetID: 'R1' }));
  });
  expect(await screen.findByText('MOP$610.00')).toBeInTheDocument();

  // An order that used a coupon.
  answer('PosSalSheet_NewCYSendSheetSubmit_Add', { table1: [{ SheetID: 'SH3' }] });
  figures = { Balance: '610.0000', Score: '1203.0000', CouponCount: 2 };
  await act(async () => {
    await store.dispatch(checkoutApi.endpoints.submitOrder.initiate({ row: { ShopID: 'S1', BaseID: 'B1', TotalAmo: '100.00', LocalSheetID: '20261124000000123456' }, items: [] }));
  });
  expect(await screen.findByRole('link', { name: '2 Coupons' })).toBeInTheDocument();
});
