/**
 * The owner's numbers (issue 27 section 4): an outlet's sales over a range
 * of its own days, summed by the database from the stored sheets (numeric,
 * exact), rounded once to the enterprise's money decimals
 * (shared/domain/numbers.ts toFixedHalfUp). What counts as a sale, a
 * cancellation and a void is written in shared/protocol/staffReports.ts.
 *
 * The CSV export (reportCsv) is the same answer, one row per figure.
 */
import { stringify } from 'csv-stringify/sync';
import { minorToString, roundHalfUp, toFixedHalfUp, toMinor } from '../../../shared/domain/numbers';
import { PAY_METHODS, TAKE_TYPES, daysBetween, type ReportQuery, type SalesReport } from '../../../shared/protocol/staffReports';
import type { Queryable } from '../../db/driver';
import type { Lang } from '../../messages';

export class ReportNotFound extends Error {}

type Outlet = { base_id: string; ent_id: string; name: string; name_tw: string; name_en: string; tz: string; amo_point: number };

const outletName = (o: Outlet, lang: Lang) => (lang === 'en' ? o.name_en : lang === 'zh-TW' ? o.name_tw : '') || o.name;

async function outlets(db: Queryable, where: string, value: string | string[]): Promise<Outlet[]> {
  return db.query<Outlet>(
    `SELECT b.base_id, b.ent_id, b.base_name AS name, b.base_name_tw AS name_tw, b.base_name_en AS name_en,
            COALESCE(NULLIF(b.time_zone, ''), e.time_zone, 'Asia/Macau') AS tz, e.amo_point
       FROM base b JOIN enterprise e ON e.ent_id = b.ent_id WHERE ${where} ORDER BY b.sort, b.base_id`,
    [value],
  );
}

/**
 * The sheets of the range: `$1` the outlet, `$2`/`$3` the first and last
 * day, `$4` its time zone. `sale` marks the sales; `method` how they were paid.
 */
const RANGE = `r AS (SELECT ($2::date)::timestamp AT TIME ZONE $4 AS t0, (($3::date) + 1)::timestamp AT TIME ZONE $4 AS t1),
  s AS (
    SELECT s.sheet_id, s.status, s.pay_status, s.take_type, s.total_amo, s.service_amo, s.dis_amo, s.coupon_amo, s.fee_amo,
           s.created_at AT TIME ZONE $4 AS local_at,
           ((s.pay_status = 2 OR s.status = 3) AND s.pay_status <> 3) AS sale,
           (s.status = 2 AND s.pay_status <> 2) OR s.pay_status = 3 AS cancelled,
           COALESCE((SELECT p.pay_type FROM payment p WHERE p.sheet_id = s.sheet_id AND p.status = 'paid' LIMIT 1), 'counter') AS method
      FROM sheet s, r
     WHERE s.base_id = $1 AND s.created_at >= r.t0 AND s.created_at < r.t1)`;

type Sums = { orders: number; sales: string | null; service: string | null };

/** Sales of one outlet: counts and sums, by `group` (an SQL expression over s) or in all. */
async function grouped(db: Queryable, o: Outlet, q: Pick<ReportQuery, 'from' | 'to'>, group: string | null) {
  return db.query<Sums & { k: string | number | null }>(
    `WITH ${RANGE}
     SELECT ${group ?? 'NULL'} AS k, count(*)::int AS orders, sum(total_amo)::text AS sales, sum(service_amo)::text AS service
       FROM s WHERE sale ${group ? `GROUP BY 1 ORDER BY 1` : ''}`,
    [o.base_id, q.from, q.to, o.tz],
  );
}

export async function salesReport(db: Queryable, q: ReportQuery, visible: readonly string[] | null, lang: Lang): Promise<SalesReport> {
  const [outlet] = await outlets(db, 'b.base_id = $1', q.baseId);
  if (!outlet) throw new ReportNotFound(q.baseId);
  const dp = outlet.amo_point;
  const amount = (v: string | null | undefined) => toFixedHalfUp(v ?? '0', dp);
  const args = [outlet.base_id, q.from, q.to, outlet.tz];

  const [t] = await db.query<Sums & { discount: string | null; coupon: string | null; fee: string | null }>(
    `WITH ${RANGE}
     SELECT count(*)::int AS orders, sum(total_amo)::text AS sales, sum(service_amo)::text AS service, sum(dis_amo)::text AS discount,
            sum(coupon_amo)::text AS coupon, sum(fee_amo)::text AS fee
       FROM s WHERE sale`,
    args,
  );
  const [cancelled] = await db.query<{ orders: number; amount: string | null }>(
    `WITH ${RANGE} SELECT count(*)::int AS orders, sum(total_amo)::text AS amount FROM s WHERE cancelled`,
    args,
  );
  const [voids] = await db.query<{ lines: number; amount: string | null }>(
    `WITH ${RANGE} SELECT count(*)::int AS lines, sum(i.amo)::text AS amount FROM s JOIN sheet_item i ON i.sheet_id = s.sheet_id WHERE i.voided_at IS NOT NULL`,
    args,
  );
  // Named in the caller's language from the menu (the line's own name when the goods are gone).
  const goods = await db.query<{ goods_id: string; name: string; name_zh: string | null; name_tw: string | null; name_en: string | null; qua: string; amount: string }>(
    `WITH ${RANGE}
     SELECT i.goods_id, max(i.goods_name) AS name, g.goods_name AS name_zh, g.goods_name_tw AS name_tw, g.goods_name_en AS name_en,
            sum(i.qua)::text AS qua, sum(i.amo)::text AS amount
       FROM s JOIN sheet_item i ON i.sheet_id = s.sheet_id LEFT JOIN goods g ON g.goods_id = i.goods_id
      WHERE s.sale AND i.voided_at IS NULL
      GROUP BY i.goods_id, g.goods_name, g.goods_name_tw, g.goods_name_en ORDER BY sum(i.amo) DESC, i.goods_id`,
    args,
  );
  const goodsName = (g: (typeof goods)[number]) => (lang === 'en' ? g.name_en : lang === 'zh-TW' ? g.name_tw : g.name_zh) || g.name_zh || g.name;
  const [topUps] = await db.query<{ count: number; amount: string | null; gift: string | null }>(
    `SELECT count(*)::int AS count, sum(amount)::text AS amount, sum(gift)::text AS gift FROM vip_recharge
      WHERE ent_id = $1 AND status = 'paid'
        AND paid_at >= ($2::date)::timestamp AT TIME ZONE $4 AND paid_at < (($3::date) + 1)::timestamp AT TIME ZONE $4`,
    [outlet.ent_id, q.from, q.to, outlet.tz],
  );
  const [owed] = await db.query<{ balance: string | null }>('SELECT sum(balance)::text AS balance FROM vip WHERE ent_id = $1', [outlet.ent_id]);

  const days = await grouped(db, outlet, q, `to_char(local_at, 'YYYY-MM-DD')`);
  const hours = await grouped(db, outlet, q, 'extract(hour FROM local_at)::int');
  const takeTypes = await grouped(db, outlet, q, 'take_type');
  const methods = await grouped(db, outlet, q, 'method');

  const others = visible === null ? await outlets(db, 'b.ent_id = $1', outlet.ent_id) : await outlets(db, 'b.base_id = ANY ($1::text[])', [...visible]);
  const byOutlet: SalesReport['byOutlet'] = [];
  for (const o of others.filter((x) => x.ent_id === outlet.ent_id)) {
    const [row] = await grouped(db, o, q, null);
    byOutlet.push({ baseId: o.base_id, name: outletName(o, lang), orders: row?.orders ?? 0, sales: amount(row?.sales), service: amount(row?.service) });
  }

  const salesMinor = toMinor(t?.sales ?? '0', dp);
  const orders = t?.orders ?? 0;
  const find = <K extends string | number>(rows: (Sums & { k: unknown })[], k: K) => rows.find((r) => r.k === k || String(r.k) === String(k));

  const dayList: string[] = [];
  const start = Date.parse(`${q.from}T00:00:00Z`);
  for (let i = 0; i <= daysBetween(q.from, q.to); i += 1) dayList.push(new Date(start + i * 86_400_000).toISOString().slice(0, 10));

  return {
    baseId: outlet.base_id,
    timeZone: outlet.tz,
    from: q.from,
    to: q.to,
    amoPoint: dp,
    totals: {
      orders,
      sales: amount(t?.sales),
      service: amount(t?.service),
      discount: amount(t?.discount),
      coupon: amount(t?.coupon),
      fee: amount(t?.fee),
      averageTicket: orders > 0 ? minorToString(roundHalfUp(salesMinor / orders, 0), dp) : amount('0'),
      cancelled: { orders: cancelled?.orders ?? 0, amount: amount(cancelled?.amount) },
      voids: { lines: voids?.lines ?? 0, amount: amount(voids?.amount) },
      topUps: { count: topUps?.count ?? 0, amount: amount(topUps?.amount), gift: amount(topUps?.gift) },
      balanceOwed: amount(owed?.balance),
    },
    byDay: dayList.map((day) => {
      const r = find(days, day);
      return { day, orders: r?.orders ?? 0, sales: amount(r?.sales), service: amount(r?.service) };
    }),
    byHour: Array.from({ length: 24 }, (_, hour) => {
      const r = find(hours, hour);
      return { hour, orders: r?.orders ?? 0, sales: amount(r?.sales) };
    }),
    byOutlet,
    byGoods: goods.map((g) => ({ goodsId: g.goods_id, name: goodsName(g), qua: toFixedHalfUp(g.qua, 4).replace(/\.?0+$/, ''), amount: amount(g.amount) })),
    byTakeType: TAKE_TYPES.map((takeType) => {
      const r = find(takeTypes, takeType);
      return { takeType, orders: r?.orders ?? 0, sales: amount(r?.sales) };
    }),
    byPayment: PAY_METHODS.map((method) => {
      const r = find(methods, method);
      return { method, orders: r?.orders ?? 0, sales: amount(r?.sales) };
    }),
  };
}

export const CSV_COLUMNS = ['section', 'key', 'label', 'orders', 'quantity', 'amount', 'service'] as const;

/** The report as CSV: one row per figure (the same figures as the JSON). */
export function reportCsv(r: SalesReport): string {
  const t = r.totals;
  const rows: (string | number)[][] = [
    ['range', r.from, r.to, '', '', '', ''],
    ['total', 'sales', r.timeZone, t.orders, '', t.sales, t.service],
    ['total', 'discount', '', '', '', t.discount, ''],
    ['total', 'coupon', '', '', '', t.coupon, ''],
    ['total', 'fee', '', '', '', t.fee, ''],
    ['total', 'averageTicket', '', '', '', t.averageTicket, ''],
    ['total', 'cancelled', '', t.cancelled.orders, '', t.cancelled.amount, ''],
    ['total', 'voids', '', t.voids.lines, '', t.voids.amount, ''],
    ['total', 'topUps', '', t.topUps.count, '', t.topUps.amount, ''],
    ['total', 'topUpGifts', '', '', '', t.topUps.gift, ''],
    ['total', 'balanceOwed', '', '', '', t.balanceOwed, ''],
    ...r.byDay.map((d) => ['day', d.day, '', d.orders, '', d.sales, d.service]),
    ...r.byHour.map((h) => ['hour', String(h.hour).padStart(2, '0'), '', h.orders, '', h.sales, '']),
    ...r.byOutlet.map((o) => ['outlet', o.baseId, o.name, o.orders, '', o.sales, o.service]),
    ...r.byGoods.map((g) => ['goods', g.goodsId, g.name, '', g.qua, g.amount, '']),
    ...r.byTakeType.map((x) => ['takeType', x.takeType, '', x.orders, '', x.sales, '']),
    ...r.byPayment.map((x) => ['payment', x.method, '', x.orders, '', x.sales, '']),
  ];
  // A byte-order mark so that spreadsheet programs read the Chinese names as UTF-8.
  return `\uFEFF${stringify([[...CSV_COLUMNS], ...rows])}`;
}
