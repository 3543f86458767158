/** The bar under the menu: what is in the cart, its total, and the way to the cart page. */
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { selectBaseInfo } from '../../session';
import { selectCartSummary } from './cartSlice';

const messages = defineMessages({
  items: { id: 'cartBar.items', defaultMessage: '{count, plural, =0 {Your cart is empty} one {# item} other {# items}}' },
  total: { id: 'cartBar.total', defaultMessage: 'Total {amount}' },
  goToCart: { id: 'cartBar.goToCart', defaultMessage: 'Go to cart' },
  label: { id: 'cartBar.label', defaultMessage: 'Cart' },
});

/** The cart page of the outlet's payment mode. */
export function cartPathFor(payMode: string | undefined): string {
  return pathOf(payMode === 'postpay' ? 'postpayCart' : 'prepayCart');
}

export function CartBar() {
  const summary = useAppSelector(selectCartSummary);
  const base = useAppSelector(selectBaseInfo);
  const money = useMoney();
  const intl = useIntl();
  return (
    <section className="cart-bar" aria-label={intl.formatMessage(messages.label)}>
      <p className="cart-bar-text">
        <span>
          <FormattedMessage {...messages.items} values={{ count: summary.quantity }} />
        </span>
        {summary.lines > 0 && (
          <strong>
            <FormattedMessage {...messages.total} values={{ amount: money.amount(summary.amount) }} />
          </strong>
        )}
      </p>
      {summary.lines > 0 && (
        <Link className="btn btn-primary" to={cartPathFor(base?.PayMode)}>
          <FormattedMessage {...messages.goToCart} />
        </Link>
      )}
    </section>
  );
}
