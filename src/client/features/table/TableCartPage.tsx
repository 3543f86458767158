/**
 * The cart page at a pay-after table (issue 28 section 1): the table's live
 * cart, the same on every phone that scanned the table's code, within a
 * second of any change: each line with who added it, its own lines changed
 * freely, another's only after asking them; sold-out lines marked; any diner
 * sends the round (one round however many send at once). Below: call staff
 * and ask for the bill.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../ui/links';
import type { GatewayError } from '../../app/baseQuery';
import { useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { defineMessages } from '../../i18n/defineMessages';
import { useConfirm } from '../../ui/ConfirmDialog';
import { lineQuantityText } from '../../ui/lineQuantity';
import { useMoney } from '../../ui/money';
import { selectEntParams, selectShopParams, selectSignSheet, useOrderingGuard } from '../../session';
import { lineItemCount, sumQuantities } from '../../../shared/domain/cart';
import { authorName } from '../live';
import { TableSheetSoFar } from '../orders';
import { CallStaff } from './CallStaff';
import { useSetTableCartLineMutation, type TableCart, type TableCartLine } from './tableApi';
import { useTableLive } from './useTableLive';

const messages = defineMessages({
  title: { id: 'tableCart.title', defaultMessage: "The table's order" },
  lines: { id: 'tableCart.lines', defaultMessage: "The table's cart" },
  empty: { id: 'tableCart.empty', defaultMessage: 'Nothing in the table’s cart yet: everyone at the table adds here.' },
  browse: { id: 'tableCart.browse', defaultMessage: 'Browse the menu' },
  addedBy: { id: 'tableCart.addedBy', defaultMessage: 'Added by {who}' },
  you: { id: 'tableCart.you', defaultMessage: 'you' },
  soldOut: { id: 'tableCart.soldOut', defaultMessage: 'Sold out: remove it to send' },
  decrease: { id: 'tableCart.decrease', defaultMessage: 'One less {name}' },
  increase: { id: 'tableCart.increase', defaultMessage: 'One more {name}' },
  remove: { id: 'tableCart.remove', defaultMessage: 'Remove {name}' },
  removeShort: { id: 'tableCart.removeShort', defaultMessage: 'Remove' },
  quantity: { id: 'tableCart.quantity', defaultMessage: 'Quantity of {name}' },
  theirs: { id: 'tableCart.theirs', defaultMessage: '{who} added {name}. Did they agree to the change?' },
  summary: { id: 'tableCart.summary', defaultMessage: '{quantity, plural, one {# item} other {# items}}' },
  total: { id: 'tableCart.total', defaultMessage: 'Total' },
  send: { id: 'tableCart.send', defaultMessage: 'Confirm order' },
  loading: { id: 'tableCart.loading', defaultMessage: 'Loading the table’s cart…' },
});

export default function TableCartPage({ tableId }: { tableId: string }) {
  useOrderingGuard();
  const intl = useIntl();
  const { cart, calls } = useTableLive(tableId);
  const data = cart.data;
  const [error, setError] = useState('');
  const signSheet = useAppSelector(selectSignSheet);
  const params = useAppSelector(selectShopParams);
  const entParams = useAppSelector(selectEntParams);
  // As the personal pay-after cart (CartPage): the sheet so far above the round only with CYSheetGoodsQuaEdit '1'.
  const sheetId = entParams.CYSheetGoodsQuaEdit === '1' ? data?.sheetId || signSheet?.SheetID || params.PosSignSheetID : '';
  const hasLines = (data?.lines.length ?? 0) > 0;
  return (
    <section className="cart table-cart" aria-label={intl.formatMessage(messages.title)}>
      {sheetId ? <TableSheetSoFar SheetID={sheetId} withRoundTitle={hasLines} /> : null}
      {!data ? (
        <p role="status">{cart.isError ? (cart.error as GatewayError | undefined)?.message : <FormattedMessage {...messages.loading} />}</p>
      ) : data.lines.length === 0 ? (
        <div className="cart-empty">
          <p>
            <FormattedMessage {...messages.empty} />
          </p>
          <Link className="btn btn-primary" to={pathOf('goodsList')}>
            <FormattedMessage {...messages.browse} />
          </Link>
        </div>
      ) : (
        <ul className="cart-lines" aria-label={intl.formatMessage(messages.lines)}>
          {data.lines.map((line) => (
            <TableCartLineItem key={line.lineId} tableId={tableId} line={line} onError={setError} />
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <CallStaff tableId={tableId} calls={calls.data ?? []} />
      {/* Last, at the page's foot (public/index.html .cart-footer): what comes above it does not move it. */}
      {data && hasLines && <SendRound cart={data} />}
    </section>
  );
}

function TableCartLineItem({ tableId, line, onError }: { tableId: string; line: TableCartLine; onError: (m: string) => void }) {
  const intl = useIntl();
  const money = useMoney();
  const confirm = useConfirm();
  const [setLine, { isLoading }] = useSetTableCartLineMutation();
  const name = line.name;
  const who = line.mine ? intl.formatMessage(messages.you) : authorName(intl, line);
  const count = line.pUnit ? line.pQua : line.mQua;
  const change = async (fields: { Delta?: number; remove?: boolean }) => {
    onError('');
    let Confirm: 0 | 1 = 0;
    if (!line.mine) {
      if (!(await confirm({ message: messages.theirs, values: { who, name } }))) return;
      Confirm = 1;
    }
    const row = fields.remove ? { TableID: tableId, LineID: line.lineId, PQua: 0, MQua: 0, Version: line.version, Confirm } : { TableID: tableId, LineID: line.lineId, Delta: fields.Delta, Confirm };
    const result = await setLine(row);
    if ('error' in result) {
      const e = result.error as GatewayError | undefined;
      if (e && 'message' in e) onError(e.message);
    }
  };
  return (
    <li className={`cart-line${line.soldOut ? ' sold-out' : ''}`}>
      <div className="cart-line-text">
        <h2>{name}</h2>
        <p className="cart-line-details">
          {[line.skuItems.replace(/[;，]+/g, ' ').trim(), line.pUnit ? lineQuantityText(intl, { count: line.pQua, pack: line.pUnit, ref: Number(line.ref) }) : '', ...line.choices].filter(Boolean).join(' · ')}
        </p>
        <p className="cart-line-author">
          <FormattedMessage {...messages.addedBy} values={{ who }} />
        </p>
        {line.soldOut ? (
          <p className="cart-line-sold-out" role="note">
            <FormattedMessage {...messages.soldOut} />
          </p>
        ) : (
          <p className="cart-line-amount">{money.amount(line.amount)}</p>
        )}
      </div>
      <div className="cart-line-actions">
        <span className="stepper" role="group" aria-label={intl.formatMessage(messages.quantity, { name })}>
          <button type="button" disabled={isLoading} aria-label={intl.formatMessage(messages.decrease, { name })} onClick={() => void change({ Delta: -1 })}>
            −
          </button>
          <output>{count}</output>
          <button type="button" disabled={isLoading || line.soldOut} aria-label={intl.formatMessage(messages.increase, { name })} onClick={() => void change({ Delta: 1 })}>
            +
          </button>
        </span>
        <button type="button" className="link-button" disabled={isLoading} aria-label={intl.formatMessage(messages.remove, { name })} onClick={() => void change({ remove: true })}>
          <FormattedMessage {...messages.removeShort} />
        </button>
      </div>
    </li>
  );
}

function SendRound({ cart }: { cart: TableCart }) {
  const money = useMoney();
  const blocked = cart.lines.some((l) => l.soldOut);
  // Items, not lines, counted as the personal cart counts them (shared/domain/cart.ts).
  const quantity = sumQuantities(cart.lines.map((l) => lineItemCount({ PUnit: l.pUnit, pQua: l.pQua, mQua: l.mQua })));
  // The round is sent from the confirm page (its remark, then Place order), with the table cart's version: one round however many phones send.
  return (
    <footer className="cart-footer">
      <p>
        <FormattedMessage {...messages.summary} values={{ quantity }} />
      </p>
      <p className="cart-total">
        <FormattedMessage {...messages.total} /> <strong data-testid="cart-total">{money.amount(cart.total)}</strong>
      </p>
      {blocked ? (
        <p role="note">
          <FormattedMessage {...messages.soldOut} />
        </p>
      ) : (
        <Link className="btn btn-primary btn-block" to={pathOf('postpayOrderConfirm')}>
          <FormattedMessage {...messages.send} />
        </Link>
      )}
    </footer>
  );
}
