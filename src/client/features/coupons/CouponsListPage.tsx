/**
 * couponsList (SPEC section 2, pull to refresh): the member's coupons in
 * three tabs (not used, used, expired), each with its value, minimum spend
 * and validity and a way to its details; 'Get coupons': the plans the member
 * may claim (stock and a per-member limit held by the service) and a coupon
 * code entry (looked up, then added) with the messages of SPEC section 5.
 * Guests get the login prompt.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { isGatewayError } from '../../app/errorListener';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { toastShown } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { validation } from '../../i18n/specMessages';
import { CodeEntryField } from '../../ui/CodeEntryField';
import { PullToRefresh, RefreshButton } from '../../ui/PullToRefresh';
import { useIsMember, SignInPrompt, selectEntId } from '../../session';
import { couponsApi, type CouponPlan, type CouponStatus, type MemberCoupon } from './couponsApi';
import { couponMessages, CouponValue, MinimumSpend, typeLabel, useCouponName, useShopDate, Validity } from './CouponView';

const messages = defineMessages({
  tabs: { id: 'coupons.list.tabs', defaultMessage: 'Coupon states' },
  unused: { id: 'coupons.list.unused', defaultMessage: 'Not used' },
  used: { id: 'coupons.list.used', defaultMessage: 'Used' },
  expired: { id: 'coupons.list.expired', defaultMessage: 'Expired' },
  loading: { id: 'coupons.list.loading', defaultMessage: 'Loading your coupons…' },
  failed: { id: 'coupons.list.failed', defaultMessage: 'Your coupons could not be loaded.' },
  retry: { id: 'coupons.list.retry', defaultMessage: 'Try again' },
  noneUnused: { id: 'coupons.list.noneUnused', defaultMessage: 'You have no coupons to use. Get some below.' },
  noneUsed: { id: 'coupons.list.noneUsed', defaultMessage: 'You have not used any coupons yet.' },
  noneExpired: { id: 'coupons.list.noneExpired', defaultMessage: 'No expired coupons.' },
  get: { id: 'coupons.get.title', defaultMessage: 'Get coupons' },
  plansLoading: { id: 'coupons.get.loading', defaultMessage: 'Loading the coupons to claim…' },
  plansFailed: { id: 'coupons.get.failed', defaultMessage: 'The coupons to claim could not be loaded.' },
  noPlans: { id: 'coupons.get.none', defaultMessage: 'No coupons to claim at the moment.' },
  claim: { id: 'coupons.get.claim', defaultMessage: 'Claim {name}' },
  claimShort: { id: 'coupons.get.claimShort', defaultMessage: 'Claim' },
  claiming: { id: 'coupons.get.claiming', defaultMessage: 'Claiming…' },
  claimed: { id: 'coupons.get.claimed', defaultMessage: 'Claimed' },
  allClaimed: { id: 'coupons.get.allClaimed', defaultMessage: 'All claimed' },
  left: { id: 'coupons.get.left', defaultMessage: '{count, plural, one {# left} other {# left}}' },
  limit: { id: 'coupons.get.limit', defaultMessage: '{claimed} of {limit} claimed' },
  validDays: { id: 'coupons.get.validDays', defaultMessage: 'Valid for {days, plural, one {# day} other {# days}} after claiming' },
  claimedToast: { id: 'coupons.get.claimedToast', defaultMessage: 'Coupon claimed' },
  codeTitle: { id: 'coupons.code.title', defaultMessage: 'Have a coupon code?' },
  codeLabel: { id: 'coupons.code.label', defaultMessage: 'Coupon code' },
  codeSubmit: { id: 'coupons.code.submit', defaultMessage: 'Add coupon' },
  codeChecking: { id: 'coupons.code.checking', defaultMessage: 'Checking…' },
  codeAdded: { id: 'coupons.code.added', defaultMessage: '{name} added to your coupons' },
});

const TABS: { status: CouponStatus; label: (typeof messages)['unused']; none: (typeof messages)['unused'] }[] = [
  { status: 0, label: messages.unused, none: messages.noneUnused },
  { status: 1, label: messages.used, none: messages.noneUsed },
  { status: 2, label: messages.expired, none: messages.noneExpired },
];

export const couponDetailsPath = (CardID: string) => `${pathOf('couponDetails')}?CardID=${encodeURIComponent(CardID)}`;

export default function CouponsListPage() {
  const isMember = useIsMember();
  if (!isMember) {
    return (
      <section className="coupons">
        <SignInPrompt back={pathOf('couponsList')} />
      </section>
    );
  }
  return <Coupons />;
}

function Coupons() {
  const intl = useIntl();
  const [tab, setTab] = useState<CouponStatus>(0);
  const EntID = useAppSelector(selectEntId) ?? '';
  const coupons = couponsApi.useMyCouponsQuery({ Status: tab }, { refetchOnMountOrArgChange: true });
  const plans = couponsApi.useCouponPlansQuery({ EntID });
  const tabsId = useId();
  const handleRefresh = () => {
    void coupons.refetch();
    void plans.refetch();
  };
  const handleKey = (event: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.status === tab);
    const next = event.key === 'ArrowRight' ? (i + 1) % TABS.length : event.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    event.preventDefault();
    setTab(TABS[next]!.status);
    document.getElementById(`${tabsId}-${TABS[next]!.status}`)?.focus();
  };
  const current = TABS.find((t) => t.status === tab)!;

  return (
    <PullToRefresh onRefresh={handleRefresh}>
      <section className="coupons">
        <div className="list-tools">
          <RefreshButton onRefresh={handleRefresh} refreshing={coupons.isFetching && !coupons.isLoading} />
        </div>
        <div role="tablist" aria-label={intl.formatMessage(messages.tabs)} className="tabs" onKeyDown={handleKey}>
          {TABS.map((t) => (
            <button
              key={t.status}
              id={`${tabsId}-${t.status}`}
              type="button"
              role="tab"
              aria-selected={tab === t.status}
              aria-controls={`${tabsId}-panel`}
              tabIndex={tab === t.status ? 0 : -1}
              className={tab === t.status ? 'tab active' : 'tab'}
              onClick={() => setTab(t.status)}
            >
              <FormattedMessage {...t.label} />
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
          {coupons.isLoading || (coupons.isFetching && coupons.isError) ? (
            <p role="status" className="empty">
              <FormattedMessage {...messages.loading} />
            </p>
          ) : coupons.isError ? (
            <div className="empty">
              <p role="alert">
                <FormattedMessage {...messages.failed} />
              </p>
              <button type="button" className="btn" onClick={() => void coupons.refetch()}>
                <FormattedMessage {...messages.retry} />
              </button>
            </div>
          ) : coupons.data && coupons.data.length === 0 ? (
            <p className="empty">
              <FormattedMessage {...current.none} />
            </p>
          ) : (
            <ul className="coupon-list">
              {(coupons.data ?? []).map((c) => (
                <li key={c.CardID}>
                  <CouponItem coupon={c} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <GetCoupons plans={plans} />
      </section>
    </PullToRefresh>
  );
}

function CouponItem({ coupon }: { coupon: MemberCoupon }) {
  const name = useCouponName()(coupon);
  const date = useShopDate();
  return (
    // The link is named by what it shows (value, name, type, minimum, validity): a screen reader hears what the eye reads.
    <Link className={`coupon coupon-${coupon.status}`} to={couponDetailsPath(coupon.CardID)}>
      <span className="coupon-value">
        <CouponValue type={coupon.type} faceValue={coupon.faceValue} />
      </span>
      <span className="coupon-text">
        <strong>{name}</strong>
        <span className="muted">
          <FormattedMessage {...typeLabel(coupon.type)} />
        </span>
        <span>
          <MinimumSpend minAmount={coupon.minAmount} />
        </span>
        <span>
          {coupon.status === 1 && coupon.usedTime ? (
            <FormattedMessage {...couponMessages.usedOn} values={{ date: date(coupon.usedTime) }} />
          ) : (
            <Validity coupon={coupon} />
          )}
        </span>
      </span>
    </Link>
  );
}

function GetCoupons({ plans }: { plans: { data?: CouponPlan[]; isLoading: boolean; isError: boolean; isSuccess: boolean } }) {
  const claimable = (plans.data ?? []).filter((p) => p.canClaim);
  return (
    <section className="get-coupons" aria-labelledby="get-coupons-title">
      <h2 id="get-coupons-title">
        <FormattedMessage {...messages.get} />
      </h2>
      {plans.isLoading && (
        <p role="status" className="muted">
          <FormattedMessage {...messages.plansLoading} />
        </p>
      )}
      {plans.isError && (
        <p className="muted">
          <FormattedMessage {...messages.plansFailed} />
        </p>
      )}
      {plans.isSuccess && claimable.length === 0 && (
        <p className="muted">
          <FormattedMessage {...messages.noPlans} />
        </p>
      )}
      <ul className="coupon-list">
        {claimable.map((p) => (
          <li key={p.PlanID}>
            <PlanItem plan={p} />
          </li>
        ))}
      </ul>
      <CodeEntry />
    </section>
  );
}

function PlanItem({ plan }: { plan: CouponPlan }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const name = useCouponName()(plan);
  const [claim, state] = couponsApi.useClaimCouponMutation();
  const [error, setError] = useState('');
  const errorId = useId();
  const atLimit = plan.claimedCount >= plan.perMemberLimit;
  const soldOut = plan.stock === 0;
  const handleClaim = async () => {
    setError('');
    const result = await claim({ PlanID: plan.PlanID });
    if ('error' in result) {
      if (isGatewayError(result.error) && result.error.kind === 'business') setError(result.error.message);
      return;
    }
    dispatch(toastShown({ message: messages.claimedToast }));
  };
  return (
    <div className="coupon plan">
      <span className="coupon-value">
        <CouponValue type={plan.type} faceValue={plan.faceValue} />
      </span>
      <span className="coupon-text">
        <strong>{name}</strong>
        <span>
          <MinimumSpend minAmount={plan.minAmount} />
        </span>
        <span className="muted">
          <FormattedMessage {...messages.validDays} values={{ days: plan.validDays }} />
        </span>
        <span className="muted">
          {plan.stock !== null && !soldOut && <FormattedMessage {...messages.left} values={{ count: plan.stock }} />}
          {plan.perMemberLimit > 1 && (
            <>
              {' '}
              <FormattedMessage {...messages.limit} values={{ claimed: plan.claimedCount, limit: plan.perMemberLimit }} />
            </>
          )}
        </span>
        {error && (
          <span id={errorId} role="alert" className="field-error">
            {error}
          </span>
        )}
      </span>
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={atLimit || soldOut || state.isLoading}
        aria-label={atLimit || soldOut ? undefined : intl.formatMessage(messages.claim, { name })}
        aria-describedby={error ? errorId : undefined}
        onClick={() => void handleClaim()}
      >
        <FormattedMessage {...(atLimit ? messages.claimed : soldOut ? messages.allClaimed : state.isLoading ? messages.claiming : messages.claimShort)} />
      </button>
    </div>
  );
}

function CodeEntry() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [lookUp, looking] = couponsApi.useLookUpCodeMutation();
  const [redeem, redeeming] = couponsApi.useRedeemCodeMutation();
  const name = useCouponName();
  const busy = looking.isLoading || redeeming.isLoading;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const CardCode = code.trim();
    if (!CardCode) return setError(intl.formatMessage(validation.couponCodeRequired));
    const refused = (e: unknown) => {
      if (isGatewayError(e) && e.kind === 'business') setError(e.message);
    };
    const found = await lookUp({ CardCode });
    if ('error' in found) return refused(found.error);
    const added = await redeem({ CardCode });
    if ('error' in added) return refused(added.error);
    setCode('');
    dispatch(toastShown({ message: messages.codeAdded, values: { name: name(added.data) } }));
  };

  return (
    <form className="coupon-code" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <h3>
        <FormattedMessage {...messages.codeTitle} />
      </h3>
      <CodeEntryField
        label={messages.codeLabel}
        value={code}
        onChange={setCode}
        submitLabel={busy ? messages.codeChecking : messages.codeSubmit}
        busy={busy}
        error={error}
      />
    </form>
  );
}
