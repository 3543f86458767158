/**
 * Webpack loader (production, after ts-loader): drops the roles from the
 * operation catalogue (src/shared/protocol/catalogue.ts) in the browser
 * builds. The app reads only an operation's service type (app/baseQuery.ts);
 * who may call an operation is checked by the service (server/http/gateway.ts,
 * which reads the sources, not this build), so in the app's entry chunk the
 * roles were dead weight (85 bytes gz of its 130 KiB budget, issue 28).
 * `entry(retail, 'session')` becomes `entry(retail)`: the same entries, the
 * same service types, role undefined.
 */
const ROLE = String.raw`(['"])(?:anyone|session|member|staff)\2`;
const ENTRY = new RegExp(String.raw`\bentry\(\s*([\w.]+)\s*,\s*${ROLE}\s*\)`, 'g');

function strip(source) {
  return source.replace(ENTRY, 'entry($1)');
}

module.exports = function stripCatalogueRoles(source, map) {
  this.callback(null, strip(source), map);
};
module.exports.strip = strip;
