/**
 * prepayCart and postpayCart: the lines of the cart with their choices,
 * quantities that change or go, clear with confirmation, the plastic bag
 * notice for takeaway, the summary, and the way to the confirm page.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { confirmations, errors } from '../../i18n/specMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { lineQuantityText } from '../../ui/lineQuantity';
import { ossUrl, useMoney } from '../../ui/money';
import { lineAmountMinor, type CartEntry, type CartLine } from '../../../shared/domain/cart';
import { minorToString } from '../../../shared/domain/numbers';
import { TableSheetSoFar } from '../orders';
import { useOrderingGuard, selectEntParams, selectEntity, selectShopParams, selectSignSheet } from '../../session';
import {
  cartCleared,
  cartLineDecreased,
  cartLineIncreased,
  cartLineRemoved,
  selectBusinessMode,
  selectCartEntries,
  selectCartNumberFormats,
  selectCartSummary,
} from './cartSlice';

const messages = defineMessages({
  empty: { id: 'cart.empty', defaultMessage: 'Your cart is empty.' },
  browse: { id: 'cart.browse', defaultMessage: 'Browse the menu' },
  clear: { id: 'cart.clear', defaultMessage: 'Clear cart' },
  remove: { id: 'cart.remove', defaultMessage: 'Remove {name}' },
  removeShort: { id: 'cart.removeShort', defaultMessage: 'Remove' },
  decrease: { id: 'cart.decrease', defaultMessage: 'One less {name}' },
  increase: { id: 'cart.increase', defaultMessage: 'One more {name}' },
  quantity: { id: 'cart.quantity', defaultMessage: 'Quantity of {name}' },
  summary: { id: 'cart.summary', defaultMessage: '{quantity, plural, one {# item} other {# items}}' },
  total: { id: 'cart.total', defaultMessage: 'Total' },
  checkout: { id: 'cart.checkout', defaultMessage: 'Confirm order' },
  lines: { id: 'cart.lines', defaultMessage: 'Items in the cart' },
});

export default function CartPage({ payMode }: { payMode: 'prepay' | 'postpay' }) {
  useOrderingGuard();
  const entries = useAppSelector(selectCartEntries);
  const summary = useAppSelector(selectCartSummary);
  const mode = useAppSelector(selectBusinessMode);
  const dispatch = useAppDispatch();
  const confirm = useConfirm();
  const money = useMoney();
  const intl = useIntl();
  const needsBags = mode === '1' && entries.some((e) => Number(e.goodsDetails.BagCount ?? 0) > 0);
  const entParams = useAppSelector(selectEntParams);
  const signSheet = useAppSelector(selectSignSheet);
  const params = useAppSelector(selectShopParams);
  // CYSheetGoodsQuaEdit '1': a table's pay-after cart shows the sheet so far above the new round (read-only: the service does not edit sent rounds yet).
  const tableSheetId = payMode === 'postpay' && entParams.CYSheetGoodsQuaEdit === '1' ? signSheet?.SheetID || params.PosSignSheetID : '';
  const soFar = tableSheetId ? <TableSheetSoFar SheetID={tableSheetId} withRoundTitle={entries.length > 0} /> : null;

  if (entries.length === 0) {
    return (
      <section className="cart-empty">
        {soFar}
        <p>
          <FormattedMessage {...messages.empty} />
        </p>
        <Link className="btn btn-primary" to={pathOf('goodsList')}>
          <FormattedMessage {...messages.browse} />
        </Link>
      </section>
    );
  }
  const handleClear = async () => {
    if (await confirm({ message: confirmations.clearCart })) dispatch(cartCleared());
  };
  return (
    <section className="cart">
      <div className="cart-tools">
        <button type="button" className="btn" onClick={handleClear}>
          <FormattedMessage {...messages.clear} />
        </button>
      </div>
      {soFar}
      <ul className="cart-lines" aria-label={intl.formatMessage(messages.lines)}>
        {entries.flatMap((entry) => entry.list.map((line) => <CartLineItem key={line.uid} entry={entry} line={line} />))}
      </ul>
      {needsBags && (
        <p className="note" role="note">
          <FormattedMessage {...errors.bagFee} />
        </p>
      )}
      <footer className="cart-footer">
        <p>
          <FormattedMessage {...messages.summary} values={{ lines: summary.lines, quantity: summary.quantity }} />
        </p>
        <p className="cart-total">
          <FormattedMessage {...messages.total} /> <strong data-testid="cart-total">{money.amount(summary.amount)}</strong>
        </p>
        <Link className="btn btn-primary btn-block" to={pathOf(payMode === 'postpay' ? 'postpayOrderConfirm' : 'prepayOrderConfirm')}>
          <FormattedMessage {...messages.checkout} />
        </Link>
      </footer>
    </section>
  );
}

function CartLineItem({ entry, line }: { entry: CartEntry; line: CartLine }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const entity = useAppSelector(selectEntity);
  const formats = useAppSelector(selectCartNumberFormats);
  const money = useMoney();
  const g = entry.goodsDetails;
  const name = String(g.GoodsName ?? '');
  const count = line.PUnit ? line.pQua : line.mQua;
  const details = [
    String(g.SkuItems ?? '').replace(/[;，]+/g, ' ').trim(),
    line.PUnit ? lineQuantityText(intl, { count: line.pQua, pack: line.PUnit, ref: Number(line.Ref) }) : '',
    ...line.bomList.map((b) => b.GoodsName),
    ...line.attachmentList.map((a) => a.Value),
    ...line.remarkList,
  ].filter(Boolean);
  return (
    <li className="cart-line">
      {g.Pic ? <img src={ossUrl(entity?.OssCustomerDomain ?? '/oss/', String(g.Pic), 120, 120)} alt={name} width={56} height={56} loading="lazy" /> : null}
      <div className="cart-line-text">
        <h2>{name}</h2>
        {details.length > 0 && <p className="cart-line-details">{details.join(' · ')}</p>}
        <p className="cart-line-amount">{money.amount(minorToString(lineAmountMinor(line, formats), formats.AmoPoint))}</p>
      </div>
      <div className="cart-line-actions">
        <span className="stepper" role="group" aria-label={intl.formatMessage(messages.quantity, { name })}>
          <button type="button" aria-label={intl.formatMessage(messages.decrease, { name })} onClick={() => dispatch(cartLineDecreased({ uid: line.uid }))}>
            −
          </button>
          <output>{count}</output>
          <button type="button" aria-label={intl.formatMessage(messages.increase, { name })} onClick={() => dispatch(cartLineIncreased({ uid: line.uid }))}>
            +
          </button>
        </span>
        <button
          type="button"
          className="link-button"
          aria-label={intl.formatMessage(messages.remove, { name })}
          onClick={() => dispatch(cartLineRemoved({ uid: line.uid }))}
        >
          <FormattedMessage {...messages.removeShort} />
        </button>
      </div>
    </li>
  );
}
