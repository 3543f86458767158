/**
 * Webpack loader (production, after ts-loader): drops the English default
 * texts from our compiled code. The build ships every locale's messages
 * compiled (scripts/compile-messages-loader.cjs) and `npm run i18n:check`
 * keeps en.json complete, so a default is never shown; react-intl without
 * its parser could not format one anyway. Ids stay; the code's texts stay
 * in the sources, where the extractor reads them.
 */
const STRING = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + '`' + String.raw`(?:[^` + '`' + String.raw`\\$]|\\.)*` + '`)';
const KEY = String.raw`(?:defaultMessage|description)\s*:\s*${STRING}(?:\s*\+\s*${STRING})*`;
// The property and its comma go: after another property, or first with one after it; else the text is emptied.
const AFTER = new RegExp(String.raw`,\s*${KEY}(?=\s*[,}])`, 'g');
const FIRST = new RegExp(String.raw`(\{\s*)${KEY}\s*,`, 'g');
const ANY = new RegExp(String.raw`(\b(?:defaultMessage|description)\s*:\s*)${STRING}(?:\s*\+\s*${STRING})*`, 'g');

function strip(source) {
  return source.replace(AFTER, '').replace(FIRST, '$1').replace(ANY, '$1""');
}

module.exports = function stripDefaultMessages(source, map) {
  this.callback(null, strip(source), map);
};
module.exports.strip = strip;
