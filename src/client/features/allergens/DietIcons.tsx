/**
 * A dish's allergens, diets and spice on its menu row (issue 29): small
 * icons, each an image with its name as the text alternative; with the
 * filter on, what the dish does not state (or may contain) of what the
 * customer avoids.
 */
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { ALLERGENS, decodeDiet, DIETS } from '../../../shared/domain/diet';
import type { Marked } from './dietFilter';
import { ALLERGEN_ICONS, allergenNames, DIET_ICONS, dietMessages, dietNames, SPICE_ICON } from './dietMessages';

export const DietIcons = memo(function DietIcons({ code = '', marked }: { code?: string; marked?: Marked }) {
  const intl = useIntl();
  if (!code && !marked) return null;
  const facts = decodeDiet(code);
  const icons: { key: string; icon: string; label: string }[] = [];
  for (const a of ALLERGENS) {
    const s = facts.allergens[a];
    if (s === 'contains' || s === 'may') {
      const name = intl.formatMessage(allergenNames[a]);
      icons.push({ key: a, icon: ALLERGEN_ICONS[a], label: intl.formatMessage(s === 'contains' ? dietMessages.contains : dietMessages.mayContain, { name }) });
    }
  }
  for (const d of DIETS) if (facts[d] === true) icons.push({ key: d, icon: DIET_ICONS[d], label: intl.formatMessage(dietNames[d]) });
  if (facts.spice !== null && facts.spice > 0) {
    icons.push({ key: 'spice', icon: SPICE_ICON.repeat(facts.spice), label: intl.formatMessage(dietMessages.spice, { level: facts.spice }) });
  }
  const unknown = marked ? [...marked.unknown.map((a) => intl.formatMessage(allergenNames[a])), ...marked.unknownDiets.map((d) => intl.formatMessage(dietNames[d]))] : [];
  return (
    <span className="diet-icons" style={{ display: 'block', fontSize: 12, lineHeight: '16px', maxHeight: 16, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {icons.map((i) => (
        <span key={i.key} role="img" aria-label={i.label} title={i.label} style={{ marginRight: 2 }}>
          {i.icon}
        </span>
      ))}
      {unknown.length > 0 && (
        <span className="diet-unknown" style={{ color: 'var(--muted)', marginLeft: 4 }}>
          {intl.formatMessage(dietMessages.notStated, { names: intl.formatList(unknown) })}
        </span>
      )}
    </span>
  );
});
