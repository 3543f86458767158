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
 * The page holds the form and its state; its sections are in components/,
 * its rules in confirmForm.ts, and placing the order then paying for it is
 * the flow in flows/placeAndPay.ts.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { BusinessMode } from '../../../shared/domain/businessMode';
import { resolveOpeningHours } from '../../../shared/domain/openingHours';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGo } from '../../app/navigation';
import { pathOf } from '../../app/paths';
import { placeAndPay } from '../../flows/placeAndPay';
import { defineMessages } from '../../i18n/defineMessages';
import { confirmations, errors as specErrors } from '../../i18n/specMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useMoney } from '../../ui/money';
import { RemarkField } from '../../ui/RemarkField';
import { OfflineNote } from '../../ui/OfflineNote';
import { useOnline } from '../../app/online';
import {
  useIsMember,
  useRequireMember,
  selectGuardInputs,
  useOrderingGuard,
  useServiceNow,
  selectBaseInfo,
  selectShopParams,
  selectSignSheet,
  selectTableInfo,
} from '../../session';
import { selectBusinessMode, selectCartEntries, selectCartNumberFormats, selectTableCart } from '../cart';
import { PaymentMethods } from '../payments';
import { checkoutApi } from './checkoutApi';
import { checkoutDraftChanged, selectCheckoutDraft, selectChosenCoupon, selectTermsAgreed, termsAgreementChanged, type CheckoutDraft } from './checkoutSlice';
import { AmountsSummary, amountMessages } from './components/AmountsSummary';
import { ConfirmLines } from './components/ConfirmLines';
import { ContactFields, GuestAddressFields } from './components/ContactFields';
import { CouponRow } from './components/CouponRow';
import { FreightNote } from './components/FreightNote';
import { TakeTimeField } from './components/TakeTimeField';
import { TakeTypeChoice } from './components/TakeTypeChoice';
import { TermsAgreement } from './components/TermsAgreement';
import { offeredTakeTypes, validateConfirm, type FormErrors } from './confirmForm';
import { DeliveryAddressBook } from './DeliveryAddressBook';
import { useDeliveryRange } from './deliveryRange';
import { buildOrderRequest, type PayMode } from './orderRequest';
import { timeSlots } from './timeSlots';
import { orderTotals, type TakeType } from './totals';
import { usePrefillContact } from './usePrefillContact';

const messages = defineMessages({
  empty: { id: 'checkout.empty', defaultMessage: 'There is nothing to order: your cart is empty.' },
  browse: { id: 'checkout.browse', defaultMessage: 'Browse the menu' },
  table: { id: 'checkout.table', defaultMessage: 'Table {table}' },
  round: { id: 'checkout.round', defaultMessage: 'These dishes are added to your table’s order. You pay when you leave.' },
  remark: { id: 'checkout.remark', defaultMessage: 'Remark' },
  remarkHint: { id: 'checkout.remarkHint', defaultMessage: 'For example: less spicy, no cutlery' },
  place: { id: 'checkout.place', defaultMessage: 'Place order' },
  placing: { id: 'checkout.placing', defaultMessage: 'Placing your order…' },
  placed: { id: 'checkout.placed', defaultMessage: 'Your order has been placed. One moment…' },
  pricesRefreshed: { id: 'checkout.pricesRefreshed', defaultMessage: 'The prices have been updated. Please check the order and place it again.' },
  signInFailed: { id: 'checkout.signInFailed', defaultMessage: 'We could not start your session. Please try again.' },
});

export default function OrderConfirmPage({ payMode }: { payMode: PayMode }) {
  useOrderingGuard();
  const dispatch = useAppDispatch();
  const go = useGo();
  const intl = useIntl();
  const money = useMoney();
  const online = useOnline();
  const confirm = useConfirm();
  const requireMember = useRequireMember();
  const params = useAppSelector(selectShopParams);
  const base = useAppSelector(selectBaseInfo);
  const table = useAppSelector(selectTableInfo);
  // Issue 28: at a pay-after table the entries are the table's live cart, sent with the version shown.
  const tableCart = useAppSelector(selectTableCart);
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
    () => orderTotals({ entries, formats, takeType, freight: freightRule, coupon, serviceBp: base?.ServiceChargeBp ?? 0 }),
    [entries, formats, takeType, freightRule, coupon, base?.ServiceChargeBp],
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
    ? validateConfirm({ payMode, takeType, draft, shortfall, couponProblem: totals.couponProblem, agreed, beyond })
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
      const found = validateConfirm({ payMode, takeType, draft, shortfall, couponProblem: totals.couponProblem, agreed, beyond });
      if (Object.keys(found).length > 0) return;
      if (!(await confirm({ message: confirmations.placeOrder }))) return;
      setBusy(true);
      const request = buildOrderRequest({
        payMode,
        entries,
        formats,
        ids: { ShopID: params.ShopID, BaseID: params.BaseID, TableID: params.TableID },
        sheetId: payMode === 'postpay' ? signSheet?.SheetID || params.PosSignSheetID : '',
        cyType: base?.CYType ?? '',
        takeType,
        draft: { ...draft, takeTime },
        coupon,
        totals,
        tableCartVersion: payMode === 'postpay' ? tableCart?.version : null,
      });
      const outcome = await dispatch(
        placeAndPay(
          {
            payMode,
            request,
            entries,
            clock: { offsetMs: offset, zone },
            payType: draft.payType,
            total: totals.total,
            TableID: params.TableID,
            sheetCreatedDate: signSheet?.CreatedDate,
          },
          {
            refused: (error) => {
              // Network failures and timeouts are toasted; a business refusal says why here.
              if (!error || error.kind === 'session') setSubmitError(<FormattedMessage {...messages.signInFailed} />);
              else if (error.kind === 'business') setSubmitError(error.message);
            },
            placed: () => setPlaced(true),
          },
        ),
      );
      if (outcome.kind === 'refused') {
        if (outcome.pricesRefreshed) {
          if (takeType === 'delivery') freight.refetch();
          setPricesRefreshed(true);
        }
        return;
      }
      if (outcome.next) go(outcome.next, { replace: true });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

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

      <ConfirmLines entries={entries} />

      <TakeTypeChoice offered={takeTypes} value={takeType} onChange={(t) => change({ takeType: t })} />

      {takeType !== 'dinein' && (
        <section className="panel">
          <TakeTimeField pickup={takeType === 'pickup'} slots={slots} zone={zone} value={takeTime} onChange={(v) => change({ takeTime: v })} />
          <ContactFields draft={draft} error={formErrors.contact} onChange={change} />
          {takeType === 'delivery' && isMember && <DeliveryAddressBook error={formErrors.shipping} />}
          {takeType === 'delivery' && !isMember && <GuestAddressFields draft={draft} error={formErrors.shipping} onChange={change} />}
          {takeType === 'delivery' && freightRule && (
            <FreightNote rule={freightRule} shortfall={shortfall ? totals.shortfall : null} shortfallError={!!formErrors.minimum} />
          )}
          {totals.bags > 0 && (
            <p className="note" role="note">
              <FormattedMessage {...specErrors.bagFee} />
            </p>
          )}
        </section>
      )}

      {payMode === 'prepay' && (
        <CouponRow
          coupon={coupon}
          discount={totals.coupon}
          problem={totals.couponProblem}
          problemError={!!formErrors.coupon}
          onChoose={() => void handleCoupon()}
        />
      )}

      <section className="panel">
        <RemarkField
          id="order-remark"
          multiline
          label={<FormattedMessage {...messages.remark} />}
          placeholder={intl.formatMessage(messages.remarkHint)}
          value={draft.remark}
          onChange={(remark) => change({ remark })}
        />
      </section>

      {payMode === 'prepay' && (
        <section className="panel">
          <PaymentMethods
            ShopID={params.ShopID}
            BaseID={params.BaseID}
            value={draft.payType}
            onChange={(payType) => change({ payType })}
            error={formErrors.payment ?? null}
            dineInAtTable={takeType === 'dinein' && Boolean(table)}
          />
        </section>
      )}

      <AmountsSummary totals={totals} hasCoupon={!!coupon} takeType={takeType} serviceBp={base?.ServiceChargeBp ?? 0} />

      <TermsAgreement agreed={agreed} error={formErrors.terms} onChange={(value) => dispatch(termsAgreementChanged(value))} />

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
          <FormattedMessage {...amountMessages.total} /> <strong>{money.amount(totals.payable)}</strong>
        </p>
        <OfflineNote />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || figuresPending || !online} aria-busy={busy || undefined}>
          <FormattedMessage {...(busy ? messages.placing : messages.place)} />
        </button>
      </footer>
    </form>
  );
}
