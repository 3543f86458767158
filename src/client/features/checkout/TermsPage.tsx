/**
 * prepayOrderConfirm/components/terms: the privacy policy and the terms of
 * use, and 'I have read and agree', which ticks the agreement on the confirm
 * page and goes back to it.
 */
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { termsAgreementChanged } from './checkoutSlice';
import { useBack } from '../../ui/useBack';

const messages = defineMessages({
  privacyTitle: { id: 'terms.privacyTitle', defaultMessage: 'Privacy policy' },
  privacyCollect: {
    id: 'terms.privacyCollect',
    defaultMessage:
      'To take and deliver your order we collect what you give us at checkout: your name, mobile phone number and delivery address, your order and your remarks. If you sign in as a member we also keep your member profile, points, balance and coupons.',
  },
  privacyUse: {
    id: 'terms.privacyUse',
    defaultMessage:
      'We use these details only to prepare, deliver and bill your order, to contact you about it, and to run your membership. The restaurant that prepares your order sees the details it needs for that. We do not sell your data or use it for advertising.',
  },
  privacyPayment: {
    id: 'terms.privacyPayment',
    defaultMessage:
      'Online payments are handled by the payment provider you choose on its own page; we never see or store your card or account details, only whether the payment succeeded.',
  },
  privacyKeep: {
    id: 'terms.privacyKeep',
    defaultMessage:
      'Order records are kept as long as the law requires for accounting. You may ask the restaurant to show, correct or delete your member data at any time.',
  },
  termsTitle: { id: 'terms.termsTitle', defaultMessage: 'Terms of use' },
  termsOrder: {
    id: 'terms.termsOrder',
    defaultMessage:
      'An order is placed when you confirm it and the restaurant accepts it. Prices, fees and discounts are those shown by the restaurant when you place the order; the total you confirm is the total you pay.',
  },
  termsPay: {
    id: 'terms.termsPay',
    defaultMessage:
      'Orders paid in advance are prepared once the payment is confirmed. A table’s order is paid at the end of the meal, online where the restaurant allows it or at the counter.',
  },
  termsCancel: {
    id: 'terms.termsCancel',
    defaultMessage:
      'You can cancel an order until the kitchen starts on it; a payment already made is then refunded to where it came from. Delivery times are estimates; plastic bags for takeaway are charged as shown.',
  },
  agree: { id: 'terms.agree', defaultMessage: 'I have read and agree' },
});

export default function TermsPage() {
  const dispatch = useAppDispatch();
  const back = useBack(pathOf('prepayOrderConfirm'));
  const handleAgree = () => {
    dispatch(termsAgreementChanged(true));
    back();
  };
  return (
    <article className="terms">
      <h2>
        <FormattedMessage {...messages.privacyTitle} />
      </h2>
      {[messages.privacyCollect, messages.privacyUse, messages.privacyPayment, messages.privacyKeep].map((m) => (
        <p key={m.id}>
          <FormattedMessage {...m} />
        </p>
      ))}
      <h2>
        <FormattedMessage {...messages.termsTitle} />
      </h2>
      {[messages.termsOrder, messages.termsPay, messages.termsCancel].map((m) => (
        <p key={m.id}>
          <FormattedMessage {...m} />
        </p>
      ))}
      <div className="sticky-action">
        <button type="button" className="btn btn-primary btn-block" onClick={handleAgree}>
          <FormattedMessage {...messages.agree} />
        </button>
      </div>
    </article>
  );
}
