/** The staff accounts' panel against stand-ins of the accounts' routes (an owner's screen, a manager's, a refused one). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StaffAccount } from '../../shared/protocol/staffAccounts';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, server, useStandIns } from '../test/standIns';
import { AccountsPanel } from './AccountsSection';

useStandIns();
jest.setTimeout(20_000);

const account = (a: Partial<StaffAccount> = {}): StaffAccount => ({
  accountId: 'STF2',
  entId: 'E1',
  login: 'kitchen',
  displayName: 'Kitchen tablet',
  role: 'kitchen',
  outlets: [BASE_ID],
  hasPin: true,
  disabled: false,
  version: 1,
  createdAt: '',
  updatedAt: '',
  ...a,
});
const OWNER = account({ accountId: 'STF1', login: 'owner', displayName: 'Owner Chan', role: 'owner', outlets: [] });

function standIn(me: StaffAccount, accounts: StaffAccount[], opts: { listStatus?: number; patchConflict?: boolean } = {}) {
  const writes: { path: string; body: unknown }[] = [];
  server.use(
    http.get('*/staff/me', () => HttpResponse.json({ kind: 'account', account: me })),
    http.get('*/staff/accounts', () => (opts.listStatus ? HttpResponse.json({ error: 'forbidden' }, { status: opts.listStatus }) : HttpResponse.json({ accounts }))),
    http.patch('*/staff/accounts/:id', async ({ request, params }) => {
      const body = (await request.json()) as { version: number; disabled?: boolean };
      writes.push({ path: `PATCH ${String(params.id)}`, body });
      const a = accounts.find((x) => x.accountId === params.id)!;
      if (opts.patchConflict) {
        a.version += 1;
        a.displayName = 'Kitchen tablet 2';
        return HttpResponse.json({ error: 'Someone changed this account meanwhile. Read it again and retry.' }, { status: 409 });
      }
      Object.assign(a, { disabled: body.disabled ?? a.disabled, version: a.version + 1 });
      return HttpResponse.json({ account: a });
    }),
    http.post('*/staff/accounts/:id/pin', async ({ request, params }) => {
      writes.push({ path: `PIN ${String(params.id)}`, body: await request.json() });
      return HttpResponse.json({ account: accounts.find((x) => x.accountId === params.id) });
    }),
    http.post('*/staff/accounts', async ({ request }) => {
      const body = (await request.json()) as StaffAccount & { password: string };
      writes.push({ path: 'POST', body });
      const created = account({ accountId: 'STF9', login: body.login, displayName: body.displayName, role: body.role, outlets: body.outlets, hasPin: false });
      accounts.push(created);
      return HttpResponse.json({ account: created });
    }),
    http.get('*/staff/audit', () =>
      HttpResponse.json({ entries: [{ id: 7, at: '2026-11-28T04:00:00.000Z', actor: 'STF1', actorName: 'Owner Chan', baseId: null, action: 'printer.add', target: 'P1', before: null, after: {} }] }),
    ),
  );
  return writes;
}

test("the owner's screen: every account with its role and outlets, the audit, and a disable that the service records", async () => {
  const accounts = [OWNER, account()];
  const writes = standIn(OWNER, accounts);
  const user = userEvent.setup();
  renderStaff(<AccountsPanel api={testApi()} locale="en" />);
  const kitchen = await screen.findByRole('listitem', { name: 'Kitchen tablet' });
  expect(within(kitchen).getByText(/^Kitchen · San Ma Lo/)).toBeInTheDocument();
  expect(within(screen.getByRole('listitem', { name: 'Owner Chan' })).getByText(/Owner · Every outlet/)).toBeInTheDocument();
  expect(await screen.findByRole('cell', { name: 'printer.add' })).toBeInTheDocument();

  await user.click(within(kitchen).getByRole('button', { name: 'Disable Kitchen tablet' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  expect(within(screen.getByRole('listitem', { name: 'Kitchen tablet' })).getByText(/Disabled/)).toBeInTheDocument();
  expect(writes).toEqual([{ path: 'PATCH STF2', body: { version: 1, disabled: true } }]);
});

test('a change made meanwhile by someone else is refused and the account is shown as it is now', async () => {
  standIn(OWNER, [OWNER, account()], { patchConflict: true });
  const user = userEvent.setup();
  renderStaff(<AccountsPanel api={testApi()} locale="en" />);
  await user.click(await screen.findByRole('button', { name: 'Disable Kitchen tablet' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Not saved: Someone changed this account meanwhile. Read it again and retry.');
  expect(screen.getByRole('listitem', { name: 'Kitchen tablet 2' })).toBeInTheDocument();
});

test('a PIN and a new account are checked here before they are sent', async () => {
  const writes = standIn(OWNER, [OWNER, account()]);
  const user = userEvent.setup();
  renderStaff(<AccountsPanel api={testApi()} locale="en" />);
  const kitchen = await screen.findByRole('listitem', { name: 'Kitchen tablet' });
  const pin = within(kitchen).getByLabelText('New PIN for Kitchen tablet');
  await user.type(pin, '12');
  await user.click(within(pin.closest('form')!).getByRole('button', { name: 'Save' }));
  expect(within(kitchen).getByRole('alert')).toHaveTextContent('A PIN is 4 to 6 digits.');
  await user.type(pin, '34');
  await user.click(within(pin.closest('form')!).getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Saved.');

  const form = screen.getByRole('form', { name: 'Add an account' });
  await user.type(within(form).getByRole('textbox', { name: 'Login name' }), 'wok1');
  await user.type(within(form).getByRole('textbox', { name: 'Name shown' }), 'Wok cook');
  await user.type(within(form).getByLabelText('Password (at least 10 characters)'), 'wok-cook-2026');
  await user.click(within(form).getByRole('button', { name: 'Add the account' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one outlet for this role.');
  await user.click(within(form).getByRole('checkbox', { name: 'San Ma Lo' }));
  await user.click(within(form).getByRole('button', { name: 'Add the account' }));
  expect(await screen.findByRole('listitem', { name: 'Wok cook' })).toBeInTheDocument();
  expect(writes).toEqual([
    { path: 'PIN STF2', body: { pin: '1234' } },
    { path: 'POST', body: { login: 'wok1', displayName: 'Wok cook', role: 'kitchen', outlets: [BASE_ID], password: 'wok-cook-2026' } },
  ]);
});

test("a manager sees the accounts without the owner's tools; a kitchen account is told it may not", async () => {
  const manager = account({ accountId: 'STF3', login: 'manager', displayName: 'Manager Lee', role: 'manager' });
  standIn(manager, [manager, account()]);
  const { unmount } = renderStaff(<AccountsPanel api={testApi()} locale="en" />);
  expect(await screen.findByRole('listitem', { name: 'Kitchen tablet' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
  expect(screen.queryByRole('form', { name: 'Add an account' })).toBeNull();
  unmount();

  standIn(account(), [], { listStatus: 403 });
  renderStaff(<AccountsPanel api={testApi()} locale="en" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner or a manager may see the staff accounts.');
});
