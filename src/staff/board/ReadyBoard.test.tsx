/** The ready board against a stand-in of GET /staff/board/orders: its two lists, the newest ready number first, the chime, a revoked link. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { BoardAnswer } from '../../shared/protocol/staffBoard';
import { renderStaff } from '../test/render';
import { ReadyBoard } from './ReadyBoard';

jest.setTimeout(20_000);

const TOKEN = 'board-token-of-the-test';
let answer: BoardAnswer;
let status = 200;
const tokens: (string | null)[] = [];
const server = setupServer(
  http.get('*/staff/board/orders', ({ request }) => {
    tokens.push(request.headers.get('x-board-token'));
    if (request.headers.get('x-board-token') !== TOKEN || status === 401) return HttpResponse.json({ error: 'This board link is not valid' }, { status: 401 });
    return HttpResponse.json(answer);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  status = 200;
  tokens.length = 0;
  window.__boardChimes = 0;
});
afterAll(() => server.close());

const n = (pickupNo: string, readyAt = '') => ({ pickupNo, readyAt });
const board = (preparing: string[], ready: string[]): BoardAnswer => ({
  baseId: 'B1',
  readyMinutes: 15,
  now: '2026-11-28T05:00:00Z',
  preparing: preparing.map((p) => n(p)),
  ready: ready.map((p, i) => n(p, `2026-11-28T04:5${9 - i}:00Z`)),
});

const region = (name: string) => screen.getByRole('region', { name });
const numbersIn = (name: string) => within(region(name)).queryAllByRole('listitem').map((li) => li.textContent);

test('numbers preparing and ready, the newest ready first and largest; a number turning ready chimes', async () => {
  answer = board(['021', '022', '024'], ['020', '019']);
  renderStaff(<ReadyBoard token={TOKEN} pollMs={50} />);
  expect(await screen.findByText('024')).toBeInTheDocument();
  expect(numbersIn('Preparing')).toEqual(['021', '022', '024']);
  expect(numbersIn('Ready for pickup')).toEqual(['020', '019']);
  expect(within(region('Ready for pickup')).getByText('020')).toHaveClass('newest');
  expect(tokens[0]).toBe(TOKEN);
  // Already ready when the board opened: no chime.
  expect(window.__boardChimes ?? 0).toBe(0);

  answer = board(['021', '024'], ['022', '020', '019']);
  expect(await within(region('Ready for pickup')).findByText('022')).toHaveClass('newest');
  expect(numbersIn('Preparing')).toEqual(['021', '024']);
  expect(window.__boardChimes).toBe(1);
  // Sound needs a tap on a TV's browser: the board offers it (jsdom has no Web Audio, so it stays offered;
  // in Chromium the journey taps it, e2e/ready-board.spec.ts).
  await userEvent.click(screen.getByRole('button', { name: 'Turn on sound' }));
  expect(screen.getByRole('button', { name: 'Turn on sound' })).toBeInTheDocument();
});

test('empty lists say so', async () => {
  answer = board([], []);
  renderStaff(<ReadyBoard token={TOKEN} pollMs={50} />);
  expect(await screen.findByText('No order is ready yet')).toBeInTheDocument();
  expect(screen.getByText('No order is being prepared')).toBeInTheDocument();
});

test('a revoked (or wrong) link: the board says so and stops asking', async () => {
  answer = board(['001'], []);
  renderStaff(<ReadyBoard token="not-the-token" pollMs={50} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('This board link is not valid (it may have been revoked). Ask a manager for a new one.');
  const asked = tokens.length;
  await act(() => new Promise((r) => setTimeout(r, 300)));
  expect(tokens.length).toBe(asked);
});
