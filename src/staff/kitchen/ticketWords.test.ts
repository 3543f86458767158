/** A ticket's words in the screen's language: its name (compiled once per language) and where it goes (shared by the orders that go alike). */
import { createIntl } from 'react-intl';
import zhTW from '../i18n/locales/zh-TW.json';
import { round, sheet } from '../test/standIns';
import { ticketLabel, whereOf } from './ticketWords';

const en = createIntl({ locale: 'en', messages: {}, timeZone: 'Asia/Macau' });
const tw = createIntl({ locale: 'zh-TW', messages: zhTW, timeZone: 'Asia/Macau' });

test("a ticket's name in each language, round and all, each order its own", () => {
  const table = sheet({ sheetId: 'S0001', tableName: 'A10', takeType: 'dinein' });
  const pickup = sheet({ sheetId: 'S0002', pickupNo: '023', tableName: '', takeType: 'pickup', takeTime: '' });
  expect(ticketLabel(en, table, round({ roundNo: 2 }))).toBe('Order 0001, Table A10, round 2');
  expect(ticketLabel(tw, table, round({ roundNo: 2 }))).toBe('訂單 0001，A10 桌，第 2 輪');
  expect(ticketLabel(en, pickup, round())).toBe('Order 023, Pickup, as soon as possible');
  expect(ticketLabel(tw, pickup, round())).toBe('訂單 023，自取，盡快');
  // The same sheet again in English: the English words, not the last language's.
  expect(ticketLabel(en, table, round({ roundNo: 1 }))).toBe('Order 0001, Table A10');
});

test('where an order goes: its pickup time in the screen’s clock, each time its own', () => {
  const at = (takeTime: string) => sheet({ tableName: '', takeType: 'pickup', takeTime });
  expect(whereOf(en, at('2026-11-25T04:30:00.000Z'))).toBe('Pickup 12:30');
  expect(whereOf(en, at('2026-11-25T04:45:00.000Z'))).toBe('Pickup 12:45');
  expect(whereOf(tw, at('2026-11-25T04:45:00.000Z'))).toMatch(/^自取 12:45$/);
  expect(whereOf(en, sheet({ tableName: '', takeType: 'delivery', takeTime: '' }))).toBe('Delivery, as soon as possible');
});
