/**
 * A sheet's bill as the counter sees it (issue 28), in the fix panel: the
 * goods, discounts, bag and delivery fee, the service charge with its rate,
 * the total, the tips (not part of it), every payment (its method, amount,
 * time, state, what it covered and who paid, when known) and what is left
 * to pay. All from the sheet as GET /staff/sheets answers it: the service
 * computes the figures (shared/domain/orderTotals.ts), this only shows them.
 * Its words are a catalogue of their own (./i18n), loaded with the fix
 * panel's chunk, so the kitchen's first load does not carry them.
 */
import { useId } from 'react';
import { FormattedMessage, IntlProvider, useIntl, type MessageDescriptor } from 'react-intl';
import { memberNameShown } from '../../../shared/domain/memberName';
import { amountText, DAY_AND_CLOCK } from '../../../ui-kit/format';
import { defineMessages } from '../../../ui-kit/defineMessages';
import type { StaffSheet } from '../../api';
import { isStaffLocale, type StaffLocale } from '../../i18n/locale';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';

const MESSAGES: Record<StaffLocale, Record<string, string>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

const m = defineMessages({
  title: { id: 'staff.bill.title', defaultMessage: 'Bill' },
  goods: { id: 'staff.bill.goods', defaultMessage: 'Subtotal' },
  itemDiscounts: { id: 'staff.bill.itemDiscounts', defaultMessage: 'Item discounts (in the subtotal)' },
  bag: { id: 'staff.bill.bag', defaultMessage: 'Bags' },
  freight: { id: 'staff.bill.freight', defaultMessage: 'Delivery fee' },
  coupon: { id: 'staff.bill.coupon', defaultMessage: 'Coupon' },
  service: { id: 'staff.bill.service', defaultMessage: 'Service charge' },
  serviceRate: { id: 'staff.bill.serviceRate', defaultMessage: 'Service charge {percent}' },
  total: { id: 'staff.bill.total', defaultMessage: 'Total' },
  tips: { id: 'staff.bill.tips', defaultMessage: 'Tips (not in the total)' },
  paid: { id: 'staff.bill.paid', defaultMessage: 'Paid' },
  pending: { id: 'staff.bill.pending', defaultMessage: 'Being paid' },
  rest: { id: 'staff.bill.rest', defaultMessage: 'Left to pay' },
  payments: { id: 'staff.bill.payments', defaultMessage: 'Payments' },
  none: { id: 'staff.bill.none', defaultMessage: 'No payments yet.' },
  method: {
    id: 'staff.bill.method',
    defaultMessage: '{method, select, balance {Member balance} sandbox {Online payment} other {{method}}}',
  },
  state: {
    id: 'staff.bill.state',
    defaultMessage: '{status, select, paid {paid} pending {being paid} refunded {refunded} other {{status}}}',
  },
  whole: { id: 'staff.bill.whole', defaultMessage: 'The whole bill' },
  restPart: { id: 'staff.bill.restPart', defaultMessage: 'The rest' },
  share: { id: 'staff.bill.share', defaultMessage: '{n} of {of} shares' },
  amount: { id: 'staff.bill.amount', defaultMessage: 'An amount' },
  units: { id: 'staff.bill.units', defaultMessage: 'Items: {list}' },
  unit: { id: 'staff.bill.unit', defaultMessage: '{qua}× {name}' },
  tip: { id: 'staff.bill.tip', defaultMessage: 'tip {amount} included' },
  guest: { id: 'staff.bill.guest', defaultMessage: 'Guest' },
  member: { id: 'staff.bill.member', defaultMessage: 'Member {phone}' },
  by: { id: 'staff.bill.by', defaultMessage: 'by {who}' },
});

type Payment = NonNullable<StaffSheet['payments']>[number];

/** The bill in the screen's language; nothing for a sheet the service sent without its bill. */
export function BillSummary({ sheet }: { sheet: StaffSheet }) {
  const { locale } = useIntl();
  if (sheet.serviceAmo === undefined) return null;
  const lang: StaffLocale = isStaffLocale(locale) ? locale : 'en';
  return (
    <IntlProvider locale={lang} messages={MESSAGES[lang]} defaultLocale="en">
      <Bill sheet={sheet} />
    </IntlProvider>
  );
}

const positive = (v: string | undefined) => Number(v ?? 0) > 0;

function Bill({ sheet }: { sheet: StaffSheet }) {
  const intl = useIntl();
  const id = useId();
  const money = (v: string | undefined) => amountText(v ?? '0', intl.locale);
  const t = (d: MessageDescriptor, values?: Record<string, string | number>) => intl.formatMessage(d, values);
  const rows: [string, string, boolean?][] = [
    [t(m.goods), money(sheet.salesAmo ?? sheet.totalAmo)],
    ...(positive(sheet.disAmo) ? ([[t(m.itemDiscounts), `−${money(sheet.disAmo)}`]] as [string, string][]) : []),
    ...(positive(sheet.bagAmo) ? ([[t(m.bag), money(sheet.bagAmo)]] as [string, string][]) : []),
    ...(positive(sheet.feeAmo) ? ([[t(m.freight), money(sheet.feeAmo)]] as [string, string][]) : []),
    ...(positive(sheet.couponAmo) ? ([[t(m.coupon), `−${money(sheet.couponAmo)}`]] as [string, string][]) : []),
    ...(positive(sheet.serviceAmo)
      ? ([
          [
            sheet.serviceBp ? t(m.serviceRate, { percent: intl.formatNumber(sheet.serviceBp / 10_000, { style: 'percent', maximumFractionDigits: 2 }) }) : t(m.service),
            money(sheet.serviceAmo),
          ],
        ] as [string, string][])
      : []),
    [t(m.total), money(sheet.totalAmo), true],
    ...(positive(sheet.tipAmo) ? ([[t(m.tips), money(sheet.tipAmo)]] as [string, string][]) : []),
    [t(m.paid), money(sheet.paidAmo)],
    ...(positive(sheet.pendingAmo) ? ([[t(m.pending), money(sheet.pendingAmo)]] as [string, string][]) : []),
    [t(m.rest), money(sheet.restAmo), true],
  ];
  const payments = sheet.payments ?? [];
  return (
    <section className="bill" aria-labelledby={`${id}-bill`}>
      <h3 id={`${id}-bill`}>{t(m.title)}</h3>
      <table className="bill-figures">
        <tbody>
          {rows.map(([label, value, strong]) => (
            <tr key={label}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: strong ? 700 : 400 }}>
                {label}
              </th>
              <td style={{ textAlign: 'right', fontWeight: strong ? 700 : 400 }}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4 id={`${id}-payments`}>{t(m.payments)}</h4>
      {payments.length === 0 ? (
        <p className="muted">
          <FormattedMessage {...m.none} />
        </p>
      ) : (
        <ul aria-labelledby={`${id}-payments`} className="bill-payments">
          {payments.map((p) => (
            <li key={p.payId}>{paymentText(p, sheet, t, money, intl.formatDate)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

type T = (d: MessageDescriptor, values?: Record<string, string | number>) => string;

/** One payment on one line: method amount (state) · time · what it covered · who. */
function paymentText(p: Payment, sheet: StaffSheet, t: T, money: (v: string) => string, formatDate: ReturnType<typeof useIntl>['formatDate']): string {
  const at = p.paidAt || p.createdAt;
  const parts = [
    `${t(m.method, { method: p.payType })} ${money(p.amount)} (${t(m.state, { status: p.status })})`,
    ...(positive(p.tipAmo) ? [t(m.tip, { amount: money(p.tipAmo) })] : []),
    ...(at ? [formatDate(at, DAY_AND_CLOCK)] : []),
    coveredText(p, sheet, t),
    ...(payerText(p, t) ? [t(m.by, { who: payerText(p, t) })] : []),
  ];
  return parts.filter(Boolean).join(' · ');
}

function coveredText(p: Payment, sheet: StaffSheet, t: T): string {
  if (p.part === 'share' && p.shareN && p.shareOf) return t(m.share, { n: p.shareN, of: p.shareOf });
  if (p.part === 'amount') return t(m.amount);
  if (p.part === 'rest') return t(m.restPart);
  if (p.part === 'units' && p.units?.length) {
    const name = (itemId: number) => sheet.items.find((i) => i.itemId === itemId)?.goodsName ?? `#${itemId}`;
    return t(m.units, { list: p.units.map((u) => t(m.unit, { qua: u.qua, name: name(u.itemId) })).join(', ') });
  }
  return p.part === '' ? t(m.whole) : '';
}

function payerText(p: Payment, t: T): string {
  if (p.payer === 'guest') return t(m.guest);
  if (p.payer === 'member') return memberNameShown(p.payerName, p.payerPhone, (phone) => t(m.member, { phone }));
  return '';
}
