/**
 * couponsList and couponDetails through the UI with a real store and one
 * gateway stand-in: tabs, the three coupon types, Get coupons (claim, limits,
 * stock), the code entry with SPEC 5's messages, the details with the code
 * as a QR code; each page's loading, empty, error and full states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, makeNetworkFail, refusal, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { guest, member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { qrPath } from '../../ui/QrCode';
import CouponDetailsPage from './CouponDetailsPage';
import CouponsListPage from './CouponsListPage';

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

const signedIn = { shop: shopState(), auth: { member, status: 'signedIn' as const } };

/** A member's card as their list answers it. */
const card = (over: Partial<StandInRow<'EntCard_VipCardList_Get'>>): StandInRow<'EntCard_VipCardList_Get'> => ({
  CardID: 'C1',
  CardCode: 'HBK20C0001',
  PlanID: 'P1',
  PlanName: '20元现金券',
  PlanNameTW: '20元現金券',
  PlanNameEN: 'MOP$20 Cash Coupon',
  CardType: '1',
  FaceValue: '20.0000',
  MinAmount: '100.0000',
  BeginTime: '2026-11-01T00:00:00Z',
  EndTime: '2026-12-31T00:00:00Z',
  Status: 0,
  UsedTime: '',
  Remark: '',
  ...over,
});

/** A coupon as its detail and a code's look-ups answer it: the card without UsedTime (only the member's list says when it was used). */
const coupon = (over: Partial<StandInRow<'EntCard_CardDetailGet_V1_Get'>>): Partial<StandInRow<'EntCard_CardDetailGet_V1_Get'>> => {
  const { UsedTime: _usedTime, ...row } = card({});
  return { ...row, ...over };
};

const plan = (over: Partial<StandInRow<'EntCard_EntCardPlanList_Get'>>): StandInRow<'EntCard_EntCardPlanList_Get'> => ({
  PlanID: 'P1',
  PlanName: '20元现金券',
  PlanNameTW: '20元現金券',
  PlanNameEN: 'MOP$20 Cash Coupon',
  CardType: '1',
  FaceValue: '20.0000',
  MinAmount: '100.0000',
  ValidDays: 60,
  CanClaim: 1,
  Claimed: 0,
  ClaimedCount: 0,
  PerMemberLimit: 1,
  Stock: -1,
  Remark: '',
  ...over,
});

const BY_STATUS: Record<number, StandInRow<'EntCard_VipCardList_Get'>[]> = {
  0: [
    card({}),
    card({ CardID: 'C2', CardCode: 'HBK85D0001', PlanNameEN: '15% Off Coupon', CardType: '2', FaceValue: '85.0000', MinAmount: '0.0000' }),
    card({ CardID: 'C3', CardCode: 'HBK50V0001', PlanNameEN: 'MOP$50 Voucher', CardType: '3', FaceValue: '50.0000', MinAmount: '50.0000' }),
  ],
  1: [card({ CardID: 'C4', Status: 1, UsedTime: '2026-11-20T04:00:00Z' })],
  2: [],
};

function standardAnswers() {
  answer('EntCard_VipCardList_Get', (req) => {
    const status = Number(req.json.tableData[0]!.Status);
    return { table1: BY_STATUS[status] ?? [], table2: [{ TotalCount: (BY_STATUS[status] ?? []).length }] };
  });
  answer('EntCard_EntCardPlanList_Get', {
    table1: [
      plan({}),
      plan({ PlanID: 'P2', PlanNameEN: 'MOP$10 off MOP$60', FaceValue: '10.0000', MinAmount: '60.0000', ValidDays: 30, PerMemberLimit: 2, ClaimedCount: 1, Claimed: 1, Stock: 48 }),
      plan({ PlanID: 'P3', PlanNameEN: '10% Off Coupon', CardType: '2', FaceValue: '90.0000', MinAmount: '0.0000', Stock: 0 }),
      plan({ PlanID: 'P4', PlanNameEN: 'Staff only', CanClaim: 0 }),
    ],
    table2: [{ TotalCount: 4 }],
  });
}

describe('couponsList', () => {
  test('full: three tabs, the three types with value, minimum and validity, each leading to its details', async () => {
    standardAnswers();
    const user = userEvent.setup();
    renderWithProviders(<CouponsListPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Loading your coupons…')).toHaveAttribute('role', 'status');
    const tabs = screen.getByRole('tablist', { name: 'Coupon states' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Not used', 'Used', 'Expired']);
    expect(within(tabs).getByRole('tab', { name: 'Not used' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    const cash = await within(panel).findByRole('link', { name: /MOP\$20 Cash Coupon/ });
    expect(cash).toHaveAttribute('href', '/pages/couponDetails/couponDetails?CardID=C1');
    expect(cash).toHaveTextContent('MOP$20.00 off');
    expect(cash).toHaveTextContent('For orders of MOP$100.00 or more');
    expect(cash).toHaveTextContent('Valid Nov 1, 2026 to Dec 31, 2026');
    expect(within(panel).getByRole('link', { name: /15% Off Coupon/ })).toHaveTextContent('15% off');
    expect(within(panel).getByRole('link', { name: /15% Off Coupon/ })).toHaveTextContent('No minimum spend');
    expect(within(panel).getByRole('link', { name: /MOP\$50 Voucher/ })).toHaveTextContent('MOP$50.00 voucher');

    await user.click(within(tabs).getByRole('tab', { name: 'Used' }));
    expect(await within(screen.getByRole('tabpanel')).findByText('Used on Nov 20, 2026')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Expired' }));
    expect(await screen.findByText('No expired coupons.')).toBeInTheDocument();
    expect(seen.filter((r) => r.op === 'EntCard_VipCardList_Get').map((r) => r.json.tableData[0]!.Status)).toEqual([0, 1, 2]);
  });

  test('Get coupons: claimable plans with stock and limits; a claim, and a refusal at the plan', async () => {
    standardAnswers();
    let claims = 0;
    answer('EntCard_ProvideVipCard_Add', (req) => {
      claims += 1;
      if (req.json.tableData[0]!.PlanID === 'P2') return refusal('50000', 'You have claimed this coupon the most times allowed (2).');
      return { table1: [card({ CardID: 'C9' })] };
    });
    const user = userEvent.setup();
    renderWithProviders(<CouponsListPage />, { preloadedState: signedIn });
    const get = await screen.findByRole('region', { name: 'Get coupons' });
    const claimCash = await within(get).findByRole('button', { name: 'Claim MOP$20 Cash Coupon' });
    expect(within(get).getAllByText('Valid for 60 days after claiming')).toHaveLength(2);
    expect(within(get).getByText('Valid for 30 days after claiming')).toBeInTheDocument();
    expect(within(get).getByText(/48 left/)).toBeInTheDocument();
    expect(within(get).getByText(/1 of 2 claimed/)).toBeInTheDocument();
    expect(within(get).getByRole('button', { name: 'All claimed' })).toBeDisabled();
    expect(within(get).queryByText('Staff only')).toBeNull();

    await user.click(within(get).getByRole('button', { name: 'Claim MOP$10 off MOP$60' }));
    expect(await within(get).findByText('You have claimed this coupon the most times allowed (2).')).toHaveAttribute('role', 'alert');
    const listsBefore = seen.filter((r) => r.op === 'EntCard_VipCardList_Get').length;
    await user.click(claimCash);
    // A claim refreshes the member's coupons (and the plans).
    await waitFor(() => expect(seen.filter((r) => r.op === 'EntCard_VipCardList_Get').length).toBeGreaterThan(listsBefore));
    expect(claims).toBe(2);
  });

  test('the code entry: SPEC 5 messages at the field; a good code is looked up, then added', async () => {
    standardAnswers();
    answer('EntCard_NYHVipCardQueryVerification_Add', (req) => {
      const code = String(req.json.tableData[0]!.CardCode);
      if (code === 'NOPE') return refusal('50000', 'The coupon does not exist');
      if (code === 'USED') return refusal('50000', 'This coupon is not available');
      return { table1: [coupon({ CardID: 'C7', CardCode: code, PlanNameEN: 'MOP$50 Voucher', CardType: '3' })] };
    });
    answer('EntCard_NYHVipCardVerification_Update', (req) => ({ table1: [coupon({ CardID: 'C7', CardCode: String(req.json.tableData[0]!.CardCode), PlanNameEN: 'MOP$50 Voucher', CardType: '3' })] }));
    const user = userEvent.setup();
    renderWithProviders(<CouponsListPage />, { preloadedState: signedIn });
    const field = await screen.findByLabelText('Coupon code');
    const add = screen.getByRole('button', { name: 'Add coupon' });
    await user.click(add);
    expect(await screen.findByText('Please enter the coupon code')).toHaveAttribute('role', 'alert');
    await user.type(field, 'NOPE');
    await user.click(add);
    expect(await screen.findByText('The coupon does not exist')).toHaveAttribute('role', 'alert');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'USED');
    await user.click(add);
    expect(await screen.findByText('This coupon is not available')).toHaveAttribute('role', 'alert');
    expect(seen.some((r) => r.op === 'EntCard_NYHVipCardVerification_Update')).toBe(false);
    await user.clear(field);
    await user.type(field, 'VOUCHER50');
    await user.click(add);
    await screen.findByDisplayValue('');
    expect(seen.filter((r) => r.op === 'EntCard_NYHVipCardVerification_Update').map((r) => r.json.tableData[0]!.CardCode)).toEqual(['VOUCHER50']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('empty, error and the Chinese wording', async () => {
    answer('EntCard_VipCardList_Get', { table1: [], table2: [{ TotalCount: 0 }] });
    answer('EntCard_EntCardPlanList_Get', { table1: [], table2: [{ TotalCount: 0 }] });
    const first = renderWithProviders(<CouponsListPage />, { preloadedState: signedIn, locale: 'zh-TW' });
    expect(await screen.findByText('暫無可用優惠券，可在下方領取。')).toBeInTheDocument();
    expect(await screen.findByText('暫無可領取的優惠券。')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '未使用' })).toBeInTheDocument();
    first.unmount();

    makeNetworkFail('EntCard_VipCardList_Get');
    makeNetworkFail('EntCard_EntCardPlanList_Get');
    const user = userEvent.setup();
    renderWithProviders(<CouponsListPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Your coupons could not be loaded.')).toHaveAttribute('role', 'alert');
    expect(await screen.findByText('The coupons to claim could not be loaded.')).toBeInTheDocument();
    standardAnswers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /MOP\$20 Cash Coupon/ })).toBeInTheDocument();
  });

  test('a guest gets the login prompt and nothing is asked', async () => {
    renderWithProviders(<CouponsListPage />, { preloadedState: { shop: shopState(), auth: { member: guest, status: 'signedIn' as const } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Operation not allowed without logging-in.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/loginByCode/loginByCode?redirect=/pages/couponsList/couponsList');
    expect(seen).toEqual([]);
  });
});

describe('couponDetails', () => {
  const ROUTE = '/pages/couponDetails/couponDetails?CardID=C1';

  test('full: value, rules, validity, the shops, and the code as a QR code', async () => {
    answer('EntCard_CardDetailGet_V1_Get', {
      table1: [coupon({})],
      table2: [
        { ShopID: 'S1', ShopName: '港湾厨房', ShopNameTW: '港灣廚房', ShopNameEN: 'Harbour Kitchen' },
        { ShopID: 'S2', ShopName: '氹仔美食广场', ShopNameTW: '氹仔美食廣場', ShopNameEN: 'Taipa Food Court' },
      ],
    });
    renderWithProviders(<CouponDetailsPage />, { route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByText('Loading the coupon…')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { name: 'MOP$20 Cash Coupon' })).toBeInTheDocument();
    expect(screen.getByText('MOP$20.00 off')).toBeInTheDocument();
    expect(screen.getByText('Cash coupon')).toBeInTheDocument();
    expect(screen.getByText('For orders of MOP$100.00 or more')).toBeInTheDocument();
    expect(screen.getByText('Valid Nov 1, 2026 to Dec 31, 2026')).toBeInTheDocument();
    expect(screen.getByText('Harbour Kitchen')).toBeInTheDocument();
    expect(screen.getByText('Taipa Food Court')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'Coupon code HBK20C0001 as a QR code' });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath('HBK20C0001').d);
    expect(screen.getByText('HBK20C0001')).toBeInTheDocument();
    expect(seen.find((r) => r.op === 'EntCard_CardDetailGet_V1_Get')!.json.tableData[0]).toMatchObject({ CardID: 'C1' });
  });

  test('a used coupon shows no code to scan', async () => {
    answer('EntCard_CardDetailGet_V1_Get', { table1: [coupon({ Status: 1 })], table2: [] });
    renderWithProviders(<CouponDetailsPage />, { route: ROUTE, preloadedState: signedIn, locale: 'zh-CN' });
    expect(await screen.findByText(/此优惠券已使用。/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  test('someone else\'s coupon (the service says it does not exist), and a broken network', async () => {
    answer('EntCard_CardDetailGet_V1_Get', refusal('50000', 'The coupon does not exist'));
    const first = renderWithProviders(<CouponDetailsPage />, { route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByText('The coupon does not exist')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my coupons' })).toBeInTheDocument();
    first.unmount();
    resetGateway();
    makeNetworkFail('EntCard_CardDetailGet_V1_Get');
    renderWithProviders(<CouponDetailsPage />, { route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByText('The coupon could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
