/** The mine tab's header: a member's details and the ways to their pages; a guest or nobody is offered the sign-in. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { answer, resetGateway, seen, server } from '../../test/gateway';
import { guest, member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import MinePage, { maskPhone } from './MinePage';

const ROUTE = '/pages/mine/mine';
jest.setTimeout(20_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('EntVip_EntVipDetailGet_V1_Get', () => ({
    table1: [
      {
        VipID: 'VIP1',
        VipName: 'Chan Tai Man',
        Sex: 2,
        HeadImg: 'UserHeadImg/2026/11/abc.png',
        Phone: '66123456',
        AreaNo: '853',
        Birthy: '1990-05-01',
        VipCode: '8530000001',
        Balance: '500.0000',
        Score: '1200.0000',
        CouponCount: 3,
        IsGuest: 0,
        EntID: '881000000101',
      },
    ],
  }));
});
afterEach(() => resetGateway());
afterAll(() => server.close());

const detailCalls = () => seen.filter((r) => r.op === 'EntVip_EntVipDetailGet_V1_Get').length;

test("a member: avatar, name, masked phone, and balance, points and coupons leading to their pages", async () => {
  renderWithProviders(<MinePage />, { route: ROUTE, preloadedState: { shop: shopState(), auth: { member, status: 'signedIn' } } });
  await screen.findByRole('link', { name: 'MOP$500.00 Balance' });
  const avatar = screen.getByRole('img', { name: "Chan Tai Man's profile picture" });
  expect(avatar).toHaveAttribute('src', '/oss/UserHeadImg/2026/11/abc.png');
  const header = avatar.closest('header')!;
  expect(within(header).getByRole('heading', { name: 'Chan Tai Man' })).toBeInTheDocument();
  expect(header).toHaveTextContent('Phone +853 66****56');
  expect(header).not.toHaveTextContent('66123456');
  expect(within(header).getByRole('link', { name: 'MOP$500.00 Balance' })).toHaveAttribute('href', '/pages/vipBalance/vipBalance');
  expect(within(header).getByRole('link', { name: '1,200 Points' })).toHaveAttribute('href', '/pages/vipScoreRecordList/vipScoreRecordList');
  expect(within(header).getByRole('link', { name: '3 Coupons' })).toHaveAttribute('href', '/pages/couponsList/couponsList');
  expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  // The language switch and the member's pages are still there.
  expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  expect(screen.getByRole('link', { name: 'Member code' })).toHaveAttribute('href', '/pages/vipQrCode/vipQrCode');
  expect(detailCalls()).toBe(1);
});

test.each([
  ['a guest', guest],
  ['nobody signed in', null],
])('%s: the sign-in, coming back to mine; no figures', async (_who, who) => {
  renderWithProviders(<MinePage />, { route: ROUTE, preloadedState: { shop: shopState(), auth: { member: who, status: who ? 'signedIn' : 'signedOut' } } });
  const signIn = await screen.findByRole('link', { name: 'Sign in' });
  expect(signIn).toHaveAttribute('href', '/pages/loginByCode/loginByCode?redirect=/pages/mine/mine');
  expect(screen.getByText('Sign in to see your balance, points and coupons.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Balance$/ })).toBeNull();
  expect(screen.queryByText(/66\*\*\*\*56/)).toBeNull();
  if (!who) expect(detailCalls()).toBe(0);
});

test('phones are masked in the middle', () => {
  expect(maskPhone('66123456')).toBe('66****56');
  expect(maskPhone('13812345678')).toBe('138****5678');
  expect(maskPhone('1234')).toBe('1234');
});

describe('Sign out (issue 22)', () => {
  test('a member signs out: the service ends the session, the page shows the sign-in, the phone forgets the member', async () => {
    answer('EntVip_EntVipLogout_Add', () => ({ table1: [{ SignedOut: 1 }] }));
    localStorage.setItem('VipID', 'VIP1');
    sessionStorage.setItem('openUserInfo', '{"openid":"o1"}');
    const user = userEvent.setup();
    const { store } = renderWithProviders(<MinePage />, { route: ROUTE, preloadedState: { shop: shopState(), auth: { member, status: 'signedIn' } } });
    await screen.findByRole('link', { name: 'MOP$500.00 Balance' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toHaveAttribute('role', 'status');
    expect(seen.filter((r) => r.op === 'EntVip_EntVipLogout_Add')).toHaveLength(1);
    expect(store.getState().auth).toEqual({ member: null, status: 'signedOut' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Balance$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(localStorage.getItem('VipID')).toBeNull();
    expect(sessionStorage.getItem('openUserInfo')).toBeNull();
  });

  test('in Chinese; offline, nothing is forgotten and the member is told', async () => {
    server.use(http.post('*/HBBAPI/GetData', () => HttpResponse.error(), { once: true }));
    const user = userEvent.setup();
    const { store } = renderWithProviders(<MinePage />, {
      route: ROUTE,
      locale: 'zh-TW',
      preloadedState: { shop: shopState(), auth: { member, status: 'signedIn' } },
    });
    await user.click(await screen.findByRole('button', { name: '登出' }));
    expect(await screen.findByText('未能登出，請檢查網絡後重試。')).toBeInTheDocument();
    expect(store.getState().auth.member).toEqual(member);
  });

  test('a guest has no Sign out', async () => {
    renderWithProviders(<MinePage />, { route: ROUTE, preloadedState: { shop: shopState(), auth: { member: guest, status: 'signedIn' } } });
    await screen.findByRole('link', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});

test.each([
  ['en', 'Member 66****12', 'Phone +853 66****12'],
  ['zh-TW', '會員 66****12', '66****12'],
] as const)('%s: a new member without a name is named by the masked phone, not left blank (issue 23)', async (locale, name, phone) => {
  answer('EntVip_EntVipDetailGet_V1_Get', {
    table1: [{ VipID: 'VIP9', VipName: '', Sex: 0, HeadImg: '', Phone: '66126612', AreaNo: '853', Birthy: '', VipCode: '8530000009', Balance: '0.0000', Score: '0.0000', CouponCount: 0, IsGuest: 0, EntID: '881000000101' }],
  });
  renderWithProviders(<MinePage />, { route: ROUTE, locale, preloadedState: { shop: shopState(), auth: { member: { VipID: 'VIP9', VipName: '', isGuest: false }, status: 'signedIn' } } });
  const heading = await screen.findByRole('heading', { name });
  expect(heading.closest('header')).toHaveTextContent(phone);
});
