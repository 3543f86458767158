/**
 * The wallet pages through the UI with a real store and one gateway stand-in:
 * each page's loading, empty, error and full states; guests get the login
 * prompt; the top-up's confirmation and the provider's page; the top-up's
 * result polled with back-off, also after a reload or a visit to the wallet.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, makeNetworkFail, refusal, resetGateway, seen, server, type StandIn, type StandInRow } from '../../test/gateway';
import { guest, member, shopState } from '../../test/orderFixtures';
import { renderWithProviders } from '../../test/render';
import { browser } from '../../ui/redirect';
import BalanceRecordListPage from './BalanceRecordListPage';
import { INFLIGHT_RECHARGE_KEY, rememberInflightRecharge } from './inflightRecharge';
import RechargePage from './RechargePage';
import RechargeResultPage, { rechargePollDelay } from './RechargeResultPage';
import ScoreRecordListPage from './ScoreRecordListPage';
import VipBalancePage from './VipBalancePage';

jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  window.localStorage.clear();
  resetGateway();
});
afterAll(() => server.close());

const signedIn = { shop: shopState(), auth: { member, status: 'signedIn' as const } };
const asGuest = { shop: shopState(), auth: { member: guest, status: 'signedIn' as const } };

const profile = (Balance = '500.0000', Score = '1200.0000'): StandIn<'EntVip_EntVipDetailGet_V1_Get'> => ({
  table1: [{ VipID: 'VIP1', VipName: 'Chan Tai Man', Sex: 2, HeadImg: '', Phone: '66123456', AreaNo: '853', Birthy: '', VipCode: '1', Balance, Score, CouponCount: 3, IsGuest: 0 }],
});

const accountItem = (i: number, over: Partial<StandInRow<'VipRecharge_EntVipAccountItemsListByPage_V2_Get'>> = {}): StandInRow<'VipRecharge_EntVipAccountItemsListByPage_V2_Get'> => ({
  ItemID: String(i),
  Kind: 'pay',
  Amo: '-10.0000',
  Balance: `${500 - i * 10}.0000`,
  Remark: 'Order payment',
  SheetID: `SH${i}`,
  CreatedDate: '2026-11-22T04:05:00Z',
  ...over,
});

describe('vipBalance', () => {
  test('loading, then the balance with Top up and the records', async () => {
    answer('EntVip_EntVipDetailGet_V1_Get', profile());
    renderWithProviders(<VipBalancePage />, { preloadedState: signedIn });
    expect(await screen.findByText('Loading your balance…')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('MOP$500.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/pages/vipBalanceRecharge/vipBalanceRecharge');
    expect(screen.getByRole('link', { name: 'Balance history' })).toHaveAttribute('href', '/pages/vipBalanceRecordList/vipBalanceRecordList');
  });

  test('an error offers to try again; refresh asks again', async () => {
    makeNetworkFail('EntVip_EntVipDetailGet_V1_Get');
    const user = userEvent.setup();
    renderWithProviders(<VipBalancePage />, { preloadedState: signedIn });
    expect(await screen.findByText('Your balance could not be loaded.')).toBeInTheDocument();
    answer('EntVip_EntVipDetailGet_V1_Get', profile('12.5000'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('MOP$12.50')).toBeInTheDocument();
  });

  test('a top-up left unfinished is offered again', async () => {
    answer('EntVip_EntVipDetailGet_V1_Get', profile());
    rememberInflightRecharge({ SheetID: 'R1', amount: '100.0000' });
    renderWithProviders(<VipBalancePage />, { preloadedState: signedIn });
    expect(await screen.findByText(/A top-up of MOP\$100\.00 is waiting to be confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the top-up' })).toHaveAttribute('href', '/pages/rechargeResult/rechargeResult?SheetID=R1');
  });

  test('a guest gets the login prompt', async () => {
    renderWithProviders(<VipBalancePage />, { preloadedState: asGuest });
    expect(await screen.findByRole('alert')).toHaveTextContent('Operation not allowed without logging-in.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/pages/loginByCode/loginByCode?redirect=/pages/vipBalance/vipBalance');
    expect(seen).toEqual([]);
  });
});

describe('vipBalanceRecordList', () => {
  test('full: what each record was, signed amounts, the balance after, the time in the shop\'s zone, paged to "No more datas"', async () => {
    answer('VipRecharge_EntVipAccountItemsListByPage_V2_Get', (req) => {
      const page = Number(req.json.tableData[0]!.PageIndex);
      if (page === 1) {
        return {
          table1: [
            accountItem(1, { Kind: 'recharge', Amo: '100.0000', Balance: '610.0000', SheetID: 'R1' }),
            accountItem(2, { Kind: 'gift', Amo: '10.0000', Balance: '510.0000' }),
            accountItem(3, { Kind: 'refund', Amo: '25.5000', Balance: '500.0000' }),
            ...Array.from({ length: 17 }, (_, i) => accountItem(i + 4)),
          ],
          table2: [{ TotalCount: 21 }],
        };
      }
      return { table1: [accountItem(21, { Kind: 'adjust', Amo: '300.0000', Balance: '300.0000', SheetID: '' })], table2: [{ TotalCount: 21 }] };
    });
    const user = userEvent.setup();
    renderWithProviders(<BalanceRecordListPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Loading the records…')).toHaveAttribute('role', 'status');
    const list = await screen.findByRole('list', { name: 'Balance records' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Top-up');
    expect(first).toHaveTextContent('+MOP$100.00');
    expect(first).toHaveTextContent('Balance MOP$610.00');
    // 04:05 UTC is 12:05 in Macau.
    expect(first).toHaveTextContent('12:05');
    expect(within(list).getAllByRole('listitem')[3]).toHaveTextContent('-MOP$10.00');
    expect(within(list).getAllByRole('listitem')[3]).toHaveTextContent('Order payment');
    expect(screen.getByText('Refund')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No more datas')).toBeInTheDocument();
    expect(screen.getByText('Adjustment')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(21);
  });

  test('empty', async () => {
    answer('VipRecharge_EntVipAccountItemsListByPage_V2_Get', { table1: [], table2: [{ TotalCount: 0 }] });
    renderWithProviders(<BalanceRecordListPage />, { preloadedState: signedIn, locale: 'zh-TW' });
    expect(await screen.findByText('暫無餘額記錄。')).toBeInTheDocument();
  });

  test('error, then try again', async () => {
    makeNetworkFail('VipRecharge_EntVipAccountItemsListByPage_V2_Get');
    const user = userEvent.setup();
    renderWithProviders(<BalanceRecordListPage />, { preloadedState: signedIn });
    expect(await screen.findByText('The records could not be loaded.')).toBeInTheDocument();
    answer('VipRecharge_EntVipAccountItemsListByPage_V2_Get', { table1: [accountItem(1)], table2: [{ TotalCount: 1 }] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No more datas')).toBeInTheDocument();
  });
});

describe('vipScoreRecordList', () => {
  test('full, with the total; empty; error', async () => {
    answer('EntVip_EntVipDetailGet_V1_Get', profile('500.0000', '12.0000'));
    answer('EntVip_EntVipScoreItemsByPage_V1_Get', {
      table1: [
        { ItemID: '2', Score: '-9.0000', Balance: '12.0000', Remark: '', SheetID: 'SH2', CreatedDate: '2026-11-22T04:05:00Z' },
        { ItemID: '1', Score: '21.0000', Balance: '21.0000', Remark: '', SheetID: 'SH1', CreatedDate: '2026-11-21T04:05:00Z' },
      ],
      table2: [{ TotalCount: 2 }],
    });
    const { unmount } = renderWithProviders(<ScoreRecordListPage />, { preloadedState: signedIn });
    expect(await screen.findByText('Loading the records…')).toHaveAttribute('role', 'status');
    const list = await screen.findByRole('list', { name: 'Points records' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Points taken back or used');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('-9 points');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('+21 points');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Points 21');
    expect(await screen.findByText('You have 12 points')).toBeInTheDocument();
    unmount();

    answer('EntVip_EntVipScoreItemsByPage_V1_Get', { table1: [], table2: [{ TotalCount: 0 }] });
    const second = renderWithProviders(<ScoreRecordListPage />, { preloadedState: signedIn, locale: 'zh-CN' });
    expect(await screen.findByText('暂无积分记录。')).toBeInTheDocument();
    second.unmount();

    makeNetworkFail('EntVip_EntVipScoreItemsByPage_V1_Get');
    renderWithProviders(<ScoreRecordListPage />, { preloadedState: signedIn });
    expect(await screen.findByText('The records could not be loaded.')).toBeInTheDocument();
  });

  test('a guest gets the login prompt', async () => {
    renderWithProviders(<ScoreRecordListPage />, { preloadedState: { shop: shopState(), auth: { member: null, status: 'signedOut' as const } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Operation not allowed without logging-in.');
  });
});

describe('vipBalanceRecharge', () => {
  const RULES = {
    table1: [
      { RuleID: 'R100', Amo: '100.0000', GiftAmo: '10.0000', Sort: 1 },
      { RuleID: 'R500', Amo: '500.0000', GiftAmo: '80.0000', Sort: 2 },
    ],
    table2: [{ TotalCount: 2 }],
  };

  test('an offer, the confirmation, then the provider\'s page; the top-up is remembered', async () => {
    answer('VipRecharge_VipRechargeRuleListByPage_Get', RULES);
    answer('VipRecharge_VipAccountRechargeSumbit_V3_Add', { table1: [{ SheetID: 'R9', PayID: 'RCH9', PayUrl: '/sandbox/pay/RCH9', Amo: '500.0000', GiftAmo: '80.0000', Status: 'pending' }] });
    const assign = jest.spyOn(browser, 'leave').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<RechargePage />, { preloadedState: signedIn });
    expect(await screen.findByText('Loading the top-up offers…')).toHaveAttribute('role', 'status');
    await user.click(await screen.findByRole('radio', { name: 'Pay MOP$500.00, get MOP$580.00' }));
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Top up MOP$500.00?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Top up'); // back from the dialog
    expect(assign).toHaveBeenCalledWith('/sandbox/pay/RCH9');
    expect(seen.find((r) => r.op === 'VipRecharge_VipAccountRechargeSumbit_V3_Add')!.json.tableData[0]).toMatchObject({ RuleID: 'R500' });
    expect(JSON.parse(window.localStorage.getItem(INFLIGHT_RECHARGE_KEY)!)).toMatchObject({ SheetID: 'R9', amount: '500.0000' });
  });

  test('another amount: checked here, then the service\'s limits as the field\'s error; cancelling the confirmation sends nothing', async () => {
    answer('VipRecharge_VipRechargeRuleListByPage_Get', RULES);
    answer('VipRecharge_VipAccountRechargeSumbit_V3_Add', refusal('50000', 'Enter a top-up amount from MOP$10.00 to MOP$5,000.00'));
    const user = userEvent.setup();
    renderWithProviders(<RechargePage />, { preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Top up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an offer or enter an amount');
    await user.click(screen.getByRole('radio', { name: 'Another amount' }));
    const field = screen.getByLabelText('Amount to top up');
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount such as 100 or 88.50');
    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(seen.some((r) => r.op === 'VipRecharge_VipAccountRechargeSumbit_V3_Add')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter a top-up amount from MOP$10.00 to MOP$5,000.00')).toHaveAttribute('role', 'alert');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  test('no offers, or offers that fail to load: an amount can still be entered', async () => {
    answer('VipRecharge_VipRechargeRuleListByPage_Get', { table1: [], table2: [{ TotalCount: 0 }] });
    const { unmount } = renderWithProviders(<RechargePage />, { preloadedState: signedIn });
    expect(await screen.findByText('No top-up offers at the moment. Enter an amount.')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount to top up')).toBeInTheDocument();
    unmount();
    makeNetworkFail('VipRecharge_VipRechargeRuleListByPage_Get');
    renderWithProviders(<RechargePage />, { preloadedState: signedIn });
    expect(await screen.findByText('The top-up offers could not be loaded. You can still enter an amount.')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount to top up')).toBeInTheDocument();
  });
});

describe('rechargeResult', () => {
  const ROUTE = '/pages/rechargeResult/rechargeResult?SheetID=R9';
  const statusRow = (Status: string, Balance = '500.0000') => ({
    table1: [{ SheetID: 'R9', PayID: 'RCH9', PayUrl: '', Status, Amo: '100.0000', GiftAmo: '10.0000', Balance, PaidAt: '' }],
  });

  test('the back-off: 1, 2, 4, 8, then every 10 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(rechargePollDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  test('asks with growing pauses until paid, then says so and forgets the remembered top-up', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T04:00:00Z') });
    rememberInflightRecharge({ SheetID: 'R9', amount: '100.0000' });
    let n = 0;
    answer('VipRecharge_VipAccountRechargeStatus_V3_Get', () => {
      n += 1;
      return n < 4 ? statusRow('pending') : statusRow('paid', '610.0000');
    });
    renderWithProviders(<RechargeResultPage />, { route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByText('Waiting for the top-up to be confirmed…')).toBeInTheDocument();
    expect(n).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(999);
    });
    expect(n).toBe(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(n).toBe(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(n).toBe(3);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(4000);
    });
    expect(n).toBe(4);
    expect(await screen.findByText('Top-up of MOP$100.00 received.')).toBeInTheDocument();
    expect(screen.getByText('Your balance is now MOP$610.00.')).toBeInTheDocument();
    expect(screen.getByText('Gift: MOP$10.00')).toBeInTheDocument();
    expect(window.localStorage.getItem(INFLIGHT_RECHARGE_KEY)).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(n).toBe(4);
    expect(screen.getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/pages/vipBalance/vipBalance');
  });

  test('cancelled: nothing charged, top up again; a refusal is shown; time-out offers to check again', async () => {
    answer('VipRecharge_VipAccountRechargeStatus_V3_Get', statusRow('cancelled'));
    const first = renderWithProviders(<RechargeResultPage />, { route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByText('The top-up was cancelled. Nothing was charged.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Top up again' })).toBeInTheDocument();
    first.unmount();

    answer('VipRecharge_VipAccountRechargeStatus_V3_Get', refusal('50000', 'The top-up does not exist'));
    const second = renderWithProviders(<RechargeResultPage />, { route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByText('The top-up does not exist')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Back to my account' })).toBeInTheDocument();
    second.unmount();

    jest.useFakeTimers({ now: new Date('2026-11-22T04:00:00Z') });
    answer('VipRecharge_VipAccountRechargeStatus_V3_Get', statusRow('pending'));
    renderWithProviders(<RechargeResultPage />, { route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByText('Waiting for the top-up to be confirmed…')).toBeInTheDocument();
    for (let i = 0; i < 20; i++) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
    }
    expect(screen.getByText('The top-up has not been confirmed yet. If you have paid, check again in a moment.')).toBeInTheDocument();
    const asked = seen.filter((r) => r.op === 'VipRecharge_VipAccountRechargeStatus_V3_Get').length;
    answer('VipRecharge_VipAccountRechargeStatus_V3_Get', statusRow('paid', '610.0000'));
    await act(async () => {
      screen.getByRole('button', { name: 'Check again' }).click();
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(await screen.findByText('Top-up of MOP$100.00 received.')).toBeInTheDocument();
    expect(seen.filter((r) => r.op === 'VipRecharge_VipAccountRechargeStatus_V3_Get').length).toBe(asked + 1);
  });
});
