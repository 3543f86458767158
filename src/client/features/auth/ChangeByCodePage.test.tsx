/** changeByCode through the UI: the two steps, the calling code trip in step 2, one step without a phone, refusals, and guests. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { answer, makeRefuse, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { guest, member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import AreaCodeSelectPage from './AreaCodeSelectPage';
import ChangeByCodePage from './ChangeByCodePage';

const CHANGE = '/pages/changeByCode/changeByCode';
const AREA = '/pages/areaCodeSelect/areaCodeSelect';
const PROFILE = '/pages/vipDetailsEdit/vipDetailsEdit';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function Pages() {
  return (
    <Routes>
      <Route path={CHANGE} element={<ChangeByCodePage />} />
      <Route path={AREA} element={<AreaCodeSelectPage />} />
      <Route
        path={PROFILE}
        element={
          <>
            <h1>Profile</h1>
            <Link to={CHANGE}>Change my number</Link>
          </>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

const renderAt = (route: string, who = member) =>
  renderWithProviders(<Pages />, {
    route,
    preloadedState: { shop: shopState(), auth: { member: who, status: 'signedIn' } },
  });

/** A member as the detail answers it (the phone submit adds SourceType). */
const row = (over: Partial<StandInRow<'EntVip_EntVipDetailGet_V1_Get'>> = {}): StandInRow<'EntVip_EntVipDetailGet_V1_Get'> => ({
  VipID: 'VIP1',
  VipName: 'Chan Tai Man',
  Sex: 0,
  HeadImg: '',
  Phone: '66123456',
  AreaNo: '853',
  Birthy: '',
  VipCode: '1',
  Balance: '0',
  Score: '0',
  CouponCount: 0,
  IsGuest: 0,
  EntID: 'E',
  ...over,
});

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
  ],
};

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  answer('Phone_SMSAreaGet_Get', AREAS);
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [row()] });
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
  answer('EntVip_EntVipPhoneSubmit_Add', (req) => {
    const r = req.json.tableData[0]!;
    return {
      table1: [
        {
          ...row(r.SourceType === 'VipPhoneChange' ? { Phone: String(r.Phone), AreaNo: String(r.AreaNo) } : {}),
          SourceType: String(r.SourceType),
        },
      ],
    };
  });
});
afterEach(() => resetGateway());
afterAll(() => server.close());

const requests = (op: string) => seen.filter((r) => r.op === op).map((r) => r.json.tableData[0]!);

test('a member with a phone verifies it, then sets the new one (calling code chosen on the way) and goes back', async () => {
  const user = userEvent.setup();
  const { store } = renderAt(PROFILE);
  await user.click(await screen.findByRole('link', { name: 'Change my number' }));

  // Step 1: the current phone's code.
  expect(
    await screen.findByRole('heading', { name: 'Step 1 of 2: verify your current number' }),
  ).toBeInTheDocument();
  expect(screen.getByText('+853 66123456')).toBeInTheDocument();
  expect(screen.queryByLabelText('New mobile phone number')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
  expect(requests('Phone_VerificationGet_V2_Add')).toEqual([
    expect.objectContaining({ Phone: '66123456', AreaNo: '853', Purpose: 'change' }),
  ]);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('Please enter the verification code.')).toHaveAttribute('role', 'alert');
  expect(requests('EntVip_EntVipPhoneSubmit_Add')).toHaveLength(0);
  await user.type(screen.getByLabelText('Verification code'), '111111');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  // Step 2: the new phone, on another calling code.
  expect(
    await screen.findByRole('heading', { name: 'Step 2 of 2: your new number' }),
  ).toBeInTheDocument();
  expect(requests('EntVip_EntVipPhoneSubmit_Add')).toEqual([
    expect.objectContaining({
      VipID: 'VIP1',
      Phone: '66123456',
      AreaNo: '853',
      Code: '111111',
      SourceType: 'VipPhoneVerify',
    }),
  ]);
  expect(screen.getByLabelText('Verification code')).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Change number' }));
  expect(screen.getByText('Please enter your mobile phone number.')).toHaveAttribute(
    'role',
    'alert',
  );

  await user.type(screen.getByLabelText('New mobile phone number'), '91234567');
  await user.click(screen.getByRole('button', { name: 'Calling code +853' }));
  await user.click(await screen.findByRole('button', { name: 'Hong Kong +852' }));
  // Back on step 2 (step 1 is remembered), with the number kept.
  expect(
    await screen.findByRole('heading', { name: 'Step 2 of 2: your new number' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Calling code +852' })).toBeInTheDocument();
  expect(screen.getByLabelText('New mobile phone number')).toHaveValue('91234567');

  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
  expect(requests('Phone_VerificationGet_V2_Add')[1]).toMatchObject({
    Phone: '91234567',
    AreaNo: '852',
    Purpose: 'change',
  });
  await user.type(screen.getByLabelText('Verification code'), '222222');
  const readsBefore = requests('EntVip_EntVipDetailGet_V1_Get').length;
  await user.click(screen.getByRole('button', { name: 'Change number' }));

  expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  expect(requests('EntVip_EntVipPhoneSubmit_Add')[1]).toMatchObject({
    VipID: 'VIP1',
    Phone: '91234567',
    AreaNo: '852',
    Code: '222222',
    SourceType: 'VipPhoneChange',
  });
  expect(screen.getByText('Your phone number has been changed.')).toBeInTheDocument();
  expect(store.getState().ui.toasts).toHaveLength(1);
  // The member is read again (the 'Member' tag).
  await waitFor(() =>
    expect(requests('EntVip_EntVipDetailGet_V1_Get').length).toBeGreaterThan(readsBefore),
  );
  expect(window.sessionStorage.getItem('changeByCode.verified')).toBeNull();
  expect(window.sessionStorage.getItem('changeByCode.phone')).toBeNull();
});

test('a wrong code in step 1 is toasted once and the member stays on step 1', async () => {
  makeRefuse('EntVip_EntVipPhoneSubmit_Add', '50000', 'The verification code is incorrect.');
  const user = userEvent.setup();
  renderAt(CHANGE);
  await user.type(await screen.findByLabelText('Verification code'), '999999');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('The verification code is incorrect.')).toBeInTheDocument();
  expect(screen.getAllByText('The verification code is incorrect.')).toHaveLength(1);
  expect(
    screen.getByRole('heading', { name: 'Step 1 of 2: verify your current number' }),
  ).toBeInTheDocument();
  expect(window.sessionStorage.getItem('changeByCode.verified')).toBeNull();
});

test('a member without a phone only sets one; opened directly, it ends on the mine page', async () => {
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [row({ Phone: '', AreaNo: '' })] });
  const user = userEvent.setup();
  renderAt(CHANGE);
  expect(
    await screen.findByRole('heading', { name: 'Your mobile phone number' }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Step 1/)).toBeNull();
  await user.type(screen.getByLabelText('New mobile phone number'), '1234');
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Change number' }));
  expect(
    screen.getByText('Please enter a valid mobile phone number (6 to 15 digits).'),
  ).toHaveAttribute('role', 'alert');
  await user.clear(screen.getByLabelText('New mobile phone number'));
  await user.type(screen.getByLabelText('New mobile phone number'), '66998877');
  await user.click(screen.getByRole('button', { name: 'Change number' }));
  expect(await screen.findByTestId('where')).toHaveTextContent(/^\/pages\/mine\/mine$/);
  expect(requests('EntVip_EntVipPhoneSubmit_Add')).toEqual([
    expect.objectContaining({
      Phone: '66998877',
      AreaNo: '853',
      Code: '123456',
      SourceType: 'VipPhoneChange',
    }),
  ]);
});

test('a guest is asked to sign in first, and comes back here after', async () => {
  answer('EntVip_EntVipDetailGet_V1_Get', {
    table1: [row({ VipID: 'VIPG', IsGuest: 1, Phone: '' })],
  });
  const user = userEvent.setup();
  renderAt(CHANGE, guest);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Operation not allowed without logging-in.',
  );
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByTestId('where')).toHaveTextContent(
    `/pages/loginByCode/loginByCode?redirect=${encodeURIComponent(CHANGE)}`,
  );
  expect(requests('EntVip_EntVipPhoneSubmit_Add')).toHaveLength(0);
});

test('step 1 done a moment ago (before a reload) is not asked again', async () => {
  window.sessionStorage.setItem(
    'changeByCode.verified',
    JSON.stringify({ key: '853-66123456', at: Date.now() - 60_000 }),
  );
  renderAt(CHANGE);
  expect(
    await screen.findByRole('heading', { name: 'Step 2 of 2: your new number' }),
  ).toBeInTheDocument();
  const section = screen.getByRole('region', { name: 'Step 2 of 2: your new number' });
  expect(within(section).getByRole('button', { name: 'Calling code +853' })).toBeInTheDocument();
});

test('step 1 done long ago, or for another number, is asked again', async () => {
  window.sessionStorage.setItem(
    'changeByCode.verified',
    JSON.stringify({ key: '853-66123456', at: Date.now() - 20 * 60_000 }),
  );
  const first = renderAt(CHANGE);
  expect(
    await screen.findByRole('heading', { name: 'Step 1 of 2: verify your current number' }),
  ).toBeInTheDocument();
  first.unmount();
  window.sessionStorage.setItem(
    'changeByCode.verified',
    JSON.stringify({ key: '853-60000000', at: Date.now() }),
  );
  renderAt(CHANGE);
  expect(
    await screen.findByRole('heading', { name: 'Step 1 of 2: verify your current number' }),
  ).toBeInTheDocument();
});
