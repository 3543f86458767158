/**
 * The ALLERGY banner of a kitchen card (issue 29 section 2): a round ordered
 * with the customer's menu filter on (its allergens) or with an allergy in
 * its note or a line's note. Nothing for a round without either. Its own
 * small component, so the card's rendering stays as it is.
 */
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../ui-kit/defineMessages';
import { allergyOf, type AllergyRound } from './allergyOf';

const am = defineMessages({
  banner: { id: 'staff.allergy.banner', defaultMessage: 'ALLERGY' },
  avoid: { id: 'staff.allergy.avoid', defaultMessage: 'Avoid: {list}' },
  note: { id: 'staff.allergy.note', defaultMessage: 'See the notes' },
  name: {
    id: 'staff.allergy.name',
    defaultMessage:
      '{name, select, gluten {Gluten} crustaceans {Crustaceans} eggs {Eggs} fish {Fish} peanuts {Peanuts} soybeans {Soybeans} milk {Milk} nuts {Tree nuts} celery {Celery} mustard {Mustard} sesame {Sesame} sulphites {Sulphites} lupin {Lupin} molluscs {Molluscs} other {{name}}}',
  },
});

export const AllergyBanner = memo(function AllergyBanner({ round }: { round: AllergyRound }) {
  const intl = useIntl();
  const allergy = allergyOf(round);
  if (!allergy) return null;
  const { allergens, noted } = allergy;
  return (
    <p className="allergy-banner" role="note" style={{ background: '#b00020', color: '#fff', padding: '6px 10px', borderRadius: 6, margin: '6px 0', fontWeight: 700 }}>
      <strong style={{ fontSize: 20, letterSpacing: 1 }}>{intl.formatMessage(am.banner)}</strong>
      {allergens.length > 0 && <span> · {intl.formatMessage(am.avoid, { list: intl.formatList(allergens.map((a) => intl.formatMessage(am.name, { name: a }))) })}</span>}
      {noted && <span> · {intl.formatMessage(am.note)}</span>}
    </p>
  );
});
