/**
 * couponSelect at checkout (SPEC sections 2, 5): the member's coupons for the
 * cart's amount (EntCard_ScreenVipAailableCard_V2_Get), the ones that cannot
 * be used shown with the reason; a coupon code entry (EntCard_CardDetailGet_V1_Get)
 * with the messages of SPEC section 5; or no coupon. The choice goes back to
 * the confirm page through the checkout slice.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toMinor } from '../../../shared/domain/numbers';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isGatewayError } from '../../app/errorListener';
import { useGo } from '../../app/navigation';
import { pathOf } from '../../app/paths';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { validation } from '../../i18n/specMessages';
import { CodeEntryField } from '../../ui/CodeEntryField';
import { localName } from '../../ui/localName';
import { useMoney } from '../../ui/money';
import { useIsMember, selectShopParams } from '../../session';
import { CouponValue, type CouponType } from '../coupons';
import { selectCartEntries, selectCartNumberFormats } from '../cart';
import { checkoutApi } from './checkoutApi';
import { couponChosen, selectChosenCoupon } from './checkoutSlice';
import { couponDiscount, orderTotals, type Coupon } from './totals';
import { useBack } from '../../ui/useBack';

const messages = defineMessages({
  codeLabel: { id: 'coupons.codeLabel', defaultMessage: 'Coupon code' },
  useCode: { id: 'coupons.useCode', defaultMessage: 'Use this code' },
  checking: { id: 'coupons.checking', defaultMessage: 'Checking…' },
  mine: { id: 'coupons.mine', defaultMessage: 'My coupons' },
  none: { id: 'coupons.none', defaultMessage: 'You have no coupons for this order.' },
  loading: { id: 'coupons.loading', defaultMessage: 'Loading your coupons…' },
  noCoupon: { id: 'coupons.noCoupon', defaultMessage: 'No coupon' },
  minAmount: { id: 'coupons.minAmount', defaultMessage: 'For orders of {amount} or more' },
  validUntil: { id: 'coupons.validUntil', defaultMessage: 'Valid until {date}' },
  chosen: { id: 'coupons.chosen', defaultMessage: 'Chosen' },
  minimumNotReached: { id: 'coupons.minimumNotReached', defaultMessage: 'This coupon needs an order of at least {amount}.' },
  signIn: { id: 'coupons.signIn', defaultMessage: 'Sign in' },
  failed: { id: 'coupons.failed', defaultMessage: 'Your coupons could not be loaded. You can still enter a code.' },
  retry: { id: 'coupons.retry', defaultMessage: 'Try again' },
});

export default function CouponSelectPage() {
  const dispatch = useAppDispatch();
  const go = useGo();
  const back = useBack(pathOf('prepayOrderConfirm'));
  const isMember = useIsMember();
  const params = useAppSelector(selectShopParams);
  const formats = useAppSelector(selectCartNumberFormats);
  const entries = useAppSelector(selectCartEntries);
  const chosen = useAppSelector(selectChosenCoupon);
  const money = useMoney();
  const sales = orderTotals({
    entries: entries.filter((e) => (!params.ShopID || e.goodsDetails.ShopID === params.ShopID) && (!params.BaseID || e.goodsDetails.BaseID === params.BaseID)),
    formats,
    takeType: 'dinein',
    freight: null,
    coupon: null,
  }).sales;
  const coupons = checkoutApi.useAvailableCouponsQuery({ Amo: sales, BaseID: params.BaseID }, { skip: !isMember });
  const [findCoupon, lookup] = checkoutApi.useLazyCouponByCodeQuery();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<ReactNode>(null);

  if (!isMember) {
    return (
      <section className="coupon-select">
        <p role="alert">
          <FormattedMessage {...validation.loginRequired} />
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => go(pathOf('loginByCode'))}>
          <FormattedMessage {...messages.signIn} />
        </button>
      </section>
    );
  }

  const choose = (coupon: Coupon | null) => {
    dispatch(couponChosen(coupon));
    back();
  };

  const handleCode = async (event: FormEvent) => {
    event.preventDefault();
    const CardCode = code.trim();
    if (!CardCode) {
      setCodeError(<FormattedMessage {...validation.couponCodeRequired} />);
      return;
    }
    setCodeError(null);
    const result = await findCoupon({ CardCode, Amo: sales, BaseID: params.BaseID });
    if (result.error) {
      // A refusal ('The coupon does not exist', 'This coupon is not available') is the field's error; a broken network is toasted.
      if (isGatewayError(result.error) && result.error.kind === 'business') setCodeError(result.error.message);
      return;
    }
    const coupon = result.data;
    if (!coupon) {
      setCodeError(<FormattedMessage {...validation.couponMissing} />);
      return;
    }
    const { problem } = couponDiscount(coupon, toMinor(sales, formats.AmoPoint), formats);
    if (!coupon.usable && coupon.reason) {
      setCodeError(coupon.reason);
      return;
    }
    if (problem === 'voucherMinimum') {
      setCodeError(<FormattedMessage {...validation.voucherMinimum} values={{ amount: money.amount(coupon.faceValue) }} />);
      return;
    }
    if (problem === 'minimum') {
      setCodeError(<FormattedMessage {...messages.minimumNotReached} values={{ amount: money.amount(coupon.minAmount) }} />);
      return;
    }
    if (problem) {
      setCodeError(coupon.reason || <FormattedMessage {...validation.couponUnavailable} />);
      return;
    }
    choose(coupon);
  };

  return (
    <section className="coupon-select">
      <form className="coupon-code" onSubmit={(e) => void handleCode(e)} noValidate>
        <CodeEntryField
          label={messages.codeLabel}
          value={code}
          onChange={setCode}
          submitLabel={lookup.isFetching ? messages.checking : messages.useCode}
          busy={lookup.isFetching}
          error={codeError}
        />
      </form>

      <h2>
        <FormattedMessage {...messages.mine} />
      </h2>
      {coupons.isLoading && (
        <p role="status" className="muted">
          <FormattedMessage {...messages.loading} />
        </p>
      )}
      {coupons.isError && !coupons.isFetching && (
        <div className="empty">
          <p role="alert">
            <FormattedMessage {...messages.failed} />
          </p>
          <button type="button" className="btn" onClick={() => void coupons.refetch()}>
            <FormattedMessage {...messages.retry} />
          </button>
        </div>
      )}
      {coupons.data && coupons.data.length === 0 && (
        <p className="empty">
          <FormattedMessage {...messages.none} />
        </p>
      )}
      <ul className="coupon-list">
        {(coupons.data ?? []).map((c) => (
          <li key={c.CardID || c.CardCode}>
            <CouponCard coupon={c} chosen={chosen?.CardCode === c.CardCode} onChoose={() => choose(c)} />
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-block" onClick={() => choose(null)}>
        <FormattedMessage {...messages.noCoupon} />
      </button>
    </section>
  );
}

function CouponCard({ coupon, chosen, onChoose }: { coupon: Coupon; chosen: boolean; onChoose: () => void }) {
  const locale = useAppSelector(selectLocale);
  const money = useMoney();
  const intl = useIntl();
  const end = coupon.endTime ? new Date(coupon.endTime) : null;
  const reasonId = useId();
  return (
    <button
      type="button"
      className={`coupon${chosen ? ' chosen' : ''}`}
      disabled={!coupon.usable}
      aria-pressed={chosen}
      aria-describedby={!coupon.usable ? reasonId : undefined}
      onClick={onChoose}
    >
      <span className="coupon-value">
        <CouponValue type={coupon.type as CouponType} faceValue={coupon.faceValue} />
      </span>
      <span className="coupon-text">
        <strong>{localName(coupon.names, locale)}</strong>
        {Number(coupon.minAmount) > 0 && (
          <span>
            <FormattedMessage {...messages.minAmount} values={{ amount: money.amount(coupon.minAmount) }} />
          </span>
        )}
        {end && !Number.isNaN(end.getTime()) && (
          <span>
            <FormattedMessage {...messages.validUntil} values={{ date: intl.formatDate(end, { year: 'numeric', month: 'short', day: 'numeric' }) }} />
          </span>
        )}
        {!coupon.usable && (
          <span id={reasonId} className="coupon-reason">
            {coupon.reason || intl.formatMessage(validation.couponUnavailable)}
          </span>
        )}
        {chosen && (
          <span className="tag">
            <FormattedMessage {...messages.chosen} />
          </span>
        )}
      </span>
    </button>
  );
}
