/**
 * The ready board against stand-ins of its live stream (GET /staff/board/events) and its read
 * (GET /staff/board/orders): its two lists, the newest ready number first, the chime, a revoked link;
 * the stream's pushes with no read at all, and the reads while the stream is down.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
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
/** The stream's answer: 503 (down: the board reads instead), or open (the test pushes frames). */
let streamStatus = 503;
let streamsOpened = 0;
let push: ((frame: string) => void) | null = null;
let cut: (() => void) | null = null;
const encoder = new TextEncoder();
const server = setupServer(
  http.get('*/staff/board/events', ({ request }) => {
    if (request.headers.get('x-board-token') !== TOKEN) return HttpResponse.json({ error: 'This board link is not valid' }, { status: 401 });
    if (streamStatus !== 200) return HttpResponse.json({ error: 'down' }, { status: streamStatus });
    streamsOpened += 1;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = (frame) => c.enqueue(encoder.encode(frame));
        cut = () => c.close();
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
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
  streamStatus = 503;
  streamsOpened = 0;
  push = null;
  cut = null;
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

test('live: the stream pushes the board (no read at all); a number turning ready shows and chimes; the stream cut, the board reads until it is back; revoked, it says so', async () => {
  streamStatus = 200;
  answer = board(['031'], ['030']);
  // A read every minute only: whatever shows sooner came by the stream.
  renderStaff(<ReadyBoard token={TOKEN} pollMs={60_000} />);
  await waitFor(() => expect(push).not.toBeNull());
  act(() => push!(`event: board\ndata: ${JSON.stringify(board(['031', '032'], ['030']))}\n\n`));
  expect(await screen.findByText('032')).toBeInTheDocument();
  expect(numbersIn('Preparing')).toEqual(['031', '032']);
  act(() => push!(`: beat\n\nevent: board\ndata: ${JSON.stringify(board(['032'], ['031', '030']))}\n\n`));
  expect(await within(region('Ready for pickup')).findByText('031')).toHaveClass('newest');
  expect(window.__boardChimes).toBe(1);
  expect(tokens).toEqual([]);

  // The stream drops: the board reads at once (and every pollMs) until the stream opens again.
  answer = board([], ['032', '031', '030']);
  streamStatus = 503;
  act(() => cut!());
  expect(await within(region('Ready for pickup')).findByText('032')).toHaveClass('newest');
  expect(tokens.length).toBeGreaterThan(0);

  // The manager revokes the link: the stream says so (the board stops).
  streamStatus = 200;
  push = null;
  await waitFor(() => expect(push).not.toBeNull(), { timeout: 5_000 });
  expect(streamsOpened).toBe(2);
  act(() => push!('event: revoked\ndata: {}\n\n'));
  expect(await screen.findByRole('alert')).toHaveTextContent('This board link is not valid');
});
