/**
 * Webpack loader (production, react-router's build only): lets the minifier drop the components the app
 * never renders. react-router's module makes each of them at its top level (`var Form =
 * React.forwardRef(...)`, then `Form.displayName = "Form"`): a call the minifier must assume has effects,
 * and a property write that keeps it alive, so Form, Link, NavLink and everything they use (the data
 * router's prefetching, form submission) stayed in the vendor chunk though no page renders them (issue 24,
 * about 4 KiB gzipped before the first screen). Marked pure and without the devtools' display names, an
 * unused one goes; a used one is unchanged.
 */
module.exports = function pureComponents(source) {
  return source
    .replace(/^var (\w+) = (React\d*\.(?:forwardRef|memo|createContext))\(/gm, 'var $1 = /* @__PURE__ */ $2(')
    .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
};
