/** The allergens', diets' and spice levels' names and icons (issue 29): the legend, the filter and the menu's rows say them alike. */
import type { Allergen, AllergenState, Diet } from '../../../shared/domain/diet';
import { defineMessages } from '../../i18n/defineMessages';

export const allergenNames = defineMessages({
  gluten: { id: 'allergens.gluten', defaultMessage: 'Gluten (cereals)' },
  crustaceans: { id: 'allergens.crustaceans', defaultMessage: 'Crustaceans' },
  eggs: { id: 'allergens.eggs', defaultMessage: 'Eggs' },
  fish: { id: 'allergens.fish', defaultMessage: 'Fish' },
  peanuts: { id: 'allergens.peanuts', defaultMessage: 'Peanuts' },
  soybeans: { id: 'allergens.soybeans', defaultMessage: 'Soybeans' },
  milk: { id: 'allergens.milk', defaultMessage: 'Milk' },
  nuts: { id: 'allergens.nuts', defaultMessage: 'Tree nuts' },
  celery: { id: 'allergens.celery', defaultMessage: 'Celery' },
  mustard: { id: 'allergens.mustard', defaultMessage: 'Mustard' },
  sesame: { id: 'allergens.sesame', defaultMessage: 'Sesame' },
  sulphites: { id: 'allergens.sulphites', defaultMessage: 'Sulphites' },
  lupin: { id: 'allergens.lupin', defaultMessage: 'Lupin' },
  molluscs: { id: 'allergens.molluscs', defaultMessage: 'Molluscs' },
}) satisfies Record<Allergen, unknown>;

export const dietNames = defineMessages({
  vegetarian: { id: 'allergens.vegetarian', defaultMessage: 'Vegetarian' },
  vegan: { id: 'allergens.vegan', defaultMessage: 'Vegan' },
  halal: { id: 'allergens.halal', defaultMessage: 'Halal' },
}) satisfies Record<Diet, unknown>;

export const dietMessages = defineMessages({
  contains: { id: 'allergens.contains', defaultMessage: 'Contains {name}' },
  mayContain: { id: 'allergens.mayContain', defaultMessage: 'May contain {name}' },
  spice: { id: 'allergens.spice', defaultMessage: '{level, select, 0 {Not spicy} 1 {Mildly spicy} 2 {Spicy} other {Very spicy}}' },
  notStated: { id: 'allergens.notStated', defaultMessage: 'Not stated: {names}' },
  button: { id: 'allergens.button', defaultMessage: 'Allergens & diets' },
  buttonOn: { id: 'allergens.buttonOn', defaultMessage: 'Allergens & diets ({count} on)' },
  /** An option (a spec's choice, an add-on, a bundle part) with an allergen the filter avoids: marked, still choosable. */
  filteredOut: { id: 'allergens.filteredOut', defaultMessage: '{what} — you filter this out' },
  hidden: { id: 'allergens.hidden', defaultMessage: '{count, plural, one {# dish hidden} other {# dishes hidden}}' },
});

/** An icon per allergen and diet (shown with its name as its text alternative). */
export const ALLERGEN_ICONS: Record<Allergen, string> = {
  gluten: '🌾',
  crustaceans: '🦐',
  eggs: '🥚',
  fish: '🐟',
  peanuts: '🥜',
  soybeans: '🫘',
  milk: '🥛',
  nuts: '🌰',
  celery: '🥬',
  mustard: '🟡',
  sesame: '⚪',
  sulphites: '🍷',
  lupin: '🌼',
  molluscs: '🦑',
};
export const DIET_ICONS: Record<Diet, string> = { vegetarian: '🥕', vegan: '🌱', halal: '☪' };
export const SPICE_ICON = '🌶';

export type ShownState = Exclude<AllergenState, 'unknown' | 'free'>;
