/**
 * Webpack loader: a locale's messages (src/client/i18n/locales/*.json, ICU
 * texts keyed by id) compiled at build time to the parser's AST, as
 * `@formatjs/cli compile --ast` writes them. The app then formats without
 * parsing, so the ICU parser stays out of the bundle (webpack.config.ts
 * aliases it to its no-parser build).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a webpack loader is a CommonJS module */
const { parse } = require('@formatjs/icu-messageformat-parser');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
/* eslint-enable @typescript-eslint/no-require-imports */

const PARTS_FILE = join(__dirname, '..', 'src', 'client', 'i18n', 'messageParts.ts');

/** The prefixes of src/client/i18n/messageParts.ts (read from it, so the two cannot disagree). */
function laterPrefixes() {
  const text = readFileSync(PARTS_FILE, 'utf8');
  const list = text.slice(text.indexOf('LATER_MESSAGE_PREFIXES'), text.indexOf('] as const'));
  return new Set([...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]));
}

module.exports = function compileMessages(source) {
  const all = JSON.parse(source);
  // ?part=first / ?part=later: the first screen's messages, or the later pages' (messageParts.ts).
  const part = new URLSearchParams(this.resourceQuery || '').get('part');
  const later = part ? laterPrefixes() : null;
  if (later) this.addDependency(PARTS_FILE);
  const messages = {};
  for (const id of Object.keys(all)) {
    if (later && later.has(id.split('.', 1)[0]) !== (part === 'later')) continue;
    messages[id] = all[id];
  }
  const compiled = {};
  for (const id of Object.keys(messages)) {
    try {
      compiled[id] = parse(messages[id]);
    } catch (err) {
      this.emitError(new Error(`message ${id} is not valid ICU: ${err.message}`));
      compiled[id] = [{ type: 0, value: String(messages[id]) }];
    }
  }
  // Every literal element ({type: 0, value}) is sent as its bare text, at the top and inside plurals and
  // tags (most messages are plain text; the AST of a literal is 20 bytes more), and made the literal
  // element again as the chunk loads. JSON.parse of a string is quicker than a big object literal.
  const pack = (elements) =>
    elements.map((e) => {
      if (e.type === 0) return e.value;
      const out = { ...e };
      if (e.options) out.options = Object.fromEntries(Object.entries(e.options).map(([k, o]) => [k, { ...o, value: pack(o.value) }]));
      if (e.children) out.children = pack(e.children);
      return out;
    });
  const packed = {};
  for (const id of Object.keys(compiled)) {
    const ast = pack(compiled[id]);
    packed[id] = ast.length === 1 && typeof ast[0] === 'string' ? ast[0] : ast;
  }
  return (
    `function u(a) { return typeof a === 'string' ? [{ type: 0, value: a }] : a.map(function (e) {\n` +
    `  if (typeof e === 'string') return { type: 0, value: e };\n` +
    `  if (e.options) for (var k in e.options) e.options[k].value = u(e.options[k].value);\n` +
    `  if (e.children) e.children = u(e.children);\n` +
    `  return e;\n` +
    `}); }\n` +
    `var m = JSON.parse(${JSON.stringify(JSON.stringify(packed))});\n` +
    `for (var k in m) m[k] = u(m[k]);\n` +
    `export default m;`
  );
};
