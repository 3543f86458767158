/** loginByCode through the UI: field rules, sending a code and its countdown, signing in (with a host's openid), the way back, and the calling code round trip. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { answer, makeRefuse, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { guest, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import AreaCodeSelectPage from './AreaCodeSelectPage';
import LoginByCodePage, { hostFields } from './LoginByCodePage';
import { saveOpenUserInfo, type OpenUserInfo } from '../../session';

const LOGIN = '/pages/loginByCode/loginByCode';
const AREA = '/pages/areaCodeSelect/areaCodeSelect';
const GOODS = '/pages/goodsList/goodsList';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The two pages (the lead wires them into the shell), a menu page that links to sign-in, and a marker for anywhere else. */
function Pages() {
  return (
    <Routes>
      <Route path={LOGIN} element={<LoginByCodePage />} />
      <Route path={AREA} element={<AreaCodeSelectPage />} />
      <Route
        path={GOODS}
        element={
          <>
            <h1>Menu</h1>
            <Link to={LOGIN}>Go and sign in</Link>
          </>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

const state = () => ({ shop: shopState(), auth: { member: guest, status: 'signedIn' as const } });
const renderAt = (route: string, locale: 'en' | 'zh-TW' = 'en') =>
  renderWithProviders(<Pages />, { route, preloadedState: state(), locale });

const AREAS = {
  table1: [
    { AreaNo: '853', AreaName: '中国澳门', AreaNameTW: '中國澳門', AreaNameEN: 'Macau', Sort: 1 },
    {
      AreaNo: '852',
      AreaName: '中国香港',
      AreaNameTW: '中國香港',
      AreaNameEN: 'Hong Kong',
      Sort: 2,
    },
    {
      AreaNo: '86',
      AreaName: '中国大陆',
      AreaNameTW: '中國大陸',
      AreaNameEN: 'Mainland China',
      Sort: 3,
    },
  ],
};
const MEMBER_ROW: StandInRow<'EntVip_EntVipRegisterSubmit_V2_Add'> = {
  VipID: 'VIP9',
  VipName: 'Chan',
  Sex: 0,
  HeadImg: '',
  Phone: '66123456',
  AreaNo: '853',
  Birthy: '',
  VipCode: '9',
  Balance: '0',
  Score: '0',
  CouponCount: 0,
  IsGuest: 0,
  EntID: 'E',
};

const host: OpenUserInfo = {
  provider: 'chat',
  openid: 'oCHAT0001',
  unionid: 'u1',
  MinaID: 'MINA1',
  nickname: 'TaiMan',
  headimgurl: 'http://localhost/sandbox/identity/avatar/1.png',
  sex: 1,
  accessToken: 'tok-1',
  phone: '',
};

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  answer('Phone_SMSAreaGet_Get', AREAS);
  answer('Phone_VerificationGet_V2_Add', (req) => ({
    table1: [
      {
        AreaNo: String(req.json.tableData[0]!.AreaNo),
        Phone: String(req.json.tableData[0]!.Phone),
        ExpiresIn: 600,
        ResendIn: 60,
      },
    ],
  }));
  answer('EntVip_EntVipRegisterSubmit_V2_Add', { table1: [MEMBER_ROW] });
});
afterEach(() => {
  jest.useRealTimers();
  resetGateway();
});
afterAll(() => server.close());

const requests = (op: string) => seen.filter((r) => r.op === op).map((r) => r.json.tableData[0]!);

test('the fields say what is wrong before anything is sent', async () => {
  const user = userEvent.setup();
  renderAt(LOGIN);
  const phone = await screen.findByLabelText('Mobile phone number');
  const code = screen.getByLabelText('Verification code');
  const signIn = screen.getByRole('button', { name: 'Sign in' });

  await user.click(signIn);
  expect(screen.getByText('Please enter your mobile phone number.')).toHaveAttribute(
    'role',
    'alert',
  );
  expect(screen.getByText('Please enter the verification code.')).toHaveAttribute('role', 'alert');
  expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(phone).toHaveFocus();

  await user.type(phone, '6612ab');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(
    screen.getByText('Please enter a valid mobile phone number (6 to 15 digits).'),
  ).toHaveAttribute('role', 'alert');

  await user.clear(phone);
  await user.type(phone, '12345');
  await user.click(signIn);
  expect(
    screen.getByText('Please enter a valid mobile phone number (6 to 15 digits).'),
  ).toBeInTheDocument();

  // Spaces people group numbers with are fine; the code must be 6 digits.
  await user.clear(phone);
  await user.type(phone, '6612 3456');
  await user.type(code, '12345');
  await user.click(signIn);
  expect(screen.queryByText(/valid mobile phone number/)).toBeNull();
  expect(screen.getByText('The verification code has 6 digits.')).toHaveAttribute('role', 'alert');
  expect(code).toHaveAttribute('aria-invalid', 'true');
  await user.clear(code);
  await user.type(code, '12345a');
  await user.click(signIn);
  expect(screen.getByText('The verification code has 6 digits.')).toBeInTheDocument();

  expect(seen).toHaveLength(0);
});

test('a code is sent to the phone and the button counts down the resend time', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderAt(LOGIN);
  await user.type(await screen.findByLabelText('Mobile phone number'), '6612 3456');
  await user.click(screen.getByRole('button', { name: 'Send code' }));

  const resend = await screen.findByRole('button', { name: 'Resend in 60 s' });
  expect(resend).toBeDisabled();
  expect(requests('Phone_VerificationGet_V2_Add')).toEqual([
    expect.objectContaining({ Phone: '66123456', AreaNo: '853', Purpose: 'login' }),
  ]);
  expect(
    screen.getByText('A verification code has been sent to +853 66123456.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Verification code')).toHaveFocus();

  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByRole('button', { name: 'Resend in 59 s' })).toBeDisabled();
  act(() => jest.advanceTimersByTime(58_000));
  expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeDisabled();
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
});

test("the service's refusal of a send is toasted once and starts no countdown", async () => {
  makeRefuse(
    'Phone_VerificationGet_V2_Add',
    '42900',
    'Please wait 42 seconds before asking for another code.',
  );
  const user = userEvent.setup();
  renderAt(LOGIN);
  await user.type(await screen.findByLabelText('Mobile phone number'), '66123456');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(
    await screen.findByText('Please wait 42 seconds before asking for another code.'),
  ).toBeInTheDocument();
  expect(screen.getAllByText(/Please wait 42 seconds/)).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
});

test('signing in sends RegisterType 1 with the shop, signs the member in and goes back', async () => {
  const user = userEvent.setup();
  const { store } = renderAt(GOODS);
  await user.click(await screen.findByRole('link', { name: 'Go and sign in' }));
  await user.type(await screen.findByLabelText('Mobile phone number'), '66123456');
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByRole('heading', { name: 'Menu' })).toBeInTheDocument();
  const [row] = requests('EntVip_EntVipRegisterSubmit_V2_Add');
  expect(row).toMatchObject({
    RegisterType: 1,
    Phone: '66123456',
    Code: '123456',
    AreaNo: '853',
    ShopID: 'S1',
    BaseID: 'B1',
  });
  expect(row).not.toHaveProperty('OpenID');
  expect(store.getState().auth).toEqual({
    status: 'signedIn',
    member: { VipID: 'VIP9', VipName: 'Chan', isGuest: false },
  });
  expect(window.localStorage.getItem('VipID')).toBe('VIP9');
});

test("inside a host browser the host's openid is linked, and the redirect parameter is followed", async () => {
  saveOpenUserInfo(host);
  const user = userEvent.setup();
  renderAt(`${LOGIN}?redirect=${encodeURIComponent('/pages/orderList/orderList')}`);
  expect(
    await screen.findByText('Signing in also links this app account to your membership.'),
  ).toBeInTheDocument();
  await user.type(screen.getByLabelText('Mobile phone number'), '66123456');
  await user.type(screen.getByLabelText('Verification code'), '654321');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByTestId('where')).toHaveTextContent('/pages/orderList/orderList');
  expect(requests('EntVip_EntVipRegisterSubmit_V2_Add')[0]).toMatchObject({
    RegisterType: 1,
    Phone: '66123456',
    Code: '654321',
    AreaNo: '853',
    ShopID: 'S1',
    BaseID: 'B1',
    OpenID: 'oCHAT0001',
    MinaID: 'MINA1',
    AccessToken: 'tok-1',
    HeadImg: 'http://localhost/sandbox/identity/avatar/1.png',
    VipName: 'TaiMan',
    Sex: 1,
  });
});

test('a nickname the name rule refuses is cleaned as the silent host sign-in cleans it; a redirect outside the app is not followed', async () => {
  expect(hostFields({ ...host, nickname: 'Tai Man 😀' })).toMatchObject({ VipName: 'Tai Man' });
  expect(hostFields({ ...host, nickname: '😀 !!' })).toMatchObject({ VipName: '微信用户' });
  expect(hostFields(null)).toEqual({});

  const user = userEvent.setup();
  renderAt(`${LOGIN}?redirect=${encodeURIComponent('//evil.example/x')}`);
  await user.type(await screen.findByLabelText('Mobile phone number'), '66123456');
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  // Opened directly, with nowhere safe to go back to: home.
  expect(await screen.findByTestId('where')).toHaveTextContent(/^\/pages\/home\/home$/);
});

test('a refused code is toasted once, the customer stays and is not signed in', async () => {
  makeRefuse('EntVip_EntVipRegisterSubmit_V2_Add', '50000', 'The verification code is incorrect.');
  const user = userEvent.setup();
  const { store } = renderAt(LOGIN);
  await user.type(await screen.findByLabelText('Mobile phone number'), '66123456');
  await user.type(screen.getByLabelText('Verification code'), '000000');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('The verification code is incorrect.')).toBeInTheDocument();
  expect(screen.getAllByText('The verification code is incorrect.')).toHaveLength(1);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(store.getState().auth.member).toEqual(guest);
  expect(window.localStorage.getItem('VipID')).toBeNull();
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('the calling code: chosen on areaCodeSelect, carried back with the typed number, used to sign in', async () => {
  const user = userEvent.setup();
  renderAt(GOODS);
  await user.click(await screen.findByRole('link', { name: 'Go and sign in' }));
  await user.type(await screen.findByLabelText('Mobile phone number'), '91234567');
  await user.click(screen.getByRole('button', { name: 'Calling code +853' }));

  const list = await screen.findByRole('list', { name: 'Countries and regions' });
  expect(within(list).getByRole('button', { name: 'Macau +853' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await user.click(within(list).getByRole('button', { name: 'Hong Kong +852' }));

  expect(await screen.findByRole('button', { name: 'Calling code +852' })).toBeInTheDocument();
  expect(screen.getByLabelText('Mobile phone number')).toHaveValue('91234567');
  expect(window.sessionStorage.getItem('areaNo')).toBe('852');

  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  // Back past the calling code trip, to the page that asked for the sign-in.
  expect(await screen.findByRole('heading', { name: 'Menu' })).toBeInTheDocument();
  expect(requests('EntVip_EntVipRegisterSubmit_V2_Add')[0]).toMatchObject({
    Phone: '91234567',
    AreaNo: '852',
  });
  // The typed number is not kept after signing in.
  expect(window.sessionStorage.getItem('loginByCode.phone')).toBeNull();
});

test('the calling code comes from the AreaNo parameter, else the last choice, else Macau', async () => {
  window.sessionStorage.setItem('areaNo', '86');
  const first = renderAt(`${LOGIN}?AreaNo=852`);
  expect(await screen.findByRole('button', { name: 'Calling code +852' })).toBeInTheDocument();
  first.unmount();
  const second = renderAt(LOGIN);
  expect(await screen.findByRole('button', { name: 'Calling code +86' })).toBeInTheDocument();
  second.unmount();
  window.sessionStorage.clear();
  renderAt(`${LOGIN}?AreaNo=x1`);
  expect(await screen.findByRole('button', { name: 'Calling code +853' })).toBeInTheDocument();
});

test('areaCodeSelect names the places in the interface language', async () => {
  renderAt(`${AREA}?from=${encodeURIComponent(LOGIN)}&current=852`, 'zh-TW');
  expect(await screen.findByRole('button', { name: '中國香港 +852' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(screen.getByRole('button', { name: '中國澳門 +853' })).not.toHaveAttribute('aria-current');
});
