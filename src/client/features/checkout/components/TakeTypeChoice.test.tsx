/** The order type when there is one: a line in the reader's language and punctuation (issue 23: "用餐方式：堂食", not "用餐方式: 堂食"). */
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { TakeTypeChoice } from './TakeTypeChoice';

test.each([
  ['zh-CN', '用餐方式：堂食'],
  ['zh-TW', '用餐方式：堂食'],
  ['en', 'Order type: Dine in'],
] as const)('%s: %s', async (locale, line) => {
  renderWithProviders(<TakeTypeChoice offered={['dinein']} value="dinein" onChange={() => undefined} />, { locale });
  expect(await screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === line)).toBeInTheDocument();
});
