/** The printers' panel against stand-ins of GET/POST/DELETE /staff/printers and GET /staff/stations. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PrinterJson } from '../../shared/protocol/staffPrinters';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, server, useStandIns } from '../test/standIns';
import { PrintersPanel } from './PrintersSection';

useStandIns();
jest.setTimeout(20_000);

const printer = (p: Partial<PrinterJson> = {}): PrinterJson => ({
  printerId: 'P1',
  baseId: BASE_ID,
  name: 'Wok printer',
  host: '127.0.0.1',
  port: 9100,
  allStations: false,
  stations: [{ stationId: 'ST1', name: 'Wok' }],
  encoding: 'big5',
  width: 80,
  language: 'zh-TW',
  cut: true,
  state: 'online',
  waiting: 0,
  lastError: '',
  lastPrintedAt: null,
  ...p,
});

function standIn(printers: PrinterJson[], opts: { refuseAdd?: number } = {}) {
  const posted: unknown[] = [];
  const deleted: string[] = [];
  server.use(
    http.get('*/staff/printers', ({ request }) =>
      new URL(request.url).searchParams.get('baseId') === BASE_ID ? HttpResponse.json({ printers }) : HttpResponse.json({ error: 'other outlet' }, { status: 403 }),
    ),
    http.get('*/staff/stations', () =>
      HttpResponse.json({ stations: [{ stationId: 'ST1', name: 'Wok', classIds: [], goodsIds: [] }, { stationId: 'ST2', name: 'Drinks', classIds: [], goodsIds: [] }] }),
    ),
    http.post('*/staff/printers', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      if (opts.refuseAdd) return HttpResponse.json({ error: 'forbidden' }, { status: opts.refuseAdd });
      printers.push(printer({ printerId: 'P2', name: String(body.name), stations: [{ stationId: 'ST2', name: 'Drinks' }], state: 'unknown' }));
      return HttpResponse.json({ printer: printers[printers.length - 1] });
    }),
    http.delete('*/staff/printers/:id', ({ params }) => {
      deleted.push(String(params.id));
      printers.splice(printers.findIndex((p) => p.printerId === params.id), 1);
      return HttpResponse.json({ printerId: params.id, deleted: true, dropped: 2 });
    }),
  );
  return { posted, deleted };
}

test("each printer with its state, its waiting tickets and, offline, its last error", async () => {
  standIn([printer(), printer({ printerId: 'P9', name: 'Bar printer', state: 'offline', waiting: 3, lastError: 'connect ECONNREFUSED', allStations: true })]);
  renderStaff(<PrintersPanel api={testApi()} baseId={BASE_ID} />);
  const wok = await screen.findByRole('listitem', { name: 'Wok printer' });
  expect(within(wok).getByText('Online')).toBeInTheDocument();
  expect(within(wok).getByText('No tickets waiting')).toBeInTheDocument();
  expect(within(wok).getByText('Wok')).toBeInTheDocument();
  const bar = screen.getByRole('listitem', { name: 'Bar printer' });
  expect(within(bar).getByText('Offline')).toBeInTheDocument();
  expect(within(bar).getByText('3 tickets waiting')).toBeInTheDocument();
  expect(within(bar).getByText('Every station')).toBeInTheDocument();
  expect(within(bar).getByText('Last error: connect ECONNREFUSED')).toBeInTheDocument();
});

test('adding a printer: checked here first, then sent with its stations, encoding and paper', async () => {
  const { posted } = standIn([printer()]);
  const user = userEvent.setup();
  renderStaff(<PrintersPanel api={testApi()} baseId={BASE_ID} />);
  await screen.findByRole('listitem', { name: 'Wok printer' });
  const form = screen.getByRole('form', { name: 'Add a printer' });
  await user.click(within(form).getByRole('button', { name: 'Add the printer' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Give the printer a name and its address.');
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Drinks printer');
  await user.type(within(form).getByRole('textbox', { name: 'Host or IP address' }), '192.168.1.51');
  await user.click(within(form).getByRole('button', { name: 'Add the printer' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Choose the stations it prints, or every station.');
  await user.click(within(form).getByRole('checkbox', { name: 'Drinks' }));
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Paper width' }), '58 mm');
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Characters' }), 'Simplified Chinese (GB18030)');
  await user.click(within(form).getByRole('button', { name: 'Add the printer' }));
  expect(await screen.findByRole('listitem', { name: 'Drinks printer' })).toBeInTheDocument();
  expect(posted).toEqual([
    { baseId: BASE_ID, name: 'Drinks printer', host: '192.168.1.51', port: 9100, stations: ['ST2'], encoding: 'gb18030', width: 58, language: 'zh-TW', cut: true },
  ]);
});

test("a kitchen account's add is refused by the service, and the form says who may", async () => {
  standIn([], { refuseAdd: 403 });
  const user = userEvent.setup();
  renderStaff(<PrintersPanel api={testApi()} baseId={BASE_ID} />);
  expect(await screen.findByText('No printer yet: kitchen tickets are not printed at this outlet.')).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Add a printer' });
  await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Wok');
  await user.type(within(form).getByRole('textbox', { name: 'Host or IP address' }), '10.0.0.9');
  await user.click(within(form).getByRole('checkbox', { name: 'Every station' }));
  await user.click(within(form).getByRole('button', { name: 'Add the printer' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Only a manager or the owner may add or remove printers.');
});

test('removing asks first; confirmed, the printer goes', async () => {
  const { deleted } = standIn([printer()]);
  const user = userEvent.setup();
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  renderStaff(<PrintersPanel api={testApi()} baseId={BASE_ID} />);
  await user.click(await screen.findByRole('button', { name: 'Remove Wok printer' }));
  expect(deleted).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Remove Wok printer' }));
  expect(await screen.findByText('No printer yet: kitchen tickets are not printed at this outlet.')).toBeInTheDocument();
  expect(deleted).toEqual(['P1']);
  expect(confirm).toHaveBeenCalledWith('Remove the printer Wok printer? Tickets waiting for it are dropped.');
  confirm.mockRestore();
});
