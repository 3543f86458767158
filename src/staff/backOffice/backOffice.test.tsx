/** The back office's Reports and Loyalty sections, rendered as the program renders them, against stand-ins of their routes. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PlanJson } from '../../shared/protocol/staffLoyalty';
import type { SalesReport } from '../../shared/protocol/staffReports';
import type { StaffLocale } from '../i18n/locale';
import { renderStaff, testApi } from '../test/render';
import { server, useStandIns } from '../test/standIns';
import LoyaltySection from './loyalty/LoyaltySection';
import ReportsSection from './reports/ReportsSection';

useStandIns();
jest.setTimeout(30_000);

const session = { token: '', outlet: { baseId: 'B1', name: '新马路店', nameTw: '新馬路店', nameEn: 'San Ma Lo', shopName: 'Harbour' } };
const props = (locale: StaffLocale = 'en') => ({ api: testApi(locale), session, locale, onSignedOut: () => undefined });

function report(from: string, to: string): SalesReport {
  return {
    baseId: 'B1',
    timeZone: 'Asia/Macau',
    from,
    to,
    amoPoint: 2,
    totals: {
      orders: 3,
      sales: '1234.50',
      service: '20.00',
      discount: '5.00',
      coupon: '0.00',
      fee: '0.00',
      averageTicket: '411.50',
      cancelled: { orders: 1, amount: '48.00' },
      voids: { lines: 2, amount: '30.00' },
      topUps: { count: 1, amount: '300.00', gift: '30.00' },
      balanceOwed: '9999.00',
    },
    byDay: [{ day: from, orders: 3, sales: '1234.50', service: '20.00' }],
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: hour === 12 ? 3 : 0, sales: hour === 12 ? '1234.50' : '0.00' })),
    byOutlet: [{ baseId: 'B1', name: 'San Ma Lo', orders: 3, sales: '1234.50', service: '20.00' }],
    byGoods: [{ goodsId: 'G1', name: 'BBQ pork rice', qua: '5', amount: '240.00' }],
    byTakeType: [{ takeType: 'dinein', orders: 3, sales: '1234.50' }],
    byPayment: [{ method: 'counter', orders: 3, sales: '1234.50' }],
  } as SalesReport;
}

test("Reports: today's figures in their tables, the CSV link, a range that makes no sense is refused before asking", async () => {
  const asked: string[] = [];
  server.use(
    http.get('*/staff/reports/sales', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      return HttpResponse.json(report(url.searchParams.get('from')!, url.searchParams.get('to')!));
    }),
  );
  renderStaff(<ReportsSection {...props()} />);
  const summary = await screen.findByRole('table', { name: 'Summary' });
  expect(within(summary).getByRole('row', { name: /^Sales/ })).toHaveTextContent('1,234.50');
  expect(within(summary).getByRole('row', { name: /^Balance owed to members/ })).toHaveTextContent('9,999.00');
  expect(within(summary).getByRole('row', { name: /^Voided lines/ })).toHaveTextContent('30.00');
  expect(screen.getByRole('table', { name: 'Sales by goods' })).toHaveTextContent('BBQ pork rice');
  expect(within(screen.getByRole('table', { name: 'Sales by payment method' })).getByRole('row', { name: /At the counter/ })).toHaveTextContent('1,234.50');
  expect(screen.getByRole('img', { name: /Chart of sales by hour/ })).toHaveAttribute('aria-describedby', 'report-by-hour');
  const today = new URLSearchParams(asked[0]).get('from')!;
  expect(new URLSearchParams(asked[0]).get('to')).toBe(today);
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/staff/reports/sales?baseId=B1&from=${today}&to=${today}&format=csv`);

  await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
  await screen.findByRole('img', { name: /Chart of sales by day/ }).catch(() => undefined);
  expect(asked.length).toBeGreaterThanOrEqual(2);
  const n = asked.length;
  await userEvent.click(screen.getByRole('button', { name: 'Chosen range' }));
  const from = screen.getByLabelText('From');
  const to = screen.getByLabelText('To');
  await userEvent.clear(from);
  await userEvent.type(from, '2026-10-10');
  await userEvent.clear(to);
  await userEvent.type(to, '2026-10-01');
  await userEvent.click(screen.getByRole('button', { name: 'Show' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The last day cannot be before the first.');
  expect(asked).toHaveLength(n);
});

const PLAN: PlanJson = {
  planId: 'P1',
  name: '滿100減20',
  nameTw: '',
  nameEn: '20 off 100',
  cardType: 1,
  faceValue: '20.00',
  minAmount: '100.00',
  validDays: 30,
  stock: 10,
  perMemberLimit: 1,
  canClaim: true,
  beginDate: null,
  endDate: null,
  outlets: [],
  version: 1,
  codes: 0,
  claimed: 0,
  used: 0,
};

function loyaltyStandIns(onPut: (body: unknown) => Response) {
  server.use(
    http.get('*/staff/loyalty/settings', () => HttpResponse.json({ settings: { scoreUnit: '1.00', rechargeMin: '1.00', rechargeMax: '10000.00', version: 1 }, rules: [] })),
    http.get('*/staff/loyalty/plans', () => HttpResponse.json({ plans: [PLAN] })),
    http.put('*/staff/loyalty/plans/:id', async ({ request }) => onPut(await request.json())),
  );
}

test('Loyalty: a plan saved by someone else meanwhile: the form shows the fresh values and says so', async () => {
  const sent: unknown[] = [];
  loyaltyStandIns((body) => {
    sent.push(body);
    return HttpResponse.json({ error: 'Changed by someone else', current: { plan: { ...PLAN, nameEn: 'Changed elsewhere', version: 2 } } }, { status: 409 });
  });
  renderStaff(<LoyaltySection {...props()} />);
  const table = await screen.findByRole('table', { name: 'Coupon plans' });
  await userEvent.click(within(within(table).getByRole('row', { name: /20 off 100/ })).getByRole('button', { name: 'Edit' }));
  const form = screen.getByRole('form', { name: /Editing/ });
  const nameEn = within(form).getByLabelText('Name (English)');
  await userEvent.clear(nameEn);
  await userEvent.type(nameEn, 'Mine');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Changed by someone else: the form now shows the current values.');
  expect(sent).toEqual([expect.objectContaining({ nameEn: 'Mine', version: 1 })]);
  expect(within(form).getByLabelText('Name (English)')).toHaveValue('Changed elsewhere');
});

test("Loyalty: the plan form refuses what makes no sense in the screen's language, sending nothing", async () => {
  const sent: unknown[] = [];
  loyaltyStandIns((body) => {
    sent.push(body);
    return HttpResponse.json({ plan: PLAN });
  });
  let posted = 0;
  server.use(http.post('*/staff/loyalty/plans', () => ((posted += 1), HttpResponse.json({ plan: PLAN }))));
  renderStaff(<LoyaltySection {...props('zh-TW')} />, { locale: 'zh-TW' });
  await screen.findByRole('table', { name: '優惠券方案' });
  const form = screen.getByRole('form', { name: '建立方案' });
  await userEvent.type(within(form).getByLabelText('名稱（簡體中文）'), '測試');
  await userEvent.type(within(form).getByLabelText('面值（金額，折扣券為支付的百分比）'), '-5');
  await userEvent.type(within(form).getByLabelText('結束日期'), '2026-01-01');
  await userEvent.type(within(form).getByLabelText('開始日期'), '2026-02-01');
  await userEvent.click(within(form).getByRole('button', { name: '建立方案' }));
  expect(within(form).getByText('請輸入金額，如 12.50，不能為負數。')).toBeInTheDocument();
  expect(within(form).getByText('結束日期不能早於開始日期。')).toBeInTheDocument();
  expect(within(form).getByLabelText('面值（金額，折扣券為支付的百分比）')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
  expect(sent).toEqual([]);
});
