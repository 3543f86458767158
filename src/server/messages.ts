/**
 * The service's own messages, in the three languages of the app. The caller's
 * language comes from the Accept-Language header the app sends (its chosen
 * interface language), falling back to English.
 */
export type Lang = 'zh-CN' | 'zh-TW' | 'en';

const M = {
  invalidQrCode: { en: 'Invalid QR Code', 'zh-CN': '无效的二维码', 'zh-TW': '無效的二維碼' },
  qrCodeInvalid: { en: 'The QR code is invalid', 'zh-CN': '二维码已失效', 'zh-TW': '二維碼已失效' },
  tableNotFound: { en: 'Table No. not found.', 'zh-CN': '找不到桌号。', 'zh-TW': '找不到桌號。' },
  shopNotFound: { en: 'The shop does not exist', 'zh-CN': '店铺不存在', 'zh-TW': '店鋪不存在' },
  baseNotFound: { en: 'The outlet does not exist', 'zh-CN': '门店不存在', 'zh-TW': '門店不存在' },
  sheetNotFound: { en: 'The order does not exist', 'zh-CN': '订单不存在', 'zh-TW': '訂單不存在' },
  entNotFound: { en: 'The merchant does not exist', 'zh-CN': '商户不存在', 'zh-TW': '商戶不存在' },
  goodsNotFound: { en: 'This item is no longer on the menu', 'zh-CN': '该商品已下架', 'zh-TW': '該商品已下架' },
  loginRequired: {
    en: 'Operation not allowed without logging-in.',
    'zh-CN': '未登录不允许操作。',
    'zh-TW': '未登入不允許操作。',
  },
  memberRequired: {
    en: 'Please sign in as a member first.',
    'zh-CN': '请先登录会员。',
    'zh-TW': '請先登入會員。',
  },
  notSupported: {
    en: 'This operation is not supported yet: {name}',
    'zh-CN': '暂不支持此操作：{name}',
    'zh-TW': '暫不支援此操作：{name}',
  },
  internal: {
    en: 'The service had a problem. Please try again.',
    'zh-CN': '服务出现问题，请重试。',
    'zh-TW': '服務出現問題，請重試。',
  },
  tooMany: {
    en: 'Too many requests. Please wait a moment and try again.',
    'zh-CN': '请求过于频繁，请稍后再试。',
    'zh-TW': '請求過於頻繁，請稍後再試。',
  },
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof M;

export function message(key: MessageKey, lang: Lang, values: Record<string, string | number> = {}): string {
  return M[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Picks the best of our languages from an Accept-Language header. */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((x) => x.tag !== '' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
