/**
 * Add items at the screen (issue 26 section 5) with issue 27's bundle limits:
 * a group of "choose 1 to 3" is said so, and the line is added only with one
 * to three parts; the chooser asks for the sheet's outlet's menu (what is
 * switched off there is left out by the service: staffFix.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, server, sheet, useStandIns } from '../test/standIns';
import AddItems from './AddItems';

useStandIns();
jest.setTimeout(20_000);

const part = (goodsId: string, name: string) => ({ goodsId, name, bomAmo: '0.0000', soldOut: false });

test('a group of 1 to 3: said so; the line is added with one to three parts, not none or four', async () => {
  const asked: string[] = [];
  const sent: unknown[] = [];
  server.use(
    http.get('*/staff/chooser', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('baseId') ?? '');
      return HttpResponse.json({
        goods: [
          {
            goodsId: 'COMBO',
            name: 'Snack combo',
            price: '50.0000',
            soldOut: false,
            skus: [],
            packs: [],
            bomGroups: [{ bomClassId: 'SIDES', name: 'Sides', selectType: 0, selectQua: 3, selectMin: 1, parts: [part('P1', 'Wings'), part('P2', 'Fries'), part('P3', 'Egg tart'), part('P4', 'Salad')] }],
            addOns: [],
          },
        ],
        tables: [],
      });
    }),
    http.post('*/staff/sheets/:id/lines', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ roundNo: 2, roundAmo: '50.0000', sheet: { sheetId: 'S1', baseId: BASE_ID, tableId: 'T7', tableName: 'A07', status: 0, payStatus: 0, totalAmo: '50.0000', roundCount: 2 } });
    }),
  );
  const onDone = jest.fn();
  renderStaff(<AddItems api={testApi()} sheet={sheet({ sheetId: 'S1', tableId: 'T7', tableName: 'A07', takeType: 'dinein', payMode: 'postpay' })} onDone={onDone} onCancel={jest.fn()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Choose Snack combo' }));
  expect(asked).toEqual([BASE_ID]);
  const sides = screen.getByRole('group', { name: 'Sides (choose 1 to 3)' });
  const add = screen.getByRole('button', { name: 'Add to the round' });
  expect(add).toBeDisabled();
  for (const name of ['Wings', 'Fries', 'Egg tart', 'Salad']) await userEvent.click(within(sides).getByRole('checkbox', { name }));
  expect(add).toBeDisabled();
  await userEvent.click(within(sides).getByRole('checkbox', { name: 'Salad' }));
  expect(add).toBeEnabled();
  await userEvent.click(within(sides).getByRole('checkbox', { name: 'Fries' }));
  await userEvent.click(within(sides).getByRole('checkbox', { name: 'Egg tart' }));
  await userEvent.click(add);
  await userEvent.click(screen.getByRole('button', { name: 'Send to the kitchen' }));
  await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  expect(sent).toEqual([{ lines: [expect.objectContaining({ goodsId: 'COMBO', bom: [{ bomClassId: 'SIDES', goodsId: 'P1' }] })] }]);
});
