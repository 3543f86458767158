import { kitchenState, sheetProgressOf, specWords } from './rounds';

test("a sheet's progress is its least advanced round's", () => {
  expect(sheetProgressOf(['ready', 'placed'])).toBe('placed');
  expect(sheetProgressOf(['completed', 'preparing', 'ready'])).toBe('preparing');
  expect(sheetProgressOf(['completed', 'completed'])).toBe('completed');
  expect(sheetProgressOf(['delivering'])).toBe('delivering');
  expect(sheetProgressOf([])).toBe('placed');
  // Something unknown is not further than new.
  expect(sheetProgressOf(['ready', 'lost'])).toBe('placed');
});

test('what the kitchen calls a round', () => {
  expect(['placed', 'preparing', 'ready', 'delivering', 'completed', '?'].map(kitchenState)).toEqual(['new', 'preparing', 'ready', 'ready', 'served', 'new']);
});

test("a sku's items as its values' names", () => {
  expect(specWords('细，')).toEqual(['细']);
  expect(specWords('标准;热')).toEqual(['标准', '热']);
  expect(specWords('Large;Iced')).toEqual(['Large', 'Iced']);
  expect(specWords('')).toEqual([]);
});
