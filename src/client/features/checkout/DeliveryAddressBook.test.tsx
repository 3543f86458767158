/**
 * The confirm page's delivery for a member, through the UI, a real store and
 * the MSW gateway: the default address preselected, another chosen on the
 * address list and back, the order sent with the chosen address and its
 * position; a position beyond the outlet's range blocked with 'Beyond
 * distribution range'; the address book's loading, empty and error states;
 * a pickup's contact from the member's profile.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, makeNetworkFail, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { orderState, PAY_METHODS } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { browser } from '../../ui/redirect';

jest.setTimeout(20_000);

const CONFIRM = '/pages/prepayOrderConfirm/prepayOrderConfirm';
const SUBMIT = 'PosSalSheet_NewCYSendSheetSubmit_Add';

const address = (over: Partial<StandInRow<'VipAddress_VipAddressListByPage_Get'>>): StandInRow<'VipAddress_VipAddressListByPage_Get'> => ({
  AddressID: 'A1',
  CustName: 'Chan Tai Man',
  CustPhone: '66123456',
  AreaNo: '853',
  Province: 'Macau',
  City: 'Macau Peninsula',
  District: 'Se Parish',
  MainAddress: '88 Avenida de Almeida Ribeiro',
  HouseNumber: '12/F A',
  GPS_Lng: 113.5412,
  GPS_Lat: 22.1932,
  IsDefault: 0,
  ...over,
});
const HOME = address({ AddressID: 'A1', IsDefault: 1 });
const WORK = address({ AddressID: 'A2', CustName: 'Chan (office)', City: 'Taipa', District: 'Our Lady of Carmel Parish', MainAddress: '20 Rua de Bragança', HouseNumber: '5/F C', GPS_Lng: 113.5565, GPS_Lat: 22.1548 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer('FreightRule_FreightRuleGet_Get', { table1: [{ Fee: '8.0000', MinAmount: '50.0000', RangeKm: '5.0000', FreeAbove: '200.0000' }] });
  answer('EntVip_EntVipDetailGet_V1_Get', { table1: [{ VipID: 'VIP1', VipName: 'Chan Tai Man', Phone: '66123456', AreaNo: '853', IsGuest: 0, Balance: '500.0000', Score: '0' }] });
  answer('VipAddress_VipAddressListByPage_Get', { table1: [HOME, WORK], table2: [{ TotalCount: 2 }] });
  answer('Base_BaseInfoByGPSGet_Get', { table1: [{ BaseID: 'B1', Distance: '1.2000' }] });
});
afterEach(() => {
  resetGateway();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const submits = () => seen.filter((r) => r.op === SUBMIT);

async function agreeAndPayOnline(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' }));
  await user.click(await screen.findByRole('radio', { name: 'Online payment' }));
}

async function placeAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Place this order?' });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

test('the default address is preselected; another is chosen on the address list and the order goes to it', async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  const chosen = await screen.findByRole('group', { name: 'Delivery address' });
  await waitFor(() => expect(chosen).toHaveTextContent('12/F A, 88 Avenida de Almeida Ribeiro, Sé, Macau'));
  // The contact comes with the address.
  expect(screen.getByLabelText('Recipient')).toHaveValue('Chan Tai Man');

  await user.click(screen.getByRole('button', { name: 'Choose another address' }));
  await user.click(await screen.findByRole('button', { name: /^Deliver to Chan \(office\), / }));
  const back = await screen.findByRole('group', { name: 'Delivery address' });
  expect(back).toHaveTextContent('5/F C, 20 Rua de Bragança, Taipa, Macau');
  expect(screen.getByLabelText('Recipient')).toHaveValue('Chan (office)');

  await agreeAndPayOnline(user);
  answer(SUBMIT, { table1: [{ SheetID: 'SH1', LocalSheetID: '', RoundNo: 1, Status: 0, PayStatus: 0, TotalAmo: '124.0000', RoundAmo: '124.0000', CreatedDate: '2026-11-22T04:00:00Z' }] });
  answer('Finance_PosPaySubmit_V5_Add', { table1: [{ PayID: 'PAY1', SheetID: 'SH1', PayUrl: 'http://localhost/sandbox/pay/PAY1', Amount: '124.0000', Status: 'pending' }] });
  const assign = jest.spyOn(browser, 'leave').mockImplementation(() => undefined);
  await placeAndConfirm(user);
  await waitFor(() => expect(assign).toHaveBeenCalled());
  expect(submits()[0]!.json.tableData[0]).toMatchObject({
    TakeType: 'delivery',
    CustName: 'Chan (office)',
    CustDistrict: 'Macau Taipa Our Lady of Carmel Parish',
    CustMainAddress: '20 Rua de Bragança',
    CustHouseNumber: '5/F C',
    GPS_Lng: 113.5565,
    GPS_Lat: 22.1548,
  });
  // The range was measured from the chosen address's position.
  const measured = seen.filter((r) => r.op === 'Base_BaseInfoByGPSGet_Get').map((r) => r.json.tableData[0]);
  expect(measured).toContainEqual(expect.objectContaining({ GPS_Lng: 113.5565, GPS_Lat: 22.1548, ShopID: 'S1' }));
});

test('an address beyond the outlet’s range cannot be ordered to', async () => {
  answer('Base_BaseInfoByGPSGet_Get', { table1: [{ BaseID: 'B9', Distance: '0.5000' }, { BaseID: 'B1', Distance: '7.3000' }] });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  await waitFor(() => expect(screen.getByRole('group', { name: 'Delivery address' })).toHaveTextContent('12/F A'));
  await agreeAndPayOnline(user);
  await waitFor(() => expect(seen.some((r) => r.op === 'Base_BaseInfoByGPSGet_Get')).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  expect(await screen.findByText('Beyond distribution range')).toHaveAttribute('role', 'alert');
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(submits()).toHaveLength(0);
});

test('without addresses: the shipping message, and a new one added from here', async () => {
  answer('VipAddress_VipAddressListByPage_Get', { table1: [], table2: [{ TotalCount: 0 }] });
  answer('Area_BatchAreaSelectGet_Get', { table1: [{ AreaID: '820000', ParentID: '', Level: 1, AreaName: 'Macau', AreaNameZH: '澳门', AreaNameTW: '澳門', AreaNameEN: 'Macau', HasChildren: 0 }] });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  expect(await screen.findByText('Add an address to deliver to.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Choose another address' })).toBeNull();
  await agreeAndPayOnline(user);
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  expect(screen.getByText('Please complete the shipping information')).toHaveAttribute('role', 'alert');
  await user.click(screen.getByRole('button', { name: 'Add a new address' }));
  expect(await screen.findByLabelText('Paste an address to recognise it')).toBeInTheDocument();
});

test('the address book loading, then failing, then read again', async () => {
  makeNetworkFail('VipAddress_VipAddressListByPage_Get');
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
  expect(await screen.findByText('Your addresses could not be loaded.')).toBeInTheDocument();
  answer('VipAddress_VipAddressListByPage_Get', { table1: [HOME], table2: [{ TotalCount: 1 }] });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getByRole('group', { name: 'Delivery address' })).toHaveTextContent('12/F A'));
});

test('a pickup’s contact is filled in from the member’s profile', async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: CONFIRM, preloadedState: orderState() });
  await user.click(await screen.findByRole('radio', { name: 'Pickup' }));
  await waitFor(() => expect(screen.getByLabelText('Recipient')).toHaveValue('Chan Tai Man'));
  expect(screen.getByLabelText('Mobile phone')).toHaveValue('66123456');
});
