/** Issue 29: the kitchen card's ALLERGY banner, from the customer's filter or an allergy in a note; none otherwise. */
import { screen } from '@testing-library/react';
import { renderStaff } from '../test/render';
import { AllergyBanner } from './AllergyBanner';

test('the filtered allergens are named in the screen\'s language', () => {
  renderStaff(<AllergyBanner round={{ remark: '', allergens: ['peanuts', 'milk'], items: [] }} />, { locale: 'zh-TW' });
  expect(screen.getByRole('note')).toHaveTextContent('過敏 · 避免：花生和奶類');
});

test('an allergy in the round\'s note or a line\'s note points to the notes', () => {
  const { unmount } = renderStaff(<AllergyBanner round={{ remark: '', allergens: [], items: [{ detail: JSON.stringify({ remarkList: ['nut allergy'] }) }] }} />);
  expect(screen.getByRole('note')).toHaveTextContent('ALLERGY · See the notes');
  unmount();
  renderStaff(<AllergyBanner round={{ remark: '對花生過敏', items: [] }} />);
  expect(screen.getByRole('note')).toHaveTextContent('ALLERGY · See the notes');
});

test('a round without either has no banner', () => {
  renderStaff(<AllergyBanner round={{ remark: 'less salt', allergens: [], items: [{ detail: JSON.stringify({ remarkList: ['no onion'] }) }] }} />);
  expect(screen.queryByRole('note')).not.toBeInTheDocument();
});
