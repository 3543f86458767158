/**
 * couponDetails (SPEC section 2; EntCard_CardDetailGet_V1_Get ?CardID=…): a
 * coupon's value, rules, validity, the shops it is valid in, and its code as
 * a QR code the counter can scan (and as text to type). Another member's
 * coupon answers like one that does not exist.
 */
import { skipToken } from '@reduxjs/toolkit/query/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/links';
import { isGatewayError } from '../../app/errorListener';
import { useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { localName } from '../../ui/localName';
import { useIsMember, SignInPrompt } from '../../session';
import { QrCode } from '../../ui/QrCode';
import { couponsApi } from './couponsApi';
import { couponMessages, CouponValue, MinimumSpend, typeLabel, useCouponName, useShopDate, Validity } from './CouponView';

const messages = defineMessages({
  loading: { id: 'coupons.details.loading', defaultMessage: 'Loading the coupon…' },
  failed: { id: 'coupons.details.failed', defaultMessage: 'The coupon could not be loaded.' },
  retry: { id: 'coupons.details.retry', defaultMessage: 'Try again' },
  rules: { id: 'coupons.details.rules', defaultMessage: 'Rules' },
  validity: { id: 'coupons.details.validity', defaultMessage: 'Validity' },
  shops: { id: 'coupons.details.shops', defaultMessage: 'Valid in' },
  code: { id: 'coupons.details.code', defaultMessage: 'Coupon code: {code}' },
  show: { id: 'coupons.details.show', defaultMessage: 'Show this code at the counter.' },
  qrLabel: { id: 'coupons.details.qrLabel', defaultMessage: 'Coupon code {code} as a QR code' },
  used: { id: 'coupons.details.used', defaultMessage: 'This coupon has been used.' },
  expired: { id: 'coupons.details.expired', defaultMessage: 'This coupon has expired.' },
  back: { id: 'coupons.details.back', defaultMessage: 'Back to my coupons' },
});

export default function CouponDetailsPage() {
  const isMember = useIsMember();
  const CardID = new URLSearchParams(useLocation().search).get('CardID') ?? '';
  if (!isMember) {
    return (
      <section className="coupon-details">
        <SignInPrompt back={`${pathOf('couponDetails')}?CardID=${encodeURIComponent(CardID)}`} />
      </section>
    );
  }
  return <Details CardID={CardID} />;
}

function Details({ CardID }: { CardID: string }) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const detail = couponsApi.useCouponDetailQuery(CardID ? { CardID } : skipToken);
  const name = useCouponName();
  const date = useShopDate();
  const back = (
    <Link className="btn btn-block" to={pathOf('couponsList')}>
      <FormattedMessage {...messages.back} />
    </Link>
  );
  if (detail.isLoading) {
    return (
      <section className="coupon-details">
        <p role="status" className="empty">
          <FormattedMessage {...messages.loading} />
        </p>
      </section>
    );
  }
  if (!CardID || detail.isError || !detail.data) {
    const refusal = isGatewayError(detail.error) && detail.error.kind === 'business' ? detail.error.message : '';
    return (
      <section className="coupon-details">
        <div className="empty">
          <p role="alert">{refusal || <FormattedMessage {...messages.failed} />}</p>
          {!refusal && CardID && (
            <button type="button" className="btn" onClick={() => void detail.refetch()}>
              <FormattedMessage {...messages.retry} />
            </button>
          )}
        </div>
        {back}
      </section>
    );
  }
  const { coupon, shops } = detail.data;
  return (
    <section className="coupon-details">
      <div className={`coupon coupon-${coupon.status}`}>
        <span className="coupon-value">
          <CouponValue type={coupon.type} faceValue={coupon.faceValue} />
        </span>
        <span className="coupon-text">
          <h2>{name(coupon)}</h2>
          <span className="muted">
            <FormattedMessage {...typeLabel(coupon.type)} />
          </span>
        </span>
      </div>
      {coupon.status === 0 ? (
        <div className="coupon-code-show">
          <QrCode text={coupon.CardCode} label={intl.formatMessage(messages.qrLabel, { code: coupon.CardCode })} />
          <p>
            <FormattedMessage {...messages.code} values={{ code: <strong className="code">{coupon.CardCode}</strong> }} />
          </p>
          <p className="muted">
            <FormattedMessage {...messages.show} />
          </p>
        </div>
      ) : (
        <p role="status" className="notice">
          <FormattedMessage {...(coupon.status === 1 ? messages.used : messages.expired)} />
          {coupon.status === 1 && coupon.usedTime && (
            <>
              {' '}
              <FormattedMessage {...couponMessages.usedOn} values={{ date: date(coupon.usedTime) }} />
            </>
          )}
        </p>
      )}
      <dl className="details-list">
        <dt>
          <FormattedMessage {...messages.rules} />
        </dt>
        <dd>
          <MinimumSpend minAmount={coupon.minAmount} />
        </dd>
        <dt>
          <FormattedMessage {...messages.validity} />
        </dt>
        <dd>
          <Validity coupon={coupon} />
        </dd>
        {shops.length > 0 && (
          <>
            <dt>
              <FormattedMessage {...messages.shops} />
            </dt>
            <dd>
              <ul className="plain-list">
                {shops.map((s) => (
                  <li key={s.ShopID}>{localName(s.names, locale)}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      {back}
    </section>
  );
}
