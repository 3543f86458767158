import { codeToResolve, readEntryParams } from './entryParams';

test('reads the fields from the hash route query', () => {
  expect(readEntryParams('?QRCode=QR-1&TableID=T1&hideTabBar=1')).toEqual({
    QRCode: 'QR-1', BaseID: '', SheetID: '', TableID: 'T1', ShopID: '', hideTabBar: true,
  });
});

test('hideTabBar 0 or absent shows the tab bar', () => {
  expect(readEntryParams('?QRCode=a&hideTabBar=0').hideTabBar).toBe(false);
  expect(readEntryParams('?QRCode=a').hideTabBar).toBe(false);
});

test('q carries an encoded query, or the whole scanned URL', () => {
  expect(readEntryParams(`?q=${encodeURIComponent('BaseID=005&SheetID=S9')}`)).toMatchObject({ BaseID: '005', SheetID: 'S9' });
  const scanned = encodeURIComponent('https://order.example/#/?QRCode=HBK-q7x2m4k9p3w8z5ta&ShopID=889');
  expect(readEntryParams(`?q=${scanned}`)).toMatchObject({ QRCode: 'HBK-q7x2m4k9p3w8z5ta', ShopID: '889' });
  // Encoded twice by a scanner.
  expect(readEntryParams(`?q=${encodeURIComponent(scanned)}`)).toMatchObject({ QRCode: 'HBK-q7x2m4k9p3w8z5ta' });
});

test('the page address query counts too; the route query wins', () => {
  expect(readEntryParams('?QRCode=from-hash', '?QRCode=from-page&BaseID=B')).toMatchObject({ QRCode: 'from-hash', BaseID: 'B' });
});

test('a broken q is ignored, not thrown', () => {
  expect(readEntryParams('?q=%E0%A4%A').QRCode).toBe('');
});

test('the most specific code is resolved', () => {
  const p = readEntryParams('?ShopID=S&BaseID=B&TableID=T');
  expect(codeToResolve(p)).toEqual({ field: 'TableID', value: 'T' });
  expect(codeToResolve(readEntryParams(''))).toBeNull();
});
