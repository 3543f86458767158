/**
 * addressList through the UI, a real store and the MSW gateway: loading,
 * error (and trying again), empty and full states; the default first, with
 * its badge; delete after a confirmation; edit; choose when the confirm page
 * opened it; a guest asked to sign in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, holdAnswers, makeNetworkFail, resetGateway, seen, server, type StandInRow } from '../../test/gateway';
import { guest, member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

jest.setTimeout(20_000);

const LIST = '/pages/addressList/addressList';
const LIST_OP = 'VipAddress_VipAddressListByPage_Get';

const row = (over: Partial<StandInRow<typeof LIST_OP>>): StandInRow<typeof LIST_OP> => ({
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
  IsDefault: 1,
  ...over,
});
const HOME = row({});
const WORK = row({ AddressID: 'A2', City: 'Taipa', District: '', MainAddress: '20 Rua de Bragança', HouseNumber: '5/F C', IsDefault: 0 });
const signedIn = { shop: shopState(), auth: { member, status: 'signedIn' as const } };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

test('loading, then the addresses with the default first; the list is asked for in one page of 999', async () => {
  answer(LIST_OP, () => ({ table1: [HOME, WORK], table2: [{ TotalCount: 2 }] }));
  const release = holdAnswers(LIST_OP);
  renderWithProviders(<Shell />, { route: LIST, preloadedState: signedIn });
  expect(await screen.findByText('Loading your addresses…')).toBeInTheDocument();
  release();
  const list = await screen.findByRole('list', { name: 'Shipping addresses' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Chan Tai Man+853 66123456Default');
  expect(items[0]).toHaveTextContent('12/F A, 88 Avenida de Almeida Ribeiro, Sé, Macau');
  expect(items[1]).not.toHaveTextContent('Default');
  // Not opened from the confirm page: nothing to choose.
  expect(screen.queryByRole('button', { name: /^Deliver to/ })).toBeNull();
  expect(seen.find((r) => r.op === LIST_OP)!.json.tableData[0]).toMatchObject({ PageIndex: 1, PageSize: 999 });
});

test('each address as its reader reads it (issue 23 item 7): in traditional Chinese, big to small', async () => {
  answer(LIST_OP, () => ({ table1: [HOME, row({ AddressID: 'A3', Province: '澳門', City: '澳門半島', District: '大堂區', MainAddress: '新馬路 1 號', HouseNumber: '8樓', IsDefault: 0 })], table2: [{ TotalCount: 2 }] }));
  renderWithProviders(<Shell />, { route: LIST, preloadedState: signedIn, locale: 'zh-TW' });
  const items = within(await screen.findByRole('list')).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('澳門大堂區 88 Avenida de Almeida Ribeiro, 12/F A');
  expect(items[1]).toHaveTextContent('澳門大堂區新馬路 1 號8樓');
});

test('empty: a way to add the first address', async () => {
  answer(LIST_OP, { table1: [], table2: [{ TotalCount: 0 }] });
  renderWithProviders(<Shell />, { route: LIST, preloadedState: signedIn });
  expect(await screen.findByText('You have no shipping address yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add a new address' })).toHaveAttribute('href', '/pages/addressEdit/addressEdit');
});

test('error: the message and trying again', async () => {
  makeNetworkFail(LIST_OP);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: LIST, preloadedState: signedIn });
  expect(await screen.findByText('Your addresses could not be loaded.')).toBeInTheDocument();
  answer(LIST_OP, { table1: [HOME], table2: [{ TotalCount: 1 }] });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('list', { name: 'Shipping addresses' })).toBeInTheDocument();
});

test('delete asks first; cancelled nothing goes, confirmed the address is deleted and the list read again', async () => {
  let rows = [HOME, WORK];
  answer(LIST_OP, () => ({ table1: rows, table2: [{ TotalCount: rows.length }] }));
  answer('VipAddress_VipAddressSubmit_Delete', (req) => {
    rows = rows.filter((r) => r.AddressID !== req.json.tableData[0]!.AddressID);
    return { table1: [{ AddressID: String(req.json.tableData[0]!.AddressID) }] };
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: LIST, preloadedState: signedIn });
  const remove = await screen.findByRole('button', { name: 'Delete 5/F C, 20 Rua de Bragança, Taipa, Macau' });
  await user.click(remove);
  await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete this address?' })).getByRole('button', { name: 'Cancel' }));
  expect(seen.filter((r) => r.op === 'VipAddress_VipAddressSubmit_Delete')).toHaveLength(0);
  await user.click(remove);
  await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete this address?' })).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  expect(seen.filter((r) => r.op === 'VipAddress_VipAddressSubmit_Delete').map((r) => r.json.tableData[0]!.AddressID)).toEqual(['A2']);
});

test('edit opens the address on addressEdit', async () => {
  answer(LIST_OP, { table1: [HOME], table2: [{ TotalCount: 1 }] });
  answer('Area_BatchAreaSelectGet_Get', {
    table1: [
      { AreaID: '820000', ParentID: '', Level: 1, AreaName: 'Macau', AreaNameZH: '澳门', AreaNameTW: '澳門', AreaNameEN: 'Macau', HasChildren: 1 },
      { AreaID: '820100', ParentID: '820000', Level: 2, AreaName: 'Macau Peninsula', AreaNameZH: '澳门半岛', AreaNameTW: '澳門半島', AreaNameEN: 'Macau Peninsula', HasChildren: 0 },
    ],
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: LIST, preloadedState: signedIn });
  await user.click(await screen.findByRole('button', { name: /^Edit 12\/F A, 88 Avenida de Almeida Ribeiro/ }));
  expect(await screen.findByLabelText('House number (building, floor and flat)')).toHaveValue('12/F A');
  expect(screen.getByLabelText('City or area')).toHaveDisplayValue('Macau Peninsula');
});

test('opened from the confirm page, an address is chosen for the delivery', async () => {
  answer(LIST_OP, { table1: [HOME, WORK], table2: [{ TotalCount: 2 }] });
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: `${LIST}?choose=1`, preloadedState: signedIn });
  await user.click(await screen.findByRole('button', { name: 'Deliver to Chan Tai Man, 5/F C, 20 Rua de Bragança, Taipa, Macau' }));
  expect(store.getState().checkout.draft).toMatchObject({ addressId: 'A2', CustMainAddress: '20 Rua de Bragança', CustHouseNumber: '5/F C', GPS_Lng: 113.5412 });
});

test('a guest is asked to sign in', async () => {
  renderWithProviders(<Shell />, { route: LIST, preloadedState: { shop: shopState(), auth: { member: guest, status: 'signedIn' } } });
  expect(await screen.findByRole('alert')).toHaveTextContent('Operation not allowed without logging-in.');
  expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  expect(seen.filter((r) => r.op === LIST_OP)).toHaveLength(0);
});
