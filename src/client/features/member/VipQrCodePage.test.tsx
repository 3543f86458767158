/**
 * vipQrCode through the UI: the member code as a QR code and as text, the
 * seconds it has left, a new code fetched when they run out (every minute),
 * and a guest asked to sign in.
 */
import { act, screen } from '@testing-library/react';
import { answer, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { guest, member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { qrPath } from '../../ui/QrCode';
import VipQrCodePage from './VipQrCodePage';

const ROUTE = '/pages/vipQrCode/vipQrCode';
jest.setTimeout(20_000);

const row = (over: Partial<StandInRow<'EntVip_EntVipDetailGet_V1_Get'>>): StandInRow<'EntVip_EntVipDetailGet_V1_Get'> => ({
  VipID: 'VIP1',
  VipName: 'Chan Tai Man',
  Sex: 2,
  HeadImg: '',
  Phone: '66123456',
  AreaNo: '853',
  Birthy: '',
  VipCode: '8530000001',
  Balance: '500.0000',
  Score: '1200.0000',
  CouponCount: 3,
  IsGuest: 0,
  EntID: '881000000101',
  ...over,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  jest.useRealTimers();
  resetGateway();
});
afterAll(() => server.close());

const detailCalls = () => seen.filter((r) => r.op === 'EntVip_EntVipDetailGet_V1_Get').length;
const signedIn = { shop: shopState(), auth: { member, status: 'signedIn' as const } };

test('the member code as a QR code and as text, a new one every minute', async () => {
  jest.useFakeTimers({ now: new Date('2026-11-22T04:00:00Z') });
  let n = 0;
  answer('EntVip_EntVipDetailGet_V1_Get', () => {
    n += 1;
    return { table1: [row({ MemberCode: `8530000001-00000${n}`, MemberCodeExpiresIn: 60 })] };
  });
  renderWithProviders(<VipQrCodePage />, { route: ROUTE, preloadedState: signedIn });

  expect(await screen.findByText('8530000001-000001')).toBeInTheDocument();
  const qr = screen.getByRole('img', { name: 'Member code 8530000001-000001 as a QR code' });
  expect(qr.tagName.toLowerCase()).toBe('svg');
  expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath('8530000001-000001').d);
  expect(screen.getByRole('timer')).toHaveTextContent('A new code in 60 seconds');
  expect(detailCalls()).toBe(1);

  await act(async () => {
    jest.advanceTimersByTime(20_000);
  });
  expect(screen.getByRole('timer')).toHaveTextContent('A new code in 40 seconds');
  expect(detailCalls()).toBe(1);

  await act(async () => {
    jest.advanceTimersByTime(40_000);
  });
  expect(await screen.findByText('8530000001-000002')).toBeInTheDocument();
  expect(screen.queryByText('8530000001-000001')).toBeNull();
  expect(screen.getByRole('img', { name: 'Member code 8530000001-000002 as a QR code' })).toBeInTheDocument();
  expect(detailCalls()).toBe(2);

  await act(async () => {
    jest.advanceTimersByTime(60_000);
  });
  expect(await screen.findByText('8530000001-000003')).toBeInTheDocument();
  expect(detailCalls()).toBe(3);
});

test('the seconds left come from the service, so the code turns with the minute', async () => {
  jest.useFakeTimers({ now: new Date('2026-11-22T04:00:45Z') });
  let n = 0;
  answer('EntVip_EntVipDetailGet_V1_Get', () => {
    n += 1;
    return { table1: [row({ MemberCode: `8530000001-10000${n}`, MemberCodeExpiresIn: n === 1 ? 15 : 60 })] };
  });
  renderWithProviders(<VipQrCodePage />, { route: ROUTE, preloadedState: signedIn });
  expect(await screen.findByText('8530000001-100001')).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveTextContent('A new code in 15 seconds');
  await act(async () => {
    jest.advanceTimersByTime(15_000);
  });
  expect(await screen.findByText('8530000001-100002')).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveTextContent('A new code in 60 seconds');
});

test('no code from the service: said so', async () => {
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [row({})] });
  renderWithProviders(<VipQrCodePage />, { route: ROUTE, preloadedState: signedIn });
  expect(await screen.findByText('The member code is not available right now.')).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
});

test('a guest is asked to sign in', async () => {
  renderWithProviders(<VipQrCodePage />, { route: ROUTE, preloadedState: { shop: shopState(), auth: { member: guest, status: 'signedIn' } } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Operation not allowed without logging-in.');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/loginByCode/loginByCode?redirect=/pages/vipQrCode/vipQrCode');
  expect(detailCalls()).toBe(0);
});
