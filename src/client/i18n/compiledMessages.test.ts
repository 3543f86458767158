/**
 * The production build's messages: each locale compiled to the ICU AST by
 * scripts/compile-messages-loader.cjs, formatted by react-intl without a
 * parser (webpack aliases it away), as the app does.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { createIntl as CreateIntl } from 'react-intl';
import { isLaterMessage } from './messageParts';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const compile = require('../../../scripts/compile-messages-loader.cjs') as (this: unknown, source: string) => string;

function compiled(locale: string, resourceQuery = '') {
  const source = readFileSync(resolve(__dirname, 'locales', `${locale}.json`), 'utf8');
  const errors: Error[] = [];
  const code = compile.call({ emitError: (e: Error) => errors.push(e), resourceQuery, addDependency: () => undefined }, source);
  expect(errors).toEqual([]);
  // The loader's output is an ES module body; run it as a function returning its default export.
  const messages = new Function(code.replace('export default m;', 'return m;'))() as Record<string, unknown>;
  return { messages, source: JSON.parse(source) as Record<string, string> };
}

test.each(['en', 'zh-CN', 'zh-TW'])('%s: every message loads as the parser AST, plain texts and plurals included', (locale) => {
  const { messages, source } = compiled(locale);
  expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
  for (const [id, text] of Object.entries(source)) expect([id, messages[id]]).toEqual([id, parse(text)]);
});

test('the compiled messages format plurals and arguments without a parser', () => {
  const { messages } = compiled('en');
  jest.isolateModules(() => {
    // As the production bundle: the parser swapped for its no-parser build.
    jest.doMock('@formatjs/icu-messageformat-parser', () => jest.requireActual('@formatjs/icu-messageformat-parser/no-parser.js'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createIntl } = require('react-intl') as { createIntl: typeof CreateIntl };
    const errors: Error[] = [];
    const intl = createIntl({ locale: 'en', messages: messages as never, onError: (e) => errors.push(e) });
    expect(intl.formatMessage({ id: 'cartBar.items' }, { count: 0 })).toBe('Your cart is empty');
    expect(intl.formatMessage({ id: 'cartBar.items' }, { count: 3 })).toBe('3 items');
    expect(intl.formatMessage({ id: 'home.orderNow' })).toBe('Order now');
    expect(errors).toEqual([]);
    // A text message would need the parser, which is not there.
    const raw = createIntl({ locale: 'en', messages: { x: '{n, plural, one {# x} other {# xs}}' }, onError: (e) => errors.push(e) });
    raw.formatMessage({ id: 'x' }, { n: 2 });
    expect(errors.length).toBeGreaterThan(0);
  });
});

test('a message that is not valid ICU fails the build', () => {
  const errors: Error[] = [];
  compile.call({ emitError: (e: Error) => errors.push(e) }, JSON.stringify({ bad: '{count, plural, one {x}' }));
  expect(errors[0]?.message).toMatch(/bad is not valid ICU/);
});

test('the production build drops the code English defaults and descriptions, and nothing else', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { strip } = require('../../../scripts/strip-default-messages-loader.cjs') as { strip: (s: string) => string };
  const code = `const m = { a: { id: 'a.x', defaultMessage: 'It\\'s {n, plural, one {# item} other {# items}}' },
    b: { defaultMessage: "two " + 'three', id: 'b.y', description: 'd' }, c: { id: 'c.z', defaultMessage: \`q\` } }; f({ defaultMessage: x });`;
  expect(strip(code)).toBe(`const m = { a: { id: 'a.x' },
    b: {  id: 'b.y' }, c: { id: 'c.z' } }; f({ defaultMessage: x });`);
});

test.each(['en', 'zh-CN', 'zh-TW'])('%s: the first-screen and later parts split the locale by messageParts.ts, each message in exactly one', (locale) => {
  const whole = Object.keys(compiled(locale).messages).sort();
  const first = Object.keys(compiled(locale, '?part=first').messages);
  const later = Object.keys(compiled(locale, '?part=later').messages);
  expect([...first, ...later].sort()).toEqual(whole);
  expect(first.filter(isLaterMessage)).toEqual([]);
  expect(later.every(isLaterMessage)).toBe(true);
  // The split is worth having: the later pages' texts are most of the locale.
  expect(later.length).toBeGreaterThan(first.length / 2);
});
