/**
 * addressEdit through the UI, a real store and the MSW gateway: loading,
 * error, a new (empty) form and an existing (full) one; paste to recognise
 * filling the fields and placing the pin from the street; the region picker;
 * SPEC section 5's messages; the save as the wire has it, a refusal shown on
 * the form, and a new address chosen for the delivery when the confirm page
 * sent the customer here.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../app/Shell';
import { answer, holdAnswers, makeNetworkFail, makeRefuse, resetGateway, seen, server, type StandIn, type StandInRow } from '../../test/gateway';
import { member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';

jest.setTimeout(20_000);

const EDIT = '/pages/addressEdit/addressEdit';
const AREAS = 'Area_BatchAreaSelectGet_Get';
const area = (AreaID: string, ParentID: string, Level: number, zh: string, tw: string, en: string, HasChildren: 0 | 1 = 0): StandInRow<typeof AREAS> => ({
  AreaID, ParentID, Level, AreaName: en, AreaNameZH: zh, AreaNameTW: tw, AreaNameEN: en, HasChildren,
});
const TREE = {
  table1: [
    area('440000', '', 1, '广东省', '廣東省', 'Guangdong', 1),
    area('810000', '', 1, '香港', '香港', 'Hong Kong', 1),
    area('820000', '', 1, '澳门', '澳門', 'Macau', 1),
    area('440100', '440000', 2, '广州市', '廣州市', 'Guangzhou'),
    area('810200', '810000', 2, '九龙', '九龍', 'Kowloon'),
    area('820100', '820000', 2, '澳门半岛', '澳門半島', 'Macau Peninsula', 1),
    area('820200', '820000', 2, '氹仔', '氹仔', 'Taipa'),
    area('820103', '820100', 3, '大堂区', '大堂區', 'Se Parish'),
  ],
};
const EXISTING: StandInRow<'VipAddress_VipAddressListByPage_Get'> = {
  AddressID: 'A1', CustName: 'Chan Tai Man', CustPhone: '66123456', AreaNo: '853', Province: '澳門', City: '澳門半島', District: '大堂區',
  MainAddress: '新馬路 88 號', HouseNumber: '12樓A座', GPS_Lng: 113.5412, GPS_Lat: 22.1932, IsDefault: 1,
};
const signedIn = { shop: shopState(), auth: { member, status: 'signedIn' as const } };
/** The service answers a save with the stored row: the sent fields, under a new id when it is new. */
const saved = (sent: Record<string, unknown>): StandIn<'VipAddress_VipAddressSubmit_Add'> => {
  const text = (field: string) => (typeof sent[field] === 'string' ? sent[field] : '');
  const position = (field: string) => (typeof sent[field] === 'number' ? sent[field] : null);
  return {
    table1: [{
      AddressID: text('AddressID') || 'NEW1', CustName: text('CustName'), CustPhone: text('CustPhone'), AreaNo: text('AreaNo'),
      Province: text('Province'), City: text('City'), District: text('District'), MainAddress: text('MainAddress'), HouseNumber: text('HouseNumber'),
      GPS_Lng: position('GPS_Lng'), GPS_Lat: position('GPS_Lat'), IsDefault: sent.IsDefault === 1 ? 1 : 0,
    }],
  };
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

test('loading, then an empty form for a new address', async () => {
  answer(AREAS, TREE);
  const release = holdAnswers(AREAS);
  renderWithProviders(<Shell />, { route: EDIT, preloadedState: signedIn });
  expect(await screen.findByText('Loading…')).toBeInTheDocument();
  release();
  expect(await screen.findByLabelText('Recipient')).toHaveValue('');
  expect(screen.getByLabelText('Area code')).toHaveValue('853');
  expect(screen.getByLabelText('Region')).toHaveValue('');
  expect(screen.queryByLabelText('City or area')).toBeNull();
  expect(screen.getByText('No location yet: pick it on the map so we can deliver.')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Use as my default address' })).not.toBeChecked();
});

test('error: the message and trying again', async () => {
  makeNetworkFail(AREAS);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: EDIT, preloadedState: signedIn });
  expect(await screen.findByText('The address form could not be loaded.')).toBeInTheDocument();
  answer(AREAS, TREE);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByLabelText('Recipient')).toBeInTheDocument();
});

test('an existing address, full: its fields, its region in any language; a change is saved', async () => {
  answer(AREAS, TREE);
  answer('VipAddress_VipAddressListByPage_Get', { table1: [EXISTING], table2: [{ TotalCount: 1 }] });
  answer('VipAddress_VipAddressSubmit_Update', (req) => saved(req.json.tableData[0]!));
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: `${EDIT}?id=A1`, preloadedState: signedIn });
  expect(await screen.findByLabelText('Recipient')).toHaveValue('Chan Tai Man');
  expect(screen.getByLabelText('Region')).toHaveDisplayValue('Macau');
  expect(screen.getByLabelText('City or area')).toHaveDisplayValue('Macau Peninsula');
  expect(screen.getByLabelText('District')).toHaveDisplayValue('Se Parish');
  expect(screen.getByText('The location is set.')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Use as my default address' })).toBeChecked();
  await user.clear(screen.getByLabelText('House number (building, floor and flat)'));
  await user.type(screen.getByLabelText('House number (building, floor and flat)'), '3/F B');
  await user.selectOptions(screen.getByLabelText('City or area'), 'Taipa');
  expect(screen.queryByLabelText('District')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Save the address' }));
  await waitFor(() => expect(seen.some((r) => r.op === 'VipAddress_VipAddressSubmit_Update')).toBe(true));
  expect(seen.find((r) => r.op === 'VipAddress_VipAddressSubmit_Update')!.json.tableData[0]).toMatchObject({
    AddressID: 'A1', HouseNumber: '3/F B', Province: 'Macau', City: 'Taipa', District: '', GPS_Lng: 113.5412, IsDefault: 1,
  });
});

test('an address that is not the member’s (or gone) is not found', async () => {
  answer(AREAS, TREE);
  answer('VipAddress_VipAddressListByPage_Get', { table1: [EXISTING], table2: [{ TotalCount: 1 }] });
  renderWithProviders(<Shell />, { route: `${EDIT}?id=OTHER`, preloadedState: signedIn });
  expect(await screen.findByText('This address no longer exists.')).toBeInTheDocument();
});

test('SPEC section 5: the contact first, then the shipping information; nothing is sent', async () => {
  answer(AREAS, TREE);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: EDIT, preloadedState: signedIn });
  await user.click(await screen.findByRole('button', { name: 'Save the address' }));
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
    'Please fill in your contact and mobile phone number',
    'Please complete the shipping information',
  ]);
  await user.type(screen.getByLabelText('Recipient'), 'Chan');
  await user.type(screen.getByLabelText('Mobile phone'), '66123456');
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please complete the shipping information']);
  expect(seen.filter((r) => r.op.startsWith('VipAddress_'))).toHaveLength(0);
});

test('paste to recognise fills the fields and places the pin on the street; saved, it is chosen for the delivery', async () => {
  answer(AREAS, TREE);
  answer('Common_AddressResolutionGet_Get', {
    table1: [{ RegionID: '820103', Province: 'Macau', City: 'Macau Peninsula', District: 'Se Parish', MainAddress: 'Avenida de Almeida Ribeiro', MainAddressZH: '新马路', MainAddressTW: '新馬路', MainAddressEN: 'Avenida de Almeida Ribeiro', GPS_Lng: 113.5395, GPS_Lat: 22.1936, Distance: '' }],
  });
  answer('VipAddress_VipAddressSubmit_Add', (req) => saved(req.json.tableData[0]!));
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(<Shell />, { route: `${EDIT}?choose=1`, preloadedState: signedIn });
  await user.type(await screen.findByLabelText('Paste an address to recognise it'), 'Chan Tai Man, +853 6612 3456, Flat A 2/F, 123 Av. de Almeida Ribeiro, Macau');
  await user.click(screen.getByRole('button', { name: 'Recognise' }));
  expect(await screen.findByText('The fields were filled in from the text. Please check them.')).toBeInTheDocument();
  expect(screen.getByLabelText('Recipient')).toHaveValue('Chan Tai Man');
  expect(screen.getByLabelText('Area code')).toHaveValue('853');
  expect(screen.getByLabelText('Mobile phone')).toHaveValue('66123456');
  expect(screen.getByLabelText('Region')).toHaveDisplayValue('Macau');
  expect(screen.getByLabelText('Detailed address (street and number)')).toHaveValue('123 Av. de Almeida Ribeiro');
  expect(screen.getByLabelText('House number (building, floor and flat)')).toHaveValue('Flat A 2/F');
  expect(await screen.findByText('The location is set.')).toBeInTheDocument();
  expect(seen.find((r) => r.op === 'Common_AddressResolutionGet_Get')!.json.tableData[0]).toMatchObject({ Address: '123 Av. de Almeida Ribeiro' });

  await user.click(screen.getByRole('button', { name: 'Save the address' }));
  await waitFor(() => expect(store.getState().checkout.draft.addressId).toBe('NEW1'));
  expect(seen.find((r) => r.op === 'VipAddress_VipAddressSubmit_Add')!.json.tableData[0]).toMatchObject({
    CustName: 'Chan Tai Man', AreaNo: '853', CustPhone: '66123456', Province: 'Macau', City: '', District: '',
    MainAddress: '123 Av. de Almeida Ribeiro', HouseNumber: 'Flat A 2/F', GPS_Lng: 113.5395, GPS_Lat: 22.1936, IsDefault: 0,
  });
  expect(store.getState().checkout.draft).toMatchObject({ CustName: 'Chan Tai Man', CustMainAddress: '123 Av. de Almeida Ribeiro', GPS_Lat: 22.1936 });
});

test('a text with nothing to recognise says so; a refusal of the save shows on the form', async () => {
  answer(AREAS, TREE);
  makeRefuse('VipAddress_VipAddressSubmit_Add', '50000', 'Please enter a valid mobile phone number.');
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: EDIT, preloadedState: signedIn });
  await user.type(await screen.findByLabelText('Paste an address to recognise it'), '???');
  await user.click(screen.getByRole('button', { name: 'Recognise' }));
  expect(await screen.findByText('Nothing could be recognised in this text.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Recipient'), 'Chan');
  await user.type(screen.getByLabelText('Mobile phone'), '1');
  await user.selectOptions(screen.getByLabelText('Region'), 'Hong Kong');
  await user.selectOptions(screen.getByLabelText('City or area'), 'Kowloon');
  await user.type(screen.getByLabelText('Detailed address (street and number)'), '600 Nathan Road');
  await user.type(screen.getByLabelText('House number (building, floor and flat)'), '15/F C');
  await user.click(screen.getByRole('button', { name: 'Save the address' }));
  expect(await screen.findByText('Please enter a valid mobile phone number.')).toHaveAttribute('role', 'alert');
  expect(seen.find((r) => r.op === 'VipAddress_VipAddressSubmit_Add')!.json.tableData[0]).toMatchObject({ Province: 'Hong Kong', City: 'Kowloon', GPS_Lng: '', GPS_Lat: '' });
});

test('the map picker takes the focus, says when the map cannot be loaded, and Escape closes it', async () => {
  answer(AREAS, TREE);
  server.use(http.get('*/map/config', () => HttpResponse.error()));
  answer('Common_AddressResolutionGet_Get', { errcode: '50000', resultcode: '50000', errmsg: 'The address you selected is not resolved to the result!', resultmsg: '', data: {} });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Shell />, { route: EDIT, preloadedState: signedIn });
  const open = await screen.findByRole('button', { name: 'Pick on the map' });
  await user.click(open);
  const dialog = await screen.findByRole('dialog', { name: 'Pick the location on the map' });
  expect(screen.getByRole('heading', { name: 'Pick the location on the map' })).toHaveFocus();
  expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
  // The starting position resolves to nothing: said, and it cannot be used.
  expect(await screen.findByText('The address you selected is not resolved to the result!')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Use this location' })).toBeDisabled();
  await user.keyboard('{Escape}');
  expect(dialog).not.toBeInTheDocument();
  expect(open).toHaveFocus();
});
