/**
 * vipBalance (SPEC section 2, my account; pull to refresh): the member's
 * balance, a Top up button and the way to the records. A top-up the customer
 * left the app for and has not seen the end of is offered here again. Guests
 * get the login prompt of SPEC section 5.
 */
import { FormattedMessage } from 'react-intl';
import { Link } from '../../ui/links';
import { pathOf, routeTitles } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh';
import { useIsMember, useMemberProfile, SignInPrompt } from '../../session';
import { inflightRecharge, rechargeResultPath } from './inflightRecharge';

const messages = defineMessages({
  balance: { id: 'wallet.balance.label', defaultMessage: 'Balance' },
  topUp: { id: 'wallet.balance.topUp', defaultMessage: 'Top up' },
  loading: { id: 'wallet.balance.loading', defaultMessage: 'Loading your balance…' },
  failed: { id: 'wallet.balance.failed', defaultMessage: 'Your balance could not be loaded.' },
  retry: { id: 'wallet.balance.retry', defaultMessage: 'Try again' },
  inflight: { id: 'wallet.balance.inflight', defaultMessage: 'A top-up of {amount} is waiting to be confirmed.' },
  inflightLink: { id: 'wallet.balance.inflightLink', defaultMessage: 'See the top-up' },
});

export default function VipBalancePage() {
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="wallet">
        <SignInPrompt back={pathOf('vipBalance')} />
      </section>
    );
  }
  return <Balance />;
}

function Balance() {
  const money = useMoney();
  const profile = useMemberProfile({ refetchOnMountOrArgChange: true });
  const pending = inflightRecharge();
  const handleRefresh = () => void profile.refetch();
  return (
    <PullToRefresh onRefresh={handleRefresh}>
      <section className="wallet">
        <div className="list-tools">
          <RefreshButton onRefresh={handleRefresh} refreshing={profile.isFetching && !profile.isLoading} />
        </div>
        {pending && (
          <p className="notice" role="status">
            <FormattedMessage {...messages.inflight} values={{ amount: money.amount(pending.amount || '0') }} />{' '}
            <Link to={rechargeResultPath(pending.SheetID)}>
              <FormattedMessage {...messages.inflightLink} />
            </Link>
          </p>
        )}
        <div className="wallet-card">
          <h2>
            <FormattedMessage {...messages.balance} />
          </h2>
          {profile.isLoading && (
            <p role="status" className="muted">
              <FormattedMessage {...messages.loading} />
            </p>
          )}
          {profile.isError && !profile.data && (
            <>
              <p role="alert">
                <FormattedMessage {...messages.failed} />
              </p>
              <button type="button" className="btn" onClick={handleRefresh}>
                <FormattedMessage {...messages.retry} />
              </button>
            </>
          )}
          {profile.data && (
            <p className="wallet-amount" aria-live="polite">
              {money.amount(profile.data.Balance)}
            </p>
          )}
        </div>
        <Link className="btn btn-primary btn-block" to={pathOf('vipBalanceRecharge')}>
          <FormattedMessage {...messages.topUp} />
        </Link>
        <ul className="link-list">
          <li>
            <Link to={pathOf('vipBalanceRecordList')}>
              {/* The page's own title: one name for the link and the page it opens (issue 23). */}
              <FormattedMessage {...routeTitles.vipBalanceRecordList} />
            </Link>
          </li>
          <li>
            <Link to={pathOf('vipScoreRecordList')}>
              <FormattedMessage {...routeTitles.vipScoreRecordList} />
            </Link>
          </li>
        </ul>
      </section>
    </PullToRefresh>
  );
}
