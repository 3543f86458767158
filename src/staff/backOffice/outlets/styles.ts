/** The Outlets section's styles, added with its chunk (the kitchen's first load does not carry them). */
const CSS = `
.back-office { padding: 0 4px 24px; }
.bo-columns { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 1000px) { .bo-columns { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); align-items: start; } }
.bo-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 4px 0; }
.bo-field { display: flex; flex-direction: column; gap: 4px; margin: 8px 0; }
.bo-field input, .bo-field select, .bo-row input { min-height: 40px; font: inherit; padding: 4px 8px; }
.bo-check { display: flex; gap: 8px; align-items: center; min-height: 40px; }
.bo-table-list { list-style: none; padding: 0; margin: 0; }
.bo-table-list li { border-bottom: 1px solid #ddd; padding: 6px 0; }
.bo-table-name { min-width: 4em; }
.bo-badge { font-size: 0.85em; background: #fff3cd; padding: 2px 6px; border-radius: 4px; }
.bo-day { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 4px 0; border-bottom: 1px dashed #ddd; }
.bo-day-name { min-width: 6em; font-weight: 600; }
.bo-range { display: inline-flex; gap: 4px; align-items: center; }
.bo-range input { width: 5.5em; min-height: 40px; font: inherit; }
.btn-small { min-height: 40px; padding: 4px 8px; font-size: 0.9em; }
.field-error { color: var(--danger, #b00020); font-size: 0.9em; }
[aria-invalid="true"] { border: 2px solid var(--danger, #b00020); }
.bo-map { height: 320px; width: 100%; border: 1px solid #ccc; }
.bo-corner span { display: block; width: 18px; height: 18px; border-radius: 9px; background: #d93025; color: #fff; font-size: 11px; text-align: center; line-height: 18px; }
fieldset { border: 1px solid #ddd; margin: 8px 0; padding: 8px 12px; }
`;

export function addOutletStyles(): void {
  if (typeof document === 'undefined' || document.querySelector('style[data-css="back-office-outlets"]')) return;
  const style = document.createElement('style');
  style.dataset.css = 'back-office-outlets';
  style.textContent = CSS;
  document.head.appendChild(style);
}
