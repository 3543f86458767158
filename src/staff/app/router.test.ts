/** The staff router's paths. */
import { hrefOf, SECTION_IDS, sectionOf } from './router';

test('each section is opened by its own path, and back', () => {
  for (const id of SECTION_IDS) expect(sectionOf(hrefOf(id))).toBe(id);
  expect(sectionOf('#/sold-out')).toBe('soldOut');
  expect(sectionOf('#/member?code=1')).toBe('member');
});

test('no path, or an unknown one, opens the kitchen', () => {
  expect(sectionOf('')).toBe('kitchen');
  expect(sectionOf('#/')).toBe('kitchen');
  expect(sectionOf('#/back-office')).toBe('kitchen');
});
