/**
 * prepayOrderConfirm and postpayOrderConfirm (SPEC sections 2, 4, 5): the
 * cart's lines and totals; dining mode (dine-in, pickup, delivery as the
 * outlet and the cart allow); pickup or delivery time within opening hours;
 * contact and delivery address with their messages; freight with the
 * minimum delivery amount; the bag notice; coupon (members); remark; the
 * privacy policy and terms; the payment method (prepay); a confirmation;
 * then the submit (one LocalSheetID per order, reused on retries) and the
 * payment, or for a table's pay-after round, the table's order.
 *
 * The cart stays until the service says the order is placed. A refusal of
 * the figures (50010) shows the service's message and reads the prices again.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import { BusinessMode, modesOffered } from '../../../shared/domain/businessMode';
import { lineAmountMinor, lineItemCount, type CartEntry, type CartLine } from '../../../shared/domain/cart';
import { minorToString } from '../../../shared/domain/numbers';
import { resolveOpeningHours } from '../../../shared/domain/openingHours';
import { ErrorCode } from '../../../shared/protocol/envelope';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { pathOf } from '../../app/paths';
import { selectLocale } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { confirmations, errors as specErrors, validation } from '../../i18n/specMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { localName } from '../../ui/localName';
import { useMoney } from '../../ui/money';
import { useIsMember, useRequireMember } from '../auth';
import { cartLinesOrdered, selectBusinessMode, selectCartEntries, selectCartNumberFormats } from '../cart';
import { orderDetailsPath } from '../orders';
import { PaymentMethods, isPayType, payForSheet } from '../payments';
import { selectGuardInputs, useOrderingGuard, useServiceNow, selectBaseInfo, selectShopParams, selectSignSheet, selectTableInfo, shopParamsChanged, signSheetRefreshed } from '../shop';
import { checkoutApi } from './checkoutApi';
import { DeliveryAddressBook } from './DeliveryAddressBook';
import { useDeliveryRange } from './deliveryRange';
import { usePrefillContact } from './usePrefillContact';
import {
  checkoutDraftChanged,
  orderPlaced,
  selectCheckoutDraft,
  selectChosenCoupon,
  selectTermsAgreed,
  termsAgreementChanged,
  type CheckoutDraft,
} from './checkoutSlice';
import { buildOrderRequest, type PayMode } from './orderRequest';
import { placeOrder } from './placeOrder';
import { refreshCartPrices } from './refreshPrices';
import { timeSlots } from './timeSlots';
import { orderTotals, type CouponProblem, type TakeType } from './totals';

const messages = defineMessages({
  items: { id: 'checkout.items', defaultMessage: 'Your order' },
  lineCount: { id: 'checkout.lineCount', defaultMessage: '× {count}' },
  empty: { id: 'checkout.empty', defaultMessage: 'There is nothing to order: your cart is empty.' },
  browse: { id: 'checkout.browse', defaultMessage: 'Browse the menu' },
  mode: { id: 'checkout.mode', defaultMessage: 'Order type' },
  dinein: { id: 'checkout.dinein', defaultMessage: 'Dine in' },
  pickup: { id: 'checkout.pickup', defaultMessage: 'Pickup' },
  delivery: { id: 'checkout.delivery', defaultMessage: 'Delivery' },
  table: { id: 'checkout.table', defaultMessage: 'Table {table}' },
  round: { id: 'checkout.round', defaultMessage: 'These dishes are added to your table’s order. You pay when you leave.' },
  pickupTime: { id: 'checkout.pickupTime', defaultMessage: 'Pickup time' },
  deliveryTime: { id: 'checkout.deliveryTime', defaultMessage: 'Delivery time' },
  asap: { id: 'checkout.asap', defaultMessage: 'As soon as possible' },
  contact: { id: 'checkout.contact', defaultMessage: 'Contact' },
  address: { id: 'checkout.address', defaultMessage: 'Delivery address' },
  name: { id: 'checkout.name', defaultMessage: 'Recipient' },
  phone: { id: 'checkout.phone', defaultMessage: 'Mobile phone' },
  district: { id: 'checkout.district', defaultMessage: 'Region / district' },
  mainAddress: { id: 'checkout.mainAddress', defaultMessage: 'Detailed address (street and building)' },
  houseNumber: { id: 'checkout.houseNumber', defaultMessage: 'House number (floor and flat)' },
  locate: { id: 'checkout.locate', defaultMessage: 'Use my current location' },
  relocate: { id: 'checkout.relocate', defaultMessage: 'Update my location' },
  locating: { id: 'checkout.locating', defaultMessage: 'Finding your location…' },
  located: { id: 'checkout.located', defaultMessage: 'Your location is set for the delivery.' },
  noLocation: {
    id: 'checkout.noLocation',
    defaultMessage: 'We need your location to deliver. Allow this page to use your location, then try again.',
  },
  freight: { id: 'checkout.freight', defaultMessage: 'Delivery fee {fee}' },
  freeAbove: { id: 'checkout.freeAbove', defaultMessage: 'Free delivery for orders of {amount} or more' },
  minimum: { id: 'checkout.minimum', defaultMessage: 'Minimum order for delivery: {amount}' },
  range: { id: 'checkout.range', defaultMessage: 'We deliver within {km} km.' },
  coupon: { id: 'checkout.coupon', defaultMessage: 'Coupon' },
  chooseCoupon: { id: 'checkout.chooseCoupon', defaultMessage: 'Choose a coupon' },
  couponOff: { id: 'checkout.couponOff', defaultMessage: '{name}: −{amount}' },
  couponMinimum: { id: 'checkout.couponMinimum', defaultMessage: 'The order does not reach this coupon’s minimum amount ({amount}).' },
  remark: { id: 'checkout.remark', defaultMessage: 'Remark' },
  remarkHint: { id: 'checkout.remarkHint', defaultMessage: 'For example: less spicy, no cutlery' },
  summary: { id: 'checkout.summary', defaultMessage: 'Amounts' },
  goods: { id: 'checkout.goods', defaultMessage: 'Subtotal' },
  couponAmount: { id: 'checkout.couponAmount', defaultMessage: 'Coupon' },
  fee: { id: 'checkout.fee', defaultMessage: 'Delivery fee' },
  bags: { id: 'checkout.bags', defaultMessage: '{count, plural, one {# plastic bag} other {# plastic bags}}' },
  total: { id: 'checkout.total', defaultMessage: 'Total' },
  agree: { id: 'checkout.agree', defaultMessage: 'I have read and agree to the privacy policy and terms of use' },
  readTerms: { id: 'checkout.readTerms', defaultMessage: 'Read the privacy policy and terms of use' },
  place: { id: 'checkout.place', defaultMessage: 'Place order' },
  placing: { id: 'checkout.placing', defaultMessage: 'Placing your order…' },
  placed: { id: 'checkout.placed', defaultMessage: 'Your order has been placed. One moment…' },
  pricesRefreshed: { id: 'checkout.pricesRefreshed', defaultMessage: 'The prices have been updated. Please check the order and place it again.' },
  signInFailed: { id: 'checkout.signInFailed', defaultMessage: 'We could not start your session. Please try again.' },
});

const TAKE_TYPE_LABELS: Record<TakeType, MessageDescriptor> = { dinein: messages.dinein, pickup: messages.pickup, delivery: messages.delivery };

/** The dining modes a customer can choose: a pay-after round is at the table; otherwise the outlet's modes that fit the cart's. */
export function offeredTakeTypes(payMode: PayMode, outletMode: string, cartMode: string): TakeType[] {
  if (payMode === 'postpay') return ['dinein'];
  const outlet = modesOffered(outletMode);
  const fitting = outlet.filter((m) => cartMode === BusinessMode.all || m === cartMode);
  return (fitting.length > 0 ? fitting : outlet).flatMap((m): TakeType[] => (m === BusinessMode.dineIn ? ['dinein'] : ['pickup', 'delivery']));
}

interface FormErrors {
  contact?: MessageDescriptor;
  shipping?: MessageDescriptor;
  minimum?: boolean;
  coupon?: CouponProblem;
  terms?: MessageDescriptor;
  payment?: MessageDescriptor;
}

function validate(input: {
  payMode: PayMode;
  takeType: TakeType;
  draft: CheckoutDraft;
  shortfall: boolean;
  couponProblem: CouponProblem | null;
  agreed: boolean;
  beyond?: boolean;
}): FormErrors {
  const { draft, takeType } = input;
  const found: FormErrors = {};
  if (takeType !== 'dinein' && (!draft.CustName.trim() || !draft.CustPhone.trim())) found.contact = validation.contactRequired;
  const located = draft.GPS_Lng !== null && draft.GPS_Lat !== null;
  if (takeType === 'delivery' && (!draft.CustDistrict.trim() || !draft.CustMainAddress.trim() || !draft.CustHouseNumber.trim() || !located)) {
    found.shipping = validation.shippingIncomplete;
  } else if (takeType === 'delivery' && input.beyond) found.shipping = validation.beyondRange;
  if (takeType === 'delivery' && input.shortfall) found.minimum = true;
  if (input.couponProblem) found.coupon = input.couponProblem;
  if (!input.agreed) found.terms = validation.privacyRequired;
  if (input.payMode === 'prepay' && !isPayType(draft.payType)) found.payment = validation.paymentRequired;
  return found;
}

export default function OrderConfirmPage({ payMode }: { payMode: PayMode }) {
  useOrderingGuard();
  const dispatch = useAppDispatch();
  const go = useGo();
  const intl = useIntl();
  const money = useMoney();
  const confirm = useConfirm();
  const requireMember = useRequireMember();
  const locale = useAppSelector(selectLocale);
  const params = useAppSelector(selectShopParams);
  const base = useAppSelector(selectBaseInfo);
  const table = useAppSelector(selectTableInfo);
  const signSheet = useAppSelector(selectSignSheet);
  const { zone, offset } = useAppSelector(selectGuardInputs);
  const now = useServiceNow(offset);
  const allEntries = useAppSelector(selectCartEntries);
  const cartMode = useAppSelector(selectBusinessMode);
  const formats = useAppSelector(selectCartNumberFormats);
  const draft = useAppSelector(selectCheckoutDraft);
  const chosenCoupon = useAppSelector(selectChosenCoupon);
  const agreed = useAppSelector(selectTermsAgreed);
  const coupon = payMode === 'prepay' ? chosenCoupon : null;

  // Placing attempts so far: messages show from the first, and each attempt brings the first one into view.
  const [attempts, setAttempts] = useState(0);
  const attempted = attempts > 0;
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [placed, setPlaced] = useState(false);
  const [submitError, setSubmitError] = useState<ReactNode>(null);
  const [pricesRefreshed, setPricesRefreshed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The lines of this shop and outlet (a district's cart may hold another shop's, which stay for it).
  const entries = useMemo(
    () =>
      allEntries.filter(
        (e) => (!params.ShopID || e.goodsDetails.ShopID === params.ShopID) && (!params.BaseID || e.goodsDetails.BaseID === params.BaseID),
      ),
    [allEntries, params.ShopID, params.BaseID],
  );
  const takeTypes = offeredTakeTypes(payMode, base?.BusinessMode ?? BusinessMode.all, cartMode);
  const takeType: TakeType = takeTypes.includes(draft.takeType as TakeType) ? (draft.takeType as TakeType) : takeTypes[0]!;
  const freight = checkoutApi.useFreightRuleQuery({ BaseID: params.BaseID }, { skip: takeType !== 'delivery' || !params.BaseID });
  const freightRule = takeType === 'delivery' ? (freight.data ?? null) : null;
  const totals = useMemo(
    () => orderTotals({ entries, formats, takeType, freight: freightRule, coupon }),
    [entries, formats, takeType, freightRule, coupon],
  );
  const hours = useMemo(
    () => resolveOpeningHours({ openingHours: base?.OpeningHours, BeginTime: base?.BeginTime, EndTime: base?.EndTime }),
    [base?.OpeningHours, base?.BeginTime, base?.EndTime],
  );
  const minute = Math.floor(now.getTime() / 60_000);
  const slots = useMemo(
    () => (takeType === 'dinein' ? [] : timeSlots(hours, new Date(minute * 60_000), zone)),
    [takeType, hours, minute, zone],
  );
  const takeTime = slots.some((d) => d.toISOString() === draft.takeTime) ? draft.takeTime : '';
  const shortfall = takeType === 'delivery' && Number(totals.shortfall) > 0;
  // The delivery figures are needed before an order can be sent.
  const figuresPending = takeType === 'delivery' && freight.isLoading;
  // A member delivers to an address of their book; the range check uses its position (SPEC section 5).
  const isMember = useIsMember();
  usePrefillContact(takeType !== 'delivery');
  const beyond = useDeliveryRange({ BaseID: params.BaseID, ShopID: params.ShopID, lng: draft.GPS_Lng, lat: draft.GPS_Lat, rangeKm: freightRule?.rangeKm ?? null });
  const formErrors = attempted
    ? validate({ payMode, takeType, draft, shortfall, couponProblem: totals.couponProblem, agreed, beyond })
    : ({} as FormErrors);

  useEffect(() => {
    if (attempts === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[role="alert"]');
    first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [attempts]);

  const change = (patch: Partial<CheckoutDraft>) => dispatch(checkoutDraftChanged(patch));

  if (placed) {
    return (
      <p role="status" className="empty">
        <FormattedMessage {...messages.placed} />
      </p>
    );
  }
  if (entries.length === 0) {
    return (
      <section className="cart-empty">
        <p>
          <FormattedMessage {...messages.empty} />
        </p>
        <Link className="btn btn-primary" to={pathOf('goodsList')}>
          <FormattedMessage {...messages.browse} />
        </Link>
      </section>
    );
  }

  const handleCoupon = async () => {
    if (await requireMember()) go(pathOf('couponSelect'));
  };

  const handlePlace = async () => {
    // One order at a time: a second tap while this one runs does nothing.
    if (busyRef.current) return;
    busyRef.current = true;
    try {
      setSubmitError(null);
      setAttempts((n) => n + 1);
      const found = validate({ payMode, takeType, draft, shortfall, couponProblem: totals.couponProblem, agreed, beyond });
      if (Object.keys(found).length > 0) return;
      if (!(await confirm({ message: confirmations.placeOrder }))) return;
      setBusy(true);
      const sheetId = payMode === 'postpay' ? signSheet?.SheetID || params.PosSignSheetID : '';
      const request = buildOrderRequest({
        payMode,
        entries,
        formats,
        ids: { ShopID: params.ShopID, BaseID: params.BaseID, TableID: params.TableID },
        sheetId,
        cyType: base?.CYType ?? '',
        takeType,
        draft: { ...draft, takeTime },
        coupon,
        totals,
      });
      const result = await dispatch(placeOrder(request, { now: new Date(Date.now() + offset), zone }));
      if (!result.ok) {
        const error = result.error;
        if (!error) setSubmitError(<FormattedMessage {...messages.signInFailed} />);
        else if (error.kind === 'business') {
          setSubmitError(error.message);
          if (error.code === ErrorCode.mismatch) {
            await dispatch(refreshCartPrices(entries));
            if (takeType === 'delivery') freight.refetch();
            setPricesRefreshed(true);
          }
        } else if (error.kind === 'session') setSubmitError(<FormattedMessage {...messages.signInFailed} />);
        // Network failures and timeouts are toasted; the same order (same LocalSheetID) can be sent again.
        return;
      }
      const { order } = result;
      setPlaced(true);
      dispatch(cartLinesOrdered(entries.flatMap((e) => e.list.map((l) => l.uid))));
      dispatch(orderPlaced());
      if (payMode === 'postpay') {
        dispatch(shopParamsChanged({ PosSignSheetID: order.SheetID }));
        dispatch(
          signSheetRefreshed({
            SheetID: order.SheetID,
            Status: order.Status,
            CreatedDate: order.CreatedDate || signSheet?.CreatedDate || new Date(Date.now() + offset).toISOString(),
            TableID: params.TableID,
          }),
        );
        go(orderDetailsPath(order.SheetID), { replace: true });
        return;
      }
      if (!isPayType(draft.payType)) return;
      const outcome = await dispatch(payForSheet({ SheetID: order.SheetID, TotalAmo: order.TotalAmo || totals.total, PayType: draft.payType }));
      if (outcome.kind === 'done') go(outcome.path, { replace: true });
      // A refused payment leaves a placed, unpaid order: its page offers 'Pay now'.
      else if (outcome.kind === 'failed') go(orderDetailsPath(order.SheetID), { replace: true });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const couponName = coupon ? localName(coupon.names, locale) : '';
  return (
    <form
      ref={formRef}
      className="checkout"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void handlePlace();
      }}
    >
      {payMode === 'postpay' && (
        <p className="note">
          {table && (
            <>
              <strong>
                <FormattedMessage {...messages.table} values={{ table: table.TableName }} />
              </strong>{' '}
            </>
          )}
          <FormattedMessage {...messages.round} />
        </p>
      )}

      <section className="panel" aria-labelledby="checkout-items">
        <h2 id="checkout-items">
          <FormattedMessage {...messages.items} />
        </h2>
        <ul className="checkout-lines">
          {entries.flatMap((entry) => entry.list.map((line) => <ConfirmLine key={line.uid} entry={entry} line={line} />))}
        </ul>
      </section>

      {takeTypes.length > 1 ? (
        <fieldset className="choice-group panel">
          <legend>
            <FormattedMessage {...messages.mode} />
          </legend>
          {takeTypes.map((t) => (
            <label key={t} className={`chip${takeType === t ? ' chosen' : ''}`}>
              <input type="radio" name="take-type" value={t} checked={takeType === t} onChange={() => change({ takeType: t })} />
              <FormattedMessage {...TAKE_TYPE_LABELS[t]} />
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="panel">
          <FormattedMessage {...messages.mode} />: <strong><FormattedMessage {...TAKE_TYPE_LABELS[takeType]} /></strong>
        </p>
      )}

      {takeType !== 'dinein' && (
        <section className="panel">
          <div className="field">
            <label htmlFor="take-time">
              <FormattedMessage {...(takeType === 'pickup' ? messages.pickupTime : messages.deliveryTime)} />
            </label>
            <select id="take-time" value={takeTime} onChange={(e) => change({ takeTime: e.target.value })}>
              <option value="">{intl.formatMessage(messages.asap)}</option>
              {slots.map((d) => (
                <option key={d.toISOString()} value={d.toISOString()}>
                  {intl.formatTime(d, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}
                </option>
              ))}
            </select>
          </div>
          <FieldGroup legend={messages.contact} error={formErrors.contact}>
            <TextField label={messages.name} value={draft.CustName} onChange={(v) => change({ CustName: v })} invalid={!!formErrors.contact && !draft.CustName.trim()} autoComplete="name" />
            <TextField
              label={messages.phone}
              value={draft.CustPhone}
              onChange={(v) => change({ CustPhone: v })}
              invalid={!!formErrors.contact && !draft.CustPhone.trim()}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
            />
          </FieldGroup>
          {takeType === 'delivery' && isMember && <DeliveryAddressBook error={formErrors.shipping} />}
          {takeType === 'delivery' && !isMember && (
            <FieldGroup legend={messages.address} error={formErrors.shipping}>
              <TextField label={messages.district} value={draft.CustDistrict} onChange={(v) => change({ CustDistrict: v })} invalid={!!formErrors.shipping && !draft.CustDistrict.trim()} autoComplete="address-level2" />
              <TextField label={messages.mainAddress} value={draft.CustMainAddress} onChange={(v) => change({ CustMainAddress: v })} invalid={!!formErrors.shipping && !draft.CustMainAddress.trim()} autoComplete="street-address" />
              <TextField label={messages.houseNumber} value={draft.CustHouseNumber} onChange={(v) => change({ CustHouseNumber: v })} invalid={!!formErrors.shipping && !draft.CustHouseNumber.trim()} />
              <DeliveryLocation
                located={draft.GPS_Lng !== null && draft.GPS_Lat !== null}
                onLocated={(GPS_Lng, GPS_Lat) => change({ GPS_Lng, GPS_Lat })}
              />
            </FieldGroup>
          )}
          {takeType === 'delivery' && freightRule && (
            <div className="freight">
              <p>
                <FormattedMessage {...messages.freight} values={{ fee: money.amount(freightRule.fee) }} />
                {Number(freightRule.freeAbove) > 0 && (
                  <>
                    {' · '}
                    <FormattedMessage {...messages.freeAbove} values={{ amount: money.amount(freightRule.freeAbove) }} />
                  </>
                )}
              </p>
              {Number(freightRule.minAmount) > 0 && (
                <p>
                  <FormattedMessage {...messages.minimum} values={{ amount: money.amount(freightRule.minAmount) }} />
                </p>
              )}
              {Number(freightRule.rangeKm) > 0 && (
                <p className="muted">
                  <FormattedMessage {...messages.range} values={{ km: Number(freightRule.rangeKm) }} />
                </p>
              )}
              {shortfall && (
                <p className={formErrors.minimum ? 'field-error' : 'note'} role={formErrors.minimum ? 'alert' : undefined}>
                  <FormattedMessage {...validation.minimumShortfall} values={{ amount: money.amount(totals.shortfall) }} />
                </p>
              )}
            </div>
          )}
          {totals.bags > 0 && (
            <p className="note" role="note">
              <FormattedMessage {...specErrors.bagFee} />
            </p>
          )}
        </section>
      )}

      {payMode === 'prepay' && (
        <section className="panel">
          <button type="button" className="row-button" onClick={() => void handleCoupon()}>
            <span>
              <FormattedMessage {...messages.coupon} />
            </span>
            <span className="row-value">
              {coupon ? (
                <FormattedMessage {...messages.couponOff} values={{ name: couponName, amount: money.amount(totals.coupon) }} />
              ) : (
                <FormattedMessage {...messages.chooseCoupon} />
              )}
            </span>
          </button>
          {coupon && totals.couponProblem && (
            <p className={formErrors.coupon ? 'field-error' : 'note'} role={formErrors.coupon ? 'alert' : undefined}>
              {totals.couponProblem === 'voucherMinimum' ? (
                <FormattedMessage {...validation.voucherMinimum} values={{ amount: money.amount(coupon.faceValue) }} />
              ) : totals.couponProblem === 'minimum' ? (
                <FormattedMessage {...messages.couponMinimum} values={{ amount: money.amount(coupon.minAmount) }} />
              ) : (
                <FormattedMessage {...validation.couponUnavailable} />
              )}
            </p>
          )}
        </section>
      )}

      <section className="panel">
        <div className="field">
          <label htmlFor="order-remark">
            <FormattedMessage {...messages.remark} />
          </label>
          <textarea
            id="order-remark"
            rows={2}
            maxLength={100}
            placeholder={intl.formatMessage(messages.remarkHint)}
            value={draft.remark}
            onChange={(e) => change({ remark: e.target.value })}
          />
        </div>
      </section>

      {payMode === 'prepay' && (
        <section className="panel">
          <PaymentMethods
            ShopID={params.ShopID}
            BaseID={params.BaseID}
            value={draft.payType}
            onChange={(payType) => change({ payType })}
            error={formErrors.payment ?? null}
          />
        </section>
      )}

      <section className="panel" aria-labelledby="checkout-summary">
        <h2 id="checkout-summary" className="visually-hidden">
          <FormattedMessage {...messages.summary} />
        </h2>
        <dl className="amounts">
          <Amount label={<FormattedMessage {...messages.goods} />} value={money.amount(totals.sales)} />
          {coupon && Number(totals.coupon) > 0 && <Amount label={<FormattedMessage {...messages.couponAmount} />} value={`−${money.amount(totals.coupon)}`} />}
          {takeType === 'delivery' && <Amount label={<FormattedMessage {...messages.fee} />} value={money.amount(totals.fee)} />}
          {totals.bags > 0 && <Amount label={<FormattedMessage {...messages.bags} values={{ count: totals.bags }} />} value={money.amount(totals.bag)} />}
          <Amount label={<FormattedMessage {...messages.total} />} value={money.amount(totals.total)} strong testId="order-total" />
        </dl>
      </section>

      <section className="panel terms-row">
        <label className="check">
          <input type="checkbox" checked={agreed} onChange={(e) => dispatch(termsAgreementChanged(e.target.checked))} aria-invalid={formErrors.terms ? true : undefined} />
          <FormattedMessage {...messages.agree} />
        </label>
        <Link to={pathOf('terms')}>
          <FormattedMessage {...messages.readTerms} />
        </Link>
        {formErrors.terms && (
          <p role="alert" className="field-error">
            <FormattedMessage {...formErrors.terms} />
          </p>
        )}
      </section>

      <footer className="checkout-footer">
        {pricesRefreshed && (
          <p className="note">
            <FormattedMessage {...messages.pricesRefreshed} />
          </p>
        )}
        {submitError && (
          <p role="alert" className="field-error">
            {submitError}
          </p>
        )}
        <p className="checkout-total">
          <FormattedMessage {...messages.total} /> <strong>{money.amount(totals.total)}</strong>
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || figuresPending} aria-busy={busy || undefined}>
          <FormattedMessage {...(busy ? messages.placing : messages.place)} />
        </button>
      </footer>
    </form>
  );
}

function ConfirmLine({ entry, line }: { entry: CartEntry; line: CartLine }) {
  const formats = useAppSelector(selectCartNumberFormats);
  const money = useMoney();
  const g = entry.goodsDetails;
  const name = String(g.GoodsName ?? '');
  const details = [
    String(g.SkuItems ?? '').replace(/[;，]+/g, ' ').trim(),
    line.PUnit,
    ...line.bomList.map((b) => b.GoodsName),
    ...line.attachmentList.map((a) => a.Value),
    ...line.remarkList,
  ].filter(Boolean);
  return (
    <li className="checkout-line">
      <div>
        <span className="checkout-line-name">{name}</span>
        {details.length > 0 && <span className="checkout-line-details">{details.join(' · ')}</span>}
      </div>
      <span className="checkout-line-count">
        <FormattedMessage {...messages.lineCount} values={{ count: lineItemCount(line) }} />
      </span>
      <span className="checkout-line-amount">{money.amount(minorToString(lineAmountMinor(line, formats), formats.AmoPoint))}</span>
    </li>
  );
}

export const LOCATION_TIMEOUT_MS = 10_000;

/** The delivery's position: asked for once when delivery is chosen, and again on request. */
function DeliveryLocation({ located, onLocated }: { located: boolean; onLocated: (lng: number, lat: number) => void }) {
  const [state, setState] = useState<'idle' | 'locating' | 'refused'>('idle');
  const asked = useRef(false);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setState('refused');
      return;
    }
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setState('idle');
        onLocated(p.coords.longitude, p.coords.latitude);
      },
      () => setState('refused'),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, [onLocated]);
  useEffect(() => {
    if (located || asked.current) return;
    asked.current = true;
    locate();
  }, [located, locate]);
  return (
    <div className="locate">
      <p className={state === 'refused' && !located ? 'note' : 'muted'} role="status">
        <FormattedMessage {...(state === 'locating' ? messages.locating : located ? messages.located : state === 'refused' ? messages.noLocation : messages.locating)} />
      </p>
      <button type="button" className="btn btn-small" onClick={locate} disabled={state === 'locating'}>
        <FormattedMessage {...(located ? messages.relocate : messages.locate)} />
      </button>
    </div>
  );
}

function FieldGroup({ legend, error, children }: { legend: MessageDescriptor; error?: MessageDescriptor; children: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset className="form-group" aria-describedby={error ? errorId : undefined}>
      <legend>
        <FormattedMessage {...legend} />
      </legend>
      {children}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          <FormattedMessage {...error} />
        </p>
      )}
    </fieldset>
  );
}

function TextField({
  label,
  value,
  onChange,
  invalid,
  type = 'text',
  inputMode,
  autoComplete,
}: {
  label: MessageDescriptor;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  type?: string;
  inputMode?: 'tel' | 'text';
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage {...label} />
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        maxLength={type === 'tel' ? 20 : 100}
        aria-invalid={invalid || undefined}
        required
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function Amount({ label, value, strong, testId }: { label: ReactNode; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`amount-row${strong ? ' amount-total' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{strong ? <strong>{value}</strong> : value}</dd>
    </div>
  );
}
