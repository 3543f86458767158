/**
 * Adds a style sheet to the document once. Webpack imports .css files as
 * text (asset/source), so a page brings its own styles with its chunk and
 * the first screen does not carry them; under Jest a style import is an
 * empty stand-in and nothing is added.
 */
const added = new Set<string>();

export function injectCss(id: string, css: unknown): void {
  if (typeof css !== 'string' || !css || added.has(id) || typeof document === 'undefined') return;
  added.add(id);
  const style = document.createElement('style');
  style.dataset.css = id;
  style.textContent = css;
  document.head.appendChild(style);
}
