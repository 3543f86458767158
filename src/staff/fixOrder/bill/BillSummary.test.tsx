/** The bill in the fix panel (issue 28): the figures GET /staff/sheets answers, every payment, what is left, in three languages. */
import { screen, within } from '@testing-library/react';
import { renderStaff, testApi } from '../../test/render';
import { line, round, sheet, useStandIns } from '../../test/standIns';
import FixPanel from '../FixPanel';
import { BillSummary } from './BillSummary';

useStandIns();

/** San Ma Lo's table A07: MOP 1,552.00 of goods, 10 % service 155.20; one share of two paid with a tip, two units being paid, a refund. */
const billed = () =>
  sheet({
    sheetId: 'S0042',
    tableId: 'T7',
    tableName: 'A07',
    takeType: 'dinein',
    payMode: 'postpay',
    status: 0,
    payStatus: 1,
    totalAmo: '1707.2000',
    salesAmo: '1552.0000',
    disAmo: '0.0000',
    couponAmo: '0.0000',
    serviceBp: 1000,
    serviceAmo: '155.2000',
    tipAmo: '20.0000',
    paidAmo: '853.6000',
    pendingAmo: '96.0000',
    restAmo: '757.6000',
    rounds: [round({ items: [line({ itemId: 1, goodsName: 'BBQ pork rice', amo: '768.0000' }), line({ itemId: 2, goodsName: 'Roast goose rice', amo: '784.0000' })] })],
    payments: [
      { payId: 'P1', payType: 'balance', status: 'paid', amount: '873.6000', tipAmo: '20.0000', part: 'share', createdAt: '2026-11-28T04:10:00Z', paidAt: '2026-11-28T04:10:05Z', shareN: 1, shareOf: 2, units: [], payer: 'member', payerName: 'Ada', payerPhone: '66****56' },
      { payId: 'P2', payType: 'sandbox', status: 'pending', amount: '96.0000', tipAmo: '0.0000', part: 'units', createdAt: '2026-11-28T04:12:00Z', paidAt: '', shareN: 0, shareOf: 0, units: [{ itemId: 1, qua: 2 }], payer: 'member', payerName: '', payerPhone: '66****57' },
      { payId: 'P3', payType: 'sandbox', status: 'refunded', amount: '10.0000', tipAmo: '0.0000', part: 'amount', createdAt: '2026-11-28T04:01:00Z', paidAt: '2026-11-28T04:01:30Z', shareN: 0, shareOf: 0, units: [], payer: 'guest', payerName: '', payerPhone: '' },
    ],
  });

const figures = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent]);

test('the fix panel shows the bill: subtotal, service charge with its rate, total, tips, paid, being paid, left to pay, and each payment', () => {
  renderStaff(<FixPanel api={testApi()} sheet={billed()} onChanged={jest.fn()} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Fix order 0042' });
  const bill = within(dialog).getByRole('region', { name: 'Bill' });
  expect(figures(within(bill).getByRole('table'))).toEqual([
    ['Subtotal', '1,552.00'],
    ['Service charge 10%', '155.20'],
    ['Total', '1,707.20'],
    ['Tips (not in the total)', '20.00'],
    ['Paid', '853.60'],
    ['Being paid', '96.00'],
    ['Left to pay', '757.60'],
  ]);
  const payments = within(within(bill).getByRole('list', { name: 'Payments' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(payments).toHaveLength(3);
  expect(payments[0]).toMatch(/^Member balance 873\.60 \(paid\) · tip 20\.00 included · Nov 28, \d\d:\d\d · 1 of 2 shares · by Ada$/);
  expect(payments[1]).toMatch(/^Online payment 96\.00 \(being paid\) · Nov 28, \d\d:\d\d · Items: 2× BBQ pork rice · by Member 66\*\*\*\*57$/);
  expect(payments[2]).toMatch(/^Online payment 10\.00 \(refunded\) · .* · An amount · by Guest$/);
});

test('discounts, a coupon and a rate the outlet has changed since: the charge without a rate; no payments yet; in traditional Chinese', () => {
  const s = {
    ...billed(),
    disAmo: '12.0000',
    couponAmo: '50.0000',
    serviceBp: undefined,
    serviceAmo: '150.2000',
    totalAmo: '1652.2000',
    tipAmo: '0.0000',
    paidAmo: '0.0000',
    pendingAmo: '0.0000',
    restAmo: '1652.2000',
    payments: [],
  };
  renderStaff(<BillSummary sheet={s} />, { locale: 'zh-TW' });
  const bill = screen.getByRole('region', { name: '帳單' });
  expect(figures(within(bill).getByRole('table'))).toEqual([
    ['小計', '1,552.00'],
    ['單品折扣（已計入小計）', '−12.00'],
    ['優惠券', '−50.00'],
    ['服務費', '150.20'],
    ['總額', '1,652.20'],
    ['已付', '0.00'],
    ['待付', '1,652.20'],
  ]);
  expect(within(bill).getByText('尚無付款。')).toBeTruthy();
});

test('a sheet sent without its bill shows none', () => {
  const { container } = renderStaff(<BillSummary sheet={{ ...billed(), serviceAmo: undefined }} />);
  expect(container.textContent).toBe('');
});
