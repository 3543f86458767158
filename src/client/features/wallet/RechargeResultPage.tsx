/**
 * rechargeResult (SPEC section 2, top-up being queried): where the payment
 * provider sends the customer back (`?SheetID=…`). It asks the service
 * (VipRecharge_VipAccountRechargeStatus_V3_Get) with growing pauses (1, 2, 4,
 * 8 then every 10 s) until the top-up is paid, failed or cancelled, or 2
 * minutes have passed (then it offers to check again); the way back to the
 * wallet is always there. Everything comes from the address, so a reload, or
 * coming back from the wallet (which remembers the top-up), shows the right
 * result. The service credits a top-up once however often it is asked.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/links';
import { isGatewayError } from '../../app/errorListener';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { useIsMember, SignInPrompt } from '../../session';
import { forgetInflightRecharge } from './inflightRecharge';
import { walletApi, type Recharge } from './walletApi';

const messages = defineMessages({
  waiting: { id: 'wallet.result.waiting', defaultMessage: 'Waiting for the top-up to be confirmed…' },
  paid: { id: 'wallet.result.paid', defaultMessage: 'Top-up of {amount} received.' },
  gift: { id: 'wallet.result.gift', defaultMessage: 'Gift: {amount}' },
  balance: { id: 'wallet.result.balance', defaultMessage: 'Your balance is now {amount}.' },
  cancelled: { id: 'wallet.result.cancelled', defaultMessage: 'The top-up was cancelled. Nothing was charged.' },
  failed: { id: 'wallet.result.failed', defaultMessage: 'The top-up did not go through. Nothing was charged.' },
  slow: { id: 'wallet.result.slow', defaultMessage: 'The top-up has not been confirmed yet. If you have paid, check again in a moment.' },
  checkAgain: { id: 'wallet.result.checkAgain', defaultMessage: 'Check again' },
  tryAgain: { id: 'wallet.result.tryAgain', defaultMessage: 'Top up again' },
  back: { id: 'wallet.result.back', defaultMessage: 'Back to my account' },
  missing: { id: 'wallet.result.missing', defaultMessage: 'There is no top-up to follow here.' },
});

/** The pause before the `attempt`-th question (0-based): 1, 2, 4, 8, then 10 s. */
export function rechargePollDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}
/** How long the page keeps asking before it offers to check again. */
export const RECHARGE_POLL_LIMIT_MS = 120_000;

export default function RechargeResultPage() {
  const isMember = useIsMember();
  const SheetID = new URLSearchParams(useLocation().search).get('SheetID') ?? '';
  if (!isMember) {
    return (
      <section className="recharge-result">
        <SignInPrompt back={`${pathOf('rechargeResult')}?SheetID=${encodeURIComponent(SheetID)}`} />
      </section>
    );
  }
  if (!SheetID) {
    return (
      <section className="recharge-result">
        <p className="empty">
          <FormattedMessage {...messages.missing} />
        </p>
        <BackLink />
      </section>
    );
  }
  return <Result SheetID={SheetID} />;
}

function BackLink() {
  return (
    <Link className="btn btn-block" to={pathOf('vipBalance')}>
      <FormattedMessage {...messages.back} />
    </Link>
  );
}

function Result({ SheetID }: { SheetID: string }) {
  const money = useMoney();
  const [ask] = walletApi.useLazyRechargeStatusQuery();
  const [recharge, setRecharge] = useState<Recharge | null>(null);
  const [error, setError] = useState<string>('');
  const [timedOut, setTimedOut] = useState(false);
  const [round, setRound] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const poll = useCallback(
    (attempt: number, startedAt: number) => {
      void ask({ SheetID }, false).then((result) => {
        if (result.error) {
          // A refusal (not this member's top-up) is final; a network hiccup is asked again.
          if (isGatewayError(result.error) && result.error.kind === 'business') {
            setError(result.error.message);
            return;
          }
        } else if (result.data) {
          setRecharge(result.data);
          if (result.data.status !== 'pending') {
            forgetInflightRecharge(SheetID);
            return;
          }
        }
        const delay = rechargePollDelay(attempt);
        if (Date.now() + delay - startedAt > RECHARGE_POLL_LIMIT_MS) {
          setTimedOut(true);
          return;
        }
        timer.current = setTimeout(() => poll(attempt + 1, startedAt), delay);
      });
    },
    [ask, SheetID],
  );

  useEffect(() => {
    setTimedOut(false);
    poll(0, Date.now());
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [poll, round]);

  const status = recharge?.status ?? 'pending';
  return (
    <section className="recharge-result">
      {error ? (
        <p role="alert">{error}</p>
      ) : status === 'paid' ? (
        <div role="status" className="result-paid">
          <h2>
            <FormattedMessage {...messages.paid} values={{ amount: money.amount(recharge!.amount) }} />
          </h2>
          {Number(recharge!.gift) > 0 && (
            <p>
              <FormattedMessage {...messages.gift} values={{ amount: money.amount(recharge!.gift) }} />
            </p>
          )}
          {recharge!.balance && (
            <p>
              <FormattedMessage {...messages.balance} values={{ amount: money.amount(recharge!.balance) }} />
            </p>
          )}
        </div>
      ) : status === 'cancelled' || status === 'failed' ? (
        <div role="alert">
          <p>
            <FormattedMessage {...(status === 'cancelled' ? messages.cancelled : messages.failed)} />
          </p>
          <Link className="btn btn-primary btn-block" to={pathOf('vipBalanceRecharge')}>
            <FormattedMessage {...messages.tryAgain} />
          </Link>
        </div>
      ) : timedOut ? (
        <div role="status">
          <p>
            <FormattedMessage {...messages.slow} />
          </p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => setRound((r) => r + 1)}>
            <FormattedMessage {...messages.checkAgain} />
          </button>
        </div>
      ) : (
        <p role="status" aria-busy="true">
          <FormattedMessage {...messages.waiting} />
        </p>
      )}
      <BackLink />
    </section>
  );
}
