/**
 * Issue 28 section 2: the service charge where the diner sees it before the
 * bill: the confirm page's preview (shared orderTotals: 10 % of the subtotal
 * after the coupon, none on takeaway), its amounts and the table's bill
 * (the menu's note: menu/ServiceNote.test.tsx).
 */
import { screen } from '@testing-library/react';
import { DEFAULT_NUMBER_FORMATS } from '../../../../shared/domain/numbers';
import { cartEntries, orderState } from '../../../test/orderFixtures';
import { renderWithProviders } from '../../../test/render';
import { TableSheet } from '../../orders';
import { orderTotals, type Coupon } from '../totals';
import { AmountsSummary } from './AmountsSummary';

const formats = DEFAULT_NUMBER_FORMATS;
/** A round of MOP 1,552.00: 2 x 776. */
const bill = () => {
  const [rice] = cartEntries('2');
  return [{ ...rice!, list: [{ ...rice!.list[0]!, Price: '776.00', mQua: 2, qua: 2 }] }];
};
const cash100: Coupon = {
  CardID: 'C',
  CardCode: 'C',
  names: { zh: '', tw: '', en: '' },
  type: 1,
  faceValue: '100',
  minAmount: '0',
  beginTime: '',
  endTime: '',
  status: 0,
  usable: true,
  reason: '',
};

test('a dine-in bill of MOP 1,552.00 at 10 % previews 155.20 of service (145.20 after a MOP 100 coupon); the order still sends its goods total', () => {
  expect(
    orderTotals({
      entries: bill(),
      formats,
      takeType: 'dinein',
      freight: null,
      coupon: null,
      serviceBp: 1000,
    }),
  ).toMatchObject({
    sales: '1552.00',
    service: '155.20',
    total: '1552.00',
    payable: '1707.20',
  });
  expect(
    orderTotals({
      entries: bill(),
      formats,
      takeType: 'dinein',
      freight: null,
      coupon: cash100,
      serviceBp: 1000,
    }),
  ).toMatchObject({
    coupon: '100.00',
    service: '145.20',
    total: '1452.00',
    payable: '1597.20',
  });
  // Takeaway carries no service charge; nor does an outlet that charges none.
  expect(
    orderTotals({
      entries: bill(),
      formats,
      takeType: 'pickup',
      freight: null,
      coupon: null,
      serviceBp: 1000,
    }).service,
  ).toBe('0.00');
  expect(
    orderTotals({ entries: bill(), formats, takeType: 'dinein', freight: null, coupon: null })
      .service,
  ).toBe('0.00');
});

test("the confirm page's amounts show 'Service charge 10%' and the total with it", async () => {
  const totals = orderTotals({
    entries: bill(),
    formats,
    takeType: 'dinein',
    freight: null,
    coupon: null,
    serviceBp: 1000,
  });
  renderWithProviders(
    <AmountsSummary totals={totals} hasCoupon={false} takeType="dinein" serviceBp={1000} />,
    { preloadedState: orderState() },
  );
  expect((await screen.findByText('Service charge 10%')).nextSibling).toHaveTextContent(
    'MOP$155.20',
  );
  expect(screen.getByTestId('order-total')).toHaveTextContent('MOP$1,707.20');
});

test('no service charge line where there is none', async () => {
  const totals = orderTotals({
    entries: bill(),
    formats,
    takeType: 'pickup',
    freight: null,
    coupon: null,
    serviceBp: 1000,
  });
  renderWithProviders(
    <AmountsSummary totals={totals} hasCoupon={false} takeType="pickup" serviceBp={1000} />,
    { preloadedState: orderState() },
  );
  expect(await screen.findByTestId('order-total')).toHaveTextContent('MOP$1,554.00');
  expect(screen.queryByText(/Service charge/)).toBeNull();
});

test("the table's bill shows its service charge, what is paid and what is left", async () => {
  renderWithProviders(
    <TableSheet
      items={[{ RoundNo: 1, name: 'Lobster', qua: '2', amo: '1552.00', mine: true, voided: false }]}
      totalAmo="1707.20"
      serviceAmo="155.20"
      paidAmo="569.07"
      restAmo="1138.13"
    />,
    { preloadedState: orderState() },
  );
  expect((await screen.findByText('Service charge')).nextSibling?.nextSibling).toHaveTextContent(
    'MOP$155.20',
  );
  expect(screen.getByText('Left to pay').nextSibling?.nextSibling).toHaveTextContent(
    'MOP$1,138.13',
  );
});
