/**
 * The outlet's form against a stand-in of its two routes (the staff
 * program's MSW server): checked in the screen's language before anything is
 * sent; a save answers the saved values; a save refused because someone
 * else saved shows their values and says so.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { OutletSettingsJson } from '../../../shared/protocol/staffOutlets';
import { renderStaff } from '../../test/render';
import { server, useStandIns } from '../../test/standIns';
import { OutletForm } from './OutletForm';
import { outletsApi } from './outletsApi';

useStandIns();
jest.setTimeout(30_000);

const day = [{ begin: '11:00', end: '22:00' }];
const OUTLET: OutletSettingsJson = {
  baseId: 'B1',
  name: '新馬路店',
  version: 3,
  address: '新馬路 1 號',
  addressTw: '新馬路 1 號',
  addressEn: '1 Avenida de Almeida Ribeiro',
  lat: 22.19,
  lng: 113.54,
  timeZone: '',
  hours: { days: { '1': day, '2': day, '3': day, '4': day, '5': [{ begin: '18:00', end: '02:00' }], '6': [], '7': day }, closedDates: [] },
  businessMode: 0,
  payMode: 'postpay',
  webOrderMinutes: 120,
  delivery: { enabled: true, zone: { kind: 'radius', km: 3 }, fee: 10, minAmount: 80, freeAbove: null },
  serviceChargePercent: 0,
  tipEnabled: false,
};

let patches: unknown[];
let answer: (body: Record<string, unknown>) => Response;
beforeEach(() => {
  patches = [];
  answer = (body) => HttpResponse.json({ outlet: { ...OUTLET, ...body, baseId: 'B1', name: OUTLET.name, version: OUTLET.version + 1 } });
  server.use(
    http.get('*/staff/outlets/B1', () => HttpResponse.json({ outlet: OUTLET })),
    // The map draws without tiles here.
    http.get('*/map/config', () => HttpResponse.json({ error: 'none' }, { status: 404 })),
    http.patch('*/staff/outlets/B1', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      return answer(body);
    }),
  );
});

test('a service charge of 10% is sent with the version the form was loaded at, and shown saved', async () => {
  renderStaff(<OutletForm api={outletsApi('en')} baseId="B1" />);
  const charge = await screen.findByRole('textbox', { name: 'Service charge (%)' });
  await userEvent.clear(charge);
  await userEvent.type(charge, '10');
  await userEvent.click(screen.getByRole('button', { name: 'Save outlet settings' }));
  expect(await screen.findByText('Saved.')).toBeInTheDocument();
  expect(patches).toEqual([expect.objectContaining({ version: 3, serviceChargePercent: 10, hours: OUTLET.hours })]);
  // The overnight Friday range was kept as it was.
  expect(screen.getByRole('textbox', { name: 'Friday range 1 to' })).toHaveValue('02:00');
});

test('what does not make sense is marked in the screen language and nothing is sent', async () => {
  renderStaff(<OutletForm api={outletsApi('zh-TW')} baseId="B1" />, { locale: 'zh-TW' });
  const charge = await screen.findByRole('textbox', { name: '服務費（%）' });
  await userEvent.clear(charge);
  await userEvent.type(charge, '30.5');
  const begin = screen.getByRole('textbox', { name: '星期二第 1 段結束' });
  await userEvent.clear(begin);
  await userEvent.type(begin, '11:00');
  const fee = screen.getByRole('textbox', { name: '外送費' });
  await userEvent.clear(fee);
  await userEvent.type(fee, '-5');
  await userEvent.click(screen.getByRole('button', { name: '儲存門店設定' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('請更正標示的欄位。');
  expect(screen.getByText('0 至 30，最多兩位小數。')).toBeInTheDocument();
  expect(screen.getByText('時段的開始與結束不可相同。')).toBeInTheDocument();
  expect(screen.getByText('不可為負數，最多兩位小數。')).toBeInTheDocument();
  expect(charge).toHaveAttribute('aria-invalid', 'true');
  expect(patches).toEqual([]);
});

test('a polygon of two points is refused; a saved outlet changed by someone else shows their values', async () => {
  renderStaff(<OutletForm api={outletsApi('en')} baseId="B1" />);
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Delivery area' }), 'Area drawn on the map');
  await userEvent.click(screen.getByRole('button', { name: 'Save outlet settings' }));
  expect(await screen.findByText('Draw at least 3 points for the delivery area.')).toBeInTheDocument();
  expect(patches).toEqual([]);

  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Delivery area' }), 'Radius');
  answer = () => HttpResponse.json({ error: 'The outlet was changed by someone else.', outlet: { ...OUTLET, version: 4, webOrderMinutes: 45 } }, { status: 409 });
  const window = screen.getByRole('textbox', { name: 'Web order window (minutes, 0 without limit)' });
  await userEvent.clear(window);
  await userEvent.type(window, '90');
  await userEvent.click(screen.getByRole('button', { name: 'Save outlet settings' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Changed by someone else while you were editing');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Web order window (minutes, 0 without limit)' })).toHaveValue('45'));
  expect(patches).toHaveLength(1);
});

test('"Offer a tip at payment" is a checkbox saved with the version like the other fields (issue 27)', async () => {
  renderStaff(<OutletForm api={outletsApi('zh-TW')} baseId="B1" />, { locale: 'zh-TW' });
  const tip = await screen.findByRole('checkbox', { name: '付款時提供小費選項' });
  expect(tip).not.toBeChecked();
  await userEvent.click(tip);
  await userEvent.click(screen.getByRole('button', { name: '儲存門店設定' }));
  await waitFor(() => expect(patches).toEqual([expect.objectContaining({ version: 3, tipEnabled: true })]));
  expect(await screen.findByRole('checkbox', { name: '付款時提供小費選項' })).toBeChecked();
});
