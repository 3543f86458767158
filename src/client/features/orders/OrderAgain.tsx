/**
 * "Order again" on a past order (issue 29 section 1), on the order list and on
 * the order's page: its lines go to the app's cart at today's prices through
 * the menu's own add (cartAdd), so a table's cart gets them as it gets
 * the menu's; a re-priced line is noted with both prices, and a line that
 * cannot be ordered now (sold out, no longer sold here, not offered in the way
 * the customer orders) is listed with its reason. The rule is reorder.ts.
 * Two taps from the order list to the cart: "Order again", then "View cart".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useMoney } from '../../ui/money';
import { selectBaseInfo, selectShopParams } from '../../session';
import { selectBusinessMode } from '../cart';
import type { Missing, Outcome } from './reorder';
import css from './orderAgain.css';

export const orderAgainMessages = defineMessages({
  button: { id: 'orderAgain.button', defaultMessage: 'Order again' },
  buttonFor: { id: 'orderAgain.buttonFor', defaultMessage: 'Order again: {order}' },
  working: { id: 'orderAgain.working', defaultMessage: 'Putting the order in your cart…' },
  title: { id: 'orderAgain.title', defaultMessage: 'Order again' },
  added: {
    id: 'orderAgain.added',
    defaultMessage: '{count, plural, =0 {Nothing could be added to your cart.} one {# item was added to your cart at today\'s prices.} other {# items were added to your cart at today\'s prices.}}',
  },
  repricedTitle: { id: 'orderAgain.repricedTitle', defaultMessage: 'Prices changed since this order' },
  repriced: { id: 'orderAgain.repriced', defaultMessage: '{name}: now {now}, was {was}' },
  missingTitle: { id: 'orderAgain.missingTitle', defaultMessage: 'Not added' },
  soldOut: { id: 'orderAgain.soldOut', defaultMessage: '{name}: sold out' },
  gone: { id: 'orderAgain.gone', defaultMessage: '{name}: no longer on the menu here' },
  notOffered: { id: 'orderAgain.notOffered', defaultMessage: '{name}: not offered for the way you are ordering now' },
  refused: { id: 'orderAgain.refused', defaultMessage: "{name}: the table's cart did not take it, please add it from the menu" },
  noShop: { id: 'orderAgain.noShop', defaultMessage: 'Open the menu of an outlet first, then order again.' },
  failed: { id: 'orderAgain.failed', defaultMessage: 'This order could not be put in your cart. Please try again.' },
  viewCart: { id: 'orderAgain.viewCart', defaultMessage: 'View cart' },
  close: { id: 'orderAgain.close', defaultMessage: 'Close' },
});

const REASONS: Record<Missing, MessageDescriptor> = {
  soldOut: orderAgainMessages.soldOut,
  gone: orderAgainMessages.gone,
  notOffered: orderAgainMessages.notOffered,
  refused: orderAgainMessages.refused,
};

let styled = false;
function useStyle() {
  if (styled || typeof document === 'undefined' || typeof css !== 'string') return;
  styled = true;
  const style = document.createElement('style');
  style.dataset.css = 'order-again';
  style.textContent = css;
  document.head.appendChild(style);
}

type Added = Extract<Outcome, { kind: 'added' }>;
export type Result = { kind: 'done'; outcomes: Outcome[] } | { kind: 'noShop' } | { kind: 'failed' };

/**
 * The work is loaded when the button is tapped (orderAgainRun.ts), with the order's page's chunk (no new
 * entry in the runtime's chunk map, which counts in the entry's budget): the order list's page stays as light as it was.
 */
function useOrderAgain() {
  const dispatch = useAppDispatch();
  const shop = useAppSelector(selectShopParams);
  const mode = useAppSelector(selectBusinessMode);
  const { formats } = useMoney();
  return async (SheetID: string): Promise<Result> => {
    if (!shop.ShopID) return { kind: 'noShop' };
    try {
      const { runOrderAgain } = await import(/* webpackChunkName: "page-order-details" */ './orderAgainRun');
      return await runOrderAgain(dispatch, SheetID, { ShopID: shop.ShopID, BaseID: shop.BaseID }, mode, formats);
    } catch {
      return { kind: 'failed' };
    }
  };
}

/** The button, and the sheet that says what went to the cart and what did not. `order` names the order in the button's accessible name on a list. */
export function OrderAgain({ SheetID, order }: { SheetID: string; order?: string }) {
  useStyle();
  const intl = useIntl();
  const orderAgain = useOrderAgain();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const handleClick = async () => {
    if (busy) return;
    setBusy(true);
    const r = await orderAgain(SheetID);
    setBusy(false);
    setResult(r);
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-block order-again"
        aria-label={order ? intl.formatMessage(orderAgainMessages.buttonFor, { order }) : undefined}
        disabled={busy}
        onClick={() => void handleClick()}
      >
        <FormattedMessage {...(busy ? orderAgainMessages.working : orderAgainMessages.button)} />
      </button>
      {result && <OrderAgainSheet result={result} onClose={() => setResult(null)} />}
    </>
  );
}

function OrderAgainSheet({ result, onClose }: { result: Result; onClose: () => void }) {
  const intl = useIntl();
  const money = useMoney();
  const base = useAppSelector(selectBaseInfo);
  const titleId = useId();
  const first = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const outcomes = result.kind === 'done' ? result.outcomes : [];
  const added = outcomes.filter((o): o is Added => o.kind === 'added');
  const repriced = added.filter((o) => o.repriced);
  const missing = outcomes.filter((o): o is Extract<Outcome, { kind: 'missing' }> => o.kind === 'missing');
  const cartPath = pathOf(base?.PayMode === 'postpay' ? 'postpayCart' : 'prepayCart');

  return (
    <div className="sheet-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="sheet-header">
          <h2 id={titleId}>
            <FormattedMessage {...orderAgainMessages.title} />
          </h2>
        </div>
        {result.kind === 'noShop' && (
          <p role="alert">
            <FormattedMessage {...orderAgainMessages.noShop} />
          </p>
        )}
        {result.kind === 'failed' && (
          <p role="alert">
            <FormattedMessage {...orderAgainMessages.failed} />
          </p>
        )}
        {result.kind === 'done' && (
          <>
            <p role="status">
              <FormattedMessage {...orderAgainMessages.added} values={{ count: added.length }} />
            </p>
            {repriced.length > 0 && (
              <section aria-labelledby={`${titleId}-repriced`}>
                <h3 id={`${titleId}-repriced`}>
                  <FormattedMessage {...orderAgainMessages.repricedTitle} />
                </h3>
                <ul className="order-again-list">
                  {repriced.map((o, i) => (
                    <li key={i}>{intl.formatMessage(orderAgainMessages.repriced, { name: o.name, now: money.price(o.now), was: money.price(o.was) })}</li>
                  ))}
                </ul>
              </section>
            )}
            {missing.length > 0 && (
              <section aria-labelledby={`${titleId}-missing`}>
                <h3 id={`${titleId}-missing`}>
                  <FormattedMessage {...orderAgainMessages.missingTitle} />
                </h3>
                <ul className="order-again-list">
                  {missing.map((o, i) => (
                    <li key={i}>{intl.formatMessage(REASONS[o.reason], { name: o.name })}</li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
        <div className="order-again-actions">
          {added.length > 0 && (
            <Link ref={first} className="btn btn-primary" to={cartPath}>
              <FormattedMessage {...orderAgainMessages.viewCart} />
            </Link>
          )}
          <button ref={added.length > 0 ? undefined : first} type="button" className="btn" onClick={onClose}>
            <FormattedMessage {...orderAgainMessages.close} />
          </button>
        </div>
      </div>
    </div>
  );
}
