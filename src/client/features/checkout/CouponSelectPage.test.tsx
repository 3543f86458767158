/** couponSelect through the UI: the member's coupons, the code entry and its messages, and the choice back on the confirm page. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, refusal, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { guest, orderState, PAY_METHODS } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

const COUPONS = '/pages/couponSelect/couponSelect';

const card = (over: Partial<StandInRow<'EntCard_CardDetailGet_V1_Get'>>): Partial<StandInRow<'EntCard_CardDetailGet_V1_Get'>> => ({
  CardID: 'C1',
  CardCode: 'CASH20',
  PlanName: '20元现金券',
  PlanNameTW: '20元現金券',
  PlanNameEN: 'MOP$20 Cash Coupon',
  CardType: '1',
  FaceValue: '20.0000',
  MinAmount: '100.0000',
  BeginTime: '2026-11-01T00:00:00Z',
  EndTime: '2026-12-31T00:00:00Z',
  Status: 0,
  Usable: 1,
  Reason: '',
  ...over,
});

// Pages loaded through the shell with a real store take a few seconds on a shared machine.
jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer('EntCard_ScreenVipAailableCard_V2_Get', {
    table1: [
      card({}),
      card({ CardID: 'C2', CardCode: 'OFF15', PlanName: '85折优惠券', PlanNameEN: '15% Off Coupon', CardType: '2', FaceValue: '85.0000', MinAmount: '0.0000', Usable: 0, Reason: 'couponUnavailable', ReasonText: 'Not for takeaway orders' }),
    ],
  });
  answer('EntCard_CardDetailGet_V1_Get', (req) => {
    const code = req.json.tableData[0]!.CardCode;
    if (code === 'NOPE') return refusal('50000', 'The coupon does not exist');
    // Looked up at the order's outlet (issue 27): a plan limited to other outlets is refused here.
    if (code === 'ELSEWHERE') return req.json.tableData[0]!.BaseID === 'B1' ? refusal('50000', 'This coupon cannot be used at this outlet') : { table1: [card({ CardID: 'C7', CardCode: 'ELSEWHERE' })] };
    if (code === 'USED') return refusal('50000', 'This coupon is not available');
    if (code === 'V150') return { table1: [card({ CardID: 'C9', CardCode: 'V150', PlanNameEN: 'MOP$150 Voucher', CardType: '3', FaceValue: '150.0000', MinAmount: '0.0000' })] };
    return { table1: [card({ CardID: 'C5', CardCode: String(code) })] };
  });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

test('the code entry says what is wrong with a code', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: COUPONS, preloadedState: orderState() });
  const field = await screen.findByLabelText('Coupon code');
  const use = screen.getByRole('button', { name: 'Use this code' });

  await user.click(use);
  expect(screen.getByRole('alert')).toHaveTextContent('Please enter the coupon code');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(seen.some((r) => r.op === 'EntCard_CardDetailGet_V1_Get')).toBe(false);

  await user.type(field, 'NOPE');
  await user.click(use);
  expect(await screen.findByText('The coupon does not exist')).toHaveAttribute('role', 'alert');

  await user.clear(field);
  await user.type(field, 'USED');
  await user.click(use);
  expect(await screen.findByText('This coupon is not available')).toHaveAttribute('role', 'alert');

  // A coupon of a plan limited to other outlets, looked up at this order's outlet (issue 27).
  await user.clear(field);
  await user.type(field, 'ELSEWHERE');
  await user.click(use);
  expect(await screen.findByText('This coupon cannot be used at this outlet')).toHaveAttribute('role', 'alert');

  // A MOP$150 voucher on a MOP$114.00 order.
  await user.clear(field);
  await user.type(field, 'V150');
  await user.click(use);
  expect(await screen.findByText('The order must be at least the voucher’s value (MOP$150.00).')).toHaveAttribute('role', 'alert');
  // No toast: the messages belong to the field.
  expect(screen.queryByText('The coupon does not exist')).toBeNull();
});

test('a good code is chosen and the confirm page takes it off the total', async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: COUPONS, preloadedState: orderState() });
  await user.type(await screen.findByLabelText('Coupon code'), 'WELCOME');
  await user.click(screen.getByRole('button', { name: 'Use this code' }));
  expect(await screen.findByRole('heading', { name: 'Confirm order' })).toBeInTheDocument();
  expect(store.getState().checkout.coupon).toMatchObject({ CardCode: 'WELCOME', CardID: 'C5' });
  expect(await screen.findByRole('button', { name: /Coupon MOP\$20 Cash Coupon: −MOP\$20\.00/ })).toBeInTheDocument();
  // 114.00 - 20.00 + 2 bags (pickup).
  expect(screen.getByTestId('order-total')).toHaveTextContent('MOP$96.00');
});

test("the member's coupons: a usable one is chosen, one that is not shows why; or none", async () => {
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, { route: COUPONS, preloadedState: orderState() });
  const off = await screen.findByRole('button', { name: /15% Off Coupon/ });
  expect(off).toBeDisabled();
  expect(within(off).getByText('Not for takeaway orders')).toBeInTheDocument();
  const request = seen.find((r) => r.op === 'EntCard_ScreenVipAailableCard_V2_Get')!;
  expect(request.json.tableData[0]).toMatchObject({ Amo: '114.00', BaseID: 'B1' });
  await user.click(screen.getByRole('button', { name: /MOP\$20 Cash Coupon/ }));
  expect(await screen.findByRole('heading', { name: 'Confirm order' })).toBeInTheDocument();
  expect(store.getState().checkout.coupon?.CardCode).toBe('CASH20');

  await user.click(screen.getByRole('button', { name: /^Coupon/ }));
  await user.click(await screen.findByRole('button', { name: 'No coupon' }));
  expect(await screen.findByRole('button', { name: 'Coupon Choose a coupon' })).toBeInTheDocument();
  expect(store.getState().checkout.coupon).toBeNull();
});

test('a guest is asked to sign in', async () => {
  renderWithProviders(<Shell />, { route: COUPONS, preloadedState: orderState({ who: guest }) });
  expect(await screen.findByRole('alert')).toHaveTextContent('Operation not allowed without logging-in.');
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  expect(seen.some((r) => r.op === 'EntCard_ScreenVipAailableCard_V2_Get')).toBe(false);
});

test('loading, empty, and an error that can be tried again (the code entry still works meanwhile)', async () => {
  answer('EntCard_ScreenVipAailableCard_V2_Get', { table1: [] });
  const first = renderWithProviders(<Shell />, { route: COUPONS, preloadedState: orderState() });
  expect(await screen.findByText('Loading your coupons…')).toHaveAttribute('role', 'status');
  expect(await screen.findByText('You have no coupons for this order.')).toBeInTheDocument();
  first.unmount();
  resetGateway();

  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer('EntCard_ScreenVipAailableCard_V2_Get', 'network-error');
  const user = userEvent.setup();
  renderWithProviders(<Shell />, { route: COUPONS, preloadedState: orderState() });
  expect(await screen.findByText('Your coupons could not be loaded. You can still enter a code.')).toHaveAttribute('role', 'alert');
  expect(screen.getByLabelText('Coupon code')).toBeEnabled();
  answer('EntCard_ScreenVipAailableCard_V2_Get', { table1: [card({})] });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: /MOP\$20 Cash Coupon/ })).toBeEnabled();
});
