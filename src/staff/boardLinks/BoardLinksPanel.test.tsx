/** The board links' panel against stand-ins of GET/POST/DELETE /staff/board-links: create (the link shown once), list, revoke, refusals, in three languages. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BoardLinkJson } from '../../shared/protocol/staffBoard';
import { renderStaff, testApi } from '../test/render';
import { BASE_ID, server, useStandIns } from '../test/standIns';
import { BoardLinksPanel } from './BoardLinksSection';

useStandIns();
jest.setTimeout(20_000);

const link = (l: Partial<BoardLinkJson> = {}): BoardLinkJson => ({
  linkId: 'BRD1',
  baseId: BASE_ID,
  name: 'Counter TV',
  readyMinutes: 15,
  createdBy: 'Manager Wong',
  createdAt: '2026-11-28T03:00:00Z',
  revokedAt: '',
  ...l,
});

function standIn(links: BoardLinkJson[], opts: { refuse?: number } = {}) {
  const posted: unknown[] = [];
  const revoked: string[] = [];
  server.use(
    http.get('*/staff/board-links', ({ request }) =>
      opts.refuse
        ? HttpResponse.json({ error: 'forbidden' }, { status: opts.refuse })
        : new URL(request.url).searchParams.get('baseId') === BASE_ID
          ? HttpResponse.json({ links })
          : HttpResponse.json({ error: 'other outlet' }, { status: 403 }),
    ),
    http.post('*/staff/board-links', async ({ request }) => {
      const body = (await request.json()) as { baseId: string; name: string; readyMinutes: number };
      posted.push(body);
      if (opts.refuse) return HttpResponse.json({ error: 'forbidden' }, { status: opts.refuse });
      const made = link({ linkId: `BRD${links.length + 1}`, name: body.name, readyMinutes: body.readyMinutes, createdAt: '2026-11-28T04:00:00Z' });
      links.unshift(made);
      return HttpResponse.json({ link: made, token: 'tok-123', path: '/staff/board.html#tok-123' });
    }),
    http.delete('*/staff/board-links/:id', ({ params }) => {
      revoked.push(String(params.id));
      const i = links.findIndex((l) => l.linkId === params.id);
      links[i] = { ...links[i]!, revokedAt: '2026-11-28T05:00:00Z' };
      return HttpResponse.json({ link: links[i] });
    }),
  );
  return { posted, revoked };
}

test('the outlet’s links, in use and revoked; a new link is shown once to copy, and listed', async () => {
  const { posted } = standIn([link(), link({ linkId: 'BRD0', name: '', revokedAt: '2026-11-27T10:00:00Z' })]);
  renderStaff(<BoardLinksPanel api={testApi()} baseId={BASE_ID} />);
  const tv = await screen.findByRole('listitem', { name: 'Counter TV' });
  expect(tv).toHaveTextContent('In use');
  expect(tv).toHaveTextContent('by Manager Wong');
  expect(tv).toHaveTextContent('Ready numbers stay 15 minutes');
  const old = screen.getByRole('listitem', { name: 'Unnamed board' });
  expect(old).toHaveTextContent(/Revoked/);
  // A revoked link has nothing left to revoke.
  expect(within(old).queryByRole('button')).toBeNull();

  await userEvent.type(screen.getByLabelText('Name (where the TV is)'), 'Pickup window');
  const minutes = screen.getByLabelText('Minutes a ready number stays on the board');
  await userEvent.clear(minutes);
  await userEvent.type(minutes, '20');
  await userEvent.click(screen.getByRole('button', { name: 'Create the link' }));
  expect(await screen.findByRole('heading', { name: 'The new board link: Pickup window' })).toBeInTheDocument();
  expect(screen.getByLabelText('Board link')).toHaveValue('http://localhost/staff/board.html#tok-123');
  expect(posted).toEqual([{ baseId: BASE_ID, name: 'Pickup window', readyMinutes: 20 }]);
  expect(await screen.findByRole('listitem', { name: 'Pickup window' })).toHaveTextContent('Ready numbers stay 20 minutes');
});

test('revoking asks first, then the link shows revoked', async () => {
  const { revoked } = standIn([link()]);
  renderStaff(<BoardLinksPanel api={testApi()} baseId={BASE_ID} />);
  const tv = await screen.findByRole('listitem', { name: 'Counter TV' });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  await userEvent.click(within(tv).getByRole('button', { name: 'Revoke Counter TV' }));
  expect(revoked).toEqual([]);
  await userEvent.click(within(tv).getByRole('button', { name: 'Revoke Counter TV' }));
  expect(confirm).toHaveBeenLastCalledWith('Revoke the board link Counter TV? Its board stops showing numbers at once.');
  expect(await within(screen.getByRole('listitem', { name: 'Counter TV' })).findByText(/Revoked/)).toBeInTheDocument();
  expect(revoked).toEqual(['BRD1']);
  confirm.mockRestore();
});

test('bad minutes are refused on the screen, nothing sent', async () => {
  const { posted } = standIn([]);
  renderStaff(<BoardLinksPanel api={testApi()} baseId={BASE_ID} />);
  expect(await screen.findByText('No board link yet.')).toBeInTheDocument();
  const minutes = screen.getByLabelText('Minutes a ready number stays on the board');
  for (const bad of ['0', '241', '1.5']) {
    await userEvent.clear(minutes);
    await userEvent.type(minutes, bad);
    await userEvent.click(screen.getByRole('button', { name: 'Create the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The minutes are a whole number from 1 to 240.');
  }
  expect(posted).toEqual([]);
});

test('a kitchen or cashier account: the service refuses (403) and the screen says who may', async () => {
  standIn([], { refuse: 403 });
  renderStaff(<BoardLinksPanel api={testApi()} baseId={BASE_ID} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Only a manager of this outlet or the owner may manage board links.');
});

test('in Traditional and Simplified Chinese', async () => {
  standIn([link()]);
  const { unmount } = renderStaff(<BoardLinksPanel api={testApi('zh-TW')} baseId={BASE_ID} />, { locale: 'zh-TW' });
  expect(await screen.findByRole('heading', { name: '取餐屏連結' })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: '撤銷 Counter TV' })).toBeInTheDocument();
  unmount();
  renderStaff(<BoardLinksPanel api={testApi('zh-CN')} baseId={BASE_ID} />, { locale: 'zh-CN' });
  expect(await screen.findByRole('heading', { name: '取餐屏链接' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '建立链接' })).toBeInTheDocument();
});
