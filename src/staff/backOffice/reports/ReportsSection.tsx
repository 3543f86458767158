/**
 * The back office's reports (issue 27 section 4): the outlet's sales for
 * today, the last 7 or 30 days or a chosen range, in the outlet's days; the
 * totals, a chart (uPlot, in this section's chunk only) and the tables it is
 * drawn from, and the CSV export of the same figures.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { REPORT_MAX_DAYS, type SalesReport } from '../../../shared/protocol/staffReports';
import { defineMessages } from '../../../ui-kit/defineMessages';
import { amountText } from '../../../ui-kit/format';
import type { SectionProps } from '../../app/sectionProps';
import { ENGLISH } from '../../i18n/locale';
import { SectionIntl, type SectionMessages } from '../SectionIntl';
import { BackOfficeError, routeUrl, staffCall } from '../staffCall';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';
import { periodRange, rangeProblem, todayIn, type Period } from './period';
import { SalesChart } from './SalesChart';

const m = defineMessages({
  title: { id: 'staff.reports.title', defaultMessage: 'Reports' },
  period: { id: 'staff.reports.period', defaultMessage: 'Period' },
  today: { id: 'staff.reports.today', defaultMessage: 'Today' },
  week: { id: 'staff.reports.week', defaultMessage: 'Last 7 days' },
  month: { id: 'staff.reports.month', defaultMessage: 'Last 30 days' },
  range: { id: 'staff.reports.range', defaultMessage: 'Chosen range' },
  from: { id: 'staff.reports.from', defaultMessage: 'From' },
  to: { id: 'staff.reports.to', defaultMessage: 'To' },
  show: { id: 'staff.reports.show', defaultMessage: 'Show' },
  missing: { id: 'staff.reports.missing', defaultMessage: 'Choose both dates.' },
  order: { id: 'staff.reports.order', defaultMessage: 'The last day cannot be before the first.' },
  long: { id: 'staff.reports.long', defaultMessage: 'A report covers at most {days} days.' },
  export: { id: 'staff.reports.export', defaultMessage: 'Export CSV' },
  loading: { id: 'staff.reports.loading', defaultMessage: 'Loading the report…' },
  failed: { id: 'staff.reports.failed', defaultMessage: 'The report could not be loaded: {reason}' },
  forbidden: { id: 'staff.reports.forbidden', defaultMessage: 'Reports are for owners and managers of this outlet.' },
  heading: { id: 'staff.reports.heading', defaultMessage: '{from} to {to} ({timeZone})' },
  summary: { id: 'staff.reports.summary', defaultMessage: 'Summary' },
  figure: { id: 'staff.reports.figure', defaultMessage: 'Figure' },
  orders: { id: 'staff.reports.orders', defaultMessage: 'Orders' },
  sales: { id: 'staff.reports.sales', defaultMessage: 'Sales' },
  service: { id: 'staff.reports.service', defaultMessage: 'Service charge' },
  discount: { id: 'staff.reports.discount', defaultMessage: 'Discounts' },
  coupon: { id: 'staff.reports.coupon', defaultMessage: 'Coupons' },
  fee: { id: 'staff.reports.fee', defaultMessage: 'Delivery fees' },
  averageTicket: { id: 'staff.reports.averageTicket', defaultMessage: 'Average ticket' },
  cancelled: { id: 'staff.reports.cancelled', defaultMessage: 'Cancellations' },
  voids: { id: 'staff.reports.voids', defaultMessage: 'Voided lines' },
  topUps: { id: 'staff.reports.topUps', defaultMessage: 'Top-ups' },
  topUpGifts: { id: 'staff.reports.topUpGifts', defaultMessage: 'Top-up gifts' },
  balanceOwed: { id: 'staff.reports.balanceOwed', defaultMessage: 'Balance owed to members' },
  count: { id: 'staff.reports.count', defaultMessage: 'Count' },
  amount: { id: 'staff.reports.amount', defaultMessage: 'Amount' },
  byDay: { id: 'staff.reports.byDay', defaultMessage: 'Sales by day' },
  byHour: { id: 'staff.reports.byHour', defaultMessage: 'Sales by hour' },
  byOutlet: { id: 'staff.reports.byOutlet', defaultMessage: 'Sales by outlet' },
  byGoods: { id: 'staff.reports.byGoods', defaultMessage: 'Sales by goods' },
  byTakeType: { id: 'staff.reports.byTakeType', defaultMessage: 'Sales by way of ordering' },
  byPayment: { id: 'staff.reports.byPayment', defaultMessage: 'Sales by payment method' },
  day: { id: 'staff.reports.day', defaultMessage: 'Day' },
  hour: { id: 'staff.reports.hour', defaultMessage: 'Hour' },
  outlet: { id: 'staff.reports.outlet', defaultMessage: 'Outlet' },
  goods: { id: 'staff.reports.goods', defaultMessage: 'Goods' },
  quantity: { id: 'staff.reports.quantity', defaultMessage: 'Quantity' },
  wayOfOrdering: { id: 'staff.reports.wayOfOrdering', defaultMessage: 'Way of ordering' },
  method: { id: 'staff.reports.method', defaultMessage: 'Payment method' },
  dinein: { id: 'staff.reports.take.dinein', defaultMessage: 'Dine-in' },
  pickup: { id: 'staff.reports.take.pickup', defaultMessage: 'Pickup' },
  delivery: { id: 'staff.reports.take.delivery', defaultMessage: 'Delivery' },
  balance: { id: 'staff.reports.pay.balance', defaultMessage: 'Member balance' },
  sandbox: { id: 'staff.reports.pay.sandbox', defaultMessage: 'Online payment' },
  counter: { id: 'staff.reports.pay.counter', defaultMessage: 'At the counter' },
  chartByDay: { id: 'staff.reports.chartByDay', defaultMessage: 'Chart of sales by day; the figures are in the table "Sales by day".' },
  chartByHour: { id: 'staff.reports.chartByHour', defaultMessage: 'Chart of sales by hour; the figures are in the table "Sales by hour".' },
  noSales: { id: 'staff.reports.noSales', defaultMessage: 'No sales in this period.' },
});

/** The enterprise's zone until the first answer names the outlet's. */
const DEFAULT_ZONE = 'Asia/Macau';

// English: the code's own texts (i18n/locale.ts ENGLISH); en.json is their extract, not shipped.
const MESSAGES: SectionMessages = { en: ENGLISH, 'zh-CN': zhCN, 'zh-TW': zhTW };

export default function ReportsSection(props: SectionProps) {
  return (
    <SectionIntl locale={props.locale} messages={MESSAGES}>
      <Reports {...props} />
    </SectionIntl>
  );
}

function Reports({ session, locale }: SectionProps) {
  const intl = useIntl();
  const baseId = session.outlet.baseId;
  const [zone, setZone] = useState(DEFAULT_ZONE);
  const [period, setPeriod] = useState<Period>('today');
  const [range, setRange] = useState(() => periodRange('today', todayIn(DEFAULT_ZONE)));
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState('');
  const [report, setReport] = useState<SalesReport | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (from: string, to: string) => {
      setBusy(true);
      setError('');
      try {
        const answer = await staffCall('GET /staff/reports/sales', { query: { baseId, from, to } }, locale);
        setReport(answer);
        setZone(answer.timeZone);
      } catch (err) {
        setReport(null);
        setError(err instanceof BackOfficeError && err.status === 403 ? intl.formatMessage(m.forbidden) : intl.formatMessage(m.failed, { reason: err instanceof Error ? err.message : '' }));
      } finally {
        setBusy(false);
      }
    },
    [baseId, locale, intl],
  );

  // A period ending today is counted in the outlet's zone (known after the first answer).
  useEffect(() => {
    if (period === 'range') return;
    const next = periodRange(period, todayIn(zone));
    setRange((r) => (r.from === next.from && r.to === next.to ? r : next));
  }, [period, zone]);

  useEffect(() => {
    void load(range.from, range.to);
  }, [load, range]);

  const handleRange = (e: FormEvent) => {
    e.preventDefault();
    const p = rangeProblem(draft.from, draft.to, REPORT_MAX_DAYS);
    setProblem(p ? intl.formatMessage(m[p], { days: REPORT_MAX_DAYS }) : '');
    if (!p) setRange({ ...draft });
  };

  const dp = report?.amoPoint ?? 2;
  const money = (v: string) => amountText(v, locale, dp);
  const periods: Period[] = ['today', 'week', 'month', 'range'];
  const t = report?.totals;
  const manyDays = report ? report.byDay.length > 1 : false;

  return (
    <section className="reports back-office" aria-labelledby="reports-title">
      <h2 id="reports-title">
        <FormattedMessage {...m.title} />
      </h2>
      <div role="group" aria-label={intl.formatMessage(m.period)} className="periods">
        {periods.map((p) => (
          <button key={p} type="button" className={`btn${period === p ? ' active' : ''}`} aria-pressed={period === p} onClick={() => setPeriod(p)}>
            <FormattedMessage {...m[p]} />
          </button>
        ))}
      </div>
      {period === 'range' && (
        <form className="range" onSubmit={handleRange} noValidate>
          <label htmlFor="report-from">
            <FormattedMessage {...m.from} />
          </label>
          <input id="report-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} aria-invalid={Boolean(problem)} />
          <label htmlFor="report-to">
            <FormattedMessage {...m.to} />
          </label>
          <input id="report-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} aria-invalid={Boolean(problem)} />
          <button type="submit" className="btn btn-primary">
            <FormattedMessage {...m.show} />
          </button>
          {problem && (
            <p role="alert" className="error">
              {problem}
            </p>
          )}
        </form>
      )}
      {busy && !report && (
        <p role="status">
          <FormattedMessage {...m.loading} />
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {report && t && (
        <>
          <h3>
            <FormattedMessage {...m.heading} values={{ from: report.from, to: report.to, timeZone: report.timeZone }} />
          </h3>
          <a className="btn" href={routeUrl('GET /staff/reports/sales', { query: { baseId, from: report.from, to: report.to, format: 'csv' } })} download>
            <FormattedMessage {...m.export} />
          </a>
          <table className="report-summary">
            <caption>
              <FormattedMessage {...m.summary} />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage {...m.figure} />
                </th>
                <th scope="col">
                  <FormattedMessage {...m.count} />
                </th>
                <th scope="col">
                  <FormattedMessage {...m.amount} />
                </th>
              </tr>
            </thead>
            <tbody>
              {(
                [
                  [m.sales, t.orders, t.sales],
                  [m.service, '', t.service],
                  [m.discount, '', t.discount],
                  [m.coupon, '', t.coupon],
                  [m.fee, '', t.fee],
                  [m.averageTicket, '', t.averageTicket],
                  [m.cancelled, t.cancelled.orders, t.cancelled.amount],
                  [m.voids, t.voids.lines, t.voids.amount],
                  [m.topUps, t.topUps.count, t.topUps.amount],
                  [m.topUpGifts, '', t.topUps.gift],
                  [m.balanceOwed, '', t.balanceOwed],
                ] as const
              ).map(([label, count, amount]) => (
                <tr key={label.id}>
                  <th scope="row">
                    <FormattedMessage {...label} />
                  </th>
                  <td>{count}</td>
                  <td>{money(amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {t.orders === 0 && (
            <p>
              <FormattedMessage {...m.noSales} />
            </p>
          )}
          {manyDays ? (
            <SalesChart
              labels={report.byDay.map((d) => d.day.slice(5))}
              values={report.byDay.map((d) => Number(d.sales))}
              seriesName={intl.formatMessage(m.sales)}
              label={intl.formatMessage(m.chartByDay)}
              describedBy="report-by-day"
            />
          ) : (
            <SalesChart
              labels={report.byHour.map((h) => String(h.hour).padStart(2, '0'))}
              values={report.byHour.map((h) => Number(h.sales))}
              seriesName={intl.formatMessage(m.sales)}
              label={intl.formatMessage(m.chartByHour)}
              describedBy="report-by-hour"
            />
          )}
          <Table
            id="report-by-day"
            caption={m.byDay}
            head={[m.day, m.orders, m.sales, m.service]}
            rows={report.byDay.map((d) => [d.day, d.orders, money(d.sales), money(d.service)])}
          />
          <Table
            id="report-by-hour"
            caption={m.byHour}
            head={[m.hour, m.orders, m.sales]}
            rows={report.byHour.filter((h) => h.orders > 0).map((h) => [`${String(h.hour).padStart(2, '0')}:00`, h.orders, money(h.sales)])}
          />
          <Table
            id="report-by-outlet"
            caption={m.byOutlet}
            head={[m.outlet, m.orders, m.sales, m.service]}
            rows={report.byOutlet.map((o) => [o.name, o.orders, money(o.sales), money(o.service)])}
          />
          <Table id="report-by-goods" caption={m.byGoods} head={[m.goods, m.quantity, m.sales]} rows={report.byGoods.map((g) => [g.name, g.qua, money(g.amount)])} />
          <Table
            id="report-by-take"
            caption={m.byTakeType}
            head={[m.wayOfOrdering, m.orders, m.sales]}
            rows={report.byTakeType.map((x) => [intl.formatMessage(m[x.takeType]), x.orders, money(x.sales)])}
          />
          <Table
            id="report-by-payment"
            caption={m.byPayment}
            head={[m.method, m.orders, m.sales]}
            rows={report.byPayment.map((x) => [intl.formatMessage(m[x.method]), x.orders, money(x.sales)])}
          />
        </>
      )}
    </section>
  );
}

function Table({ id, caption, head, rows }: { id: string; caption: (typeof m)[keyof typeof m]; head: (typeof m)[keyof typeof m][]; rows: (string | number)[][] }) {
  return (
    <table id={id} className="report-table">
      <caption>
        <FormattedMessage {...caption} />
      </caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h.id} scope="col">
              <FormattedMessage {...h} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
