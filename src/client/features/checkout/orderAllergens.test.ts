/** Issue 29: an order sends the allergens the menu's filter keeps away from (for the kitchen's ALLERGY banner); none without a filter. */
import { DIET_FILTER_KEY } from '../../host/dietFilterStorage';
import { emptyDraft } from './checkoutSlice';
import { buildOrderRequest, type OrderRequestInput } from './orderRequest';
import type { OrderTotals } from './totals';

const input = (): OrderRequestInput => ({
  payMode: 'prepay',
  entries: [],
  formats: { AmoPoint: 2, PricePoint: 2, QuaPoint: 0 } as unknown as OrderRequestInput['formats'],
  ids: { ShopID: 'S1', BaseID: 'B1', TableID: '' },
  sheetId: '',
  cyType: '',
  takeType: 'pickup',
  draft: emptyDraft,
  coupon: null,
  totals: { lines: 0, quantity: 0, qua: 0, sales: '0.00', discount: '0.00', coupon: '0.00', fee: '0.00', bags: 0, bag: '0.00', total: '0.00' } as OrderTotals,
});

afterEach(() => localStorage.clear());

test('the filter\'s allergens go with the order, by name; without a filter the field is absent', () => {
  expect('Allergens' in buildOrderRequest(input()).row).toBe(false);
  localStorage.setItem(DIET_FILTER_KEY, JSON.stringify({ avoid: ['peanuts', 'milk'], diets: ['vegan'], strict: false }));
  expect(buildOrderRequest(input()).row.Allergens).toBe('peanuts,milk');
  // A diet alone is no allergy.
  localStorage.setItem(DIET_FILTER_KEY, JSON.stringify({ avoid: [], diets: ['vegan'], strict: true }));
  expect('Allergens' in buildOrderRequest(input()).row).toBe(false);
});
