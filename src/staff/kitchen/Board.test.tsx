/** The kitchen board against the staff API's stand-in: its columns, the progress buttons, the table's counter actions, the live stream. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffApi } from '../api';
import { renderStaff, testApi } from '../test/render';
import {
  BASE_ID,
  line,
  openStreams,
  round,
  scenario,
  seen,
  sendEvent,
  sheet,
  TOKEN,
  useStandIns,
} from '../test/standIns';
import { Board } from './Board';
import { NEAR_MARGIN } from './nearView';
import { FakeObserver, installFakeObserver } from '../test/fakeObserver';

// The board's stand-ins come into view when the test says so.
installFakeObserver();

useStandIns();
// A loaded 2-core machine: the first render, the stand-in's first answers and the stream can take seconds.
jest.setTimeout(20_000);

function renderBoard(onSignedOut = jest.fn()) {
  renderStaff(
    <Board api={testApi()} token={TOKEN} baseId={BASE_ID} locale="en" onSignedOut={onSignedOut} />,
  );
  return onSignedOut;
}

const column = (name: RegExp) => screen.getByRole('region', { name });

test('the orders under way are cards in their columns, with their lines, specs, extras and remark', async () => {
  scenario.sheets = [
    sheet({
      sheetId: 'S0001',
      rounds: [
        round({
          remark: 'No ice please',
          items: [
            line({
              goodsName: 'Milk tea',
              qua: '2',
              detail: JSON.stringify({
                attachmentList: [{ Value: 'Pearls' }],
                remarkList: ['Less sugar'],
              }),
            }),
          ],
        }),
      ],
    }),
    sheet({
      sheetId: 'S0002',
      takeType: 'delivery',
      address: '1 Avenida',
      rounds: [round({ progress: 'preparing' })],
    }),
    sheet({ sheetId: 'S0003', status: 2 }),
  ];
  renderBoard();

  const fresh = await screen.findByRole('article', {
    name: 'Order 0001, Pickup, as soon as possible',
  });
  expect(within(column(/^New/)).getByRole('article')).toBe(fresh);
  expect(fresh).toHaveTextContent('2× Milk tea');
  expect(fresh).toHaveTextContent('+ Pearls · Less sugar');
  expect(fresh).toHaveTextContent('Remark: No ice please');
  expect(
    within(column(/^Preparing/)).getByRole('article', {
      name: 'Order 0002, Delivery, as soon as possible',
    }),
  ).toHaveTextContent('1 Avenida');
  expect(column(/^Ready/)).toHaveTextContent('Nothing here');
  expect(column(/^New/)).toHaveAccessibleName('New (1 order)');
  // The closed sheet is nowhere.
  expect(screen.queryByRole('article', { name: /^Order 0003/ })).toBeNull();
});

test.each([
  ['pickup', 'placed', 'Start preparing', 'preparing'],
  ['pickup', 'preparing', 'Mark ready', 'ready'],
  ['pickup', 'ready', 'Picked up', 'completed'],
  ['delivery', 'ready', 'Out for delivery', 'delivering'],
  ['delivery', 'delivering', 'Delivered', 'completed'],
  ['dinein', 'ready', 'Served', 'completed'],
] as const)(
  'a %s round that is %s moves forward with "%s" (to %s), by its round number',
  async (takeType, progress, button, next) => {
    scenario.sheets = [
      sheet({
        sheetId: 'S0009',
        takeType,
        tableName: takeType === 'dinein' ? 'B2' : '',
        rounds: [round({ progress })],
      }),
    ];
    renderBoard();

    const card = await screen.findByRole('article', { name: /^Order 0009/ });
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
      // ...and the ticket's "Fix order" (issue 26 section 5, src/staff/fixOrder).
    ).toEqual([button, 'Fix order']);
    await userEvent.click(within(card).getByRole('button', { name: button }));

    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'POST')).toEqual([
        expect.objectContaining({
          path: '/staff/sheets/S0009/progress',
          body: { progress: next, round: 1 },
        }),
      ]),
    );
    if (next === 'completed')
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: /^Order 0009/ })).toBeNull(),
      );
    else {
      const title = { preparing: 'Preparing', ready: 'Ready', delivering: 'Out for delivery' }[
        next
      ]!;
      await waitFor(() =>
        expect(
          within(column(new RegExp(`^${title}`))).getByRole('article', { name: /^Order 0009/ }),
        ).toBeInTheDocument(),
      );
    }
  },
);

test('a move another screen made first says so and shows the board as it is', async () => {
  scenario.sheets = [sheet({ sheetId: 'S0010' })];
  scenario.refuse.progress = 409;
  renderBoard();

  await userEvent.click(await screen.findByRole('button', { name: 'Start preparing' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This order has already moved on; the board was refreshed.',
  );
});

test('a table open to pay later: its rounds apart, closed as paid at the counter once confirmed, or not when declined', async () => {
  scenario.sheets = [
    sheet({
      sheetId: 'S0020',
      tableName: 'A03',
      takeType: 'dinein',
      payMode: 'postpay',
      status: 0,
      payStatus: 0,
      displayState: 'open',
      rounds: [
        round({ roundNo: 1, progress: 'ready' }),
        round({ roundNo: 2, progress: 'placed', createdAt: '2026-11-25T12:10:00.000Z' }),
      ],
    }),
  ];
  const confirm = jest
    .spyOn(window, 'confirm')
    .mockReturnValueOnce(false)
    .mockReturnValueOnce(true);
  renderBoard();

  const second = await screen.findByRole('article', { name: 'Order 0020, Table A03, round 2' });
  expect(within(second).getByRole('heading', { name: 'Round 2' })).toBeInTheDocument();
  expect(second).toHaveTextContent('Not paid yet');
  await userEvent.click(within(second).getByRole('button', { name: 'Paid at the counter: close' }));
  expect(confirm).toHaveBeenLastCalledWith('Close table A03 as paid at the counter?');
  expect(seen.some((r) => r.method === 'POST')).toBe(false);

  await userEvent.click(within(second).getByRole('button', { name: 'Paid at the counter: close' }));
  await waitFor(() =>
    expect(seen.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/staff/sheets/S0020/close', body: { paidAtCounter: true } }),
    ]),
  );
  await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
  confirm.mockRestore();
});

test('a new order that arrives on the live stream is read, highlighted and cued; the first read is not', async () => {
  scenario.sheets = [sheet({ sheetId: 'S0030' })];
  const cuesBefore = window.__staffCues ?? 0;
  renderBoard();
  expect(await screen.findByRole('status')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
  expect(
    within(screen.getByRole('article', { name: /^Order 0030/ })).queryByText('New'),
  ).toBeNull();
  expect(window.__staffCues ?? 0).toBe(cuesBefore);

  scenario.sheets.push(sheet({ sheetId: 'S0031', createdAt: '2026-11-25T12:05:00.000Z' }));
  await waitFor(() => expect(openStreams()).toBe(1));
  act(() => sendEvent({ kind: 'sheet', sheetId: 'S0031' }));

  const arrived = await screen.findByRole('article', { name: /^Order 0031/ });
  expect(within(arrived).getByText('New')).toBeInTheDocument();
  expect(window.__staffCues).toBe(cuesBefore + 1);
});

test('a sheet pushed with its event goes on screen as it came, with no read; one pushed as null leaves; the first read waits for the stream', async () => {
  scenario.sheets = [sheet({ sheetId: 'S0040' })];
  renderBoard();
  await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
  expect(await screen.findByRole('article', { name: /^Order 0040/ })).toBeInTheDocument();
  const reads = () => seen.filter((r) => r.method === 'GET' && r.path.startsWith('/staff/sheets')).length;
  // One read of the outlet's orders at start (two lists: open and paid), not a second when the stream opened.
  expect(reads()).toBe(2);
  await waitFor(() => expect(openStreams()).toBe(1));
  // Not in the stand-in's list: only the pushed sheet can put it on screen.
  act(() => sendEvent({ kind: 'paid', sheetId: 'S0041', sheet: sheet({ sheetId: 'S0041', createdAt: '2026-11-25T12:05:00.000Z' }) }));
  const pushed = await screen.findByRole('article', { name: /^Order 0041/ });
  expect(within(pushed).getByText('New')).toBeInTheDocument();
  act(() => sendEvent({ kind: 'closed', sheetId: 'S0040', sheet: null }));
  await waitFor(() => expect(screen.queryByRole('article', { name: /^Order 0040/ })).toBeNull());
  expect(screen.getByRole('article', { name: /^Order 0041/ })).toBeInTheDocument();
  expect(reads()).toBe(2);
});

test('a refused token signs the screen out', async () => {
  const onSignedOut = jest.fn();
  renderStaff(
    <Board
      api={staffApi('not-the-token', 'en')}
      token="not-the-token"
      baseId={BASE_ID}
      locale="en"
      onSignedOut={onSignedOut}
    />,
  );
  await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
});

test('a failed read says so and offers to try again', async () => {
  scenario.sheets = [sheet({ sheetId: 'S0040' })];
  scenario.refuse.sheets = 500;
  const onSignedOut = renderBoard();
  expect(await screen.findByRole('alert')).toHaveTextContent('The orders could not be loaded.');
  delete scenario.refuse.sheets;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('article', { name: /^Order 0040/ })).toBeInTheDocument();
  expect(onSignedOut).not.toHaveBeenCalled();
});

test("a pickup order's card is headed by its pickup number of the day, not its sheet id", async () => {
  scenario.sheets = [sheet({ sheetId: '20261128043512000123456', pickupNo: '023' }), sheet({ sheetId: 'S0004' })];
  renderBoard();
  const card = await screen.findByRole('article', { name: 'Order 023, Pickup, as soon as possible' });
  expect(within(card).getByText('023')).toHaveStyle({ fontSize: '32px' });
  expect(card).not.toHaveTextContent('20261128043512000123456');
  // Without one (an order from before pickup numbers): its sheet id, as before.
  expect(await screen.findByRole('article', { name: 'Order 0004, Pickup, as soon as possible' })).toHaveTextContent('#S0004');
});

test('a long board draws each column’s first cards in full and the others as stand-ins, each drawn in full when it comes near view', async () => {
  scenario.sheets = Array.from({ length: 30 }, (_, i) =>
    sheet({ sheetId: `S${String(500 + i).padStart(4, '0')}`, createdAt: `2026-11-25T12:${String(i).padStart(2, '0')}:00.000Z` }),
  );
  renderBoard();
  await screen.findByRole('article', { name: /^Order 0500/ });
  // Every order is on the board, oldest at the top, by its name.
  const names = within(column(/^New/))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label')!.slice(6, 10));
  expect(names).toEqual(Array.from({ length: 30 }, (_, i) => String(500 + i).padStart(4, '0')));
  expect(column(/^New/)).toHaveAccessibleName('New (30 orders)');
  // The first three in full; the fourth a stand-in: its name, nothing inside yet, watched.
  const third = screen.getByRole('article', { name: /^Order 0502/ });
  expect(within(third).getByRole('button', { name: 'Start preparing' })).toBeInTheDocument();
  const fourth = screen.getByRole('article', { name: /^Order 0503/ });
  expect(fourth).toBeEmptyDOMElement();
  // The board's one observer of its stand-ins (the last test's board, gone, had its own).
  const watching = FakeObserver.made.filter((o) => o.options?.rootMargin === NEAR_MARGIN && [...o.observed].some((el) => el.isConnected && el.matches('article')));
  expect(watching).toHaveLength(1);
  const near = watching[0]!;
  const watched = () => [...near.observed].filter((el) => el.isConnected && el.matches('article')).length;
  expect(watched()).toBe(27);
  // Scrolled to within half a screen of it: drawn in full, no longer watched.
  act(() => near.show(fourth, true));
  const drawnFourth = screen.getByRole('article', { name: /^Order 0503/ });
  expect(within(drawnFourth).getByRole('button', { name: 'Start preparing' })).toBeInTheDocument();
  expect(watched()).toBe(26);
  expect(screen.getByRole('article', { name: /^Order 0504/ })).toBeEmptyDOMElement();
});
