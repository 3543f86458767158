/**
 * The words of an e-receipt, in the three languages of the app: the
 * service's message catalogue for mail (messages.ts holds the answers' texts).
 */
import type { Lang } from '../messages';

const T = {
  subject: { en: 'Your receipt from {outlet} (order {number})', 'zh-CN': '{outlet} 的收据（订单 {number}）', 'zh-TW': '{outlet} 的收據（訂單 {number}）' },
  heading: { en: 'Receipt', 'zh-CN': '收据', 'zh-TW': '收據' },
  order: { en: 'Order', 'zh-CN': '订单', 'zh-TW': '訂單' },
  time: { en: 'Time', 'zh-CN': '时间', 'zh-TW': '時間' },
  table: { en: 'Table {table}', 'zh-CN': '桌号 {table}', 'zh-TW': '桌號 {table}' },
  pickup: { en: 'Pickup', 'zh-CN': '自取', 'zh-TW': '自取' },
  delivery: { en: 'Delivery', 'zh-CN': '外送', 'zh-TW': '外送' },
  dinein: { en: 'Dine-in', 'zh-CN': '堂食', 'zh-TW': '堂食' },
  phone: { en: 'Tel.', 'zh-CN': '电话', 'zh-TW': '電話' },
  item: { en: 'Item', 'zh-CN': '品项', 'zh-TW': '品項' },
  qty: { en: 'Qty', 'zh-CN': '数量', 'zh-TW': '數量' },
  amount: { en: 'Amount', 'zh-CN': '金额', 'zh-TW': '金額' },
  goods: { en: 'Subtotal', 'zh-CN': '小计', 'zh-TW': '小計' },
  discount: { en: 'Promotions saved you (included above)', 'zh-CN': '优惠已节省（已计入以上金额）', 'zh-TW': '優惠已節省（已計入以上金額）' },
  bag: { en: 'Bag fee', 'zh-CN': '包装袋费', 'zh-TW': '膠袋費' },
  freight: { en: 'Delivery fee', 'zh-CN': '配送费', 'zh-TW': '外送費' },
  coupon: { en: 'Coupon', 'zh-CN': '优惠券', 'zh-TW': '優惠券' },
  service: { en: 'Service charge', 'zh-CN': '服务费', 'zh-TW': '服務費' },
  total: { en: 'Total', 'zh-CN': '合计', 'zh-TW': '合計' },
  tip: { en: 'Tip', 'zh-CN': '小费', 'zh-TW': '小費' },
  payments: { en: 'Payments', 'zh-CN': '付款', 'zh-TW': '付款' },
  paidBalance: { en: 'Member balance', 'zh-CN': '会员余额', 'zh-TW': '會員餘額' },
  paidSandbox: { en: 'Online payment', 'zh-CN': '在线支付', 'zh-TW': '網上付款' },
  paidCounter: { en: 'Paid at the counter', 'zh-CN': '柜台付款', 'zh-TW': '櫃檯付款' },
  refunded: { en: 'refunded', 'zh-CN': '已退款', 'zh-TW': '已退款' },
  companyTitle: { en: 'Company', 'zh-CN': '抬头', 'zh-TW': '抬頭' },
  companyTaxNo: { en: 'Company number', 'zh-CN': '税号', 'zh-TW': '稅號' },
  thanks: { en: 'Thank you for dining with us.', 'zh-CN': '感谢惠顾。', 'zh-TW': '多謝惠顧。' },
  footer: {
    en: 'This receipt was sent because it was asked for on the order page.',
    'zh-CN': '此收据应您在订单页面的要求发送。',
    'zh-TW': '此收據應閣下在訂單頁面的要求發送。',
  },
  footerAuto: {
    en: 'You chose to receive every receipt by email; turn it off on any order page.',
    'zh-CN': '您选择了以电邮接收每张收据；可在任何订单页面关闭。',
    'zh-TW': '閣下選擇了以電郵接收每張收據；可在任何訂單頁面關閉。',
  },
} satisfies Record<string, Record<Lang, string>>;

export type ReceiptText = keyof typeof T;

export function receiptText(key: ReceiptText, lang: Lang, values: Record<string, string> = {}): string {
  return T[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
