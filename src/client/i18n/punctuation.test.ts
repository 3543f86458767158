/**
 * Chinese punctuation in the Chinese messages (issue 23: "用餐方式: 堂食" had an
 * ASCII colon): a colon in a Chinese message of the app or of the staff screen
 * is the full-width '：'. A label and its value are one message, so that
 * each language writes its own colon. A clock's colon (18:00, HH:mm) stays.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const FILES = [
  ['app', resolve(__dirname, 'locales')],
  ['staff', resolve(__dirname, '../../staff/i18n/locales')],
] as const;

test.each(FILES.flatMap(([name, dir]) => ['zh-CN', 'zh-TW'].map((locale) => [name, locale, dir] as const)))(
  '%s %s: colons are full-width',
  (_name, locale, dir) => {
    const messages = JSON.parse(readFileSync(resolve(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
    // A clock's colon (18:00, the format HH:mm) is not punctuation.
    const ascii = Object.entries(messages).filter(([, text]) => text.replace(/\b(?:\d{1,2}|HH?):(?:\d{2}|mm)\b/g, '').includes(':'));
    expect(ascii).toEqual([]);
  },
);

test('the order type line is one message: "用餐方式：堂食" in Chinese, "Order type: Dine in" in English', () => {
  const read = (locale: string) => JSON.parse(readFileSync(resolve(__dirname, 'locales', `${locale}.json`), 'utf8')) as Record<string, string>;
  expect(read('zh-CN')['checkout.modeIs']).toBe('用餐方式：{type}');
  expect(read('zh-TW')['checkout.modeIs']).toBe('用餐方式：{type}');
  expect(read('en')['checkout.modeIs']).toBe('Order type: {type}');
});
