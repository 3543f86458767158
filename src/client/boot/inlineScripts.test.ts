/**
 * The size budget counts the page head's inline script before the first
 * screen (issue 24; scripts/initial-size-plugin.ts): its preloads, head start
 * and drawing are JavaScript a phone parses before the app is interactive.
 */
import { gzipSync } from 'node:zlib';
import { inlineScriptBytes } from '../../../scripts/initial-size-plugin';

test('the inline scripts of a page count, each gzipped alone; scripts loaded by address and empty ones do not', () => {
  const head = `(function(){var L=${JSON.stringify({ en: [['locale-en', '4.js']] })};${'p(1);'.repeat(200)}})();`;
  const other = 'window.x=1;';
  const html = `<html><head><script defer src="app.1a.js"></script><script>${head}</script><script type="module">${other}</script><script> </script></head></html>`;
  const gz = (s: string) => gzipSync(Buffer.from(s), { level: 9 }).length;
  expect(inlineScriptBytes(html)).toBe(gz(head) + gz(other));
  expect(inlineScriptBytes('<script src="a.js"></script><script defer src="b.js"></script>')).toBe(0);
});
