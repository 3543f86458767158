/** The fix panel (issue 26 section 5) against the staff API's stand-in: voiding a line with a reason and a manager's PIN, a refusal, moving a table. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, line, round, server, sheet, useStandIns } from '../test/standIns';
import FixPanel from './FixPanel';

useStandIns();
jest.setTimeout(20_000);

const tableSheet = () =>
  sheet({
    sheetId: 'S0042',
    tableId: 'T7',
    tableName: 'A07',
    takeType: 'dinein',
    payMode: 'postpay',
    status: 0,
    payStatus: 0,
    totalAmo: '66.0000',
    rounds: [round({ items: [line({ itemId: 1, goodsName: 'Milk tea', amo: '18.0000' }), line({ itemId: 2, goodsName: 'BBQ pork rice', amo: '48.0000' })] })],
  });

const after = (totalAmo: string, tableId = 'T7') => ({ sheetId: 'S0042', baseId: BASE_ID, tableId, tableName: 'A07', status: 0, payStatus: 0, totalAmo, roundCount: 1 });

test('a line is voided with a reason, the note of "other", and a manager login and PIN; the total is the service answer', async () => {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/staff/sheets/:id/lines/:itemId/void', async ({ request, params }) => {
      bodies.push({ path: `${String(params.id)}/${String(params.itemId)}`, body: await request.json() });
      return HttpResponse.json({ itemId: 2, voidReason: 'Other: Too salty', refund: null, sheet: after('18.0000') });
    }),
  );
  const onChanged = jest.fn();
  renderStaff(<FixPanel api={testApi()} sheet={tableSheet()} onChanged={onChanged} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Fix order 0042' });
  expect(within(dialog).getByText('Total 66.00')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Void BBQ pork rice' }));
  const submit = within(dialog).getByRole('button', { name: 'Void line' }) as HTMLButtonElement;
  // No reason chosen yet: nothing can be sent.
  expect(submit.disabled).toBe(true);
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: "Manager's login" }), 'manager');
  await userEvent.type(within(dialog).getByLabelText('PIN'), '1357');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'What happened' }), 'Too salty');
  await userEvent.click(submit);
  await waitFor(() => expect(within(dialog).getByText('Total 18.00')).toBeTruthy());
  expect(bodies).toEqual([{ path: 'S0042/2', body: { reason: 'other', note: 'Too salty', approver: { login: 'manager', pin: '1357' } } }]);
  expect(onChanged).toHaveBeenCalledTimes(1);
});

test("a refused PIN is shown where the form is, and the PIN is cleared", async () => {
  server.use(http.post('*/staff/sheets/:id/lines/:itemId/void', () => HttpResponse.json({ error: 'The login or PIN is wrong' }, { status: 403 })));
  const onChanged = jest.fn();
  renderStaff(<FixPanel api={testApi()} sheet={tableSheet()} onChanged={onChanged} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Fix order 0042' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Void Milk tea' }));
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Out of stock' }));
  await userEvent.type(within(dialog).getByRole('textbox', { name: "Manager's login" }), 'manager');
  const pin = within(dialog).getByLabelText('PIN') as HTMLInputElement;
  await userEvent.type(pin, '0000');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Void line' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Not voided: The login or PIN is wrong');
  expect(pin.value).toBe('');
  expect(onChanged).not.toHaveBeenCalled();
});

test('a table sheet moves to a free table of the outlet, chosen from the list', async () => {
  const moved: unknown[] = [];
  server.use(
    http.get('*/staff/chooser', () =>
      HttpResponse.json({
        goods: [],
        tables: [
          { tableId: 'T7', name: 'A07', free: false },
          { tableId: 'T8', name: 'A08', free: false },
          { tableId: 'T9', name: 'A09', free: true },
        ],
      }),
    ),
    http.post('*/staff/sheets/:id/move', async ({ request }) => {
      moved.push(await request.json());
      return HttpResponse.json({ fromTableId: 'T7', sheet: after('66.0000', 'T9') });
    }),
  );
  const onChanged = jest.fn();
  renderStaff(<FixPanel api={testApi()} sheet={tableSheet()} onChanged={onChanged} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Fix order 0042' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move to another table' }));
  const select = await within(dialog).findByRole('combobox', { name: 'New table' });
  // Only the free tables are offered.
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a free table', 'A09']);
  await userEvent.selectOptions(select, 'T9');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  expect(moved).toEqual([{ tableId: 'T9' }]);
});
