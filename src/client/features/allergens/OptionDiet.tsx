/**
 * An option's allergens, diets and spice in the goods chooser (issue 29
 * section 2: a spec's choice, an add-on, a bundle part): the dish rows' icons
 * (DietIcons, with their text alternatives), and, when the option contains an
 * allergen the customer's filter avoids, a mark saying so ("Contains peanuts
 * — you filter this out"). The option stays choosable: the filter hides
 * dishes, never an option the customer may still want.
 */
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { decodeDiet } from '../../../shared/domain/diet';
import { useDietFilter } from './dietFilter';
import { DietIcons } from './DietIcons';
import { allergenNames, dietMessages } from './dietMessages';

export const OptionDiet = memo(function OptionDiet({ code }: { code?: string }) {
  const intl = useIntl();
  const filter = useDietFilter();
  if (!code) return null;
  const facts = decodeDiet(code);
  const avoided = filter.avoid.filter((a) => facts.allergens[a] === 'contains');
  return (
    <>
      <DietIcons code={code} />
      {avoided.length > 0 && (
        <span className="tag diet-avoided" style={{ display: 'block', fontSize: 12, color: 'var(--danger, #b00020)' }}>
          {intl.formatMessage(dietMessages.filteredOut, {
            what: intl.formatList(avoided.map((a) => intl.formatMessage(dietMessages.contains, { name: intl.formatMessage(allergenNames[a]) }))),
          })}
        </span>
      )}
    </>
  );
});
