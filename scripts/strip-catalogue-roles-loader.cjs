/**
 * Webpack loader (production, after ts-loader): the operation catalogue
 * (src/shared/protocol/catalogue.ts) as the browser builds need it. The app
 * reads only an operation's service type (app/baseQuery.ts); who may call an
 * operation is checked by the service (server/http/gateway.ts, which reads the
 * sources, not this build), so in the app's entry chunk the roles were dead
 * weight (85 bytes gz of its 130 KiB budget, issue 28).
 *
 * 1. `entry(retail, 'session')` becomes `entry(retail)`: role undefined.
 * 2. The object literal of entries, `{ A: entry(retail), B: entry(retail), … }`,
 *    becomes the names grouped by service type, spread back into the same
 *    object at load: `fromGroups([[retail, "A B …"], …])` (the entry chunk
 *    repeated `:u(c),` 73 times; issue 24's entry budget).
 * The same operations with the same service types either way:
 * src/client/app/catalogueRoles.test.ts compares both forms with the source.
 */
const ROLE = String.raw`(['"])(?:anyone|session|member|staff)\2`;
const ENTRY = new RegExp(String.raw`\bentry\(\s*([\w.]+)\s*,\s*${ROLE}\s*\)`, 'g');
const LITERAL = /export const catalogue = \{([^{}]*)\};/;
const PAIR = /^\s*(\w+):\s*entry\(([\w.]+)\)\s*$/;

function strip(source) {
  return source.replace(ENTRY, 'entry($1)');
}

function compact(source) {
  const literal = LITERAL.exec(source);
  if (!literal) throw new Error('strip-catalogue-roles-loader: no `export const catalogue = { … };` in catalogue.ts');
  const groups = new Map();
  // ts-loader keeps the comments (the minifier drops them): not part of any entry.
  const entries = literal[1].replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
  for (const part of entries.split(',')) {
    if (!part.trim()) continue;
    const pair = PAIR.exec(part);
    if (!pair) throw new Error(`strip-catalogue-roles-loader: not an entry: ${part.trim()}`);
    const [, op, service] = pair;
    if (!groups.has(service)) groups.set(service, []);
    groups.get(service).push(op);
  }
  const list = [...groups].map(([service, ops]) => `[${service}, ${JSON.stringify(ops.join(' '))}]`).join(', ');
  const expand = `Object.fromEntries([${list}].flatMap(([s, names]) => names.split(' ').map((op) => [op, entry(s)])))`;
  return source.replace(LITERAL, `export const catalogue = ${expand};`);
}

module.exports = function stripCatalogueRoles(source, map) {
  this.callback(null, compact(strip(source)), map);
};
module.exports.strip = strip;
module.exports.compact = compact;
