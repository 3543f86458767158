/**
 * A table's sheet on the customer's order page (issue 23 items 2 and 6): each
 * round shows its own kitchen state and its own remark, and the page names
 * the table as the service does, never by its internal id.
 */
import { screen, within } from '@testing-library/react';
import { Shell } from '../../app/Shell';
import { answer, resetGateway, server } from '../../test/gateway';
import { orderState, PAY_METHODS, sheetDetail } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import type { KitchenState } from '../../../shared/domain/rounds';

const DETAILS = '/pages/orderDetails/orderDetails?SheetID=SH1';
const DETAIL = 'PosSalSheet_PosSalSheetDetailGet_V2_Get';

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => answer('Finance_EntShopAccountGet_V2_Get', PAY_METHODS));
afterEach(() => resetGateway());
afterAll(() => server.close());

const round = (RoundNo: number, Progress: string, KitchenState: KitchenState, Remark: string) =>
  ({ RoundNo, RoundAmo: '50.0000', Remark, CreatedDate: '2026-11-22T04:00:00Z', Mine: 1 as const, Progress, KitchenState });

const tableSheet = () => ({
  ...sheetDetail(
    { TakeType: 'dinein', BusinessMode: '2', PayMode: 'postpay', Progress: 'placed', DisplayState: 'ordering', TableID: '006000010101', TableName: 'A01', Remark: 'No chilli' },
    [
      { RoundNo: 1, GoodsName: 'BBQ Pork Rice', SkuItems: '', PUnit: '', Qua: '1.0000', Amo: '48.0000', Detail: '' },
      { RoundNo: 2, GoodsName: 'BBQ Pork Rice', SkuItems: '', PUnit: '', Qua: '1.0000', Amo: '53.0000', Detail: JSON.stringify({ bomList: [], attachmentList: [{ OptionID: 'O1', Value: 'Extra egg' }], remarkList: [] }) },
    ],
  ),
  table3: [round(1, 'ready', 'ready', 'No chilli'), round(2, 'placed', 'new', 'Peanut allergy')],
});

test("each round with its own kitchen state and remark; the table's name, not its id", async () => {
  answer(DETAIL, tableSheet());
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  const round1 = await screen.findByRole('region', { name: 'Round 1' });
  const round2 = screen.getByRole('region', { name: 'Round 2' });
  expect(within(round1).getByText('Ready')).toBeInTheDocument();
  expect(within(round1).queryByText('New')).toBeNull();
  expect(within(round1).getByText('Remark: No chilli')).toBeInTheDocument();
  expect(within(round2).getByText('New')).toBeInTheDocument();
  expect(within(round2).getByText('Remark: Peanut allergy')).toBeInTheDocument();
  expect(within(round2).getByText('Extra egg')).toBeInTheDocument();
  // Round 1's remark is not repeated as the whole order's.
  expect(screen.getAllByText('Remark: No chilli')).toHaveLength(1);
  expect(screen.getByText(/Table A01/)).toBeInTheDocument();
  expect(screen.queryByText(/006000010101/)).toBeNull();
});

test('a round moved on by the kitchen shows its new state in the same place', async () => {
  const moved = tableSheet();
  moved.table3[1] = round(2, 'preparing', 'preparing', 'Peanut allergy');
  answer(DETAIL, moved);
  renderWithProviders(<Shell />, { route: DETAILS, preloadedState: orderState() });
  const round2 = await screen.findByRole('region', { name: 'Round 2' });
  expect(within(round2).getByText('Preparing')).toBeInTheDocument();
});
