/**
 * The allergen and diet filter with its legend (issue 29 section 2), a
 * lazily loaded sheet of the menu: the 14 allergens to keep away from, the
 * diets to keep to, the strict mode (hide what does not say, or may contain,
 * instead of marking it), and the icons' legend. Each change applies at once
 * and is remembered on the phone (dietFilter.ts).
 */
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALLERGENS, DIETS, NO_FILTER, type Allergen, type Diet } from '../../../shared/domain/diet';
import { defineMessages } from '../../i18n/defineMessages';
import { setDietFilter, useDietFilter } from './dietFilter';
import { ALLERGEN_ICONS, allergenNames, DIET_ICONS, dietMessages, dietNames, SPICE_ICON } from './dietMessages';

const messages = defineMessages({
  title: { id: 'allergens.title', defaultMessage: 'Allergens & diets' },
  close: { id: 'allergens.close', defaultMessage: 'Close' },
  avoid: { id: 'allergens.avoid', defaultMessage: 'Hide dishes with' },
  diets: { id: 'allergens.diets', defaultMessage: 'Only show dishes that are' },
  strict: { id: 'allergens.strict', defaultMessage: 'Also hide dishes that do not say, or may contain' },
  strictHint: {
    id: 'allergens.strictHint',
    defaultMessage: 'Otherwise they stay on the menu, marked. A dish is hidden when a part you must choose contains the allergen.',
  },
  legend: { id: 'allergens.legend', defaultMessage: 'What the icons mean' },
  remembered: { id: 'allergens.remembered', defaultMessage: 'Your choice is kept on this phone. Ask the staff if you have a severe allergy.' },
  clear: { id: 'allergens.clear', defaultMessage: 'Clear the filter' },
  done: { id: 'allergens.done', defaultMessage: 'Done' },
});

export default function DietSheet({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const filter = useDietFilter();

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const toggleAllergen = (a: Allergen, on: boolean) =>
    setDietFilter({ ...filter, avoid: ALLERGENS.filter((x) => (x === a ? on : filter.avoid.includes(x))) });
  const toggleDiet = (d: Diet, on: boolean) => setDietFilter({ ...filter, diets: DIETS.filter((x) => (x === d ? on : filter.diets.includes(x))) });

  return (
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog} tabIndex={-1}>
        <header className="sheet-header">
          <h2 id={titleId}>
            <FormattedMessage {...messages.title} />
          </h2>
          <button type="button" className="icon-button" aria-label={intl.formatMessage(messages.close)} onClick={onClose}>
            ×
          </button>
        </header>
        <fieldset className="choice-group">
          <legend>
            <FormattedMessage {...messages.avoid} />
          </legend>
          {ALLERGENS.map((a) => (
            <label key={a} className={`chip${filter.avoid.includes(a) ? ' chosen' : ''}`}>
              <input type="checkbox" checked={filter.avoid.includes(a)} onChange={(e) => toggleAllergen(a, e.target.checked)} />
              <span aria-hidden="true">{ALLERGEN_ICONS[a]}</span>
              {intl.formatMessage(allergenNames[a])}
            </label>
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend>
            <FormattedMessage {...messages.diets} />
          </legend>
          {DIETS.map((d) => (
            <label key={d} className={`chip${filter.diets.includes(d) ? ' chosen' : ''}`}>
              <input type="checkbox" checked={filter.diets.includes(d)} onChange={(e) => toggleDiet(d, e.target.checked)} />
              <span aria-hidden="true">{DIET_ICONS[d]}</span>
              {intl.formatMessage(dietNames[d])}
            </label>
          ))}
        </fieldset>
        <label className="field" style={{ flexDirection: 'row', alignItems: 'center', gap: 8 }}>
          <input type="checkbox" checked={filter.strict} onChange={(e) => setDietFilter({ ...filter, strict: e.target.checked })} style={{ minHeight: 24, width: 24 }} />
          <FormattedMessage {...messages.strict} />
        </label>
        <p style={{ fontSize: 13, color: 'var(--muted)', margin: '0 0 12px' }}>
          <FormattedMessage {...messages.strictHint} />
        </p>
        <section aria-labelledby={`${titleId}-legend`}>
          <h3 id={`${titleId}-legend`} style={{ fontSize: 15, margin: '8px 0' }}>
            <FormattedMessage {...messages.legend} />
          </h3>
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 10px', margin: 0, fontSize: 14 }}>
            {ALLERGENS.map((a) => (
              <LegendRow key={a} icon={ALLERGEN_ICONS[a]} text={intl.formatMessage(allergenNames[a])} />
            ))}
            {DIETS.map((d) => (
              <LegendRow key={d} icon={DIET_ICONS[d]} text={intl.formatMessage(dietNames[d])} />
            ))}
            {[1, 2, 3].map((level) => (
              <LegendRow key={level} icon={SPICE_ICON.repeat(level)} text={intl.formatMessage(dietMessages.spice, { level })} />
            ))}
          </dl>
        </section>
        <p style={{ fontSize: 13, color: 'var(--muted)' }}>
          <FormattedMessage {...messages.remembered} />
        </p>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <button type="button" className="link-button" onClick={() => setDietFilter(NO_FILTER)}>
            <FormattedMessage {...messages.clear} />
          </button>
          <button type="button" className="btn" onClick={onClose}>
            <FormattedMessage {...messages.done} />
          </button>
        </div>
      </div>
    </div>
  );
}

function LegendRow({ icon, text }: { icon: string; text: string }) {
  return (
    <>
      <dt aria-hidden="true">{icon}</dt>
      <dd style={{ margin: 0 }}>{text}</dd>
    </>
  );
}
