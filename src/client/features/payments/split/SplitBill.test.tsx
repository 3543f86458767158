/**
 * Issue 28 section 3: splitting a table's bill on the order details page. A
 * bill of three lines (BBQ pork rice, the diner's; 3 beers, one paid and one
 * being paid by Ana; a milk tea) with San Ma Lo's 10 % service charge.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Shell } from '../../../app/Shell';
import { answer, refusal, resetGateway, seen, server } from '../../../test/gateway';
import {
  baseInfo,
  orderState,
  PAY_METHODS,
  sheetDetail,
  shopState,
} from '../../../test/orderFixtures';
import { renderWithProviders } from '../../../test/render';

jest.setTimeout(30_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetGateway());
afterAll(() => server.close());

const open = {
  TakeType: 'dinein',
  BusinessMode: '2',
  PayMode: 'postpay',
  TableID: 'T1',
  DisplayState: 'ordering',
  TotalAmo: '171.6000',
  SalesAmo: '156.0000',
  BagAmo: '0.0000',
  ServiceAmo: '15.6000',
  TipAmo: '0.0000',
  PaidAmo: '33.0000',
  RestAmo: '105.6000',
  SharesOf: 0,
  SharesTaken: 0,
} as const;
const line = {
  RoundNo: 1,
  SkuItems: '',
  PUnit: '',
  Detail: '',
  PaidQua: 0,
  HeldQua: 0,
  HeldBy: '',
  AddedByMe: 0,
  Mine: 0 as const,
};
const lines = [
  {
    ...line,
    ItemID: 1,
    GoodsName: 'BBQ Pork Rice',
    Qua: '1.0000',
    Amo: '48.0000',
    Units: 1,
    AddedByMe: 1,
    Mine: 1 as const,
  },
  {
    ...line,
    ItemID: 2,
    GoodsName: 'Beer',
    Qua: '3.0000',
    Amo: '90.0000',
    Units: 3,
    PaidQua: 1,
    HeldQua: 1,
    HeldBy: 'Ana',
  },
  { ...line, ItemID: 3, GoodsName: 'Milk Tea', Qua: '1.0000', Amo: '18.0000', Units: 1 },
];

function atTable(tips = false) {
  return orderState({
    mode: '2',
    shop: shopState(
      {
        baseInfo: baseInfo({
          PayMode: 'postpay',
          BusinessMode: '2',
          ServiceChargeBp: 1000,
          TipEnabled: tips,
        }),
        tableInfo: { TableID: 'T1', TableName: 'A01' },
        signSheet: {
          SheetID: 'SH1',
          Status: 0,
          CreatedDate: new Date().toISOString(),
          TableID: 'T1',
        },
      },
      { TableID: 'T1', PosSignSheetID: 'SH1' },
    ),
  });
}

async function openSplit(tips = false) {
  answer('PosSalSheet_PosSalSheetDetailGet_V2_Get', sheetDetail(open, lines));
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  const user = userEvent.setup();
  renderWithProviders(<Shell />, {
    route: '/pages/orderDetails/orderDetails?SheetID=SH1',
    preloadedState: atTable(tips),
  });
  await user.click(await screen.findByRole('button', { name: 'Split the bill' }));
  const panel = await screen.findByRole('region', { name: 'Split the bill' });
  return { user, panel };
}

const part = () => screen.getByTestId('split-part');

test("the bill's figures, who is paying what, and 'my items' preselected and paid as units with the balance", async () => {
  answer('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', {
    table1: [
      {
        SheetID: 'SH1',
        PayID: 'P9',
        PayAmo: '52.8000',
        Balance: '100.0000',
        Score: 0,
        Status: 0,
        PayStatus: 0,
      },
    ],
  });
  const { user, panel } = await openSplit();
  // The order's details (the receipt screen) and the split panel show the same figures.
  const details = screen.getByRole('heading', { name: 'Amounts', hidden: true }).closest('section')!;
  expect(within(details).getByText('Service charge').nextSibling).toHaveTextContent('MOP$15.60');
  expect(within(details).getByText('Left to pay').nextSibling).toHaveTextContent('MOP$105.60');
  expect(within(panel).getByText('Service charge').nextSibling).toHaveTextContent('MOP$15.60');
  expect(within(panel).getByText('Left to pay').nextSibling).toHaveTextContent('MOP$105.60');
  // The whole bill's rest is the first choice; nothing is paid until the diner says so.
  expect(within(panel).getByRole('radio', { name: 'The rest' })).toBeChecked();
  expect(part()).toHaveTextContent('MOP$105.60');

  await user.click(within(panel).getByRole('radio', { name: 'My items' }));
  // Paid units are ticked, units someone else is paying are locked with who.
  expect(within(panel).getByText('✓ 1 paid')).toBeInTheDocument();
  expect(within(panel).getByText(/1 being paid by Ana/)).toBeInTheDocument();
  expect(within(panel).getByRole('combobox', { name: 'Pay BBQ Pork Rice' })).toHaveValue('1');
  expect(within(panel).getByRole('combobox', { name: 'Pay Beer' })).toHaveValue('0');
  // 48 of 156 of the MOP 171.60 bill (service charge shared pro rata).
  expect(part()).toHaveTextContent('MOP$52.80');

  await user.click(within(panel).getByRole('radio', { name: 'Member balance' }));
  await user.click(within(panel).getByRole('button', { name: 'Pay MOP$52.80' }));
  expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  expect(screen.getByText('You paid MOP$52.80')).toBeInTheDocument();
  const paid = seen.find((r) => r.op === 'PosSalSheet_PosSalSheetAcctSubmit_V9_Add')!;
  expect(paid.json.tableData[0]).toMatchObject({
    SheetID: 'SH1',
    PayAmo: '52.80',
    Units: [{ LineID: 1, Qua: 1 }],
  });
  expect(paid.json.tableData[0]).not.toHaveProperty('TipAmo');
});

test('chosen units of a line (1 of the beers left), an even split of 3, and a custom amount', async () => {
  const { user, panel } = await openSplit();
  await user.click(within(panel).getByRole('radio', { name: 'Items I choose' }));
  expect(within(panel).getByText('Choose at least one item to pay.')).toBeInTheDocument();
  expect(within(panel).getByRole('button', { name: /^Pay / })).toBeDisabled();
  await user.selectOptions(within(panel).getByRole('combobox', { name: 'Pay Beer' }), '1');
  expect(part()).toHaveTextContent('MOP$33.00');

  await user.click(within(panel).getByRole('radio', { name: 'Split evenly' }));
  await user.selectOptions(
    within(panel).getByRole('combobox', { name: /Between how many people/ }),
    '3',
  );
  expect(part()).toHaveTextContent('MOP$57.20');
  await user.selectOptions(within(panel).getByRole('combobox', { name: /Shares you pay/ }), '2');
  // Two of three shares would be 114.40, more than the 105.60 left: never more than the rest.
  expect(part()).toHaveTextContent('MOP$105.60');

  await user.click(within(panel).getByRole('radio', { name: 'An amount' }));
  await user.type(within(panel).getByRole('textbox', { name: /Amount to pay/ }), '40');
  expect(part()).toHaveTextContent('MOP$40.00');
});

test("the service's refusal (units another phone took, with the new amount) is shown in the diner's language, and nothing is paid", async () => {
  answer(
    'PosSalSheet_PosSalSheetAcctSubmit_V9_Add',
    refusal(
      '50010',
      'Someone else is paying or has paid: Beer. Your choice now comes to MOP$0.00.',
    ),
  );
  const { user, panel } = await openSplit();
  await user.click(within(panel).getByRole('radio', { name: 'Items I choose' }));
  await user.selectOptions(within(panel).getByRole('combobox', { name: 'Pay Beer' }), '1');
  await user.click(within(panel).getByRole('radio', { name: 'Member balance' }));
  await user.click(within(panel).getByRole('button', { name: 'Pay MOP$33.00' }));
  expect(await within(panel).findByRole('alert')).toHaveTextContent(
    'Someone else is paying or has paid: Beer. Your choice now comes to MOP$0.00.',
  );
  expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
});

test('an even split in progress keeps its N; a tip (offered here) goes with this payment only', async () => {
  answer(
    'PosSalSheet_PosSalSheetDetailGet_V2_Get',
    sheetDetail(
      { ...open, SharesOf: 4, SharesTaken: 3, PaidAmo: '128.7000', RestAmo: '42.9000' },
      lines,
    ),
  );
  answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS);
  answer('PosSalSheet_PosSalSheetAcctSubmit_V9_Add', {
    table1: [
      {
        SheetID: 'SH1',
        PayID: 'P9',
        PayAmo: '47.1900',
        Balance: '100.0000',
        Score: 0,
        Status: 3,
        PayStatus: 2,
      },
    ],
  });
  const user = userEvent.setup();
  const { store } = renderWithProviders(<Shell />, {
    route: '/pages/orderDetails/orderDetails?SheetID=SH1',
    preloadedState: atTable(true),
  });
  await user.click(await screen.findByRole('button', { name: 'Split the bill' }));
  const panel = await screen.findByRole('region', { name: 'Split the bill' });
  await user.click(within(panel).getByRole('radio', { name: 'Split evenly' }));
  expect(
    within(panel).getByText('Split evenly between 4: 3 of 4 shares paid or being paid.'),
  ).toBeInTheDocument();
  expect(within(panel).queryByRole('combobox', { name: /Between how many people/ })).toBeNull();
  // The last share pays the rest exactly.
  expect(part()).toHaveTextContent('MOP$42.90');
  expect(within(panel).getByRole('radio', { name: 'No tip' })).toBeChecked();
  await user.click(within(panel).getByRole('radio', { name: /^10%/ }));
  await user.click(within(panel).getByRole('radio', { name: 'Member balance' }));
  await user.click(within(panel).getByRole('button', { name: 'Pay MOP$47.19' }));
  expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
  const paid = seen.find((r) => r.op === 'PosSalSheet_PosSalSheetAcctSubmit_V9_Add')!;
  expect(paid.json.tableData[0]).toMatchObject({
    PayAmo: '47.19',
    Share: { n: 1, of: 4 },
    TipAmo: '4.29',
  });
  // The payment that completed the bill ends the table's visit.
  expect(store.getState().shop.signSheet).toBeNull();
});
