/** The CSP allows the built page's own inline scripts by hash, and no other inline script. */
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, inlineScriptHashes } from './securityHeaders';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('inline scripts are hashed, scripts with a src are not', () => {
  const boot = 'document.head.append(1)';
  const html = `<head><script>${boot}</script><script defer src="/app.js"></script><script type="module">x()</script></head>`;
  expect(inlineScriptHashes(html)).toEqual([sha(boot), sha('x()')]);
  expect(inlineScriptHashes('<script src="a.js"></script>')).toEqual([]);
});

test("script-src is 'self' plus the hashes given, nothing inline otherwise", () => {
  const csp = { mapTilesUrl: null, connectOrigins: [], extraOrigins: [] };
  expect(contentSecurityPolicy(csp)).toContain("script-src 'self';");
  const policy = contentSecurityPolicy(csp, [sha('a'), sha('a')]);
  expect(policy).toContain(`script-src 'self' ${sha('a')};`);
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
});
