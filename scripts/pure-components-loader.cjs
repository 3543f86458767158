/**
 * Webpack loader (production; react-router's and react-intl's builds): lets the minifier drop the
 * components the app never renders. These modules make each of them at their top level (`var Form =
 * React.forwardRef(...)`, `const FormattedList = createFormattedComponent("formatList")`), then name it
 * for the devtools (`Form.displayName = "Form"`): a call the minifier must assume has effects, and a
 * property write that keeps it alive, so Form, Link, NavLink and what they use (the data router's
 * prefetching, form submission) and react-intl's unused Formatted* components stayed in the vendor chunk
 * though no page renders them (issue 24: about 4 KiB gzipped before the first screen). Marked pure and
 * without the devtools' names, an unused one goes; a used one is unchanged.
 */
module.exports = function pureComponents(source) {
  return source
    .replace(
      /^(var|const) (\w+) = (React\d*\.(?:forwardRef|memo|createContext)|createFormattedComponent|createFormattedDateTimePartsComponent)\(/gm,
      '$1 $2 = /* @__PURE__ */ $3(',
    )
    .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
};
