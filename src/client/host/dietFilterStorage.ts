/**
 * Where the customer's allergen and diet filter is remembered on the phone
 * (issue 29): the menu's filter (features/allergens) keeps it, the order's
 * request (features/checkout) sends its allergens so the kitchen sees them.
 */
import { parseFilter, type DietFilter } from '../../shared/domain/diet';
import { safeStorage, type KeyValueStore } from './storage';

export const DIET_FILTER_KEY = 'hbb.dietFilter';
export const dietFilterStore: KeyValueStore = safeStorage('localStorage');

export function storedDietFilter(): DietFilter {
  return parseFilter(dietFilterStore.getItem(DIET_FILTER_KEY));
}
