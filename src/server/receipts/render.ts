/**
 * A receipt (receipt.ts) as a mail: a subject, a plain-text body and an HTML
 * body with the same content (every value escaped), in the receipt's language.
 */
import { DateTime } from 'luxon';
import { DEFAULT_NUMBER_FORMATS, formatMoney, minorToString } from '../../shared/domain/numbers';
import type { Receipt, ReceiptPayment } from './receipt';
import { receiptText, type ReceiptText } from './texts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const LOCALE = { en: 'en', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW' } as const;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The order number a customer reads (the last 6 digits of the sheet id, as the kitchen's ticket). */
export const receiptNumber = (sheetId: string) => sheetId.slice(-6);

export function renderReceipt(r: Receipt, opts: { auto?: boolean } = {}): RenderedMail {
  const t = (key: ReceiptText, values?: Record<string, string>) => receiptText(key, r.lang, values);
  const money = (m: number) => formatMoney(minorToString(m, r.scale), { ...DEFAULT_NUMBER_FORMATS, AmoPoint: r.scale }, r.currencySymbol, LOCALE[r.lang]);
  const when = (iso: Date | string) =>
    (typeof iso === 'string' ? DateTime.fromISO(iso) : DateTime.fromJSDate(iso)).setZone(r.timeZone).toFormat('yyyy-MM-dd HH:mm');
  const where = r.tableName ? t('table', { table: r.tableName }) : r.takeType === 'delivery' ? t('delivery') : r.takeType === 'pickup' ? t('pickup') : t('dinein');
  const method = (p: ReceiptPayment) => (p.method === 'balance' ? t('paidBalance') : p.method === 'sandbox' ? t('paidSandbox') : t('paidCounter'));
  const number = receiptNumber(r.sheetId);

  // The bill's figures, each shown only when it is not zero (the goods and the total always).
  const figures: [string, number][] = [
    [t('goods'), r.goodsMinor],
    ...(r.bagMinor ? ([[t('bag'), r.bagMinor]] as [string, number][]) : []),
    ...(r.freightMinor ? ([[t('freight'), r.freightMinor]] as [string, number][]) : []),
    ...(r.couponMinor ? ([[t('coupon'), -r.couponMinor]] as [string, number][]) : []),
    ...(r.serviceMinor ? ([[t('service'), r.serviceMinor]] as [string, number][]) : []),
  ];
  const payments = r.payments.length
    ? r.payments.map((p) => ({ label: `${method(p)} · ${when(p.paidAt)}${p.refunded ? ` (${t('refunded')})` : ''}`, amount: money(p.amountMinor) }))
    : [{ label: t('paidCounter'), amount: money(r.totalMinor + r.tipMinor) }];
  const company = [
    ...(r.title ? [`${t('companyTitle')}: ${r.title}`] : []),
    ...(r.taxNo ? [`${t('companyTaxNo')}: ${r.taxNo}`] : []),
  ];
  const footer = t(opts.auto ? 'footerAuto' : 'footer');

  const text = [
    `${r.shopName} · ${r.outletName}`,
    ...(r.address ? [r.address] : []),
    ...(r.phone ? [`${t('phone')} ${r.phone}`] : []),
    '',
    `${t('heading')} · ${t('order')} ${number} (${r.sheetId})`,
    `${t('time')}: ${when(r.createdAt)} · ${where}`,
    ...company,
    '',
    ...r.lines.flatMap((l) => [
      `${l.qua} x ${l.name}${l.spec ? ` (${l.spec})` : ''}  ${money(l.amountMinor)}`,
      ...l.details.map((d) => `    ${d}`),
    ]),
    '',
    ...figures.map(([label, m]) => `${label}: ${money(m)}`),
    `${t('total')}: ${money(r.totalMinor)}`,
    ...(r.discountMinor ? [`${t('discount')}: ${money(r.discountMinor)}`] : []),
    ...(r.tipMinor ? [`${t('tip')}: ${money(r.tipMinor)}`] : []),
    '',
    `${t('payments')}:`,
    ...payments.map((p) => `  ${p.label}  ${p.amount}`),
    '',
    t('thanks'),
    footer,
  ].join('\n');

  const e = escapeHtml;
  const row = (label: string, amount: string, strong = false) =>
    `<tr><td style="padding:2px 8px 2px 0">${strong ? `<strong>${e(label)}</strong>` : e(label)}</td><td style="padding:2px 0;text-align:right">${strong ? `<strong>${e(amount)}</strong>` : e(amount)}</td></tr>`;
  const html = `<!doctype html>
<html lang="${r.lang}"><head><meta charset="utf-8"><title>${e(t('heading'))} ${e(number)}</title></head>
<body style="font-family:sans-serif;color:#111;max-width:560px">
<h1 style="font-size:20px;margin:0">${e(r.shopName)} · ${e(r.outletName)}</h1>
${r.address ? `<p style="margin:4px 0">${e(r.address)}</p>` : ''}${r.phone ? `<p style="margin:4px 0">${e(t('phone'))} ${e(r.phone)}</p>` : ''}
<h2 style="font-size:16px">${e(t('heading'))} · ${e(t('order'))} ${e(number)}</h2>
<p style="margin:4px 0">${e(r.sheetId)}</p>
<p style="margin:4px 0">${e(t('time'))}: ${e(when(r.createdAt))} · ${e(where)}</p>
${company.map((c) => `<p style="margin:4px 0">${e(c)}</p>`).join('\n')}
<table style="border-collapse:collapse;width:100%;margin-top:12px">
<thead><tr><th style="text-align:left">${e(t('item'))}</th><th style="text-align:right">${e(t('qty'))}</th><th style="text-align:right">${e(t('amount'))}</th></tr></thead>
<tbody>
${r.lines
  .map(
    (l) =>
      `<tr><td style="padding:4px 8px 4px 0">${e(l.name)}${l.spec ? ` <span style="color:#555">(${e(l.spec)})</span>` : ''}${l.details.map((d) => `<br><span style="color:#555">${e(d)}</span>`).join('')}</td><td style="text-align:right;vertical-align:top">${e(l.qua)}</td><td style="text-align:right;vertical-align:top">${e(money(l.amountMinor))}</td></tr>`,
  )
  .join('\n')}
</tbody></table>
<table style="border-collapse:collapse;width:100%;margin-top:12px">
${figures.map(([label, m]) => row(label, money(m))).join('\n')}
${row(t('total'), money(r.totalMinor), true)}
${r.discountMinor ? row(t('discount'), money(r.discountMinor)) : ''}
${r.tipMinor ? row(t('tip'), money(r.tipMinor)) : ''}
</table>
<h3 style="font-size:14px">${e(t('payments'))}</h3>
<table style="border-collapse:collapse;width:100%">
${payments.map((p) => row(p.label, p.amount)).join('\n')}
</table>
<p>${e(t('thanks'))}</p>
<p style="color:#555;font-size:12px">${e(footer)}</p>
</body></html>
`;
  return { subject: t('subject', { outlet: r.outletName, number }), text, html };
}
