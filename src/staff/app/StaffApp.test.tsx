/**
 * The staff program as a whole against the stand-in: the sign-in place, the
 * outlet, the sections by the router (each loaded when shown, the kitchen
 * kept behind the others), the language, signing out.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStaff } from '../test/render';
import { ACCOUNT, goods, member, scenario, sheet, TOKEN, useStandIns } from '../test/standIns';
import { StaffApp } from './StaffApp';

useStandIns();
jest.setTimeout(30_000);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  window.location.hash = '';
});

async function signIn(password = ACCOUNT.password) {
  await userEvent.type(await screen.findByLabelText('Login name'), ACCOUNT.login);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('a wrong password is refused at the sign-in; the right one asks for the outlet and opens the kitchen', async () => {
  scenario.sheets = [sheet({ sheetId: 'S0101' })];
  renderStaff(<StaffApp locale="en" />);
  expect(screen.queryByRole('navigation')).toBeNull();

  await signIn('wrong');
  expect(await screen.findByRole('alert')).toHaveTextContent('The login name or the password is wrong.');
  await userEvent.clear(screen.getByLabelText('Login name'));
  await userEvent.clear(screen.getByLabelText('Password'));
  await signIn();
  await userEvent.click(await screen.findByRole('button', { name: 'San Ma Lo' }));

  expect(await screen.findByRole('article', { name: /^Order 0101/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'Kitchen and counter · San Ma Lo',
  );
  expect(screen.getByRole('button', { name: 'Orders' })).toHaveAttribute('aria-pressed', 'true');
  // The session outlives a reload of the tab, not the tab.
  // A person's session: no token in the page (the HttpOnly cookie carries it).
  expect(JSON.parse(sessionStorage.getItem('staffSession') ?? 'null')).toMatchObject({
    token: '',
    outlet: { baseId: 'B1' },
  });
});

test('the sections by the router: each opens on its path, the kitchen stays behind them, the browser goes back', async () => {
  scenario.sheets = [sheet({ sheetId: 'S0102' })];
  scenario.goods = [goods({ nameEn: 'Milk tea' })];
  scenario.members['C9'] = member({ VipName: 'Wong' });
  sessionStorage.setItem(
    'staffSession',
    JSON.stringify({ token: TOKEN, outlet: scenario.outlets[0] }),
  );
  window.location.hash = '#/sold-out';
  renderStaff(<StaffApp locale="en" />);

  expect(await screen.findByRole('checkbox', { name: 'Sold out: Milk tea' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Sold out$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(screen.queryByRole('article')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Orders' }));
  expect(window.location.hash).toBe('#/kitchen');
  expect(await screen.findByRole('article', { name: /^Order 0102/ })).toBeVisible();

  await userEvent.click(screen.getByRole('button', { name: 'Member' }));
  expect(window.location.hash).toBe('#/member');
  expect(await screen.findByRole('textbox', { name: 'Member code' })).toBeVisible();
  // The board is kept (its stream and sound go on), hidden.
  expect(screen.getByRole('article', { hidden: true, name: /^Order 0102/ })).not.toBeVisible();
  expect(screen.queryByRole('checkbox', { name: 'Sold out: Milk tea' })).toBeNull();

  window.history.back();
  await waitFor(() => expect(window.location.hash).toBe('#/kitchen'));
  await waitFor(() => expect(screen.getByRole('article', { name: /^Order 0102/ })).toBeVisible());
});

test('the language changes every word and is remembered; signing out returns to the sign-in', async () => {
  sessionStorage.setItem(
    'staffSession',
    JSON.stringify({ token: TOKEN, outlet: scenario.outlets[0] }),
  );
  renderStaff(<StaffApp locale="en" />);

  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'zh-TW');
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
    '廚房與櫃台 · 新馬路店',
  );
  expect(screen.getByRole('button', { name: '訂單' })).toBeInTheDocument();
  expect(localStorage.getItem('staffLanguage')).toBe('zh-TW');
  expect(document.documentElement.lang).toBe('zh-TW');

  await userEvent.click(screen.getByRole('button', { name: '退出' }));
  expect(await screen.findByLabelText('登入名稱')).toBeInTheDocument();
  expect(sessionStorage.getItem('staffSession')).toBeNull();
});

test('a screen set to traditional Chinese before opens in it (its messages a chunk of their own), the English never shown', async () => {
  localStorage.setItem('staffLanguage', 'zh-TW');
  renderStaff(<StaffApp />);
  expect(screen.queryByRole('heading', { name: 'Kitchen and counter' })).toBeNull();
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('廚房與櫃台');
  expect(screen.getByLabelText('登入名稱')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('zh-TW');
});

test("the tabs are the signed-in role's: the kitchen sees no back office, the counter no staff accounts (issue 27)", async () => {
  scenario.sheets = [sheet({ sheetId: 'S0103' })];
  // The stand-in's account is the kitchen's.
  window.location.hash = '#/menu';
  renderStaff(<StaffApp locale="en" />);
  await signIn();
  await userEvent.click(await screen.findByRole('button', { name: 'San Ma Lo' }));
  const tabs = await screen.findByRole('navigation', { name: 'Sections' });
  await waitFor(() => expect([...tabs.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Orders', 'Sold out', 'Printers']));
  // A path to a section the role cannot use opens the orders instead.
  expect(await screen.findByRole('article', { name: /^Order 0103/ })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Orders' })).toHaveAttribute('aria-pressed', 'true');
  expect(JSON.parse(sessionStorage.getItem('staffSession') ?? 'null')).toMatchObject({ token: '', role: 'kitchen' });
});

test('a cashier has the counter (orders, member) but no staff accounts, sold-out marks or back office; a manager has them (issue 27)', async () => {
  const tabsAs = async (role: string) => {
    sessionStorage.setItem('staffSession', JSON.stringify({ token: '', role, outlet: scenario.outlets[0] }));
    const view = renderStaff(<StaffApp locale="en" />);
    const tabs = await screen.findByRole('navigation', { name: 'Sections' });
    const names = [...tabs.querySelectorAll('button')].map((b) => b.textContent);
    view.unmount();
    return names;
  };
  expect(await tabsAs('cashier')).toEqual(['Orders', 'Member', 'Printers']);
  expect(await tabsAs('manager')).toEqual(['Orders', 'Sold out', 'Member', 'Menu', 'Outlets', 'Printers', 'Ready board', 'Staff', 'Loyalty', 'Reports']);
  // A person's session kept without a role (from before roles were kept) is signed in again.
  sessionStorage.setItem('staffSession', JSON.stringify({ token: '', outlet: scenario.outlets[0] }));
  renderStaff(<StaffApp locale="en" />);
  expect(await screen.findByLabelText('Login name')).toBeInTheDocument();
});
