/** The app's ordering guard on the shop's data and the service's clock. */
import type { RootState } from '../app/store';
import { guardFor, orderEntryPath, selectGuardInputs } from './guard';
import { toBaseInfo } from './shopRows';
import type { BaseInfo } from './shopSlice';

const base = (over: Partial<BaseInfo> = {}): BaseInfo => ({
  BaseID: 'b', BaseName: '', BaseCode: '', BusinessMode: '2', CYType: '0', BeginTime: '', EndTime: '',
  WebOrderDuration: 120, PayMode: 'postpay', IsPayLaterOnlineCheckout: '1', OpeningHours: '', ...over,
});
const at = (iso: string) => new Date(iso);

test('always open with no sheet', () => {
  expect(guardFor(base(), null, 'Asia/Macau', at('2026-11-22T03:00:00Z'))).toEqual({ ok: true });
});

test('closed outside opening hours, with when it opens', () => {
  const hours = JSON.stringify({ times: [{ begin: '18:00', end: '02:00' }], weekDays: [], dateRanges: [] });
  // 12:00 in Macau (UTC+8).
  const result = guardFor(base({ OpeningHours: hours }), null, 'Asia/Macau', at('2026-11-22T04:00:00Z'));
  expect(result).toMatchObject({ ok: false, reason: 'closed' });
  expect(orderEntryPath(result as Extract<typeof result, { ok: false }>)).toMatch(/^\/pages\/orderEntry\/orderEntry\?reason=closed&opensAt=2026-11-22T10%3A00%3A00.000Z$/);
  // 01:00 the next night is still the evening's opening.
  expect(guardFor(base({ OpeningHours: hours }), null, 'Asia/Macau', at('2026-11-22T17:00:00Z'))).toEqual({ ok: true });
});

test('the web order window since the sheet was created', () => {
  const sheet = { SheetID: 's', Status: 0, CreatedDate: '2026-11-22T01:00:00.000Z', TableID: 't' };
  expect(guardFor(base(), sheet, 'Asia/Macau', at('2026-11-22T02:59:00Z'))).toEqual({ ok: true });
  expect(guardFor(base(), sheet, 'Asia/Macau', at('2026-11-22T03:00:00Z'))).toEqual({ ok: false, reason: 'windowElapsed' });
  expect(guardFor(base({ WebOrderDuration: 0 }), sheet, 'Asia/Macau', at('2026-11-23T03:00:00Z'))).toEqual({ ok: true });
});

test('a closed or paid sheet', () => {
  const sheet = (Status: number) => ({ SheetID: 's', Status, CreatedDate: '2026-11-22T01:00:00.000Z', TableID: 't' });
  expect(guardFor(base(), sheet(2), 'Asia/Macau', at('2026-11-22T01:10:00Z'))).toEqual({ ok: false, reason: 'sheetClosed' });
  expect(guardFor(base(), sheet(3), 'Asia/Macau', at('2026-11-22T01:10:00Z'))).toEqual({ ok: false, reason: 'sheetPaid' });
});

test("an outlet in its own time zone: the guard runs on the outlet's clock, else the enterprise's (issue 27)", () => {
  const hours = JSON.stringify({ times: [{ begin: '18:00', end: '02:00' }], weekDays: [], dateRanges: [] });
  const state = (TimeZone: string) =>
    ({
      shop: {
        baseInfo: toBaseInfo({ ...base({ OpeningHours: hours }), TipEnabled: 0, TimeZone }),
        signSheet: null,
        entity: { TimeZone: 'Asia/Macau' },
        clockOffsetMs: 0,
      },
    }) as unknown as RootState;
  // 12:00 in Macau is 20:00 (the evening before) in Los Angeles: open there, closed in Macau.
  const noon = at('2026-11-22T04:00:00Z');
  const la = selectGuardInputs(state('America/Los_Angeles'));
  expect(la.zone).toBe('America/Los_Angeles');
  expect(guardFor(la.base, la.sheet, la.zone, noon)).toEqual({ ok: true });
  const macau = selectGuardInputs(state(''));
  expect(macau.zone).toBe('Asia/Macau');
  expect(guardFor(macau.base, macau.sheet, macau.zone, noon)).toMatchObject({ ok: false, reason: 'closed' });
});
