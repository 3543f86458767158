/**
 * The tables' calls over the staff program (issue 28 section 4) against the
 * staff API's stand-in: a call arriving on the live stream shows with a chime;
 * "On my way" claims it; a call someone else took first says who.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StaffCallJson } from '../../shared/protocol/staffCalls';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, openStreams, sendEvent, server, TOKEN, useStandIns } from '../test/standIns';
import CallsBanner from './CallsBanner';

useStandIns();
jest.setTimeout(20_000);

const session = { token: TOKEN, outlet: { baseId: BASE_ID, shopId: 'S1', name: 'San Ma Lo', nameEn: 'San Ma Lo' } } as unknown as Parameters<typeof CallsBanner>[0]['session'];

const call = (c: Partial<StaffCallJson> = {}): StaffCallJson => ({
  callId: 'C1',
  tableId: 'T7',
  tableName: 'A07',
  kind: 'staff',
  payHow: '',
  createdAt: '2026-11-28T08:00:00.000Z',
  acknowledgedAt: '',
  acknowledgedBy: '',
  ...c,
});

let calls: StaffCallJson[] = [];
const acks: string[] = [];
beforeEach(() => {
  calls = [];
  acks.length = 0;
  window.__staffCallCues = 0;
});

test('a call arriving on the stream shows with a chime; "On my way" claims it and says who is coming', async () => {
  server.use(
    http.get('*/staff/calls', () => HttpResponse.json({ calls })),
    http.post('*/staff/calls/:id/ack', ({ params }) => {
      acks.push(String(params.id));
      calls = calls.map((c) => (c.callId === params.id ? { ...c, acknowledgedAt: '2026-11-28T08:00:05.000Z', acknowledgedBy: 'Kitchen tablet' } : c));
      return HttpResponse.json({ call: calls[0] });
    }),
  );
  renderStaff(<CallsBanner api={testApi()} session={session} />);
  await waitFor(() => expect(openStreams()).toBe(1));
  expect(screen.queryByRole('region', { name: 'Table calls' })).toBeNull();

  calls = [call(), call({ callId: 'C2', tableId: 'T9', tableName: 'A09', kind: 'bill', payHow: 'cash' })];
  sendEvent({ kind: 'call' });
  const region = await screen.findByRole('region', { name: 'Table calls' });
  expect(within(region).getByText('Table A07 calls for staff')).toBeTruthy();
  expect(within(region).getByText('Table A09 asks for the bill · pays in cash')).toBeTruthy();
  expect(window.__staffCallCues).toBe(1);

  await userEvent.click(within(region).getByRole('button', { name: 'On my way: table A07' }));
  expect(await within(region).findByText('Kitchen tablet is on the way')).toBeTruthy();
  expect(acks).toEqual(['C1']);
  expect(within(region).queryByRole('button', { name: 'On my way: table A07' })).toBeNull();
  // Taking a call is not a new call: no second chime.
  expect(window.__staffCallCues).toBe(1);
});

test('the calls already waiting when the screen opens show without a chime; one taken first by someone else says who', async () => {
  calls = [call()];
  server.use(
    http.get('*/staff/calls', () => HttpResponse.json({ calls })),
    http.post('*/staff/calls/:id/ack', () => {
      calls = [call({ acknowledgedAt: '2026-11-28T08:00:03.000Z', acknowledgedBy: 'Waiter Wong' })];
      return HttpResponse.json({ error: 'Waiter Wong has already taken this call.' }, { status: 409 });
    }),
  );
  renderStaff(<CallsBanner api={testApi()} session={session} />);
  const region = await screen.findByRole('region', { name: 'Table calls' });
  expect(window.__staffCallCues).toBe(0);
  await userEvent.click(within(region).getByRole('button', { name: 'On my way: table A07' }));
  expect((await within(region).findByRole('alert')).textContent).toBe('Could not take the call: Waiter Wong has already taken this call.');
  expect(within(region).getByText('Waiter Wong is on the way')).toBeTruthy();
});
