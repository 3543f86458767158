/** The counter's member lookup against the staff API's stand-in. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStaff, testApi } from '../test/render';
import { member, scenario, seen, useStandIns } from '../test/standIns';
import { MemberLookup } from './MemberLookup';

useStandIns();
jest.setTimeout(20_000);

async function lookUp(code: string) {
  const field = screen.getByRole('textbox', { name: 'Member code' });
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
}

test('a member code shows the member: name, number, balance at two decimals, points', async () => {
  scenario.members['8530000001-123456'] = member({
    VipName: 'Chan Tai Man',
    VipCode: '8530000001',
    Balance: '1234.5',
    Score: '320',
  });
  renderStaff(<MemberLookup api={testApi()} locale="en" />);
  expect(screen.getByRole('button', { name: 'Look up' })).toBeDisabled();
  await lookUp(' 8530000001-123456 ');

  expect(await screen.findByText('Chan Tai Man')).toBeInTheDocument();
  expect(screen.getByText('8530000001')).toBeInTheDocument();
  expect(screen.getByText('1,234.50')).toBeInTheDocument();
  expect(screen.getByText('320')).toBeInTheDocument();
  expect(seen.map((r) => r.path)).toEqual(['/staff/members/by-code/8530000001-123456']);
});

test("a member without a name is shown by the masked phone, in the screen's language", async () => {
  scenario.members['C1'] = member({ VipName: '', Phone: '66****56' });
  renderStaff(<MemberLookup api={testApi('zh-CN')} locale="zh-CN" />, { locale: 'zh-CN' });
  await userEvent.type(screen.getByRole('textbox', { name: '会员码' }), 'C1');
  await userEvent.click(screen.getByRole('button', { name: '查询' }));
  expect(await screen.findByText('会员 66****56')).toBeInTheDocument();
  expect(seen[0]?.language).toBe('zh-CN');
});

test('an unknown or stale code says codes change every minute; any other failure says to try again', async () => {
  renderStaff(<MemberLookup api={testApi()} locale="en" />);
  await lookUp('8530000001-000000');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'No member has this code. Codes change every minute: ask for the current one.',
  );

  scenario.refuse.member = 500;
  await lookUp('8530000001-000000');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The member could not be looked up. Try again.',
  );
  expect(screen.queryByText('Balance')).toBeNull();
});
