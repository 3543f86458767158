/** The windowed list: the rows in view first, the overscan a frame later; only a window of rows in the DOM. */
import { act, render, screen } from '@testing-library/react';
import { firstRowAt, VirtualList } from './VirtualList';

const heightOf = () => 100;

test('the first frame has the rows in view only; the rows beyond follow once it is painted', async () => {
  render(<VirtualList count={5000} heightOf={heightOf} renderRow={(i) => `Goods ${i}`} label="Menu" />);
  // 800 px of list (its height before the first measurement) at 100 px a row: rows 0 to 8.
  expect(screen.getAllByRole('listitem')).toHaveLength(9);
  expect(screen.getByRole('list', { name: 'Menu' })).toHaveStyle({ height: '500000px' });
  await act(async () => {
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 10)));
  });
  // Six more below for smooth scrolling; never the whole menu.
  const rows = screen.getAllByRole('listitem');
  expect(rows).toHaveLength(15);
  expect(rows[14]).toHaveTextContent('Goods 14');
  expect(rows[0]).toHaveAttribute('aria-setsize', '5000');
});

test('with firstFramePx, the first frame has the rows that start above it; a row starting at its edge comes a frame later', async () => {
  render(<VirtualList count={5000} heightOf={heightOf} renderRow={(i) => `Goods ${i}`} label="Menu" firstFramePx={300} />);
  // Rows 0, 1 and 2 fill the first 300 px; row 3 starts at 300.
  expect(screen.getAllByRole('listitem').map((r) => r.textContent)).toEqual(['Goods 0', 'Goods 1', 'Goods 2']);
  await act(async () => {
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 10)));
  });
  // Then the rest of the view (800 px, rows 0 to 8).
  expect(screen.getAllByRole('listitem')).toHaveLength(9);
});

test('an empty list has no rows, and the first row at a scroll position is found by its offset', () => {
  render(<VirtualList count={0} heightOf={heightOf} renderRow={(i) => `Goods ${i}`} label="Menu" />);
  expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  const offsets = [0, 100, 250, 300, 400];
  expect(firstRowAt(offsets, 0)).toBe(0);
  expect(firstRowAt(offsets, 260)).toBe(2);
  expect(firstRowAt(offsets, 300)).toBe(3);
});
