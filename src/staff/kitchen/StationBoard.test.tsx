/** The kitchen's stations and expo against the staff API's stand-in: the picker, a station's tickets, done, bump, recall, voids, timers, all day. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, line, openStreams, round, scenario, seen, sendEvent, sheet, TOKEN, useStandIns } from '../test/standIns';
import { Board } from './Board';
import { allDay, clockText, timerColour } from './stations';

useStandIns();
jest.setTimeout(20_000);

const WOK = 'ST-wok';
const BAR = 'ST-bar';

function tableOrder() {
  const now = Date.now();
  return sheet({
    sheetId: 'S0101',
    tableName: 'A10',
    takeType: 'dinein',
    payMode: 'postpay',
    status: 0,
    payStatus: 0,
    rounds: [
      round({
        roundNo: 1,
        receivedAt: new Date(now - 6 * 60_000).toISOString(),
        items: [
          line({ itemId: 1, goodsName: 'Fried rice', qua: '2', stationIds: [WOK] }),
          line({ itemId: 2, goodsName: 'Milk tea', stationIds: [BAR] }),
          line({ itemId: 3, goodsName: 'Lemon tea', stationIds: [BAR], voided: true, voidReason: 'Out of lemons' }),
        ],
      }),
      round({ roundNo: 2, remark: 'Less oil', receivedAt: new Date(now - 30_000).toISOString(), items: [line({ itemId: 4, roundNo: 2, goodsName: 'Noodles', stationIds: [WOK] })] }),
    ],
  });
}

beforeEach(() => {
  localStorage.clear();
  scenario.kitchen.stations = [
    { stationId: WOK, name: 'Wok' },
    { stationId: BAR, name: 'Drinks' },
  ];
  scenario.sheets = [tableOrder()];
});

const render = () => renderStaff(<Board api={testApi()} token={TOKEN} baseId={BASE_ID} locale="en" onSignedOut={jest.fn()} />);

test('the expo shows whole tickets with each station’s progress, struck-through voided lines, the timer’s colour and the all-day counts', async () => {
  render();
  const first = await screen.findByRole('article', { name: 'Order 0101, Table A10, round 1' });
  expect(within(first).getByText('Wok: 0 of 1 done')).toBeInTheDocument();
  expect(within(first).getByText('Drinks: 0 of 1 done')).toBeInTheDocument();
  // Voided: struck through with its reason, not a button.
  expect(within(first).getByText('Out of lemons', { exact: false })).toBeInTheDocument();
  expect(within(first).queryByRole('button', { name: /Lemon tea/ })).toBeNull();
  expect(first.querySelector('del')).toHaveTextContent('Lemon tea');
  // 6 minutes since the kitchen received it: amber (default 5:00); round 2 is 0:30, normal.
  expect(first).toHaveAttribute('data-timer', 'amber');
  expect(screen.getByRole('article', { name: 'Order 0101, Table A10, round 2' })).toHaveAttribute('data-timer', 'normal');
  const day = screen.getByRole('complementary', { name: 'All day' });
  expect(within(day).getByText('Fried rice').parentElement).toHaveTextContent('2 Fried rice');
  expect(within(day).queryByText(/Lemon tea/)).toBeNull();
});

test('a station shows only its lines; a tap marks a line done; bump takes the ticket off; recall brings it back; the choice is remembered', async () => {
  const user = userEvent.setup();
  render();
  await screen.findByRole('article', { name: /round 1/ });
  await user.click(screen.getByRole('button', { name: 'Wok' }));
  expect(localStorage.getItem(`hbb.kitchen.view.${BASE_ID}`)).toBe(WOK);
  const tickets = await screen.findByRole('region', { name: 'Tickets' });
  await waitFor(() => expect(within(tickets).queryByText('Milk tea')).toBeNull());
  expect(within(tickets).getAllByRole('article')).toHaveLength(2);
  expect(within(tickets).getByText('Remark: Less oil')).toBeInTheDocument();

  const rice = within(tickets).getByRole('button', { name: /Fried rice/ });
  expect(rice).toHaveAttribute('aria-pressed', 'false');
  await user.click(rice);
  expect(seen.some((s) => s.method === 'POST' && s.path === '/staff/sheets/S0101/items/1/done' && (s.body as { done: boolean }).done)).toBe(true);
  await waitFor(() => expect(within(tickets).getByRole('button', { name: /Fried rice/ })).toHaveAttribute('aria-pressed', 'true'));

  await user.click(within(tickets).getByRole('button', { name: 'Bump Order 0101, Table A10, round 1' }));
  expect(seen.find((s) => s.path === '/staff/sheets/S0101/bump')?.body).toEqual({ round: 1, station: WOK });
  await waitFor(() => expect(within(tickets).getAllByRole('article')).toHaveLength(1));

  await user.click(screen.getByText('Recall'));
  await user.click(await screen.findByRole('button', { name: /^Recall Table A10, round 1/ }));
  expect(seen.find((s) => s.path === '/staff/sheets/S0101/recall')?.body).toEqual({ round: 1, station: WOK });
  await waitFor(() => expect(within(tickets).getAllByRole('article')).toHaveLength(2));
  expect(seen.some((s) => s.path === `/staff/kitchen?baseId=${BASE_ID}&station=${WOK}`)).toBe(true);
});

test('a line voided while on screen is struck through with the void cue', async () => {
  render();
  await screen.findByRole('article', { name: /round 1/ });
  await waitFor(() => expect(openStreams()).toBe(1));
  const before = window.__staffVoidCues ?? 0;
  scenario.sheets[0]!.rounds![0]!.items[1]!.voided = true;
  act(() => sendEvent({ kind: 'progress', sheetId: 'S0101' }));
  await waitFor(() => expect(window.__staffVoidCues).toBe(before + 1));
  expect(screen.getByRole('article', { name: /round 1/ }).querySelectorAll('del')).toHaveLength(2);
});

test('timer colours by the outlet’s thresholds per way of ordering; m:ss; all day leaves done and voided lines out', () => {
  const t = [{ takeType: 'pickup' as const, amberSeconds: 120, redSeconds: 240 }];
  expect(timerColour(119, 'pickup', t)).toBe('normal');
  expect(timerColour(120, 'pickup', t)).toBe('amber');
  expect(timerColour(240, 'pickup', t)).toBe('red');
  expect([timerColour(299, 'dinein', t), timerColour(300, 'dinein', t), timerColour(480, 'dinein', t)]).toEqual(['normal', 'amber', 'red']);
  expect([clockText(0), clockText(65.9), clockText(3725)]).toEqual(['0:00', '1:05', '1:02:05']);
  const r = round({ items: [line({ goodsName: 'A', qua: '2' }), line({ itemId: 2, goodsName: 'A', qua: '1', doneAt: 'x' }), line({ itemId: 3, goodsName: 'B', qua: '3' })] });
  expect(allDay([r], 'expo')).toEqual([
    { name: 'B', count: 3 },
    { name: 'A', count: 2 },
  ]);
});
